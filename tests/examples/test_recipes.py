"""The learning recipes (docs/learning.md's "Recipes"): each script says how to run it, and
examples/baseline.py's evaluation measures the bundled bots; opt-in (-m slow), each recipe
trains a tiny budget and measures it, skipped without its library (CI installs none of
sb3-contrib, Tianshou, PyTorch)."""

import subprocess
import sys

import pytest

pytest.importorskip("gymnasium")

from helpers import ROOT, example  # noqa: E402

from interpreter.engine import game as engine  # noqa: E402

RECIPES = ("baseline", "learn_maskable_ppo", "learn_tianshou", "openspiel_ismcts")
HEADER = "| agent | trained | against | hands | agent won | 95% interval | evaluation time |"


@pytest.mark.parametrize("name", RECIPES)
def test_a_recipe_says_how_to_run_it(name):
    """--help works as a user runs the script, from any folder, without the learning
    libraries (they are imported when training starts)."""
    done = subprocess.run([sys.executable, str(ROOT / "examples" / f"{name}.py"), "--help"],
                          capture_output=True, text=True, cwd=ROOT.parent, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout and "--seed" in done.stdout and "--hands" in done.stdout


def test_the_evaluation_measures_the_bundled_bots(monkeypatch, capsys):
    monkeypatch.setattr(engine, "DEBUG_CHECK", None)  # the evaluation is tested, not the engine
    assert example("baseline").main(["--agents", "random,heuristic", "--opponents",
                                     "random,heuristic", "--hands", "4"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[:2] == [HEADER, "|---|---|---|---|---|---|---|"]
    assert [line.split(" | ")[:4] for line in lines[2:]] == [
        ["| random bot", "—", "random", "4"], ["| random bot", "—", "heuristic", "4"],
        ["| heuristic bot", "—", "random", "4"], ["| heuristic bot", "—", "heuristic", "4"]]
    assert "heuristic bot against random: " in err


def test_the_evaluation_alternates_seats_on_the_same_deals():
    baseline = example("baseline")
    played = []
    rows = baseline.evaluate(lambda *hand: played.append(hand) or len(played) % 2,
                             ["random"], 4)
    first = baseline.FIRST_DEAL
    assert played == [("random", 0, first), ("random", 1, first), ("random", 0, first + 1),
                      ("random", 1, first + 1)]
    assert rows[0]["wins"] == 2 and rows[0]["interval"] == pytest.approx((0.15, 0.85), abs=0.01)


def test_an_unknown_opponent_is_refused(capsys):
    with pytest.raises(SystemExit):
        example("baseline").main(["--opponents", "heuristic,clever"])
    assert "unknown bot clever" in capsys.readouterr().err


def test_is_mcts_plays_the_variant(monkeypatch, capsys):
    pytest.importorskip("open_spiel.python.algorithms.ismcts")
    monkeypatch.setattr(engine, "DEBUG_CHECK", None)
    assert example("openspiel_ismcts").main(["--hands", "2", "--simulations", "3",
                                             "--opponents", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "| OpenSpiel IS-MCTS | none (3 simulations, depth 40) | heuristic | 2 |" in out


@pytest.mark.slow
@pytest.mark.parametrize("library, recipe, flag, kept, agent", [
    ("sb3_contrib", "learn_maskable_ppo", "--timesteps", "ppo.zip", "MaskablePPO"),
    ("tianshou", "learn_tianshou", "--steps", "dqn.pt", "Tianshou DQN"),
])
def test_a_recipe_trains_saves_and_measures(monkeypatch, capsys, tmp_path, library, recipe,
                                            flag, kept, agent):
    pytest.importorskip(library)
    monkeypatch.setattr(engine, "DEBUG_CHECK", None)
    main = example(recipe).main
    saved = str(tmp_path / kept)
    assert main([flag, "256", "--hands", "2", "--opponents", "random", "--save", saved]) == 0
    assert main(["--load", saved, flag, "0", "--hands", "2", "--opponents", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert f"| {agent} | 256 steps" in out and f"| {agent} | 0 steps" in out
