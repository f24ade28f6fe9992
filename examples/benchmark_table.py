"""How quickly one `houserules serve` tells a table what a person did, with many tables at once.

Starts a server on this machine (bots at zero delay), sets up TABLES tables of four seats
(two people and two bots by default), and plays them for WARMUP and SECONDS more, measuring
the SECONDS (the tables are set up in the warm-up): each simulated person
keeps its seat's event stream open as the page does and answers what it is asked over
HTTP after a human-like pause. For every answer, the time until each *other* person at the
table receives the new state on its stream is one sample; the run prints their percentiles.

    python examples/benchmark_table.py                       # 200 tables, 10 s + 60 s
    python examples/benchmark_table.py --tables 20 --seconds 10 --think 0.5

Each table is set up and played from its own loopback address (127.1.x.y), as each table's
people would be at their own addresses: the server's per-address limits stay as they are.
A bounded run: it stops after SECONDS (and the server with it), whatever the tables do.
Results on this machine are in the README (section "Speed") and examples/BENCHMARK.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def address(table: int) -> str:
    """Table `table`'s own loopback address (Linux routes all of 127/8 to this machine)."""
    return f"127.1.{table // 250}.{table % 250 + 1}"


class Client:
    """Plain HTTP/1.1 requests to the server from one loopback address."""

    def __init__(self, port: int, local: str):
        self.port, self.local = port, local

    async def open(self):
        return await asyncio.open_connection("127.0.0.1", self.port, local_addr=(self.local, 0))

    def head(self, method: str, path: str, token: str | None, length: int | None) -> bytes:
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}",
                 "Connection: close"]
        if token:
            lines.append(f"X-Seat-Token: {token}")
        if length is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {length}"]
        return ("\r\n".join(lines) + "\r\n\r\n").encode()

    async def call(self, method: str, path: str, body=None, token: str | None = None):
        """(status, the JSON answer or None)."""
        data = json.dumps(body).encode() if body is not None else b""
        reader, writer = await self.open()
        try:
            writer.write(self.head(method, path, token, len(data) if body is not None else None)
                         + data)
            raw = await reader.read()
        finally:
            writer.close()
        head, _, payload = raw.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        return status, json.loads(payload) if payload.strip() else None

    async def stream(self, path: str, token: str):
        """The states an event stream sends, one at a time, as they arrive."""
        reader, writer = await self.open()
        writer.write(self.head("GET", f"{path}?k={token}", None, None))
        try:
            status = (await reader.readline()).split(b" ", 2)[1]
            if status != b"200":
                raise RuntimeError(f"the event stream answered {status.decode()}")
            while (await reader.readline()) not in (b"\r\n", b""):
                pass  # headers
            buffer = b""
            while True:
                size = int((await reader.readline()).strip() or b"0", 16)  # chunked
                if not size:
                    return
                buffer += await reader.readexactly(size)
                await reader.readexactly(2)
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    for line in event.split(b"\n"):
                        if line.startswith(b"data: "):
                            yield json.loads(line[6:])
        finally:
            writer.close()


