"""The command line as people expect it (issue 18, points 5-7): help, --version, check on a
folder of rulesets and scenarios, progress bars, snake_case JSON, Wilson intervals, --plot,
play --bots, `extends` errors, the schema for editors; and the README's walkthrough."""

from __future__ import annotations

import io
import json
import re
import textwrap
from importlib import metadata
from pathlib import Path

import helpers
import pytest
from checkout import ROOT

from interpreter.building.ruleset import load_ruleset
from interpreter.cli import main as cli
from interpreter.cli.progress import ProgressBar
from interpreter.errors import HouserulesError
from interpreter.playing.seating import bot_names
from interpreter.simulate.stats import Running, proportion_difference, wilson

README = (ROOT / "README.md").read_text()


run = helpers.cli_here  # (exit code, stdout) of `houserules ARGV`, in this process


def houserules(*args, cwd, stdin=None, timeout=300):
    """The command run as a person runs it, in another folder than the checkout's."""
    return helpers.cli(*args, cwd=cwd, input=stdin, timeout=timeout)


# --- help and version ------------------------------------------------------------------------

@pytest.mark.parametrize("argv, code, shows", [
    ([], 0, "usage: houserules"),
    (["--help"], 0, "usage: houserules"),
    (["--version"], 0, f"houserules {metadata.version('houserules')}"),
])
def test_bare_help_and_version_exit_0(capsys, argv, code, shows):
    got, text = run(argv)
    assert got == code and shows in text + capsys.readouterr().out


@pytest.mark.parametrize("command", ["list", "validate", "check", "play", "replay", "resume",
                                     "explain", "compare", "simulate", "schema"])
def test_every_help_text_renders(capsys, command):
    code, _ = run([command, "--help"])
    text = capsys.readouterr().out
    assert code == 0 and "%%" not in text and "usage: houserules " + command in text


# --- check on a folder -----------------------------------------------------------------------

RULESET = "extends: classic\nname: table\n"
SCENARIO = textwrap.dedent("""\
    name: a red 5 on a red 3
    ruleset: {ruleset}
    table:
      hands: [[red 5, blue 1], [red 7, blue 2]]
      discard: [red 3]
      stock: [blue 9]
    steps:
      - play: red 5
        expect: {{turn: 1, hand_sizes: [1, 2]}}
    """)


@pytest.mark.parametrize("files, argv, code, shows", [
    ({"my_rules.yaml": RULESET, "my_rule.scenario.yaml": SCENARIO.format(ruleset="my_rules.yaml")},
     ["."], 0, "1 passed, 0 failed, 1 skipped (not a scenario: my_rules.yaml)"),
    ({"rules.yaml": RULESET, "plain.yaml": SCENARIO.format(ruleset="rules.yaml")},
     ["."], 0, "1 passed, 0 failed, 1 skipped (not a scenario: rules.yaml)"),
    ({"a.yml": RULESET, "b.scenario.yml": SCENARIO.format(ruleset="a.yml")},
     ["."], 0, "1 passed, 0 failed, 1 skipped"),
    ({"one.scenario.yaml": SCENARIO.format(ruleset="classic")}, ["."], 0, "1 passed, 0 failed\n"),
    ({"broken.yaml": "name: [unclosed\n"}, ["."], 2, "0 passed, 0 failed, 1 malformed"),
])
def test_check_runs_scenarios_and_skips_rulesets_in_a_folder(tmp_path, monkeypatch, files,
                                                             argv, code, shows):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    got, out = run(["check", *argv])
    assert got == code and shows in out


@pytest.mark.parametrize("files, argv, error", [
    ({"rules.yaml": RULESET}, ["."], "no scenario files in this folder (1 YAML files"),
    ({"rules.yaml": RULESET}, ["rules.yaml"], "rules.yaml: this is a ruleset, not a scenario"),
])
def test_check_says_when_there_is_no_scenario(tmp_path, monkeypatch, capsys, files, argv, error):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    code, _ = run(["check", *argv])
    err = capsys.readouterr().err
    assert code == 2 and error in err and "Traceback" not in err


# --- progress bars ---------------------------------------------------------------------------

class EagerBar(ProgressBar):
    """A bar that shows from the first update (the real one waits a second)."""

    def __call__(self, done, total, seconds):
        super().__call__(done, total, seconds + 1.0)


