"""`explain`: a ruleset told in words, down to an empty effect and every attribute's values."""

import pytest

from interpreter import load_ruleset
from interpreter.presenting.explain import explain
from helpers import write


def test_an_empty_on_first_does_nothing(tmp_path):
    path = write(tmp_path, "rules.yaml", "extends: classic\nname: quiet\nkinds:\n  skip: {on_first: ''}\n")
    rules = load_ruleset(path)
    assert rules.kinds["skip"].on_first == () and rules.kinds["skip"].on_play
    assert "As the first card: nothing happens." in explain(rules)


def test_explain_lists_every_attribute_value(tmp_path):
    path = write(tmp_path, "rules.yaml", """\
extends: classic
name: weighed
attributes:
  weight: {help: How heavy a card is., default: 1, by_color: {red: 2}}
kinds:
  wild: {attributes: {weight: 5}}
""")
    text = explain(load_ruleset(path))
    assert "weight: How heavy a card is." in text
    assert "  2: every red card" in text
    assert "  5: every wild" in text
    assert "  1: every yellow card, every green card, every blue card, every wild draw four" in text
    assert "mushroom: every red card" in explain(load_ruleset("mario_kart"))


def test_a_variable_is_said_by_its_name(tmp_path):
    path = write(tmp_path, "rules.yaml", """\
extends: classic
name: counted
variables:
  skips_played: {scope: hand}
rules:
  count:
    when: card_played
    do: set_var("skips_played", var.skips_played + 1)
""")
    assert "Skips played becomes skips played plus 1." in explain(load_ruleset(path))


@pytest.mark.parametrize("ruleset, said", [
    # A row's pile named by `pile`, and the number of cards in it.
    ("dos", "Let target be the bottom card of this center pile."),
    ("dos", "When a card is played and the number of cards in this center pile is 2:"),
    ("dos", "If pairs and not single: The double number match effect happens (see Named "
            "effects)."),
    ("dos", "(a Wild # 9, others 0)"),
    ("dos", "A player may take a card from the stock instead of playing, and then play or"),
    ("dos", "must call DOS;"),
    # A named effect an option chooses, and a name an event binds.
    ("classic_2018", "When played: The wild (option customizable) effect happens (see Named "
                     "effects)."),
    ("uno_attack", "Instead of drawing for the turn: Let the shot be an outcome of the chance "
                   "launcher (see Chances). The seat draws the shot cards."),
    # A comparison of options is settled: only what the options in force leave is said.
    ("classic+house/pass_cards", "When a card is played and this card's rank is 0 (option "
                                 "pass_rank): Everyone passes 1 card"),
    ("classic+house/silent_uno", "Nobody calls UNO: a player left with one card is not asked"),
])
def test_bundled_games_read_plainly(ruleset, said):
    assert said in " ".join(explain(load_ruleset(ruleset)).split())
