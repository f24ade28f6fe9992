"""A ruleset's words in other languages: translations files beside it (NAME.LANG.yml), checked
at load with file, line and column; the bundled games and house rules carry all five
languages; and translations change no rule (the digest)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from interpreter import load_ruleset
from interpreter.errors import RulesetError
from interpreter.loading.extends import load_source
from interpreter.loading.source import NAMES, is_said
from interpreter.loading.translations import known_names, said_leaves, translation_files

LANGUAGES = ("ur", "gu", "pa", "bn")
GAMES = ("classic", "mario_kart", "uno_flip", "no_mercy", "crazy_eights", "all_wild", "classic_2018", "dos",
         "uno_attack")
HOUSE = tuple(sorted(f"house/{p.stem}" for p in
                     (Path(__file__).resolve().parents[2] / "rulesets" / "house").glob("*.yaml")))


def untranslated(data: dict, lang: str) -> list:
    """The key paths of the texts not given in `lang`."""
    return [path for path, said in said_leaves(data)
            if path[0] != NAMES and not (isinstance(said, dict) and lang in said)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", GAMES + HOUSE)
def test_every_bundled_ruleset_has_every_text_in_every_language(name, lang):
    source = load_source(name)
    assert not untranslated(source.data, lang), f"{name} says these only in English in {lang}"
    assert any(found == lang for found, _ in translation_files(
        Path(__file__).resolve().parents[2] / "rulesets" / f"{name}.yaml")) or name == "classic"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_every_bundled_game_names_its_colours_kinds_options_and_item_values_in_every_language(
        name, lang):
    data = load_ruleset(name).source.data
    names = data.get(NAMES) or {}
    missing = [n for n in known_names(data) if lang not in (names.get(n) or {})]
    assert not missing, f"{name} has no {lang} words for {missing}"
    for attribute, spec in (data.get("attributes") or {}).items():
        for value, words in (spec.get("words") or {}).items():
            assert isinstance(words, dict) and lang in words, (attribute, value)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", HOUSE)
def test_every_bundled_house_rule_names_its_options_in_every_language(name, lang):
    """(The kinds a house rule changes are named by the game it is played on.)"""
    data = load_source(name).data
    names = data.get(NAMES) or {}
    missing = [n for n in known_names({"options": data.get("options")})
               if lang not in (names.get(n) or {})]
    assert not missing, f"{name} has no {lang} words for {missing}"


SCHEMAS = Path(__file__).resolve().parents[2] / "schema"
SAID = {"said", "saidWord", "saidWording", "name"}  # the ruleset schema's words for people


def said_paths(node, schema: dict, path: tuple = (), seen: frozenset = frozenset()):
    """The key path (an entry of a table as `*`) of every text for people the ruleset schema
    lets a ruleset give (one text, or one per language)."""
    if isinstance(node, list):
        for item in node:
            yield from said_paths(item, schema, path, seen)
        return
    if not isinstance(node, dict):
        return
    ref = node.get("$ref", "")
    name = ref.rpartition("/")[2]
    if name in SAID:
        yield path
    elif ref.startswith("#/$defs/") and name not in seen:
        yield from said_paths(schema["$defs"][name], schema, path, seen | {name})
    for key, inner in (node.get("properties") or {}).items():
        yield from said_paths(inner, schema, path + (key,), seen)
    if isinstance(node.get("additionalProperties"), dict):
        yield from said_paths(node["additionalProperties"], schema, path + ("*",), seen)
    for key in ("anyOf", "oneOf", "allOf"):
        yield from said_paths(node.get(key), schema, path, seen)


def test_every_text_a_ruleset_gives_people_is_one_a_translations_file_may_give():
    """The texts the ruleset schema lets be given per language are the loader's (is_said:
    what the completeness test above walks, the digest reads in English) and the
    translation schema's, every one."""
    ruleset = json.loads((SCHEMAS / "ruleset.schema.json").read_text())
    words = json.loads((SCHEMAS / "translation.schema.json").read_text())
    paths = set(said_paths(ruleset, ruleset))
    assert {("rules", "*", "text"), ("attributes", "*", "help"), ("variables", "*", "help"),
            ("kinds", "*", "text"), ("options", "*", "help"), ("title",)} <= paths
    for path in paths:
        assert is_said(tuple("x" if key == "*" else key for key in path)), path
        node = words
        for key in path:
            node = node.get("additionalProperties") if key == "*" else \
                (node.get("properties") or {}).get(key)
            assert isinstance(node, dict), f"the translation schema has no {path}"