@pytest.mark.parametrize("argv, unit", [
    (["simulate", "classic", "--games", "200", "--option", "hands=1", "--bots", "eager",
      "--jobs", "1", "--json"], "games"),
    (["compare", "classic", "classic+house/stacking", "--games", "100", "--bots", "eager",
      "--jobs", "1", "--json"], "games"),
    (["check", str(ROOT / "examples" / "scenarios" / "classic")], "scenarios"),
    (["replay", "@LOGS@"], "logs"),
])
def test_progress_shows_a_bar_on_stderr_and_nothing_in_the_output(tmp_path, monkeypatch, capsys,
                                                                  argv, unit):
    if "@LOGS@" in argv:
        assert run(["simulate", "classic", "--games", "3", "--option", "hands=1", "--bots",
                    "eager", "--jobs", "1", "--log", str(tmp_path)])[0] == 0
        argv = [str(tmp_path) if arg == "@LOGS@" else arg for arg in argv]
    monkeypatch.setattr(cli, "ProgressBar", EagerBar)
    code, out = run([*argv, "--progress"])
    err = capsys.readouterr().err
    assert code == 0 and re.search(rf"\r\[[#-]+\] \d+/\d+ {unit}", err)
    if "--json" in argv:
        json.loads(out)  # the bar is on stderr only
    assert "\r" not in out


def test_no_progress_bar_without_a_terminal_or_the_flag(monkeypatch, capsys):
    monkeypatch.setattr(cli, "ProgressBar", EagerBar)
    code, _ = run(["simulate", "classic", "--games", "200", "--option", "hands=1", "--bots",
                   "eager", "--jobs", "1"])
    assert code == 0 and capsys.readouterr().err == ""


def test_the_bar_names_its_unit_and_clears_its_line():
    stream = io.StringIO()
    bar = ProgressBar(stream=stream, width=4, unit="scenarios", label="check")
    bar(1, 2, 2.0)
    assert stream.getvalue().startswith("\rcheck [##--] 1/2 scenarios")
    bar.clear()
    assert stream.getvalue().endswith("\r")
    bar.close()
    assert stream.getvalue().endswith("\n")


# --- compare: JSON keys, intervals, --plot ---------------------------------------------------

