"""Hostile saved games and game logs through the real command line: each is refused cleanly.

Saves (`play --save`, `resume`) and logs (`simulate --log`, `play --log`, `replay`) are
untrusted input, like rulesets. Every case below writes a file to a temporary folder (most
of them a good save or log with one thing changed) and runs `python -m interpreter.cli.main
resume FILE` or `replay FILE` in a child process, as a user would, and checks:

* exit status 2, within 2 s (start-up included), no Python traceback anywhere;
* exactly one `error:` line, first on stderr, naming the file (for a log also the line,
  `FILE:LINE`) and saying what was expected.

A save that is well-formed but does not fit its game (an answer that is not legal there)
is refused the same way; a log that replays differently still exits 1 (DIFFERS).
Last, a ruleset with a colourless kind named `draw`: its card "draw" and the answer "draw"
were written alike (format 1), so replay and resume gave a different game.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import jsonschema
import pytest
from checkout import ROOT as REPO
from child_process import child_seconds

from interpreter.cli.main import main
from interpreter.engine import game as engine
from interpreter.engine.cards import Card, Kind
from interpreter.engine.decisions import DRAW
from interpreter.loading.untrusted import predicate, validator
from interpreter.playing.agents import RandomAgent
from interpreter.playing.gamelog import (
    LOG_FORMAT,
    NEXT_HAND,
    decode,
    encode,
    log_files,
    replay,
)
from interpreter.playing.session import SaveError, Session
from interpreter.simulate.runs import run

MEMORY_LIMIT = 1 << 30  # 1 GiB of address space for the child
TIME_LIMIT = 2.0  # CPU seconds for a refused case, run in this process
HANG_TIMEOUT = 15  # a child still running after this is killed: the case hangs

DRAW_CARD_RULESET = """\
extends: classic
name: drawcard
title: A card named draw
kinds:
  draw:
    points: 30
    text: A colourless card called draw; it does nothing.
deck:
  - {kind: number, colors: all, ranks: [1, 2, 3, 4, 5], copies: 2}
  - {kind: draw, copies: 12}
"""


def limit_memory() -> None:
    """In the child, before exec: at most MEMORY_LIMIT bytes of address space."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_cli(args: list, stdin: str = "", cwd: Path = REPO) -> tuple:
    """(exit status, stdout, stderr, CPU seconds) of the real command line in a child process;
    standard input is `stdin` and then its end (a resumed game quits there)."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    start = child_seconds()
    try:
        done = subprocess.run([sys.executable, "-m", "interpreter.cli.main", *map(str, args)],
                              cwd=cwd, env=env, input=stdin, capture_output=True, text=True,
                              errors="replace", timeout=HANG_TIMEOUT, preexec_fn=limit_memory)
    except subprocess.TimeoutExpired:
        done = None  # killed; fail outside the handler, without the chained exception
    if done is None:
        pytest.fail(f"hangs: `{' '.join(map(str, args))}` was still running after "
                    f"{HANG_TIMEOUT} s", pytrace=False)
    return done.returncode, done.stdout, done.stderr, child_seconds() - start


def run_in_process(args: list) -> tuple:
    """`run_cli`, in this process: the same `main` and exit status, without the second or so
    a child process spends importing (the table below has over a hundred cases)."""
    out, err = io.StringIO(), io.StringIO()
    start = time.process_time()
    previous = signal.signal(signal.SIGALRM, lambda *_: pytest.fail(
        f"hangs: `{' '.join(map(str, args))}`", pytrace=False))
    signal.setitimer(signal.ITIMER_REAL, HANG_TIMEOUT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in args])
    except SystemExit as stop:  # argparse
        code = stop.code
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return code, out.getvalue(), err.getvalue(), time.process_time() - start


# --- a good save and a good log, to spoil --------------------------------------------------

@dataclass
class Good:
    save: dict  # a saved two-player game of classic, 30 answers in
    log: list  # the rows of a logged single-hand game of classic
    finished: dict  # a saved game played to the end of its (single-hand) match


def played(answers: int | None, seed: int = 3) -> Session:
    """A two-player classic session (single hand) after `answers` answers (None: to the end),
    the person's seat answered by a random agent."""
    session = Session("classic", {"hands": 1}, 2, 0, "heuristic", seed)
    person = RandomAgent(seed)
    while session.game.decision is not None and (answers is None or len(session.answers) < answers):
        decision = session.game.decision
        seat = decision.seat if decision.seat is not None else decision.open_to[0]
        agent = session.bots[seat] or person
        offered = decision if decision.seat is not None else decision.offer(seat)
        session.apply(agent.decide(session.game, offered))
    return session


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Good:
    folder = tmp_path_factory.mktemp("good")
    run("classic", {"hands": 1}, games=1, seed=5, bots="eager", jobs=1, log_dir=folder)
    (path,) = log_files([folder])
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    # As JSON has them (a random state is a tuple in memory, a list in the file).
    save = json.loads(json.dumps(played(30).to_json()))
    finished = json.loads(json.dumps(played(None).to_json()))
    assert len(rows) > 20 and any("card" in str(row.get("answer")) for row in rows)
    return Good(save=save, log=rows, finished=finished)


# --- how a case makes its file ---------------------------------------------------------------

Build = Callable[[Path, Good], Path]


def save_edit(change: Callable[[dict], object]) -> Build:
    """The good save with `change` applied to its data (what it returns is ignored)."""
    def build(tmp: Path, good: Good) -> Path:
        data = copy.deepcopy(good.save)
        change(data)
        path = tmp / "game.json"
        path.write_text(json.dumps(data))
        return path
    return build


def save_set(**values) -> Build:
    return save_edit(lambda data: data.update(values))


def save_without(key: str) -> Build:
    return save_edit(lambda data: drop(data, key))


def drop(data: dict, key: str) -> None:
    """`data` without `key` (a change that replaces nothing)."""
    del data[key]


def save_text(text) -> Build:
    """A save file holding exactly `text` (str or bytes); `@TMP@` is the temporary folder."""
    def build(tmp: Path, good: Good) -> Path:
        path = tmp / "game.json"
        raw = text if isinstance(text, bytes) else text.replace("@TMP@", str(tmp)).encode()
        path.write_bytes(raw)
        return path
    return build


