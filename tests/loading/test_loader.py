"""Loading ruleset YAML: safe parsing, schema errors with file:line, the deck, `extends`, options."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest
import yaml

from interpreter import HouserulesError, OptionError, RulesetError, load_ruleset
from interpreter.loading.source import bundled_dir
from checkout import ROOT
from helpers import write

RULESETS = bundled_dir("rulesets")
SCHEMA_FILE = bundled_dir("schema") / "ruleset.schema.json"
CLASSIC_FILE = RULESETS / "classic.yaml"
EXAMPLES = ROOT / "examples"

# A complete ruleset that extends nothing: two colours, numbers and a wild.
STANDALONE = {
    "name": "tiny",
    "colors": ["red", "blue"],
    "kinds": {"number": {"ranks": [1, 2, 3], "points": "face"},
              "wild": {"points": 50, "on_play": "choose_color(player)"}},
    "deck": [{"kind": "number", "colors": "all", "copies": 2}, {"kind": "wild", "copies": 2}],
    "playable": "card.color == none or card.color == color or card.rank == top.rank",
    "scoring": {"winner_scores": "sum(c.points for c in hands(others))"},
}


def load_error(path, options=None, error=RulesetError) -> HouserulesError:
    with pytest.raises(error) as info:
        load_ruleset(path, options)
    return info.value


# --- YAML itself ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, line", [
    ("name: x\ntitle: y\nname: a: b\n", 3),
    ("name: x\nkinds:\n  skip:\n    points: 20\n   on_play: x\n", 5),
    ("name: [a, b\ntitle: c\n", 2),
    ("name: x\n\tcolors: [red]\n", 2),
    ("name: x\ntitle: y\ncolors: [red\n", 4),
])
def test_malformed_yaml_is_a_ruleset_error_at_its_line(tmp_path, monkeypatch, text, line):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "broken.yaml", text)
    err = load_error("broken.yaml")
    assert err.message.startswith("malformed YAML")
    assert (err.file, err.line) == ("broken.yaml", line)
    assert str(err).startswith(f"broken.yaml:{line}:")


@pytest.mark.parametrize("text", [
    "name: !!python/object:os.system x\n",
    "name: !!python/name:os.system\n",
    "!!python/object/apply:os.mkdir ['{marker}']\n",
    "name: x\nkinds: !!python/object/apply:os.mkdir ['{marker}']\n",
])
def test_python_tags_are_refused_and_never_run(tmp_path, text):
    marker = tmp_path / "created_by_yaml"
    path = write(tmp_path, "evil.yaml", text.format(marker=marker))
    err = load_error(path)
    assert "not allowed" in err.message
    assert err.line is not None
    assert not marker.exists()


@pytest.mark.parametrize("text", ["", "# only a comment\n", "- a\n- b\n", "just text\n"])
def test_the_top_level_must_be_a_mapping(tmp_path, text):
    err = load_error(write(tmp_path, "flat.yaml", text))
    assert "mapping" in err.message and err.line == 1


# --- the schema -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, path, line, hint", [
    ("extends: classic\nkinds:\n  skip:\n    points: 20\n    on_plya: lose_turn(next)\n",
     "$.kinds.skip.on_plya", 5, "on_play"),
    ("extends: classic\ncolours: [red]\n", "$.colours", 2, "colors"),
    ("extends: classic\ndeck:\n  - {kind: number, copy: 2}\n", "$.deck[0].copy", 3, "copies"),
    ("extends: classic\nturn:\n  draw_until_playable: true\n  max_draw: 3\n",
     "$.turn.max_draw", 4, "max_draws"),
])
def test_an_unknown_key_is_named_with_its_path_line_and_a_suggestion(tmp_path, text, path, line,
                                                                      hint):
    err = load_error(write(tmp_path, "typo.yaml", text))
    assert err.path == path
    assert err.line == line
    assert err.file.endswith("typo.yaml")
    assert f"did you mean '{hint}'" in err.message
    assert f"typo.yaml:{line}:" in str(err) and path in str(err)


@pytest.mark.parametrize("text, path, line", [
    ("extends: classic\nhand_size: seven\n", "$.hand_size", 2),
    ("extends: classic\nhand_size: 0\n", "$.hand_size", 2),
    ("extends: classic\nplayers: {min: 1}\n", "$.players.min", 2),
    ("extends: classic\ncolors: red\n", "$.colors", 2),
    ("extends: classic\ncolors: [red, red]\n", "$.colors", 2),
    ("extends: classic\nkinds:\n  skip:\n    points: -1\n", "$.kinds.skip.points", 4),
    ("extends: classic\nkinds:\n  skip:\n    on_play: 5\n", "$.kinds.skip.on_play", 4),
    ("extends: classic\nkinds:\n  Skip2: {points: 1}\n", "$.kinds", 3),
    ("extends: classic\ndeck:\n  - {kind: number, copies: 0}\n", "$.deck[0].copies", 3),
    ("extends: classic\ndeck:\n  - {kind: number, colors: some}\n", "$.deck[0].colors", 3),
    ("extends: classic\noptions:\n  fast:\n    type: float\n    default: 1\n",
     "$.options.fast.type", 4),
    ("extends: classic\nmatch: {target_score: 0}\n", "$.match.target_score", 2),
    ("extends: classic\nuno: {penalty: -2}\n", "$.uno.penalty", 2),
    ("extends: classic\nturn: {play_drawn: 3}\n", "$.turn.play_drawn", 2),
    ("extends: classic\nplayable: 5\n", "$.playable", 2),
])
def test_a_wrong_type_or_value_is_named_with_its_path_and_line(tmp_path, text, path, line):
    err = load_error(write(tmp_path, "wrong.yaml", text))
    assert (err.path, err.line) == (path, line)
    assert err.file.endswith("wrong.yaml")


@pytest.mark.parametrize("missing", sorted(STANDALONE))
def test_a_ruleset_without_a_required_key_is_refused(tmp_path, missing):
    data = {k: v for k, v in STANDALONE.items() if k != missing}
    err = load_error(write(tmp_path, "partial.yaml", yaml.safe_dump(data)))
    assert f"'{missing}'" in err.message


@pytest.mark.parametrize("text, path, fragment", [
    ("extends: classic\noptions:\n  fast:\n    type: integer\n", "$.options.fast", "'default'"),
    ("extends: classic\ndeck:\n  - {colors: all, copies: 2}\n", "$.deck[0]", "'kind'"),
])
def test_required_keys_inside_entries(tmp_path, text, path, fragment):
    err = load_error(write(tmp_path, "partial.yaml", text))
    assert err.path == path and fragment in err.message


def test_a_complete_standalone_ruleset_loads(tmp_path):
    rules = load_ruleset(write(tmp_path, "tiny.yaml", yaml.safe_dump(STANDALONE)))
    assert len(rules.deck) == 3 * 2 * 2 + 2
    assert rules.card("blue 3").points == 3


# --- the deck --------------------------------------------------------------------------------

@pytest.mark.parametrize("entries, path, line, fragment", [
    ("  - {kind: number, colors: all, ranks: [1]}\n  - {kind: nope}\n",
     "$.deck[1].kind", 4, "unknown kind 'nope'"),
    ("  - {kind: number, colors: [purple], ranks: [1]}\n",
     "$.deck[0].colors", 3, "unknown colour 'purple'"),
    ("  - {kind: number, colors: all, ranks: [10]}\n",
     "$.deck[0].ranks", 3, "no rank 10"),
    ("  - {kind: skip, colors: all, ranks: [1]}\n",
     "$.deck[0].ranks", 3, "no rank 1"),
])
def test_a_deck_entry_must_name_known_kinds_colours_and_ranks(tmp_path, entries, path, line,
                                                               fragment):
    err = load_error(write(tmp_path, "deck.yaml", "extends: classic\ndeck:\n" + entries))
    assert fragment in err.message
    assert (err.path, err.line) == (path, line)


def test_points_face_needs_number_ranks(tmp_path):
    err = load_error(write(tmp_path, "face.yaml",
                           "extends: classic\nkinds:\n  skip:\n    points: face\n"))
    assert (err.path, err.line) == ("$.kinds.skip.points", 4)


# --- extends ----------------------------------------------------------------------------------

@pytest.mark.parametrize("extends", [str(CLASSIC_FILE), "/etc/passwd", "../../etc/passwd",
                                     "notes.txt"])
def test_extends_names_only_bundled_rulesets_or_relative_yaml_paths(tmp_path, extends):
    err = load_error(write(tmp_path, "sneaky.yaml", f"extends: {extends}\nname: sneaky\n"))
    assert "is not allowed" in err.message and err.file.endswith("sneaky.yaml")


@pytest.mark.parametrize("extends", ["classic", "base.yaml", "[classic]"])
def test_an_overlay_overrides_one_kind_and_keeps_the_rest(tmp_path, extends):
    write(tmp_path, "base.yaml", CLASSIC_FILE.read_text())
    rules = load_ruleset(write(tmp_path, "overlay.yaml",
                               f"extends: {extends}\nname: overlay\n"
                               "kinds:\n  skip:\n    points: 35\n"))
    assert rules.name == "overlay"
    assert rules.card("red skip").points == 35
    assert rules.card("red reverse").points == 20
    assert rules.kinds["skip"].on_play  # the inherited effect is still there
    assert len(rules.deck) == 108


@pytest.mark.parametrize("extends, own, points, title", [
    ("[classic, a.yaml]", "", 30, "A"),
    ("[classic, a.yaml, b.yaml]", "", 40, "A"),
    ("[classic, b.yaml, a.yaml]", "", 30, "A"),
    ("[classic, a.yaml, b.yaml]", "kinds:\n  skip:\n    points: 45\n", 45, "A"),
    ("[classic, a.yaml]", "title: Mine\n", 30, "Mine"),
])
def test_a_list_of_extends_merges_in_order_and_the_file_itself_wins(tmp_path, extends, own,
                                                                    points, title):
    write(tmp_path, "a.yaml", "title: A\nkinds:\n  skip:\n    points: 30\n")
    write(tmp_path, "b.yaml", "kinds:\n  skip:\n    points: 40\n")
    rules = load_ruleset(write(tmp_path, "child.yaml", f"extends: {extends}\n{own}"))
    assert rules.card("blue skip").points == points
    assert rules.title == title


def test_extends_paths_are_relative_to_the_file_not_the_working_directory(tmp_path, monkeypatch):
    write(tmp_path, "base/parent.yaml", "extends: classic\ntitle: Parent\n")
    child = write(tmp_path, "rules/child.yaml", "extends: ../base/parent.yaml\nname: child\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    # ../base leaves the named file's folder: allowed only when the user names that folder.
    err = load_error(child)
    assert "leaves the folder" in err.message and (err.line, err.column) == (1, 10)
    rules = load_ruleset(child, rules_path=[tmp_path / "base"])
    assert (rules.name, rules.title) == ("child", "Parent")
    monkeypatch.setenv("HOUSERULES_RULES_PATH", str(tmp_path))
    assert load_ruleset(child).title == "Parent"


def test_the_same_parent_twice_is_not_a_cycle(tmp_path):
    write(tmp_path, "a.yaml", "extends: classic\n")
    rules = load_ruleset(write(tmp_path, "child.yaml", "extends: [classic, a.yaml]\nname: c\n"))
    assert rules.name == "c"


@pytest.mark.parametrize("files, start, names", [
    ({"a.yaml": "extends: b.yaml\n", "b.yaml": "extends: a.yaml\n"}, "a.yaml",
     ["a.yaml", "b.yaml"]),
    ({"self.yaml": "extends: self.yaml\n"}, "self.yaml", ["self.yaml"]),
    ({"a.yaml": "extends: [classic, b.yaml]\n", "b.yaml": "extends: c.yaml\n",
      "c.yaml": "extends: a.yaml\n"}, "a.yaml", ["a.yaml", "b.yaml", "c.yaml"]),
])
def test_an_extends_cycle_is_reported_not_followed(tmp_path, files, start, names):
    for name, text in files.items():
        write(tmp_path, name, text)
    err = load_error(tmp_path / start)
    assert "cycle" in err.message
    for name in names:
        assert name in err.message


def test_a_missing_parent_file_is_named(tmp_path):
    err = load_error(write(tmp_path, "child.yaml", "extends: nothere.yaml\n"))
    assert "nothere.yaml" in str(err)


def test_an_unknown_ruleset_name_lists_the_bundled_ones():
    err = load_error("no_such_ruleset")
    assert "no_such_ruleset" in err.message and "classic" in err.message


def test_extends_must_be_a_name_or_a_list_of_names(tmp_path):
    err = load_error(write(tmp_path, "bad.yaml", "extends: 5\n"))
    assert (err.path, err.line) == ("$.extends", 1)


def test_an_error_in_a_parent_points_into_the_parent(tmp_path):
    write(tmp_path, "parent.yaml", "extends: classic\nkinds:\n  skip:\n    on_play: lose_turn(nxt)\n")
    err = load_error(write(tmp_path, "child.yaml", "extends: parent.yaml\nname: child\n"))
    assert err.file.endswith("parent.yaml") and err.line == 4


def test_an_override_in_the_child_points_into_the_child(tmp_path):
    write(tmp_path, "parent.yaml", "extends: classic\n")
    err = load_error(write(tmp_path, "child.yaml",
                           "extends: parent.yaml\nkinds:\n  skip:\n    on_play: draw(nxt, 1)\n"))
    assert err.file.endswith("child.yaml") and err.line == 4


def test_null_in_an_overlay_removes_the_inherited_value(tmp_path):
    rules = load_ruleset(write(tmp_path, "soft.yaml",
                               "extends: classic\nkinds:\n  draw_two:\n    on_going_out: null\n"))
    assert rules.kinds["draw_two"].on_going_out == ()
    assert rules.kinds["wild_draw_four"].on_going_out


# --- options ----------------------------------------------------------------------------------

# The declared options, then every bundled house rule as a switch (off).
CLASSIC_DEFAULTS = {"target_score": 500, "hands": 0, "challenge": False,
                    "draw_until_playable": False, "forced_play": False, "jump_in": False,
                    "partners": False, "seven_o": False, "single_hand": False,
                    "stacking": False, "silent_uno": False,
                    "winner_deals": False, "strict_forced_play": False, "low_score": False,
                    "elimination": False, "pass_cards": False}


def test_classic_options_default_as_declared():
    rules = load_ruleset("classic")
    assert dict(rules.options) == CLASSIC_DEFAULTS
    assert (rules.target_score, rules.hands, rules.draw_until_playable, rules.max_draws) == \
        (500, 0, False, 0)


@pytest.mark.parametrize("name, raw, value, setting", [
    ("challenge", "true", True, None),
    ("challenge", "TRUE", True, None),
    ("challenge", "yes", True, None),
    ("challenge", "false", False, None),
    ("challenge", True, True, None),
    ("target_score", "3", 3, "target_score"),
    ("target_score", " 250 ", 250, "target_score"),
    ("target_score", 250, 250, "target_score"),
    ("hands", "1", 1, "hands"),
    ("draw_until_playable", "true", True, "draw_until_playable"),
])
def test_option_overrides_accept_strings_and_values(name, raw, value, setting):
    rules = load_ruleset("classic", {name: raw})
    assert rules.options[name] == value and type(rules.options[name]) is type(value)
    if setting is not None:
        assert getattr(rules, setting) == value


@pytest.mark.parametrize("ref, options", [
    ("classic", {"max_draws": "3"}),
    ("classic", {"max_draws": "-1"}),
    ("classic", {"draw_until_playable": False, "max_draws": "3"}),
    ("crazy_eights", {"max_draws": 2}),
])
def test_an_option_of_a_house_rule_that_is_off_is_refused_naming_the_rule(ref, options):
    err = load_error(ref, options, error=OptionError)
    assert "option max_draws belongs to the house rule draw_until_playable" in err.message
    assert "--option draw_until_playable=true" in err.message


@pytest.mark.parametrize("ref, options", [
    ("classic", {"draw_until_playable": True, "max_draws": "3"}),
    ("classic+house/draw_until_playable", {"max_draws": 3}),
])
def test_an_option_of_a_house_rule_that_is_on_is_taken(ref, options):
    assert load_ruleset(ref, options).max_draws == 3


def test_an_unknown_option_is_an_option_error_with_a_suggestion():
    err = load_error("classic", {"challange": "true"}, error=OptionError)
    assert not isinstance(err, RulesetError)
    assert "did you mean 'challenge'" in err.message
    assert "target_score" in err.message  # lists the known options


@pytest.mark.parametrize("name, raw", [
    ("challenge", "maybe"),
    ("challenge", 1),
    ("target_score", "many"),
    ("target_score", "2.5"),
    ("hands", True),
    ("hands", ""),
])
def test_an_option_of_the_wrong_type_is_refused(name, raw):
    err = load_error("classic", {name: raw}, error=OptionError)
    assert name in err.message and repr(raw) in err.message


@pytest.mark.parametrize("name, raw, minimum", [
    ("target_score", "0", 1),
    ("target_score", -5, 1),
    ("hands", "-1", 0),
    ("max_draws", "-1", 0),
])
def test_an_option_below_its_minimum_is_refused(name, raw, minimum):
    err = load_error("classic", {name: raw, "draw_until_playable": True}, error=OptionError)
    assert name in err.message and str(minimum) in err.message


def test_an_option_without_a_maximum_says_at_least_not_between_1_and_none():
    err = load_error("classic", {"target_score": "0"}, error=OptionError)
    assert "None" not in err.message


def test_an_overlay_may_change_option_defaults(tmp_path):
    rules = load_ruleset(write(tmp_path, "house.yaml",
                               "extends: classic\noptions:\n  hands: {default: 3}\n"))
    assert rules.options["hands"] == 3 and rules.hands == 3
    assert rules.option_specs["hands"]["type"] == "integer"


@pytest.mark.parametrize("spec", [
    "{type: boolean, default: 3}",
    "{type: integer, default: 'three'}",
    "{type: integer, default: true}",
    "{type: integer, default: 0, minimum: 1}",
])
def test_an_option_default_must_fit_its_own_declaration(tmp_path, spec):
    load_error(write(tmp_path, "opt.yaml", f"extends: classic\noptions:\n  fast: {spec}\n"))


@pytest.mark.parametrize("players", ["{min: 2, max: 3, default: 4}", "{min: 5, max: 3}"])
def test_player_counts_must_be_consistent(tmp_path, players):
    err = load_error(write(tmp_path, "seats.yaml", f"extends: classic\nplayers: {players}\n"))
    assert err.line == 2


@pytest.mark.parametrize("setting, fragment", [
    ("turn: {max_draws: option.nope}", "unknown option 'nope'"),
    ("turn: {max_draws: top}", "options and constants only"),
    ("turn: {max_draws: 'true'}", "whole number"),
    ("turn: {play_drawn: '1 + 1'}", "true or false"),
])
def test_settings_given_as_expressions_are_checked(tmp_path, setting, fragment):
    err = load_error(write(tmp_path, "setting.yaml", f"extends: classic\n{setting}\n"))
    assert fragment in err.message and err.line == 2


@pytest.mark.parametrize("text", [
    "name: quiet\ntitle: Quiet\nuno: {call: false}\n",  # a house rule without `overlay: true`
    "name: mine\nkinds:\n  skip: {points: 30}\n",        # a variant without `extends:`
])
def test_a_file_that_adds_to_a_game_without_saying_so_is_told_how(tmp_path, text):
    """A file lacking what makes a game is most likely meant to add to one: the error says how
    a house rule (`overlay: true`, put on a base) and a variant (`extends:`) say so."""
    err = load_error(write(tmp_path, "quiet.yaml", text))
    assert "the ruleset has no 'colors'" in err.message
    assert "`overlay: true`" in err.message and "+quiet.yaml` on the command line" in err.message
    assert "starts with `extends: " in err.message
    overlay = write(tmp_path, "quiet.yaml", "overlay: true\n" + text)
    assert load_ruleset(f"classic+{overlay}").name.endswith("quiet.yaml")


def test_a_whole_game_without_a_name_is_told_only_that(tmp_path):
    """A missing name is a game's own omission, not a sign of a house rule."""
    game = yaml.safe_load(CLASSIC_FILE.read_text())
    del game["name"]
    err = load_error(write(tmp_path, "unnamed.yaml", yaml.safe_dump(game)))
    assert err.message == ("the ruleset has no 'name' (required: name, colors, kinds, deck, "
                           "playable, scoring)")


