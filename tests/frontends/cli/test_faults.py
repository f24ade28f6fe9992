"""Faults are reported, not thrown (issue 15, item 4): outputs that cannot be written, a full
disk, a killed worker process, a bad or empty Dask cluster, runs too big for memory, absurd
numbers. Each ends in one `error:` line and exit status 2 (or, where it can be mended, is
mended and noted), never a traceback.

The command line runs in a subprocess (`python -m interpreter.cli.main ...`), so that exit codes
and stderr are the real ones and no process pool forks pytest. Arguments refused before any
work (a bad place for an output, an absurd number, a bad scheduler address) are tried in this
process (`cli_here`), which spares a second of start-up each. A full disk is imitated in
this process, by making a write fail.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from checkout import ROOT
from child_process import interruptible
from helpers import cli, cli_environment

import interpreter
import interpreter.cli.main
import interpreter.cli.output_paths
import interpreter.playing.session
from interpreter.cli.main import main
from interpreter.errors import HouserulesError
from interpreter.playing import gamelog
from interpreter.playing.session import Session
from interpreter.simulate import cluster, workers
from interpreter.simulate.chunks import CHUNK, WINDOW, RunError, chunks, game_seed
from interpreter.simulate.workers import MOST_CHUNKS_A_BATCH, batch_size, in_processes

simulate = importlib.import_module("interpreter.simulate.runs")  # the package has a simulate() too
ROOT_USER = hasattr(os, "geteuid") and os.geteuid() == 0  # whom chmod does not stop
QUICK = ["--bots", "eager", "--option", "hands=1"]


def one_error(stderr: str, *words: str) -> str:
    """The one line of stderr that says `error:` (argparse adds its usage above it); it
    must hold every word given. No traceback anywhere."""
    assert "Traceback" not in stderr, stderr
    errors = [line for line in stderr.splitlines() if "error:" in line]
    assert len(errors) == 1, stderr
    for word in words:
        assert word in errors[0], (word, errors[0])
    return errors[0]


def cli_here(*argv) -> subprocess.CompletedProcess:
    """The command line run in this process, for arguments it refuses before any work: its
    exit status (argparse's own exits too), stdout and stderr, as `cli` gives them."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(arg) for arg in argv])
        except SystemExit as exit_:
            code = exit_.code
    return subprocess.CompletedProcess(list(argv), code, out.getvalue(), err.getvalue())


def refused(result: subprocess.CompletedProcess, *words: str) -> str:
    """Exit 2, nothing on stdout (no game started, no summary), one error line."""
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert result.stdout == "", result.stdout
    return one_error(result.stderr, *words)


def without_timing(text: str) -> dict:
    data = json.loads(text)
    data.pop("seconds")
    data.pop("games_per_second")
    return data


# --- 1. every output path is checked before any work -----------------------------------------

def places(tmp: Path) -> dict:
    """Bad places for an output, each with what the message must say about it."""
    (tmp / "a_file").write_text("not a folder\n")
    (tmp / "a_folder").mkdir()
    return {
        "missing folder": (tmp / "no_such_folder" / "out", "does not exist"),
        "under a file": (tmp / "a_file" / "out", "is not a folder"),  # fails for root too
        "a folder": (tmp / "a_folder", "is a folder"),
    }


# (command before the flag, flag, the file's extension). --log of simulate is a folder: below.
FILE_OUTPUTS = {
    "simulate --records": (["simulate", "classic", "--games", 5, *QUICK], "--records", ".csv"),
    "play --save": (["play", "classic", "--seed", 1], "--save", ".json"),
    "play --log": (["play", "classic", "--seed", 1], "--log", ".jsonl"),
    "compare --plot": (["compare", "classic", "classic", "--games", 5, "--bots", "eager"],
                       "--plot", ".png"),
}


@pytest.mark.parametrize("place", ["missing folder", "under a file", "a folder"])
@pytest.mark.parametrize("output", list(FILE_OUTPUTS))
def test_an_output_file_that_cannot_be_written_is_refused_before_any_work(tmp_path, output,
                                                                          place):
    if output == "compare --plot":
        pytest.importorskip("matplotlib")
    command, flag, extension = FILE_OUTPUTS[output]
    path, what = places(tmp_path)[place]
    if place != "a folder":
        path = path.with_suffix(extension)
    before = sorted(tmp_path.rglob("*"))
    result = cli_here(*command, flag, path)
    line = refused(result, flag, str(path), what)
    assert line.startswith("error: ")
    assert sorted(tmp_path.rglob("*")) == before, "nothing was written anywhere"


@pytest.mark.parametrize("place, what", [
    ("a_file", "is a file, not a folder"),
    ("a_file/logs", "is not a folder"),
])
def test_a_log_folder_that_cannot_be_made_is_refused_before_any_work(tmp_path, place, what):
    (tmp_path / "a_file").write_text("not a folder\n")
    result = cli_here("simulate", "classic", "--games", 5, *QUICK, "--log", tmp_path / place)
    refused(result, "--log", str(tmp_path / place), what)
    assert (tmp_path / "a_file").read_text() == "not a folder\n"


def test_a_missing_log_folder_is_made(tmp_path):
    logs = tmp_path / "new" / "logs"
    result = cli("simulate", "classic", "--games", 3, *QUICK, "--log", logs, "--json")
    assert result.returncode == 0, result.stderr
    assert len(list(logs.glob("game-*.jsonl"))) == 3


READ_ONLY = {
    "simulate --records": (["simulate", "classic", "--games", 5, *QUICK, "--records"], "out.csv"),
    "simulate --log": (["simulate", "classic", "--games", 5, *QUICK, "--log"], "logs"),
    "play --save": (["play", "classic", "--seed", 1, "--save"], "game.json"),
    "play --log": (["play", "classic", "--seed", 1, "--log"], "game.jsonl"),
    "compare --plot": (["compare", "classic", "classic", "--games", 5, "--plot"], "out.png"),
}


@pytest.mark.skipif(ROOT_USER, reason="root writes in a read-only folder: chmod cannot stop it")
@pytest.mark.parametrize("output", list(READ_ONLY))
def test_an_output_in_a_read_only_folder_is_refused_before_any_work(tmp_path, output):
    if output == "compare --plot":
        pytest.importorskip("matplotlib")
    command, name = READ_ONLY[output]
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        result = cli_here(*command, locked / name)
        refused(result, str(locked / name), "cannot write in the folder", "ermission denied")
        assert list(locked.iterdir()) == []
    finally:
        locked.chmod(0o700)


@pytest.mark.parametrize("output", list(READ_ONLY))
def test_a_folder_that_takes_no_new_file_is_refused_for_root_too(tmp_path, monkeypatch, capsys,
                                                                 output):
    # What a read-only folder does to anyone but root, imitated in this process: the check
    # makes (and removes) a file there, and that fails.
    if output == "compare --plot":
        pytest.importorskip("matplotlib")
    command, name = READ_ONLY[output]

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(interpreter.cli.output_paths.tempfile, "mkstemp", refuse)
    out = io.StringIO()
    code = main([*map(str, command), str(tmp_path / name)], out=out)
    assert code == 2 and out.getvalue() == ""
    one_error(capsys.readouterr().err, str(tmp_path / name),
              f"cannot write in the folder {tmp_path}: Permission denied")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(ROOT_USER, reason="root writes in a read-only folder: chmod cannot stop it")
def test_resume_refuses_a_game_whose_folder_has_become_read_only(tmp_path):
    save = tmp_path / "locked" / "game.json"
    save.parent.mkdir()
    session = Session("classic", {}, 2, 0, "heuristic", 5)
    session.save(save)
    save.parent.chmod(0o500)
    try:
        result = cli("resume", save)
        refused(result, "resume", str(save), "cannot write in the folder")
    finally:
        save.parent.chmod(0o700)


def test_a_picture_of_a_kind_matplotlib_cannot_draw_is_refused_before_any_work(tmp_path):
    pytest.importorskip("matplotlib")
    start = time.monotonic()
    result = cli_here("compare", "classic", "classic", "--games", 100000, "--plot",
                      tmp_path / "out.docx")
    refused(result, "--plot", "out.docx", ".docx", ".png")
    assert time.monotonic() - start < 30, "refused before 2 x 100,000 hands were played"


# --- 2. a full disk in the middle of a run -----------------------------------------------------

def no_space(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


class HalfThenNoSpace(io.TextIOWrapper):
    """A file that takes the first 40 characters written to it, then finds the disk full."""

    def write(self, text):
        super().write(text[:40])
        no_space()


def half_then_no_space(handle, mode="r", *args, **kwargs):
    return HalfThenNoSpace(io.FileIO(handle, mode))


@pytest.mark.parametrize("where", ["write", "fsync", "rename"])
def test_a_save_that_fails_keeps_the_last_good_save_removes_its_temp_file_and_says_so(
        tmp_path, monkeypatch, where):
    path = tmp_path / "game.json"
    session = Session("classic", {}, 2, 0, "heuristic", 5)
    session.save(path)
    good = path.read_bytes()
    session.apply(session.game.decision.options[-1])  # the game moves on...
    target, name, fault = {"write": (interpreter.playing.session.os, "fdopen", half_then_no_space),
                           "fsync": (interpreter.playing.session.os, "fsync", no_space),
                           "rename": (interpreter.playing.session.os, "replace", no_space)}[where]
    with monkeypatch.context() as patch:
        patch.setattr(target, name, fault)
        with pytest.raises(HouserulesError) as caught:
            session.save(path)  # ...and its save meets a full disk
    message = str(caught.value)
    assert message.startswith(f"{path}: cannot save the game: No space left on device")
    assert "still holds the game as it was before this action" in message
    assert f"houserules resume {path}" in message
    assert path.read_bytes() == good
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "no temporary file is left"
    Session.load(path)  # the last good save still resumes


def test_a_first_save_that_fails_leaves_nothing_and_says_so(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    session = Session("classic", {}, 2, 0, "heuristic", 5)
    monkeypatch.setattr(interpreter.playing.session.os, "fsync", no_space)
    with pytest.raises(HouserulesError, match="nothing was saved"):
        session.save(path)
    assert list(tmp_path.iterdir()) == []


def test_play_stops_with_one_error_when_its_save_fails_and_the_last_save_resumes(
        tmp_path, monkeypatch, capsys):
    path = tmp_path / "game.json"
    saves = []
    real = interpreter.playing.session.os.fsync

    def full_at_the_third(fd):
        saves.append(fd)
        if len(saves) == 3:
            no_space()
        real(fd)

    monkeypatch.setattr(interpreter.playing.session.os, "fsync", full_at_the_third)
    monkeypatch.setattr(sys, "stdin", io.StringIO("d\n" * 200))
    code = main(["play", "classic", "--players", "2", "--seed", "3", "--save", str(path)],
                out=io.StringIO())
    monkeypatch.setattr(interpreter.playing.session.os, "fsync", real)
    err = capsys.readouterr().err
    assert code == 2
    line = one_error(err, str(path), "No space left on device", "still holds the game")
    assert line.startswith("error: ")
    assert len(json.loads(path.read_text())["answers"]) >= 1
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    Session.load(path)


def test_records_that_meet_a_full_disk_stop_the_run_and_keep_the_file_from_before(
        tmp_path, monkeypatch, capsys):
    path = tmp_path / "rows.csv"
    path.write_text("the rows of an earlier run\n")
    written = []
    real = simulate.RecordWriter.write

    class FullDisk:
        """The records file, once the disk is full."""

        def __init__(self, out):
            self.out = out

        def write(self, text):
            no_space()

        def close(self):
            self.out.close()

    def write_then_fail(self, rows):
        written.append(len(rows))
        if len(written) == 2:
            self.out = FullDisk(self.out)
            self.csv = simulate.csv.writer(self.out)
        real(self, rows)

    monkeypatch.setattr(simulate.RecordWriter, "write", write_then_fail)
    code = main(["simulate", "classic", "--games", "500", *QUICK, "--jobs", "1", "--records",
                 str(path)], out=io.StringIO())
    assert code == 2
    one_error(capsys.readouterr().err, "rows.csv", "No space left on device", "stopped",
              "the file from before is kept")
    assert path.read_text() == "the rows of an earlier run\n"
    assert [p.name for p in tmp_path.iterdir()] == ["rows.csv"], "the .part file is removed"


def test_a_game_log_that_meets_a_full_disk_stops_the_run(tmp_path, monkeypatch, capsys):
    lines = []
    real = gamelog.LogWriter.line

    def line_then_fail(self, data):
        lines.append(data)
        if len(lines) == 50:
            no_space()
        real(self, data)

    monkeypatch.setattr(gamelog.LogWriter, "line", line_then_fail)
    code = main(["simulate", "classic", "--games", "20", *QUICK, "--jobs", "1", "--log",
                 str(tmp_path / "logs")], out=io.StringIO())
    assert code == 2
    one_error(capsys.readouterr().err, "cannot write the game log", str(tmp_path / "logs"),
              "No space left on device")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_to_a_full_disk_is_one_error():
    with open("/dev/full", "w") as full:
        result = cli("simulate", "classic", "--games", 3, *QUICK, "--json", stdout=full)
    assert result.returncode == 2
    one_error(result.stderr, "cannot write the output", "No space left on device")


# --- 3. a worker process that dies ------------------------------------------------------------

def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def run_killing_workers(argv: list, every_time: bool) -> tuple[subprocess.CompletedProcess, int]:
    """Run the CLI and SIGKILL one of its worker processes once (or every one, as they come)
    after the first second; gives the outcome and how many were killed."""
    process = subprocess.Popen([sys.executable, "-m", "interpreter.cli.main", *map(str, argv)],
                               cwd=ROOT, env=cli_environment(), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    started, killed = time.monotonic(), 0
    try:
        while process.poll() is None and time.monotonic() - started < 120:
            if time.monotonic() - started > 1.0 and (every_time or not killed):
                for worker in children(process.pid)[:1]:
                    try:
                        os.kill(worker, signal.SIGKILL)
                        killed += 1
                    except ProcessLookupError:
                        pass
            time.sleep(0.05)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return subprocess.CompletedProcess(argv, process.returncode, out, err), killed


@pytest.mark.slow  # 5-6 s: opt-in (-m slow) to keep the default suite near 5 minutes
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the workers in /proc")
def test_a_killed_worker_s_chunks_are_played_again_and_the_figures_do_not_change():
    argv = ["simulate", "classic", "--games", 6000, "--seed", 3, *QUICK, "--json"]
    result, killed = run_killing_workers([*argv, "--jobs", 2], every_time=False)
    assert killed == 1, "the run ended before a worker could be killed: make it longer"
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    notes = result.stderr.strip().splitlines()
    assert len(notes) == 1 and notes[0].startswith("note: a worker process died")
    assert "played again" in notes[0]
    alone = cli(*argv, "--jobs", 1)
    assert alone.returncode == 0, alone.stderr
    assert without_timing(result.stdout) == without_timing(alone.stdout)


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="finds the workers in /proc")
def test_a_chunk_whose_worker_dies_again_when_played_alone_is_reported():
    result, killed = run_killing_workers(["simulate", "classic", "--games", 6000, *QUICK,
                                          "--jobs", 2], every_time=True)
    assert killed >= 2
    refused(result, "a worker process died playing games", "chunk", "died again", "stopped")


class FakePool:
    """A process pool, in this process, whose 'process' dies when it is handed a batch with a
    chunk starting at one of `deadly` (each start's count says how many times): that future
    and every later one of the pool fail with BrokenProcessPool, as a real pool's do."""

    made: list = []

    def __init__(self, deadly: dict, max_workers: int, initializer=None):
        self.deadly, self.broken, self.futures = deadly, False, []
        FakePool.made.append(max_workers)  # the initializer is not run: it is for workers

    def submit(self, fn, batch):
        if self.broken:
            raise BrokenProcessPool("a child process terminated abruptly")
        future = Future()
        deadly = [chunk.start for chunk in batch if self.deadly.get(chunk.start, 0) > 0]
        if deadly:
            self.deadly[deadly[0]] -= 1
            self.broken = True
            future.set_exception(BrokenProcessPool("a child process terminated abruptly"))
        else:
            future.set_result(fn(batch))
        self.futures.append(future)
        return future

    def shutdown(self, wait=True, cancel_futures=False):
        pass


def small_run(games=1000):
    return chunks("classic", {"hands": "1"}, None, games, 4, 9, "eager", True)


class Games:
    """Stands in for a chunk's summary in the fake pool: the (start, stop) of the chunks it
    holds, merged as summaries are."""

    def __init__(self, start, stop):
        self.spans = [(start, stop)]

    def merge(self, other):
        self.spans += other.spans


def which_games(chunk):
    """Stands in for play_chunk in the fake pool: a chunk's "result" is the games it holds
    (that the same chunk plays the same games anywhere, the killed-worker test shows)."""
    return Games(chunk.start, chunk.stop), []


def spans(results):
    """The chunks' (start, stop), in the order the results of their batches came."""
    return [span for games, _ in results for span in games.spans]


@pytest.fixture
def fake_play(monkeypatch):
    monkeypatch.setattr(workers, "play_chunk", which_games)


def in_fake_processes(deadly: dict, jobs=2, notes=None):
    FakePool.made = []
    return list(in_processes(small_run(), jobs,
                             lambda **kw: FakePool(deadly, **kw),
                             notify=(notes.append if notes is not None else None)))


def test_a_chunk_lost_once_is_played_alone_and_every_chunk_comes_once_in_order(fake_play):
    notes = []
    assert spans(in_fake_processes({300: 1}, notes=notes)) == [(n, n + CHUNK)
                                                               for n in range(0, 1000, CHUNK)]
    assert 1 in FakePool.made, "the lost chunk was played again in a process of its own"
    assert len(notes) == 1 and "among games 300 to" in notes[0]


def test_a_chunk_lost_in_a_batch_of_many_is_played_alone_and_the_rest_come_once_in_order(
        fake_play):
    notes = []
    FakePool.made, deadly = [], {15000: 1}
    results = list(in_processes(small_run(20000), 2, lambda **kw: FakePool(deadly, **kw),
                                notify=notes.append))
    assert spans(results) == [(n, n + CHUNK) for n in range(0, 20000, CHUNK)]
    assert FakePool.made.count(1) > 1, "each chunk of the lost batches was played alone"
    assert len(notes) == 1 and "were played again" in notes[0]


@pytest.mark.parametrize("chunks_done, seconds, size", [
    (1, 0.001, MOST_CHUNKS_A_BATCH),  # quick chunks: as many as a batch may hold
    (1, 0.0, MOST_CHUNKS_A_BATCH),  # too quick to time
    (4, 0.1, 4),  # about BATCH_SECONDS already
    (10, 0.5, 2),
    (1, 3.0, 1),  # a slow chunk is a batch of its own
])
def test_a_batch_holds_about_a_tenth_of_a_second_of_chunks(chunks_done, seconds, size):
    assert batch_size(chunks_done, seconds) == size


def test_a_chunk_lost_twice_is_named_exactly(fake_play):
    with pytest.raises(RunError) as caught:
        in_fake_processes({300: 2})
    assert "games 300 to 399 (chunk 4)" in str(caught.value)
    assert "died again" in str(caught.value)


def test_a_rule_error_in_a_chunk_is_not_taken_for_a_lost_worker(monkeypatch):
    def failing(chunk):
        raise HouserulesError("this ruleset made no progress")

    monkeypatch.setattr(workers, "play_chunk", failing)
    with pytest.raises(HouserulesError, match="made no progress") as caught:
        in_fake_processes({})
    assert not isinstance(caught.value, RunError)
    assert FakePool.made == [2], "no pool was made again: nothing was lost"


# --- 4. --scheduler -----------------------------------------------------------------------------

@pytest.mark.parametrize("address", ["garbage", "inproc://", "tls://", "ucx://",
                                     "tls://scheduler.lan:8786", "tcp://", "tcp://host",
                                     "tcp://:8786", "tcp://host:0", "tcp://host:65536",
                                     "tcp://host:port", "host:8786", "tcp://a b:1"])
def test_a_scheduler_address_that_is_not_tcp_host_port_is_refused_up_front(address):
    start = time.monotonic()
    result = cli_here("simulate", "classic", "--games", 10, *QUICK, "--scheduler", address)
    refused(result, "--scheduler", "tcp://HOST:PORT")
    assert time.monotonic() - start < 20


def test_an_address_that_takes_the_connection_and_never_answers_is_given_up(monkeypatch):
    pytest.importorskip("distributed")

    def silent(address, timeout):
        time.sleep(60)  # a daemon thread: it is left behind, asleep

    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 0.2)
    start = time.monotonic()
    with pytest.raises(RunError, match="did not answer as a Dask scheduler does"):
        cluster.connect(silent, "tcp://127.0.0.1:9")
    assert time.monotonic() - start < 5


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def empty_cluster(tmp_path):
    """A Dask scheduler on 127.0.0.1 with no workers; yields its address."""
    distributed = pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{free_port()}"
    with open(tmp_path / "scheduler.log", "w") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
             "--port", address.rsplit(":", 1)[1], "--no-dashboard"],
            cwd=ROOT, env=cli_environment(), stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True)
    try:
        with distributed.Client(address, timeout=60):
            pass
        yield address
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_a_scheduler_without_workers_is_given_up_after_the_worker_timeout(empty_cluster):
    start = time.monotonic()
    result = cli("simulate", "classic", "--games", 120, *QUICK, "--scheduler", empty_cluster,
                 "--worker-timeout", 2, timeout=60)
    refused(result, empty_cluster, "no workers", "2 s", "--worker-timeout")
    assert time.monotonic() - start < 30


