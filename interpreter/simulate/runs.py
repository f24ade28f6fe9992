"""Playing matches between agents, and summarising many of them, on one core or many.

Games are played in fixed chunks and the chunks' summaries merged in order, so a run gives
the same figures whether its chunks ran here, in several processes or on a Dask cluster.
"""

from __future__ import annotations

import csv
import json
import os
import re
import signal
import threading
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_for
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from interpreter.building.ruleset import load_ruleset
from interpreter.engine import game as engine
from interpreter.engine.game import GameState
from interpreter.engine.invariants import check_invariants
from interpreter.errors import HouserulesError
from interpreter.playing.dice import Dice
from interpreter.playing.gamelog import LogWriter
from interpreter.playing.match import play_match
from interpreter.playing.seating import bot_names, make_agents, seat_bots
from interpreter.simulate.stats import (
    difference,
    proportion_difference,
    proportion_interval,
)
from interpreter.simulate.tally import Summary

CHUNK = 100  # games per chunk: the unit of work handed to a process or a cluster worker
WINDOW = 3  # batches (chunks on a cluster) in flight per process or thread: each kept busy
# A process is handed a batch of chunks at a time, as many as take about BATCH_SECONDS, so
# that the parent's cost per hand-out (pickling, the pool's queues: about 1 ms) stays small
# beside the work. With one chunk a time, 100,000 quick games cost the parent 1.3 s of a
# 2-core machine's CPU and --jobs 2 gave 1.74x --jobs 1; in batches, see BENCHMARK.md.
BATCH_SECONDS = 0.1
MOST_CHUNKS_A_BATCH = 64
CONNECT_SECONDS = 5  # to reach a Dask scheduler
WORKER_SECONDS = 30.0  # default wait for a cluster to have a worker (--worker-timeout)


class RunError(HouserulesError):
    """A run that cannot go on: an output that cannot be written, a worker process lost twice,
    a cluster that cannot be reached or has no workers."""


def reason(exc: OSError) -> str:
    """What an OSError says, without its errno prefix."""
    return exc.strerror or str(exc)


def game_seed(seed: int, index: int) -> int:
    """Each game's seed, from the master seed and the game's index (same for any split)."""
    return seed * 1_000_003 + index


@dataclass(frozen=True)
class Chunk:
    """A piece of a run, by value only, so that another process or machine can play it."""

    ruleset: str  # a reference any process can load: bundled name, absolute path, base+overlay
    options: tuple  # option overrides as (name, value) pairs
    hands: int | None  # a forced number of hands per match (compare plays single hands)
    players: int
    seed: int
    bots: str
    start: int
    stop: int
    records: bool
    log_dir: str | None = None  # a folder for one game log per game
    check: bool = False  # check the invariants after every step (debug mode)


@lru_cache(maxsize=8)
def chunk_ruleset(ref: str, options: tuple, hands: int | None):
    """The compiled ruleset for chunks, loaded once per process."""
    rules = load_ruleset(ref, dict(options))
    return replace(rules, hands=hands) if hands else rules


def play_games(rules, players: int, seed: int, bots: str, indexes, rows=None,
               log_dir=None, ref: str = "") -> Summary:
    """Play the games numbered `indexes` of a run; a row per game goes to `rows` if given,
    and a log per game to `log_dir`."""
    summary = Summary(rules.name, players, seed, dict(rules.options), wins=[0] * players)
    # One table of bots for the whole run, its dice reseeded for every game: the same bots as
    # a new table each game, without building it (about 7,000 instructions a game, callgrind).
    dice = Dice(seed)  # reseeded before each game
    table = seat_bots(bot_names(bots, players), dice)
    for index in indexes:
        this_seed = game_seed(seed, index)
        dice.reseed(this_seed)
        path = Path(log_dir) / f"game-{index:07d}.jsonl" if log_dir else None
        try:
            log = LogWriter(path, ref, rules, players, this_seed, bots) if path else None
            game = play_match(GameState(rules, players, this_seed), table, log)
        except OSError as exc:  # only the log writes files here: a full disk, say
            raise RunError(f"cannot write the game log {path}: {reason(exc)}; the run is "
                           f"stopped") from None
        summary.add(game)
        if rows is not None:
            rows.append(record(index, this_seed, game))
    return summary


