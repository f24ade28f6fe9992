"""The browser table's API without a browser: seats, secrets, answers, limits, restarts.

The page itself is driven in a real Chromium by tests/test_browser.py; here Starlette's
test client speaks to the same application.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

pytest.importorskip("starlette")
pytest.importorskip("starlette.testclient")  # needs httpx2 (or httpx)

from starlette.testclient import TestClient  # noqa: E402

from interpreter.presenting.view import seat_view  # noqa: E402
from interpreter.web import app as web  # noqa: E402

TWO_PEOPLE = [{"kind": "you", "name": "Ann"}, {"kind": "person", "name": "Bo"},
              {"kind": "bot", "bot": "heuristic"}]


@pytest.fixture
def client(root):
    with TestClient(web.create_app(root, bot_delay=0, chosen_seeds=True)) as test_client:
        yield test_client


def make_table(client, ruleset="classic", seats=TWO_PEOPLE, seed=7, **extra):
    reply = client.post("/api/tables", json={"ruleset": ruleset, "seats": seats, "seed": seed,
                                             **extra})
    assert reply.status_code == 201, reply.text
    data = reply.json()
    tokens = {s["seat"]: claim(client, data["table"], s["link"]) for s in data["seats"]
              if s["link"]}
    return data["table"], tokens, data


def claim(client, table, link):
    """Take the seat of a join link, as the page does when it is opened: its key."""
    reply = client.post(f"/api/tables/{table}/claim", json={},
                        headers={"x-seat-token": link.split("k=")[1]})
    assert reply.status_code == 200, reply.text
    return reply.json()["key"]


def state(client, table, token):
    reply = client.get(f"/api/tables/{table}/state", headers={"x-seat-token": token})
    assert reply.status_code == 200, reply.text
    return reply.json()


def answer(client, table, token, decision, option):
    return client.post(f"/api/tables/{table}/answer", headers={"x-seat-token": token},
                       json={"decision": decision, "option": option})


def wait_for_person(client, table, tokens):
    """Let the bots (driven by the server's event loop) move until a person must answer."""
    for _ in range(2000):
        states = {seat: state(client, table, tok) for seat, tok in tokens.items()}
        if any(s["decision"] for s in states.values()) or states[0]["hand_over"]:
            return states
    raise AssertionError("no person was ever asked anything")


def play_hand(client, table, tokens, rng, seen=None):
    """Both people answer at random until the hand ends; every state each seat got is kept."""
    for _ in range(3000):
        states = wait_for_person(client, table, tokens)
        if seen is not None:
            for seat, data in states.items():
                seen.setdefault(seat, []).append(data)
        if states[0]["hand_over"]:
            return states
        seat, data = next((s, d) for s, d in states.items() if d["decision"])
        decision = data["decision"]
        reply = answer(client, table, tokens[seat], decision["id"],
                       rng.randrange(len(decision["options"])))
        assert reply.status_code == 200, reply.text
    raise AssertionError("the hand never ended")


def test_the_page_and_its_files_are_served_and_nothing_else(client):
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert "http://" not in page.text and "https://" not in page.text  # nothing from the internet
    assert client.get("/static/app.js").status_code == 200
    for path in ("/static/../app.py", "/static/..%2fapp.py", "/static/%2e%2e%2f__init__.py",
                 "/static/..%2f..%2ftables.py", "/static/nothing.js", "/static/"):
        assert client.get(path).status_code == 404, path


def test_the_catalog_lists_games_house_rules_and_bots(client):
    data = client.get("/api/catalog").json()
    names = [g["name"] for g in data["rulesets"]]
    assert {"classic", "mario_kart", "uno_flip", "no_mercy", "crazy_eights"} <= set(names)
    assert not any(n.startswith("house/") for n in names)
    rules = {h["name"]: h for h in data["house_rules"]}
    assert "stacking" in rules and rules["stacking"]["description"]
    assert {b["name"] for b in data["bots"]} >= {"heuristic", "random", "eager"}
    mario = next(g for g in data["rulesets"] if g["name"] == "mario_kart")
    assert mario["house_rules_on"] == ["challenge"]


def test_each_bot_is_described_without_its_docstring(monkeypatch):
    """The set-up page's words for each bot are data: the compiled build keeps no docstrings."""
    from interpreter.playing.seating import AGENTS
    from interpreter.web import lobby
    for agent in AGENTS.values():
        monkeypatch.setattr(agent, "__doc__", None)
    lobby.catalog_json.cache_clear()
    try:
        bots = json.loads(lobby.catalog_json())["bots"]
    finally:
        lobby.catalog_json.cache_clear()
    assert [bot["name"] for bot in bots] == list(AGENTS)
    assert all(bot["help"].endswith(".") and len(bot["help"]) > 20 for bot in bots), bots


BAD_PASTES = [
    # (text, line, what the message says)
    ("name: mine\nextends: classic\nkinds:\n  skip:\n    on_plya: lose_turn(next)\n", 5,
     "unknown key 'on_plya'"),
    ("extends: classic\nkinds:\n  skip:\n    on_play: lose_turn(nxt)\n", 4, "unknown name 'nxt'"),
    ("extends: classic\nplayers: {min: 2, max: [\n", 3, "malformed YAML"),
    ("extends: [pasted.yaml]\n", None, "cycle"),
    ("extends: classic\nname: !!python/object/apply:os.system [echo hi]\n", 2,
     "tags such as !!python/object are not allowed"),
    ("extends: ../../etc/passwd.yaml\n", 1, "not allowed"),
    ("extends: /etc/hosts.yaml\n", 1, "not allowed: an absolute path"),
]


@pytest.mark.parametrize("text, line, said", BAD_PASTES)
def test_a_bad_paste_is_refused_at_its_line(client, text, line, said):
    reply = client.post("/api/check", json={"ruleset": None, "text": text})
    error = reply.json()["error"]
    assert said in error["message"]
    assert error["line"] == line
    assert "/tmp" not in error["message"] and "houserules-check" not in error["message"]
    made = client.post("/api/tables", json={"text": text, "seats": TWO_PEOPLE})
    assert made.status_code == 400 and said in made.json()["error"]["message"]


def test_a_one_megabyte_paste_is_refused_as_the_command_line_refuses_the_file(client, tmp_path):
    text = "name: big\n" + "# padding\n" * 100_000
    big = tmp_path / "pasted.yaml"
    big.write_text(text)
    cli = subprocess.run([sys.executable, "-m", "interpreter.cli.main", "validate", str(big)],
                         capture_output=True, text=True, cwd=tmp_path)
    assert cli.returncode == 2
    error = client.post("/api/check", json={"ruleset": None, "text": text}).json()["error"]
    assert error["problem"] in cli.stderr
    assert "64,000" in error["message"] or "64000" in error["message"]


def test_a_good_paste_is_summarised(client):
    text = "extends: classic\nname: mine\ntitle: My rules\nhand_size: 5\n"
    data = client.post("/api/check", json={"ruleset": None, "text": text}).json()
    assert data["ok"] and data["title"] == "My rules" and data["players"]["min"] == 2


def test_bodies_and_tables_are_bounded(client, monkeypatch):
    huge = client.post("/api/check", content=b"{" + b" " * 2_100_000 + b"}",
                       headers={"content-type": "application/json"})
    assert huge.status_code == 413
    table, tokens, _ = make_table(client)
    long_answer = client.post(f"/api/tables/{table}/answer", headers={"x-seat-token": tokens[0]},
                              content=b"[" + b"0," * 5000 + b"0]")
    assert long_answer.status_code == 413
    monkeypatch.setattr(web, "MAX_TABLES", 1)
    refused = client.post("/api/tables", json={"ruleset": "classic", "seats": TWO_PEOPLE})
    assert refused.status_code == 503 and "already keeps 1 tables" in refused.text


def test_seats_need_their_tokens(client):
    table, tokens, data = make_table(client)
    assert len(tokens) == 2 and data["host"] not in tokens.values()
    assert client.get(f"/api/tables/{table}/state").status_code == 403
    assert client.get(f"/api/tables/{table}/state",
                      headers={"x-seat-token": "x" * 22}).status_code == 403
    assert client.get(f"/api/tables/{table}/state",
                      headers={"x-seat-token": data["host"]}).status_code == 403
    assert client.get("/api/tables/../state", headers={"x-seat-token": tokens[0]}).status_code \
        in (403, 404)
    assert client.get("/api/tables/nosuchtable1/state",
                      headers={"x-seat-token": tokens[0]}).status_code == 404
    links = client.get(f"/api/tables/{table}/seats", headers={"x-seat-token": data["host"]})
    assert links.status_code == 200 and len(links.json()["seats"]) == 3
    assert client.get(f"/api/tables/{table}/seats",
                      headers={"x-seat-token": tokens[1]}).status_code == 403


def test_an_answer_from_another_seat_is_refused_and_changes_nothing(client):
    table, tokens, _ = make_table(client)
    states = wait_for_person(client, table, tokens)
    asked = next(s for s, d in states.items() if d["decision"])
    other = 1 - asked
    decision = states[asked]["decision"]
    before = state(client, table, tokens[asked])
    refused = answer(client, table, tokens[other], decision["id"], 0)
    assert refused.status_code == 403 and "not this seat's" in refused.json()["error"]["message"]
    assert answer(client, table, tokens[asked], decision["id"] + 1, 0).status_code == 409
    assert answer(client, table, tokens[asked], decision["id"], 999).status_code == 400
    assert answer(client, table, tokens[asked], decision["id"], True).status_code == 400
    assert state(client, table, tokens[asked]) == before
    assert answer(client, table, tokens[asked], decision["id"], 0).status_code == 200
    assert answer(client, table, tokens[asked], decision["id"], 0).status_code in (403, 409)


def face_key(face):
    return json.dumps(face, sort_keys=True)


def test_each_seat_sees_its_own_hand_and_only_counts_of_others(client, root):
    table, tokens, _ = make_table(client, ruleset="uno_flip")
    game = client.app.state.hall.tables[table].session.game
    look = client.app.state.hall.tables[table].look
    for seat, token in tokens.items():
        data = state(client, table, token)
        mine = sorted(face_key(look.face(c)) for c in game.hands[seat])
        assert sorted(face_key(f) for f in data["hand"]) == mine
        other = 1 - seat
        text = json.dumps(data)
        assert data["seats"][other]["hand_size"] == len(game.hands[other])
        # The other hand's faces up never appear; its faces down do (docs/game-rules.md section 4).
        shows = sorted(face_key(f) for f in data["seats"][other]["shows"])
        assert shows == sorted(face_key(look.face(c.back)) for c in game.hands[other])
        assert data["seats"][seat]["shows"] == []  # nobody is told their own hand's backs
        assert data["stock"]["shows"] == look.face(game.stock[-1].back)
        assert '"id"' not in json.dumps(data["hand"])


def test_two_people_play_a_whole_hand_and_the_server_restarts_in_the_middle(root):
    rng = random.Random(3)
    with TestClient(web.create_app(root, bot_delay=0, chosen_seeds=True)) as client:
        table, tokens, _ = make_table(client, ruleset="mario_kart", seed=11)
        for _ in range(6):  # a few answers, then the server goes away
            states = wait_for_person(client, table, tokens)
            seat, data = next((s, d) for s, d in states.items() if d["decision"])
            answer(client, table, tokens[seat], data["decision"]["id"],
                   rng.randrange(len(data["decision"]["options"])))
        before = {seat: state(client, table, tok) for seat, tok in tokens.items()}
    with TestClient(web.create_app(root, bot_delay=0, chosen_seeds=True)) as client:
        after = {seat: state(client, table, tok) for seat, tok in tokens.items()}
        for seat in tokens:
            for key in ("hand", "top", "color", "seats", "decision", "log"):
                assert after[seat][key] == before[seat][key], key
            # Versions count afresh under a new epoch: a page open across the restart takes
            # the new states although their versions are lower than those it saw.
            assert after[seat]["epoch"] != before[seat]["epoch"]
        seen: dict = {}
        end = play_hand(client, table, tokens, rng, seen)
        over = end[0]["hand_over"]
        assert over["winner"] in range(3) and not over["match_over"]
        # Each seat's match total, and whether the lowest wins (match.winner): the page's words.
        assert over["lowest_wins"] is False
        assert [s["total"] for s in over["seats"]] == [s["score"] for s in end[0]["seats"]]
        assert any("went out" in line for line in end[0]["log"])
        assert client.post(f"/api/tables/{table}/next",
                           headers={"x-seat-token": tokens[1]}).status_code == 200
        assert state(client, table, tokens[0])["hand_number"] == 2
        assert client.post(f"/api/tables/{table}/next",
                           headers={"x-seat-token": tokens[1]}).status_code == 409


def test_a_window_is_offered_to_each_person_in_turn(client):
    # Catching: find a moment a catch window is open to a person, and take it.
    rng = random.Random(5)
    table, tokens, _ = make_table(client, seats=[{"kind": "you"}, {"kind": "person"},
                                                 {"kind": "bot", "bot": "random"}], seed=2)
    for _ in range(4000):
        states = wait_for_person(client, table, tokens)
        if states[0]["hand_over"]:
            client.post(f"/api/tables/{table}/next", headers={"x-seat-token": tokens[0]})
            continue
        seat, data = next((s, d) for s, d in states.items() if d["decision"])
        decision = data["decision"]
        if decision["kind"] == "catch":
            assert [o["type"] for o in decision["options"]] == ["yes", "none"]
            # It names the seat that did not call UNO (the one holding a card), as this
            # seat is told it: never seat 0 whoever it was (issue 45).
            suspect = next(s for s in data["seats"] if s["hand_size"] == 1
                           and s["seat"] != seat)
            assert decision["title"] == f"{suspect['name']} has one card left and did not " \
                                        "call UNO. Catch them?"
            assert [o["label"] for o in decision["options"]] == ["Catch", "Let it go"]
            assert answer(client, table, tokens[seat], decision["id"], 0).status_code == 200
            log = state(client, table, tokens[seat])["log"]
            assert any("caught" in line for line in log[-5:])
            return
        if decision["kind"] == "uno":  # people forget UNO here, so that bots catch them
            choice = [o["type"] for o in decision["options"]].index("no")
        else:
            choice = rng.randrange(len(decision["options"]))
        answer(client, table, tokens[seat], decision["id"], choice)
    raise AssertionError("no catch window was ever offered to a person")


def test_serve_explains_itself_and_its_mistakes(capsys, monkeypatch, tmp_path):
    from interpreter.cli.main import main
    with pytest.raises(SystemExit) as stop:
        main(["serve", "--help"])
    assert stop.value.code == 0
    said = capsys.readouterr().out
    assert "--host" in said and "--tables" in said and "0.0.0.0" in said
    assert main(["serve", "--port", "0", "--tables", str(tmp_path)]) == 2
    assert "expected --port" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the web extra were not installed
    assert main(["serve", "--tables", str(tmp_path)]) == 2
    assert "pip install 'houserules[web]'" in capsys.readouterr().err


def test_a_table_whose_rule_breaks_stops_and_keeps_its_save(client, root):
    # A pasted rule that fails when played: the table says so, and its save is kept whole.
    text = "extends: classic\nname: fragile\nkinds:\n  skip:\n    on_play: set_direction(2 * direction)\n"
    table, tokens, _ = make_table(client, ruleset=None, text=text, seed=1,
                                  seats=[{"kind": "you"}, {"kind": "bot", "bot": "eager"}])
    for _ in range(500):
        data = state(client, table, tokens[0])
        if data["broken"]:
            break
        if data["decision"]:
            answer(client, table, tokens[0], data["decision"]["id"], 0)
    assert data["broken"] and "pasted.yaml:5:14: $.kinds.skip.on_play" in data["broken"]
    assert data["decision"] is None
    saved = json.loads((root / table / "save.json").read_text())
    assert saved["broken"]


def test_a_link_takes_its_seat_once_and_the_host_may_free_it(client):
    reply = client.post("/api/tables", json={"ruleset": "classic", "seats": TWO_PEOPLE})
    data = reply.json()
    table, link = data["table"], data["seats"][1]["link"].split("k=")[1]
    by_link = {"x-seat-token": link}
    assert client.get(f"/api/tables/{table}/state", headers=by_link).status_code == 403
    key = claim(client, table, data["seats"][1]["link"])
    assert client.post(f"/api/tables/{table}/claim", json={}, headers=by_link).status_code == 409
    assert state(client, table, key)["seat"] == 1
    free = f"/api/tables/{table}/seats/1/free"
    assert client.post(free, json={}, headers={"x-seat-token": key}).status_code == 403
    assert client.post(free, json={}, headers={"x-seat-token": data["host"]}).status_code == 204
    assert client.get(f"/api/tables/{table}/state", headers={"x-seat-token": key}).status_code == 403
    assert state(client, table, claim(client, table, data["seats"][1]["link"]))["seat"] == 1


def test_the_launcher_s_result_is_told_to_every_seat(client):
    """UNO Attack at a browser table: each press of the launcher is in every seat's log."""
    table, tokens, _ = make_table(client, "uno_attack")
    end = play_hand(client, table, tokens, random.Random(4))
    for seat in tokens:
        told = " ".join(end[seat]["log"])
        assert "Launcher: " in told, told[-500:]


def test_the_catalog_lists_the_games_by_title(client):
    titles = [g["title"] for g in client.get("/api/catalog").json()["rulesets"]]
    assert titles == sorted(titles, key=str.casefold) and titles[0] == "Classic UNO"


SHOWN = """\
extends: classic
name: shown
variables:
  power: {per_seat: true, initial: 2, shown: true, help: Power cards left}
"""


def test_a_revealed_hand_and_the_shown_values_reach_every_seat(client):
    """reveal_hand and `shown: true` (docs/rules.md): public, so every seat's state has them;
    a hand not revealed sends no faces, and a ruleset without them sends neither key."""
    table, tokens, _ = make_table(client, ruleset=None, text=SHOWN)
    here = client.app.state.hall.tables[table]
    game, look = here.session.game, here.look
    game.reveal(2)
    game.variables["power"][1] = 0
    for seat, token in tokens.items():
        data = state(client, table, token)
        assert sorted(face_key(f) for f in data["seats"][2]["revealed"]) == \
            sorted(face_key(look.face(c)) for c in game.hands[2])
        assert all("revealed" not in data["seats"][s] for s in (0, 1))
        assert [s["values"] for s in data["seats"]] == [
            [{"label": "Power cards left", "value": str(v)}] for v in (2, 0, 2)]
    plain, plain_tokens, _ = make_table(client)
    data = state(client, plain, plain_tokens[0])
    assert all("values" not in s and "revealed" not in s for s in data["seats"])


def test_a_low_score_hand_shows_each_seat_s_own_points_and_the_ruleset_s_totals(client):
    """Where every seat scores its own hand (low_score), the hand's table gives each seat
    those points and its total as the ruleset keeps it; the page then shows no winner's
    points (the winner scores none)."""
    table, tokens, _ = make_table(client, house_rules=["low_score"], seed=3)
    end = play_hand(client, table, tokens, random.Random(2))
    over = end[0]["hand_over"]
    result = client.app.state.hall.tables[table].session.game.hand_results[-1]
    assert over["each_scored"] is True and over["lowest_wins"] is True
    assert [s["points"] for s in over["seats"]] == list(result.seats)
    assert [s["total"] for s in over["seats"]] == [s["score"] for s in end[0]["seats"]]
    assert over["seats"][over["winner"]]["points"] == 0
    plain, plain_tokens, _ = make_table(client)
    assert play_hand(client, plain, plain_tokens, random.Random(2))[0]["hand_over"][
        "each_scored"] is False


def test_a_seat_put_out_as_the_hand_ends_keeps_its_cards_in_the_hand_s_table(client):
    """Elimination: a seat whose total reaches the target is out as the hand ends, its cards
    gone under the discard pile; the hand's table still counts the cards it was left with."""
    table, tokens, _ = make_table(client, house_rules=["elimination"], seed=3,
                                  options={"target_score": 1})
    over = play_hand(client, table, tokens, random.Random(2))[0]["hand_over"]
    assert over["match_over"] and over["match_winner"] == over["winner"]
    out = [s for s in over["seats"] if s["out"]]
    assert len(out) == 2 and all(s["cards"] > 0 and s["points"] > 0 for s in out), over


def test_the_match_ends_on_its_standings_and_the_host_plays_again_at_the_same_table(client):
    rng = random.Random(4)
    table, tokens, data = make_table(client, house_rules=["single_hand"])
    host = {"x-seat-token": data["host"]}
    again = f"/api/tables/{table}/again"
    assert client.post(again, headers=host, json={}).status_code == 409  # not over yet
    end = play_hand(client, table, tokens, rng)
    over = end[1]["hand_over"]
    assert over["match_over"] and end[1]["seed"] == 7
    lines = over["standings"]
    assert sorted(s for line in lines for s in line["seats"]) == [0, 1, 2]
    assert lines[0]["winner"] and lines[0]["seats"] == [over["match_winner"]]
    # Classic scores the winner alone: the others tie, on no points, for second place.
    assert [(line["place"], line["total"] > 0) for line in lines] == [(1, True), (2, False),
                                                                       (2, False)]
    assert not any(line["out"] or seat["out"] for line, seat in zip(lines, over["seats"]))
    # Only the host starts the next match; a seat's key is not the host's token.
    assert client.post(again, headers={"x-seat-token": tokens[0]}, json={}).status_code == 403
    assert client.post(again, headers=host, json={"seed": 8}).status_code == 200
    for seat, key in tokens.items():  # the same seats and keys, a new match from its start
        fresh = state(client, table, key)
        assert fresh["hand_over"] is None and fresh["hand_number"] == 1 and fresh["seed"] is None
        assert [s["name"] for s in fresh["seats"]][1 - seat] == ["Ann", "Bo"][1 - seat]
        assert all(s["score"] == 0 for s in fresh["seats"])
    links = client.get(f"/api/tables/{table}/seats", headers=host).json()["seats"]
    assert [s["link"] for s in links] == [s["link"] for s in data["seats"]]  # the same links
    assert play_hand(client, table, tokens, rng)[0]["hand_over"]["match_over"]


def test_a_seat_knocked_out_shows_as_out_at_the_end(client):
    rng = random.Random(1)
    for seed in range(40):  # a No Mercy hand where the mercy rule puts someone out
        table, tokens, _ = make_table(client, ruleset="no_mercy", seed=seed,
                                      seats=[{"kind": "you"}, {"kind": "person"},
                                             {"kind": "bot", "bot": "random"},
                                             {"kind": "bot", "bot": "random"}])
        over = play_hand(client, table, tokens, rng)[0]["hand_over"]
        if any(s["out"] for s in over["seats"]):
            break
    else:
        pytest.skip("no seat was knocked out")
    out = {s["seat"] for s in over["seats"] if s["out"]}
    lines = over["standings"]
    assert {s for line in lines if line["out"] for s in line["seats"]} == out
    assert not lines[0]["out"] and all(line["out"] for line in lines[-len(out):])


PRIVATE = ("seat", "hand", "decision", "log", "seats", "waiting_for")  # what differs seat to seat


def test_the_spectator_link_sees_what_a_seat_holding_no_cards_sees(client):
    table, tokens, data = make_table(client, ruleset="uno_flip")
    spectator = data["spectator"].split("s=")[1]
    held = client.app.state.hall.tables[table]
    game, look = held.session.game, held.look
    rng = random.Random(3)
    for _ in range(12):  # a few moves in: a decision pending, cards drawn
        states = wait_for_person(client, table, tokens)
        seat, seen = next((s, d) for s, d in states.items() if d["decision"])
        watched = state(client, table, spectator)
        assert watched["seat"] is None and watched["hand"] == [] and watched["decision"] is None
        view = seat_view(game, None)
        assert view.hand == () and view.decision is None
        # Every hand is seen as a seat that is not its own sees it: its backs, never its faces.
        for other, entry in enumerate(watched["seats"]):
            assert entry["hand_size"] == len(game.hands[other])
            assert sorted(map(face_key, entry["shows"])) == \
                sorted(face_key(look.face(c.back)) for c in game.hands[other])
        assert {k: v for k, v in watched.items() if k not in PRIVATE} == \
            {k: v for k, v in seen.items() if k not in PRIVATE}
        assert watched["seats"] == [{**entry, "name": held.seats[s]["name"], "shows": watched["seats"][s]["shows"]}
                                    for s, entry in enumerate(seen["seats"])]
        assert "You " not in " ".join(watched["log"]) and " you " not in " ".join(watched["log"])
        # Watching answers nothing and deals nothing.
        assert answer(client, table, spectator, seen["decision"]["id"], 0).status_code == 403
        assert client.post(f"/api/tables/{table}/next", json={},
                           headers={"x-seat-token": spectator}).status_code == 403
        reply = answer(client, table, tokens[seat], seen["decision"]["id"],
                       rng.randrange(len(seen["decision"]["options"])))
        assert reply.status_code == 200, reply.text
        if game.decision is None:
            break
    # The host is given the link with the join links, and only the host.
    host = client.get(f"/api/tables/{table}/seats", headers={"x-seat-token": data["host"]})
    assert host.json()["spectator"] == data["spectator"]
