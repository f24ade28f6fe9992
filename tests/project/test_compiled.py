"""The installed build (hot modules compiled by mypyc, see setup.py) plays exactly the games
the pure-Python source plays: same seeds, byte-identical --json figures and --log files
(every decision of every game, its options' answers and the final state).

CI installs the package (compiled) and runs the suite from the checkout (pure Python), so
these tests compare the two. They skip when only one build is at hand.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import interpreter

ROOT = Path(interpreter.__file__).resolve().parent.parent


def run(*argv, source: bool, cwd: Path) -> subprocess.CompletedProcess:
    """`python ARGV` on the checkout's source, or on the installed package (from `cwd`)."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if source:
        env["PYTHONPATH"], cwd = str(ROOT), ROOT
    # A bound for a hung run, not a timing: every scenario on a machine loaded to 12 took
    # past 120 s.
    return subprocess.run([sys.executable, *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A directory where `import interpreter` finds the installed package, when it differs
    from the source's build."""
    where = tmp_path_factory.mktemp("installed")
    probe = run("-c", "import interpreter; print(interpreter.COMPILED)", source=False, cwd=where)
    if probe.returncode != 0:
        pytest.skip("houserules is not installed in this environment")
    if (probe.stdout.strip() == "True") == interpreter.COMPILED:
        pytest.skip("the installed package and the source are the same build")
    return where


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> Path:
    """A directory where `import interpreter` finds the installed package, when that is the
    compiled build (whatever the source is)."""
    where = tmp_path_factory.mktemp("compiled")
    probe = run("-c", "import interpreter; print(interpreter.COMPILED)", source=False, cwd=where)
    if probe.returncode != 0 or probe.stdout.strip() != "True":
        pytest.skip("no compiled build is installed in this environment")
    return where


def simulate(args: tuple, source: bool, cwd: Path, folder: Path) -> tuple:
    """A `simulate --json --log` run's figures (timing aside) and game logs (file name -> its
    bytes)."""
    result = run("-m", "interpreter.cli.main", "simulate", *args, "--json", "--jobs", "1",
                 "--log", str(folder), source=source, cwd=cwd)
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    for key in ("seconds", "games_per_second"):
        figures.pop(key)
    logs = {path.name: path.read_bytes() for path in sorted(folder.iterdir())}
    return json.dumps(figures, sort_keys=True), logs


# A ruleset with a rule for every event and both replacements, each leaving its mark in a
# variable that the hand's winner scores, so that any rule a build skipped changes the logs.
EVERY_EVENT = """\
extends: classic
name: every_event
variables:
  marks: {}
  sizes: {per_seat: true}
rules:
  played: {when: card_played, do: 'set_var("marks", var.marks + 1)'}
  turned: {when: card_turned, do: 'set_var("marks", var.marks + 2)'}
  started: {when: turn_started, do: 'set_var("marks", var.marks + 3)'}
  ended: {when: turn_ended, do: 'set_var("marks", var.marks + 5)'}
  dealt: {when: hand_started, do: 'set_var("marks", 7)'}
  drawn: {when: cards_drawn, do: 'set_var("marks", var.marks + 11)'}
  over: {when: hand_ended, do: 'set_var("marks", var.marks + 13)'}
  sized: {when: hand_size_changed, do: 'set_seat_var("sizes", seat, count)'}
  decided:
    when: decided
    if: decision == "play" and answer != "draw"
    do: 'set_var("marks", var.marks + 17)'
  blue: {when: decided, if: 'decision == "color" and answer == "blue"', do: 'draw(seat, 1)'}
  owed: {instead_of: draw_owed, if: 'count == 4', do: 'draw(seat, 3)'}
  lost: {instead_of: turn_lost, if: 'seat == 0', do: 'set_var("marks", var.marks + 19)'}
scoring:
  winner_scores: var.marks + seat_var("sizes", next) + 2 * seat_var("sizes", previous)
"""


@pytest.fixture(scope="module")
def every_event(tmp_path_factory) -> str:
    """The path of EVERY_EVENT, written out."""
    path = tmp_path_factory.mktemp("rules") / "every_event.yaml"
    path.write_text(EVERY_EVENT)
    return str(path)


@pytest.mark.parametrize("bots", ["eager", "heuristic,random,eager,heuristic"])
def test_both_builds_run_every_event_rule_alike(installed, tmp_path, every_event, bots):
    args = (every_event, "--games", "30", "--seed", "12", "--option", "hands=1", "--bots", bots)
    compiled, compiled_logs = simulate(args, source=False, cwd=installed,
                                       folder=tmp_path / "compiled")
    pure, pure_logs = simulate(args, source=True, cwd=installed, folder=tmp_path / "pure")
    assert compiled == pure
    for name, log in pure_logs.items():
        assert compiled_logs[name] == log, f"{name} differs between the builds"


@pytest.mark.parametrize("args", [
    ("classic", "--games", "300", "--seed", "3", "--option", "hands=1", "--bots", "eager"),
    ("mario_kart", "--games", "300", "--seed", "4", "--option", "hands=1", "--bots", "eager"),
    ("classic", "--games", "20", "--seed", "5", "--players", "3",
     "--bots", "heuristic,random,eager"),
    ("classic+house/stacking+house/challenge", "--games", "100", "--seed", "6",
     "--option", "hands=1",
     "--bots", "random"),
    ("uno_flip", "--games", "40", "--seed", "7", "--players", "3"),
    ("uno_flip", "--games", "10", "--seed", "8", "--option", "random_pairing=true",
     "--option", "hands=1", "--bots", "random"),
    ("no_mercy", "--games", "60", "--seed", "9", "--bots", "heuristic,random,eager",
     "--players", "3"),
    ("crazy_eights", "--games", "200", "--seed", "10", "--bots", "random"),
    ("classic+house/jump_in+house/seven_o", "--games", "40", "--seed", "11"),
], ids=["classic-eager", "mario_kart-eager", "classic-matches", "stacking-random",
        "flip", "flip-random-pairs", "no_mercy", "crazy_eights", "overlays"])
def test_compiled_and_pure_python_play_the_same_games(installed, tmp_path, args):
    compiled, compiled_logs = simulate(args, source=False, cwd=installed,
                                       folder=tmp_path / "compiled")
    pure, pure_logs = simulate(args, source=True, cwd=installed, folder=tmp_path / "pure")
    assert compiled == pure
    assert compiled_logs.keys() == pure_logs.keys()
    assert len(pure_logs) == int(args[args.index("--games") + 1])
    for name, log in pure_logs.items():
        assert compiled_logs[name] == log, f"{name} differs between the builds"


# An expression of the player count runs on GameState.counting, with no frame: the names and
# queries it may not use must fail alike in both builds (the compiled ones are typed against
# the game state), with the one message that says what it may use.
@pytest.mark.parametrize("expression", [
    "max(5, 19 - players)", "max(5, direction)", "size(hand(next))", "size(others)",
    "size(everyone)", "stock_size", "score(player)", "penalty + 5",
    "size(hands(opponents))", "count(c in hand(player) if c.color == color)", "players + turn",
])
def test_both_builds_judge_a_player_count_expression_alike(installed, tmp_path, expression):
    (tmp_path / "counted.yaml").write_text(
        f"name: counted\nextends: classic\nhand_size: \"{expression}\"\n")
    verdicts = [run("-m", "interpreter.cli.main", "validate", str(tmp_path / "counted.yaml"),
                    source=source, cwd=installed) for source in (False, True)]
    assert verdicts[0].returncode == verdicts[1].returncode
    assert verdicts[0].stdout + verdicts[0].stderr == verdicts[1].stdout + verdicts[1].stderr
    assert "Traceback" not in verdicts[0].stderr


# A setting's expression may read options and constants only: reading the game must fail
# alike in both builds, with one message and no traceback.
@pytest.mark.parametrize("expression", [
    "top", "player", "players", "size(hand(player))", "card.rank", "color", "stock_size",
    "penalty + 1", "score(next)", "option.target_score - 499",
])
def test_both_builds_judge_a_setting_expression_alike(installed, tmp_path, expression):
    (tmp_path / "setting.yaml").write_text(
        f"name: setting\nextends: classic\nturn: {{max_draws: \"{expression}\"}}\n")
    verdicts = [run("-m", "interpreter.cli.main", "validate", str(tmp_path / "setting.yaml"),
                    source=source, cwd=installed) for source in (False, True)]
    assert verdicts[0].returncode == verdicts[1].returncode
    assert verdicts[0].stdout + verdicts[0].stderr == verdicts[1].stdout + verdicts[1].stderr
    assert "Traceback" not in verdicts[0].stderr

# The C seed and shuffle (interpreter/engine/_chance.c) against the generator's own methods, in the
# installed build: seeds of every size (and past 64 bits, where seeded() falls back), whole
# and partial shuffles, and the generator's state after each, so the next draw agrees too.
NATIVE_CHECK = """
import random
from interpreter.engine import chance
assert chance.NATIVE is not None, "the C seed and shuffle were not built, or failed their check"
for seed in (0, 1, 2, -1, 255, 2**31, 2**32 - 1, 2**32, 2**40 + 7, -2**50, 2**63 - 1, -2**63,
             2**64, 2**200 + 1, 20261204):
    ours, theirs = chance.seeded(seed), random.Random(seed)
    assert ours.getstate() == theirs.getstate(), seed
    for size, count in ((0, None), (1, None), (2, None), (108, None), (1000, None), (112, 4),
                        (108, 0), (9, 20), (700, 699), (3000, None)):
        mine, reference = list(range(size)), list(range(size))
        chance.shuffle(ours, mine, count)
        if count is None:
            theirs.shuffle(reference)
        else:
            for i in reversed(range(max(1, size - count), size)):
                j = theirs._randbelow(i + 1)
                reference[i], reference[j] = reference[j], reference[i]
        assert mine == reference, (seed, size, count)
        assert ours.getstate() == theirs.getstate(), (seed, size, count)
print("same")
"""


def test_the_c_seed_and_shuffle_draw_as_the_generator_does(compiled):
    result = run("-c", NATIVE_CHECK, source=False, cwd=compiled)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "same"


# Every scenario (they copy games to try answers, as the RL environments and OpenSpiel's
# game do) and a clone of a game of every bundled ruleset, in the installed build: a
# compiled object in the state that cannot be deep-copied broke these there and only there.
SCENARIOS_AND_CLONES = """
import sys
from pathlib import Path
from interpreter import GameState, load_ruleset
from interpreter.playing.agents import HeuristicAgent
from interpreter.playing.match import play_match
from interpreter.scenarios.scenario import Scenario
failed = []
for folder in sys.argv[1:]:
    for path in sorted(Path(folder).rglob("*.yaml")):
        outcome = Scenario(path).run()
        if not outcome.passed:
            failed.append(f"{path}: {[f.message for f in outcome.failures]}")
for name in ("classic", "mario_kart", "uno_flip", "no_mercy", "crazy_eights",
             "classic+house/stacking+house/challenge+house/seven_o+house/jump_in"):
    rules = load_ruleset(name, {"hands": 1})
    game = GameState(rules, seed=5)
    agents = [HeuristicAgent(seat) for seat in range(game.players)]
    for _ in range(12):
        decision = game.decision
        answer = None if decision.seat is None else agents[decision.seat].decide(game, decision)
        game.apply(answer)
    twin = game.clone()
    ends = [play_match(g, [HeuristicAgent(7 + s) for s in range(g.players)]).scores
            for g in (game, twin)]
    if ends[0] != ends[1]:
        failed.append(f"{name}: the clone played on differently")
print("\\n".join(failed) or "all passed")
"""


def test_scenarios_and_clones_pass_in_the_installed_build(compiled):
    result = run("-c", SCENARIOS_AND_CLONES, str(ROOT / "examples" / "scenarios"),
                 str(ROOT / "tests" / "scenarios"), source=False, cwd=compiled)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "all passed"


# The rules' and the engine's own tests, run again on the installed build, in two groups
# that xdist runs side by side (about 30 and 45 s). The suite runs on the pure-Python source;
# faults of the compiled build alone (a rule that never ran, a clone that failed) showed only
# when it ran there. Left out: the worker-killing runs, timed for the source (the reference,
# which must not read the docstrings mypyc drops, is compared below).
ON_THE_COMPILED_BUILD = {
    "rules": ["games/test_classic_rules.py", "building/test_house_rules.py",
              "games/test_mario_kart.py", "language/test_loops_and_events.py",
              "games/test_two_sided.py", "games/test_crazy_eights.py",
              "engine/test_work_budget.py", "engine/test_card_choices.py",
              "engine/test_uno_call.py", "engine/test_jump_in.py", "engine/test_dealing.py",
              "presenting/test_explain.py", "playing/test_bots.py"],
    "engine": ["building/test_rules.py", "engine/test_seats.py", "language/test_variables.py",
               "language/test_primitives.py", "engine/test_properties.py",
               "frontends/rl/test_openspiel_game.py",
               "frontends/rl/test_rl_envs.py", "language/test_dsl.py", "loading/test_loader.py",
               "engine/test_fast_paths.py", "playing/test_replay.py"],
}


@pytest.mark.parametrize("group", sorted(ON_THE_COMPILED_BUILD))
def test_the_rules_tests_pass_on_the_installed_build(compiled, group):
    env = {key: value for key, value in os.environ.items()
           if key != "PYTHONPATH" and not key.startswith("PYTEST_XDIST")}
    env["HOUSERULES_EXPECT_COMPILED"] = "1"
    files = [str(ROOT / "tests" / name) for name in ON_THE_COMPILED_BUILD[group]]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
         "--rootdir", str(ROOT), *files],
        cwd=compiled, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


def test_the_effect_language_reference_is_the_same_from_the_installed_build(compiled):
    """`python -m interpreter.presenting.reference` on the compiled build, which keeps no
    docstrings, prints docs/effect-language.md as the source does: every description too."""
    result = run("-m", "interpreter.presenting.reference", source=False, cwd=compiled)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (ROOT / "docs" / "effect-language.md").read_text()
