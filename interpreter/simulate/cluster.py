"""Chunks played on a Dask distributed cluster (pip install '.[cluster]'): the scheduler's
address checked, a connection given a deadline, and a run stopped when the cluster has had no
worker for too long."""

from __future__ import annotations

import re
import threading
import time
from collections import deque

from interpreter.errors import HouserulesError
from interpreter.simulate.chunks import (
    WINDOW,
    Chunk,
    RunError,
    games_of,
    play_chunk,
)

CONNECT_SECONDS = 5  # to reach a Dask scheduler
WORKER_SECONDS = 30.0  # default wait for a cluster to have a worker (--worker-timeout)


SCHEDULER = re.compile(r"tcp://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):([0-9]{1,5})")


def scheduler_address(text: str) -> str:
    """A --scheduler address, checked: tcp://HOST:PORT is what houserules connects to."""
    match = SCHEDULER.fullmatch(text)
    if match and 1 <= int(match[2]) <= 65535:
        return text
    scheme = text.split("://", 1)[0] if "://" in text else ""
    why = f"{scheme}:// is not supported; " if scheme and scheme != "tcp" else ""
    shown = repr(text) if len(text) <= 60 else f"{text[:50]!r}..."
    raise HouserulesError(f"--scheduler {shown}: {why}expected tcp://HOST:PORT with a port "
                          f"from 1 to 65535, such as tcp://scheduler.lan:8786")


def on_cluster(work, scheduler: str, worker_timeout: float = WORKER_SECONDS):
    """Play the chunks on a Dask distributed cluster (pip install '.[cluster]'), with at most
    WINDOW chunks per worker thread in flight. Dask itself plays again the chunks of a worker
    that is lost; a cluster left with no worker for `worker_timeout` seconds stops the run."""
    address = scheduler_address(scheduler)
    try:
        import distributed  # an optional extra: imported only when asked for
    except ImportError:
        raise HouserulesError("--scheduler needs Dask: pip install 'houserules[cluster]' "
                              "(or, from a checkout, pip install '.[cluster]')") from None
    client = connect(distributed.Client, address)
    with client:
        waited = time.monotonic()
        while not cluster_threads(client):
            if time.monotonic() - waited > worker_timeout:
                raise RunError(f"the Dask scheduler at {address} has no workers: none joined "
                               f"in {worker_timeout:g} s (start some with `dask worker "
                               f"{address}`, or wait longer with --worker-timeout)")
            time.sleep(0.25)
        work = iter(work)
        pending: deque = deque()  # [chunk, future] pairs, in chunk order
        while True:
            room = WINDOW * max(1, cluster_threads(client))
            while len(pending) < room:
                chunk = next(work, None)
                if chunk is None:
                    break
                pending.append((chunk, client.submit(play_chunk, chunk, pure=False)))
            if not pending:
                return
            # Let go of each chunk as it is taken, so the cluster can forget its result.
            chunk, future = pending.popleft()
            yield cluster_result(distributed, client, address, chunk, future, worker_timeout)


def connect(client_type, address: str):
    """A client of the scheduler at `address`. Something that is not a Dask scheduler can
    take the connection and never answer: the attempt runs in a thread given a deadline."""
    outcome: dict = {}

    def attempt() -> None:
        try:
            outcome["client"] = client_type(address, timeout=CONNECT_SECONDS)
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread
            outcome["error"] = exc

    thread = threading.Thread(target=attempt, name="houserules-connect", daemon=True)
    thread.start()
    thread.join(2 * CONNECT_SECONDS)
    if "client" in outcome:
        return outcome["client"]
    error = outcome.get("error")
    if error is None:
        raise RunError(f"cannot reach the Dask scheduler at {address}: something took the "
                       f"connection but did not answer as a Dask scheduler does")
    if isinstance(error, OSError):
        raise RunError(f"cannot reach the Dask scheduler at {address}: {error}")
    if not isinstance(error, Exception):
        raise error  # KeyboardInterrupt, SystemExit
    raise RunError(f"cannot reach the Dask scheduler at {address}: it did not answer as a Dask "
                   f"scheduler does ({type(error).__name__}: {error})")


def cluster_threads(client) -> int:
    """Worker threads the cluster has now (0 when the scheduler cannot say)."""
    try:
        return sum(client.nthreads().values())
    except Exception:  # noqa: BLE001 - a scheduler gone quiet counts as no workers
        return 0


def cluster_result(distributed, client, address: str, chunk: Chunk, future,
                   worker_timeout: float):
    """A chunk's result from the cluster, waiting as long as it has a worker to play it."""
    alone_since = None
    while True:
        try:
            return future.result(timeout=1)
        except TimeoutError:
            pass
        except distributed.KilledWorker as exc:
            raise RunError(f"Dask gave up on {games_of(chunk)}: the workers playing it died "
                           f"({exc})") from None
        if cluster_threads(client):
            alone_since = None
        elif alone_since is None:
            alone_since = time.monotonic()
        elif time.monotonic() - alone_since > worker_timeout:
            raise RunError(f"the Dask scheduler at {address} has had no workers for "
                           f"{worker_timeout:g} s, with {games_of(chunk)} still to play; the "
                           f"run is stopped (wait longer with --worker-timeout)")


