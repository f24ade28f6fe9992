"""Chunks played in worker processes: batches sized to the time they take, a window of them in
flight per process, and a lost worker's chunks played again (each alone, to find the one that
kills its worker)."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_for
from concurrent.futures.process import BrokenProcessPool

from interpreter.simulate.chunks import (
    WINDOW,
    RunError,
    games_of,
    play_chunk,
)

# A process is handed a batch of chunks at a time, as many as take about BATCH_SECONDS, so
# that the parent's cost per hand-out (pickling, the pool's queues: about 1 ms) stays small
# beside the work. With one chunk a time, 100,000 quick games cost the parent 1.3 s of a
# 2-core machine's CPU and --jobs 2 gave 1.74x --jobs 1; in batches, see BENCHMARK.md.
BATCH_SECONDS = 0.1
MOST_CHUNKS_A_BATCH = 64


def play_batch(batch: tuple) -> tuple[tuple, float]:
    """Play a batch of chunks, each on its own as play_chunk would; gives their results joined
    into one, and the seconds they took (the parent sizes the next batches by it)."""
    start = time.perf_counter()
    return joined([play_chunk(chunk) for chunk in batch]), time.perf_counter() - start


def joined(results: list) -> tuple:
    """Chunks' results, in chunk order, as one: their summaries merged, their rows in order.
    The worker joins its batch, which spares the parent a result per chunk to unpickle and
    merge (its CPU time in a 200,000-game --jobs 2 run: 0.37 s before, 0.29 s after); the
    sums merged are exact, so the run's figures do not depend on how chunks were batched."""
    summary, rows = results[0]
    for part, more in results[1:]:
        summary.merge(part)
        rows.extend(more)
    return summary, rows


def batch_size(chunks_done: int, seconds: float) -> int:
    """How many chunks make about BATCH_SECONDS of work, given how long `chunks_done` took."""
    if seconds <= 0:
        return MOST_CHUNKS_A_BATCH
    return max(1, min(MOST_CHUNKS_A_BATCH, int(BATCH_SECONDS * chunks_done / seconds)))


def start_worker() -> None:
    """In a worker process: Ctrl-C is for the parent, which stops the run and says so; and a
    worker whose parent is gone (killed outright) ends too, rather than wait for work forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="houserules-orphan-watch", daemon=True).start()


def new_pool(pool_type, processes: int):
    return pool_type(max_workers=processes, initializer=start_worker)


def submit(pool, batch: tuple) -> Future:
    """The batch handed to the pool; a pool already broken gives a future that says so."""
    try:
        return pool.submit(play_batch, batch)
    except BrokenProcessPool as exc:
        future: Future = Future()
        future.set_exception(exc)
        return future


def lost(future: Future) -> bool:
    """Whether the batch of this (settled) future went down with its process."""
    return (not future.done() or future.cancelled()
            or isinstance(future.exception(), BrokenProcessPool))


def in_processes(work, jobs: int, pool_type=ProcessPoolExecutor, notify=None):
    """Each batch's result (its chunks' joined), in chunk order, from `jobs` processes, with
    at most WINDOW batches of chunks per process in flight (taken from `work` as results are
    handed on), so memory stays flat however many games a run has. Batches start at one chunk
    and grow to about BATCH_SECONDS of work; a chunk's result does not depend on its batch.

    A process that dies (killed, out of memory) breaks the pool, and every batch in flight is
    lost with it. Each lost chunk is played once more, alone in a fresh process (so that a
    chunk that kills its process again is known for certain), and the run goes on in a fresh
    pool; chunks play the same games wherever they run. A chunk lost twice stops the run.
    `notify(text)` is told of the chunks played again.
    """
    work = iter(work)
    pending: deque = deque()  # [batch, future] pairs, in chunk order
    size = 1
    pool = new_pool(pool_type, jobs)
    try:
        while True:
            while len(pending) < WINDOW * jobs:
                batch = tuple(chunk for _, chunk in zip(range(size), work))
                if not batch:
                    break
                pending.append([batch, submit(pool, batch)])
            if not pending:
                return
            try:
                result, seconds = pending[0][1].result()
            except BrokenProcessPool:
                pool.shutdown(wait=True)  # every future of a broken pool is settled by now
                pending = split_lost(pending)
                again = [entry for entry in pending if entry[1] is None]
                play_alone(again, jobs, pool_type)
                if notify:
                    first, last = again[0][0][0], again[-1][0][0]
                    many = len(again) > 1
                    notify(f"a worker process died (killed, or out of memory?); the "
                           f"{len(again)} chunk{'s' if many else ''} in flight, among games "
                           f"{first.start} to {last.stop - 1}, {'were' if many else 'was'} "
                           f"played again")
                pool = new_pool(pool_type, jobs)
                continue
            batch = pending.popleft()[0]
            size = batch_size(len(batch), seconds)
            yield result
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def split_lost(pending: deque) -> deque:
    """The [batch, future] entries in flight, each lost batch cut into batches of one chunk
    with no future yet (each is to be played alone); the others as they were, in order."""
    entries: deque = deque()
    for batch, future in pending:
        if lost(future):
            entries.extend([(chunk,), None] for chunk in batch)
        else:
            entries.append([batch, future])
    return entries


def play_alone(entries: list, jobs: int, pool_type) -> None:
    """Play each lost chunk again in a process of its own, `jobs` at a time; each entry, a
    batch of that one chunk, gets the new future. A chunk whose process dies again stops the
    run."""
    for first in range(0, len(entries), jobs):
        group = entries[first:first + jobs]
        pools = [new_pool(pool_type, 1) for _ in group]
        try:
            for entry, pool in zip(group, pools):
                entry[1] = submit(pool, entry[0])
            wait_for([entry[1] for entry in group])
            for entry in group:
                if lost(entry[1]):
                    raise RunError(f"a worker process died playing {games_of(entry[0][0])}, and "
                                   f"died again when that chunk was played alone (killed, or "
                                   f"out of memory?); the run is stopped")
        finally:
            for pool in pools:
                pool.shutdown(wait=True, cancel_futures=True)


