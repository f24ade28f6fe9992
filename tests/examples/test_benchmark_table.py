"""examples/benchmark_table.py plays a few tables at a real server and measures, from an
answer, the time until the other people at the table are told (the README's figure is the
200-table run)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from checkout import ROOT

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")


def test_a_short_run_measures_every_answer_for_the_other_person():
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "benchmark_table.py"),
                           "--tables", "2", "--seconds", "3", "--think", "0.2", "--warmup", "0"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    answers, updates = map(int, re.search(r"answers: (\d+) .* other people: (\d+)",
                                          done.stdout).groups())
    assert answers > 0 and abs(updates - answers) <= 2  # two people: one update an answer
    assert re.search(r"p50 [\d.]+ ms, p95 [\d.]+ ms, p99 [\d.]+ ms", done.stdout)
    assert "2 tables of 2 people and 2 bots" in done.stderr