# --- a bad translations file: one message at its file, line and column -----------------------

RULESET = "extends: classic\nname: mine\ntitle: {en: Mine, bn: আমার}\n"

BAD = [
    ("kinds:\n  skipp:\n    text: x\n", "mine.ur.yml:3:5",
     "has nothing there to translate (did you mean 'skip'?)"),
    ("names:\n  rde: x\n", "mine.ur.yml:2:8",
     "the ruleset has no colour, kind, side, rank, option or chance named 'rde' to translate (did you mean 'red'?)"),
    ("kinds:\n  skip:\n    txt: x\n", "mine.ur.yml:3:10", "unknown key 'txt' (did you mean 'text'?)"),
    ("options:\n  hands:\n    help: [a, b]\n", "mine.ur.yml:3:11", "is not of type 'string'"),
    ("questions:\n  challenge:\n    text: x\n", "mine.ur.yml:2:3", "has nothing there to translate"),
    ("title: x\ntitel: y\n", "mine.ur.yml:2:8", "unknown key 'titel' (did you mean 'title'?)"),
    ("bogus: y\n", "mine.ur.yml:1:1", "this file is not a translation"),
    ("title: [x\n", "mine.ur.yml:", "malformed YAML"),
]


@pytest.mark.parametrize("words, where, message", BAD)
def test_a_bad_translations_file_is_one_message_at_its_place(tmp_path, words, where, message):
    (tmp_path / "mine.yaml").write_text(RULESET)
    (tmp_path / "mine.ur.yml").write_text(words)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(tmp_path / "mine.yaml")
    said = str(caught.value)
    assert where in said and message in said, said
    assert "Traceback" not in said


@pytest.mark.parametrize("extends, words, message", [
    ("[classic, house/challenge]", "questions:\n  challenge:\n    yes_label: [a, b]\n",
     "as one text; translate it in the same shape"),
    ("mario_kart", "attributes:\n  item:\n    words: {mushrom: x}\n",
     "the attribute 'item' has no value 'mushrom' to translate (did you mean 'mushroom'?)"),
])
def test_a_translation_keeps_the_shape_and_values_the_ruleset_has(tmp_path, extends, words, message):
    (tmp_path / "mine.yaml").write_text(f"extends: {extends}\nname: mine\n")
    (tmp_path / "mine.gu.yml").write_text(words)
    with pytest.raises(RulesetError, match="mine.gu.yml:3:") as caught:
        load_ruleset(tmp_path / "mine.yaml")
    assert message in str(caught.value)


def test_a_text_given_inline_and_in_the_file_in_one_language_names_both(tmp_path):
    (tmp_path / "mine.yaml").write_text(RULESET)
    (tmp_path / "mine.bn.yml").write_text("title: আবার\n")
    with pytest.raises(RulesetError, match=r"mine.bn.yml:1:8: .*the bn text of \$.title is given "
                                           r"in .*mine.yaml line 3 too"):
        load_ruleset(tmp_path / "mine.yaml")


