"""Game logs: every decision of a game as JSON Lines, and replaying a log to check it.

A log starts with a header (ruleset reference, its digest, options, players, seed), has
one line per answered decision (and one where the next hand was dealt), and ends with the
final state. Replaying needs no bots: the answers are all there.

A log is untrusted input: it is read as untrusted.py reads any file (regular files only, at
most MAX_LOG_BYTES, checked before reading; UTF-8 throughout), one line at a time (each at
most MAX_HEADER_BYTES or MAX_ROW_BYTES) as it is replayed, and each row is checked against
its definition in schema/log.schema.json just before it is used; a malformed row is a
LogError naming the file and its line. So memory does not grow with the rows, and a bad row,
or the first step that replays differently, ends the work there.

Answers are encoded so that a card can never be mistaken for another answer: a card is
{"card": NAME} (with its "kind", and its face "id", only when another option of the same
decision has the same name), everything else (null, true/false, a seat, "draw", a colour)
is written as it is. Format 1 wrote a card as its bare name, so a card named "draw" read
back as the answer "draw"; format 1 logs and saves are still read (a bare name that is no
other option is taken as the card).
"""

from __future__ import annotations

import json
from contextlib import closing
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from interpreter.building.ruleset import load_ruleset
from interpreter.engine.cards import Card, card_key
from interpreter.engine.decisions import describe
from interpreter.engine.game import GameState
from interpreter.engine.invariants import check_invariants
from interpreter.errors import HouserulesError, IllegalMove, RuleRuntimeError
from interpreter.loading.kinds import LOG, mistaken
from interpreter.loading.untrusted import check, check_reference, parse_json, text_lines

LOG_FORMAT = 2  # 2: a card answer is {"card": NAME}; 1 wrote its bare name
MAX_LOG_BYTES = 50_000_000
# The longest rows the tool writes, with room to spare: a header is under 3 MB even with 200
# options of 1,000 characters each written as \u escapes, any other row under 12 KB (a card's
# name of 500 characters, a kind of 200). A longer line is refused before it is parsed.
MAX_HEADER_BYTES = 4_000_000
MAX_ROW_BYTES = 64_000
NEXT_HAND = {"next_hand": True}  # in a list of answers: the next hand was dealt here


class LogError(HouserulesError):
    """A log that cannot be read, or whose ruleset has changed."""


def is_card(value) -> bool:
    return isinstance(value, Card)


def encode(answer, options: tuple = ()):
    """An answer as JSON: a card as {"card": NAME} (its kind, and its face id, added only when
    another of `options` has the same name), everything else as it is."""
    if not is_card(answer):
        return answer
    code = {"card": answer.name}
    rivals = [o for o in options if is_card(o) and o is not answer and o.name == answer.name]
    if rivals:
        code["kind"] = answer.kind
        if any(o.kind == answer.kind for o in rivals):
            code["id"] = answer.id
    return code


def decode(saved, options: tuple, version: int = LOG_FORMAT):
    """The option that `saved` stands for, or None when no option does (or it is ambiguous).

    In format 1 a card was its bare name: a string that is no other option is then taken as
    the card of that name."""
    if isinstance(saved, dict):
        name = saved.get("card")
        # By the face that shows, as a card is looked up (a two-sided card whatever its back).
        found = {id(o): o for o in options if is_card(o) and isinstance(name, str)
                 and card_key(o.name) == card_key(name)
                 and saved.get("kind", o.kind) == o.kind and saved.get("id", o.id) == o.id}
        return next(iter(found.values())) if len(found) == 1 else None
    for option in options:
        # Exactly: True is not seat 1, and a card is never a word.
        if not is_card(option) and option == saved and type(option) is type(saved):
            return option
    if version < 2 and isinstance(saved, str):
        found = {id(o): o for o in options if is_card(o) and card_key(o.name) == card_key(saved)}
        return next(iter(found.values())) if len(found) == 1 else None
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
                   "answer": encode(answer, decision.options)})

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
    """Replay a log from its seed and answers; say whether the end state is the same.

    A log that is malformed, or whose ruleset cannot be used or has changed, is a LogError;
    one that replays differently is a Replayed that is not `same`. The rows are read, checked
    and replayed one at a time: the first difference ends the replay (the rest is not read)."""
    path = Path(path)
    with closing(log_rows(path)) as rows:
        return replay_rows(str(path), rows)


def replay_rows(shown: str, rows) -> Replayed:
    """Replay the log `shown` from its rows, (line number, row) as log_rows gives them."""
    _, header = next(rows)
    check_reference(header["ruleset"], file=shown, line=1, cls=LogError)
    try:
        rules = cached_ruleset(header["ruleset"], json.dumps(header["options"], sort_keys=True))
        rules.check_players(header["players"])
    except HouserulesError as err:
        raise LogError(f"this log's game cannot be set up again: {error_text(err)}",
                       file=shown, line=1, detail=err.detail) from None
    if rules.digest != header["digest"]:
        raise LogError(f"the ruleset {header['ruleset']} has changed since this log was written "
                       f"(digest {rules.digest}, the log says {header['digest']})",
                       file=shown, line=1, path="$.digest")
    version = header["format"]
    game = GameState(rules, players=header["players"], seed=header["seed"])
    steps = 0
    for number, row in rows:
        if "end" in row:
            next(rows, None)  # refuses a row after the end state
            problem = broken_invariant(game)
            if problem:
                return Replayed(shown, steps, False, f"line {number}: {problem}")
            wanted, found = row["end"], end_state(game)
            same = wanted == found
            return Replayed(shown, steps, same, "" if same else
                            f"line {number}: the end differs: logged {wanted}, replayed {found}")
        if "next_hand" in row:
            problem = deal_next_hand(game)
            if problem:
                return Replayed(shown, steps, False, f"line {number}: {problem}")
            continue
        steps += 1
        problem = replay_step(game, row, version)
        if problem:
            return Replayed(shown, steps, False, f"line {number} (step {row['step']}): {problem}")
    return Replayed(shown, steps, False, "the log ends without its final state")


