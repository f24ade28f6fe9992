"""Real-time play at the browser table, through its API: the turn timer, seats the host hands
to a bot (or removes), who is here, and the call button with its Catch (interpreter/web/
realtime.py). The page's side is driven in Chromium by test_browser.py."""

from __future__ import annotations

import json
import random
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402
from test_web_api import answer, make_table, state  # noqa: E402

from interpreter.web import app as web  # noqa: E402


TWO_PEOPLE = [{"kind": "you", "name": "Ann"}, {"kind": "person", "name": "Bo"},
              {"kind": "bot", "bot": "random"}]  # a bot that wins no match at once


@pytest.fixture
def app(root):
    return web.create_app(root, bot_delay=0, chosen_seeds=True)


@pytest.fixture
def client(app):
    with TestClient(app) as test_client:
        yield test_client


def post(client, path, token, body=None):
    return client.post(path, headers={"x-seat-token": token}, json=body or {})


def states_of(client, table, tokens):
    return {seat: state(client, table, token) for seat, token in tokens.items()}


def play_until(client, table, tokens, found, rng, limit=3000):
    """The people answer at random (a call owed: pressed) until `found(states)` gives
    something, which is given back."""
    for _ in range(limit):
        states = states_of(client, table, tokens)
        seen = found(states)
        if seen:
            return seen
        if states[0]["hand_over"]:
            post(client, f"/api/tables/{table}/next", tokens[0])
            continue
        asked = [(s, d["decision"]) for s, d in states.items() if d["decision"]]
        if not asked:
            continue  # a bot is moving
        seat, decision = asked[0]
        if decision["button"] == "call":
            post(client, f"/api/tables/{table}/call", tokens[seat])
        else:  # a card when there is one (so that hands end), else any answer
            cards = [i for i, o in enumerate(decision["options"]) if o["type"] == "card"]
            answer(client, table, tokens[seat], decision["id"],
                   rng.choice(cards or range(len(decision["options"]))))
    raise AssertionError("the moment looked for never came")