def keys_of(value):
    """Every key of every object inside `value`."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from keys_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys_of(item)


@pytest.mark.parametrize("argv", [
    ["compare", "classic", "classic+house/stacking", "--games", "12", "--bots", "eager",
     "--jobs", "1", "--json"],
    ["simulate", "classic", "--games", "3", "--jobs", "1", "--json"],
])
def test_json_keys_are_snake_case(argv):
    code, out = run(argv)
    assert code == 0
    keys = set(keys_of(json.loads(out)))
    assert keys and all(re.fullmatch(r"[a-z0-9_]+", key) for key in keys), keys


def test_the_readme_names_the_keys_compare_json_prints():
    """The README's account of `compare --json` names its top-level keys, the measures and
    what each holds, and nothing it does not print."""
    said = README.split("`compare --json` prints one object:")[1].split("; a rate's")[0]
    named = set(re.findall(r"`(\w+)`", said))
    code, out = run(["compare", "classic", "classic", "--games", "2", "--bots", "eager",
                     "--jobs", "1", "--json"])
    report = json.loads(out)
    measures = report["measures"]
    shown = set(report) | set(report["a"]) | set(measures) | set(measures["turns_per_hand"]) \
        | set(measures["turns_per_hand"]["a"])
    assert code == 0 and named == shown


@pytest.mark.parametrize("games", [1, 3, 12])
def test_compare_win_rate_intervals_stay_within_0_and_1(games):
    code, out = run(["compare", "classic", "classic+house/stacking", "--games", str(games),
                     "--bots", "eager", "--jobs", "1", "--json"])
    rate = json.loads(out)["measures"]["first_seat_win_rate"]
    for side in ("a", "b"):
        low, high = rate[side]["ci95"]
        assert 0.0 <= low <= rate[side]["mean"] <= high <= 1.0
    low, high = rate["difference"]["ci95"]
    assert -1.0 <= low <= rate["difference"]["mean"] <= high <= 1.0


@pytest.mark.parametrize("successes, count, low, high", [
    (0, 5, 0.0, 0.4345),  # the normal approximation gives [0, 0]
    (5, 5, 0.5655, 1.0),
    (1, 3, 0.0615, 0.7923),
    (50, 100, 0.4038, 0.5962),
    (0, 0, 0.0, 1.0),  # nothing known
    (0, 3, 0.0, 0.5615),  # rounding once put the lower bound 5.6e-17 above the share, 0
    (3, 3, 0.4385, 1.0),
])
def test_wilson_interval(successes, count, low, high):
    got = wilson(successes, count)
    assert got == pytest.approx((low, high), abs=1e-4)


def running(values) -> Running:
    stream = Running()
    for value in values:
        stream.add(value)
    return stream


@pytest.mark.parametrize("values, mean, variance", [
    ([], 0.0, 0.0),
    ([7], 7.0, 0.0),
    ([1, 2, 3, 4], 2.5, 5 / 3),
    ([0, 0, 1], 1 / 3, 1 / 3),
    # past 2**53, where a float sum, or mypyc's own division of ints (each made a float
    # first), would round: float(2**54 + 1) / 3 is 6004799503160661.0
    ([2 ** 54 + 1, 0, 0], 6004799503160662.0, 1.0817285121947559e+32),
])
def test_running_figures_are_exact_and_correctly_rounded(values, mean, variance):
    stream = running(values)
    assert (stream.count, stream.mean, stream.variance) == (len(values), mean, variance)


@pytest.mark.parametrize("cuts", [[0], [1], [3, 7], [1, 2, 3, 4, 5, 6, 7, 8, 9], [5, 5, 9]])
def test_running_figures_do_not_depend_on_how_the_stream_was_cut_into_parts(cuts):
    """Worker processes merge their chunks into batches that depend on timing: the run's
    figures must be bit for bit the same however the parts were grouped."""
    values = [3, 141, 59, 26, 5, 35, 89, 79, 32, 38]
    whole, parts = running(values), Running()
    for start, stop in zip([0, *cuts], [*cuts, len(values)]):
        parts.merge(running(values[start:stop]))
    assert (parts.count, parts.mean, parts.variance) == (whole.count, whole.mean, whole.variance)


@pytest.mark.parametrize("a, b", [([1, 1, 1], [0, 0, 0]), ([0], [1]), ([1, 0, 1, 0], [1, 1, 1, 0])])
def test_the_difference_of_two_rates_stays_within_minus_1_and_1(a, b):
    left, right = Running(), Running()
    for value in a:
        left.add(value)
    for value in b:
        right.add(value)
    diff, low, high = proportion_difference(left, right)
    assert -1.0 <= low <= diff <= high <= 1.0


@pytest.mark.parametrize("json_flag, stream", [(False, "out"), (True, "err")])
def test_compare_plot_says_where_it_wrote(tmp_path, capsys, json_flag, stream):
    pytest.importorskip("matplotlib")
    picture = tmp_path / "turns.png"
    code, out = run(["compare", "classic", "classic", "--games", "5", "--bots", "eager",
                     "--jobs", "1", "--plot", str(picture)] + (["--json"] if json_flag else []))
    told = {"out": out, "err": capsys.readouterr().err}[stream]
    assert code == 0 and picture.exists() and f"wrote the plot to {picture}" in told


# --- play --bots -----------------------------------------------------------------------------

@pytest.mark.parametrize("spec, players, person, seats", [
    ("eager", 3, 0, [None, "eager", "eager"]),
    ("heuristic,random,random", 3, 0, [None, "random", "random"]),  # one per seat
    ("heuristic,random,random", 4, 0, [None, "heuristic", "random", "random"]),  # one per bot
    ("heuristic,random,random", 4, 2, ["heuristic", "random", None, "random"]),
    ("random, eager", 2, 1, ["random", None]),
])
def test_play_bots_take_simulates_names_and_lists(spec, players, person, seats):
    assert bot_names(spec, players, person) == seats


@pytest.mark.parametrize("spec, players, error", [
    ("eager,eager", 4, "--bots lists 2 bots for 4 players: give one name, one per seat (4) "
                       "or one per bot (3)"),
    ("eager,nope", 3, "unknown bot 'nope'"),
])
def test_play_bots_refuse_what_does_not_fit(spec, players, error):
    with pytest.raises(HouserulesError, match=re.escape(error)):
        bot_names(spec, players, 0)


@pytest.mark.parametrize("bots", ["eager", "heuristic,random,random", "random,eager,heuristic,random"])
def test_a_game_with_those_bots_saves_and_resumes(tmp_path, bots):
    save = tmp_path / "game.json"
    result = houserules("play", "classic", "--bots", bots, "--seed", "3", "--save", str(save),
                        cwd=tmp_path, stdin="d\nq\ny\n")
    assert result.returncode == 0, result.stderr
    assert json.loads(save.read_text())["bots"] == bots
    again = houserules("resume", str(save), cwd=tmp_path, stdin="q\ny\n")
    assert again.returncode == 0 and "Traceback" not in again.stderr, again.stderr


# --- extends errors --------------------------------------------------------------------------

@pytest.mark.parametrize("extends, line, column, words", [
    ("[classic, house/stackin]", 1, 20, "`extends: house/stackin`: there is no bundled ruleset "
                                        "of that name (did you mean 'house/stacking'?)"),
    ("classc", 1, 10, "(did you mean 'classic'?)"),
    ("[classic, bse.yaml]", 1, 20, "`extends: bse.yaml`: there is no such file; looked for "
                                   "bse.yaml, from the folder of mine.yaml (did you mean "
                                   "'base.yaml'?)"),
    ("[classic, base]", 1, 20, "(did you mean 'base.yaml'?)"),
    ("[classic, house/stacking.yaml]", 1, 20, "(did you mean 'house/stacking'?)"),
    ("\n  - classic\n  - house/seven_0", 3, 5, "(did you mean 'house/seven_o'?)"),
])
def test_extends_errors_name_the_entry_what_was_looked_for_and_the_nearest_name(
        tmp_path, monkeypatch, extends, line, column, words):
    (tmp_path / "base.yaml").write_text("extends: classic\nname: base\n")
    (tmp_path / "mine.yaml").write_text(f"extends: {extends}\nname: mine\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(HouserulesError) as caught:
        load_ruleset("mine.yaml")
    err = caught.value
    assert (err.file, err.line, err.column) == ("mine.yaml", line, column)
    assert words in err.message


def test_a_missing_file_further_down_is_reported_where_it_is_named(tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "middle.yaml").write_text("name: middle\nextends: [classic, gone.yaml]\n")
    (tmp_path / "top.yaml").write_text("extends: [classic, sub/middle.yaml]\nname: top\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(HouserulesError) as caught:
        load_ruleset("top.yaml")
    err = caught.value
    assert (err.file, err.line, err.column) == (str(Path("sub") / "middle.yaml"), 2, 20)
    assert "looked for sub/gone.yaml" in err.message


@pytest.mark.parametrize("ref, words", [
    ("classic+house/stackin", "no ruleset named 'house/stackin' (did you mean 'house/stacking'?)"),
    ("my_rule.yaml", "no such file: my_rule.yaml (did you mean 'my_rules.yaml'?)"),
    ("my_rules", "no ruleset named 'my_rules' (did you mean 'my_rules.yaml'?)"),
])
def test_a_mistyped_ruleset_on_the_command_line_gets_a_suggestion(tmp_path, monkeypatch,
                                                                  capsys, ref, words):
    (tmp_path / "my_rules.yaml").write_text(RULESET)
    monkeypatch.chdir(tmp_path)
    code, _ = run(["validate", ref])
    err = capsys.readouterr().err
    assert code == 2 and words in err and "Traceback" not in err


def test_no_file_of_another_folder_is_suggested(tmp_path, monkeypatch):
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "private_notes.yaml").write_text("name: x\n")
    (tmp_path / "here").mkdir()
    (tmp_path / "here" / "mine.yaml").write_text("extends: ../outside/private_note.yaml\n")
    monkeypatch.chdir(tmp_path / "here")
    with pytest.raises(HouserulesError) as caught:
        load_ruleset("mine.yaml")
    assert "private_notes" not in caught.value.message


# --- the schema for editors ------------------------------------------------------------------

@pytest.mark.parametrize("argv, check", [
    (["schema", "--path"], lambda text: json.loads(Path(text.strip()).read_text())["$id"]
     .endswith("ruleset.schema.json")),
    (["schema", "scenario", "--path"], lambda text: text.strip().endswith("scenario.schema.json")
     and Path(text.strip()).is_file()),
    (["schema", "--uri"], lambda text: text.startswith("file:///")
     and text.strip().endswith("/ruleset.schema.json")),
    (["schema", "save"], lambda text: json.loads(text)["$id"].endswith("save.schema.json")),
])
def test_schema_tells_an_editor_where_the_installed_schema_is(argv, check):
    code, out = run(argv)
    assert code == 0 and check(out)


def test_the_readme_says_what_to_write_after_schema():
    section = README.split("## Write your own house rule")[1].split("## A tour")[0]
    assert "path/to/" not in section and "houserules schema --uri" in section


# --- the README's walkthrough, followed literally outside the checkout ------------------------

def walkthrough():
    """The files and commands of the README's "Write your own house rule", as written there."""
    section = README.split("## Write your own house rule")[1].split("\nWorked examples")[0]
    blocks = [textwrap.dedent(block) for block in re.findall(r"```yaml\n(.*?)```", section,
                                                             re.S)]
    names = re.findall(r"`([\w.]+\.yaml)`", section)
    files = {names[0]: blocks[0], "my_rule.scenario.yaml": blocks[1]}
    commands = [command.split()[1:] for command in re.findall(r"`(houserules [^`]+)`", section)]
    return files, [c for c in commands if c[0] != "schema"]


