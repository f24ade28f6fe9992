"""Playing matches between agents, and summarising many of them, on one core or many.

Games are played in fixed chunks and the chunks' summaries merged in order, so a run gives
the same figures whether its chunks ran here, in several processes or on a Dask cluster.
"""

from __future__ import annotations

import csv
import json
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from . import engine
from .agents import make_agents, play_match
from .engine import GameState
from .errors import HouserulesError
from .gamelog import LogWriter
from .invariants import check_invariants
from .ruleset import load_ruleset
from .stats import Running, difference

CHUNK = 100  # games per chunk: the unit of work handed to a process or a cluster worker


def game_seed(seed: int, index: int) -> int:
    """Each game's seed, from the master seed and the game's index (same for any split)."""
    return seed * 1_000_003 + index


@dataclass
class Summary:
    """Running totals over simulated matches, in constant memory."""

    ruleset: str
    players: int
    seed: int
    options: dict
    games: int = 0
    wins: list = field(default_factory=list)
    hands: Running = field(default_factory=Running)  # hands per match
    turns: Running = field(default_factory=Running)  # turns per hand
    points: Running = field(default_factory=Running)  # points per hand
    first_wins: Running = field(default_factory=Running)  # 1 when the first to play won the hand
    turn_counts: Counter = field(default_factory=Counter)  # hands by their number of turns
    point_counts: Counter = field(default_factory=Counter)  # hands by the points they scored
    seconds: float = 0.0

    def add(self, game: GameState) -> None:
        """Take in one finished match."""
        self.games += 1
        self.wins[game.match_winner] += 1
        self.hands.add(len(game.hand_results))
        for result in game.hand_results:
            self.turns.add(result.turns)
            self.points.add(result.points)
            self.first_wins.add(1.0 if result.winner == result.first else 0.0)
            self.turn_counts[result.turns] += 1
            self.point_counts[result.points] += 1

    def merge(self, other: "Summary") -> None:
        """Take in the summary of another chunk of games (always merged in chunk order)."""
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        for name in ("hands", "turns", "points", "first_wins"):
            getattr(self, name).merge(getattr(other, name))
        self.turn_counts.update(other.turn_counts)
        self.point_counts.update(other.point_counts)

    def as_dict(self) -> dict:
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "games": self.games,
            "wins": self.wins,
            "mean_turns_per_hand": self.turns.mean,
            "mean_hands_per_match": self.hands.mean,
            "mean_points_per_hand": self.points.mean,
            "first_seat_win_rate": self.first_wins.mean,
            "seconds": round(self.seconds, 3),
            "games_per_second": self.games / self.seconds if self.seconds else 0.0,
        }


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
    for index in indexes:
        this_seed = game_seed(seed, index)
        log = LogWriter(Path(log_dir) / f"game-{index:07d}.jsonl", ref, rules, players,
                        this_seed, bots) if log_dir else None
        game = play_match(GameState(rules, players=players, seed=this_seed),
                          make_agents(bots, players, this_seed), log)
        summary.add(game)
        if rows is not None:
            rows.append(record(index, this_seed, game))
    return summary


def play_chunk(chunk: Chunk) -> tuple[Summary, list]:
    """Play games start..stop of a run; gives their summary and, if asked, a row per game."""
    rules = chunk_ruleset(chunk.ruleset, chunk.options, chunk.hands)
    rows = [] if chunk.records else None
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
           records: bool, log_dir=None, check: bool = False) -> list[Chunk]:
    """A run cut into chunks; the cut depends on nothing but the number of games."""
    frozen = tuple(sorted(options.items()))
    return [Chunk(ref, frozen, hands, players, seed, bots, start, min(start + CHUNK, games),
                  records, log_dir, check) for start in range(0, games, CHUNK)]


def results_in_order(work: list[Chunk], jobs: int, scheduler: str | None):
    """Each chunk's result, in chunk order: here, in `jobs` processes, or on a Dask cluster."""
    if scheduler:
        yield from on_cluster(work, scheduler)
    elif jobs > 1 and len(work) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield from pool.map(play_chunk, work)
    else:
        yield from map(play_chunk, work)


