"""`houserules serve` in a process of its own, as a person starts it, for the tests that
need the real server (its event loop, its sockets, its log)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`houserules serve` in a process of its own, as a person starts it."""

    def __init__(self, tables: Path, *args: str):
        self.tables = tables
        self.args = args or ("--bot-delay", "0.01", "--chosen-seeds")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self) -> None:
        # The log goes to a file: a pipe nobody reads would stop the server once full.
        self.log = self.tables.parent / f"serve-{self.port}.log"
        self.tables.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "interpreter.cli.main", "serve", "--port", str(self.port),
                 "--tables", str(self.tables), *self.args],
                stdout=log, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/catalog", timeout=1).read()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError("houserules serve stopped: " + self.log.read_text())
                time.sleep(0.1)
        raise RuntimeError("houserules serve did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=15)
