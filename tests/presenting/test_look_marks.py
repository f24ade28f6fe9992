"""A colour's mark (look: marks:), which the browser's colour-blind mode draws: the
ruleset's own, else a shape by the colour's place in colors:, each colour a different one."""

from __future__ import annotations

import pytest

from interpreter.building.ruleset import load_ruleset
from interpreter.presenting.look import Look


@pytest.mark.parametrize("ruleset, marks", [
    ("classic", {"red": "▲", "yellow": "●", "green": "■", "blue": "◆"}),
    ("crazy_eights", {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}),
    ("uno_flip", {"red": "▲", "pink": "★", "purple": "✖"}),
    ("mario_kart", {"red": "▲", "blue": "◆"}),  # classic's, which it extends
])
def test_each_colour_has_its_ruleset_s_mark(ruleset, marks):
    rules = load_ruleset(ruleset)
    look = Look(rules)
    assert {c: look.mark(c) for c in marks} == marks
    palette = look.palette(rules.colors)
    assert len({entry["mark"] for entry in palette}) == len(rules.colors)
    assert look.mark(None) is None


def test_a_ruleset_s_marks_add_to_its_game_s_and_a_colour_without_one_gets_a_shape(tmp_path):
    path = tmp_path / "plain.yaml"
    path.write_text("extends: [classic]\ntitle: Plain\nlook:\n  marks: {red: R}\n")
    look = Look(load_ruleset(str(path)))
    assert look.mark("red") == "R"
    assert look.mark("nowhere") is None  # not one of the ruleset's colours
    assert look.mark("blue") == "◆"  # classic's
    look.marks = {}  # as if no ruleset gave any: shapes by place in colors:
    assert [look.mark(c) for c in ("red", "yellow", "green", "blue")] == ["●", "▲", "■", "◆"]
