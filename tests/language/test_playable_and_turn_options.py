"""playable(card) as the turn decides it, and turn.may_draw / may_pass, which leave the
draw and the pass out of a play decision beside a playable card (never leaving it empty)."""

import pytest
from helpers import table, write

from interpreter import DRAW, load_ruleset
from interpreter.errors import HouserulesError
from interpreter.presenting.explain import explain


def ruleset(tmp_path, text: str, base: str = "classic"):
    return load_ruleset(write(tmp_path, "r.yaml", f"extends: {base}\nname: r\n{text}"))


@pytest.mark.parametrize("condition, options", [
    ("any(c in hand(player) if playable(c))", ["red 7", "draw"]),      # holds: draw offered
    ("not any(c in hand(player) if playable(c))", ["red 7"]),          # fails: left out
    ("playable(top, next)", ["red 7", "draw"]),                        # another seat's view
    ("count(c in hand(player) if playable(c, player)) > 1", ["red 7"]),
])
def test_may_draw_reads_playable(tmp_path, condition, options):
    rules = ruleset(tmp_path, f"turn:\n  may_draw: {condition}\n")
    game = table([["red 7", "blue 1"], ["red 5"]], rules)
    assert [str(o) for o in game.legal_options()] == options


def test_the_draw_stays_when_nothing_is_playable(tmp_path):
    rules = ruleset(tmp_path, "turn:\n  may_draw: false\n")
    game = table([["blue 1", "green 2"], ["red 5"]], rules)
    assert game.legal_options() == (DRAW,)


def test_playable_follows_the_kinds_legal_rule_and_the_penalty(tmp_path):
    rules = ruleset(tmp_path, "turn:\n  may_draw: not any(c in hand(player) if c.kind == "
                    "'wild_draw_four' and playable(c))\n")
    # A Wild Draw Four is not legal while the player holds the colour to follow: the draw stays.
    game = table([["wild draw four", "blue 1"], ["red 5"]], rules, top="blue 5", color="blue")
    assert game.legal_options() == (rules.card("blue 1"), DRAW)
    game = table([["wild draw four", "red 1"], ["red 5"]], rules, top="blue 5", color="blue")
    assert game.legal_options() == (rules.card("wild draw four"),)
    stacked = ruleset(tmp_path, "turn:\n  may_draw: not any(c in hand(player) if playable(c))\n",
                      "[classic, house/stacking]")
    game = table([["red 7", "blue draw two"], ["red 5"]], stacked, top="red draw two", penalty=2)
    assert game.legal_options() == (stacked.card("blue draw two"),)


@pytest.mark.parametrize("where", [
    "playable:\n  match: card.color == none or playable(card)\n",
    "kinds:\n  wild_draw_four:\n    legal: not playable(top)\n",
    "kinds:\n  wild_draw_four:\n    fair: playable(top)\n",
])
def test_playable_is_refused_inside_the_rules_it_asks(tmp_path, where):
    with pytest.raises(HouserulesError, match="cannot be part of one of them"):
        ruleset(tmp_path, where)


def test_a_refused_draw_says_why(tmp_path):
    rules = ruleset(tmp_path, "turn:\n  may_draw: false\n")
    game = table([["red 7", "blue 1"], ["red 5"]], rules)
    with pytest.raises(HouserulesError, match="may not draw now"):
        game.apply(DRAW)


def test_explain_tells_the_condition():
    text = explain(load_ruleset("classic+house/strict_forced_play"))
    assert "Drawing instead of playing is offered only when" in text
    assert "the player may play it now" in text
