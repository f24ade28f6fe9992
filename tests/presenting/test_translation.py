"""The languages houserules speaks: every marked message translated in every shipped catalog
with the same placeholders, the language chosen as gettext chooses it (or by --lang), and the
terminal's first screen in each language's script."""

import io
import re
import sys
import unicodedata
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from helpers import PLACEHOLDER, assert_translated, cli_here
from interpreter.presenting import translation

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("ur", "gu", "pa", "bn")
# Each language's script, as Unicode names its letters; and a locale that asks for it.
SCRIPTS = {"ur": "ARABIC", "gu": "GUJARATI", "pa": "GURMUKHI", "bn": "BENGALI"}
LOCALES = {"ur": "ur_PK.UTF-8", "gu": "gu_IN.UTF-8", "pa": "pa_IN.UTF-8", "bn": "bn_BD.UTF-8"}
FIRST_SCREEN = ["play", "classic", "--seed", "1"]


def marked_messages() -> dict:
    """Every message marked in the package's code, as Babel's extraction (babel.cfg) finds it."""
    found = {}
    with open(ROOT / "babel.cfg") as config:
        from babel.messages.frontend import parse_mapping_cfg
        method_map, options_map = parse_mapping_cfg(config)
    for filename, line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map, options_map):
        found[message if isinstance(message, str) else message[0]] = (message, f"{filename}:{line}")
    return found


def catalog(lang: str):
    with open(translation.CATALOGS / lang / "LC_MESSAGES" / f"{translation.DOMAIN}.po", "rb") as po:
        return read_po(po, locale=lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_marked_message_is_translated_with_its_placeholders(lang):
    assert_translated(catalog(lang), marked_messages(), lang, translation.DOMAIN)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_builtin_s_words_are_translated_in_every_form(lang):
    """Each builtin's `says` (builtins.py), in every form explain tells it (words.told_forms:
    a counted `{1} cards` for a number or as the count alone, `this center pile`), has a
    translation in the catalog that keeps its placeholders."""
    from interpreter.language.builtins import ROWS
    from interpreter.presenting.sentences import told_forms
    shipped = catalog(lang)
    for row in ROWS:
        for form in told_forms(row):
            key = form if isinstance(form, str) else form[0]
            entry = shipped.get(key)
            assert entry is not None and entry.string and all(entry.string), (row.name, form)
            forms = [entry.string] if isinstance(entry.string, str) else list(entry.string)
            english = form if isinstance(form, str) else form[-1]
            assert all(sorted(PLACEHOLDER.findall(said)) == sorted(PLACEHOLDER.findall(english))
                       for said in forms), (row.name, forms)


def test_the_template_is_up_to_date():
    with open(translation.CATALOGS / f"{translation.DOMAIN}.pot", "rb") as pot:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(pot) if m.id}
    assert template == set(marked_messages()), "run pybabel extract (docs/translating.md)"