def log_edit(line: int, change: Callable[[dict], object]) -> Build:
    """The good log with row `line` (1: the header, -1: the last row) changed by `change`
    (it edits the row; what it returns is ignored)."""
    def build(tmp: Path, good: Good) -> Path:
        rows = copy.deepcopy(good.log)
        change(rows[line - 1 if line > 0 else line])
        return write_log(tmp, [json.dumps(row) for row in rows])
    return build


def log_replace(line: int, text: str) -> Build:
    """The good log with row `line` replaced by the raw line `text`."""
    def build(tmp: Path, good: Good) -> Path:
        texts = [json.dumps(row) for row in good.log]
        texts[line - 1] = text
        return write_log(tmp, texts)
    return build


def write_log(tmp: Path, texts: list) -> Path:
    path = tmp / "game.jsonl"
    path.write_text("".join(text + "\n" for text in texts))
    return path


def log_header(**values) -> Build:
    return log_edit(1, lambda row: row.update(values))


def log_header_without(key: str) -> Build:
    return log_edit(1, lambda row: drop(row, key))


def log_row(line: int, **values) -> Build:
    return log_edit(line, lambda row: row.update(values))


def log_insert(line: int, text: str) -> Build:
    """The good log with the raw line `text` inserted so that it is line `line`."""
    def build(tmp: Path, good: Good) -> Path:
        texts = [json.dumps(row) for row in good.log]
        texts.insert(line - 1, text)
        return write_log(tmp, texts)
    return build


def log_text(text) -> Build:
    def build(tmp: Path, good: Good) -> Path:
        path = tmp / "game.jsonl"
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        return path
    return build


def symlink_loop(name: str) -> Build:
    """`name` is a symbolic link to a link back to it."""
    def build(tmp: Path, good: Good) -> Path:
        (tmp / name).symlink_to(tmp / f"other-{name}")
        (tmp / f"other-{name}").symlink_to(tmp / name)
        return tmp / name
    return build


def a_directory(name: str) -> Build:
    def build(tmp: Path, good: Good) -> Path:
        (tmp / name).mkdir()
        return tmp / name
    return build


def a_fifo(name: str) -> Build:
    def build(tmp: Path, good: Good) -> Path:
        os.mkfifo(tmp / name)  # nobody ever writes to it: opening it to read would block
        return tmp / name
    return build


def sparse(name: str, size: int = 1 << 30) -> Build:
    """A file of `size` bytes (1 GB) that takes no disk: `truncate -s 1G`."""
    def build(tmp: Path, good: Good) -> Path:
        with open(tmp / name, "wb") as out:
            out.truncate(size)
        return tmp / name
    return build


def device_link(name: str) -> Build:
    """A link to /dev/zero: endless, never to be read."""
    def build(tmp: Path, good: Good) -> Path:
        (tmp / name).symlink_to("/dev/zero")
        return tmp / name
    return build


def in_folder(inner: Build) -> Build:
    """`inner`'s file (named *.jsonl) inside a folder; the folder is what is replayed."""
    def build(tmp: Path, good: Good) -> Path:
        folder = tmp / "logs"
        folder.mkdir()
        inner(folder, good)
        return folder
    return build


def save_ruleset(make: Callable[[Path], str]) -> Build:
    """The good save whose ruleset reference is `make(tmp)`."""
    def build(tmp: Path, good: Good) -> Path:
        return save_set(ruleset=make(tmp))(tmp, good)
    return build


def log_ruleset(make: Callable[[Path], str]) -> Build:
    def build(tmp: Path, good: Good) -> Path:
        return log_header(ruleset=make(tmp))(tmp, good)
    return build


def loop_ruleset(tmp: Path) -> str:
    (tmp / "loop.yaml").symlink_to(tmp / "loop2.yaml")
    (tmp / "loop2.yaml").symlink_to(tmp / "loop.yaml")
    return str(tmp / "loop.yaml")


def dir_ruleset(tmp: Path) -> str:
    (tmp / "rules.yaml").mkdir()
    return str(tmp / "rules.yaml")


def finished_save(change: Callable[[dict], object]) -> Build:
    """The save of a finished match, with `change` applied."""
    def build(tmp: Path, good: Good) -> Path:
        data = copy.deepcopy(good.finished)
        change(data)
        path = tmp / "game.json"
        path.write_text(json.dumps(data))
        return path
    return build


def first_answer_where(kind: str, change: Callable[[dict, int], None]) -> Build:
    """The good log with the first decision of `kind` changed by change(row, index)."""
    def build(tmp: Path, good: Good) -> Path:
        line = next(i for i, row in enumerate(good.log, 1) if row.get("kind") == kind)
        return log_edit(line, lambda row: change(row, line))(tmp, good)
    return build


# --- the cases -------------------------------------------------------------------------------

@dataclass
class Case:
    id: str
    command: str  # resume or replay
    build: Build
    problem: str  # regex the error line must match (case-insensitive)
    line: int | None = None  # a log's line the error must give (FILE:LINE)
    named: str | None = None  # the file the error must name, if not the one given


def resume(id_, build, problem, named=None) -> Case:
    return Case(id_, "resume", build, problem, named=named)


def replay_case(id_, build, problem, line=None, named=None) -> Case:
    return Case(id_, "replay", build, problem, line, named)


HEADER_KEYS = ("ruleset", "digest", "options", "players", "seed")
SAVE_KEYS = HEADER_KEYS + ("format", "seat", "bots", "answers")

