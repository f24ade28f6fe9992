"""The server's connections, each bounded: no client holds many, none sits half-sent, none
leaves its answers unread for long.

uvicorn's own limit (limit_concurrency) counts every open connection, idle ones too, so 300
connections that send nothing would make every other request 503. Instead each connection
has REQUEST_TIMEOUT seconds for each part of a request (its headers, then its body), and
when a client address (MAX_CLIENT_CONNECTIONS) or the server (MAX_CONNECTIONS) would hold
more connections, the one that has waited longest for its request is closed to make room.
A connection whose request is being answered (an event stream, say) is never closed for
this; event streams have caps of their own (app.py). A client that stops reading an answer
(its buffers full) for WRITE_TIMEOUT seconds is cut off.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from interpreter.web.guard import client_key

REQUEST_TIMEOUT = 5.0  # seconds to send a request's headers, and again its body
WRITE_TIMEOUT = 30.0  # seconds an answer may wait for its client to read it
MAX_CLIENT_CONNECTIONS = 32  # a browser opens 6 to a server, and an event stream per tab
MAX_CONNECTIONS = 1_000  # in all (each is a file descriptor)
WAITING = ("headers", "body")  # the phases in which a connection waits for its client


class Registry:
    """A server's open connections, by client."""

    def __init__(self):
        self.by_client: dict = {}
        self.count = 0

    def add(self, conn) -> bool:
        """Count `conn` in, first closing the longest-waiting connection of its client or of
        the server when either is full; False when none may be closed (all are answered)."""
        mine = self.by_client.get(conn.key, [])
        if len(mine) >= MAX_CLIENT_CONNECTIONS and not self.evict(mine):
            return False
        if self.count >= MAX_CONNECTIONS and not self.evict(
                [c for conns in self.by_client.values() for c in conns]):
            return False
        self.by_client.setdefault(conn.key, []).append(conn)
        self.count += 1
        return True

    def evict(self, conns: list) -> bool:
        """Close the connection of `conns` that has waited longest for a request, if any."""
        waiting = [c for c in conns if c.phase in WAITING]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: c.since)
        self.discard(oldest)
        oldest.transport.close()
        return True

    def discard(self, conn) -> None:
        mine = self.by_client.get(conn.key)
        if mine is None or conn not in mine:
            return
        mine.remove(conn)
        self.count -= 1
        if not mine:
            del self.by_client[conn.key]


class BoundedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, with time-outs and per-client caps (see the module)."""

    registry: Registry  # one per server: protocol() makes the class

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self.key = client_key(self.client[0]) if self.client else ""
        self.phase: str | None = None
        self.since = self.loop.time()
        self.deadline: asyncio.TimerHandle | None = None
        self.write_deadline: asyncio.TimerHandle | None = None
        if not self.registry.add(self):
            transport.close()  # every connection of this client (or of all) is being answered
            return
        self.settle()

    def connection_lost(self, exc) -> None:
        self.registry.discard(self)
        for timer in (self.deadline, self.write_deadline):
            if timer is not None:
                timer.cancel()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self.settle()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self.settle()

    def settle(self) -> None:
        """Time the part of a request the connection now waits for, if any: a phase's clock
        starts when the phase does, so a client sending a byte at a time gains nothing."""
        if self.transport.is_closing():
            phase = "closed"
        else:
            state = self.conn.their_state
            phase = "headers" if state is h11.IDLE else "body" if state is h11.SEND_BODY \
                else "answered"
        if phase == self.phase:
            return
        self.phase = phase
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        if phase in WAITING:
            self.since = self.loop.time()
            self.deadline = self.loop.call_later(REQUEST_TIMEOUT, self.too_slow)

    def too_slow(self) -> None:
        self.deadline = None
        if self.phase in WAITING and not self.transport.is_closing():
            self.transport.close()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self.write_deadline is None:
            # abort, not close: close would wait for the unread answer to be sent first
            self.write_deadline = self.loop.call_later(WRITE_TIMEOUT, self.transport.abort)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.write_deadline is not None:
            self.write_deadline.cancel()
            self.write_deadline = None


def protocol() -> type:
    """A protocol class for one server, with its own registry of connections."""
    return type("BoundedProtocol", (BoundedProtocol,), {"registry": Registry()})