class Run:
    """The tables, their people, and the samples measured."""

    def __init__(self, args, port: int):
        self.args, self.port = args, port
        self.samples: list[float] = []
        self.answers = 0
        self.refused = 0
        self.pending: dict = {}  # (table, seat) -> (version answered from, time sent, seats)
        self.latest: dict = {}  # (table, seat) -> the version of the last state it received
        self.seen: dict = {}  # table -> the newest version any of its people received
        self.tasks: set = set()  # answers pausing or on their way
        self.measured_from = time.monotonic() + args.warmup  # while the tables are set up
        self.rng = random.Random(args.seed)

    async def table(self, index: int, stop: float) -> None:
        """Set up one table, then play its people until `stop`."""
        client = Client(self.port, address(index))
        seats = [{"kind": "you"}] + [{"kind": "person"}] * (self.args.people - 1) \
            + [{"kind": "bot", "bot": "heuristic"}] * self.args.bots
        status, made = await client.call("POST", "/api/tables", {
            "ruleset": self.args.ruleset, "seats": seats})
        if status != 201:
            raise RuntimeError(f"table {index} was refused: {made}")
        table = made["table"]
        keys = []
        for seat in made["seats"]:
            if seat["link"]:
                token = seat["link"].rpartition("k=")[2]
                status, claimed = await client.call("POST", f"/api/tables/{table}/claim",
                                                    token=token)
                keys.append((claimed["seat"], claimed["key"]))
        people = [asyncio.create_task(self.person(client, table, seat, key, keys, stop))
                  for seat, key in keys]
        await asyncio.gather(*people)

    async def person(self, client: Client, table: str, seat: int, key: str, keys: list,
                     stop: float) -> None:
        """One person: reads its stream; answers what it is asked after a pause."""
        async for state in client.stream(f"/api/tables/{table}/events", key):
            now = time.monotonic()
            if now >= stop:
                return
            self.latest[(table, seat)] = state["version"]
            self.seen[table] = max(self.seen.get(table, 0), state["version"])
            for other, _ in keys:  # this state is the news of an answer another seat gave
                sent = self.pending.get((table, other))
                if other != seat and sent and state["version"] > sent[0] and seat in sent[2]:
                    if now >= self.measured_from:
                        self.samples.append(now - sent[1])
                    sent[2].discard(seat)
            # Each state asks afresh: an answer still pausing for an older one gives up.
            if state.get("decision"):
                self.spawn(self.answer(client, table, seat, key, state, keys))
            elif state.get("hand_over") and not state["hand_over"]["match_over"]:
                self.spawn(self.deal(client, table, seat, key, state))

    def spawn(self, work) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def answer(self, client, table: str, seat: int, key: str, state: dict,
                     keys: list) -> None:
        await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.args.think)
        if self.latest[(table, seat)] != state["version"]:
            return  # the table moved on while this person paused
        decision = state["decision"]
        option = self.rng.randrange(len(decision["options"]))
        others = {other for other, _ in keys if other != seat}
        # Measured from the newest state any person of the table has: an update older
        # than the answer, still on its way, is not counted as its news.
        self.pending[(table, seat)] = (self.seen[table], time.monotonic(), others)
        status, _ = await client.call("POST", f"/api/tables/{table}/answer",
                                      {"decision": decision["id"], "option": option}, key)
        self.answers += status == 200
        self.refused += status != 200  # a window closed or another seat answered first

    async def deal(self, client, table: str, seat: int, key: str, state: dict) -> None:
        await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.args.think)
        if self.latest[(table, seat)] != state["version"]:
            return
        await client.call("POST", f"/api/tables/{table}/next", {}, key)


def percentile(samples: list, share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def measure(args, port: int) -> Run:
    run = Run(args, port)
    stop = time.monotonic() + args.warmup + args.seconds
    tables = [asyncio.create_task(run.table(i, stop)) for i in range(args.tables)]
    while time.monotonic() < stop:
        await asyncio.sleep(min(5.0, max(0.0, stop - time.monotonic())))
        print(f"  {args.warmup + args.seconds - max(0, round(stop - time.monotonic()))} s: "
              f"{run.answers} "
              f"answers, {len(run.samples)} updates measured", file=sys.stderr, flush=True)
    for task in tables + list(run.tasks):
        task.cancel()
    await asyncio.gather(*tables, *run.tasks, return_exceptions=True)
    return run


def serve(folder: Path, port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        [sys.executable, "-m", "interpreter.cli.main", "serve", "--port", str(port),
         "--tables", str(folder), "--bot-delay", "0", "--table-idle-hours", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables at once (default 200)")
    parser.add_argument("--people", type=int, default=2, help="people per table (default 2)")
    parser.add_argument("--bots", type=int, default=2, help="bots per table (default 2)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to play (60)")
    parser.add_argument("--think", type=float, default=2.0,
                        help="a person's mean pause before answering, seconds (default 2)")
    parser.add_argument("--warmup", type=float, default=10.0,
                        help="seconds first played but not measured, while the tables are "
                             "set up (default 10)")
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = serve(Path(folder), port)
        try:
            print(f"{args.tables} tables of {args.people} people and {args.bots} bots, "
                  f"{args.seconds:g} s measured after {args.warmup:g} s, people pausing "
                  f"{args.think:g} s on average:",
                  file=sys.stderr)
            run = asyncio.run(measure(args, port))
        finally:
            server.terminate()
            server.wait(10)
    if not run.samples:
        print("no update was measured", file=sys.stderr)
        return 1
    ms = [s * 1000 for s in run.samples]
    print(f"answers: {run.answers} ({run.answers / (args.seconds + args.warmup):.0f} a second; "
          f"{run.refused} too late), updates to the other people: {len(ms)}")
    print(f"from an answer to the other seats' update: p50 {percentile(ms, 0.5):.1f} ms, "
          f"p95 {percentile(ms, 0.95):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
          f"max {max(ms):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
