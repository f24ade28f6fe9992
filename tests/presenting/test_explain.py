"""`explain`: a ruleset told in words, down to an empty effect and every attribute's values."""

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
