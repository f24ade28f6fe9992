"""Loops over seats in effect text (`for s in SEATS do ... end`), the replaceable lost turn
(`instead_of: turn_lost`) and the events hand_size_changed and decided (docs/rules.md)."""

from __future__ import annotations

import re
from functools import partial

import helpers
import pytest
from checkout import ROOT
from helpers import eight_rule, variant

from interpreter import DslError, GameState, RuleRuntimeError, load_ruleset
from interpreter.playing.agents import HeuristicAgent, RandomAgent
from interpreter.playing.checked import play_checked

HANDS = helpers.EIGHT_HANDS
STOCK = ["green 5", "green 6", "green 7", "green 8", "green 9", "yellow 5", "yellow 6"]


# Seat 0 to play on a red 3.
table = partial(helpers.table, top="red 3", stock=STOCK)


# --- loops ----------------------------------------------------------------------------------

ASKING = 'for s in others do\n  let pays = ask(s, "pay")\n  if pays then draw(s, 1) end\nend'


@pytest.mark.parametrize("do, answers, asked, sizes, seat", [
    (ASKING, [True, False, True], [1, 2, 3], [2, 4, 2, 3], 1),
    (ASKING, [False, False, False], [1, 2, 3], [2, 3, 2, 2], 1),
    # The seats are worked out once: turning the direction round does not change them.
    ("for s in others do\n  set_direction(-direction)\n  draw(s, 1)\nend", [], [], [2, 4, 3, 3], 3),
    # A seat put out of the match after the loop started is passed by.
    ("for s in others do\n  if s == next then eliminate(seat_after(s, 1)) end\n  draw(s, 1)\nend",
     [], [], [2, 4, 0, 3], 1),
    # Nested loops, two deep, each seat asked once per outer seat.
    ('for s in opponents do\n  for t in teammates do draw(t, 1) end\n  draw(s, 1)\nend',
     [], [], [2, 4, 3, 3], 1),
    ("for s in player do draw(s, 2) end", [], [], [4, 3, 2, 2], 1),
    ("for s in seats_in() do if s != player then lose_turn(s) end end", [], [], [2, 3, 2, 2], 0),
])
def test_a_loop_runs_its_body_once_per_seat_and_resumes_after_each_answer(tmp_path, do, answers,
                                                                          asked, sizes, seat):
    rules = eight_rule(tmp_path, do)
    game = table(HANDS, rules)
    game.apply(rules.card("red 8"))
    seen = []
    for answer in answers:
        seen.append(game.decision.seat)
        game.apply(answer)
    assert seen == asked
    assert game.hand_sizes() == sizes
    assert (game.decision.kind, game.decision.seat) == ("play", seat)


def test_a_game_cloned_in_the_middle_of_a_loop_goes_on_by_itself(tmp_path):
    rules = eight_rule(tmp_path, ASKING)
    game = table(HANDS, rules)
    game.apply(rules.card("red 8"))
    game.apply(True)
    twin = game.clone()
    game.apply(True)
    game.apply(True)
    twin.apply(False)
    twin.apply(False)
    assert game.hand_sizes() == [2, 4, 3, 3] and twin.hand_sizes() == [2, 4, 2, 2]


@pytest.mark.parametrize("do, fragment, line, column", [
    ("for s in 3 do draw(s, 1) end", "for goes through seats, not a number", 8, 16),
    ("for c in hand(player) do draw(next, 1) end", "for goes through seats, not cards", 8, 16),
    ("for s in top do draw(s, 1) end", "for goes through seats, not a card or none", 8, 16),
    ("for s in others do draw(s, 1) end\ndraw(s, 1)", "unknown name 's'", 9, 12),
    ("for s in others do draw(s, 1) end\nlet n = s", "unknown name 's'", 9, 15),
    ("for s in others draw(s, 1) end", "expected one of", 8, 23),
    ("for s in others do draw(s, 1)", "ends too early", 8, 35),
    ("for s in others do draw(s.color, 1) end", "attribute of a card, not of a seat", 8, 31),
    ("for a in others do\n  for b in others do\n    for c in others do draw(c, 1) end\n  end\n"
     "end", "nest at most 2 deep", 10, 11),
    ("for a in others do\n  for b in others do\n    if any(c in hand(b) if c.rank == 1) then "
     "draw(b, 1) end\n  end\nend", "nest at most 2 deep", 10, 14),
])
def test_a_bad_loop_is_refused_at_load_with_file_line_and_column(tmp_path, do, fragment, line,
                                                                 column):
    with pytest.raises(DslError) as info:
        eight_rule(tmp_path, do)
    err = info.value
    assert fragment in err.message, err.message
    assert err.file.endswith("mine.yaml") and (err.line, err.column) == (line, column), err