@pytest.mark.parametrize("ruleset, words, where, message", [
    ("extends: [classic, house/seven_o]\n", "rules:\n  seven_swap:\n    text: x\n", "3:5",
     "has nothing there to translate (did you mean 'seven_swaps'?)"),
    ("extends: [classic, house/seven_o]\n", "rules:\n  seven_swaps:\n    txt: x\n", "3:10",
     "unknown key 'txt' (did you mean 'text'?)"),
    ("extends: classic\n", "rules:\n  seven_swaps:\n    text: x\n", "2:3",
     "has nothing there to translate"),
    ("extends: classic\nrules:\n  quiet: {when: turn_started, do: ''}\n",
     "rules:\n  quiet:\n    text: x\n", "3:11", "has nothing there to translate"),
    ("extends: crazy_eights\n", "variables:\n  play:\n    help: x\n", "3:5",
     "has nothing there to translate (did you mean 'plays'?)"),
    ("extends: classic\nattributes:\n  heavy: {default: 1}\n",
     "attributes:\n  heavy:\n    help: x\n", "3:11", "has nothing there to translate"),
    ("extends: mario_kart\n", "attributes:\n  item:\n    help: [a]\n", "3:11",
     "is not of type 'string'"),
    ("extends: classic\nrules:\n  quiet: {when: turn_started, do: '', text: {en: Hush., ur: x}}\n",
     "rules:\n  quiet:\n    text: y\n", "3:11", "the ur text of $.rules.quiet.text is given in"),
])
def test_a_rule_s_text_or_a_help_that_names_nothing_is_one_message_at_its_place(
        tmp_path, ruleset, words, where, message):
    (tmp_path / "mine.yaml").write_text(ruleset + "name: mine\n")
    (tmp_path / "mine.ur.yml").write_text(words)
    with pytest.raises(RulesetError) as caught:
        load_ruleset(tmp_path / "mine.yaml")
    said = str(caught.value)
    assert f"mine.ur.yml:{where}:" in said and message in said, said


RULES_AND_HELP = """\
extends: classic
name: mine
attributes:
  heavy: {default: 1, help: How much a card weighs.}
variables:
  turns: {per_seat: true, shown: true, help: Turns taken}
rules:
  count_turns:
    when: turn_started
    text: Each turn is counted.
    do: set_seat_var("turns", player, seat_var("turns", player) + 1)
"""
RULES_AND_HELP_UR = """\
attributes:
  heavy:
    help: کارڈ کتنا بھاری ہے۔
variables:
  turns:
    help: لی گئی باریاں
rules:
  count_turns:
    text: ہر باری گنی جاتی ہے۔
"""


def test_a_rule_s_text_and_the_help_of_attributes_and_variables_are_said_in_the_language(tmp_path):
    from interpreter import GameState
    from interpreter.presenting.explain import explain
    from interpreter.presenting.translation import speaking
    from interpreter.presenting.view import seat_view
    (tmp_path / "mine.yaml").write_text(RULES_AND_HELP)
    before = load_ruleset(tmp_path / "mine.yaml")
    (tmp_path / "mine.ur.yml").write_text(RULES_AND_HELP_UR, encoding="utf-8")
    rules = load_ruleset(tmp_path / "mine.yaml")
    assert rules.digest == before.digest
    assert rules.triggers.every[0].text == "Each turn is counted."
    assert rules.shown_values == (("turns", "Turns taken"),)
    game = GameState(rules, players=2, seed=1)
    with speaking("ur"):
        told = explain(rules)
        assert "(ہر باری گنی جاتی ہے۔)" in told and "heavy: کارڈ کتنا بھاری ہے۔" in told
        assert seat_view(game, 0).values[0][0] == "لی گئی باریاں"
    assert "(Each turn is counted.)" in explain(rules)
    assert seat_view(game, 0).values[0][0] == "Turns taken"


