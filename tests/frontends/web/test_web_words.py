"""The browser page's own words (interpreter/web/words.py, the `web` catalog): every word its
scripts and index.html mark is translated in every shipped catalog with the same placeholders,
the template is up to date, the server gives the page its catalog as JSON, a request speaks
the language it names (else its Accept-Language), and one seat's language changes nothing
another seat reads."""

from __future__ import annotations

import gettext
import json
import unicodedata
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from helpers import assert_translated
from interpreter.presenting import translation
from interpreter.web import words

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = ("ur", "gu", "pa", "bn")
SCRIPTS = {"ur": "ARABIC", "gu": "GUJARATI", "pa": "GURMUKHI", "bn": "BENGALI"}
KEYWORDS = {"_": None, "ngettext": (1, 2), "said_here": None, "page_word": None}

starlette = pytest.importorskip("starlette.testclient")


def marked_words() -> dict:
    """Every word the page and the server mark for the page, as Babel finds them by
    babel-web.cfg (docs/translating.md)."""
    with open(ROOT / "babel-web.cfg") as config:
        method_map, options_map = parse_mapping_cfg(config)
    found = {}
    for filename, line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS):
        found[message if isinstance(message, str) else message[0]] = (message, f"{filename}:{line}")
    return found


def catalog(lang: str):
    with open(translation.CATALOGS / lang / "LC_MESSAGES" / f"{words.DOMAIN}.po", "rb") as po:
        return read_po(po, locale=lang)


def test_the_page_marks_its_words():
    found = marked_words()
    for word in ("Create the table", "Colour marks", "What happened", "Let it go",
                 "Keyboard shortcuts", "The hand is over", "{count} card"):
        assert word in found, word
    assert "houserules" not in found  # the brand is a name, not a word


def test_the_template_is_up_to_date():
    with open(translation.CATALOGS / f"{words.DOMAIN}.pot", "rb") as pot:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(pot) if m.id}
    assert template == set(marked_words()), "run pybabel extract -F babel-web.cfg (docs/translating.md)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_word_is_translated_with_its_placeholders(lang):
    shipped = catalog(lang)
    assert not shipped.fuzzy, f"{lang}'s web.po header is fuzzy: pybabel compile would skip it"
    assert_translated(shipped, marked_words(), lang, "web")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_s_catalog_is_given_as_json_with_its_forms(lang):
    said = json.loads(words.page_words(lang))
    assert said["lang"] == lang and said["dir"] == ("rtl" if lang == "ur" else "ltr")
    assert [entry["code"] for entry in said["languages"]] == translation.shipped()
    forms = said["messages"]["{count} card"]
    assert isinstance(forms, list) and len(forms) == 2
    mo = translation.CATALOGS / lang / "LC_MESSAGES" / "web.mo"
    with open(mo, "rb") as compiled:
        plural = gettext.GNUTranslations(compiled).plural  # type: ignore[attr-defined]
    # The page picks form 0 for Intl.PluralRules' `one` (words.js): the catalog's rule
    # agrees with the CLDR's for these languages, 0 counted with 1 but in Urdu.
    assert [plural(n) for n in (0, 1, 2, 5)] == ([1, 0, 1, 1] if lang == "ur" else [0, 0, 1, 1])


@pytest.mark.parametrize("named, accepted, lang", [
    (None, "ur-PK,ur;q=0.9,en;q=0.8", "ur"),
    (None, "en-US,en;q=0.9,bn;q=0.5", "en"),
    (None, "fr-FR,fr;q=0.9,bn-BD;q=0.5", "bn"),
    (None, "gu;q=0.2,pa;q=0.8", "pa"),
    (None, "", "en"),
    (None, None, "en"),
    (None, "ur;q=bad,bn", "bn"),
    ("gu", "ur", "gu"),
    ("pa_IN", None, "pa"),
    ("xx", "ur", "en"),
])
def test_a_request_speaks_the_language_it_names_else_its_browser_s(named, accepted, lang):
    assert words.asked_language(named, accepted) == lang


