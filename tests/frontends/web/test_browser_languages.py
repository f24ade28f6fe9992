"""The browser table in its players' languages, in a real headless Chromium (the fixtures and
helpers of test_browser.py): a browser whose language is Urdu, Gujarati, Punjabi or Bengali
gets the setup page and the table in it (Urdu right to left, its cards as they are), with
no serious fault axe-core can find; the picker changes one seat's language and not another
seat's; and the screenshots of a table in each language (docs/images/table-LANG.png)."""

from __future__ import annotations

import gettext
import json
import unicodedata

import pytest
from test_browser import (  # noqa: F401 (fixtures)
    RECORDER, browser, server, set_up, shots, sit_down)
from test_browser_access import PHONE, serious

from interpreter.presenting import translation

LOCALES = {"ur": "ur-PK", "gu": "gu-IN", "pa": "pa-IN", "bn": "bn-BD"}
SCRIPTS = {"ur": "ARABIC", "gu": "GUJARATI", "pa": "GURMUKHI", "bn": "BENGALI"}
# The page's own words on the setup page, and the options' names as the game's translations
# files say them: the rulesets' words (what a house rule does, an option's help) are the
# ruleset files', in the language where a file gives it.
SETUP_WORDS = ("#setup-view h2, #setup-view button, .field > span, .seed-field > span, "
               "#seat-count, .seat-kind, .option-name")


def page_in(browser, locale: str):
    """A page of a browser whose language is `locale` (navigator.languages, Accept-Language)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale)
    context.add_init_script(RECORDER)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def share_in_script(text: str, lang: str) -> float:
    """The share of the letters of `text` (vowel signs included) in `lang`'s script."""
    letters = [ch for ch in text if unicodedata.category(ch)[0] in "LM"]
    return sum(unicodedata.name(ch, "").startswith(SCRIPTS[lang]) for ch in letters) / len(letters)


def words_of(page, css: str) -> str:
    return "\n".join(page.locator(css).all_inner_texts())


def counted(lang: str, n: int) -> str:
    """A counted message of the page's catalog as Python's gettext says it for `n`."""
    with open(translation.CATALOGS / lang / "LC_MESSAGES" / "web.mo", "rb") as compiled:
        said = gettext.GNUTranslations(compiled)
    return said.ngettext("{count} player", "{count} players", n).format(count=n)


@pytest.mark.parametrize("lang", list(LOCALES))
def test_a_browser_in_the_language_gets_the_setup_page_and_the_table_in_it(
        browser, server, shots, lang):
    ann = page_in(browser, LOCALES[lang])
    ann.goto(server.url + "/")
    ann.wait_for_selector("#check-result:not([hidden])")
    assert ann.evaluate("[document.documentElement.lang, document.documentElement.dir]") == \
        [lang, "rtl" if lang == "ur" else "ltr"]
    assert share_in_script(words_of(ann, SETUP_WORDS), lang) >= 0.9
    assert share_in_script(ann.locator("#ruleset-description").inner_text(), lang) >= 0.5
    assert ann.locator("#language").input_value() == lang
    # The game's title as the ruleset gives it in the language; the bots and what each does.
    assert share_in_script(ann.locator("#check-result strong").inner_text(), lang) >= 0.5
    bots = ann.locator(".seat-bot").first.locator("option")
    assert share_in_script("".join(bots.all_inner_texts()), lang) >= 0.9
    assert share_in_script(" ".join(bots.evaluate_all("(os) => os.map((o) => o.title)")), lang) >= 0.8
    # The counted words take the language's forms (words.js: Intl.PluralRules' `one` first).
    assert ann.evaluate("[0, 1, 2, 3].map((n) => ngettext('{count} player', '{count} players', n))") \
        == [counted(lang, n) for n in range(4)]
    assert serious(ann) == []

    set_up(ann, server, "classic", 14)
    ann.wait_for_selector("#hand .card")
    ann.wait_for_selector("#decision:not([hidden]), #waiting:not([hidden])")
    ann.wait_for_selector("#log li")
    table = ann.locator("#table-view").inner_text()
    assert share_in_script(table, lang) >= 0.5, table
    assert share_in_script(ann.locator("#log").inner_text(), lang) >= 0.5
    assert share_in_script(ann.locator("#table-title").inner_text(), lang) >= 0.5
    assert share_in_script(ann.locator("#color .color-name").inner_text(), lang) == 1
    assert share_in_script(ann.locator("#hand .card").first.get_attribute("aria-label"), lang) == 1
    # The cards are the same cards in every language: never mirrored.
    assert ann.evaluate("getComputedStyle(document.querySelector('#hand .card')).direction") == "ltr"
    brand = ann.locator(".brand").bounding_box()
    assert (brand["x"] > 640) == (lang == "ur")  # Urdu's page is mirrored: the brand on the right
    assert serious(ann) == []
    ann.screenshot(path=str(shots / f"table-{lang}.png"))


# How far the page reaches past a phone's screen, sideways (0: it never scrolls sideways).
PAST_THE_SCREEN = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("lang", ["en", *LOCALES])
def test_a_phone_never_scrolls_sideways_in_any_language(browser, server, lang):
    """Urdu's page mirrored on a phone fits it as the others do (a hand's last card once
    reached a pixel past its left edge)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  locale=LOCALES.get(lang, "en-US"))
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(server.url + "/")
    page.wait_for_selector("#check-result:not([hidden])")
    assert page.evaluate(PAST_THE_SCREEN) == 0
    set_up(page, server, "classic", 14)
    page.wait_for_selector("#hand .card")
    page.wait_for_selector("#log li")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate(PAST_THE_SCREEN) == 0
    assert page.evaluate("innerWidth") == PHONE["width"]


def test_the_picker_changes_one_seat_s_language_and_not_the_other_s(browser, server):
    ann, bo = sit_down(browser, server, "classic", 14)
    for page in (ann, bo):
        page.wait_for_selector("#log li")
    with bo.expect_navigation():  # the page is drawn again in the language chosen
        bo.select_option("#language", "bn")
    bo.wait_for_function("() => document.documentElement.lang === 'bn'")
    bo.wait_for_selector("#log li")
    assert bo.locator("#log-title").text_content() == "কী ঘটেছে"
    assert share_in_script(bo.locator("#log").inner_text(), "bn") >= 0.5
    assert ann.evaluate("document.documentElement.lang") == "en"
    assert ann.locator("#log-title").text_content() == "What happened"
    # Ann is sent nothing in Bengali, before or after Bo chose it; Bo's choice is his own.
    ann.reload()
    ann.wait_for_selector("#log li")
    sent = "".join(json.dumps(json.loads(m), ensure_ascii=False)  # the states, as read
                   for m in ann.evaluate("window.__messages") if m.startswith("{") and '"hand"' in m)
    assert sent
    assert not any(unicodedata.name(ch, "").startswith("BENGALI") for ch in sent)
    assert ann.locator("#log-title").text_content() == "What happened"
    bo.reload()  # the choice is remembered
    bo.wait_for_function("() => document.documentElement.lang === 'bn'")
    assert bo.locator("#language").input_value() == "bn"
    with bo.expect_navigation():
        bo.select_option("#language", "en")
    bo.wait_for_function("() => document.documentElement.lang === 'en'")
    bo.wait_for_selector("#log li")
    assert share_in_script(bo.locator("#log").inner_text(), "bn") == 0