CASES = [
    # --- a save: what the file is ------------------------------------------------------
    resume("save-not-json", save_text("{not json"), r"cannot read the saved game: not JSON"),
    resume("save-empty", save_text(""), r"not JSON"),
    resume("save-a-list", save_text("[1, 2]"), r"not a houserules saved game"),
    resume("save-not-utf8", save_text(b'{"format": 1, "ruleset": "\xff\xfe"}'), r"not UTF-8"),
    resume("save-nested-100000-deep", save_text("[" * 100_000), r"nest too deeply"),
    resume("save-nested-40-deep", save_edit(lambda d: d.update(
        options={"x": json.loads("[" * 40 + "]" * 40)})), r"nest too deeply"),
    resume("save-nan", save_text('{"format": 1, "seed": NaN}'), r"NaN is not a JSON number"),
    resume("save-infinity", save_text('{"format": 1, "seed": -Infinity}'), r"Infinity"),
    resume("save-key-twice", save_text('{"format": 1, "format": 1}'), r"'format' is given twice"),
    resume("save-5000-digit-number", save_text('{"format": 1, "seed": ' + "9" * 5000 + "}"),
           r"digits|limit"),
    resume("save-1GB-sparse", sparse("game.json"), r"1,073,741,824 bytes.*at most 10,000,000"),
    resume("save-just-over-the-cap", sparse("game.json", 10_000_001), r"at most 10,000,000"),
    resume("save-fifo", a_fifo("game.json"), r"FIFO.*not a regular file"),
    resume("save-directory", a_directory("game.json"), r"a directory, not a regular file"),
    resume("save-symlink-loop", symlink_loop("game.json"), r"symbolic links"),
    resume("save-dev-zero", device_link("game.json"), r"a device, not a regular file"),
    resume("save-missing", lambda tmp, good: tmp / "none.json", r"No such file"),
    # --- a save: the header ------------------------------------------------------------
    *[resume(f"save-without-{key}", save_without(key),
             r"not a houserules saved game" if key == "format" else
             rf"\$\.{key}: missing") for key in SAVE_KEYS],
    resume("save-format-true", save_set(format=True), r"\$\.format: expected .*got true"),
    resume("save-format-string", save_set(format="1"), r"\$\.format: .*got the string '1'"),
    resume("save-format-float", save_set(format=1.0), r"\$\.format: .*got the number 1\.0"),
    resume("save-format-future", save_set(format=3), r"\$\.format: expected .*1 or 2.*got 3"),
    resume("save-players-string", save_set(players="3"),
           r"\$\.players: expected .*whole number from 2 to 100, got the string '3'"),
    resume("save-players-float", save_set(players=2.0), r"\$\.players: .*got the number 2\.0"),
    resume("save-players-huge", save_set(players=10**6), r"\$\.players: .*from 2 to 100"),
    resume("save-players-too-many-for-the-ruleset", save_set(players=50), r"2 to 10|players"),
    resume("save-seed-list", save_set(seed=[1]), r"\$\.seed: expected .*got a list of 1 item"),
    resume("save-seed-huge", save_set(seed=10**50), r"\$\.seed: .*40 digits.*51 digits"),
    resume("save-seed-true", save_set(seed=True), r"\$\.seed: .*got true"),
    resume("save-options-string", save_set(options="x"), r"\$\.options: .*got the string 'x'"),
    resume("save-options-unknown", save_set(options={"nope": 1}), r"no option 'nope'"),
    resume("save-options-wrong-type", save_set(options={"hands": "many"}), r"option hands"),
    resume("save-options-huge-number", save_set(options={"hands": 10**20}),
           r"\$\.options\.hands: .*2\*\*53"),
    resume("save-options-list", save_set(options={"hands": [1]}), r"\$\.options\.hands"),
    resume("save-seat-negative", save_set(seat=-1), r"\$\.seat: .*from 0 to 99, got -1"),
    resume("save-seat-not-at-the-table", save_set(seat=5), r"\$\.seat: .*0 to 1.*got 5"),
    resume("save-bots-unknown", save_set(bots="evil"), r"\$\.bots: .*heuristic.*random"),
    resume("save-digest-number", save_set(digest=5), r"\$\.digest: .*got 5"),
    resume("save-digest-changed", save_set(digest="0" * 16), r"\$\.digest: .*has changed"),
    resume("save-unknown-key", save_set(cheat=True), r"\$\.cheat: unknown key 'cheat'"),
    # --- a save: its ruleset reference -------------------------------------------------
    resume("save-ruleset-list", save_set(ruleset=["classic"]), r"\$\.ruleset: .*got a list"),
    resume("save-ruleset-empty", save_set(ruleset=""), r"\$\.ruleset: .*got the string ''"),
    resume("save-ruleset-300-characters", save_set(ruleset="x" * 300),
           r"no ruleset named"),
    resume("save-ruleset-300-character-path", save_set(ruleset="/" + "x" * 299 + ".yaml"),
           r"cannot be set up again.*(too long|cannot)"),
    resume("save-ruleset-5000-characters", save_set(ruleset="x" * 5000),
           r"\$\.ruleset: .*4096 characters, got a string of 5,000 characters"),
    resume("save-ruleset-symlink-loop", save_ruleset(loop_ruleset),
           r"\$\.ruleset: cannot use the ruleset '.*loop\.yaml': Too many levels of symbolic "
           r"links"),
    resume("save-ruleset-directory", save_ruleset(dir_ruleset),
           r"cannot be set up again.*not a regular file"),
    resume("save-ruleset-fifo", save_ruleset(lambda tmp: os.mkfifo(tmp / "r.yaml")
                                             or str(tmp / "r.yaml")), r"not a regular file"),
    # --- a save: its answers -----------------------------------------------------------
    resume("save-answers-object", save_set(answers={"a": 1}), r"\$\.answers: .*got an object"),
    resume("save-answer-wrong-shape", save_edit(lambda d: d["answers"].insert(0, [1, 2])),
           r"\$\.answers\[0\]: expected an answer"),
    resume("save-answer-card-list", save_edit(lambda d: d["answers"].__setitem__(0, {"card": [1]})),
           r"\$\.answers\[0\]"),
    resume("save-answer-long-string", save_edit(lambda d: d["answers"].insert(0, "x" * 10_000)),
           r"\$\.answers\[0\]: .*10,000 characters"),
    resume("save-answer-seat-past-bounds", save_edit(lambda d: d["answers"].insert(0, 10**9)),
           r"\$\.answers\[0\]"),
    resume("save-answer-not-held", save_edit(lambda d: d["answers"].__setitem__(
        0, {"card": "no such card"})), r"answer 1: .*not a legal answer to this play decision"),
    resume("save-answer-true-at-a-play", save_edit(lambda d: d["answers"].__setitem__(0, True)),
           r"answer 1: true is not a legal answer"),
    resume("save-answer-seat-at-a-play", save_edit(lambda d: d["answers"].__setitem__(0, 1)),
           r"answer 1: 1 is not a legal answer"),
    resume("save-next-hand-mid-hand", save_edit(lambda d: d["answers"].insert(3, NEXT_HAND)),
           r"answer 4: the next hand is dealt, but the hand is still being played"),
    resume("save-next-hand-false",
           save_edit(lambda d: d["answers"].insert(3, {"next_hand": False})),
           r"\$\.answers\[3\]"),
    resume("save-answer-after-the-match", finished_save(lambda d: d["answers"].append("draw")),
           r"the game asks nothing here \(the match is over\)"),
    resume("save-next-hand-after-the-match",
           finished_save(lambda d: d["answers"].append(NEXT_HAND)),
           r"the next hand is dealt, but the match is over"),
    # --- a save: the bots' random states -----------------------------------------------
    resume("save-random-states-short", save_edit(lambda d: d["bot_random_states"].pop()),
           r"\$\.bot_random_states: expected 2 random states"),
    resume("save-random-state-for-the-person", save_edit(
        lambda d: d["bot_random_states"].__setitem__(0, d["bot_random_states"][1])),
        r"\$\.bot_random_states\[0\]: expected null"),
    resume("save-random-state-missing-for-a-bot", save_edit(
        lambda d: d["bot_random_states"].__setitem__(1, None)),
        r"\$\.bot_random_states\[1\]: expected the random state"),
    resume("save-random-state-past-bounds", save_edit(
        lambda d: d["bot_random_states"][1][1].__setitem__(5, 2**40)),
        r"\$\.bot_random_states\[1\]"),
    resume("save-random-state-position", save_edit(
        lambda d: d["bot_random_states"][1][1].__setitem__(624, 700)),
        r"\$\.bot_random_states\[1\]: not a random state"),
    resume("save-random-state-version", save_edit(
        lambda d: d["bot_random_states"][1].__setitem__(0, 2)), r"\$\.bot_random_states\[1\]"),
    # --- a log: what the file is -------------------------------------------------------
    replay_case("log-not-json", log_insert(3, "not json"), r"not JSON", line=3),
    replay_case("log-empty-file", log_text(""), r"the file is empty", line=1),
    replay_case("log-blank-line", log_insert(4, ""), r"an empty line", line=4),
    replay_case("log-not-utf8", log_text(b'{"format": 2}\n{"step": "\xff"}\n'), r"not UTF-8",
                line=2),
    replay_case("log-nested-50000-deep", log_insert(3, "[" * 50_000), r"nest too deeply",
                line=3),
    replay_case("log-nested-100000-deep", log_insert(3, "[" * 100_000),
                r"longer than 64,000 bytes", line=3),  # too long a row to be parsed at all
    replay_case("log-nested-40-deep", log_row(3, answer=json.loads("[" * 40 + "]" * 40)),
                r"nest too deeply", line=3),
    replay_case("log-nan", log_insert(2, '{"step": NaN}'), r"NaN", line=2),
    replay_case("log-key-twice", log_insert(2, '{"step": 1, "step": 1}'), r"given twice",
                line=2),
    replay_case("log-1GB-sparse", sparse("game.jsonl"), r"1,073,741,824 bytes.*50,000,000"),
    replay_case("log-fifo", a_fifo("game.jsonl"), r"FIFO.*not a regular file"),
    replay_case("log-fifo-in-a-folder", in_folder(a_fifo("game.jsonl")), r"FIFO",
                named="game.jsonl"),
    replay_case("log-directory-in-a-folder", in_folder(a_directory("game.jsonl")),
                r"a directory, not a regular file", named="game.jsonl"),
    replay_case("log-symlink-loop", symlink_loop("game.jsonl"), r"symbolic links"),
    replay_case("log-dev-zero", device_link("game.jsonl"), r"a device"),
    # --- a log: the header -------------------------------------------------------------
    replay_case("log-header-a-list", lambda tmp, good: log_replace(1, json.dumps([good.log[0]]))(
        tmp, good),
                r"not a houserules game log", line=1),
    replay_case("log-without-format", log_header_without("format"),
                r"not a houserules game log", line=1),
    *[replay_case(f"log-without-{key}", log_header_without(key), rf"\$\.{key}: missing", line=1)
      for key in HEADER_KEYS],
    replay_case("log-format-true", log_header(format=True), r"\$\.format: .*got true", line=1),
    replay_case("log-players-string", log_header(players="3"),
                r"\$\.players: .*got the string '3'", line=1),
    replay_case("log-players-huge", log_header(players=1000), r"\$\.players", line=1),
    replay_case("log-players-too-many-for-the-ruleset", log_header(players=50),
                r"cannot be set up again", line=1),
    replay_case("log-seed-list", log_header(seed=[1]), r"\$\.seed: .*got a list", line=1),
    replay_case("log-seed-huge", log_header(seed=-10**45), r"\$\.seed", line=1),
    replay_case("log-options-string", log_header(options="x"), r"\$\.options: .*string 'x'",
                line=1),
    replay_case("log-options-unknown", log_header(options={"nope": True}), r"no option 'nope'",
                line=1),
    replay_case("log-bots-number", log_header(bots=7), r"\$\.bots", line=1),
    replay_case("log-unknown-header-key", log_header(extra=1), r"unknown key 'extra'", line=1),
    replay_case("log-digest-changed", log_header(digest="0" * 16), r"has changed", line=1),
    replay_case("log-ruleset-list", log_header(ruleset=["classic"]), r"\$\.ruleset: .*list",
                line=1),
    replay_case("log-ruleset-300-characters", log_header(ruleset="x" * 300),
                r"no ruleset named", line=1),
    replay_case("log-ruleset-5000-characters", log_header(ruleset="y" * 5000),
                r"\$\.ruleset: .*4096", line=1),
    replay_case("log-ruleset-symlink-loop", log_ruleset(loop_ruleset),
                r"\$\.ruleset: cannot use the ruleset .*symbolic links", line=1),
    replay_case("log-ruleset-directory", log_ruleset(dir_ruleset), r"not a regular file",
                line=1),
    # --- a log: its rows ---------------------------------------------------------------
    replay_case("log-row-a-list", log_replace(3, "[1, 2]"),
                r"expected an answered decision.*got a list", line=3),
    replay_case("log-row-a-string", log_replace(3, '"step"'), r"got the string", line=3),
    replay_case("log-row-null", log_replace(3, "null"), r"got null", line=3),
    replay_case("log-step-string", log_row(2, step="1"), r"\$\.step: .*string '1'", line=2),
    replay_case("log-step-skipped", log_row(3, step=3), r"expected step 2, .*step 3", line=3),
    replay_case("log-step-past-bounds", log_row(2, step=10**12), r"\$\.step", line=2),
    replay_case("log-kind-number", log_row(2, kind=5), r"\$\.kind: .*got 5", line=2),
    replay_case("log-seat-string", log_row(2, seat="0"), r"\$\.seat: .*string '0'", line=2),
    replay_case("log-seat-past-bounds", log_row(2, seat=1000), r"\$\.seat", line=2),
    replay_case("log-answer-nested", log_row(2, answer={"card": {"card": "red 1"}}),
                r"\$\.answer", line=2),
    replay_case("log-answer-unknown-object", log_row(2, answer={"cards": "red 1"}),
                r"\$\.answer", line=2),
    replay_case("log-row-missing-answer", log_edit(2, lambda row: drop(row, "answer")),
                r"\$\.answer: missing", line=2),
    replay_case("log-row-unknown-key", log_row(2, extra=1), r"unknown key 'extra'", line=2),
    replay_case("log-second-header", log_insert(2, json.dumps({"format": 2})),
                r"\$\.(step|format)", line=2),
    replay_case("log-next-hand-false", log_insert(2, '{"next_hand": false}'),
                r"\$\.next_hand", line=2),
    replay_case("log-end-scores-string", log_edit(-1, lambda row: row["end"].update(scores="x")),
                r"\$\.end\.scores", line=None),
    replay_case("log-end-without-hands", log_edit(-1, lambda row: drop(row["end"], "hands")),
                r"\$\.end\.hands: missing", line=None),
    replay_case("log-row-after-the-end", lambda tmp, good: log_insert(
        len(good.log) + 1, json.dumps({"next_hand": True}))(tmp, good),
        r"nothing may follow the end state", line=None),
]


