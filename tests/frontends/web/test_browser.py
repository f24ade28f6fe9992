"""The browser table in a real headless Chromium: two people in two browser contexts and a
bot play whole hands of classic UNO and Mario Kart, set up through the page; and a few moves
of the games that draw something else (DOS's rows, UNO Attack's launcher, a hand shown to the
table and shown values).

Playwright drives the system's Chromium (Debian's `chromium`, which .ci/run installs; set
HOUSERULES_CHROMIUM to use another). Without one the tests are skipped, unless
HOUSERULES_REQUIRE_BROWSER is set (CI sets it), when they fail. The screenshots they take
go to HOUSERULES_SCREENSHOTS (docs/images for the README and docs), else to pytest's
temporary folder.

The people answer by tests/browser_policy.py, so a seeded table plays the same game every
run; the seeds were chosen so that each hand has what it must show (a UNO call and a catch;
in Mario Kart also a challenge and an item).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from browser_policy import choose
from serving import Server

sync_api = pytest.importorskip("playwright.sync_api")
pytest.importorskip("uvicorn")

CHROMIUM = os.environ.get("HOUSERULES_CHROMIUM", "/usr/bin/chromium")
if not Path(CHROMIUM).exists():
    if os.environ.get("HOUSERULES_REQUIRE_BROWSER"):
        raise RuntimeError(f"no Chromium at {CHROMIUM}: install Debian's chromium package "
                           "(apt-get install chromium) or set HOUSERULES_CHROMIUM")
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

# As the machine's notes advise: without the background-networking flags Chromium keeps
# trying to reach Google's hosts, which this closed network refuses.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ITEMS = ("Mushroom!", "Banana peel!", "Green shell!", "Lightning bolt!", "Bob-omb!")
# Records every state the page is sent (event stream and fetches), to check what a seat got.
RECORDER = """
(() => {
  window.__messages = [];
  const Source = window.EventSource;
  window.EventSource = function (url, options) {
    const source = new Source(url, options);
    source.addEventListener("state", (e) => window.__messages.push(e.data));
    return source;
  };
  window.EventSource.prototype = Source.prototype;
  const fetched = window.fetch;
  window.fetch = async (...args) => {
    const reply = await fetched(...args);
    reply.clone().text().then((t) => window.__messages.push(t)).catch(() => {});
    return reply;
  };
})();
"""
DECISION = """
() => {
  const panel = document.querySelector("#decision");
  if (!panel || panel.hidden || !panel.dataset.id) return null;
  const options = [...document.querySelectorAll("#decision [data-option], #hand .card.playable[data-option]")]
    .map((el) => [Number(el.dataset.option), el.dataset.type || "card"]);
  return {id: panel.dataset.id, kind: panel.dataset.kind, options};
}
"""

# The call and Catch buttons a person may press now (live.js), read in one round trip.
BUTTONS = {"call": "#call-button.urgent:not([disabled])", "catch": "#catch-button:not([hidden])"}
PRESSABLE = f"""
() => {{
  const calls = document.querySelector("#calls");
  const shown = (css) => calls && !calls.hidden && document.querySelector(css)
    ? document.querySelector(css).textContent : null;
  return {{call: shown("{BUTTONS["call"]}"), catch: shown("{BUTTONS["catch"]}")}};
}}
"""


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "tables")
    running.start()
    yield running
    running.stop()


@pytest.fixture
def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("HOUSERULES_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(RECORDER)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def set_up(page, server: Server, ruleset: str, seed: int, house_rules: tuple = (),
           text: str | None = None, timer: int | None = None, bot: str = "forgetful") -> str:
    """Set up a table through the page: you, an invited person, a bot (by default the
    forgetful one: it forgets UNO now and then, so that someone catches it), with these
    house rules checked, or with `text` pasted as the ruleset (`ruleset` "__custom__").
    Gives the invited person's join link. `timer`: a turn timer of any seconds (the page
    offers 15, 30, 60; a server started with --chosen-seeds, as the tests start it, allows
    any)."""
    page.goto(server.url + "/")
    if timer is not None:
        page.wait_for_selector("#timer")
        page.evaluate("(t) => { const o = document.createElement('option'); o.value = String(t);"
                      " document.querySelector('#timer').appendChild(o); }", timer)
        page.select_option("#timer", str(timer))
    page.wait_for_selector(f"#ruleset option[value='{ruleset}']", state="attached")
    page.select_option("#ruleset", ruleset)
    if text is not None:
        page.fill("#ruleset-text", text)
    for house_rule in house_rules:
        page.check(f"#house-rules input[value='{house_rule}']")
    page.wait_for_selector("#check-result:not([hidden])")  # checked: the seats are its own
    page.wait_for_selector(".seat-row")
    while page.locator(".seat-row").count() > 3:
        page.click("#remove-seat")
    rows = page.locator(".seat-row")
    rows.nth(0).locator(".seat-kind").select_option("you")
    rows.nth(0).locator(".seat-name").fill("Ann")
    rows.nth(1).locator(".seat-kind").select_option("person")
    rows.nth(1).locator(".seat-name").fill("Bo")
    rows.nth(2).locator(".seat-kind").select_option("bot")
    rows.nth(2).locator(".seat-bot").select_option(bot)
    page.fill("#seed", str(seed))
    assert page.locator(".seat-row").count() == 3
    page.click("#create")
    link = page.locator("a.join-link[data-seat='1']")
    link.wait_for()
    invite = link.get_attribute("href")
    page.click("#go")
    page.wait_for_selector("#table-view:not([hidden])")
    return invite if invite.startswith("http") else server.url + invite


def sit_down(browser, server: Server, ruleset: str, seed: int, **setup) -> tuple:
    """Ann sets up the table (set_up) and takes her seat; Bo opens his link: their pages."""
    ann = new_page(browser)
    invite = set_up(ann, server, ruleset, seed, **setup)
    bo = new_page(browser)
    bo.goto(invite)
    bo.wait_for_selector("#table-view:not([hidden])")
    return ann, bo


def decision_of(page):
    return page.evaluate(DECISION)


def answer(page, person: int, decision) -> None:
    """Click the option the policy picks, and wait for the page to move on."""
    types = {index: kind for index, kind in decision["options"]}
    choice = choose(decision["kind"], types, person)
    target = page.locator(f"#hand .card.playable[data-option='{choice}']") \
        if types[choice] == "card" and page.locator(
            f"#hand .card.playable[data-option='{choice}']").count() \
        else page.locator(f"#decision [data-option='{choice}']")
    try:
        target.first.click(timeout=3_000)
    except sync_api.TimeoutError:
        # A window asked of everyone at once closes when a bot takes it first: a race the
        # person may lose, as at a real table. Anything else is a fault.
        if (decision_of(page) or {}).get("id") == decision["id"]:
            raise
        return
    page.wait_for_function(
        "(id) => { const p = document.querySelector('#decision');"
        " return !p || p.hidden || p.dataset.id !== id; }", arg=decision["id"])


def hand_over(page) -> bool:
    return page.locator("#hand-over").is_visible()


def faces_in(value) -> int:
    """How many card faces a JSON value holds."""
    if isinstance(value, dict):
        here = 1 if {"label", "css", "badges"} <= value.keys() else 0
        return here + sum(faces_in(v) for v in value.values())
    if isinstance(value, list):
        return sum(faces_in(v) for v in value)
    return 0


def check_secrets(page, other_token: str) -> int:
    """Every state this seat was sent shows its own hand and the table, nothing of any other
    hand (or the stock's order); neither its page nor its messages hold another seat's token."""
    states = [json.loads(m) for m in page.evaluate("window.__messages")
              if m.startswith("{") and '"hand"' in m]
    assert states, "the page was sent no state"
    for data in states:
        me = data["seat"]
        assert len(data["hand"]) == data["seats"][me]["hand_size"]
        for seat in data["seats"]:
            live = {"here", "bot_plays", "removed"} if seat["kind"] == "person" else set()
            assert seat["shows"] == [] and set(seat) == {
                "seat", "name", "kind", "hand_size", "score", "out", "shows", "deciding", *live}
        options = data["decision"]["options"] if data["decision"] else []
        extra = sum(1 for o in options if o["type"] == "card")
        assert faces_in(data) == len(data["hand"]) + (data["top"] is not None) + extra
        assert data["stock"]["shows"] is None
    assert other_token not in json.dumps(page.evaluate("window.__messages"))
    assert other_token not in page.content()
    return len(states)


def press_buttons(page, person: int, pressed: list | None = None) -> bool:
    """The call and Catch buttons as the policy presses them: person 0 calls (on the turn
    it plays its second-to-last card, or once the call is owed), person 1 forgets; both
    catch. True when a button was pressed; what it said is added to `pressed`."""
    shown = page.evaluate(PRESSABLE)
    for wanted, button in ((person == 0, "call"), (True, "catch")):
        if wanted and shown[button]:
            try:
                page.locator(BUTTONS[button]).click(timeout=1_000)
            except sync_api.TimeoutError:
                continue  # the moment passed: a race lost, as at a real table
            if pressed is not None:
                pressed.append(shown[button])
            return True
    return False


def play(pages: list, until_over: bool = True, limit: int = 5000, after=None,
         until=None, before=None, pressed: list | None = None) -> int:
    """Both people answer whatever they are asked until the hand ends, or until `until(answers
    so far)` is true, pressing the call and Catch buttons as the policy says (what they said
    added to `pressed`); `before(page, decision)` runs before each answer, `after(step)` after
    it. Gives the number of answers."""
    answered = 0
    quiet_since = time.monotonic()
    for _ in range(limit):
        if until_over and all(hand_over(p) for p in pages):
            return answered
        if until is not None and until(answered):
            return answered
        moved = False
        for person, page in enumerate(pages):
            moved = press_buttons(page, person, pressed) or moved
            decision = decision_of(page)
            if decision:
                if before:
                    before(page, decision)
                answer(page, person, decision)
                answered += 1
                moved = True
                if after:
                    after(answered)
        if moved:
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since > 20:
            raise AssertionError("nobody was asked anything for 20 s")
        else:
            time.sleep(0.02)
    raise AssertionError("the hand did not end")


def log_text(page) -> str:
    return page.locator("#log").inner_text()


def refused_for_another_seat(page_asking, page_other) -> int:
    """The status of an answer sent with this page's seat token to a decision that is the
    other page's."""
    decision = decision_of(page_other)
    token = page_asking.evaluate("new URLSearchParams(location.hash.slice(1)).get('k')")
    table = page_asking.evaluate("new URLSearchParams(location.hash.slice(1)).get('t')")
    return page_asking.evaluate(
        """async ([table, token, id]) => (await fetch(`/api/tables/${table}/answer`, {
             method: "POST", headers: {"Content-Type": "application/json", "X-Seat-Token": token},
             body: JSON.stringify({decision: Number(id), option: 0})})).status""",
        [table, token, decision["id"]])


@pytest.mark.parametrize("ruleset, seed", [("classic", 14), ("mario_kart", 14)])
def test_two_people_and_a_bot_play_a_whole_hand(browser, server, shots, ruleset, seed):
    ann, bo = sit_down(browser, server, ruleset, seed)
    tokens = [p.evaluate("new URLSearchParams(location.hash.slice(1)).get('k')")
              for p in (ann, bo)]
    assert tokens[0] != tokens[1]
    checked = {"refused": False, "reloaded": False, "restarted": False, "shot": False}

    def along_the_way(step: int) -> None:
        if not checked["refused"]:
            for asking, other in ((ann, bo), (bo, ann)):
                if decision_of(other) and not decision_of(asking):
                    assert refused_for_another_seat(asking, other) == 403
                    checked["refused"] = True
                    break
        if step >= 6 and not checked["shot"] and ann.locator("#hand .card.playable").count():
            ann.screenshot(path=str(shots / f"table-{ruleset.replace('_', '-')}.png"))
            checked["shot"] = True
        if step == 10:  # a reload lands on the same seat, the same hand
            before = ann.locator("#hand .card").count()
            ann.reload()
            ann.wait_for_selector("#table-view:not([hidden])")
            ann.wait_for_function("(n) => document.querySelectorAll('#hand .card').length === n",
                                  arg=before)
            checked["reloaded"] = True
        if step == 16:  # the server goes away and comes back: the pages carry on
            server.stop()
            server.start()
            for page in (ann, bo):
                page.reload()
                page.wait_for_selector("#table-view:not([hidden])")
            checked["restarted"] = True

    asked: dict = {}

    def seen(page, decision) -> None:  # what each question's panel says, as a person reads it
        panel = page.locator("#decision")
        asked.setdefault(decision["kind"], (panel.locator("h2").inner_text(),
                                            panel.locator("button").all_inner_texts()))

    pressed: list = []
    play([ann, bo], after=along_the_way, before=seen, pressed=pressed)
    assert all(checked.values()), checked
    assert ann.locator("#color-row").is_visible(), "a game of one discard pile has a colour"
    if ruleset == "mario_kart":  # the challenge's answers say what each costs, in words
        title, buttons = asked["challenge"]
        assert title.startswith("Challenge ") and "wild draw four" in title
        assert sorted(buttons) == ["Accept (draw 4)", "Challenge (draw 6 if it was honest)"]
    # A catch is pressed on the Catch button, which names whom it catches (never "You").
    catches = [said for said in pressed if said.startswith("Catch ")]
    assert catches and "Catch You!" not in catches, pressed
    assert "UNO!" in pressed, "Ann pressed the call button"
    lobby = bo.context.new_page()  # the setup page lists the tables this browser sits at
    lobby.goto(server.url + "/")
    table = ann.evaluate("new URLSearchParams(location.hash.slice(1)).get('t')")
    lobby.wait_for_selector(f"#my-tables li[data-table='{table}'] a")
    lobby.close()
    text = log_text(ann)
    assert 'You: "UNO!"' in text, "Ann called UNO"
    assert " caught " in text, "someone caught a missed UNO"
    if ruleset == "mario_kart":
        assert "chose to challenge" in text, "someone challenged a Wild Draw Four"
        assert any(item in text for item in ITEMS), "an item fired"
    assert "went out" in text
    if ruleset == "mario_kart":  # the README shows this one
        ann.screenshot(path=str(shots / "hand-over-mario-kart.png"))
    for page, other in ((ann, tokens[1]), (bo, tokens[0])):
        assert check_secrets(page, other) > 5
        assert page.locator("#opponents .card:not(.back)").count() == 0


def test_the_strong_bot_is_seated_from_the_menu_and_plays_a_whole_hand(browser, server):
    """The seat menu offers it with its words; it thinks off the server's loop, within the
    table's bot pace (web/thinking.py), and the hand plays to its end as with any bot."""
    from interpreter.playing.seating import BOT_HELP
    ann = new_page(browser)
    invite = set_up(ann, server, "classic", 14, bot="strong")
    bo = new_page(browser)
    bo.goto(invite)
    bo.wait_for_selector("#table-view:not([hidden])")
    menu = ann.context.new_page()
    menu.goto(server.url + "/")
    menu.wait_for_selector(".seat-bot option[value='strong']", state="attached")
    assert menu.locator(".seat-bot option[value='strong']").first.get_attribute("title") \
        == BOT_HELP["strong"]
    menu.close()
    play([ann, bo])
    assert all(hand_over(page) for page in (ann, bo))
    text = log_text(ann)
    assert "went out" in text and "Bot 3" in text, text[-500:]
    assert ann.locator("#hand-over").is_visible()


def asked_to_play(page) -> bool:
    """Whether this page asks its seat to play, with a card it may play."""
    return (decision_of(page) or {}).get("kind") == "play" \
        and page.locator("#hand .card.playable").count() > 0


def test_a_game_of_rows_shows_its_piles_and_no_colour_to_follow(browser, server, shots):
    """DOS matches the piles of its centre row: every seat sees each pile's top card, and
    neither the table nor the play question names a colour to follow."""
    ann, bo = sit_down(browser, server, "dos", 3)
    play([ann, bo], until_over=False, until=lambda step: step >= 5 and asked_to_play(ann))
    for page in (ann, bo):
        captions = page.locator("#rows .pile-caption").all_inner_texts()
        assert len(captions) >= 2 and all(c.startswith("center ") for c in captions), captions
        assert page.locator("#rows .pile .card").count() == len(captions)
        assert page.locator("#color-row").is_hidden()
    assert "Your turn" in ann.locator("#decision").inner_text()
    assert "Colour" not in ann.locator("#decision").inner_text()
    ann.screenshot(path=str(shots / "table-dos.png"))


def test_each_press_of_the_launcher_is_told_with_what_it_shot(browser, server, shots):
    """UNO Attack: the log tells each press's outcome, then who drew what it shot (none, at
    a 0: nobody "could not draw")."""
    ann, bo = sit_down(browser, server, "uno_attack", 5)
    play([ann, bo], until_over=False,
         until=lambda step: "Launcher: 0." in log_text(ann) and asked_to_play(ann))
    lines = log_text(ann).splitlines()
    presses = [i for i, line in enumerate(lines) if line.startswith("Launcher: ")]
    for i in presses:
        assert " drew " in lines[i + 1] or lines[i + 1].endswith(" drew nothing."), lines
    assert not any("could not draw" in line for line in lines), lines
    # Drawing is pressing the launcher here: its rule says so under the button.
    assert "Draw: A player who does not play presses the launcher" in \
        ann.locator("#decision .option-help").inner_text()
    ann.screenshot(path=str(shots / "table-uno-attack.png"))


# The dealer plays with their hand face up; a value every seat is shown beside each player.
FACE_UP = """\
extends: classic
name: dealer_face_up
title: Classic UNO, the dealer's hand face up
variables:
  spotlights: {per_seat: true, initial: 2, shown: true, help: Spotlights left}
rules:
  dealer_face_up:
    when: hand_started
    text: The dealer plays the hand with their cards face up.
    do: reveal_hand(player)
"""


def test_a_hand_shown_to_the_table_and_shown_values_are_labelled_for_every_seat(
        browser, server, shots):
    """reveal_hand and `shown: true` at the browser table: the other seats see the revealed
    hand's faces under its name, labelled; every seat's value is shown, labelled, beside it,
    and the seat itself is told its hand is face up."""
    ann, bo = sit_down(browser, server, "__custom__", 4, text=FACE_UP)
    bo.wait_for_selector(".opponent[data-seat='0'] .opp-revealed .card")
    assert bo.locator("#opponents .opponent.dealer").get_attribute("data-seat") == "0", \
        "seed 4: Ann deals"
    box = bo.locator(".opponent[data-seat='0']")
    assert box.locator(".opp-caption").inner_text().lower() == "hand face up"
    size = int(box.locator(".opp-count").inner_text())
    assert box.locator(".opp-revealed .card").count() == size
    assert bo.locator(".opponent[data-seat='2'] .opp-revealed").count() == 0
    for page in (ann, bo):
        values = page.locator("#opponents .opp-value").all_inner_texts()
        assert values == ["Spotlights left: 2"] * 2, values
        assert "Spotlights left: 2" in page.locator(".me-info").inner_text()
    assert "your hand is face up" in ann.locator(".me-info").inner_text()
    assert "face up" not in bo.locator(".me-info").inner_text()
    assert ann.locator("#opponents .opp-revealed").count() == 0
    bo.screenshot(path=str(shots / "table-shown-hand.png"))


BAD_RULESETS = [
    # (pasted text, the line the page must point at, words of the message)
    ("extends: classic\nname: mine\nkinds:\n  skip:\n    on_plya: lose_turn(next)\n", 5,
     "unknown key 'on_plya'"),
    ("extends: classic\nname: !!python/object/apply:os.system [echo hi]\n", 2,
     "tags such as !!python/object are not allowed"),
    ("extends: [pasted.yaml]\nname: loop\n", None, "cycle"),
    ("name: big\n" + "# padding\n" * 100_000, None, "64,000"),
]


def test_a_bad_pasted_ruleset_shows_its_error_at_its_line(browser, server, shots):
    page = new_page(browser)
    page.goto(server.url + "/")
    page.wait_for_selector("#ruleset option[value='__custom__']", state="attached")
    page.select_option("#ruleset", "__custom__")
    for text, line, said in BAD_RULESETS:
        page.evaluate("(t) => { const a = document.querySelector('#ruleset-text'); a.value = t;"
                      " a.dispatchEvent(new Event('input', {bubbles: true})); }", text)
        page.click("#check")
        page.wait_for_function("(s) => document.querySelector('#error')"
                               ".textContent.includes(s)", arg=said)
        error = page.locator("#error")
        if line is not None:
            assert error.get_attribute("data-line") == str(line)
            marked = page.locator("#error-context .error-line")
            assert marked.count() == 1 and str(line) in marked.inner_text()
        if text.startswith("extends: classic\nname: mine"):
            page.screenshot(path=str(shots / "setup-error.png"))
    page.click("#create")
    page.wait_for_function("() => document.querySelector('#error').textContent.includes('64,000')")
    assert page.locator("#links").is_hidden()


def server_log_end(page) -> str:
    """The last line of the log the server would send this page's seat now."""
    return page.evaluate(
        """async () => {
             const p = new URLSearchParams(location.hash.slice(1));
             const key = localStorage.getItem(`houserules.key.${p.get("t")}`);
             const state = await (await fetch(`/api/tables/${p.get("t")}/state`,
               {headers: {"X-Seat-Token": key}})).json();
             return state.log[state.log.length - 1] || "";
           }""")


def answer_some(pages: list, answers: int) -> None:
    """The people answer what they are asked, `answers` times in all (not past a hand's end)."""
    deadline = time.monotonic() + 30
    while answers > 0 and not any(hand_over(p) for p in pages):
        assert time.monotonic() < deadline, "nobody was asked anything"
        for person, page in enumerate(pages):
            decision = decision_of(page)
            if decision and answers > 0:
                answer(page, person, decision)
                answers -= 1
        time.sleep(0.02)


def test_open_pages_follow_the_table_through_a_server_restart(browser, server):
    ann = new_page(browser)
    invite = set_up(ann, server, "classic", 14)
    bo = new_page(browser)
    bo.goto(invite)
    bo.wait_for_selector("#table-view:not([hidden])")
    answer_some([ann, bo], 8)  # the versions the pages saw grow
    for page in (ann, bo):
        page.evaluate("window.__not_reloaded = true")
    server.stop()
    server.start()  # the same folder and port: versions count afresh
    for page in (ann, bo):
        page.wait_for_selector("#status[data-state='live']", timeout=20_000)
    answer_some([ann, bo], 4)  # each answer waits for its page to move on
    for page in (ann, bo):  # neither page reloaded, and each shows the table as it is now
        deadline = time.monotonic() + 10
        while log_text(page).strip().splitlines()[-1] != server_log_end(page):
            assert time.monotonic() < deadline, "a page stayed on the board before the restart"
            time.sleep(0.1)
        assert page.evaluate("window.__not_reloaded === true")


def test_the_match_ends_on_its_standings_and_the_host_plays_again(browser, server, shots):
    ann = new_page(browser)
    invite = set_up(ann, server, "classic", 14, house_rules=("single_hand",))
    bo = new_page(browser)
    bo.goto(invite)
    bo.wait_for_selector("#table-view:not([hidden])")
    play([ann, bo])
    for page in (ann, bo):
        standings = page.locator("#hand-over table.standings tbody tr")
        assert standings.count() == 3
        assert standings.first.locator(".standing").inner_text() == "winner"
        assert "the match with" in page.locator("#hand-over .match-over").inner_text()
    ann.screenshot(path=str(shots / "match-over.png"))
    assert bo.locator("#play-again").count() == 0  # only the host starts the next match
    assert "host may start a new match" in bo.locator("#hand-over").inner_text()
    for page in (ann, bo):
        page.evaluate("window.__not_reloaded = true")
    ann.click("#play-again")
    for page in (ann, bo):  # a new match at the same table, on both pages as they are
        page.wait_for_selector("#hand-over", state="hidden")
        page.wait_for_function("() => document.querySelector('#hand-number').textContent === '1'")
        assert page.evaluate("window.__not_reloaded === true")
    play([ann, bo])  # the same seats play it: the invited person's link still holds
    assert ann.locator("#hand-over table.standings").count() == 1