# --- 5. memory does not grow with --games ------------------------------------------------------

def tree_memory_kb(pid: int) -> int:
    """Resident memory of a process and all its descendants, in kB (proportional set size
    where the kernel has it, so that pages shared after fork count once)."""
    total = 0
    for each in [pid, *descendants(pid)]:
        try:
            text = Path(f"/proc/{each}/smaps_rollup").read_text()
            key = "Pss:"
        except OSError:
            try:
                text, key = Path(f"/proc/{each}/status").read_text(), "VmRSS:"
            except OSError:
                continue
        for line in text.splitlines():
            if line.startswith(key):
                total += int(line.split()[1])
                break
    return total


def descendants(pid: int) -> list[int]:
    found = children(pid)
    for child in list(found):
        found.extend(descendants(child))
    return found


@pytest.mark.slow  # 5-6 s: opt-in (-m slow) to keep the default suite near 5 minutes
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads memory from /proc")
def test_ten_billion_games_on_two_jobs_stream_in_flat_memory_and_stop_cleanly(tmp_path):
    # Before, every chunk was made (and submitted) up front: 10^10 games meant 10^8 chunks,
    # about 190 MB after 3 s and a MemoryError later.
    records = tmp_path / "rows.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "interpreter.cli.main", "simulate", "classic", "--games",
         "10000000000", "--jobs", "2", *QUICK, "--records", str(records)],
        cwd=ROOT, env=cli_environment(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=interruptible)
    try:
        peak, start = 0, time.monotonic()
        while time.monotonic() - start < 5:
            assert process.poll() is None, process.communicate()
            peak = max(peak, tree_memory_kb(process.pid))
            time.sleep(0.2)
        assert len(descendants(process.pid)) >= 2, "two workers were playing"
        assert peak < 150 * 1024, f"{peak / 1024:.0f} MB after 5 s"
        os.kill(process.pid, signal.SIGINT)  # Ctrl-C: the parent stops the run and says so
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130
    assert err.strip() == "interrupted"
    assert out == ""
    assert list(tmp_path.iterdir()) == [], "no records and no .part file from a stopped run"


