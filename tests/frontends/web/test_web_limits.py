"""The web server's own limits: malformed requests, other sites, idle and slow clients, tables
that expire or are ended, and a table's own files tampered with (docs/web-api.md, "What the
server refuses, and why").

What is about the real server (its sockets, its Host header, its log) is asked of
`houserules serve` in a process of its own on loopback; the rest of Starlette's test client,
as tests/test_web_api.py does.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

import interpreter  # noqa: E402
from interpreter.errors import HouserulesError  # noqa: E402
from interpreter.loading.source import bundled_dir  # noqa: E402
from interpreter.web import app as web  # noqa: E402
from interpreter.web import (
    connections,  # noqa: E402
    tables,  # noqa: E402
)
from interpreter.web.guard import allowed_names, client_key, refusal  # noqa: E402
from interpreter.web.lobby import error_json  # noqa: E402

PEOPLE = [{"kind": "you", "name": "Ann"}, {"kind": "person", "name": "Bo"},
          {"kind": "bot", "bot": "heuristic"}]
INSTALL = str(Path(interpreter.__file__).resolve().parent.parent)
PASTE = "extends: classic\nname: mine\ntitle: Mine\n"


# --- helpers --------------------------------------------------------------------------

@pytest.fixture
def client(root):
    with TestClient(web.create_app(root, bot_delay=0)) as test_client:
        yield test_client


def make_table(client, seats=PEOPLE, **choice):
    reply = client.post("/api/tables", json={"ruleset": "classic", "seats": seats, **choice})
    assert reply.status_code == 201, reply.text
    data = reply.json()
    tokens = {s["seat"]: claim(client, data["table"], s["link"]) for s in data["seats"]
              if s["link"]}
    return data["table"], tokens, data["host"]


def claim(client, table: str, link: str) -> str:
    """Take the seat of a join link, as the page does when it is opened: its key."""
    reply = client.post(f"/api/tables/{table}/claim", json={},
                        headers={"x-seat-token": link.split("k=")[1]})
    assert reply.status_code == 200, reply.text
    return reply.json()["key"]


def post(client, path: str, data, **headers):
    """POST `data` as JSON, escaped as JSON may be (a lone surrogate as \\ud800)."""
    return client.post(path, content=json.dumps(data).encode(),
                       headers={"content-type": "application/json", **headers})


def private(reply, root: Path) -> None:
    """An error body names none of the server's folders."""
    for folder in (str(root), str(root.resolve()), INSTALL):
        assert folder not in reply.text, reply.text


def folders(root: Path) -> set:
    return {p.name for p in root.iterdir()} if root.is_dir() else set()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def loopback(address: str) -> bool:
    """Whether this machine can send from another loopback address (Linux can)."""
    try:
        with socket.socket() as sock:
            sock.bind((address, 0))
        return True
    except OSError:
        return False


needs_loopback_addresses = pytest.mark.skipif(
    not loopback("127.0.0.2"), reason="needs 127.0.0.2 and 127.0.0.3 as client addresses")