@pytest.fixture
def speaking(monkeypatch):
    """The environment cleared of the language variables; English again afterwards."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    yield monkeypatch
    translation.choose("en")


def first_screen(argv) -> str:
    """The first screen of the terminal game: the table, the help, then quit."""
    sys_stdin = sys.stdin
    sys.stdin = io.StringIO("h\nq\ny\n")
    try:
        code, out = cli_here(argv)
    finally:
        sys.stdin = sys_stdin
    assert code == 0, out
    return out


def share_in_script(text: str, lang: str) -> float:
    """The share of the letters of `text` (vowel signs included, as Unicode's marks) that
    are of `lang`'s script."""
    letters = [ch for ch in text if unicodedata.category(ch)[0] in "LM"]
    return sum(unicodedata.name(ch, "").startswith(SCRIPTS[lang]) for ch in letters) / len(letters)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variable", ["LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"])
def test_the_environment_chooses_the_language(speaking, lang, variable):
    speaking.setenv(variable, LOCALES[lang] if variable != "LANGUAGE" else f"{lang}:en")
    screen = first_screen(FIRST_SCREEN)
    assert share_in_script(screen, lang) >= 0.5, screen
    assert translation.language() == lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explain_speaks_the_language_asked(speaking, lang):
    speaking.setenv("LANG", LOCALES[lang])
    code, told = cli_here(["explain", "classic"])
    assert code == 0 and share_in_script(told, lang) >= 0.5, told
    assert told.startswith({"ur": "کلاسک UNO\n", "gu": "ક્લાસિક UNO\n", "pa": "ਕਲਾਸਿਕ UNO\n",
                            "bn": "ক্লাসিক UNO\n"}[lang])
    english = cli_here(["--lang", "en", "explain", "classic"])[1]
    assert english.startswith("Classic UNO\n===") and share_in_script(english, lang) == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lang_chooses_and_en_brings_english_back(speaking, lang):
    speaking.setenv("LANG", "C.UTF-8")
    assert share_in_script(first_screen(["--lang", lang, *FIRST_SCREEN]), lang) >= 0.5
    speaking.setenv("LANG", LOCALES[lang])
    screen = first_screen(["--lang", "en", *FIRST_SCREEN])
    assert screen.startswith("Classic UNO: you are seat 0 of 4. Type h for help.\n")
    assert "How to play (answers may be typed in capitals or not):" in screen


@pytest.mark.parametrize("asked", ["xx", "xx_YY.UTF-8", "C", ""])
def test_an_unknown_language_speaks_english(speaking, asked):
    speaking.setenv("LANG", asked)
    assert first_screen(FIRST_SCREEN).startswith("Classic UNO: you are seat 0 of 4.")
    assert first_screen(["--lang", asked or "xx", *FIRST_SCREEN]).startswith("Classic UNO: you are")


@pytest.mark.parametrize("lang, one, many", [
    ("ur", "بوٹ 1: 1 کارڈ", "بوٹ 1: 2 کارڈ"),
    ("bn", "বট 1: 1টি কার্ড", "বট 1: 2টি কার্ড"),
])
def test_counted_messages_take_each_language_s_plural_form(speaking, lang, one, many):
    translation.choose(lang)
    said = [translation.ngettext("{player}: {count} card", "{player}: {count} cards", n)
            .format(player=translation._("Bot {number}").format(number=1), count=n) for n in (1, 2)]
    assert said == [one, many]


def test_shipped_lists_the_compiled_catalogs():
    assert translation.shipped() == ["en", "bn", "gu", "pa", "ur"]


TRANSLATED = """\
name: spoken
extends: classic
title: {en: Spoken UNO, ur: بولنے والا UNO}
kinds:
  skip:
    text: {en: Skips the next player., bn: পরের খেলোয়াড়কে বাদ দেয়।}
"""


def test_a_ruleset_gives_its_words_per_language(speaking, tmp_path):
    path = tmp_path / "spoken.yaml"
    path.write_text(TRANSLATED, encoding="utf-8")
    from interpreter.building.ruleset import load_ruleset
    from interpreter.presenting.explain import explain
    rules = load_ruleset(str(path))
    assert (rules.title, rules.kinds["skip"].text) == ("Spoken UNO", "Skips the next player.")
    for lang, title, skip in [("en", "Spoken UNO", "Skips the next player."),
                              ("ur", "بولنے والا UNO", "Skips the next player."),
                              ("bn", "Spoken UNO", "পরের খেলোয়াড়কে বাদ দেয়।")]:
        translation.choose(lang)
        told = explain(rules)
        assert told.startswith(title + "\n") and skip in told, (lang, told)


def test_translations_leave_a_ruleset_s_digest_as_it_was(tmp_path):
    from interpreter.building.ruleset import load_ruleset
    english = tmp_path / "english.yaml"
    english.write_text(TRANSLATED.replace("{en: Spoken UNO, ur: بولنے والا UNO}", "Spoken UNO")
                       .replace("{en: Skips the next player., bn: পরের খেলোয়াড়কে বাদ দেয়।}",
                                "Skips the next player."), encoding="utf-8")
    spoken = tmp_path / "spoken.yaml"
    spoken.write_text(TRANSLATED, encoding="utf-8")
    assert load_ruleset(str(english)).digest == load_ruleset(str(spoken)).digest


@pytest.mark.parametrize("title", ["{ur: بولنے والا UNO}", "{en: Spoken, urdu: x}", "{en: ''}"])
def test_words_per_language_need_english_and_language_codes(tmp_path, title):
    path = tmp_path / "spoken.yaml"
    path.write_text(TRANSLATED.replace("{en: Spoken UNO, ur: بولنے والا UNO}", title),
                    encoding="utf-8")
    code, out = cli_here(["validate", str(path)])
    assert code == 2


def test_every_catalog_ships_in_the_wheel():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and later
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    for po in translation.CATALOGS.glob(f"*/LC_MESSAGES/{translation.DOMAIN}.po"):
        package = f"interpreter.locale.{po.parent.parent.name}.LC_MESSAGES"
        assert package in setuptools["packages"] and setuptools["package-data"][package] == ["*.mo"]


def test_each_context_speaks_its_own_language():
    """Two seats' requests, at once in two threads, each in its language; the caller's
    own language is untouched."""
    from concurrent.futures import ThreadPoolExecutor

    def say(lang):
        with translation.speaking(lang):
            return translation.language(), translation.ngettext("{count} card", "{count} cards", 3)

    with ThreadPoolExecutor(2) as pool:
        said = list(pool.map(say, ["ur", "bn", None, "xx"]))
    assert [lang for lang, _ in said] == ["ur", "bn", "en", "en"]
    assert said[0][1] != said[1][1] != "{count} cards" and said[2][1] == "{count} cards"
    assert translation.language() == "en"


# --- every screen a player reads, in each language --------------------------------------------

def bundled() -> list:
    """Every bundled game, and classic with each bundled house rule."""
    from interpreter.loading.source import bundled_dir, bundled_rulesets, read_yaml
    refs = []
    for name in bundled_rulesets():
        overlay = read_yaml(bundled_dir("rulesets") / f"{name}.yaml").data.get("overlay")
        refs.append(f"classic+{name}" if overlay else name)
    return refs


@pytest.fixture(scope="module")
def loaded():
    """Each bundled ruleset, loaded once for the module."""
    from interpreter.building.ruleset import load_ruleset
    return {ref: load_ruleset(ref) for ref in bundled()}


def identifiers(rules) -> set:
    """The words of the names a ruleset gives (cards, kinds, colours, options, effects, rules,
    attributes and their values, chances, questions, rows, sides): its own identifiers, said as
    the file writes them, which the share of a script leaves aside."""
    data = rules.source.data
    names = [rules.name, rules.call_word, *rules.kinds, *rules.option_specs, *rules.overlays,
             *rules.effects, *rules.chances, *(data.get("questions") or {}),
             *(data.get("attributes") or {}), *(r.name for r in rules.triggers.every),
             *(row.name for row in rules.rows), *(rules.sides or ())]
    names += [str(value) for values in rules.chances.values() for value in values]
    names += [str(value) for card in rules.faces for value in card.attrs.values()]
    names += [color for colors in (rules.side_colors or [rules.colors]) for color in colors]
    names += [card.name for card in rules.faces] + [str(v) for v in rules.options.values()]
    return {word.lower() for name in names for word in re.findall(r"[A-Za-z]+", str(name))}


def texts(rules) -> list:
    """The ruleset's own sentences in English (its title, description, kinds' and rules'
    texts): translating them is the ruleset's part (docs/rules.md, Words in several languages)."""
    said = [rules.title, rules.description, *(kind.text for kind in rules.kinds.values()),
            *(rule.text for rule in rules.triggers.every)]
    return sorted((" ".join(text.split()) for text in said if text), key=len, reverse=True)


def aside(text: str, words: set, sentences=()) -> str:
    """`text` without the ruleset's own sentences and identifiers (`red`, `draw_two`)."""
    text = " ".join(text.split(" "))
    for sentence in sentences:
        text = text.replace(sentence, "")
    return re.sub(r"[A-Za-z]+", lambda found: "" if found.group().lower() in words
                  else found.group(), text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explain_of_every_bundled_ruleset_speaks_the_language(monkeypatch, loaded, lang):
    """explain's own words and the effect language's sentences (words.py), for every bundled
    game and house rule: the ruleset's texts (its translations are the ruleset's) are left
    aside, as are the names the ruleset gives."""
    from interpreter.presenting import explain
    monkeypatch.setattr(explain, "said", lambda text, english: "")
    monkeypatch.setattr(explain, "either", lambda wording: "…")
    with translation.speaking(lang):
        for ref, rules in loaded.items():
            told = aside(explain.explain(rules), identifiers(rules))
            assert share_in_script(told, lang) >= 0.5, (ref, told)
            english = re.findall(r"\b[a-z]+ [a-z]+ [a-z]+\b", told)  # three English words
            assert not english, (ref, english)


def written_texts(rules) -> list:
    """The ruleset's own sentences in English as explain shows them (its title, description,
    the cards', options', attributes' and named rules' texts, the questions' wordings), each
    on one line: those of three words or more."""
    from interpreter.loading.source import NAMES, in_english
    from interpreter.loading.translations import said_leaves
    found = [" ".join(text.split()) for path, text in said_leaves(in_english(rules.source.data))
             if isinstance(text, str) and path[0] not in (NAMES, "variables")
             and "words" not in path]
    return [text for text in found if len(text.split()) >= 3]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explain_says_every_text_of_every_bundled_ruleset_in_the_language(monkeypatch, loaded,
                                                                           lang):
    """No text a bundled game or house rule gives (its translations files say them all) is
    left in English by explain (the effect language's sentences, words.py's, aside)."""
    from interpreter.presenting import explain
    monkeypatch.setattr(explain, "sentence", lambda *args, **kwargs: "…")
    with translation.speaking(lang):
        for ref, rules in loaded.items():
            told = " ".join(explain.explain(rules).split())
            english = [text for text in written_texts(rules) if text in told]
            assert not english, (ref, english)


HOUSE_RULES_ON = ["--option", "seven_o=true", "--option", "challenge=true",
                  "--option", "stacking=true"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explain_says_the_named_rules_texts_in_the_language(speaking, lang):
    from interpreter.building.ruleset import load_ruleset
    speaking.setenv("LANG", LOCALES[lang])
    code, told = cli_here(["explain", "classic", *HOUSE_RULES_ON])
    rules = load_ruleset("classic+house/seven_o+house/challenge+house/stacking")
    assert code == 0 and len(rules.triggers.every) == 4
    for rule in rules.triggers.every:
        said = rules.source.data["rules"][rule.name]["text"]
        assert f"({said[lang]})" in told and rule.text not in told, (rule.name, told)
    english = cli_here(["--lang", "en", "explain", "classic", *HOUSE_RULES_ON])[1]
    assert all(f"({rule.text})" in english for rule in rules.triggers.every)


def scripted_person(terminal):
    """A `read` for the terminal game that answers each question as a person would type it
    (the first playable card, calling UNO when it leaves one card; the first colour, player
    or card offered; no to a question or a window), and quits when the first hand is over."""
    from interpreter.engine.decisions import DONE, DRAW
    asked: list = []
    quits = iter(("q", "y"))  # at the next hand's prompt: quit, and lose the game

    def read(prompt):
        asked.append(prompt)
        assert len(asked) < 500, "the scripted hand does not end"
        game, me = terminal.session.game, terminal.session.seat
        decision = game.decision
        if decision is None:  # the hand is over
            return next(quits)
        hand = terminal.hand()
        mine = [i for i, card in enumerate(hand, 1)
                if any(card is option for option in decision.options)
                or (decision.kind == "play" and card in decision.options)]
        if decision.seat != me or decision.kind in ("catch", "jump_in"):
            return "n"  # a window: let it go
        if decision.kind == "play":
            if mine:
                return f"{mine[0]} uno" if len(hand) == 2 else str(mine[0])
            return "d" if DRAW in decision.options else "p"
        if decision.kind == "card":
            return "done" if DONE in decision.options else str(mine[0] if mine else 1)
        if decision.kind in ("play_drawn", "uno"):
            return "y"
        if decision.kind == "target":
            return str(decision.options[0])
        if set(decision.options) == {True, False}:
            return "n"
        return "1"  # a colour, a pile, a card to jump in with, a question's first answer
    return read


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset, seed, players", [("classic", 3, 2), ("mario_kart", 23, 3)])
def test_a_played_hand_speaks_the_language_to_its_end(lang, ruleset, seed, players):
    """A whole hand at the terminal, its first screen to its end (the hand's result, the
    totals, the question to quit), answered by a scripted person: at least half of its
    letters in the language's script, the names the ruleset gives aside."""
    from interpreter.building.ruleset import load_ruleset
    from interpreter.playing.session import Session
    from interpreter.terminal.game import TerminalGame
    out = io.StringIO()
    with translation.speaking(lang):
        session = Session(ruleset, {}, players, 0, "heuristic", seed)
        terminal = TerminalGame(session, out=out, color=False, width=100)
        terminal.read = scripted_person(terminal)
        assert terminal.run() == 0
        said = out.getvalue()
        over = translation._("Totals: {totals}").split("{")[0]
        bye = translation._("Bye.")
    assert over in said and said.rstrip().endswith(bye), said
    rules = load_ruleset(ruleset)
    told = aside(said.replace("\n", " "), identifiers(rules), texts(rules))
    assert share_in_script(told, lang) >= 0.5, said
    assert not re.findall(r"\b[a-z]+ [a-z]+ [a-z]+\b", told), said


@pytest.mark.parametrize("argv", [
    ["simulate", "classic", "--games", "3", "--jobs", "1", "--json"],
    ["compare", "classic", "classic+house/stacking", "--games", "5", "--jobs", "1", "--json"],
])
def test_json_output_stays_english(speaking, argv):
    """--json is for programs: the same keys and values in every language (the speed aside)."""
    import json

    def told(lang):
        code, out = cli_here(["--lang", lang, *argv])
        assert code == 0, out
        return {key: value for key, value in json.loads(out).items() if "second" not in key}
    english = told("en")
    assert all(told(lang) == english for lang in LANGUAGES)


@pytest.mark.parametrize("argv, code", [
    (["play", "no_such_game"], 2),
    (["explain", "classic", "--option", "no_such_option=1"], 2),
    (["simulate", "classic", "--games", "0"], 2),
])
def test_errors_keep_their_codes_and_english_words(speaking, capsys, argv, code):
    """A one-line error is the same in every language (docs/translating.md: errors are
    searched for and quoted in reports), and so is its exit code."""
    said = {}
    for lang in ("en", *LANGUAGES):
        assert cli_here(["--lang", lang, *argv])[0] == code
        said[lang] = capsys.readouterr().err
    assert said["en"].startswith("error: ") and len(set(said.values())) == 1, said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_speaks_the_language(speaking, capsys, lang):
    """--help, argparse's own headings and usage line too, in the language asked."""
    for argv in (["--lang", lang, "--help"], ["--lang", lang, "play", "--help"]):
        assert cli_here(argv)[0] == 0
        helped = capsys.readouterr().out
        assert share_in_script(helped, lang) >= 0.5, helped
        assert "usage:" not in helped and "options:" not in helped
    speaking.setenv("LANG", LOCALES[lang])
    assert cli_here(["--help"])[0] == 0
    assert share_in_script(capsys.readouterr().out, lang) >= 0.5


@pytest.mark.parametrize("argv, asked", [
    (["--lang", "ur", "play", "--help"], "ur"),
    (["--lang=bn", "list"], "bn"),
    (["--rules-path", "rules", "--lang", "gu", "explain", "classic"], "gu"),
    (["explain", "--lang", "pa"], None),  # after the command: the command's, not ours
    (["--rules-path", "rules"], None),
    ([], None),
])
def test_the_language_asked_is_read_before_the_help_is_built(argv, asked):
    from interpreter.cli.main import asked_language
    assert asked_language(argv) == asked