def test_chunks_are_made_one_at_a_time_and_cut_as_they_always_were():
    work = chunks("classic", {}, None, 10 ** 12, 4, 5, "eager", False)
    first = [next(work) for _ in range(3)]  # at once: nothing is made up front
    assert [(c.start, c.stop, c.seed) for c in first] == [(0, CHUNK, 5), (CHUNK, 2 * CHUNK, 5),
                                                           (2 * CHUNK, 3 * CHUNK, 5)]
    cut = [(c.start, c.stop) for c in chunks("classic", {}, None, 250, 4, 5, "eager", False)]
    assert cut == [(0, 100), (100, 200), (200, 250)]
    assert game_seed(5, 150) == 5 * 1_000_003 + 150  # each game's seed: master seed and index


def test_no_more_than_a_few_chunks_per_process_are_in_flight(fake_play):
    taken, in_flight = [], []

    def counted():
        for chunk in small_run(10 ** 12):
            taken.append(chunk)
            yield chunk

    results = in_processes(counted(), 2, lambda **kw: FakePool({}, **kw))
    handed = 0
    while handed < 1000:
        for start, stop in next(results)[0].spans:
            assert (start, stop) == (handed * CHUNK, (handed + 1) * CHUNK)
            handed += 1
        in_flight.append(len(taken) - handed)
    results.close()
    assert max(in_flight) < WINDOW * 2 * MOST_CHUNKS_A_BATCH


