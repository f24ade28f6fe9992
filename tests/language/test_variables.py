"""Declared variables (`variables:`): set by rules with set_var and set_seat_var, read by
scoring, kept for a hand or a match, and checked at load (docs/rules.md)."""

import pytest
from helpers import write

from interpreter import GameState, load_ruleset
from interpreter.errors import DslError

VARIABLES = """\
extends: classic
name: counted
variables:
  skips: {scope: hand, help: Skips played this hand}
  strikes: {per_seat: true}
rules:
  count_skips:
    when: card_played
    if: card.kind == "skip"
    do: |
      set_var("skips", var.skips + 1)
      set_seat_var("strikes", player, seat_var("strikes", player) + 1)
scoring:
  winner_scores: 100 * var.skips + seat_var("strikes", player)
"""


def test_declared_variables_are_set_by_rules_and_read_by_scoring(tmp_path):
    rules = load_ruleset(write(tmp_path, "counted.yaml", VARIABLES))
    game = GameState.from_table(rules, hands=[["red skip", "red skip", "red 1"], ["blue 2", "red 4"]],
                                discard=["red 3"], stock=["yellow 1"] * 4)
    game.apply(rules.card("red skip"))
    assert game.variables == {"skips": 1, "strikes": [1, 0]}
    twin = game.clone()
    game.apply(rules.card("red skip"))
    game.apply(True)  # UNO
    game.apply(rules.card("red 1"))
    assert game.hand_results[-1].points == 202 and twin.variables["skips"] == 1
    game.next_hand()
    assert game.variables == {"skips": 0, "strikes": [2, 0]}  # a hand's scope starts again


@pytest.mark.parametrize("effect, problem", [
    ('set_var("nope", 1)', r"unknown variable 'nope'"),
    ('set_var("strikes", 1)', r"kept per seat: use seat_var"),
    ('set_seat_var("skips", player, 1)', r"'skips' is not kept per seat"),
    ("draw(next, var.strikes)", r"kept per seat"),
    ("draw(next, var.gone)", r"unknown variable 'gone'"),
])
def test_variables_are_checked_at_load(tmp_path, effect, problem):
    text = VARIABLES.replace('set_var("skips", var.skips + 1)', effect)
    with pytest.raises(DslError, match=problem):
        load_ruleset(write(tmp_path, "counted.yaml", text))