def test_each_iteration_is_charged_to_the_games_budget(tmp_path):
    rules = eight_rule(tmp_path, "for s in others do draw(s, 1) end")
    game = table(HANDS, rules)
    game.work_left = 2
    with pytest.raises(RuleRuntimeError, match="more work than one game may") as info:
        game.apply(rules.card("red 8"))
    assert info.value.line == 8


def test_explain_tells_a_loop_in_words(tmp_path):
    from interpreter.presenting.explain import explain
    rules = eight_rule(tmp_path, ASKING)
    text = explain(rules)
    assert "For each seat of every other player, in turn: That seat decides whether to pay." \
        in text


# --- instead_of: turn_lost ------------------------------------------------------------------

SKIP_HANDS = [["red skip", "red draw_two", "red 1", "blue 2"], ["green 1", "green 2", "blue skip"],
              ["yellow 1", "yellow 2"], ["blue 1", "blue 3"]]


@pytest.mark.parametrize("rule, card, sizes, seat", [
    ("do: proceed()", "red skip", [3, 3, 2, 2], 2),
    ("do: draw(seat, 1)", "red skip", [3, 4, 2, 2], 1),
    ("if: seat == 2\n    do: draw(seat, 1)", "red skip", [3, 3, 2, 2], 2),
    # An owed draw's lost turn is the same event: the seat draws two, then one instead of
    # losing its turn.
    ("do: draw(seat, 1)", "red draw_two", [3, 6, 2, 2], 1),
    ('if: card.kind == "skip"\n    do: draw(seat, 1)', "red draw_two", [3, 5, 2, 2], 2),
])
def test_a_lost_turn_may_be_replaced(tmp_path, rule, card, sizes, seat):
    rules = variant(tmp_path, "rules:\n  r:\n    instead_of: turn_lost\n    " + rule + "\n")
    game = table(SKIP_HANDS, rules)
    game.apply(rules.card(card))
    assert game.hand_sizes() == sizes
    assert game.decision.seat == seat


SKIP_STACKING = "classic+../examples/house_rules/skip_stacking.yaml"


@pytest.mark.parametrize("hands, answers, seat, top", [
    # Seat 1 passes the Skip on with its blue Skip: seat 2 loses the turn; seat 3 plays.
    (SKIP_HANDS, [True], 3, "blue skip"),
    (SKIP_HANDS, [False], 2, "red skip"),
    # Seat 1 passes it on, seat 2 passes it back round to seat 3, which keeps it.
    ([SKIP_HANDS[0], SKIP_HANDS[1], ["yellow skip", "yellow 2", "yellow 4"],
      ["green skip", "blue 3", "blue 4"]],
     [True, True, False], 0, "yellow skip"),
])
def test_skip_stacking_passes_a_skip_on(hands, answers, seat, top):
    rules = load_ruleset(SKIP_STACKING.replace("..", str(ROOT)))
    game = table(hands, rules)
    game.apply(rules.card("red skip"))
    for answer in answers:
        assert game.decision.kind == "pass_skip"
        game.apply(answer)
    assert (game.decision.kind, game.decision.seat, game.top.name) == ("play", seat, top)


def test_skip_stacking_simulates_with_its_questions_answered_and_invariants_holding():
    rules = load_ruleset(SKIP_STACKING.replace("..", str(ROOT)),
                         {"hands": 1})
    asked = 0
    for seed in range(6):
        players = 2 + seed % 4
        bots = [(RandomAgent if seat % 2 else HeuristicAgent)(seed * 10 + seat)
                for seat in range(players)]
        game = play_checked(GameState(rules, players=players, seed=seed, record=True), bots)
        assert game.over
        asked += sum(1 for event, data in game.events
                     if event == "decided" and data["kind"] == "pass_skip")
    assert asked


# --- hand_size_changed and decided ----------------------------------------------------------

COUNTING = """\
variables:
  changes: {}
  sizes: {per_seat: true, initial: -1}
  order: {}
rules:
  sized:
    when: hand_size_changed
    do: |
      set_var("changes", var.changes + 1)
      set_seat_var("sizes", seat, count)
      set_var("order", var.order * 10 + 1)
  drawn:
    when: cards_drawn
    do: set_var("order", var.order * 10 + 2)
"""


