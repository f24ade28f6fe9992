"""Rows of piles (rows:, engine/piles.py): a turn's play names its pile, rows are dealt,
cleared, refilled and added to, and a ruleset without rows plays on its discard pile."""

from __future__ import annotations

import pytest

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.decisions import DRAW, PASS
from interpreter.engine.game import GameState
from interpreter.engine.invariants import check_invariants
from interpreter.errors import IllegalMove, RulesetError
from tests import helpers

STOCK = ["red 7", "blue 10", "yellow 3"]


def dos(hands, rows, **state) -> GameState:
    """A DOS table: `hands` per seat, the Center Row's piles `rows` (bottom first)."""
    return helpers.table(hands, "dos", discard=[], stock=STOCK, rows={"center": rows},
                         record=True, **state)


def names(options) -> list:
    return [getattr(o, "name", o) for o in options]


def piles(game) -> list:
    return [[card.name for card in pile] for pile in game.rows["center"]]


# hand, the Center Row's piles -> the play's options: a card that some pile may take (by
# its number, or with another card held that adds up to it), then draw.
OPTIONS = [
    (["red 5", "blue 9"], [["yellow 5"], ["green 8"]], ["red 5", DRAW]),
    (["red 3", "blue 4", "green 10"], [["yellow 7"], ["green 8"]], ["red 3", "blue 4", DRAW]),
    # Two copies of one face add up: the red 4 with the other red 4.
    (["red 4", "red 4", "green 10"], [["yellow 8"], ["green 1"]], ["red 4", DRAW]),
    # One red 4 alone does not.
    (["red 4", "green 10"], [["yellow 8"], ["green 1"]], [DRAW]),
    # A Wild # in hand is any number; a Wild # in the row takes any card (two: up to 10).
    (["blue wild_number", "green 10"], [["yellow 8"], ["green 1"]], ["blue wild_number", DRAW]),
    (["red 10", "green 9"], [["yellow wild_number"], ["green 1"]], ["red 10", "green 9", DRAW]),
    # A Wild DOS is a 2.
    (["wild_dos", "red 3"], [["yellow 5"], ["green 9"]], ["wild_dos", "red 3", DRAW]),
]


@pytest.mark.parametrize("hand, rows, expected", OPTIONS)
def test_a_turns_options_are_the_cards_some_pile_may_take(hand, rows, expected):
    game = dos([hand, ["green 1"]], rows)
    assert names(game.legal_options()) == expected


def test_a_card_two_piles_may_take_asks_which_then_goes_on_it():
    game = dos([["red 6", "blue 1", "green 10", "yellow 10"], ["green 1"]], [["yellow 6"], ["green 6"]])
    game.apply(game.ruleset.card("red 6"))
    assert game.decision.kind == "pile" and game.legal_options() == ("center 1", "center 2")
    game.apply("center 2")
    assert ("play", {"seat": 0, "card": "red 6", "pile": "center 2"}) in game.events


def test_after_a_play_the_seat_plays_on_another_pile_or_stops_and_the_pass_blocks_nothing():
    game = dos([["red 5", "blue 8", "green 10", "yellow 10"], ["green 1"]], [["yellow 5"], ["green 8"]])
    game.apply(game.ruleset.card("red 5"))
    assert names(game.legal_options()) == ["blue 8", PASS] and game.decision.seat == 0
    game.apply(PASS)
    assert game.turn == 1 and game.passes == 0
    assert piles(game) == [["green 8"], ["red 7"]] and names(game.discard) == ["yellow 5", "red 5"]


def test_a_table_names_only_rows_the_ruleset_has():
    with pytest.raises(IllegalMove, match="no row named 'centre'"):
        helpers.table([["red 5"], ["red 4"]], "dos", discard=[], stock=STOCK,
                      rows={"centre": [["red 1"]]})


def test_a_dealt_hand_turns_each_rows_piles_and_no_first_card():
    game = GameState(load_ruleset("dos"), 3, seed=4, record=True)
    assert len(game.rows["center"]) == 2 and all(len(p) == 1 for p in game.rows["center"])
    assert game.discard == [] and game.top is None
    assert [e for e, _ in game.events].count("first_card") == 0
    check_invariants(game)  # the rows' cards are counted among the deck's


def test_the_rows_are_copied_with_the_game():
    game = dos([["red 5", "blue 9"], ["green 1"]], [["yellow 5"], ["green 8"]])
    twin = game.clone()
    twin.apply(twin.ruleset.card("red 5"))
    assert piles(game) == [["yellow 5"], ["green 8"]] and piles(twin) != piles(game)


def test_a_ruleset_without_rows_has_none_and_plays_on_the_discard_pile():
    game = helpers.table([["red 5", "blue 9"], ["green 1"]])
    assert game.rows == {} and not game.rules.rows
    game.apply(game.ruleset.card("red 5"))
    assert game.top.name == "red 5" and game.played_piles == []


ROW_RULES = """
name: rows_test
colors: [red, blue]
kinds:
  number: {ranks: [1, 2, 3], points: face}
deck:
  - {kind: number, colors: all, copies: 4}
scoring: {winner_scores: "0"}
rows:
  center: {piles: 2, playable: PLAYABLE}
"""


# A row's text -> the error at load (its line and words).
ERRORS = [
    ('card.rank == top_of("centre", pile).rank', "no row named 'centre' under rows: (rows: "
                                                 "center) (did you mean 'center'?)"),
    ("card.rank == pile_count(3)", "pile_count's argument is a row's name"),
    ("card.rank ==", "$.rows.center.playable: the text ends too early"),
]


@pytest.mark.parametrize("text, message", ERRORS)
def test_a_row_a_rule_names_is_checked_at_load(tmp_path, text, message):
    path = tmp_path / "rows_test.yaml"
    path.write_text(ROW_RULES.replace("PLAYABLE", f"'{text}'"))
    with pytest.raises(RulesetError, match="rows_test.yaml:") as err:
        load_ruleset(str(path))
    assert message in str(err.value)


def test_a_game_of_rows_needs_no_playable_and_plays_its_rows(tmp_path):
    path = tmp_path / "rows_test.yaml"
    path.write_text(ROW_RULES.replace("PLAYABLE", "'card.rank == top_of(\"center\", pile).rank'"))
    game = GameState(load_ruleset(str(path)), 2, seed=1)
    tops = {pile[-1].rank for pile in game.rows["center"]}
    hand = game.hands[game.turn]
    assert names(game.legal_options()) == names(
        [c for c in dict.fromkeys(hand) if c.rank in tops]) + [DRAW]

