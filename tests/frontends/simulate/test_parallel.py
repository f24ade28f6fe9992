"""Chunked simulation: the same figures for any --jobs or a Dask cluster, --records, the
progress bar, compare --plot, and (opt-in, slow) bounded memory on long runs.

Every run goes through a subprocess (`python -m interpreter.cli.main ...`) so that process pools
and cluster clients never fork the pytest process, and exit codes and stderr are the real ones.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from checkout import ROOT
from helpers import cli, cli_environment

from interpreter.cli.progress import ProgressBar
from interpreter.simulate.chunks import game_seed

TIMING = ("seconds", "games_per_second")


def without_timing(text: str) -> str:
    """A --json line with the timing keys removed, re-dumped canonically for comparison."""
    data = json.loads(text)
    for key in TIMING:
        data.pop(key)
    return json.dumps(data, sort_keys=True)


def simulate_json(ruleset, *extra, games=210, seed=7, bots="eager") -> str:
    """A single-hand `simulate --json` run, timing aside; fails the test on a non-zero exit."""
    result = cli("simulate", ruleset, "--games", games, "--seed", seed, "--bots", bots,
                 "--option", "hands=1", "--json", *extra)
    assert result.returncode == 0, result.stderr
    return without_timing(result.stdout)


def free_port() -> int:
    """A TCP port nothing listens on (bound, read and released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --- 1. results do not depend on --jobs -------------------------------------------------------

# 210 games: two full chunks and a partial one, so the split is uneven.
@pytest.mark.parametrize("ruleset, bots", [
    ("classic", "eager"),
    ("mario_kart", "heuristic"),
    ("classic+house/stacking", "eager"),
])
def test_one_and_two_jobs_give_identical_json(ruleset, bots):
    one = simulate_json(ruleset, "--jobs", 1, bots=bots)
    two = simulate_json(ruleset, "--jobs", 2, bots=bots)
    assert one == two
    summary = json.loads(one)
    assert summary["games"] == 210 and sum(summary["wins"]) == 210


# --- 2. a real Dask cluster -------------------------------------------------------------------

def stop(processes) -> None:
    """Terminate each process's whole group (a worker's nanny has a child), then reap it."""
    for process in processes:
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    deadline = time.monotonic() + 10
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
        try:  # whatever is left of the group (the nanny's worker included) goes for good
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def dask_cluster(tmp_path_factory):
    """A scheduler and two one-thread worker processes on 127.0.0.1; yields its address."""
    distributed = pytest.importorskip("distributed")
    logs = tmp_path_factory.mktemp("dask")
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = cli_environment()
    commands = [
        [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
         "--port", str(port), "--no-dashboard"],
    ] + [
        [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nworkers", "1",
         "--nthreads", "1", "--no-dashboard", "--memory-limit", "0",
         "--local-directory", str(logs / f"worker{n}")]
        for n in range(2)
    ]
    processes = []
    try:
        for n, command in enumerate(commands):
            log = open(logs / f"process{n}.log", "w")  # a file, not a pipe that could fill up
            with log:
                processes.append(subprocess.Popen(command, cwd=ROOT, env=env, stdout=log,
                                                  stderr=subprocess.STDOUT,
                                                  start_new_session=True))
        with distributed.Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        stop(processes)


def test_a_dask_cluster_gives_the_same_json_and_records_as_one_job(dask_cluster, tmp_path):
    local, remote = tmp_path / "local.csv", tmp_path / "cluster.csv"
    alone = simulate_json("classic", "--jobs", 1, "--records", local)
    clustered = simulate_json("classic", "--scheduler", dask_cluster, "--records", remote)
    assert clustered == alone
    assert remote.read_bytes() == local.read_bytes()


@pytest.mark.slow  # 5-6 s: opt-in (-m slow) to keep the default suite near 5 minutes
def test_an_unreachable_scheduler_exits_2_with_a_clear_message():
    address = f"tcp://127.0.0.1:{free_port()}"  # closed: nothing listens there
    result = cli("simulate", "classic", "--games", 120, "--bots", "eager", "--option", "hands=1",
                 "--scheduler", address, "--json", timeout=90)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("error: ") and "scheduler" in result.stderr
    assert address in result.stderr
    assert result.stdout == ""


# --- 3. --records -----------------------------------------------------------------------------

GAMES = 150  # not a multiple of the chunk size
HEADER = ["game", "seed", "winner", "hands", "turns", "points",
          "score_0", "score_1", "score_2", "score_3"]


def simulate_with_records(path: Path, jobs: int, seed: int = 11) -> dict:
    """Run with --records PATH and --json; gives the summary (timing aside)."""
    return json.loads(simulate_json("classic", "--jobs", jobs, "--records", path,
                                    games=GAMES, seed=seed, bots="eager"))


def check_rows(rows: list, summary: dict, seed: int = 11) -> None:
    """One row per game, in game order, with each game's seed; the winners add up to `wins`."""
    assert [row["game"] for row in rows] == list(range(GAMES))
    assert [row["seed"] for row in rows] == [game_seed(seed, index) for index in range(GAMES)]
    assert all(row["hands"] == 1 for row in rows)
    counts = Counter(row["winner"] for row in rows)
    assert [counts[seat] for seat in range(summary["players"])] == summary["wins"]


def test_csv_records_one_row_per_game_in_order_and_the_same_with_two_jobs(tmp_path):
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    summary = simulate_with_records(one, jobs=1)
    with one.open(newline="") as handle:
        table = list(csv.reader(handle))
    assert table[0] == HEADER
    assert all(len(line) == len(HEADER) for line in table)
    rows = [{key: int(value) for key, value in zip(HEADER, line)} for line in table[1:]]
    check_rows(rows, summary)
    assert simulate_with_records(two, jobs=2) == summary
    assert two.read_bytes() == one.read_bytes()


def test_jsonl_records_one_row_per_game_in_order_and_the_same_with_two_jobs(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    summary = simulate_with_records(one, jobs=1)
    rows = [json.loads(line) for line in one.read_text().splitlines()]
    check_rows(rows, summary)
    assert all(len(row["scores"]) == summary["players"] for row in rows)
    assert simulate_with_records(two, jobs=2) == summary
    assert two.read_bytes() == one.read_bytes()


def test_records_with_another_extension_exit_2(tmp_path):
    target = tmp_path / "out.txt"
    result = cli("simulate", "classic", "--games", 10, "--bots", "eager", "--option", "hands=1",
                 "--records", target)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "error:" in result.stderr and "out.txt" in result.stderr
    assert not target.exists()


# --- 4. the progress bar ----------------------------------------------------------------------

def test_the_progress_bar_stays_quiet_for_runs_under_a_second():
    stream = io.StringIO()
    bar = ProgressBar(stream=stream)
    bar(100, 1000, 0.2)
    bar(500, 1000, 0.99)
    bar.close()
    assert stream.getvalue() == ""


def test_the_progress_bar_shows_rate_and_eta_after_a_second_and_ends_its_line():
    stream = io.StringIO()
    bar = ProgressBar(stream=stream, width=10)
    bar(100, 1000, 0.5)
    assert stream.getvalue() == ""
    bar(500, 1000, 2.0)  # 250 games/s, 500 left: 2 s to go
    shown = stream.getvalue()
    assert shown.startswith("\r[#####-----]")
    assert "500/1000 games" in shown and "250/s" in shown and "ETA 2s" in shown
    assert "\n" not in shown
    bar(1000, 1000, 0.5)  # once shown, it keeps updating (whatever the clock says)
    assert "1000/1000 games" in stream.getvalue() and "[##########]" in stream.getvalue()
    bar.close()
    assert stream.getvalue().endswith("\n") and stream.getvalue().count("\n") == 1


def test_the_cli_shows_no_progress_bar_when_stderr_is_not_a_terminal():
    result = cli("simulate", "classic", "--games", 120, "--bots", "eager", "--option", "hands=1",
                 "--jobs", 2)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "wins per seat" in result.stdout


# --- 5. compare --plot ------------------------------------------------------------------------

def test_compare_writes_a_png_and_its_json_does_not_depend_on_jobs(tmp_path):
    pytest.importorskip("matplotlib")
    picture = tmp_path / "out.png"
    args = ["compare", "classic", "classic+house/stacking", "--games", 120, "--seed", 5,
            "--bots", "eager", "--json"]
    two = cli(*args, "--jobs", 2, "--plot", picture)
    assert two.returncode == 0, two.stderr
    assert picture.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    report = json.loads(two.stdout)
    assert report["games"] == 120
    assert report["b"]["options"]["stacking"] is True
    assert set(report["measures"]) == {"turns_per_hand", "first_seat_win_rate",
                                       "points_per_hand"}
    one = cli(*args, "--jobs", 1)
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout) == report


# --- 6. memory (opt-in: pytest -m slow) -------------------------------------------------------

@pytest.mark.slow
def test_a_long_run_on_two_jobs_stays_under_300_mb(tmp_path):
    # A fresh interpreter runs the CLI and reports RUSAGE_CHILDREN's peak, so that processes
    # this pytest session started earlier (the Dask workers, say) do not count.
    command = [sys.executable, "-m", "interpreter.cli.main", "simulate", "classic", "--games",
               "20000", "--jobs", "2", "--bots", "eager", "--option", "hands=1", "--json",
               "--records", str(tmp_path / "rows.jsonl")]
    probe = ("import resource, subprocess, sys\n"
             f"code = subprocess.run({command!r}, stdout=subprocess.DEVNULL).returncode\n"
             "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=cli_environment(),
                            capture_output=True, text=True, timeout=600)
    code, peak_kb = map(int, result.stdout.split())
    assert code == 0, result.stderr
    assert peak_kb < 300 * 1024, f"peak RSS {peak_kb / 1024:.0f} MB"
    assert sum(1 for _ in (tmp_path / "rows.jsonl").open()) == 20000
