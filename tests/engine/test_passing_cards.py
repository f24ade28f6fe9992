"""Passing cards at once (issue 44, point 6): pass_cards(who, count, [to]) asks each giver for
its cards (and its receiver, with "chosen"), one pick at a time, unseen by the others; then
every chosen card moves together. Views, narration, clones, logs, saves and the bots."""

from __future__ import annotations

import json
from functools import partial

import helpers
import pytest
from helpers import names, write

from interpreter import GameState, load_ruleset
from interpreter.errors import DslError, HouserulesError
from interpreter.playing.agents import HeuristicAgent, RandomAgent
from interpreter.playing.checked import play_checked
from interpreter.playing.gamelog import LogWriter, replay
from interpreter.playing.match import play_match
from interpreter.playing.session import Session
from interpreter.presenting.explain import explain
from interpreter.presenting.narrate import Narrator
from interpreter.presenting.view import seat_view


def skip_does(tmp_path, effect: str):
    """Classic where a Skip does `effect` (and nothing else)."""
    text = "extends: classic\nname: m\nkinds:\n  skip:\n    on_play: |\n" + "".join(
        f"      {line}\n" for line in effect.splitlines())
    return load_ruleset(write(tmp_path, "m.yaml", text))


table = partial(helpers.table, top="red 3", stock=["green 1"] * 8, record=True)
HANDS = [["red skip", "blue 1", "blue 2", "blue 3"], ["green 4", "green 5", "green 6"],
         ["yellow 7", "yellow 8", "yellow 9"]]


def answer_all(game, rules, answers):
    """Answer each (kind, seat, answer) in turn, checking the decision asked."""
    for kind, seat, answer in answers:
        assert (game.decision.kind, game.decision.seat) == (kind, seat), game.decision
        game.apply(rules.card(answer) if isinstance(answer, str) else answer)


@pytest.mark.parametrize("effect, answers, hands", [
    # To the next seat in the direction of play (seat + 1), asked in turn order.
    ("pass_cards(everyone, 1)",
     [("card", 0, "blue 1"), ("card", 1, "green 4"), ("card", 2, "yellow 7")],
     [["blue 2", "blue 3", "yellow 7"], ["green 5", "green 6", "blue 1"],
      ["yellow 8", "yellow 9", "green 4"]]),
    # The other way: seat 0 gives to seat 2.
    ("pass_cards(everyone, 1, -1)",
     [("card", 0, "blue 1"), ("card", 1, "green 4"), ("card", 2, "yellow 7")],
     [["blue 2", "blue 3", "green 4"], ["green 5", "green 6", "yellow 7"],
      ["yellow 8", "yellow 9", "blue 1"]]),
    # Two each; some seats only: the others give nothing (and seat 1 gets nothing here).
    ("pass_cards(others, 2)",
     [("card", 1, "green 4"), ("card", 1, "green 6"), ("card", 2, "yellow 9"),
      ("card", 2, "yellow 8")],
     [["blue 1", "blue 2", "blue 3", "yellow 9", "yellow 8"], ["green 5"],
      ["yellow 7", "green 4", "green 6"]]),
    # Each giver chooses its receiver first, then its card.
    ('pass_cards(everyone, 1, "chosen")',
     [("target", 0, 2), ("card", 0, "blue 3"), ("target", 1, 2), ("card", 1, "green 5"),
      ("target", 2, 0), ("card", 2, "yellow 8")],
     [["blue 1", "blue 2", "yellow 8"], ["green 4", "green 6"],
      ["yellow 7", "yellow 9", "blue 3", "green 5"]]),
])
def test_everyone_chooses_then_all_cards_move_together(tmp_path, effect, answers, hands):
    rules = skip_does(tmp_path, effect)
    game = table(HANDS, rules)
    game.apply(rules.card("red skip"))
    before = [names(h) for h in game.hands]
    for kind, seat, answer in answers[:-1]:
        answer_all(game, rules, [(kind, seat, answer)])
        assert [names(h) for h in game.hands] == before  # nothing moves until the last pick
    answer_all(game, rules, answers[-1:])
    assert [sorted(names(h)) for h in game.hands] == [sorted(h) for h in hands]
    assert game.decision.kind in ("play", "uno")  # seat 1 left with one card owes the call


def test_a_hand_the_pass_leaves_empty_goes_out_once_every_card_has_moved(tmp_path):
    """Seat 1 gives its last card and nobody gives it one: it wins the hand, but only after
    seat 2's card reached seat 0."""
    rules = skip_does(tmp_path, 'pass_cards(others, 1, "chosen")')
    game = table([["red skip", "blue 1", "blue 2"], ["green 4"], ["yellow 7", "yellow 8"]],
                 rules)
    game.apply(rules.card("red skip"))
    answer_all(game, rules, [("target", 1, 2), ("target", 2, 0), ("card", 2, "yellow 7")])
    assert game.hand_results[-1].winner == 1
    assert sorted(names(game.hands[0])) == ["blue 1", "blue 2", "yellow 7"]