def on_cluster(work: list[Chunk], scheduler: str):
    """Play the chunks on a Dask distributed cluster (pip install '.[cluster]')."""
    try:
        from distributed import Client  # an optional extra: imported only when asked for
    except ImportError:
        raise HouserulesError("--scheduler needs Dask: pip install 'houserules[cluster]' "
                              "(or, from a checkout, pip install '.[cluster]')") from None
    try:
        client = Client(scheduler, timeout=5)
    except OSError as exc:
        raise HouserulesError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    with client:
        futures = client.map(play_chunk, work, pure=False)
        while futures:
            # Let go of each chunk as it is taken, so the cluster can forget its result.
            yield futures.pop(0).result()


def run(ref: str, options: dict | None = None, games: int = 1000, players: int | None = None,
        seed: int = 0, bots: str = "heuristic", jobs: int = 1, scheduler: str | None = None,
        records: Path | None = None, progress=None, hands: int | None = None,
        log_dir: Path | None = None, check: bool = False) -> Summary:
    """Simulate `games` matches of the ruleset `ref`, in chunks, and summarise them.

    `progress(done, total, seconds)` is called after each chunk. Rows go to `records`
    (.csv or .jsonl) in game order as chunks finish.
    """
    options = dict(options or {})
    rules = chunk_ruleset(ref, tuple(sorted(options.items())), hands)
    players = players or rules.default_players
    rules.check_players(players)
    make_agents(bots, players, seed)  # refuse a bad --bots before any work
    writer = RecordWriter(records, players) if records else None
    summary = Summary(rules.name, players, seed, dict(rules.options), wins=[0] * players)
    start = time.perf_counter()
    try:
        if log_dir:
            Path(log_dir).mkdir(parents=True, exist_ok=True)
        work = chunks(ref, options, hands, games, players, seed, bots, writer is not None,
                      str(Path(log_dir).resolve()) if log_dir else None, check)
        for part, rows in results_in_order(work, jobs, scheduler):
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
        self.out = self.partial.open("w", newline="")
        self.csv = None
        if path.suffix.lower() == ".csv":
            fields = ["game", "seed", "winner", "hands", "turns", "points"] + \
                [f"score_{seat}" for seat in range(players)]
            self.csv = csv.writer(self.out)
            self.csv.writerow(fields)

    def write(self, rows: list) -> None:
        for row in rows:
            if self.csv:
                scores = row.pop("scores")
                self.csv.writerow(list(row.values()) + scores)
            else:
                self.out.write(json.dumps(row) + "\n")

    def close(self) -> None:
        self.out.close()
        os.replace(self.partial, self.path)

    def abandon(self) -> None:
        self.out.close()
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


class ProgressBar:
    """A bar with rate and ETA on stderr, for runs over a second, when stderr is a terminal."""

    def __init__(self, stream=None, width: int = 30):
        self.stream = stream or sys.stderr
        self.width = width
        self.shown = False

    def __call__(self, done: int, total: int, seconds: float) -> None:
        if seconds < 1.0 and not self.shown:
            return
        self.shown = True
        rate = done / seconds if seconds else 0.0
        eta = (total - done) / rate if rate else 0.0
        filled = int(self.width * done / total) if total else self.width
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games  {rate:,.0f}/s  ETA {eta:,.0f}s ")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


# What `compare` reports: (label, key in the summary, how to show a value).
MEASURES = (
    ("turns per hand", "turns", "{:.2f}"),
    ("first-seat win rate", "first_wins", "{:.1%}"),
    ("points per hand", "points", "{:.1f}"),
)


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
    for label, key, _ in MEASURES:
        left, right = getattr(sides[0], key), getattr(sides[1], key)
        diff, low, high = difference(left, right)
        report["measures"][label] = {
            "a": {"mean": left.mean, "ci95": list(left.interval())},
            "b": {"mean": right.mean, "ci95": list(right.interval())},
            "difference": {"mean": diff, "ci95": [low, high]},
        }
    return report