def test_the_walkthrough_is_what_the_test_follows():
    files, commands = walkthrough()
    assert set(files) == {"my_rules.yaml", "my_rule.scenario.yaml"}
    assert [c[0] for c in commands] == ["validate", "explain", "check", "check", "compare", "play"]


def follow_walkthrough(tmp_path, games=None):
    files, commands = walkthrough()
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    for command in commands:
        if games and "--games" in command:
            command = command[:command.index("--games") + 1] + [games]
        stdin = "q\ny\n" if command[0] == "play" else None
        result = houserules(*command, cwd=tmp_path, stdin=stdin)
        assert result.returncode == 0, (command, result.stdout[-2000:], result.stderr)
        assert "Traceback" not in result.stderr
        if command == ["check", "."]:
            assert "1 passed, 0 failed, 1 skipped (not a scenario: my_rules.yaml)" in result.stdout


def test_the_readme_walkthrough_works_in_a_fresh_folder(tmp_path):
    follow_walkthrough(tmp_path, games="40")


@pytest.mark.slow
def test_the_readme_walkthrough_works_literally(tmp_path):
    follow_walkthrough(tmp_path)


# --- the README's error messages are a real run -----------------------------------------------

# The README's `houserules validate my_rules.yaml` errors, in order: each from a copy of
# classic.yaml with one mistake (what it was, as written there).
README_MISTAKES = [
    ("a misspelt key", "    on_play: lose_turn(next)\n", "    on_plya: lose_turn(next)\n"),
    ("a misspelt name", "lose_turn(next) end", "lose_turn(nxt) end"),
]