def check_refused(case: Case, path: Path, code: int, out: str, err: str, seconds: float,
                  line: int | None) -> None:
    def check(ok: bool, why: str) -> None:
        if not ok:
            tail = lambda text: "\n".join(text.rstrip().splitlines()[-8:])  # noqa: E731
            pytest.fail(f"{why}\nexit {code} after {seconds:.2f} s\n--- stdout (end) ---\n"
                        f"{tail(out)}\n--- stderr (end) ---\n{tail(err)}", pytrace=False)

    check("Traceback" not in err and "Traceback" not in out, "crashed with a traceback")
    check(code == 2, f"exit status {code}, expected 2")
    check(seconds < TIME_LIMIT, f"too slow: {seconds:.2f} s (limit {TIME_LIMIT} s)")
    errors = [text for text in err.splitlines() if text.startswith("error:")]
    check(len(errors) == 1, f"{len(errors)} `error:` lines on stderr, expected 1")
    check(err.splitlines()[0] == errors[0], "stderr does not start with the error")
    message = errors[0]
    named = str(path if case.named is None else path / case.named)
    check(message.startswith(f"error: {named}"), f"the message does not name {named}")
    if line is not None:
        check(re.match(rf"error: {re.escape(named)}:{line}(:\d+)?: ", message) is not None,
              f"the message does not say line {line}")
    check(re.search(case.problem, message, re.I) is not None,
          f"the message does not say {case.problem!r}")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hostile_save_or_log_is_refused_cleanly(case: Case, good: Good, tmp_path: Path):
    path = case.build(tmp_path, good)
    line = case.line
    if case.id.startswith("log-end") or case.id == "log-row-after-the-end":
        line = len(path.read_text().splitlines())
    code, out, err, seconds = run_in_process([case.command, path])
    check_refused(case, path, code, out, err, seconds, line)


