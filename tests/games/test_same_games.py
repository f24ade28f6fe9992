"""The same games: every bundled ruleset and three combinations of house rules, played with
fixed seeds, give byte for byte the logs the build before the engine's redesign wrote
(tests/data/same_games: each case's command line and its logs)."""

import io
import json
import tarfile
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from checkout import TESTS
from interpreter.cli.main import main

DATA = TESTS / "data" / "same_games"
CASES = json.loads((DATA / "cases.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_same_games(case, tmp_path):
    with redirect_stdout(io.StringIO()):
        assert main([*case["argv"], "--log", str(tmp_path)]) == 0
    with tarfile.open(DATA / f"{case['name']}.tar.gz") as archive:
        kept = {member.name: archive.extractfile(member).read() for member in archive}
    played = {log.name: log.read_bytes() for log in sorted(Path(tmp_path).iterdir())}
    assert sorted(played) == sorted(kept)
    for name, data in kept.items():
        assert played[name] == data, f"{case['name']}: {name} differs from the log kept"
