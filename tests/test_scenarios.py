"""Scenario files: every bundled example passes; broken ones fail or are refused clearly."""

from pathlib import Path

import pytest

from interpreter.cli import main
from interpreter.scenario import Scenario, ScenarioError, find_scenarios

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(find_scenarios([ROOT / "examples" / "scenarios"]))
BANANA = """\
name: Banana Peel makes the previous player draw two
ruleset: mario_kart
players: 3
seed: 7
table:
  hands:
    - [wild_item_box, red 5, blue 2]
    - [green 7, green 8]
    - [yellow 1, yellow 2]
  discard: [red 3]
  stock: [yellow 9, red 1]
  turn: 0
  direction: 1
steps:
  - play: wild_item_box
  - expect: {top: yellow 9, hand_sizes: [2, 2, 4], turn: 1}
"""


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_example_scenario_passes(path):
    outcome = Scenario(path).run()
    assert outcome.passed, "\n".join(f"step {f.step}: {f.message}\n{f.table}" for f in outcome.failures)


def variant(tmp_path, old, new, name="variant.yaml"):
    """A copy of the banana scenario with one piece of text replaced."""
    text = BANANA
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new))
    return path


def test_wrong_expectation_fails_naming_the_step(tmp_path):
    path = variant(tmp_path, "hand_sizes: [2, 2, 4]", "hand_sizes: [2, 3, 4]")
    outcome = Scenario(path).run()
    assert not outcome.passed
    failure = outcome.failures[0]
    assert failure.step == 2
    assert "expected [2, 3, 4], got [2, 2, 4]" in failure.message
    assert "seat 2:" in failure.table


@pytest.mark.parametrize("old, new, message", [
    ("yellow 9, red 1", "yellow 9, red 11", "no card 'red 11'"),
    ("seed: 7", "sed: 7", "unknown key 'sed'"),
    ("players: 3", "players: 4", "players is 4"),
    ("ruleset: mario_kart", "ruleset: mario_kart_deluxe", "no ruleset named"),
])
def test_malformed_scenario_is_refused_with_file_and_line(tmp_path, old, new, message):
    path = variant(tmp_path, old, new)
    with pytest.raises(ScenarioError if "ruleset" not in message else Exception) as info:
        Scenario(path).new_game()
    text = str(info.value)
    assert message in text
    if "ruleset" not in message:
        assert f"{path.name}:" in text or str(path) in text
        assert info.value.line is not None


def test_refused_step_must_be_refused(tmp_path):
    path = variant(tmp_path, "  - play: wild_item_box",
                   "  - play: green 7\n    refused: true\n  - play: wild_item_box")
    assert Scenario(path).run().passed


def test_accepted_step_marked_refused_fails(tmp_path):
    path = variant(tmp_path, "  - play: wild_item_box",
                   "  - play: red 5\n    refused: true")
    outcome = Scenario(path).run()
    assert "expected the step to be refused" in outcome.failures[0].message


def test_answer_of_the_wrong_kind_fails(tmp_path):
    path = variant(tmp_path, "  - play: wild_item_box", "  - color: red")
    outcome = Scenario(path).run()
    assert "answers a color decision, but a play decision is pending" in outcome.failures[0].message


@pytest.mark.parametrize("old, new, code, shown", [
    ("hand_sizes: [2, 2, 4]", "hand_sizes: [2, 2, 4]", 0, "1 passed, 0 failed"),
    ("hand_sizes: [2, 2, 4]", "hand_sizes: [9, 2, 4]", 1, "FAIL"),
    ("seed: 7", "seeds: 7", 2, "unknown key 'seeds'"),
])
def test_check_command_exit_codes(tmp_path, capsys, old, new, code, shown):
    path = variant(tmp_path, old, new)
    assert main(["check", str(path)]) == code
    captured = capsys.readouterr()
    assert shown in captured.out + captured.err
    assert "Traceback" not in captured.err