def test_every_case_id_is_unique():
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids))


# --- well-formed, but not the game -------------------------------------------------------------

def test_a_log_whose_answer_is_changed_still_differs_and_exits_1(good, tmp_path):
    def change(row, line):
        row["answer"] = {"card": "no such card"}
    path = first_answer_where("play", change)(tmp_path, good)
    code, out, err, _ = run_cli(["replay", path])
    assert code == 1, err
    assert re.search(r"DIFFERS .*line \d+ \(step 1\): the logged answer .*not a legal option", out)
    assert "Traceback" not in err


def test_a_log_that_deals_mid_hand_differs(good, tmp_path):
    path = log_insert(3, json.dumps(NEXT_HAND))(tmp_path, good)
    code, out, err, _ = run_cli(["replay", path])
    assert code == 1 and "line 3: the log deals the next hand, but" in out, out + err


def test_the_good_save_and_log_are_taken(good, tmp_path):
    """The fixtures themselves are fine: what the cases spoil is what they change."""
    save = save_edit(lambda data: None)(tmp_path, good)
    code, out, err, _ = run_cli(["resume", save])
    assert code == 0 and "Classic UNO: you are seat 0 of 2." in out, err
    finished = finished_save(lambda data: None)(tmp_path, good)
    assert Session.load(finished).game.over
    log = log_edit(1, lambda row: None)(tmp_path, good)
    code, out, err, _ = run_cli(["replay", log])
    assert code == 0 and "1 replayed the same, 0 differ" in out, out + err


def test_a_save_whose_cards_are_not_conserved_is_refused(good, tmp_path, monkeypatch):
    """Replaying a save checks the invariants at the end of each hand and after the last
    answer: were a card to go missing on the way (here a hand loses one), the save is
    refused, never resumed."""
    path = save_edit(lambda data: None)(tmp_path, good)
    original = Session.apply

    def losing_a_card(self, answer):
        original(self, answer)
        if len(self.answers) == 5:
            self.game.hands[1].pop()
    monkeypatch.setattr(Session, "apply", losing_a_card)
    with pytest.raises(SaveError, match=r"answer \d+: the game broke: invariant broken: .*cards"):
        Session.load(path)


# --- the schemas' fast predicates agree with jsonschema ----------------------------------------

def spoiled(value):
    """Values near `value` that a schema may or may not take."""
    yield from (None, True, 0, 1, -1, 2.0, 10**50, "", "x", "x" * 600, [], [value], {},
                {"card": "red 1"}, {"next_hand": True}, {"card": "x", "id": True})
    if isinstance(value, dict):
        for key in list(value):
            yield {k: v for k, v in value.items() if k != key}
            for other in spoiled_leaf(value[key]):
                yield {**value, key: other}
        yield {**value, "extra": 1}