def play_chunk(chunk: Chunk) -> tuple[Summary, list]:
    """Play games start..stop of a run; gives their summary and, if asked, a row per game."""
    rules = chunk_ruleset(chunk.ruleset, chunk.options, chunk.hands)
    rows: list | None = [] if chunk.records else None
    if chunk.check:
        engine.DEBUG_CHECK = check_invariants
    summary = play_games(rules, chunk.players, chunk.seed, chunk.bots,
                         range(chunk.start, chunk.stop), rows, chunk.log_dir, chunk.ruleset)
    return summary, rows or []


def record(index: int, seed: int, game: GameState) -> dict:
    """One game as a row for --records."""
    results = game.hand_results
    return {"game": index, "seed": seed, "winner": game.match_winner, "hands": len(results),
            "turns": sum(r.turns for r in results), "points": sum(r.points for r in results),
            "scores": list(game.scores)}


def chunks(ref: str, options: dict, hands, games: int, players: int, seed: int, bots: str,
           records: bool, log_dir=None, check: bool = False):
    """A run cut into chunks, one at a time (a run may have more than memory holds); the cut
    depends on nothing but the number of games."""
    frozen = tuple(sorted(options.items()))
    for start in range(0, games, CHUNK):
        yield Chunk(ref, frozen, hands, players, seed, bots, start, min(start + CHUNK, games),
                    records, log_dir, check)


