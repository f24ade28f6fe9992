"""Real-time play at the browser table, in Chromium (test_browser.py's browser and server):
a turn timer running out, a seat handed to a bot and back, who is here, and the race for
the call button against Catch between two people in separate browser contexts."""

from __future__ import annotations

import time

import pytest
from test_browser import browser, decision_of, new_page, server, set_up, sync_api  # noqa: F401

pytest.importorskip("uvicorn")


def join(browser, invite: str):  # noqa: F811 (the fixture's name)
    page = new_page(browser)
    page.goto(invite)
    page.wait_for_selector("#table-view:not([hidden])")
    return page


def log_has(page, words, timeout: float = 15_000) -> None:
    """Wait until the page's log holds `words` (or one of a list of them)."""
    page.wait_for_function("(w) => [].concat(w).some((x) => document.querySelector('#log')"
                           ".textContent.includes(x))", arg=words, timeout=timeout)


def test_a_turn_timer_runs_out_and_a_bot_moves(browser, server):  # noqa: F811
    ann = new_page(browser)
    invite = set_up(ann, server, "classic", 14, timer=2)
    bo = join(browser, invite)
    for page in (ann, bo):  # whose move it is and how long is left: the same at every seat
        page.wait_for_selector("#countdown:not([hidden])")
    waited = next(p for p in (ann, bo) if decision_of(p))
    other = bo if waited is ann else ann
    assert "then a bot moves for you" in waited.locator("#countdown").inner_text()
    assert "'s move" in other.locator("#countdown").inner_text()
    log_has(waited, "Your time is up: a bot moves for you.")
    log_has(other, "'s time is up: a bot moves for them.")


def test_the_host_hands_a_seat_to_a_bot_and_takes_it_back(browser, server):  # noqa: F811
    ann = new_page(browser)
    invite = set_up(ann, server, "classic", 14)
    bo = join(browser, invite)
    bo_seat = ann.locator(".opponent[data-seat='1'] .presence")
    bo_seat.and_(ann.locator("[data-presence='here']")).wait_for()
    ann.click("#host-seats summary")
    ann.click(".host-seat[data-seat='1'] button[data-action='bot']")
    bo.wait_for_selector("#handed:not([hidden])")
    assert "handed your seat to a bot" in bo.locator("#handed").inner_text()
    ann.wait_for_selector(".opponent[data-seat='1'] .presence[data-presence='bot']")
    log_has(bo, "The host handed your seat to a bot.")
    log_has(ann, "The host handed Bo's seat to a bot.")
    ann.click(".host-seat[data-seat='1'] button[data-action='back']")
    bo.wait_for_selector("#handed", state="hidden")
    ann.wait_for_selector(".opponent[data-seat='1'] .presence[data-presence='here']")
    bo.context.close()  # Bo's page goes: Bo is away
    ann.wait_for_selector(".opponent[data-seat='1'] .presence[data-presence='away']")


def owed_call(page) -> bool:
    return page.locator("#call-button.urgent:not([disabled])").count() > 0 and \
        page.locator("#countdown[data-kind='call']:not([hidden])").count() > 0


def test_the_call_button_races_catch(browser, server):  # noqa: F811
    ann = new_page(browser)
    invite = set_up(ann, server, "classic", 3)
    bo = join(browser, invite)
    pages = [ann, bo]
    raced = caught = 0
    deadline = time.monotonic() + 120
    while (not raced or not caught) and time.monotonic() < deadline:
        if ann.locator("#hand-over").is_visible():
            ann.click("#next-hand")  # (a match of classic lasts longer than this test)
            ann.wait_for_selector("#hand-over", state="hidden")
            continue
        for me, page in enumerate(pages):
            other = pages[1 - me]
            if owed_call(page):
                # The person whose call is owed presses U as the other presses Catch: the
                # server takes whichever comes first, and the other is told it is too late.
                other.locator("#catch-button:not([hidden])").wait_for()
                if not raced:
                    page.keyboard.press("u")
                    other.evaluate("() => document.querySelector('#catch-button').click()")
                    raced += 1
                    log_has(page, ['You: "UNO!"', "caught you"])
                else:
                    other.keyboard.press("c")
                    caught += 1
                page.wait_for_function("() => document.querySelector('#countdown')"
                                       ".dataset.kind !== 'call'")
            decision = decision_of(page)
            if decision:
                play_first(page, decision)
        time.sleep(0.02)
    assert raced and caught, (raced, caught)
    text = ann.locator("#log").inner_text() + bo.locator("#log").inner_text()
    assert " caught " in text


def play_first(page, decision) -> None:
    """Play the first playable card, else the first answer: no call pressed early, so that
    the call is owed as the card is played."""
    cards = page.locator("#hand .card.playable")
    target = cards.first if cards.count() else page.locator("#decision [data-option]").first
    try:
        target.click(timeout=2_000)
    except sync_api.TimeoutError:
        return  # the moment passed (a window closed, a bot was faster)
    page.wait_for_function(
        "(id) => { const p = document.querySelector('#decision');"
        " return !p || p.hidden || p.dataset.id !== id; }", arg=decision["id"])
