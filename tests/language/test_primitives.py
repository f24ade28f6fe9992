"""Primitives of the effect language: choose_color, draw_until_color, the cards moved by
discard_cards, give_cards and cards_under_stock, and run() of a named effect in its own scope."""

import pytest
from helpers import table, write

from interpreter import GameState, load_ruleset
from interpreter.errors import HouserulesError


@pytest.mark.parametrize("effect, hand_after", [
    ("choose_color(player, colors_in(hand(player)))", None),
    ('draw_until_color(next, "green")', 4),
])
def test_smaller_primitives(tmp_path, effect, hand_after):
    text = f"extends: classic\nname: s\nkinds:\n  skip:\n    on_play: '{effect}'\n"
    rules = load_ruleset(write(tmp_path, "s.yaml", text))
    game = GameState.from_table(rules, hands=[["red skip", "red 1", "red 2"], ["blue 2"]],
                                discard=["red 3"], stock=["yellow 1", "blue 4", "green 6", "red 8"])
    game.apply(rules.card("red skip"))
    if hand_after is None:
        assert game.decision.kind == "color" and game.legal_options() == ("red",)
    else:
        assert game.hand_sizes()[1] == hand_after


@pytest.mark.parametrize("effect, check", [
    ("discard_cards(player, select(c in hand(player) if c.color == card.color))",
     lambda g: g.over or g.hand_results[-1].winner == 0),
    ("give_cards(player, next, select(c in hand(player) if c.rank == 9))",
     lambda g: g.hand_sizes() == [1, 2] and g.hands[1][-1].name == "red 9"),
    ("cards_under_stock(player, select(c in hand(player) if c.rank == 9))",
     lambda g: g.stock[0].name == "red 9" and g.hand_sizes() == [1, 1]),
])
def test_moving_cards(tmp_path, effect, check):
    text = f"extends: classic\nname: m\nkinds:\n  skip:\n    on_play: '{effect}'\n"
    rules = load_ruleset(write(tmp_path, "m.yaml", text))
    game = GameState.from_table(rules, hands=[["red skip", "red 9", "red 5"], ["blue 2"]],
                                discard=["red 3"], stock=["yellow 1", "yellow 2"])
    game.apply(rules.card("red skip"))
    if game.decision is not None and game.decision.kind == "uno":
        game.apply(True)
    assert check(game), (game.hand_sizes(), game.stock)


def test_moving_a_card_not_held_is_a_clear_error(tmp_path):
    text = "extends: classic\nname: m\nkinds:\n  skip:\n    on_play: give_cards(player, next, top)\n"
    rules = load_ruleset(write(tmp_path, "m.yaml", text))
    game = GameState.from_table(rules, hands=[["red skip", "red 9"], ["blue 2"]],
                                discard=["red 3"], stock=["yellow 1"])
    game.apply(rules.card("red skip"))  # one card left: the UNO call comes first
    with pytest.raises(HouserulesError, match="does not hold"):
        game.apply(True)


def test_a_named_effect_has_its_own_let_variables(tmp_path):
    path = write(tmp_path, "rules.yaml", """\
extends: classic
name: scoped
effects:
  helper: let count = 1
kinds:
  skip:
    on_play: |
      let count = 3
      run("helper")
      draw(next, count)
      lose_turn(next)
""")
    game = table([["red skip", "blue 1", "blue 2"], ["yellow 1", "yellow 2"]], path)
    game.apply(game.ruleset.card("red skip"))
    assert game.hand_sizes() == [2, 5]