# --- 6. absurd numbers -----------------------------------------------------------------------

@pytest.mark.parametrize("argv, words", [
    (["simulate", "classic", "--games", "0"], ["--games", "at least 1"]),
    (["simulate", "classic", "--games", "-5"], ["--games", "at least 1"]),
    (["simulate", "classic", "--games", "10000000000000"], ["--games", "at most"]),
    (["simulate", "classic", "--games", "1" + "0" * 5000], ["--games", "5,001 characters"]),
    (["simulate", "classic", "--games", "lots"], ["--games", "whole number"]),
    (["compare", "classic", "classic", "--games", "10000000000000"], ["--games", "at most"]),
    (["simulate", "classic", "--jobs", "0"], ["--jobs", "at least 1"]),
    (["simulate", "classic", "--jobs", "100000"], ["--jobs", "at most", "per core"]),
    (["compare", "classic", "classic", "--jobs", "100000"], ["--jobs", "at most"]),
    (["simulate", "classic", "--players", "0"], ["--players", "at least 1"]),
    (["simulate", "classic", "--players", "1000000"], ["2 to 10 players", "1000000"]),
    (["compare", "classic", "classic", "--players", "1000000"], ["2 to 10 players"]),
    (["play", "classic", "--players", "1000000"], ["2 to 10 players"]),
    (["play", "classic", "--seat", "1000000"], ["--seat"]),
    (["simulate", "classic", "--seed", "1" + "0" * 5000], ["--seed", "characters"]),
    (["simulate", "classic", "--worker-timeout", "0"], ["--worker-timeout", "0.1 to 86400"]),
    (["simulate", "classic", "--worker-timeout", "nan"], ["--worker-timeout", "0.1 to 86400"]),
    (["simulate", "classic", "--worker-timeout", "soon"], ["--worker-timeout", "seconds"]),
])
def test_absurd_numbers_get_one_clear_message(argv, words):
    result = cli_here(*argv)
    line = refused(result, *words)
    assert len(line) < 300, "an error line quotes a long argument cut short"