def test_each_choice_is_hidden_from_the_other_seats_until_the_cards_arrive(tmp_path):
    rules = skip_does(tmp_path, "pass_cards(everyone, 1)")
    game = table(HANDS, rules)
    game.apply(rules.card("red skip"))
    answer_all(game, rules, [("card", 0, "blue 2")])
    # Seat 1 chooses now: no other seat has a decision, and every hand is as it was.
    for seat in (0, 2):
        view = seat_view(game, seat)
        assert view.decision is None and view.hand_sizes == (3, 3, 3)
    start = len(game.events)
    answer_all(game, rules, [("card", 1, "green 5"), ("card", 2, "yellow 9")])
    said = {seat: " ".join(Narrator(["A", "B", "C"], viewer=seat).sentences(game.events))
            for seat in range(3)}
    # The choices as they were made: only the chooser is told its card.
    assert "blue 2" in said[0] and "green 5" not in said[0]
    # The pass: each seat is told the cards it gave and got, and counts for the rest.
    tail = {seat: " ".join(Narrator(["A", "B", "C"][:seat] + ["You"] + ["A", "B", "C"][seat + 1:],
                                    viewer=seat).sentences(game.events[start:]))
            for seat in range(3)}
    assert tail[2] == ("You chose yellow 9. Cards are passed at once: A gives 1 card to B; "
                       "B gives green 5 to you; You give yellow 9 to A.")
    assert "blue 2" not in tail[2] and "blue 2" in tail[1] and "yellow 9" not in tail[1]


def test_a_clone_taken_between_picks_goes_on_alone(tmp_path):
    rules = skip_does(tmp_path, 'pass_cards(everyone, 1, "chosen")')
    game = table(HANDS, rules)
    game.apply(rules.card("red skip"))
    answer_all(game, rules, [("target", 0, 1), ("card", 0, "blue 1"), ("target", 1, 2)])
    twin = game.clone()
    rest = [("card", 1, "green 4"), ("target", 2, 0), ("card", 2, "yellow 7")]
    answer_all(game, rules, rest)
    assert names(twin.hands[1]) == ["green 4", "green 5", "green 6"]
    answer_all(twin, rules, rest)
    assert [names(h) for h in twin.hands] == [names(h) for h in game.hands]


@pytest.mark.parametrize("effect, problem", [
    ("pass_cards(everyone, 1, 2)", 'is a direction, 1 or -1, or "chosen", not 2'),
    ('pass_cards(everyone, 1, "left")', "not 'left'"),
    ("pass_cards(everyone)", "takes 2 to 3 argument"),
    ("pass_cards(hand(player), 1)", "pass_cards's first argument is a seat or seats"),
])
def test_pass_cards_is_checked_at_load(tmp_path, effect, problem):
    with pytest.raises(DslError, match=problem):
        skip_does(tmp_path, effect)


def test_a_direction_worked_out_in_play_is_checked(tmp_path):
    rules = skip_does(tmp_path, "pass_cards(everyone, 1, direction * 2)")
    game = table(HANDS, rules)
    with pytest.raises(HouserulesError, match='passes to 1 or -1 .* or "chosen"'):
        game.apply(rules.card("red skip"))


def test_explain_says_who_passes_what_and_where(tmp_path):
    rules = skip_does(tmp_path, 'pass_cards(others, 2, "chosen")')
    assert ("Every other player passes 2 cards at once, each to a player of their choice, "
            "each choosing theirs unseen before any card moves.") in explain(rules)


@pytest.mark.parametrize("bots", [RandomAgent, HeuristicAgent])
def test_bots_pass_cards_with_invariants_holding(bots):
    rules = load_ruleset("classic+house/pass_cards")
    passed = []
    for seed in range(3):
        play_checked(GameState(rules, players=3, seed=seed), [bots(seed * 10 + s) for s in range(3)],
                     on_step=lambda g, d, a: passed.append((g, d, a)) if d.kind == "card" else None)
    assert passed


def test_the_heuristic_bot_passes_its_highest_card(tmp_path):
    rules = skip_does(tmp_path, "pass_cards(everyone, 1)")
    game = table([["red skip", "blue 1", "blue draw_two", "blue 3"], *HANDS[1:]], rules)
    game.apply(rules.card("red skip"))
    assert HeuristicAgent(0).decide(game, game.decision).name == "blue draw_two"


def test_a_log_of_passes_replays_and_a_save_resumes(tmp_path):
    rules = load_ruleset("classic+house/pass_cards")
    log_path = tmp_path / "game.jsonl"
    log = LogWriter(log_path, "classic+house/pass_cards", rules, 3, 5)
    play_match(GameState(rules, players=3, seed=5), [RandomAgent(s) for s in range(3)], log)
    rows = [json.loads(line) for line in log_path.read_text().splitlines()]
    assert any(row.get("kind") == "card" for row in rows)
    assert replay(log_path).same
    session = Session("classic+house/pass_cards", {}, 3, 0, "random", 4)
    for _ in range(3000):
        game = session.game
        if game.decision is not None and game.decision.kind == "card":
            break
        if game.decision is None:
            session.next_hand()
            continue
        agent = session.bots[game.decision.seat] if game.decision.seat else RandomAgent(1)
        session.apply(None if game.decision.seat is None else agent.decide(game, game.decision))
    assert session.game.decision.kind == "card"
    session.save(tmp_path / "save.json")
    again = Session.load(tmp_path / "save.json")
    assert [names(h) for h in again.game.hands] == [names(h) for h in session.game.hands]
    kept, asked = again.game.decision, session.game.decision
    assert (kept.kind, kept.seat, names(kept.options)) == (asked.kind, asked.seat,
                                                           names(asked.options))