def test_a_rule_s_text_and_a_help_may_be_given_per_language_inline_too(tmp_path):
    from interpreter.presenting.explain import explain
    from interpreter.presenting.translation import speaking
    inline = RULES_AND_HELP.replace("help: How much a card weighs.",
                                    "help: {en: How much a card weighs., bn: কার্ডটি কত ভারী।}")
    inline = inline.replace("text: Each turn is counted.",
                            "text: {en: Each turn is counted., bn: প্রতিটি দান গোনা হয়।}")
    (tmp_path / "mine.yaml").write_text(inline, encoding="utf-8")
    rules = load_ruleset(tmp_path / "mine.yaml")
    assert rules.triggers.every[0].text == "Each turn is counted."
    with speaking("bn"):
        told = explain(rules)
    assert "(প্রতিটি দান গোনা হয়।)" in told and "heavy: কার্ডটি কত ভারী।" in told


# --- translations are words, not rules -------------------------------------------------------

WORDS = {
    "ur": "title: میرا\nkinds:\n  skip:\n    text: اسکیپ\nnames:\n  red: سرخ\n",
    "bn": "options:\n  hands:\n    help: হাত\nnames:\n  blue: নীল\n",
}


def test_adding_translations_changes_no_digest_and_a_parents_come_with_it(tmp_path):
    (tmp_path / "mine.yaml").write_text("extends: classic\nname: mine\ntitle: Mine\n")
    before = load_ruleset(tmp_path / "mine.yaml")
    for lang, words in WORDS.items():
        (tmp_path / f"mine.{lang}.yml").write_text(words)
    after = load_ruleset(tmp_path / "mine.yaml")
    assert after.digest == before.digest
    data = after.source.data
    assert data["title"] == {"en": "Mine", "ur": "میرا"}
    assert data["kinds"]["skip"]["text"]["ur"] == "اسکیپ"
    assert data["kinds"]["skip"]["text"]["gu"]  # classic's own, inline, kept
    assert data[NAMES]["red"] == {"ur": "سرخ", "gu": "લાલ", "pa": "ਲਾਲ", "bn": "লাল"} | {"ur": "سرخ"}
    assert data[NAMES]["blue"]["bn"] == "নীল"
    assert after.source.locate(("title", "ur")).file.endswith("mine.ur.yml")


def test_an_overlays_translations_come_with_it(tmp_path):
    (tmp_path / "mine.yaml").write_text("overlay: true\nname: mine\ntitle: Mine\n"
                                        "options:\n  extra: {type: integer, default: 1, help: More}\n")
    (tmp_path / "mine.pa.yml").write_text("options:\n  extra:\n    help: ਹੋਰ\n")
    rules = load_ruleset(f"classic+{tmp_path / 'mine.yaml'}")
    assert rules.source.data["options"]["extra"]["help"] == {"en": "More", "pa": "ਹੋਰ"}
    assert rules.option_specs["extra"]["help"] == "More"


def test_a_text_written_anew_drops_its_parents_translations(tmp_path):
    (tmp_path / "mine.yaml").write_text("extends: classic\nname: mine\n"
                                        "kinds:\n  skip:\n    text: Skips two.\n")
    assert load_ruleset(tmp_path / "mine.yaml").source.data["kinds"]["skip"]["text"] == "Skips two."


@pytest.mark.parametrize("ref", ["rulesets/classic.ur.yml", "classic+rulesets/house/stacking.bn.yml"])
def test_a_translations_file_named_as_a_ruleset_says_which_ruleset_to_name(ref, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    with pytest.raises(RulesetError, match=r"this is a translations file: the words of "
                                           r"rulesets/(house/)?\w+\.yaml in another language"):
        load_ruleset(ref)


@pytest.mark.parametrize("lang, title", [
    ("en", "Classic UNO + Stacking"),
    ("ur", "کلاسک UNO + اسٹیکنگ"),
    ("bn", "ক্লাসিক UNO + স্ট্যাকিং"),
])
def test_a_base_with_overlays_is_titled_in_each_language(lang, title):
    said = load_ruleset("classic+house/stacking").source.data["title"]
    assert (said[lang] if lang != "en" else said["en"]) == title
