"""Named rules that add to a game, replacement rules (`instead_of`), playable clauses, and the
rules refused at their place (docs/rules.md)."""

import re

import pytest
from checkout import ROOT
from helpers import write

from interpreter import GameState, load_ruleset
from interpreter.errors import DslError, HouserulesError, RulesetError

EIGHT = """\
overlay: true
name: eights
rules:
  eight_hits_everyone:
    when: card_played
    if: card.rank == 8
    do: draw(others, 1)
"""


def test_a_users_rule_adds_to_seven_o_instead_of_replacing_it(tmp_path):
    """The issue's own example: "an 8 makes everyone else draw one" leaves Seven-O working."""
    write(tmp_path, "eights.yaml", EIGHT)
    mine = write(tmp_path, "mine.yaml", "extends: [classic, house/seven_o, eights.yaml]\n"
                                        "name: mine\n")
    rules = load_ruleset(mine)
    game = GameState.from_table(rules, hands=[["red 8", "red 7", "blue 1"], ["blue 2", "blue 3"],
                                              ["green 1", "green 2"]],
                                discard=["red 3"], stock=["yellow 1"] * 6)
    game.apply(rules.card("red 8"))
    assert game.hand_sizes() == [2, 3, 3]
    game.apply("draw")  # seat 1 draws
    game.apply("draw")  # seat 2 draws
    game.apply(rules.card("red 7"))
    game.apply(True)  # UNO: one card left
    assert game.decision.kind == "target"
    game.apply(2)
    assert [c.name for c in game.hands[0]] == ["green 1", "green 2", "yellow 1", "yellow 1"]


def test_rules_run_in_order_and_an_instead_of_rule_may_proceed(tmp_path):
    write(tmp_path, "a.yaml", "overlay: true\nname: a\nrules:\n  doubled:\n"
                              "    instead_of: draw_owed\n    do: |\n"
                              "      draw(seat, count)\n      proceed()\n")
    write(tmp_path, "b.yaml", "overlay: true\nname: b\nrules:\n  first:\n"
                              "    instead_of: draw_owed\n    order: -1\n    do: proceed()\n")
    mine = write(tmp_path, "mine.yaml", "extends: [classic, a.yaml, b.yaml]\nname: mine\n")
    rules = load_ruleset(mine)
    assert [rule.name for rule in rules.triggers.every] == ["first", "doubled"]
    game = GameState.from_table(rules, hands=[["red draw_two", "red 1", "red 2"],
                                              ["blue 2", "blue 3"]],
                                discard=["red 3"], stock=["yellow 1"] * 6)
    game.apply(rules.card("red draw_two"))
    # `doubled` draws two, then proceeds to the draw itself: four cards, and the turn lost.
    assert game.hand_sizes() == [2, 6] and game.current_seat == 0


def test_a_playable_clause_can_be_removed_and_restrictions_hold(tmp_path):
    mine = write(tmp_path, "mine.yaml", "extends: [classic, house/stacking]\nname: mine\n"
                                        "playable:\n  stacking: null\n  low: card.rank == 1\n")
    rules = load_ruleset(mine)
    game = GameState.from_table(rules, hands=[["blue 1", "blue 5", "red 9"], ["blue 2"]],
                                discard=["red 3"], stock=["yellow 1"] * 3)
    assert set(game.legal_options()) == {rules.card("blue 1"), rules.card("red 9"), "draw"}


@pytest.mark.parametrize("text, problem, line", [
    ("rules:\n  gone: null\n", r"there is no rule 'gone' to remove", 4),
    ("playable:\n  nope: null\n", r"there is no playable clause 'nope' to remove", 4),
    ("rules:\n  x: {when: card_exploded, do: draw(next, 1)}\n", r"card_exploded|when", 4),
    ("rules:\n  x: {when: card_played, do: proceed()}\n", r"proceed\(\) belongs", 4),
    ("rules:\n  x: {when: card_played, do: 'draw(seat, 1)'}\n", r"unknown name 'seat'", 4),
    ("rules:\n  x: {instead_of: draw_owed, when: card_played, do: proceed()}\n", r"", 4),
    ("playable:\n  match: null\n", r"non-empty|no playable clause allows a card", None),
])
def test_bad_rules_are_refused_at_their_place(tmp_path, text, problem, line):
    mine = write(tmp_path, "mine.yaml", "extends: classic\nname: mine\n" + text)
    with pytest.raises((RulesetError, DslError, HouserulesError)) as info:
        load_ruleset(mine)
    assert info.value.file and "mine.yaml" in str(info.value.file)
    assert re.search(problem, str(info.value)), info.value
    if line is not None:
        assert info.value.line in (line - 1, line)


def test_no_rule_fires_without_rules_so_the_plain_game_pays_nothing():
    triggers = load_ruleset("classic").triggers
    assert not (triggers.card_played or triggers.turn_started or triggers.turn_ended
                or triggers.card_turned or triggers.hand_started or triggers.draw_owed)


def test_the_schema_names_every_event_the_engine_has():
    import json

    from interpreter.engine.triggers import EVENTS, REPLACEABLE
    schema = json.loads((ROOT / "schema" / "ruleset.schema.json")
                        .read_text())
    rule = schema["$defs"]["rule"]["properties"]
    assert rule["when"]["enum"] == list(EVENTS)
    assert rule["instead_of"]["enum"] == list(REPLACEABLE)


def test_a_hand_ended_rule_may_not_ask_a_player(tmp_path):
    text = ("extends: classic\nname: asking\nrules:\n  ask:\n    when: hand_ended\n"
            "    do: let x = choose_player(player, others)\n")
    with pytest.raises(DslError, match=r"choose_player\(\) asks a player, but a hand_ended"):
        load_ruleset(write(tmp_path, "asking.yaml", text))


@pytest.mark.parametrize("text", ["playable: {-1: false, name: false}\n", "rules: {null: null}\n",
                                  "playable: {5: null}\n"])
def test_odd_keys_in_named_tables_are_refused_cleanly(tmp_path, text):
    with pytest.raises(HouserulesError):
        load_ruleset(write(tmp_path, "k.yaml", "extends: [classic, house/stacking]\nname: x\n" + text))