@pytest.mark.parametrize("moves, changes, sizes, order", [
    (["red 1"], 1, [2, -1, -1, -1], 1),
    (["draw"], 1, [4, -1, -1, -1], 12),  # before the draw's cards_drawn rules
    (["red 1", "draw"], 2, [2, 4, -1, -1], 112),
    (["red draw_two"], 2, [2, 5, -1, -1], 112),
])
def test_hand_size_changed_fires_for_each_change(tmp_path, moves, changes, sizes, order):
    hands = [["red 1", "red draw_two", "blue 2"], ["green 1", "green 2", "green 3"],
             ["yellow 1", "yellow 2"], ["blue 1", "blue 3"]]
    rules = variant(tmp_path, COUNTING)
    game = table(hands, rules)
    for move in moves:
        game.apply(move if move == "draw" else rules.card(move))
    assert (game.variables["changes"], game.variables["sizes"], game.variables["order"]) == \
        (changes, sizes, order)


def test_hand_size_changed_fires_for_both_seats_of_a_swap(tmp_path):
    rules = variant(tmp_path, COUNTING + "kinds:\n  skip:\n    on_play: swap_hands(player, "
                                         "seat_after(player, 2))\n")
    game = table([["red skip", "red 1", "blue 2"], ["green 1", "green 2"],
                  ["yellow 1", "yellow 2", "yellow 3", "yellow 4"], ["blue 1"]], rules)
    game.apply(rules.card("red skip"))
    assert game.variables["sizes"] == [4, -1, 2, -1] and game.variables["changes"] == 3


DECIDED = """\
variables:
  plays: {}
  order: {}
rules:
  decided:
    when: decided
    if: decision == "play"
    do: |
      set_var("plays", var.plays + 1)
      set_var("order", var.order * 10 + 1)
  played:
    when: card_played
    do: set_var("order", var.order * 10 + 2)
  blue:
    when: decided
    if: decision == "color" and answer == "blue"
    do: draw(seat, 1)
"""


@pytest.mark.parametrize("moves, plays, order, sizes", [
    (["red 1"], 1, 12, [2, 3, 2, 2]),  # the decided rule runs before the card_played rules
    (["draw"], 1, 1, [4, 3, 2, 2]),
    # Seat 2's play leaves one card: its UNO call comes after the decided rule, before the
    # card_played rule.
    (["red 1", "draw", "yellow 1"], 3, 1211, [2, 4, 1, 2]),
    (["red 1", "draw", "yellow 1", "uno"], 3, 12112, [2, 4, 1, 2]),
    (["wild", "blue"], 1, 12, [3, 3, 2, 2]),  # the colour named blue: one card more
    (["wild", "green"], 1, 12, [2, 3, 2, 2]),
])
def test_decided_runs_once_the_answer_is_applied(tmp_path, moves, plays, order, sizes):
    rules = variant(tmp_path, DECIDED)
    game = table([["red 1", "wild", "blue 2"], ["green 1", "green 2", "yellow 3"],
                  ["yellow 1", "yellow 2"], ["blue 1", "blue 3"]], rules)
    for move in moves:
        game.apply(True if move == "uno" else move if move in ("draw", "blue", "green")
                   else rules.card(move))
    assert (game.variables["plays"], game.variables["order"], game.hand_sizes()) == \
        (plays, order, sizes)


def test_a_decided_rule_asking_on_its_own_answers_stops_within_the_budget(tmp_path):
    rules = variant(tmp_path, 'rules:\n  again:\n    when: decided\n    do: let x = ask(seat, "again")\n')
    game = table(HANDS, rules)
    with pytest.raises(RuleRuntimeError, match="more work than one game may"):
        for _ in range(300_000):
            game.apply(game.legal_options()[0])


def test_a_ruleset_without_these_rules_pays_nothing_for_them():
    game = GameState(load_ruleset("classic"), players=4, seed=1)
    assert game.rules.hand_size_changed == () and game.rules.decided == ()
    assert load_ruleset("classic").triggers.turn_lost == ()


@pytest.mark.parametrize("text, problem", [
    ("rules:\n  x: {when: decided, do: 'draw(count, 1)'}\n", r"unknown name 'count'"),
    ("rules:\n  x: {when: hand_size_changed, do: 'draw(seat, decision)'}\n",
     r"unknown name 'decision'"),
    ("rules:\n  x: {when: hand_size_changed, do: 'draw(count, 1)'}\n",
     r"draw's first argument is a seat or seats, not a number"),
    ("rules:\n  x: {when: decided, do: 'draw(seat, decision)'}\n",
     r"draw's second argument is a number of cards, not text"),
    ("rules:\n  x: {instead_of: turn_lost, do: 'draw(seat, count)'}\n", r"unknown name 'count'"),
    ("rules:\n  x: {when: turn_lost, do: 'draw(seat, 1)'}\n", r"turn_lost|when"),
])
def test_the_names_each_event_binds_are_typed_and_no_others(tmp_path, text, problem):
    with pytest.raises(Exception) as info:
        variant(tmp_path, text)
    assert re.search(problem, str(info.value)), info.value
