"""What kind of file houserules wrote a file as (a saved game, a game log, a scenario, a
ruleset ...), told by what it holds; and the one message for a file given to a command that
reads another kind: what it is, and which command reads it.

Each reader (resume, replay, check, and every command that loads a ruleset) asks only once
it has failed to read a file as its own kind, so a good file costs nothing more. The message
names the file's kind, never anything the file holds: a stranger's file may name another
file of yours (see source.check_is_a).
"""

from __future__ import annotations

import codecs
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from interpreter.errors import HouserulesError
from interpreter.loading.source import first_bundled_game, read_yaml
from interpreter.loading.untrusted import opened, parse_json

# Read to tell a file's kind: more than the largest save (session.MAX_SAVE_BYTES, one line of
# JSON) or a log's header line, so either is read whole.
MAX_SNIFF_BYTES = 16_000_000
MAX_SNIFF_CONTAINERS = 500_000  # as a save may hold (session.MAX_SAVE_CONTAINERS)

# Keys a scenario has and a ruleset never does: a file with one is meant as a scenario.
SCENARIO_ONLY = {"ruleset", "steps", "table", "deal", "seed"}
RULESET_ONLY = {"extends", "kinds", "deck", "colors", "playable", "rules", "effects", "overlay",
                "turn", "scoring", "match"}
RECORDS_CSV = "game,seed,winner,hands,turns,points,"  # how simulate --records .csv begins


@dataclass(frozen=True)
class FileKind:
    """A kind of file: what it is called, and what to do with it ({file}: the file, quoted
    for a command line; {game}: a bundled game, for an example), "" for a command's output
    that no command reads."""

    noun: str
    use: str = ""


SAVE = FileKind("a saved game", "continue it with `houserules resume {file}`")
LOG = FileKind("a game log", "check that it replays the same with `houserules replay {file}`")
SCENARIO = FileKind("a scenario", "run it with `houserules check {file}`")
RULESET = FileKind("a ruleset", "check it with `houserules validate {file}` and play it with "
                                "`houserules play {file}`")
HOUSE_RULE = FileKind("a house rule (an overlay)",
                      "put it on a game, as in `houserules play {game}+{file}`")
SUMMARY = FileKind("a summary written by `houserules simulate --json`")
COMPARISON = FileKind("a comparison written by `houserules compare --json`")
RECORDS = FileKind("a run's records (a row per game) written by `houserules simulate --records`")
TABLE = FileKind("a browser table's own file", "`houserules serve` opens it with its table")
SCHEMA = FileKind("a JSON Schema (`houserules schema` prints it for an editor)")
PICTURE = FileKind("a picture drawn by `houserules compare --plot`")


def data_kind(data) -> FileKind | None:
    """The kind of file whose whole content (a JSON or YAML value) or first row is `data`, by
    the keys only that kind has; None when it is no kind houserules writes."""
    if not isinstance(data, dict):
        return None
    keys = data.keys()
    if {"format", "ruleset"} <= keys and keys & {"answers", "seat", "bot_random_states"}:
        return SAVE
    if {"format", "ruleset", "digest"} <= keys:
        return LOG  # its header: a log's other rows are not looked at
    if {"measures", "a", "b"} <= keys:
        return COMPARISON
    if {"wins", "mean_turns_per_hand"} <= keys:
        return SUMMARY
    if {"game", "winner", "turns", "scores"} <= keys:
        return RECORDS
    if {"id", "host", "seats"} <= keys:
        return TABLE
    if "$schema" in keys:
        return SCHEMA
    if {"ruleset", "steps"} <= keys:
        return SCENARIO
    if looks_like_a_ruleset(data):
        return HOUSE_RULE if data.get("overlay") is True else RULESET
    return None


def looks_like_a_ruleset(data: dict) -> bool:
    """Whether a file's top level has a ruleset's keys and none that only scenarios have."""
    return (not any(key in SCENARIO_ONLY for key in data)
            and any(key in RULESET_ONLY for key in data))


def file_kind(path) -> FileKind | None:
    """The kind of file `path` is, by what it holds: JSON (the first row of JSON Lines, or the
    whole file), a CSV of records, a picture, or YAML; None when it is none houserules writes,
    or cannot be read (its reader then says why)."""
    try:
        with opened(path, cap=sys.maxsize, what="file") as stream:
            head = stream.read(MAX_SNIFF_BYTES)
    except HouserulesError:
        return None
    if head.startswith((b"\x89PNG", b"%PDF")) or b"<svg" in head[:2000]:
        return PICTURE
    try:
        # Not final: a character cut in two at MAX_SNIFF_BYTES is left off.
        text, _ = codecs.utf_8_decode(head, "strict", False)
    except UnicodeDecodeError:
        return None
    first = text.split("\n", 1)[0]
    if first.startswith(RECORDS_CSV):
        return RECORDS
    for candidate in dict.fromkeys((first, text)):  # a JSON Lines file; a JSON file
        try:
            found = data_kind(parse_json(candidate, what="file", file=None,
                                         containers=MAX_SNIFF_CONTAINERS))
        except HouserulesError:
            continue
        if found:
            return found
    try:
        return data_kind(read_yaml(Path(path)).data)
    except HouserulesError:
        return None


def wrong_kind(found: FileKind, wanted: FileKind, file: str) -> str:
    """`this is a saved game, not a game log: continue it with `houserules resume FILE``."""
    text = f"this is {found.noun}, not {wanted.noun}"
    if not found.use:
        return f"{text}; no command reads it back"
    game = first_bundled_game() if "{game}" in found.use else ""
    return f"{text}: {found.use.format(file=shlex.quote(file), game=game)}"


def mistaken(err: HouserulesError, path, *wanted: FileKind) -> HouserulesError:
    """`err`, the error of reading `path` as one of `wanted`; or, when `path` is a file of
    another kind, the error (of err's class, naming the file) saying what kind and which
    command reads it."""
    found = file_kind(path)
    if found is None or found in wanted:
        return err
    file = err.file or str(path)
    return type(err)(wrong_kind(found, wanted[0], file), file=file)