class Served:
    """`houserules serve` in a process of its own on loopback, its log kept in a file."""

    def __init__(self, folder: Path, *args: str):
        self.port = free_port()
        self.tables = folder / "tables"
        self.log = folder / "server.log"
        folder.mkdir(parents=True, exist_ok=True)
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "interpreter.cli.main", "serve", "--port", str(self.port),
                 "--tables", str(self.tables), "--bot-delay", "0", *args],
                stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/catalog", timeout=1)
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("houserules serve stopped: " + self.log.read_text())
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("houserules serve did not start")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def connect(self, source: str = "127.0.0.1", timeout: float = 5.0) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=timeout,
                                        source_address=(source, 0))

    def ask(self, method: str, path: str, body=None, headers=None, source="127.0.0.1"):
        """(status, body) of one request on a connection of its own."""
        data = b"" if body is None else json.dumps(body).encode()
        head = {"Host": f"127.0.0.1:{self.port}", "Connection": "close",
                "Content-Length": str(len(data)),
                **({"Content-Type": "application/json"} if body is not None else {}),
                **(headers or {})}
        lines = [f"{method} {path} HTTP/1.1",
                 *(f"{k}: {v}" for k, v in head.items() if v is not None)]
        with self.connect(source) as sock:
            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
            reply = read_all(sock)
        status, _, rest = reply.partition(b"\r\n\r\n")
        return int(status.split(b" ", 2)[1]), rest

    def table(self, seats=PEOPLE, source="127.0.0.1"):
        status, body = self.ask("POST", "/api/tables", {"ruleset": "classic", "seats": seats},
                                source=source)
        assert status == 201, body
        data = json.loads(body)
        keys = []
        for seat in data["seats"]:
            if seat["link"]:
                status, taken = self.ask("POST", f"/api/tables/{data['table']}/claim", {},
                                         {"X-Seat-Token": seat["link"].split("k=")[1]},
                                         source=source)
                assert status == 200, taken
                keys.append(json.loads(taken)["key"])
        return data["table"], keys, data["host"]

    def stream(self, table: str, token: str, source="127.0.0.1"):
        """An open event stream: (its status, its socket, still open)."""
        sock = self.connect(source)
        sock.sendall(f"GET /api/tables/{table}/events?k={token} HTTP/1.1\r\n"
                     f"Host: 127.0.0.1:{self.port}\r\nConnection: close\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(4096)
            if not chunk:
                break
            head += chunk
        return int(head.split(b" ", 2)[1]), sock


def read_all(sock: socket.socket) -> bytes:
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def closed(sock: socket.socket) -> bool:
    """Whether the server has closed this connection (without waiting)."""
    sock.setblocking(False)
    try:
        return sock.recv(65536) == b""
    except BlockingIOError:
        return False
    except ConnectionError:
        return True


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Served(tmp_path_factory.mktemp("served"), "--allow-host", "mybox.lan")
    yield running
    running.stop()


# --- 8. malformed requests: 400, never 500 ---------------------------------------------

ODD = [None, True, 1.5, -1, 2 ** 70, "x", "\ud800", [], [[]], {}, {"a": {}}]
CHECK_FIELDS = ["ruleset", "text", "options", "house_rules", "house_rules_off"]
TABLE_FIELDS = CHECK_FIELDS + ["seats", "seed"]
SEAT_FIELDS = ["kind", "bot", "name"]


@pytest.mark.parametrize("field", CHECK_FIELDS)
def test_a_check_with_an_odd_value_anywhere_is_answered(client, root, field):
    for value in ODD:
        reply = post(client, "/api/check", {"ruleset": "classic", field: value})
        assert reply.status_code in (200, 400), (value, reply.text)
        if reply.status_code == 200 and not reply.json()["ok"]:
            assert reply.json()["error"]["message"]
        private(reply, root)


@pytest.mark.parametrize("field", TABLE_FIELDS + [f"seats.{f}" for f in SEAT_FIELDS])
def test_a_table_with_an_odd_value_anywhere_is_refused_and_leaves_no_folder(client, root, field):
    for value in ODD:
        before = folders(root)
        choice = {"ruleset": "classic", "seats": [dict(s) for s in PEOPLE[::2]]}
        if field.startswith("seats."):
            for seat in choice["seats"]:
                seat[field[6:]] = value
        else:
            choice[field] = value
        reply = post(client, "/api/tables", choice)
        assert reply.status_code in (201, 400), (value, reply.text)
        if reply.status_code == 400:
            assert folders(root) == before, value
            assert reply.json()["error"]["message"]
        private(reply, root)


RAW_BODIES = [
    b"[" * 100_000 + b"]" * 100_000,  # nests past any recursion limit
    b'{"a":' * 40 + b"1" + b"}" * 40,
    b'{"ruleset": null, "text": "extends: classic\\nname: \\ud800\\n"}',  # a lone surrogate
    b'{"\\udfff": 1}',
    b'{"ruleset": "classic", "ruleset": "classic"}',
    b'{"seed": NaN}',
    b'{"seed": ' + b"9" * 5000 + b"}",
    b"\xff\xfe{}",
    b"",
    b"{",
]


@pytest.mark.parametrize("body", RAW_BODIES, ids=range(len(RAW_BODIES)))
def test_a_malformed_body_is_refused_on_every_route(client, root, body):
    table, tokens, _ = make_table(client)
    for path, cap in (("/api/check", web.MAX_BODY), ("/api/tables", web.MAX_BODY),
                      (f"/api/tables/{table}/answer", web.MAX_ANSWER_BODY)):
        before = folders(root)
        reply = client.post(path, content=body, headers={"content-type": "application/json",
                                                         "x-seat-token": tokens[0]})
        assert reply.status_code == (413 if len(body) > cap else 400), (path, reply.text)
        if reply.status_code == 400:
            assert reply.json()["error"]["message"].startswith("expected a JSON body")
        assert folders(root) == before
        private(reply, root)


@pytest.mark.parametrize("token", ["é" * 22, "\u2603", "x" * 5000, ""])
def test_a_token_that_is_not_ascii_is_refused(client, token):
    table, _, _ = make_table(client)
    for path in ("state", "seats", "events"):
        reply = client.get(f"/api/tables/{table}/{path}", params={"k": token})
        assert reply.status_code == 403, reply.text
    assert client.delete(f"/api/tables/{table}", params={"k": token}).status_code == 403


def test_a_table_refused_for_any_reason_leaves_no_folder(root, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("not a HouserulesError")
    monkeypatch.setattr(tables, "Session", broken)
    with pytest.raises(RuntimeError):
        tables.Table.create(root, {"ruleset": "classic", "seats": PEOPLE})
    assert folders(root) == set()


# --- 9. other sites, and names that are not the server's ---------------------------------

CROSS_SITE = [
    {"origin": "http://evil.example"},
    {"origin": "null"},
    {"origin": "http://testserver:8001"},  # another port is another site's
    {"sec-fetch-site": "cross-site"},
    {"sec-fetch-site": "same-site"},
    {"origin": "http://testserver", "sec-fetch-site": "cross-site"},
]


@pytest.mark.parametrize("headers", CROSS_SITE)
def test_another_site_may_change_nothing(client, root, headers):
    table, tokens, host = make_table(client, seats=[{"kind": "you"}, {"kind": "person"}])
    made = folders(root)
    before = client.get(f"/api/tables/{table}/state", headers={"x-seat-token": tokens[0]}).json()
    sent = [
        client.post("/api/check", json={"ruleset": "classic"}, headers=headers),
        client.post("/api/tables", json={"ruleset": "classic", "seats": PEOPLE}, headers=headers),
        client.post(f"/api/tables/{table}/answer", json={"decision": 0, "option": 0},
                    headers={**headers, "x-seat-token": tokens[0]}),
        client.post(f"/api/tables/{table}/next", headers={**headers, "x-seat-token": tokens[0]}),
        client.delete(f"/api/tables/{table}", headers={**headers, "x-seat-token": host}),
    ]
    assert [r.status_code for r in sent] == [403] * len(sent)
    assert all("another site" in r.json()["error"]["message"] for r in sent)
    assert folders(root) == made
    after = client.get(f"/api/tables/{table}/state", headers={"x-seat-token": tokens[0]}).json()
    assert after["version"] == before["version"]


def test_the_page_itself_may(client):
    same = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    assert client.post("/api/check", json={"ruleset": "classic"}, headers=same).status_code == 200
    reply = client.post("/api/tables", json={"ruleset": "classic", "seats": PEOPLE}, headers=same)
    assert reply.status_code == 201


@pytest.mark.parametrize("kind, status", [
    (None, 415), ("text/plain", 415), ("application/x-www-form-urlencoded", 415),
    ("multipart/form-data; boundary=x", 415), ("application/json-seq", 415),
    ("application/json; charset=utf-8", 200), ("Application/JSON", 200),
])
def test_json_bodies_come_as_json(client, kind, status):
    headers = {"content-type": kind} if kind else {}
    reply = client.post("/api/check", content=b'{"ruleset": "classic"}', headers=headers)
    assert reply.status_code == status, reply.text


def test_the_page_sends_its_bodies_as_json():
    page = (Path(interpreter.__file__).parent / "web" / "static" / "app.js").read_text()
    assert 'if (body !== undefined) headers["Content-Type"] = "application/json";' in page
    posts = re.findall(r'api\("POST",\s*[^,]+,\s*([^,)]+)', page)
    assert len(posts) == page.count('api("POST"') >= 4 and "undefined" not in posts


@pytest.mark.parametrize("host, answered", [
    ("localhost:{port}", True), ("127.0.0.1:{port}", True), ("[::1]:{port}", True),
    ("LOCALHOST:{port}", True), ("localhost.:{port}", True), ("192.168.1.20:{port}", True),
    ("[fe80::1]:{port}", True), ("mybox.lan:{port}", True), ("mybox.lan", True),
    ("evil.example:{port}", False), ("localhost.evil.example:{port}", False),
    ("mybox.lan.evil.example", False), ("", False), (None, False),
])
def test_the_server_answers_only_to_its_own_names(server, host, answered):
    status, body = server.ask("GET", "/api/catalog",
                              headers={"Host": host.format(port=server.port) if host else host})
    assert (status == 200) == answered, body
    if not answered:
        assert status == 400 and (host is None or b"--allow-host" in body)


@pytest.mark.parametrize("bound, allowed, names", [
    ("127.0.0.1", (), {"localhost"}),
    ("0.0.0.0", ("MyBox.lan:8000", "other"), {"localhost", "mybox.lan", "other"}),
    ("mybox", (), {"localhost", "mybox"}),
])
def test_the_names_a_server_answers_to(bound, allowed, names):
    assert allowed_names(bound, allowed) == names
    assert refusal("GET", {"host": "10.1.2.3:8000"}, allowed_names(bound, allowed)) is None


@pytest.mark.parametrize("argv, said", [
    (["--table-idle-hours", "-1"], "--table-idle-hours of 0 or more"),
    (["--table-idle-hours", "nan"], "--table-idle-hours of 0 or more"),
])
def test_serve_names_its_limits_and_refuses_odd_ones(capsys, tmp_path, argv, said):
    from interpreter.cli.main import main
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    shown = capsys.readouterr().out
    assert "--allow-host NAME" in shown and "--table-idle-hours H" in shown
    assert main(["serve", "--tables", str(tmp_path), *argv]) == 2
    assert said in capsys.readouterr().err


# --- 10. idle and slow clients ----------------------------------------------------------

@needs_loopback_addresses
def test_idle_connections_stop_no_other_client_and_are_closed(server):
    """300 connections from one address, each idle in its own way, stop no other client, nor
    that address's own next request; each is closed within the server's time-out (this
    test waits for it, 5 s, once for all of them)."""
    idle = []
    for index in range(300):
        sock = server.connect("127.0.0.2")
        sock.sendall([b"", b"GET /api/catalog HTTP/1.1\r\nHo",
                      b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
                      b"application/json\r\nContent-Length: 100\r\n\r\n{\"ru"][index % 3])
        idle.append(sock)
    started = time.monotonic()
    assert server.ask("GET", "/api/catalog")[0] == 200
    assert server.ask("GET", "/api/catalog", source="127.0.0.2")[0] == 200
    assert time.monotonic() - started < 2
    deadline = time.monotonic() + connections.REQUEST_TIMEOUT + 3
    left = idle
    while left and time.monotonic() < deadline:
        left = [sock for sock in left if not closed(sock)]
        time.sleep(0.1)
    for sock in idle:
        sock.close()
    assert not left, f"{len(left)} idle connections were left open"


@needs_loopback_addresses
def test_one_client_cannot_take_every_event_stream(server):
    table, tokens, _ = server.table(seats=[{"kind": "you"}, {"kind": "person"},
                                           {"kind": "person"}])
    streams = []
    try:
        for index in range(web.MAX_CLIENT_STREAMS):
            status, sock = server.stream(table, tokens[index % 3], source="127.0.0.3")
            streams.append(sock)
            assert status == 200
        status, sock = server.stream(table, tokens[0], source="127.0.0.3")
        streams.append(sock)
        assert status == 429
        status, sock = server.stream(table, tokens[1])
        streams.append(sock)
        assert status == 200
    finally:
        for sock in streams:
            sock.close()


def test_a_client_gone_mid_request_leaves_no_traceback(server):
    table, tokens, _ = server.table()
    for path in ("/api/check", "/api/tables", f"/api/tables/{table}/answer"):
        with server.connect() as sock:
            sock.sendall(f"POST {path} HTTP/1.1\r\nHost: localhost\r\nX-Seat-Token: {tokens[0]}"
                         "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
                         '{"ruleset": "cla'.encode())
            time.sleep(0.1)
    status, sock = server.stream(table, tokens[0])
    sock.close()
    time.sleep(0.3)
    assert server.ask("GET", "/api/catalog")[0] == 200
    log = server.log.read_text()
    assert "Traceback" not in log and "Exception" not in log and "ERROR" not in log, log


def test_a_stream_with_nothing_new_ends(client, monkeypatch):
    monkeypatch.setattr(web, "STREAM_IDLE", 0.3)
    monkeypatch.setattr(web, "HEARTBEAT", 0.1)
    table, tokens, _ = make_table(client, seats=[{"kind": "you"}, {"kind": "person"}])
    got = []
    reader = threading.Thread(target=lambda: got.append(
        client.get(f"/api/tables/{table}/events", params={"k": tokens[0]})), daemon=True)
    reader.start()
    reader.join(timeout=10)
    assert got and got[0].status_code == 200
    assert got[0].text.count("event: state") == 1 and ": still here" in got[0].text


def bounded(monkeypatch, **limits):
    """A BoundedProtocol on a transport of its own, of a fresh server, with `limits`."""
    for name, value in limits.items():
        monkeypatch.setattr(connections, name, value)
    from uvicorn.config import Config
    from uvicorn.server import ServerState
    config, state, made = Config(app=None), ServerState(), connections.protocol()

    def connection(address: str):
        conn = made(config=config, server_state=state, app_state={})
        conn.connection_made(Transport(address))
        return conn
    return connection


class Transport(asyncio.Transport):
    def __init__(self, address: str):
        super().__init__()
        self.address = address
        self.state = "open"

    def get_extra_info(self, name, default=None):
        return {"peername": (self.address, 1234), "sockname": ("127.0.0.1", 8000)}.get(name)

    def is_closing(self):
        return self.state != "open"

    def close(self):
        self.state = "closed"

    def abort(self):
        self.state = "aborted"

    def write(self, data):
        pass

    def pause_reading(self):
        pass

    def resume_reading(self):
        pass


def test_connections_are_bounded_by_time_and_by_client(monkeypatch):
    async def run():
        connect = bounded(monkeypatch, REQUEST_TIMEOUT=0.05, WRITE_TIMEOUT=0.05,
                          MAX_CLIENT_CONNECTIONS=3, MAX_CONNECTIONS=5)
        many = [connect("10.0.0.1") for _ in range(4)]  # its client's longest-waiting
        assert [c.transport.state for c in many] == ["closed", "open", "open", "open"]
        others = [connect("10.0.0.2"), connect("10.0.0.3")]
        assert all(c.transport.state == "open" for c in many[1:] + others)
        answered = connect("10.0.0.4")  # the server is full: its longest-waiting makes room
        assert many[1].transport.state == "closed"
        answered.phase = "answered"  # a request being answered is never closed for room,
        stuck = connect("10.0.0.4")  # nor for its time-out; but an answer left unread is
        stuck.phase = "answered"
        stuck.pause_writing()
        assert many[2].transport.state == "closed"
        await asyncio.sleep(0.2)
        assert all(c.transport.state == "closed" for c in many + others)
        assert answered.transport.state == "open" and stuck.transport.state == "aborted"
    asyncio.run(run())


@pytest.mark.parametrize("address, key", [
    ("192.0.2.7", "192.0.2.7"), ("::ffff:192.0.2.7", "192.0.2.7"),
    ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"), ("2001:db8:1:2::9", "2001:db8:1:2::/64"),
    ("testclient", "testclient"),
])
def test_an_ipv6_client_is_its_network(address, key):
    assert client_key(address) == key


# --- 11. tables expire, are ended, and are shared out ----------------------------------

def age(root: Path, table: str, hours: float) -> None:
    then = time.time() - hours * 3600
    os.utime(root / table, (then, then))


def test_idle_tables_are_removed_when_the_server_starts(root):
    with TestClient(web.create_app(root, bot_delay=0)) as client:
        old, tokens, _ = make_table(client)
        new, _, _ = make_table(client)
    age(root, old, 25)
    age(root, new, 23)
    with TestClient(web.create_app(root, bot_delay=0, idle_hours=0)) as client:
        assert folders(root) == {old, new}  # 0: never
    with TestClient(web.create_app(root, bot_delay=0, idle_hours=24)) as client:
        assert folders(root) == {new}
        assert client.get(f"/api/tables/{old}/state",
                          headers={"x-seat-token": tokens[0]}).status_code == 404


def test_what_is_removed_is_only_the_tables_folder(root, tmp_path):
    with TestClient(web.create_app(root, bot_delay=0)) as client:
        table, _, _ = make_table(client)
    elsewhere = tmp_path / "elsewhere"
    (root / table).rename(elsewhere)
    (root / table).symlink_to(elsewhere)  # a table folder that is a link
    half = root / "HalfMadeTable1"  # a folder a table was never made whole in
    half.mkdir()
    for folder in (root / table, half):
        age(root, folder.name, 25)
    with TestClient(web.create_app(root, bot_delay=0, idle_hours=24)):
        assert folders(root) == set()
    assert {p.name for p in elsewhere.iterdir()} >= {"table.json", "save.json"}


def test_idle_tables_are_removed_while_serving(root):
    with TestClient(web.create_app(root, bot_delay=0, idle_hours=1 / 3600)) as client:
        table, tokens, _ = make_table(client, seats=[{"kind": "you"}, {"kind": "person"}])
        age(root, table, 1)
        deadline = time.monotonic() + 5
        while table in folders(root) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert table not in folders(root)
        assert client.get(f"/api/tables/{table}/state",
                          headers={"x-seat-token": tokens[0]}).status_code == 404


def test_a_table_on_screen_is_not_idle(tmp_path):
    served = Served(tmp_path, "--table-idle-hours", "0.0003")  # about a second
    try:
        watched, tokens, _ = served.table()
        left, _, _ = served.table()
        status, sock = served.stream(watched, tokens[0])
        assert status == 200
        deadline = time.monotonic() + 8
        while left in folders(served.tables) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert folders(served.tables) == {watched}
        sock.close()
    finally:
        served.stop()


def test_a_host_ends_a_table(client, root):
    table, tokens, host = make_table(client)
    path = f"/api/tables/{table}"
    assert client.delete(path).status_code == 403
    assert client.delete(path, headers={"x-seat-token": tokens[0]}).status_code == 403
    assert table in folders(root)
    ended = client.delete(path, headers={"x-seat-token": host})
    assert ended.status_code == 204 and not ended.content
    assert table not in folders(root)
    assert client.get(f"{path}/state", headers={"x-seat-token": tokens[0]}).status_code == 404
    assert client.delete(path, headers={"x-seat-token": host}).status_code == 404


def test_ending_a_table_closes_its_streams(server):
    table, tokens, host = server.table()
    status, sock = server.stream(table, tokens[0])
    assert status == 200
    assert server.ask("DELETE", f"/api/tables/{table}", headers={"X-Seat-Token": host})[0] == 204
    sock.settimeout(5)
    read_all(sock)  # the stream ends: no time-out
    sock.close()


def test_one_client_cannot_take_every_table_place(root, monkeypatch):
    monkeypatch.setattr(web, "MAX_CLIENT_TABLES", 2)
    app = web.create_app(root, bot_delay=0)
    two = [{"kind": "you"}, {"kind": "person"}]
    with TestClient(app, client=("198.51.100.1", 1)) as one, \
            TestClient(app, client=("198.51.100.2", 1)) as other:
        first, _, host = make_table(one, seats=two)
        make_table(one, seats=two)
        refused = one.post("/api/tables", json={"ruleset": "classic", "seats": two})
        assert refused.status_code == 429 and "2 tables" in refused.json()["error"]["message"]
        make_table(other, seats=two)
        assert one.delete(f"/api/tables/{first}", headers={"x-seat-token": host}).status_code == 204
        make_table(one, seats=two)


# --- 12. a table's own files -----------------------------------------------------------

def rewrite(name: str, change):
    """A tampering: the table's file `name`, its JSON changed by `change`."""
    def tamper(folder: Path):
        path = folder / name
        data = json.loads(path.read_text())
        path.write_text(json.dumps(change(data)))
    return tamper


def written(name: str, text):
    def tamper(folder: Path):
        (folder / name).write_text(text(folder) if callable(text) else text)
    return tamper


def linked(name: str):
    """The file made a link to a copy of itself outside the folder: sound, but not its own."""
    def tamper(folder: Path):
        outside = folder.parent.parent / f"outside-{name}"
        outside.write_bytes((folder / name).read_bytes())
        (folder / name).unlink()
        (folder / name).symlink_to(outside)
    return tamper


def seat(index: int, **change):
    return rewrite("table.json", lambda d: {**d, "seats": [
        {**s, **change} if i == index else s for i, s in enumerate(d["seats"])]})


def outside_ruleset(folder: Path) -> str:
    """A save naming a sound ruleset outside its folder (a copy of its own paste)."""
    outside = folder.parent.parent / "elsewhere.yaml"
    outside.write_text((folder / "pasted.yaml").read_text())
    data = json.loads((folder / "save.json").read_text())
    return json.dumps({**data, "ruleset": str(outside)})


def moved_out(folder: Path) -> str:
    data = json.loads((folder / "save.json").read_text())
    return json.dumps({**data, "ruleset": "../pasted.yaml"})


TAMPERINGS = {
    "table.json not JSON": written("table.json", "{not json"),
    "table.json a list": written("table.json", "[]"),
    "table.json nested deep": written("table.json", "[" * 50_000 + "]" * 50_000),
    "table.json huge": written("table.json", '{"a": "' + "x" * 200_000 + '"}'),
    "table.json not UTF-8": lambda folder: (folder / "table.json").write_bytes(b'{"a": "\xff"}'),
    "seats not a list": rewrite("table.json", lambda d: {**d, "seats": "all"}),
    "a seat not an object": rewrite("table.json", lambda d: {**d, "seats": [1, 2, 3]}),
    "a token not text": seat(0, token=12345),
    "a token not ASCII": seat(0, token="é" * 22),
    "a bot of no kind": seat(2, bot=["x"]),
    "a person made a bot": seat(1, kind="bot", token=None, bot="random"),
    "a seat too few": rewrite("table.json", lambda d: {**d, "seats": d["seats"][:2]}),
    "no host": rewrite("table.json", lambda d: {k: v for k, v in d.items() if k != "host"}),
    "another table's id": rewrite("table.json", lambda d: {**d, "id": "x" * 12}),
    "table.json a link": linked("table.json"),
    "save.json not JSON": written("save.json", "nope"),
    "save.json wrong types": rewrite("save.json", lambda d: {**d, "players": "three"}),
    "save.json huge": written("save.json", " " * 10_000_001),
    "save.json a link": linked("save.json"),
    "pasted.yaml a link": linked("pasted.yaml"),
    "save.json gone": lambda folder: (folder / "save.json").unlink(),
    "a ruleset outside": written("save.json", outside_ruleset),
    "a ruleset up a folder": written("save.json", moved_out),
    "a ruleset of /etc": rewrite("save.json", lambda d: {**d, "ruleset": "/etc/passwd"}),
}


@pytest.mark.parametrize("tamper", TAMPERINGS.values(), ids=TAMPERINGS.keys())
def test_a_damaged_table_is_refused_clearly(root, tamper):
    with TestClient(web.create_app(root, bot_delay=0)) as client:
        table, tokens, _ = make_table(client, ruleset=None, text=PASTE)
    tamper(root / table)
    with TestClient(web.create_app(root, bot_delay=0)) as client:
        reply = client.get(f"/api/tables/{table}/state", headers={"x-seat-token": tokens[0]})
        assert reply.status_code == 404, reply.text
        message = reply.json()["error"]["message"]
        assert message.startswith("this table's files are damaged") or message == "no such table"
        private(reply, root)


def test_a_pasted_ruleset_moves_with_its_table(tmp_path, monkeypatch):
    first = tmp_path / "first" / "tables"
    with TestClient(web.create_app(first, bot_delay=0)) as client:
        table, tokens, _ = make_table(client, seats=[{"kind": "you"}, {"kind": "person"}],
                                      ruleset=None, text=PASTE)
        before = client.get(f"/api/tables/{table}/state", headers={"x-seat-token": tokens[0]})
    assert json.loads((first / table / "save.json").read_text())["ruleset"] == "pasted.yaml"
    moved = tmp_path / "moved"
    first.rename(moved)
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    with TestClient(web.create_app(moved, bot_delay=0)) as client:
        after = client.get(f"/api/tables/{table}/state", headers={"x-seat-token": tokens[0]})
    assert after.status_code == 200 and after.json()["hand"] == before.json()["hand"]


def test_an_older_save_naming_its_paste_by_its_whole_path_still_opens(tmp_path):
    first = tmp_path / "first"
    with TestClient(web.create_app(first, bot_delay=0)) as client:
        table, tokens, _ = make_table(client, ruleset=None, text=PASTE)
    save = first / table / "save.json"
    data = json.loads(save.read_text())
    save.write_text(json.dumps({**data, "ruleset": str(first / table / "pasted.yaml")}))
    for where in (first, tmp_path / "moved"):
        if not where.exists():
            first.rename(where)
        with TestClient(web.create_app(where, bot_delay=0)) as client:
            reply = client.get(f"/api/tables/{table}/state", headers={"x-seat-token": tokens[0]})
            assert reply.status_code == 200, reply.text


def test_errors_name_no_folder_of_the_server(tmp_path):
    folder = tmp_path / "tables" / "abcdefghijkl"
    rules = bundled_dir("rulesets")
    err = HouserulesError(f"cannot read {folder}/save.json, see {rules}/house/stacking.yaml "
                          f"or {rules.parent}/x", file=str(rules / "classic.yaml"), line=3,
                          detail=f"in {folder}")
    shown = json.dumps(error_json(err, folder))
    assert str(tmp_path) not in shown and INSTALL not in shown
    assert "classic.yaml:3" in shown and "save.json" in shown and "house/stacking.yaml" in shown
