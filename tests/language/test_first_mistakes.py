"""What a writer tries first and gets wrong is told what to write instead: a misspelt word its
closest known word (an event's name, a function's, a name's; nothing when no word is close),
and a list in brackets, an if used as a value without its else or with statements in it, a
loop word of another language what the language has for them."""

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
    ("let x = if card.value > 3 then 1 end", "an if used as a value needs an else"),
    ("draw(player, if penalty > 0 then 1 elif penalty > 2 then 2 end)",
     "an if used as a value needs an else"),
    ("let x = if card.value > 3 then draw(player, 1) else 2 end",
     "draw() changes the game; use it as a statement"),
    ("let x = if card.value > 3 then let y = 1 else 2 end",
     "an if used as a value gives a value in each branch"),
    ("loop draw(player, 1) end", "`loop` is not in the language: loop with while"),
    ("until size(hand(player)) > 3 do draw(player, 1) end",
     "`until` is not in the language: loop with while CONDITION do ... end, repeat N do"),
])
def test_what_the_language_does_not_have_is_told_what_to_write(tmp_path, effect, told):
    with pytest.raises(RulesetError) as caught:
        variant(tmp_path, f"rules:\n  mine:\n    when: card_played\n    do: '{effect}'\n")
    assert told in str(caught.value)
    assert "mine.yaml:6:" in str(caught.value)  # at the rule's own line


@pytest.mark.parametrize("effect", [
    "if card.kind == 'number' then let x = 1 else let x = 2 end; draw(player, x)",
    "let x = if card.kind == 'number' then 1 else 2 end; draw(player, x)",
    "draw(player, if penalty > 0 then 1 else 2 end)",
    "while size(hand(player)) < 3 do draw(player, 1) end",
    "repeat 3 do draw(player, 1) end",
])
def test_what_it_suggests_is_what_the_language_takes(tmp_path, effect):
    variant(tmp_path, f"rules:\n  mine:\n    when: card_played\n    do: \"{effect}\"\n")