@pytest.fixture
def client(root):
    from interpreter.web.app import create_app
    with starlette.TestClient(create_app(root, bot_delay=0.0, chosen_seeds=True)) as test:
        yield test


def table_of_two(client) -> tuple:
    """A classic table of two people: its id, the seats' keys and the host's token."""
    made = client.post("/api/tables", json={
        "ruleset": "classic", "seed": 3,
        "seats": [{"kind": "you", "name": "Ann"}, {"kind": "person", "name": "Bo"}]}).json()
    keys = [client.post(f"/api/tables/{made['table']}/claim", json={},
                        headers={"X-Seat-Token": seat["link"].split("k=")[1]}).json()["key"]
            for seat in made["seats"]]
    return made["table"], keys, made["host"]


def in_script(text: str, lang: str) -> int:
    return sum(unicodedata.name(ch, "").startswith(SCRIPTS[lang]) for ch in text)


def read(client, table: str, key: str, query: str = "", **headers) -> dict:
    reply = client.get(f"/api/tables/{table}/state{query}", headers={"X-Seat-Token": key, **headers})
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_each_seat_reads_its_own_language_and_nobody_else_s_changes(client):
    table, keys, _host = table_of_two(client)
    english = [read(client, table, key) for key in keys]
    bengali = read(client, table, keys[1], "?lang=bn")
    assert set(bengali) == set(english[1])  # the API's field names stay English
    assert in_script(json.dumps(bengali["log"], ensure_ascii=False), "bn") > 0
    again = [read(client, table, key) for key in keys]
    assert [a["log"] for a in again] == [e["log"] for e in english]
    urdu = read(client, table, keys[0], **{"Accept-Language": "ur-PK,ur;q=0.9"})
    assert [s["name"] for s in urdu["seats"]] == ["آپ", "Bo"]
    assert [s["name"] for s in read(client, table, keys[1])["seats"]] == ["Ann", "You"]


def test_the_words_route_gives_the_asked_catalog(client):
    said = client.get("/api/words", headers={"Accept-Language": "bn-BD,bn;q=0.9"}).json()
    assert said["lang"] == "bn" and said["messages"]["Create the table"] == "টেবিল তৈরি করুন"
    assert client.get("/api/words?lang=en").json()["messages"] == {}
    names = [game["name"] for game in client.get("/api/catalog").json()["rulesets"]]
    assert sorted(g["name"] for g in client.get("/api/catalog?lang=ur").json()["rulesets"]) \
        == sorted(names)


