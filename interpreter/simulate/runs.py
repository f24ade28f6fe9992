"""Playing matches between agents, and summarising many of them, on one core or many.

Games are played in fixed chunks and the chunks' summaries merged in order, so a run gives
the same figures whether its chunks ran here, in several processes or on a Dask cluster.
"""

from __future__ import annotations

import csv
import json
import os
import time
from dataclasses import replace
from pathlib import Path

from interpreter.errors import HouserulesError
from interpreter.playing.seating import make_agents
from interpreter.presenting.translation import N_
from interpreter.simulate.chunks import (
    RunError,
    chunk_count,
    chunk_ruleset,
    chunks,
    play_chunk,
    play_games,
    reason,
)
from interpreter.simulate.cluster import WORKER_SECONDS, on_cluster, scheduler_address
from interpreter.simulate.stats import (
    difference,
    proportion_difference,
    proportion_interval,
)
from interpreter.simulate.tally import Summary
from interpreter.simulate.workers import (
    in_processes,
)


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
    (N_("turns per hand"), "turns", "turns_per_hand", "{:.2f}"),
    (N_("first-seat win rate"), "first_wins", "first_seat_win_rate", "{:.1%}"),
    (N_("points per hand"), "points", "points_per_hand", "{:.1f}"),
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
