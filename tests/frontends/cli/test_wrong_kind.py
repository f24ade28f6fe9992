"""A file given to a command that reads another kind (issue 46, point 7): one message saying
what kind of file it is and which command reads it, exit 2, the file named, no traceback."""

from __future__ import annotations

import io
import json
import shutil

import pytest
from helpers import cli

from interpreter.cli.main import main
from interpreter.loading import kinds
from interpreter.loading.source import bundled_dir

EXAMPLE_SCENARIO = next((bundled_dir("examples") / "scenarios" / "classic").glob("*.yaml"))


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """One file of every kind houserules writes, in a folder, by the commands that write them."""
    folder = tmp_path_factory.mktemp("kinds")
    played = cli("play", "classic", "--seed", "1", "--save", "game.json", "--log", "game.jsonl",
                 cwd=folder, input="q\ns\n")
    assert played.returncode == 0, played.stderr
    for argv, name in ((["simulate", "classic", "--games", "2", "--jobs", "1", "--json"],
                        "summary.json"),
                       (["compare", "classic", "classic+house/stacking", "--games", "2",
                         "--jobs", "1", "--json"], "comparison.json"),
                       (["schema", "ruleset"], "schema.json")):
        out = io.StringIO()
        assert main(argv, out=out) == 0
        (folder / name).write_text(out.getvalue())
    for records in ("records.jsonl", "records.csv"):
        assert main(["simulate", "classic", "--games", "2", "--jobs", "1", "--records",
                     str(folder / records)], out=io.StringIO()) == 0
    shutil.copy(bundled_dir("rulesets") / "classic.yaml", folder / "rules.yaml")
    shutil.copy(bundled_dir("rulesets") / "house" / "stacking.yaml", folder / "house_rule.yaml")
    shutil.copy(EXAMPLE_SCENARIO, folder / "scenario.yaml")
    return folder


KIND_OF = {
    "game.json": kinds.SAVE, "game.jsonl": kinds.LOG, "scenario.yaml": kinds.SCENARIO,
    "rules.yaml": kinds.RULESET, "house_rule.yaml": kinds.HOUSE_RULE,
    "summary.json": kinds.SUMMARY, "comparison.json": kinds.COMPARISON,
    "records.jsonl": kinds.RECORDS, "records.csv": kinds.RECORDS, "schema.json": kinds.SCHEMA,
}


@pytest.mark.parametrize("name", list(KIND_OF))
def test_every_kind_of_file_houserules_writes_is_told_by_what_it_holds(files, name):
    assert kinds.file_kind(files / name) is KIND_OF[name]


# What each kind of file is called in the message, and what to do with it.
SAYS = {
    "game.json": "this is a saved game, not {wanted}: continue it with "
                 "`houserules resume game.json`",
    "game.jsonl": "this is a game log, not {wanted}: check that it replays the same with "
                  "`houserules replay game.jsonl`",
    "scenario.yaml": "this is a scenario, not {wanted}: run it with "
                     "`houserules check scenario.yaml`",
    "rules.yaml": "this is a ruleset, not {wanted}: check it with `houserules validate "
                  "rules.yaml` and play it with `houserules play rules.yaml`",
    "house_rule.yaml": "this is a house rule (an overlay), not {wanted}: put it on a game, as in "
                       "`houserules play {game}+house_rule.yaml`",
    "summary.json": "this is a summary written by `houserules simulate --json`, not {wanted}; "
                    "no command reads it back",
    "comparison.json": "this is a comparison written by `houserules compare --json`, not "
                       "{wanted}; no command reads it back",
    "records.jsonl": "this is a run's records (a row per game) written by `houserules simulate "
                     "--records`, not {wanted}; no command reads it back",
    "records.csv": "this is a run's records (a row per game) written by `houserules simulate "
                   "--records`, not {wanted}; no command reads it back",
}

# Each command that reads a file, what it wants, and the files it reads itself.
COMMANDS = {
    "replay": ("a game log", {"game.jsonl"}),
    "resume": ("a saved game", {"game.json"}),
    "check": ("a scenario", {"scenario.yaml"}),
    "validate": ("a ruleset", {"rules.yaml", "house_rule.yaml"}),
    "explain": ("a ruleset", {"rules.yaml", "house_rule.yaml"}),
    "play": ("a ruleset", {"rules.yaml", "house_rule.yaml"}),
    "simulate": ("a ruleset", {"rules.yaml", "house_rule.yaml"}),
}

CASES = [(command, name) for command, (_, own) in COMMANDS.items() for name in SAYS
         if name not in own]


@pytest.mark.parametrize("command, name", CASES)
def test_a_file_of_another_kind_says_what_it_is_and_which_command_reads_it(
        files, monkeypatch, capsys, command, name):
    monkeypatch.chdir(files)
    capsys.readouterr()
    try:
        code = main([command, name], out=io.StringIO())
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    wanted = COMMANDS[command][0]
    expected = SAYS[name].format(wanted=wanted, game=kinds.first_bundled_game())
    assert code == 2
    assert f"error: {name}: {expected}\n" in err, err
    assert "Traceback" not in err


def test_the_issue_s_two_examples_read_plainly(files):
    """`replay` on a save and `resume` on a log, run as a person runs them."""
    replayed = cli("replay", "game.json", cwd=files)
    assert (replayed.returncode, replayed.stderr) == (
        2, "error: game.json: this is a saved game, not a game log: continue it with "
           "`houserules resume game.json`\n")
    resumed = cli("resume", "game.jsonl", cwd=files)
    assert (resumed.returncode, resumed.stderr) == (
        2, "error: game.jsonl: this is a game log, not a saved game: check that it replays the "
           "same with `houserules replay game.jsonl`\n")


def test_a_file_whose_name_a_shell_would_split_is_quoted_in_the_command(files, tmp_path,
                                                                        monkeypatch, capsys):
    shutil.copy(files / "game.json", tmp_path / "my game.json")
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "my game.json"], out=io.StringIO()) == 2
    assert "`houserules resume 'my game.json'`" in capsys.readouterr().err


@pytest.mark.parametrize("text", [
    "",  # empty
    "[1, 2]\n",  # JSON, but no kind's
    '{"format": 2}\n',  # a damaged save or log: its own reader says what is wrong
    "name: [unclosed\n",  # YAML that does not parse
    "just words\n",
])
def test_a_file_of_no_known_kind_is_none(tmp_path, text):
    (tmp_path / "file").write_text(text)
    assert kinds.file_kind(tmp_path / "file") is None


def test_a_damaged_save_keeps_its_own_precise_message(files, tmp_path, capsys):
    """Only a file of another kind gets the kind message: a save with a wrong value is still
    refused at its key."""
    data = json.loads((files / "game.json").read_text())
    data["players"] = "four"
    (tmp_path / "game.json").write_text(json.dumps(data))
    assert main(["resume", str(tmp_path / "game.json")], out=io.StringIO()) == 2
    assert "$.players: expected" in capsys.readouterr().err


def test_a_picture_or_a_folder_is_not_read_as_text(tmp_path):
    (tmp_path / "plot.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    assert kinds.file_kind(tmp_path / "plot.png") is kinds.PICTURE
    assert kinds.file_kind(tmp_path) is None
