"""The `houserules` command line: list, validate, simulate; bad input exits 2 without a traceback."""

from __future__ import annotations

import json

import pytest
from helpers import cli, cli_here

from interpreter.loading.source import bundled_dir

CLASSIC_OPTIONS = ["target_score", "hands", "draw_until_playable", "max_draws", "challenge"]


run = cli_here  # (exit code, stdout) of `houserules ARGV`, in this process


def simulate_json(*extra):
    code, text = run(["simulate", "classic", "--games", "5", "--seed", "1", "--json", *extra])
    assert code == 0
    return json.loads(text)


# --- list ------------------------------------------------------------------------------------

def test_list_shows_classic_and_its_options(capsys):
    code, text = run(["list"])
    assert code == 0
    assert any(line.startswith("classic:") for line in text.splitlines())
    for option in CLASSIC_OPTIONS:
        assert f"--option {option}=" in text
    assert "108 cards" in text


# --- validate --------------------------------------------------------------------------------

@pytest.mark.parametrize("ref", ["classic", str(bundled_dir("rulesets") / "classic.yaml")])
def test_validate_accepts_a_good_ruleset(capsys, ref):
    code, text = run(["validate", ref])
    assert code == 0
    assert text.startswith(f"ok: {ref}")
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("content, where", [
    ("extends: classic\nkinds:\n  skip:\n    points: 20\n    on_plya: lose_turn(next)\n",
     "bad.yaml:5:"),
    ("name: x\ntitle: y\nname: a: b\n", "bad.yaml:3:"),
    ("extends: classic\nhand_size: [7]\n", "bad.yaml:2:"),
    ("name: !!python/object:os.system x\n", "bad.yaml:1:"),
    ("extends: nothere.yaml\n", "nothere.yaml"),
])
def test_validate_reports_a_bad_file_in_one_line_and_exits_2(tmp_path, monkeypatch, capsys,
                                                             content, where):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_text(content)
    code, _ = run(["validate", "bad.yaml"])
    err = capsys.readouterr().err
    assert code == 2
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: ") and where in lines[0]


@pytest.mark.parametrize("effect, where", [
    ("lose_turn(nxt)", "bad.yaml:4:"),
    ("lose_turn(next))", "bad.yaml:4:"),
])
def test_validate_shows_an_effect_error_with_its_line_and_a_caret(tmp_path, monkeypatch, capsys,
                                                                   effect, where):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_text(f"extends: classic\nkinds:\n  skip:\n    on_play: {effect}\n")
    code, _ = run(["validate", "bad.yaml"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    first, *rest = err.strip().splitlines()
    assert first.startswith(f"error: {where}")
    assert rest and rest[-1].strip() == "^"


def test_validate_checks_every_file_and_fails_if_any_fails(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_text("extends: classic\ncolours: [red]\n")
    code, text = run(["validate", "classic", "bad.yaml"])
    assert code == 2
    assert text.startswith("ok: classic")
    assert "bad.yaml:2:" in capsys.readouterr().err


# --- simulate --------------------------------------------------------------------------------

def test_simulate_json_reports_games_wins_and_speed():
    summary = simulate_json()
    for key in ("games", "wins", "games_per_second", "mean_turns_per_hand"):
        assert key in summary
    assert summary["games"] == 5
    assert len(summary["wins"]) == 4 and sum(summary["wins"]) == 5
    assert all(isinstance(w, int) and w >= 0 for w in summary["wins"])
    assert summary["games_per_second"] > 0
    assert summary["mean_turns_per_hand"] > 0


def test_the_same_seed_gives_the_same_games():
    first, second = simulate_json(), simulate_json()
    for key in ("wins", "mean_turns_per_hand", "mean_hands_per_match"):
        assert first[key] == second[key]


def test_option_hands_1_plays_single_hands():
    summary = simulate_json("--option", "hands=1")
    assert summary["mean_hands_per_match"] == 1
    assert sum(summary["wins"]) == 5


@pytest.mark.parametrize("players", [2, 3, 10])
def test_players_sets_the_seats(players):
    summary = simulate_json("--players", str(players), "--option", "hands=1")
    assert len(summary["wins"]) == players and sum(summary["wins"]) == 5


def test_simulate_prints_a_table_without_json():
    code, text = run(["simulate", "classic", "--games", "3", "--seed", "1", "--option", "hands=1"])
    assert code == 0
    assert "wins per seat" in text and "hands=1" in text


@pytest.mark.parametrize("argv", [
    ["--option", "nope=1"],
    ["--option", "hands=many"],
    ["--option", "hands"],
    ["--option", "target_score=0"],
    ["--bots", "nope"],
    ["--bots", "random,heuristic"],
    ["--players", "1"],
    ["--players", "11"],
    ["--players", "0"],
    ["--games", "0"],
    ["--games", "lots"],
])
def test_simulate_refuses_bad_input_with_exit_2(capsys, argv):
    code, text = run(["simulate", "classic", "--games", "2", *argv])
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip() and "Traceback" not in err
    assert text == ""


def test_simulate_an_unknown_ruleset_exits_2(capsys):
    code, _ = run(["simulate", "no_such_ruleset", "--games", "1"])
    err = capsys.readouterr().err
    assert code == 2 and "no_such_ruleset" in err and "Traceback" not in err


# --- from any directory ----------------------------------------------------------------------

def test_the_module_runs_from_any_directory(tmp_path):
    result = cli("simulate", "classic", "--games", "3", "--seed", "1", cwd=tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "wins per seat" in result.stdout


def test_validate_tells_the_games_a_house_rule_cannot_be_said_on(tmp_path, monkeypatch, capsys):
    """A rule about numbers is no rule of a game of numberless cards (All Wild): told so, and
    still valid on the others; an overlay that plays on no game fails."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sevens.yaml").write_text(
        "overlay: true\nrules:\n  sevens:\n    when: card_played\n    if: card.rank == 7\n"
        "    do: draw(next, 1)\n")
    code, text = run(["validate", "sevens.yaml"])
    assert code == 0 and "plays on Classic UNO" in text
    assert "not on all_wild:" in text and "compares text with a number" in text
    (tmp_path / "bad.yaml").write_text("overlay: true\nkinds:\n  skip:\n    on_play: lose_turn(nxt)\n")
    code, _ = run(["validate", "bad.yaml"])
    assert code == 2 and "bad.yaml:4:" in capsys.readouterr().err