def error_text(err: HouserulesError) -> str:
    """An error's place and message on one line (its detail, a picture, goes separately)."""
    parts = [err.where()] if err.file or err.line is not None else []
    if err.path:
        parts.append(err.path)
    return ": ".join(parts + [err.message])


@lru_cache(maxsize=8)
def cached_ruleset(ref: str, options: str):
    """A log's ruleset, compiled once for all the logs of a run."""
    return load_ruleset(ref, json.loads(options))


def deal_next_hand(game: GameState) -> str:
    """Deal the next hand as the log says; what went differently, or ''."""
    try:
        game.next_hand()
    except IllegalMove as err:
        return f"the log deals the next hand, but {err.message}"
    except RuleRuntimeError as err:
        return f"the game stopped: {err.message}"
    return ""


def broken_invariant(game: GameState) -> str:
    """What the replayed game breaks (cards not conserved, an unsound hand ...), or ''."""
    try:
        check_invariants(game)
    except RuleRuntimeError as err:
        return err.message
    return ""


def replay_step(game: GameState, row: dict, version: int = LOG_FORMAT) -> str:
    """Apply one logged answer; what went differently, or '' when it replayed the same."""
    decision = game.decision
    if decision is None:
        return f"the log has a {row['kind']} decision but the game has none pending"
    if decision.kind != row["kind"] or decision.seat != row["seat"]:
        return (f"the log has a {row['kind']} decision for seat {row['seat']}, the game "
                f"a {decision.kind} decision for seat {decision.seat}")
    answer = decode(row["answer"], decision.options, version)
    if answer is None and row["answer"] is not None:
        return (f"the logged answer {json.dumps(row['answer'])} is not a legal option here "
                f"(options: {options_text(decision.options)})")
    try:
        game.apply(answer)
    except IllegalMove as err:
        return f"the logged answer was refused: {err.message}"
    except RuleRuntimeError as err:
        return f"the game stopped: {err.message}"
    return ""


def options_text(options: tuple, most: int = 12) -> str:
    """A decision's options in words, the first `most` of them."""
    shown = [describe(o) for o in options[:most]]
    return ", ".join(shown) + (f" and {len(options) - most} more" if len(options) > most else "")


def log_rows(path: Path):
    """A log's rows, one at a time as (line number, JSON object), each checked against its
    definition in schema/log.schema.json as it is read: the header first, decisions numbered
    from 1, and nothing after the end state. Close it when done with it (it holds the file)."""
    shown = str(path)
    with closing(text_lines(path, cap=MAX_LOG_BYTES, what="game log", cls=LogError,
                            line_caps=(MAX_HEADER_BYTES, MAX_ROW_BYTES))) as lines:
        try:
            first = next(lines, None)
            header = None if first is None else header_row(first[1], shown)
        except LogError as err:
            raise mistaken(err, path, LOG) from None  # a saved game, say: which command reads it
        if header is None:
            raise LogError("this is not a houserules game log: the file is empty", file=shown,
                           line=1)
        yield 1, header
        steps = 0
        ended = None  # the line of the end state
        for number, line in lines:
            row = parse_json(blank_refused(line, shown, number), what="game log", file=shown,
                             line=number, cls=LogError)
            if ended is not None:
                raise LogError(f"nothing may follow the end state (line {ended})",
                               file=shown, line=number)
            kind = row_kind(row)
            check(row, "log", kind, file=shown, line=number, cls=LogError)
            if kind == "decision":
                steps += 1
                if row["step"] != steps:
                    raise LogError(f"expected step {steps}, the row says step {row['step']}",
                                   file=shown, line=number, path="$.step")
            elif kind == "end":
                ended = number
            yield number, row


def blank_refused(line: str, shown: str, number: int) -> str:
    """A log's line, refused when it is blank."""
    if not line.strip():
        raise LogError("an empty line; expected one JSON object per line", file=shown,
                       line=number)
    return line


def header_row(line: str, shown: str) -> dict:
    """A log's first line, its header, checked against its definition in the schema."""
    row = parse_json(blank_refused(line, shown, 1), what="game log", file=shown, line=1,
                     cls=LogError)
    if not isinstance(row, dict) or "format" not in row:
        raise LogError("this is not a houserules game log: expected a header "
                       '{"format": ..., "ruleset": ...} on the first line', file=shown, line=1)
    check(row, "log", "header", file=shown, line=1, cls=LogError)
    return row


def row_kind(row) -> str:
    """Which definition of schema/log.schema.json a row after the header must fit."""
    if isinstance(row, dict) and "end" in row:
        return "end"
    if isinstance(row, dict) and "next_hand" in row:
        return "next_hand"
    return "decision"


def log_files(paths: list) -> list[Path]:
    """Log files under the given files and folders."""
    found = []
    for path in map(Path, paths):
        inside = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
        if not inside:
            raise HouserulesError("no game logs (*.jsonl) in this folder", file=str(path))
        found.extend(inside)
    return found