def readme_errors() -> list:
    """What the README shows `houserules validate my_rules.yaml` print, run by run."""
    block = re.search(r"```\n(\$ houserules validate my_rules\.yaml\n.*?)```", README, re.S)
    assert block, "the README shows validate's errors"
    return block.group(1).split("$ houserules validate my_rules.yaml\n")[1:]


def test_the_readme_shows_an_error_per_mistake():
    assert len(readme_errors()) == len(README_MISTAKES)


@pytest.mark.parametrize("index", range(len(README_MISTAKES)),
                         ids=[mistake[0] for mistake in README_MISTAKES])
def test_the_readmes_errors_are_what_validate_prints(tmp_path, monkeypatch, capsys, index):
    """Each error the README shows is what validate prints for its mistake (the README's `...`
    stands for the rest of a long list)."""
    _, right, wrong = README_MISTAKES[index]
    classic = (ROOT / "rulesets" / "classic.yaml").read_text()
    assert classic.count(right) == 1
    (tmp_path / "my_rules.yaml").write_text(classic.replace(right, wrong))
    monkeypatch.chdir(tmp_path)
    code, _ = run(["validate", "my_rules.yaml"])
    shown = readme_errors()[index]
    pattern = ".*?".join(re.escape(part) for part in shown.split("..."))
    assert code == 2 and re.fullmatch(pattern, capsys.readouterr().err), shown
