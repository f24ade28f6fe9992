"""Games in chunks: a run's unit of work (CHUNK games, each seeded from the run's seed and
its index), played anywhere to the same summary and rows."""

from __future__ import annotations

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
from interpreter.playing.seating import bot_names, seat_bots
from interpreter.simulate.tally import Summary

CHUNK = 100  # games per chunk: the unit of work handed to a process or a cluster worker
WINDOW = 3  # batches (chunks on a cluster) in flight per process or thread: each kept busy


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


def games_of(chunk: Chunk) -> str:
    """A chunk's games as a reader finds them in --records and --log (numbered from 0)."""
    return f"games {chunk.start} to {chunk.stop - 1} (chunk {chunk.start // CHUNK + 1})"


