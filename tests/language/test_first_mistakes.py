"""What a writer tries first and gets wrong is told what to write instead: a misspelt word its
closest known word (an event's name, a function's, a name's; nothing when no word is close),
and a list in brackets, an if used as a value, a while or repeat loop what the language has
for them."""

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


@pytest.mark.parametrize("effect, told", [
    ("let x = [1, 2]", "a list is not written with [ ]"),
    ("let x = if card.value > 3 then 1 else 2 end", "an if cannot be used as a value"),
    ("draw(player, if penalty > 0 then 1 else 2 end)", "an if cannot be used as a value"),
    ("while size(hand(player)) < 3 do draw(player, 1) end", "`while` is not in the language"),
    ("repeat 3 do draw(player, 1) end", "`repeat` is not in the language"),
])
def test_what_the_language_does_not_have_is_told_what_to_write(tmp_path, effect, told):
    with pytest.raises(RulesetError) as caught:
        variant(tmp_path, f"rules:\n  mine:\n    when: card_played\n    do: '{effect}'\n")
    assert told in str(caught.value)
    assert "mine.yaml:6:" in str(caught.value)  # at the rule's own line


def test_the_if_it_suggests_is_a_statement_the_language_takes(tmp_path):
    variant(tmp_path, "rules:\n  mine:\n    when: card_played\n    do: \"if card.kind == "
                      "'number' then let x = 1 else let x = 2 end; draw(player, x)\"\n")