def spoiled_leaf(value):
    yield from (None, True, False, 0, 3, -1, 1.0, 2.5, 10**50, "", "3", "x" * 5000, [], [1], {},
                {"card": "red 1"}, {"card": "red 1", "kind": "number", "id": 3},
                {"card": "red 1", "extra": 1}, {"next_hand": True}, {"next_hand": 1})
    if isinstance(value, list) and value:
        yield value[:-1]
        yield value + value
        yield [spoiled_leaf_first(value[0])] + value[1:]
    if isinstance(value, dict):
        for key in value:
            yield {**value, key: "x"}


def spoiled_leaf_first(value):
    return "x" if not isinstance(value, str) else 1


def test_the_fast_schema_predicates_never_take_what_jsonschema_refuses(good):
    cases = [("save", None, good.save), ("save", None, good.finished)]
    cases += [("log", "header", good.log[0])]
    cases += [("log", "end" if "end" in row else "next_hand" if "next_hand" in row else
               "decision", row) for row in good.log[1:]]
    checked = 0
    for name, definition, value in cases:
        fast, slow = predicate(name, definition), validator(name, definition)
        assert fast(value) and slow.is_valid(value), (name, definition, value)
        for other in spoiled(value):
            assert fast(other) == slow.is_valid(other), (name, definition, other)
            checked += 1
    assert checked > 1000


def test_the_schemas_are_valid_json_schemas():
    for name in ("save", "log"):
        schema = json.loads((REPO / "schema" / f"{name}.schema.json").read_text())
        jsonschema.Draft202012Validator.check_schema(schema)


# --- a card named "draw" is not the answer "draw" ----------------------------------------------

def test_a_card_and_a_word_are_encoded_apart():
    nothing = Kind("draw", "", None, "", None, (), (), ())
    rules_card = Card(0, "draw", None, "draw", 30, 0, {}, nothing)
    other = Card(1, "other", None, "draw", 30, 0, {}, nothing)
    options = (rules_card, DRAW)
    assert encode(rules_card, options) == {"card": "draw"}
    assert encode(DRAW, options) == "draw"
    assert decode({"card": "draw"}, options) is rules_card
    assert decode("draw", options) == DRAW
    # Two faces of one name: the kind tells them apart, and is written only then.
    assert encode(rules_card, (rules_card, other, DRAW)) == {"card": "draw", "kind": "draw"}
    assert decode({"card": "draw", "kind": "other"}, (rules_card, other)) is other
    assert decode({"card": "draw"}, (rules_card, other)) is None  # ambiguous: not taken
    # Format 1 wrote a card as its bare name: still read, when no other option is meant.
    assert decode("draw", (rules_card,), version=1) is rules_card
    assert decode("draw", (rules_card, DRAW), version=1) == DRAW
    assert decode("draw", (rules_card,), version=2) is None
    assert decode(True, (1, None)) is None and decode(1, (True, 1)) == 1


@pytest.fixture
def draw_ruleset(tmp_path) -> Path:
    path = tmp_path / "drawcard.yaml"
    path.write_text(DRAW_CARD_RULESET)
    return path


def test_a_simulation_with_a_card_named_draw_replays_the_same(draw_ruleset, tmp_path):
    logs = tmp_path / "logs"
    code, out, err, _ = run_cli(["simulate", draw_ruleset, "--games", "20", "--players", "2",
                                 "--bots", "random", "--option", "hands=1", "--jobs", "1",
                                 "--log", logs])
    assert code == 0, err
    rows = [json.loads(line) for path in log_files([logs])
            for line in path.read_text().splitlines()]
    assert rows[0]["format"] == LOG_FORMAT == 2
    answers = [row["answer"] for row in rows if row.get("kind") == "play"]
    assert {"card": "draw"} in answers and "draw" in answers, "both kinds of draw were logged"
    code, out, err, _ = run_cli(["replay", logs])
    assert code == 0 and "20 replayed the same, 0 differ" in out, out + err


def test_a_played_game_with_a_card_named_draw_resumes_the_same(draw_ruleset, tmp_path):
    """The person draws (`d`) while holding a playable card named "draw", over and over;
    resuming the save shows the very table the game stopped at."""
    save = tmp_path / "game.json"
    typed = "d\nn\n" * 12  # draw; do not play the drawn card (a `n` at a move is asked again)
    code, out, err, _ = run_cli(["play", draw_ruleset, "--players", "2", "--seed", "4",
                                 "--option", "hands=1", "--bots", "random", "--save", save],
                                stdin=typed, cwd=tmp_path)
    assert code == 0 and "Traceback" not in err, err
    # Each hand shown, its wrapped lines (indented under the first) joined.
    held = re.findall(r"^Your hand: .*(?:\n {11}.*)*", out, re.MULTILINE)
    assert any(re.search(r"\) draw\*", line) for line in held[:-1]), "drew holding a draw"
    assert out.count("You drew") >= 5
    stopped_at = last_table(out)

    code, resumed, err, _ = run_cli(["resume", save], cwd=tmp_path)
    assert code == 0 and "Traceback" not in err, err
    assert first_table(resumed) == stopped_at


def table_blocks(text: str) -> list:
    """Each table shown: from its `Top:` line to its `Your hand:` line."""
    blocks, current = [], None
    for line in text.splitlines():
        if line.startswith("Top:"):
            current = [line]
        elif current is not None:
            current.append(line)
            if line.startswith("Your hand:"):
                blocks.append(current)
                current = None
    return blocks


def last_table(text: str) -> list:
    return table_blocks(text)[-1]


def first_table(text: str) -> list:
    return table_blocks(text)[0]


def state(session: Session) -> tuple:
    game = session.game
    names = lambda cards: [c.name for c in cards]  # noqa: E731
    return ([names(h) for h in game.hands], names(game.stock), names(game.discard), game.color,
            game.scores, game.decision and (game.decision.kind, game.decision.seat,
                                            [str(o) for o in game.decision.options]))