def chunk_count(games: int) -> int:
    return -(-games // CHUNK)


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


def games_of(chunk: Chunk) -> str:
    """A chunk's games as a reader finds them in --records and --log (numbered from 0)."""
    return f"games {chunk.start} to {chunk.stop - 1} (chunk {chunk.start // CHUNK + 1})"


def results_in_order(work, jobs: int, scheduler: str | None,
                     worker_timeout: float = WORKER_SECONDS, notify=None):
    """The chunks' results, in chunk order, here, in `jobs` processes (a result per batch of
    chunks, joined), or on a Dask cluster. Chunks are taken from `work` only as there is room
    for them in flight."""
    if scheduler:
        yield from on_cluster(work, scheduler, worker_timeout)
    elif jobs > 1:
        yield from in_processes(work, jobs, notify=notify)
    else:
        yield from map(play_chunk, work)


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


def run(ref: str, options: dict | None = None, games: int = 1000, players: int | None = None,
        seed: int = 0, bots: str = "heuristic", jobs: int = 1, scheduler: str | None = None,
        records: Path | None = None, progress=None, hands: int | None = None,
        log_dir: Path | None = None, check: bool = False,
        worker_timeout: float = WORKER_SECONDS, notify=None) -> Summary:
    """Simulate `games` matches of the ruleset `ref`, in chunks, and summarise them.

    `progress(done, total, seconds)` is called after each chunk (each batch of chunks, in
    processes). Rows go to `records` (.csv or .jsonl) in game order as chunks finish. Chunks
    are made and handed out a few at a time, so memory does not grow with `games`.
    `notify(text)` hears of what went wrong and was mended (a chunk played again after its
    process died).
    """
    options = dict(options or {})
    if scheduler:
        scheduler_address(scheduler)
    rules = chunk_ruleset(ref, tuple(sorted(options.items())), hands)
    players = players or rules.default_players
    rules.check_players(players)
    make_agents(bots, players, seed)  # refuse a bad --bots before any work
    jobs = max(1, min(jobs, chunk_count(games)))
    writer = RecordWriter(records, players) if records else None
    summary = Summary(rules.name, players, seed, dict(rules.options), wins=[0] * players)
    start = time.perf_counter()
    try:
        if log_dir:
            try:
                Path(log_dir).mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise RunError(f"cannot make the log folder {log_dir}: {reason(exc)}") from None
        work = chunks(ref, options, hands, games, players, seed, bots, writer is not None,
                      str(Path(log_dir).resolve()) if log_dir else None, check)
        for part, rows in results_in_order(work, jobs, scheduler, worker_timeout, notify):
            summary.merge(part)
            if writer:
                writer.write(rows)
            if progress:
                progress(summary.games, games, time.perf_counter() - start)
    except BaseException:
        if writer:
            writer.abandon()
        raise
    if writer:
        writer.close()
    summary.seconds = time.perf_counter() - start
    return summary


class RecordWriter:
    """One row per game, as CSV or JSON Lines (chosen by the file's extension)."""

    def __init__(self, path: Path, players: int):
        path = Path(path)
        if path.suffix.lower() not in (".csv", ".jsonl"):
            raise HouserulesError(f"--records writes .csv or .jsonl files, not {path.name}")
        # Rows go to a side file, renamed into place only when the run is complete.
        self.path, self.partial = path, path.with_name(path.name + ".part")
        try:
            self.out = self.partial.open("w", newline="")
        except OSError as exc:
            raise RunError(f"cannot write the records {path}: {reason(exc)}") from None
        self.csv = None
        if path.suffix.lower() == ".csv":
            fields = ["game", "seed", "winner", "hands", "turns", "points"] + \
                [f"score_{seat}" for seat in range(players)]
            self.csv = csv.writer(self.out)
            self.csv.writerow(fields)

    def write(self, rows: list) -> None:
        try:
            for row in rows:
                if self.csv:
                    scores = row.pop("scores")
                    self.csv.writerow(list(row.values()) + scores)
                else:
                    self.out.write(json.dumps(row) + "\n")
        except OSError as exc:
            raise self.failed(exc) from None

    def close(self) -> None:
        try:
            self.out.close()
            os.replace(self.partial, self.path)
        except OSError as exc:
            raise self.failed(exc) from None

    def failed(self, exc: OSError) -> RunError:
        """The error for a write that failed (a full disk): the run stops, and the file that
        was there before, if any, is left as it was."""
        before = "the file from before is kept" if self.path.exists() else "none was written"
        return RunError(f"cannot write the records {self.partial}: {reason(exc)}; the run is "
                        f"stopped, and {self.path.name} is left alone ({before})")

    def abandon(self) -> None:
        try:
            self.out.close()
        except OSError:
            pass  # what it could not flush is being thrown away
        self.partial.unlink(missing_ok=True)


def simulate(ruleset, games: int = 1000, players: int | None = None, seed: int = 0,
             bots: str = "heuristic") -> Summary:
    """Play `games` matches of a compiled ruleset here, in this process, and summarise them."""
    players = players or ruleset.default_players
    ruleset.check_players(players)
    make_agents(bots, players, seed)  # refuse a bad bot name before any work
    start = time.perf_counter()
    summary = play_games(ruleset, players, seed, bots, range(games))
    summary.seconds = time.perf_counter() - start
    return summary


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


# What `compare` reports: (label, key in the summary, key in --json, how to show a value).
MEASURES = (
    ("turns per hand", "turns", "turns_per_hand", "{:.2f}"),
    ("first-seat win rate", "first_wins", "first_seat_win_rate", "{:.1%}"),
    ("points per hand", "points", "points_per_hand", "{:.1f}"),
)
PROPORTIONS = {"first_wins"}  # measures of 0s and 1s: Wilson intervals, within 0 and 1


def compare(a, b, games: int = 2000, players: int | None = None, seed: int = 0,
            bots: str = "heuristic") -> dict:
    """Play `games` single hands of each ruleset and report each measure with its difference."""
    sides = [simulate(replace(rules, hands=1), games, players, seed, bots) for rules in (a, b)]
    return comparison(sides, a, b, bots)


def comparison(sides: list, a, b, bots: str) -> dict:
    """The report of two sides' summaries: each measure, and B minus A with its interval."""
    report = {"games": sides[0].games, "players": sides[0].players, "seed": sides[0].seed,
              "bots": bots, "a": {"ruleset": a.name, "options": dict(a.options)},
              "b": {"ruleset": b.name, "options": dict(b.options)}, "measures": {}}
    for _, key, name, _ in MEASURES:
        left, right = getattr(sides[0], key), getattr(sides[1], key)
        if key in PROPORTIONS:
            intervals = proportion_interval(left), proportion_interval(right)
            diff, low, high = proportion_difference(left, right)
        else:
            intervals = left.interval(), right.interval()
            diff, low, high = difference(left, right)
        report["measures"][name] = {
            "a": {"mean": left.mean, "ci95": list(intervals[0])},
            "b": {"mean": right.mean, "ci95": list(intervals[1])},
            "difference": {"mean": diff, "ci95": [low, high]},
        }
    return report
