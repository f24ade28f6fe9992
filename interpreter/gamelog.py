"""Game logs: every decision of a game as JSON Lines, and replaying a log to check it.

A log starts with a header (ruleset reference, its digest, options, players, seed), has
one line per answered decision (and one where the next hand was dealt), and ends with the
final state. Replaying needs no bots: the answers are all there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .engine import GameState
from .errors import HouserulesError, IllegalMove
from .ruleset import load_ruleset

LOG_FORMAT = 1
NEXT_HAND = {"next_hand": True}  # in a list of answers: the next hand was dealt here


class LogError(HouserulesError):
    """A log that cannot be read, or whose ruleset has changed."""


def encode(answer):
    """An answer as JSON: cards by name, everything else as it is."""
    return answer.name if hasattr(answer, "rules") else answer


def decode(saved, options: tuple):
    """The option that `saved` stands for, or None when no option does."""
    for option in options:
        if encode(option) == saved and type(encode(option)) is type(saved):
            return option
    return None


def end_state(game: GameState) -> dict:
    """What a replay must reproduce."""
    return {"scores": list(game.scores), "match_winner": game.match_winner,
            "hands": len(game.hand_results), "hand_sizes": game.hand_sizes()}


class LogWriter:
    """Writes one game's log as it is played."""

    def __init__(self, path, ruleset_ref: str, rules, players: int, seed, bots: str = ""):
        self.out = Path(path).open("w")
        self.line({"format": LOG_FORMAT, "ruleset": ruleset_ref, "digest": rules.digest,
                   "options": dict(rules.options), "players": players, "seed": seed,
                   "bots": bots})
        self.steps = 0

    def line(self, data: dict) -> None:
        self.out.write(json.dumps(data) + "\n")

    def decided(self, decision, answer) -> None:
        """One answered decision."""
        self.steps += 1
        self.line({"step": self.steps, "kind": decision.kind, "seat": decision.seat,
                   "answer": encode(answer)})

    def next_hand(self) -> None:
        self.line(NEXT_HAND)

    def finish(self, game: GameState) -> None:
        """The state reached (the end of the match, or where a person stopped)."""
        if not self.out.closed:
            self.line({"end": end_state(game)})
            self.out.close()


@dataclass
class Replayed:
    """The outcome of replaying one log."""

    file: str
    steps: int
    same: bool
    difference: str = ""


def replay(path) -> Replayed:
    """Replay a log from its seed and answers; say whether the end state is the same."""
    path = Path(path)
    lines = read_lines(path)
    header, rows = lines[0], lines[1:]
    try:
        rules = cached_ruleset(header["ruleset"], json.dumps(header["options"], sort_keys=True))
    except KeyError as missing:
        raise LogError(f"the log's header has no {missing}", file=str(path), line=1) from None
    if rules.digest != header.get("digest"):
        raise LogError(f"the ruleset {header['ruleset']} has changed since this log was written "
                       f"(digest {rules.digest}, the log says {header.get('digest')})",
                       file=str(path), line=1)
    game = GameState(rules, players=header["players"], seed=header["seed"])
    steps = 0
    for number, row in enumerate(rows, start=2):
        if row == NEXT_HAND:
            game.next_hand()
        elif "end" in row:
            wanted, found = row["end"], end_state(game)
            same = wanted == found
            return Replayed(str(path), steps, same, "" if same else
                            f"line {number}: the end differs: logged {wanted}, replayed {found}")
        else:
            steps += 1
            problem = replay_step(game, row)
            if problem:
                return Replayed(str(path), steps, False, f"line {number} (step {row.get('step')}): "
                                                         f"{problem}")
    return Replayed(str(path), steps, False, "the log ends without its final state")


@lru_cache(maxsize=8)
def cached_ruleset(ref: str, options: str):
    """A log's ruleset, compiled once for all the logs of a run."""
    return load_ruleset(ref, json.loads(options))


def replay_step(game: GameState, row: dict) -> str:
    """Apply one logged answer; what went differently, or '' when it replayed the same."""
    decision = game.decision
    if decision is None:
        return f"the log has a {row.get('kind')} decision but the game has none pending"
    if decision.kind != row.get("kind") or decision.seat != row.get("seat"):
        return (f"the log has a {row.get('kind')} decision for seat {row.get('seat')}, the game "
                f"a {decision.kind} decision for seat {decision.seat}")
    answer = decode(row.get("answer"), decision.options)
    if answer is None and row.get("answer") is not None:
        return f"the logged answer {row.get('answer')!r} is not a legal option here"
    try:
        game.apply(answer)
    except IllegalMove as err:
        return f"the logged answer was refused: {err}"
    return ""


def read_lines(path: Path) -> list:
    """A log's lines as JSON objects."""
    try:
        text = path.read_text()
    except OSError as exc:
        raise LogError(f"cannot read the log: {exc.strerror}", file=str(path)) from None
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            lines.append(json.loads(line))
        except ValueError:
            raise LogError("not a JSON line", file=str(path), line=number) from None
    if not lines or lines[0].get("format") != LOG_FORMAT:
        raise LogError("this is not a houserules game log", file=str(path), line=1)
    return lines


def log_files(paths: list) -> list[Path]:
    """Log files under the given files and folders."""
    found = []
    for path in map(Path, paths):
        found.extend(sorted(path.glob("*.jsonl")) if path.is_dir() else [path])
    return found
