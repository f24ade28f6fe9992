"""Every seat scoring its own hand (scoring.seat_scores, Crazy Eights' returns), the options
of a house rule that is off, and the bots every front end makes alike (issue 42, points 1,
16 and 17)."""

from __future__ import annotations

import io

import pytest

from interpreter.building.ruleset import load_ruleset
from interpreter.cli.main import main
from interpreter.engine.decisions import Decision
from interpreter.engine.game import GameState
from interpreter.errors import OptionError
from interpreter.playing.agents import (
    EagerAgent,
    ForgetfulAgent,
    HeuristicAgent,
    RandomAgent,
)
from interpreter.playing.match import play_match
from interpreter.playing.seating import bot
from interpreter.playing.session import Session, make_bots
from interpreter.rl.rewards import hand_rewards


def held(game: GameState) -> list:
    return [sum(card.points for card in hand) for hand in game.hands]


# --- point 1: each seat's return is minus its own hand -------------------------------------

@pytest.mark.parametrize("options", [
    {},
    {"use_special_cards": True},
    {"reshuffle": True, "max_turns": 30},
    {"max_turns": 5},  # ended by max_turns: nobody credited
])
@pytest.mark.parametrize("seed", range(6))
def test_crazy_eights_scores_each_seat_minus_its_own_hand(options, seed):
    rules = load_ruleset("crazy_eights", options)
    game = play_match(GameState(rules, players=4, seed=seed),
                      [RandomAgent(seed * 10 + s) for s in range(4)])
    result = game.hand_results[-1]
    minus = [-points for points in held(game)]
    assert game.scores == minus
    assert list(result.seats) == minus and result.points == minus[result.winner]
    assert hand_rewards(game) == [float(points) for points in minus]
    assert game.match_winner == max(range(4), key=lambda s: (minus[s], s == result.winner))


def test_a_blocked_crazy_eights_game_credits_nobody():
    rules = load_ruleset("crazy_eights")
    hands = [["hearts 3", "clubs 9"], ["diamonds 4", "spades king"], ["spades 3", "spades 4"]]
    game = GameState.from_table(rules, hands, ["clubs 5", "hearts 10"], [])
    for _ in range(4):
        game.apply(game.decision.options[-1])  # the pass: nothing is left to draw
    assert game.hand_results[-1].blocked and game.hand_results[-1].winner == 2
    assert game.scores == [-12, -14, -7]


@pytest.mark.parametrize("seat_scores, expected", [
    ("-size(hand(player))", [9, -2, -1]),  # the winner: classic's winner_scores, and 0
    ("size(hand(player)) * 0 + 10", [19, 10, 10]),
])
def test_seat_scores_score_every_seat_and_add_to_winner_scores(tmp_path, seat_scores, expected):
    path = tmp_path / "mine.yaml"
    path.write_text(f"extends: classic\nname: mine\nscoring:\n  seat_scores: {seat_scores}\n")
    hands = [["red 1"], ["blue 2", "blue 3"], ["green 4"]]
    game = GameState.from_table(load_ruleset(str(path), {"hands": 1}), hands, ["red 5"],
                                ["yellow 6"] * 3)
    game.apply(next(o for o in game.decision.options if getattr(o, "name", "") == "red 1"))
    assert game.scores == expected
    assert list(game.hand_results[-1].seats) == expected


# --- point 17: an option of a house rule that is off ---------------------------------------

@pytest.mark.parametrize("argv", [
    ["simulate", "classic", "--option", "max_draws=3"],
    ["simulate", "crazy_eights", "--option", "max_draws=3"],
    ["play", "classic", "--option", "max_draws=2"],
])
def test_an_option_of_a_house_rule_that_is_off_exits_2_with_one_line(argv, capsys):
    out = io.StringIO()
    assert main(argv, out=out) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "max_draws" in err[0] and "draw_until_playable" in err[0]


def test_the_option_is_taken_once_the_house_rule_is_on():
    assert load_ruleset("classic", {"draw_until_playable": "true", "max_draws": "3"}).max_draws == 3
    with pytest.raises(OptionError, match="draw_until_playable"):
        load_ruleset("classic", {"draw_until_playable": "false", "max_draws": "3"})


# --- point 16: the bots, made alike by every front end --------------------------------------

@pytest.mark.parametrize("name, kind, forgets", [
    ("heuristic", HeuristicAgent, 0.0),
    ("forgetful", ForgetfulAgent, 0.2),
    ("random", RandomAgent, None),
    ("eager", EagerAgent, None),
])
def test_every_front_end_makes_a_bot_of_a_name_the_same_way(name, kind, forgets):
    made = [bot(name, 1), make_bots(name, 2, 0, 1)[1],
            Session("classic", {}, 2, 0, name, 1).bots[1]]
    assert all(type(agent) is kind for agent in made)
    if forgets is not None:
        assert all(agent.forget_uno == forgets for agent in made)


def test_the_heuristic_bot_always_calls_uno_and_the_forgetful_one_sometimes_not():
    game = GameState(load_ruleset("classic"), players=2, seed=1)
    uno = Decision("uno", 1, (True, False))
    assert all(bot("heuristic", seed).decide(game, uno) for seed in range(200))
    assert not all(bot("forgetful", seed).decide(game, uno) for seed in range(200))