@pytest.mark.slow  # 5-6 s: opt-in (-m slow) to keep the default suite near 5 minutes
def test_an_in_process_game_with_a_card_named_draw_saves_and_loads_the_same(draw_ruleset, tmp_path):
    """Random answers for every seat, the person's included, so that "draw" is answered
    while a card named draw is an option; after every few answers the save loads to the
    same state."""
    collisions = games = 0
    for seed in range(40):
        session = Session(str(draw_ruleset), {"hands": 1}, 2, 0, "random", seed)
        person = random.Random(seed)
        while session.game.decision is not None:
            decision = session.game.decision
            options = decision.options if decision.seat is not None else (None, decision.open_to[0])
            answer = person.choice(options)
            if answer == DRAW and any(isinstance(o, Card) and o.name == "draw" for o in options):
                collisions += 1
            session.apply(answer)
            if len(session.answers) % 7 == 0 or session.game.decision is None:
                session.save(tmp_path / "game.json")
                assert state(Session.load(tmp_path / "game.json")) == state(session)
        games += 1
        if collisions >= 5 and games >= 3:
            break
    assert collisions >= 5


def test_a_format_1_log_and_save_are_still_read(good, tmp_path):
    """Format 1 wrote cards as bare names; such files are read as before."""
    def bare(answer):
        return answer["card"] if isinstance(answer, dict) and "card" in answer else answer

    rows = copy.deepcopy(good.log)
    rows[0]["format"] = 1
    for row in rows[1:]:
        if "answer" in row:
            row["answer"] = bare(row["answer"])
    log = tmp_path / "old.jsonl"
    log.write_text("".join(json.dumps(row) + "\n" for row in rows))
    assert replay(log).same

    data = copy.deepcopy(good.save)
    data["format"] = 1
    data["answers"] = [bare(answer) for answer in data["answers"]]
    save = tmp_path / "old.json"
    save.write_text(json.dumps(data))
    assert state(Session.load(save)) == state(Session.load(
        save_edit(lambda d: None)(tmp_path, good)))


def test_replay_of_a_folder_without_logs_is_an_error(tmp_path):
    from interpreter.cli.main import main
    assert main(["replay", str(tmp_path)]) == 2


# --- big files: refused (or replayed) in time, in bounded memory --------------------------------
# A log may be 50 MB and a save 10 MB: each is read, checked and replayed as it goes, so the
# first bad row or answer ends the work there, a long genuine game is not checked for every
# card at every answer, and memory does not grow with a log's rows.

BIG_TIME_LIMIT = 3.5  # CPU seconds for the whole child, start-up included
BIG_MEMORY_LIMIT_MB = 300

BIG_DECK_RULESET = """\
extends: classic
name: bigdeck
title: Twenty thousand cards
deck:
  - {kind: number, colors: all, ranks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 0], copies: 500}
"""


# The command line, as `python -m interpreter.cli.main` runs it, writing its peak memory (VmHWM:
# the process's own, after exec; ru_maxrss would count the forked test process) to a file.
MEASURED_CLI = """\
import atexit, os, sys
def peak():
    with open("/proc/self/status") as status:
        found = [line.split()[1] for line in status if line.startswith("VmHWM:")]
    with open(os.environ["HOUSERULES_TEST_PEAK"], "w") as out:
        out.write(found[0] if found else "0")
atexit.register(peak)
from interpreter.cli.main import main
sys.exit(main())
"""


def run_measured(args: list, cwd: Path, stdin: str = "") -> tuple:
    """run_cli, and the child's peak memory in MB (its largest resident set)."""
    with tempfile.TemporaryDirectory() as scratch:
        peak_file = Path(scratch) / "peak"
        env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1",
               "HOUSERULES_TEST_PEAK": str(peak_file)}
        start = child_seconds()
        try:
            done = subprocess.run([sys.executable, "-c", MEASURED_CLI, *map(str, args)],
                                  cwd=cwd, env=env, input=stdin, capture_output=True, text=True,
                                  errors="replace", timeout=HANG_TIMEOUT,
                                  preexec_fn=limit_memory)
        except subprocess.TimeoutExpired:
            done = None  # killed; fail outside the handler, without the chained exception
        if done is None:
            pytest.fail(f"hangs: `{' '.join(map(str, args))}` was still running after "
                        f"{HANG_TIMEOUT} s", pytrace=False)
        seconds = child_seconds() - start
        peak = int(peak_file.read_text()) / 1024 if peak_file.exists() else float("inf")
    return done.returncode, done.stdout, done.stderr, seconds, peak


def check_big(args: list, cwd: Path, code: int, stdin: str = "", error: str | None = None,
              line: int | None = None) -> str:
    """Run `args` on a big file: exit status `code` within BIG_TIME_LIMIT and
    BIG_MEMORY_LIMIT_MB, no traceback; for `error`, exactly one `error: FILE[:LINE]: ...` line,
    first on stderr, matching it. Its standard output."""
    status, out, err, seconds, peak = run_measured(args, cwd, stdin)
    summary = f"exit {status} after {seconds:.2f} s, {peak:.0f} MB\n{err[-2000:]}"
    assert "Traceback" not in err + out, summary
    assert status == code, summary
    assert seconds < BIG_TIME_LIMIT, "too slow: " + summary
    assert peak < BIG_MEMORY_LIMIT_MB, "too much memory: " + summary
    if error is not None:
        errors = [text for text in err.splitlines() if text.startswith("error:")]
        assert len(errors) == 1 and err.splitlines()[0] == errors[0], summary
        place = re.escape(str(args[-1])) + (f":{line}" if line is not None else "")
        assert re.match(rf"error: {place}: .*{error}", errors[0]), summary
    return out


@pytest.fixture(scope="module")
def big_game(tmp_path_factory) -> Path:
    """A folder with a ruleset of 20,000 cards and a genuine two-player game of it, played to
    the target score and stopped after 1,500 answers: its save (game.json) and log
    (game.jsonl). Checking every card at every answer took 8 s to resume it."""
    folder = tmp_path_factory.mktemp("big")
    (folder / "big.yaml").write_text(BIG_DECK_RULESET)
    with pytest.MonkeyPatch.context() as patch:
        # Not the tests' check of every card at every step (seconds here): resume checks the
        # game, in the child.
        patch.setattr(engine, "DEBUG_CHECK", None)
        session = Session(str(folder / "big.yaml"), {"hands": 0}, 2, 0, "heuristic", 3)
    session.start_log(folder / "game.jsonl")
    person = RandomAgent(3)
    while len(session.answers) < 1_500 and not session.game.over:
        decision = session.game.decision
        if decision is None:
            session.next_hand()
            continue
        seat = decision.seat if decision.seat is not None else decision.open_to[0]
        offered = decision if decision.seat is not None else decision.offer(seat)
        session.apply((session.bots[seat] or person).decide(session.game, offered))
    session.close_log()
    assert len(session.answers) == 1_500 and len(session.game.ruleset.deck) == 20_000
    (folder / "game.json").write_text(json.dumps(session.to_json()))
    return folder


