"""The same games: every bundled ruleset and three combinations of house rules, played with
fixed seeds, give byte for byte the logs the build before the engine's redesign wrote
(tests/data/same_games: each case's command line and its logs).

A house rule added since (the language only grows) is one more option in each log's header,
off, and so another digest of the rules: the header is compared but for those, every line
after it byte for byte."""

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
        header, _, games = data.partition(b"\n")
        now_header, _, now_games = played[name].partition(b"\n")
        assert now_games == games, f"{case['name']}: {name} differs from the log kept"
        assert same_header(json.loads(now_header), json.loads(header)), name


def same_header(now: dict, kept: dict) -> bool:
    """The header of the same game: the same but for the digest, and options added since,
    each off."""
    options, kept_options = now.pop("options"), kept.pop("options")
    now.pop("digest"), kept.pop("digest")
    added = {name: value for name, value in options.items() if name not in kept_options}
    return (now == kept and all(options[name] == value for name, value in kept_options.items())
            and all(value is False for value in added.values()))
