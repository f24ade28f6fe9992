"""The strong bot (playing/search.py): a legal answer to every kind of decision of every
bundled game, the same answers from the same seed, nothing seen that its seat may not see,
and its budget kept."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.game import GameState
from interpreter.engine.seeing import as_seen
from interpreter.playing.agents import HeuristicAgent, RandomAgent
from interpreter.playing.checked import play_checked
from interpreter.engine.decisions import DRAW
from interpreter.playing.search import StrongAgent, hand_sizes, reward
from interpreter.playing.seating import AGENTS, bot, bot_names

# Every bundled game, and the house rules that ask what the games alone never do (a target,
# a card to pass, a challenge, a jump-in, partners, every seat scoring).
RULESETS = ["classic", "classic_2018", "mario_kart", "uno_flip", "no_mercy", "uno_attack",
            "all_wild", "crazy_eights", "dos", "classic+house/seven_o",
            "classic+house/pass_cards", "classic+house/challenge", "classic+house/jump_in",
            "classic+house/partners", "classic+house/low_score", "classic+house/elimination",
            "classic+house/stacking"]


def small(seed) -> StrongAgent:
    """A strong bot of a small budget, for speed."""
    return StrongAgent(seed, playouts=6)


@pytest.mark.parametrize("ref", RULESETS)
def test_it_answers_every_decision_legally(ref):
    rules = load_ruleset(ref, {"hands": 1})
    players = 4 if "partners" in ref else 3
    kinds = Counter()

    def counted(game, decision, answer):
        kinds[decision.kind] += 1

    for seed in range(2):
        # A random bot beside it forgets UNO and asks the windows and questions others do
        # not; heuristic bots keep the hand short.
        table = [small(seed), RandomAgent(seed)] + [HeuristicAgent(seat)
                                                    for seat in range(2, players)]
        game = GameState(rules, players=players, seed=seed)
        play_checked(game, table, on_step=counted)  # every answer checked against its options
        assert game.over
    assert kinds["play"]


def at_decision(ref: str, seed: int, seat: int = 0, players: int = 2, steps: int = 12,
                kind: str | None = None):
    """A game of `ref` played by random bots until one of `seat`'s decisions of more than
    one option (of `kind`, if given), after about `steps` decisions."""
    rules = load_ruleset(ref, {"hands": 1})
    game = GameState(rules, players=players, seed=seed, record=True)
    agent = RandomAgent(seed)
    taken = 0
    while not game.over:
        decision = game.decision
        if decision.seat == seat and taken >= steps and len(decision.options) > 1 \
                and kind in (None, decision.kind):
            return game
        if decision.seat is None:
            game.apply(decision.options[-1] if seat in decision.open_to else None)
        else:
            game.apply(agent.decide(game, decision))
        taken += 1
    pytest.skip("the hand ended first")


@pytest.mark.parametrize("ref", ["classic", "uno_flip", "no_mercy", "crazy_eights"])
def test_the_same_seed_gives_the_same_answer(ref):
    for seed in range(3):
        game = at_decision(ref, seed)
        first, second = StrongAgent(seed, playouts=30), StrongAgent(seed, playouts=30)
        assert first.decide(game, game.decision) == second.decide(game, game.decision)
        assert first.rng.getstate() == second.rng.getstate()


@pytest.mark.parametrize("ref", ["classic", "mario_kart", "uno_flip", "no_mercy", "dos",
                                 "classic+house/pass_cards"])
def test_it_sees_nothing_its_seat_may_not_see(ref):
    """Two games that look the same to its seat (the second dealt again by as_seen wherever
    the seat has not looked) give the same answer from the same seed, though their hidden
    cards differ."""
    differed = 0
    for seed in range(4):
        game = at_decision(ref, seed)
        other = as_seen(game, 0, random.Random(seed + 100))
        differed += other.hands[1] != game.hands[1] or other.stock != game.stock
        answers = [StrongAgent(seed, playouts=40).decide(seen, seen.decision)
                   for seen in (game, other)]
        assert answers[0] == answers[1]
    assert differed


def test_it_keeps_its_budget():
    game = at_decision("classic", 4)
    for playouts in (1, 7, 50):
        strong = StrongAgent(2, playouts=playouts)
        answer = strong.decide(game, game.decision)
        assert answer in game.decision.options
        assert 1 <= strong.spent <= max(playouts, len(game.decision.options))


def test_a_decision_of_one_option_costs_nothing():
    rules = load_ruleset("classic")
    game = GameState.from_table(rules, hands=[["red 1", "blue 2"], ["green 3"]],
                                discard=["red 5"], stock=["yellow 1"] * 5)
    strong = StrongAgent(3)
    before = strong.rng.getstate()
    uno = game.decision._replace(kind="uno", options=(True,))
    assert strong.decide(game, uno) is True
    assert strong.spent == 0 and strong.rng.getstate() == before


def test_a_time_budget_stops_it_sooner():
    game = at_decision("classic", 4)
    strong = StrongAgent(2, playouts=10_000, seconds=0.0)
    assert strong.decide(game, game.decision) in game.decision.options
    assert strong.spent <= len(game.decision.options)  # one world's playouts, then the time is up


def test_a_won_hand_is_worth_one_to_the_winner_and_its_partner():
    rules = load_ruleset("classic+house/partners", {"hands": 1})
    game = GameState(rules, players=4, seed=3)
    play_checked(game, [HeuristicAgent(seat) for seat in range(4)])
    winner = game.match_winner
    assert reward(game, winner) == 1.0
    assert reward(game, (winner + 2) % 4) == 1.0  # partners sit across
    assert reward(game, (winner + 1) % 4) == 0.0


def test_a_hand_not_played_out_is_judged_by_its_hand_sizes():
    rules = load_ruleset("classic")
    game = GameState.from_table(rules, hands=[["red 1"], ["green 3", "green 4", "blue 1"]],
                                discard=["red 5"], stock=["yellow 1"] * 5)
    assert hand_sizes(game, 0) == pytest.approx((1 / 2) / (1 / 2 + 1 / 4))
    assert reward(game, 0) == hand_sizes(game, 0)
    assert hand_sizes(game, 0) + hand_sizes(game, 1) == pytest.approx(1.0)


def test_with_every_seat_scoring_a_lost_hand_is_worth_the_rivals_it_beat():
    rules = load_ruleset("classic+house/low_score", {"target_score": 10_000})
    game = GameState(rules, players=3, seed=5)
    while game.decision is not None:
        decision = game.decision
        game.apply(HeuristicAgent(0).decide(game, decision) if decision.seat is not None
                   else None)
    seats = game.hand_results[-1].seats
    for seat in range(3):
        rivals = [other for other in range(3) if other != seat]
        beaten = sum(1.0 if seats[seat] < seats[r] else 0.5 if seats[seat] == seats[r] else 0.0
                     for r in rivals)
        assert reward(game, seat) == beaten / 2


def test_it_is_a_bot_by_name_everywhere():
    assert "strong" in AGENTS
    assert bot_names("strong,heuristic", 2) == ["strong", "heuristic"]
    assert isinstance(bot("strong", "7/0"), StrongAgent)
