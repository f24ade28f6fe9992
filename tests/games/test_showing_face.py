"""A two-sided card named by the face that shows is found whatever its back (docs/game-rules.md 4)."""

import pytest

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.cards import showing

FLIP = load_ruleset("uno_flip")


def face(name):
    """The uno_flip face written `name` ('red 5 / teal 5')."""
    return FLIP.card(name)


@pytest.mark.parametrize("held, wanted, found", [
    (["red 5 / teal 5", "blue 1"], "red 5", "red 5 / teal 5"),
    (["red 5 / teal 5", "blue 1"], "Red_5", "red 5 / teal 5"),
    (["red 5 / pink 2", "red 5 / teal 5"], "red 5 / teal 5", "red 5 / teal 5"),
    (["red 5 / teal 5"], "red 5 / pink 2", None),
    (["blue 1"], "red 5", None),
    (["red 5 / teal 5"], face("red 5 / pink 2"), "red 5 / teal 5"),
    (["red 5 / pink 2", "red 5 / teal 5"], face("red 5 / teal 5"), "red 5 / teal 5"),
    ([], face("red 5"), None),
])
def test_a_card_is_found_by_the_face_that_shows(held, wanted, found):
    cards = [face(name) for name in held]
    result = showing(cards, wanted)
    assert result is (face(found) if found else None)
