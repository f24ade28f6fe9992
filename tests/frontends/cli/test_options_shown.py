"""The options in effect, and a wrong option (issue 46, point 8): simulate and compare show
every option not as the ruleset is written (a house rule switched off too), and every command
that takes --option refuses an unknown one naming the ruleset as it was given, never the
installed file's path."""

from __future__ import annotations

import shutil

import pytest

from helpers import cli_here
from interpreter.building.ruleset import load_ruleset
from interpreter.loading.source import bundled_dir

QUICK = ["--games", "2", "--jobs", "1"]


run = cli_here  # (exit code, stdout) of `houserules ARGV`, in this process


@pytest.mark.parametrize("ruleset, options, changed", [
    ("mario_kart", {"challenge": "false"}, {"challenge": False}),  # on in the game: switched off
    ("mario_kart", {"challenge": "true"}, {}),  # already on
    ("classic", {"stacking": "true"}, {"stacking": True}),
    ("classic", {"stacking": "false"}, {}),
    ("classic", {"hands": "1", "target_score": "500"}, {"hands": 1}),
    ("classic+house/stacking", {}, {}),  # the name says it
    ("classic+house/stacking", {"stacking": "false"}, {"stacking": False}),
    ("classic", {}, {}),
])
def test_the_changed_options_are_those_not_as_the_ruleset_is_written(ruleset, options, changed):
    assert load_ruleset(ruleset, options).changed_options() == changed


@pytest.mark.parametrize("argv, line", [
    (["mario_kart", "--option", "challenge=false"], "options: challenge=false"),
    (["classic", "--option", "stacking=true", "--option", "hands=1"],
     "options: hands=1, stacking=true"),
    (["mario_kart"], None),
    (["mario_kart", "--option", "challenge=true"], None),
])
def test_simulate_shows_the_options_not_as_the_ruleset_is_written(argv, line):
    code, text = run(["simulate", *argv, *QUICK])
    lines = text.splitlines()
    assert code == 0
    if line is None:
        assert not any(row.startswith("options:") for row in lines)
    else:
        assert lines[1] == line  # under the title line, as compare shows its sides'


def test_compare_shows_each_side_s_options_the_same_way():
    code, text = run(["compare", "mario_kart", "mario_kart", "--option-a", "challenge=false",
                      *QUICK])
    assert code == 0
    assert "  A: mario_kart with challenge=false\n  B: mario_kart\n" in text


KNOWN = ("its options: hands, target_score; house rules (on or off): challenge, "
         "draw_until_playable")

# Every command that takes --option, and where the option goes.
COMMANDS = [
    ["validate", "{ruleset}", "--option", "nosuch=1"],
    ["explain", "{ruleset}", "--option", "nosuch=1"],
    ["play", "{ruleset}", "--option", "nosuch=1"],
    ["simulate", "{ruleset}", "--option", "nosuch=1", *QUICK],
    ["compare", "{ruleset}", "{ruleset}", "--option", "nosuch=1", *QUICK],
    ["compare", "{ruleset}", "{ruleset}", "--option-a", "nosuch=1", *QUICK],
    ["compare", "{ruleset}", "{ruleset}", "--option-b", "nosuch=1", *QUICK],
]


@pytest.mark.parametrize("ruleset", ["classic", "mine.yaml", "classic+house/stacking"])
@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:1] + argv[3:4]))
def test_an_unknown_option_names_the_ruleset_as_given_and_its_options(
        tmp_path, monkeypatch, capsys, ruleset, argv):
    shutil.copy(bundled_dir("rulesets") / "classic.yaml", tmp_path / "mine.yaml")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    code, _ = run([part.format(ruleset=ruleset) for part in argv])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"error: {ruleset} has no option 'nosuch'; {KNOWN}"), err
    assert len(err.splitlines()) == 1 and str(bundled_dir("rulesets")) not in err


@pytest.mark.parametrize("option, says", [
    ("stackng=true", "classic has no option 'stackng' (did you mean 'stacking'?)"),
    ("hands=many", "option hands expects a whole number, got 'many'"),
    ("stacking=maybe", "option stacking expects true or false, got 'maybe'"),
    ("max_draws=3", "option max_draws belongs to the house rule draw_until_playable, which is "
                    "off here"),
])
def test_a_wrong_option_is_one_line_naming_no_installed_file(capsys, option, says):
    code, _ = run(["simulate", "classic", "--option", option, *QUICK])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith(f"error: {says}") and ".yaml" not in err


def test_a_scenario_s_unknown_option_is_refused_at_its_own_line(tmp_path, capsys):
    (tmp_path / "s.yaml").write_text(
        "name: an unknown option\nruleset: classic\noptions: {nosuch: 1}\n"
        "table:\n  hands: [[red 5, blue 1], [red 7, blue 2]]\n  discard: [red 3]\n"
        "  stock: [blue 9]\nsteps:\n  - play: red 5\n")
    code, _ = run(["check", str(tmp_path / "s.yaml")])
    err = capsys.readouterr().err
    assert code == 2 and f"error: {tmp_path / 's.yaml'}:3:10: classic has no option 'nosuch'" in err