def test_the_table_s_notes_are_said_in_each_seat_s_language(client):
    table, keys, host = table_of_two(client)
    handed = client.post(f"/api/tables/{table}/seats/1/bot", headers={"X-Seat-Token": host})
    assert handed.status_code == 204, handed.text
    assert "The host handed Bo's seat to a bot." in read(client, table, keys[0])["log"]
    assert "আয়োজক আপনার আসন একটি বটকে দিলেন।" in read(client, table, keys[1], "?lang=bn")["log"]
    assert "The host handed your seat to a bot." in read(client, table, keys[1])["log"]
    assert "میزبان نے Bo کی نشست ایک بوٹ کو دے دی۔" in read(client, table, keys[0], "?lang=ur")["log"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_title_the_colour_and_the_bots_are_said_in_the_reader_s_language(client, lang):
    table, keys, _host = table_of_two(client)
    english, said = read(client, table, keys[0]), read(client, table, keys[0], f"?lang={lang}")
    assert english["title"] == "Classic UNO" and english["color_name"] == english["color"] == "blue"
    assert in_script(said["title"], lang) and "UNO" in said["title"]  # the ruleset's own words
    assert in_script(said["color_name"], lang) and said["color"] == "blue"  # answered as named
    assert client.post(f"/api/check?lang={lang}", json={"ruleset": "classic"}).json()["title"] \
        == said["title"]
    bots = client.get(f"/api/catalog?lang={lang}").json()["bots"]
    assert [bot["name"] for bot in bots] == [bot["name"] for bot in client.get("/api/catalog").json()["bots"]]
    assert all(in_script(bot["label"], lang) and in_script(bot["help"], lang) for bot in bots)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_is_said_in_the_reader_s_language_with_the_same_code(client, lang):
    table, keys, host = table_of_two(client)
    state = read(client, table, keys[0])
    asked = 0 if state["decision"] else 1
    answer = f"/api/tables/{table}/answer"
    refusals = {  # what a player may meet: each one's code and status
        "not_yours": lambda q: client.post(answer + q, json={"decision": 0, "option": 0},
                                           headers={"X-Seat-Token": keys[1 - asked]}),
        "stale": lambda q: client.post(answer + q, json={"decision": -1, "option": 0},
                                       headers={"X-Seat-Token": keys[asked]}),
        "bad_request": lambda q: client.post(
            f"/api/tables{q}", json={"ruleset": "classic", "seats": [{"kind": "bot"}] * 2}),
        "no_table": lambda q: client.get(f"/api/tables/{'x' * 12}/state{q}",
                                         headers={"X-Seat-Token": keys[0]}),
        "invalid": lambda q: client.post(f"/api/check{q}", json={"ruleset": "no_such_game"}),
        "cross_site": lambda q: client.post(f"/api/check{q}", json={"ruleset": "classic"},
                                            headers={"Origin": "http://elsewhere.example"}),
    }
    for code, refuse in refusals.items():
        english, said = refuse(""), refuse(f"?lang={lang}")
        assert english.status_code == said.status_code
        e, s = english.json()["error"], said.json()["error"]
        assert e["code"] == s["code"] == code
        assert not in_script(e["message"], lang)
        assert in_script(s["message"], lang) > len(s["message"]) / 3, s["message"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_stopped_table_says_why_in_the_reader_s_language(lang):
    from interpreter.web.tables import BROKEN, UNSAVED, said_stop
    where = "pasted.yaml:5:14: $.kinds.skip.on_play: "
    with translation.speaking(lang):
        said = said_stop(where + BROKEN), said_stop(UNSAVED), said_stop(where + "its budget")
    assert said[0].startswith(where) and in_script(said[0], lang) > 50
    assert in_script(said[1], lang) > 50
    assert said[2] == where + "its budget"  # the engine's own words stay as they are


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_a_ruleset_does_instead_of_drawing_is_said_in_the_language(root, lang):
    from interpreter.web.tables import Table
    table = Table.create(root, {"ruleset": "uno_attack", "seed": 3,
                                "seats": [{"kind": "you"}, {"kind": "bot"}]})
    with translation.speaking(lang):
        assert in_script(table.instead_of_drawing(), lang) > 50  # the launcher's rule, as Draw's help


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_option_and_its_choices_are_labelled_in_the_reader_s_language(client, lang):
    """The setup page labels an option (and a choice of one) with its `names:` words; the
    request still names it as the ruleset does."""
    english = client.post("/api/check", json={"ruleset": "classic_2018"}).json()["options"]
    said = client.post(f"/api/check?lang={lang}", json={"ruleset": "classic_2018"}).json()["options"]
    assert [o["name"] for o in said] == [o["name"] for o in english]
    assert [o["choices"] for o in said] == [o["choices"] for o in english]
    custom = {o["name"]: o for o in english}["customizable"]
    assert custom["label"] == "customizable" and "others draw two" in custom["choice_labels"]
    assert {o["name"]: o["label"] for o in english}["target_score"] == "target score"
    assert all(in_script(o["label"], lang) for o in said)
    assert all(in_script(words, lang) for o in said for words in o.get("choice_labels", ()))