def test_a_long_game_of_a_20000_card_deck_resumes_in_time(big_game, tmp_path):
    save = tmp_path / "game.json"
    save.write_text((big_game / "game.json").read_text())  # resume saves it again
    out = check_big(["resume", save], big_game, 0, stdin="q\n")
    assert "you are seat 0 of 2" in out


def test_a_long_game_of_a_20000_card_deck_replays_in_time(big_game):
    out = check_big(["replay", "game.jsonl"], big_game, 0)
    assert "1 replayed the same, 0 differ" in out


def test_a_long_game_with_its_first_answer_changed_is_refused_at_once(big_game, tmp_path):
    data = json.loads((big_game / "game.json").read_text())
    data["answers"][0] = {"card": "no such card"}
    (tmp_path / "game.json").write_text(json.dumps(data))
    check_big(["resume", "game.json"], tmp_path, 2, error=r"\$\.answers\[0\]: answer 1: .*not a "
              "legal answer")


def big_log(tmp: Path, good: Good, rows: str) -> Path:
    """A log of the good header and then `rows` (text)."""
    path = tmp / "game.jsonl"
    path.write_text(json.dumps(good.log[0]) + "\n" + rows)
    return path


ROW = '{"step": %d, "kind": "play", "seat": 0, "answer": "draw"}\n'


@pytest.mark.slow
def test_a_50_mb_log_of_rows_that_do_not_fit_differs_at_once(good, tmp_path):
    rows = "".join(ROW % step for step in range(1, 760_000))
    assert big_log(tmp_path, good, rows).stat().st_size > 45_000_000
    out = check_big(["replay", "game.jsonl"], tmp_path, 1)
    assert re.search(r"DIFFERS .*line \d+ \(step \d+\)", out), out


def test_a_big_log_is_read_a_line_at_a_time(good, tmp_path):
    """400,000 rows: only the first ones are ever replayed, and memory does not grow with
    the rest (holding every row took 300 MB for a 40 MB log)."""
    big_log(tmp_path, good, "".join(ROW % step for step in range(1, 400_000)))
    out = check_big(["replay", "game.jsonl"], tmp_path, 1)
    assert "DIFFERS" in out


@pytest.mark.parametrize("rows, error, line", [
    ("\n" * 40_000_000, r"an empty line", 2),
    ('{"next_hand": true}\n' * 2_000_000, None, None),
    (None, r"expected step 2, the row says step 1", 3),  # the first decision, again and again
    ("".join(ROW % step for step in range(1, 100_000)) + '{"step": "\xff"}\n', None, None),
], ids=["blank-lines", "next-hands", "steps-repeated", "many-rows-then-a-bad-one"])
def test_a_log_of_millions_of_rows_is_refused_or_differs_at_once(good, tmp_path, rows, error,
                                                                  line):
    big_log(tmp_path, good, rows or (json.dumps(good.log[1]) + "\n") * 600_000)
    check_big(["replay", "game.jsonl"], tmp_path, 2 if error else 1, error=error, line=line)


def test_a_log_that_is_not_utf8_at_its_end_is_refused_before_replaying(good, tmp_path):
    path = big_log(tmp_path, good, ROW % 1 * 800_000)
    with path.open("ab") as out:
        out.write(b'{"step": "\xff"}\n')
    check_big(["replay", "game.jsonl"], tmp_path, 2, error="not UTF-8", line=800_002)


@pytest.mark.parametrize("make, error, line", [
    # 40 MB of keys: refused after reading 64 KB of it, never parsed.
    (lambda header: header + "{" + ", ".join([", ".join(f'"k{i}": {i}' for i in range(1_000))]
                                             * 2_000) + "}\n",
     r"this line is longer than 64,000 bytes", 2),
    (lambda header: header + json.dumps({f"k{i}": i for i in range(3_000)}) + "\n",
     r"an object has 3,000 keys; at most 1,000", 2),
    (lambda header: header[:-2] + ', "more": ' + json.dumps(
        {f"k{i}": i for i in range(150_000)}) + "}\n", r"an object has 150,000 keys", 1),
    (lambda header: header[:-2] + ', "more": "' + "x" * 4_000_000 + '"}\n',
     r"longer than 4,000,000 bytes", 1),
], ids=["row-40-mb", "row-3000-keys", "header-150000-keys", "header-4-mb"])
def test_a_wide_row_is_refused_cheaply(good, tmp_path, make, error, line):
    (tmp_path / "game.jsonl").write_text(make(json.dumps(good.log[0]) + "\n"))
    check_big(["replay", "game.jsonl"], tmp_path, 2, error=error, line=line)


@pytest.mark.parametrize("answers, error", [
    ('{"card": "x"}, ' * 600_000, r"more than 500,000 lists and objects"),
    ("{}," * 3_000_000, r"more than 500,000 lists and objects"),
    ('{"card": "x"}, ' * 400_000, r"\$\.answers\[0\]: answer 1: .*not a legal answer"),
    ('"draw", ' * 1_000_000, r"\$\.answers\[\d+\]: answer \d+: "),
    ('[[[[[[]]]]]], ' * 100_000, r"more than 500,000 lists and objects"),
], ids=["600000-cards", "3000000-objects", "400000-cards", "1000000-draws", "nested-lists"])
def test_a_save_of_a_million_answers_is_refused_at_once(good, tmp_path, answers, error):
    text = json.dumps({**good.save, "answers": []}).replace(
        '"answers": []', '"answers": [' + answers.rstrip(", ") + "]")
    (tmp_path / "game.json").write_text(text)
    check_big(["resume", "game.json"], tmp_path, 2, error=error)
