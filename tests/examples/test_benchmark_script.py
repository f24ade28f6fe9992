"""examples/benchmark.py says where it is while it runs (a 30-round run takes minutes), on
stderr only: standard output is the result, which --json makes machine-readable."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from pathlib import Path

import pytest

import interpreter
from checkout import ROOT

SCRIPT = ROOT / "examples" / "benchmark.py"


@pytest.fixture(scope="module")
def benchmark():
    spec = importlib.util.spec_from_file_location("benchmark_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stream, quiet, expected", [
    (io.StringIO, False, "round 1/2\nround 2/2\n"),  # a log: a line a step
    (Terminal, False, "\r\033[Kround 1/2\r\033[Kround 2/2\r\033[K"),  # one line, cleared
    (Terminal, True, ""),
    (io.StringIO, True, ""),
])
def test_progress_goes_to_its_stream_as_lines_or_one_live_line(benchmark, stream, quiet,
                                                                expected):
    out = stream()
    progress = benchmark.Progress(quiet, out)
    progress("round 1/2")
    progress("round 2/2")
    progress.done()
    assert out.getvalue() == expected


def test_the_standing_names_the_figures_the_issue_asks_for(benchmark):
    best = {"classic": {"games_per_second": 12000.0}, "rlcard": {"games_per_second": 6000.0},
            "mario_kart": {"games_per_second": 9600.0}}
    assert benchmark.standing(best) == ("classic 12,000 games/s, 2.00x RLCard, "
                                        "Mario Kart 1.25x classic's time")
    assert benchmark.standing({"classic": {"games_per_second": 5.0}}) == "classic 5 games/s"


def test_the_cli_runs_it_times_import_the_package_it_imported(benchmark, tmp_path,
                                                               monkeypatch):
    """The --jobs and memory runs start `python -m interpreter.cli.main`: from a checkout, `-m`
    would find the checkout's source first, not the installed build the rounds timed."""
    monkeypatch.chdir(tmp_path)  # wherever the benchmark is started from
    where = "import interpreter; print(interpreter.__file__)"
    child = subprocess.run([sys.executable, "-c", where], capture_output=True, text=True,
                           check=True, **benchmark.cli_child())
    assert Path(child.stdout.strip()).resolve() == Path(interpreter.__file__).resolve()


@pytest.mark.parametrize("first, second, median", [
    ([30.0], [10.0], 3.0),
    ([30.0, 20.0, 40.0], [10.0, 10.0, 10.0], 3.0),  # each round's ratio: 3, 2, 4
    ([12.0, 13.0], [10.0, 10.0], 1.25),  # an even count: the middle two's mean
])
def test_paired_median_takes_each_rounds_ratio(benchmark, first, second, median):
    assert benchmark.paired_median(first, second) == pytest.approx(median)
