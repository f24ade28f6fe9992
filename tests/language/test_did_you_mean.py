"""What a writer most often gets wrong first, a misspelt word, is told its closest known
word: an event's name, a function's, a name's (and nothing when no word is close)."""

import pytest

from helpers import variant
from interpreter.errors import RulesetError

CASES = [
    # (rule, what the error says)
    ("when: card_playd\n    do: draw(player, 1)", "(did you mean 'card_played'?)"),
    ("instead_of: draw_owd\n    do: proceed()", "(did you mean 'draw_owed'?)"),
    ("when: card_played\n    do: drw(player, 1)", "unknown function drw() (did you mean draw()?)"),
    ("when: card_played\n    do: draw(playr, 1)", "unknown name 'playr' (did you mean 'player'?)"),
    ("when: card_played\n    do: set_colour(red)", "(did you mean set_color()?)"),
]


@pytest.mark.parametrize("rule, told", CASES)
def test_a_misspelt_word_is_told_its_closest(tmp_path, rule, told):
    with pytest.raises(RulesetError) as caught:
        variant(tmp_path, f"rules:\n  mine:\n    {rule}\n")
    assert told in str(caught.value)


@pytest.mark.parametrize("rule", ["when: card_played\n    do: zzzqqq(player, 1)",
                                  "when: card_played\n    do: draw(qqqzzz, 1)"])
def test_a_word_like_none_known_is_told_no_guess(tmp_path, rule):
    with pytest.raises(RulesetError) as caught:
        variant(tmp_path, f"rules:\n  mine:\n    {rule}\n")
    assert "did you mean" not in str(caught.value)