def wait_until(check, seconds=5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seen = check()
        if seen:
            return seen
        time.sleep(0.02)
    raise AssertionError("it never happened")


# --- the turn timer -----------------------------------------------------------------------

@pytest.mark.parametrize("timer, chosen, made", [
    (None, False, 0), (0, False, 0), (15, False, 15), (30, False, 30), (60, False, 60),
    (7, False, None), (61, False, None), (1, True, 1), (600, True, 600), (601, True, None),
    (-1, True, None), ("30", False, None), (True, False, None), (2.5, True, None),
])
def test_the_host_chooses_a_turn_timer(root, timer, chosen, made):
    with TestClient(web.create_app(root, bot_delay=0, chosen_seeds=chosen)) as client:
        choice = {"ruleset": "classic", "seats": TWO_PEOPLE, **(
            {"timer": timer} if timer is not None else {})}
        reply = client.post("/api/tables", json=choice)
        if made is None:
            assert reply.status_code == 400 and "turn timer" in reply.text
            return
        assert reply.status_code == 201, reply.text
        table = reply.json()["table"]
    with TestClient(web.create_app(root, bot_delay=0)) as client:  # a restart keeps it
        host = reply.json()["seats"][0]["link"].split("k=")[1]
        key = post(client, f"/api/tables/{table}/claim", host).json()["key"]
        assert state(client, table, key)["timer"] == made


def test_a_person_s_time_runs_out_and_a_bot_moves_for_them(client):
    table, tokens, _ = make_table(client, seed=7, timer=1)
    asked = wait_until(lambda: next(((s, d) for s, d in states_of(client, table, tokens).items()
                                     if d["decision"]), None))
    seat, data = asked
    other = 1 - seat
    seen = state(client, table, tokens[other])
    # Every seat sees the same clock: whose move it is, of how long.
    for looked in (data, seen):
        assert looked["countdown"]["kind"] == "turn" and looked["countdown"]["seat"] == seat
        assert looked["countdown"]["total"] == 1 and 0 <= looked["countdown"]["left"] <= 1
    wait_until(lambda: (state(client, table, tokens[seat])["decision"] or {}).get("id")
               != data["decision"]["id"])
    assert "Your time is up: a bot moves for you." in state(client, table, tokens[seat])["log"]
    name = seen["seats"][seat]["name"]
    assert f"{name}'s time is up: a bot moves for them." in state(
        client, table, tokens[other])["log"]


def test_without_a_timer_the_table_waits(client, app):
    table, tokens, _ = make_table(client, seed=7)
    _, data = wait_until(lambda: next(((s, d) for s, d in states_of(
        client, table, tokens).items() if d["decision"]), None))
    assert data["timer"] == 0 and data["countdown"] is None
    assert app.state.hall.table(table).next_due() is None


# --- seats the host hands to a bot ----------------------------------------------------------

def test_the_host_hands_a_seat_to_a_bot_and_takes_it_back(client):
    table, tokens, made = make_table(client, seed=7)
    host = made["host"]
    assert post(client, f"/api/tables/{table}/seats/1/bot", tokens[1]).status_code == 403
    for bad in ("2", "9", "x", "-1"):  # a bot's seat, no seat, no number
        assert post(client, f"/api/tables/{table}/seats/{bad}/bot", host).status_code == 400
    assert post(client, f"/api/tables/{table}/seats/1/sideways", host).status_code == 404
    assert post(client, f"/api/tables/{table}/seats/1/bot", host).status_code == 204
    bo = state(client, table, tokens[1])
    assert bo["seats"][1]["bot_plays"] and not bo["seats"][0]["bot_plays"]
    assert "bot_plays" not in bo["seats"][2]  # a bot's own seat: nobody to hand over
    assert "The host handed your seat to a bot." in bo["log"]
    assert "The host handed Bo's seat to a bot." in state(client, table, tokens[0])["log"]
    links = client.get(f"/api/tables/{table}/seats", headers={"x-seat-token": host}).json()
    assert links["seats"][1]["bot_plays"] and links["seats"][1]["link"]
    # Bo is never asked now (a bot answers at once), and may not answer for it.
    rng = random.Random(1)
    before = len(state(client, table, tokens[0])["log"])
    play_until(client, table, {0: tokens[0]},
               lambda s: any(line.startswith("Bo ") for line in s[0]["log"][before:]), rng)
    assert post(client, f"/api/tables/{table}/call", tokens[1]).status_code == 403
    assert post(client, f"/api/tables/{table}/seats/1/back", host).status_code == 204
    assert not state(client, table, tokens[1])["seats"][1]["bot_plays"]
    play_until(client, table, {0: tokens[0]},
               lambda s: state(client, table, tokens[1])["decision"], rng)  # Bo is asked again


def test_the_host_removes_a_person_and_their_link_stops_working(root):
    with TestClient(web.create_app(root, bot_delay=0, chosen_seeds=True)) as client:
        table, tokens, made = make_table(client, seed=7)
        host, link = made["host"], made["seats"][1]["link"].split("k=")[1]
        assert post(client, f"/api/tables/{table}/seats/0/remove", host).status_code == 400
        assert post(client, f"/api/tables/{table}/seats/1/remove", host).status_code == 204
        assert post(client, f"/api/tables/{table}/seats/1/remove", host).status_code == 409
        assert post(client, f"/api/tables/{table}/seats/1/back", host).status_code == 409
        reply = client.get(f"/api/tables/{table}/state", headers={"x-seat-token": tokens[1]})
        assert reply.status_code == 403
        assert post(client, f"/api/tables/{table}/claim", link).status_code == 403
        ann = state(client, table, tokens[0])
        assert ann["seats"][1]["removed"] and ann["seats"][1]["bot_plays"]
        assert "The host removed Bo from the table: a bot plays the seat." in ann["log"]
    with TestClient(web.create_app(root, bot_delay=0)) as client:  # a restart keeps it so
        seats = client.get(f"/api/tables/{table}/seats", headers={"x-seat-token": host}).json()
        assert seats["seats"][1]["removed"] and seats["seats"][1]["link"] is None
        assert state(client, table, tokens[0])["seats"][1]["bot_plays"]
        play_until(client, table, {0: tokens[0]}, lambda s: s[0]["hand_over"],
                   random.Random(2))


@pytest.mark.parametrize("change", [
    {"timer": "30"}, {"timer": -1}, {"timer": 601}, {"timer": True},
    {"seats": 1, "removed": "yes"}, {"seats": 1, "auto": 1}, {"seats": 1, "token": None},
])
def test_a_table_json_with_an_odd_real_time_value_is_refused(root, change):
    with TestClient(web.create_app(root, bot_delay=0, chosen_seeds=True)) as client:
        table, tokens, _ = make_table(client)
    path = root / table / "table.json"
    meta = json.loads(path.read_text())
    seat = change.pop("seats", None)
    (meta["seats"][seat] if seat is not None else meta).update(change)
    path.write_text(json.dumps(meta))
    with TestClient(web.create_app(root, bot_delay=0)) as client:
        reply = client.get(f"/api/tables/{table}/state", headers={"x-seat-token": tokens[0]})
        assert reply.status_code == 404 and "damaged" in reply.text


def test_the_log_of_a_table_s_own_sentences_stays_bounded(client, app):
    table, tokens, made = make_table(client)
    for _ in range(200):
        post(client, f"/api/tables/{table}/seats/1/bot", made["host"])
    assert len(state(client, table, tokens[0])["log"]) <= 151


# --- who is here ---------------------------------------------------------------------------

def test_who_is_here_is_each_seat_s_open_pages(client, app):
    table, tokens, _ = make_table(client, seed=7)
    hall = app.state.hall
    hall.away_after = 0  # at once (the server waits a few seconds: a reload is no leaving)
    seen = hall.table(table)
    assert not state(client, table, tokens[0])["seats"][1]["here"]
    before = seen.version
    hall.watch(seen, 1, +1)
    hall.watch(seen, 1, +1)  # a second tab
    assert seen.version == before + 1
    assert state(client, table, tokens[0])["seats"][1]["here"]
    hall.watch(seen, 1, -1)
    assert state(client, table, tokens[0])["seats"][1]["here"]
    hall.watch(seen, 1, -1)
    assert not state(client, table, tokens[0])["seats"][1]["here"]
    assert "here" not in state(client, table, tokens[0])["seats"][2]  # a bot's


# --- the call button and Catch ---------------------------------------------------------------

def owed(states):
    """(the seat whose call is owed now: its uno decision asked, not yet pressed), or None."""
    return next(((s,) for s, d in states.items() if d["call"]["owed"]), None)


def test_a_call_pressed_early_answers_the_call_when_it_comes(client):
    table, tokens, _ = make_table(client, seats=TWO_PEOPLE, seed=3)
    assert post(client, f"/api/tables/{table}/call", tokens[0]).status_code in (200, 409)

    def two_cards_and_a_play(states):
        for seat, data in states.items():
            decision = data["decision"]
            if decision and decision["kind"] == "play" and len(data["hand"]) == 2 and any(
                    o["type"] == "card" for o in decision["options"]):
                return seat, data
        return None
    seat, data = play_until(client, table, tokens, two_cards_and_a_play, random.Random(4))
    other = 1 - seat
    assert post(client, f"/api/tables/{table}/call", tokens[other]).status_code == 409
    assert post(client, f"/api/tables/{table}/call", tokens[seat]).status_code == 200
    assert state(client, table, tokens[seat])["call"]["called"]
    assert not state(client, table, tokens[other])["call"]["called"]  # nobody else is told
    card = next(i for i, o in enumerate(data["decision"]["options"]) if o["type"] == "card")
    assert answer(client, table, tokens[seat], data["decision"]["id"], card).status_code == 200
    after = state(client, table, tokens[seat])
    assert after["log"].count('You: "UNO!"') == data["log"].count('You: "UNO!"') + 1
    assert not after["call"]["called"] and not after["call"]["owed"]


def test_a_catch_pressed_before_the_call_catches(client):
    table, tokens, _ = make_table(client, seats=TWO_PEOPLE, seed=3)
    (seat,) = play_until(client, table, tokens, owed, random.Random(5))
    other = 1 - seat
    states = states_of(client, table, tokens)
    assert states[seat]["decision"]["button"] == "call"
    assert states[other]["call"]["missing"] == seat and states[other]["call"]["may_catch"]
    assert not states[seat]["call"]["may_catch"]
    for data in states.values():  # the same clock at every seat
        assert (data["countdown"]["kind"], data["countdown"]["seat"]) == ("call", seat)
    assert post(client, f"/api/tables/{table}/catch", tokens[seat]).status_code == 409
    assert post(client, f"/api/tables/{table}/catch", tokens[other]).status_code == 200
    assert post(client, f"/api/tables/{table}/call", tokens[seat]).status_code == 409
    caught = state(client, table, tokens[other])["log"][len(states[other]["log"]):]
    assert any(line.startswith("You caught ") for line in caught), caught


def test_a_call_pressed_before_the_catch_stands(client):
    table, tokens, _ = make_table(client, seats=TWO_PEOPLE, seed=3)
    (seat,) = play_until(client, table, tokens, owed, random.Random(5))
    assert post(client, f"/api/tables/{table}/call", tokens[seat]).status_code == 200
    assert post(client, f"/api/tables/{table}/catch", tokens[1 - seat]).status_code == 409
    assert 'You: "UNO!"' in state(client, table, tokens[seat])["log"][-6:]


def test_a_call_not_made_in_time_opens_the_catch_window(client, app):
    table, tokens, _ = make_table(client, seats=TWO_PEOPLE, seed=3)
    app.state.hall.table(table).call_seconds = 0.2
    (seat,) = play_until(client, table, tokens, owed, random.Random(5))
    other = 1 - seat
    window = wait_until(lambda: (state(client, table, tokens[other])["decision"] or {}).get(
        "button") == "catch" and state(client, table, tokens[other]))
    assert window["call"]["missing"] == seat and window["countdown"]["kind"] == "window"
    assert post(client, f"/api/tables/{table}/call", tokens[seat]).status_code == 409
    assert post(client, f"/api/tables/{table}/catch", tokens[other]).status_code == 200
    assert any("caught" in line for line in state(client, table, tokens[seat])["log"][-6:])


def test_a_game_without_the_call_has_no_buttons(client):
    table, tokens, _ = make_table(client, seats=TWO_PEOPLE, seed=3, house_rules=["silent_uno"])
    assert state(client, table, tokens[0])["call"] is None
    assert post(client, f"/api/tables/{table}/call", tokens[0]).status_code == 409


def test_the_call_button_says_the_ruleset_s_word(client):
    table, tokens, _ = make_table(client, ruleset="dos", seats=TWO_PEOPLE, seed=3)
    call = state(client, table, tokens[0])["call"]
    assert (call["word"], call["cards_left"]) == ("DOS", 2)


# --- windows ---------------------------------------------------------------------------------

def test_a_window_looks_the_same_at_every_seat_whoever_could_take_it(client):
    """A jump-in window after a bot's play is asked of both people at once, with one clock:
    the seats, the countdown and who is deciding are the same whether or not a seat holds
    a card to jump in with (only its own offer says whether it can)."""
    table, tokens, _ = make_table(client, seats=TWO_PEOPLE, seed=3, house_rules=["jump_in"])

    def window_at_both(states):
        kinds = [(d["decision"] or {}).get("kind") for d in states.values()]
        return states if kinds == ["jump_in", "jump_in"] and states[0]["turn"] == 2 else None
    states = play_until(client, table, tokens, window_at_both, random.Random(6))
    ann, bo = states[0], states[1]
    for data in (ann, bo):
        assert data["countdown"]["kind"] == "window" and data["countdown"]["seat"] is None
        assert data["decision"]["closes_in"] == pytest.approx(data["countdown"]["left"], abs=0.2)
    assert ann["countdown"]["total"] == bo["countdown"]["total"]
    assert [s["deciding"] for s in ann["seats"]] == [s["deciding"] for s in bo["seats"]]
    assert ann["call"]["missing"] is None and bo["call"]["missing"] is None


def test_play_again_keeps_the_timer_and_the_seats_a_bot_plays(client):
    table, tokens, made = make_table(client, seats=TWO_PEOPLE, house_rules=["single_hand"],
                                     timer=60)
    host = made["host"]
    assert post(client, f"/api/tables/{table}/seats/1/bot", host).status_code == 204
    play_until(client, table, {0: tokens[0]}, lambda s: s[0]["hand_over"], random.Random(3))
    assert post(client, f"/api/tables/{table}/again", host).status_code == 200
    fresh = state(client, table, tokens[0])
    assert fresh["timer"] == 60 and fresh["seats"][1]["bot_plays"]
    assert fresh["hand_number"] == 1 and fresh["hand_over"] is None