# --- bundled files and the schema -----------------------------------------------------------

BUNDLED = sorted(RULESETS.rglob("*.yaml"))
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml")) if EXAMPLES.is_dir() else []


@pytest.fixture(scope="module")
def schema():
    return json.loads(SCHEMA_FILE.read_text())


def test_there_are_bundled_rulesets():
    assert CLASSIC_FILE in BUNDLED


@pytest.mark.parametrize("path", BUNDLED + EXAMPLE_FILES, ids=lambda p: p.name)
def test_bundled_yaml_names_the_schema_on_its_first_line_and_validates(path, schema):
    first = path.read_text().split("\n", 1)[0]
    match = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert match, f"{path.name} starts with {first!r}"
    named = path.parent / match.group(1)
    assert named.is_file() and json.loads(named.read_text()) == schema
    data = yaml.safe_load(path.read_text())
    jsonschema.Draft202012Validator(schema).validate(data)
    if data.get("overlay"):
        with pytest.raises(RulesetError, match="is an overlay"):
            load_ruleset(path)
        load_ruleset(f"classic+{path}")
    else:
        load_ruleset(path)


def test_the_schema_is_valid_draft_2020_12(schema):
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    assert jsonschema.validators.validator_for(schema) is jsonschema.Draft202012Validator
