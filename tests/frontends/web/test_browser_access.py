"""The browser table for everyone, in a real headless Chromium (the fixtures and helpers of
test_browser.py): axe-core finds no serious fault on the setup page, the table and the end of
a hand; every card is named with its colour and rank; your turn is announced; focus stays in
the hand; the colour marks' switch is remembered; a 25-card hand and ten seats fit a phone,
upright and on its side, and a new decision shows above the hand; and the spectator link sees no hand and answers nothing."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from test_browser import (  # noqa: F401 (fixtures)
    answer, browser, decision_of, hand_over, new_page, play, server, set_up, shots, sit_down,
    sync_api)

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")

PHONE = {"width": 390, "height": 844}
PHONE_SIDEWAYS = {"width": 844, "height": 390}
BIG_HANDS = "extends: [classic]\ntitle: Big hands\nhand_size: 25\n"
NINE_CARDS = "extends: [classic]\ntitle: Nine cards\nhand_size: 9\n"
SHORT_HANDS = "extends: [classic]\ntitle: Short hands\nhand_size: 2\n"
NAMED = re.compile(r"^(red|yellow|green|blue) (\d|skip|reverse|draw two)$|^wild( draw four)?$")


def serious(page) -> list:
    """What axe-core finds serious or critical on the page as it is now."""
    found = axe_playwright.Axe().run(page).response["violations"]
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found
            if v["impact"] in ("serious", "critical")]


def phone_page(browser, size=PHONE):
    context = browser.new_context(viewport=size, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def hand_names(page) -> list:
    """The names of the hand's cards in the page's accessibility tree."""
    tree = page.locator("#hand").aria_snapshot()
    return re.findall(r'- (?:img|button) "([^"]+)"', tree)


def test_axe_finds_no_serious_fault_and_every_card_is_named(browser, server):
    ann = new_page(browser)
    ann.goto(server.url + "/")
    ann.wait_for_selector("#check-result:not([hidden])")
    assert serious(ann) == []
    invite = set_up(ann, server, "__custom__", 5, text=SHORT_HANDS)
    bo = new_page(browser)
    bo.goto(invite)
    bo.wait_for_selector("#hand .card")
    for page in (ann, bo):
        names = hand_names(page)
        assert len(names) == page.locator("#hand .card").count() >= 1
        assert all(NAMED.match(n) for n in names), names
        assert NAMED.match(page.locator("#top .card").get_attribute("aria-label"))
        assert serious(page) == []
    play([ann, bo])
    for page in (ann, bo):
        dialog = page.locator("#hand-over [role=dialog]")
        assert dialog.get_attribute("aria-modal") == "true"
        assert page.evaluate("document.querySelector('#hand-over').contains(document.activeElement)")
        for _ in range(4):  # Tab never leaves the dialog
            page.keyboard.press("Tab")
            assert page.evaluate("document.querySelector('#hand-over').contains(document.activeElement)")
        assert serious(page) == []


def test_your_turn_is_announced_and_focus_stays_in_the_hand(browser, server):
    ann, bo = sit_down(browser, server, "classic", 14)
    play([ann, bo], until_over=False, until=lambda step: decision_of(ann) is not None)
    assert "Your turn" in ann.locator("#announce").inner_text()
    assert ann.title().startswith("● Your turn")
    log_news = ann.locator("#log-news").inner_text()
    assert log_news and log_news in ann.locator("#log").inner_text().replace("\n", " ")
    ann.keyboard.press("h")  # the shortcut to the hand
    card = ann.evaluate("document.activeElement.closest('#hand') !== null")
    assert card
    playable = ann.locator("#hand .card.playable")
    if playable.count():
        decision = decision_of(ann)
        ann.evaluate("document.querySelector('#hand .card.playable').focus()")
        ann.keyboard.press("Enter")
        ann.wait_for_function("(id) => document.querySelector('#decision').dataset.id !== id",
                              arg=decision["id"])
        assert ann.evaluate("document.activeElement.closest('#hand') !== null")
    # The shortcuts' list is a modal dialog that Escape closes.
    ann.evaluate("document.activeElement.blur()")
    ann.keyboard.press("?")
    assert ann.locator("#shortcuts [role=dialog][aria-modal=true]").is_visible()
    ann.keyboard.press("Escape")
    assert ann.locator("#shortcuts").is_hidden()


def test_the_colour_marks_switch_marks_every_card_and_is_remembered(browser, server, shots):
    ann = new_page(browser)
    set_up(ann, server, "classic", 14)
    ann.wait_for_selector("#hand .card")
    assert ann.locator("#hand .card .mark").first.is_hidden()
    ann.click("#marks-switch")
    assert ann.locator("#marks-switch").get_attribute("aria-pressed") == "true"
    coloured = ann.locator("#hand .card:not(.colourless)")
    assert coloured.count() and coloured.first.locator(".mark").first.is_visible()
    assert coloured.first.locator(".mark").first.inner_text() in "▲●■◆"
    ann.reload()
    ann.wait_for_selector("#hand .card")
    assert ann.evaluate("document.body.classList.contains('colour-marks')")
    ann.wait_for_selector("#decision:not([hidden]), #waiting:not([hidden])")
    ann.screenshot(path=str(shots / "table-laptop.png"))


def cards_in_sight(page, which=".card.playable") -> list:
    """The (playable) cards of the hand that are not wholly in the window, and where each is."""
    return page.evaluate("""(which) => [...document.querySelectorAll('#hand ' + which)]
      .map((c) => c.getBoundingClientRect())
      .filter((r) => r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight + 12)
      .map((r) => [r.left, r.top, r.right, r.bottom])""", which)


def test_a_25_card_hand_fits_a_phone_upright_and_on_its_side(browser, server, shots):
    ann = new_page(browser)
    invite = set_up(ann, server, "__custom__", 5, text=BIG_HANDS)
    bo = phone_page(browser)
    bo.goto(invite)
    bo.wait_for_selector("#hand .card")
    assert bo.locator("#hand .card").count() == 25
    bo.wait_for_function("() => document.querySelector('#hand .card.playable')"
                         " || document.querySelector('#waiting:not([hidden])')")
    play([ann, bo], until_over=False, until=lambda step: decision_of(bo) is not None
         and bo.locator("#hand .card.playable").count() > 0)
    assert cards_in_sight(bo) == []
    # Each card shows at least 44 px of itself: a finger can press every one.
    shown = bo.evaluate("""() => { const r = [...document.querySelectorAll('#hand .card')]
      .map((c) => c.getBoundingClientRect()); return Math.min(...r.slice(0, -1).map((a, i) =>
      Math.max(Math.abs(r[i + 1].left - a.left), Math.abs(r[i + 1].top - a.top)))); }""")
    assert shown >= 43.5
    bo.screenshot(path=str(shots / "table-phone.png"))
    decision = decision_of(bo)
    answer(bo, 1, decision)  # a card pressed on the phone plays
    play([ann, bo], until_over=False, until=lambda step: decision_of(bo) is not None
         and bo.locator("#hand .card.playable").count() > 0)
    bo.set_viewport_size(PHONE_SIDEWAYS)  # on its side, the hand stays in sight
    bo.wait_for_function("() => innerWidth === 844")
    assert cards_in_sight(bo) == []
    assert bo.locator("#hand .card.playable").first.is_visible()


@pytest.mark.parametrize("text", [None, NINE_CARDS], ids=["seven cards", "nine cards"])
def test_ten_seats_leave_the_hand_in_sight_on_a_phone(browser, server, text):
    """Nine opponents above, and a hand of one row or two below (two after a Draw Two)."""
    seats = [{"kind": "you", "name": "Ann"}] + [{"kind": "bot", "bot": "heuristic"}] * 9
    choice = {"ruleset": "classic"} if text is None else {"ruleset": "__custom__", "text": text}
    body = json.dumps({**choice, "seats": seats}).encode()
    request = urllib.request.Request(server.url + "/api/tables", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    made = json.loads(urllib.request.urlopen(request, timeout=10).read())
    page = phone_page(browser)
    page.goto(server.url + made["seats"][0]["link"])
    page.wait_for_selector("#opponents .opponent >> nth=8")
    page.wait_for_selector("#decision[data-id]:not([hidden])", timeout=30_000)
    assert page.locator("#hand .card").count() >= 7
    assert cards_in_sight(page, ".card") == []


# The decision's buttons that something else covers where they are now (a point of each
# tried at its centre), without scrolling: what a player sees as the decision comes.
COVERED = """() => [...document.querySelectorAll('#decision button')].filter((b) => {
  const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !hit || !b.contains(hit); }).map((b) => b.textContent)"""


@pytest.mark.parametrize("locale", ["en-US", "ur-PK"])
def test_a_new_decision_on_a_phone_on_its_side_shows_above_the_hand(browser, server, locale):
    """The hand stays at the bottom of a phone's screen; a new decision is scrolled into
    sight above it, never left under it (it once hid the Draw button on a phone on its side)."""
    context = browser.new_context(viewport=PHONE_SIDEWAYS, is_mobile=True, has_touch=True,
                                  locale=locale)
    page = context.new_page()
    page.set_default_timeout(15_000)
    set_up(page, server, "mario_kart", 3)  # Ann plays first
    page.wait_for_selector("#decision[data-id]:not([hidden]) .answer")
    assert page.evaluate(COVERED) == []
    decision = page.locator("#decision").bounding_box()
    assert decision["y"] + decision["height"] <= page.locator(".me").bounding_box()["y"]


def test_the_spectator_link_sees_no_hand_and_no_decision(browser, server):
    ann = new_page(browser)
    set_up(ann, server, "classic", 14)
    table = ann.evaluate("new URLSearchParams(location.hash.slice(1)).get('t')")
    ann.goto(server.url + f"/#t={table}")  # the host's way back to the links (the page reloads)
    link = ann.locator("a.spectator-link")
    link.wait_for()
    watcher = new_page(browser)
    watcher.goto(link.get_attribute("href"))
    watcher.wait_for_selector("#top .card")
    assert watcher.locator("#hand .card").count() == 0
    assert watcher.locator("#decision").is_hidden()
    assert watcher.locator("#me-name").inner_text() == "Watching"
    states = [json.loads(m) for m in watcher.evaluate("window.__messages")
              if m.startswith("{") and '"hand"' in m]
    assert states and all(s["seat"] is None and s["hand"] == [] and s["decision"] is None
                          for s in states)
    assert hand_over(watcher) is False
    with pytest.raises(sync_api.TimeoutError):
        watcher.wait_for_selector("#hand .card", timeout=500)
