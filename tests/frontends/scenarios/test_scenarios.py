"""Scenario files: every bundled example passes; broken ones fail or are refused clearly."""

import json
import time

import pytest
from checkout import ROOT

from interpreter.cli.main import main
from interpreter.scenarios.files import ScenarioError, find_scenarios
from interpreter.scenarios.scenario import Scenario

EXAMPLES = sorted(find_scenarios([ROOT / "examples" / "scenarios"]))
# A rules lawyer's suite, written black-box from docs/game-rules.md sections 1-3 (one rule
# point or interaction each), kept as regression tests.
RULES_SUITE = sorted(find_scenarios([ROOT / "tests" / "scenarios"]))
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


@pytest.mark.parametrize("path", RULES_SUITE, ids=lambda p: str(p.relative_to(ROOT / "tests")))
def test_rules_scenario_passes(path):
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


# --- format version 2 ---------------------------------------------------------------------

@pytest.mark.parametrize("old, new, message", [
    ("  turn: 0", "  turn: 0\n  color: purple", "'purple' is not a colour of mario_kart"),
    ("top: yellow 9, ", "top: yellow 99, ", "no card 'yellow 99'"),
    ("hand_sizes: [2, 2, 4]", "discard: [red 3, purple 9]", "no card 'purple 9'"),
    ("top: yellow 9, ", "top: {not: yelow 9}, ", "no card 'yelow 9'"),
    ("hand_sizes: [2, 2, 4]", "color: {one_of: [red, mauve]}", "unknown"),
    ("  turn: 0", "  turn: 0\n  uncalled: 5", "seat 5 is not at this table"),
    ("  turn: 0", "  turn: 0\n  lost_turns: [0, 1]", "one count per seat"),
    ("hand_sizes: [2, 2, 4]", "hands: {7: [red 1]}", "7 is not a seat at this table of 3"),
    ("  turn: 0", "  turn: 99", "seat 99 is not at this table of 3"),
    ("  turn: 0", "  turn: 0\n  dealer: 3", "seat 3 is not at this table of 3"),
    ("  turn: 0", "  turn: 0\n  scores: [1, 2]", "scores needs one score per seat (3)"),
])
def test_a_bad_name_in_a_v2_key_is_refused_at_load(tmp_path, old, new, message):
    path = variant(tmp_path, old, new)
    try:
        Scenario(path)
    except ScenarioError as err:
        assert message in str(err) or message == "unknown" and "mauve" in str(err)
        assert err.line is not None
        return
    except Exception as err:  # a schema error is a ScenarioError too; anything else is a bug
        raise AssertionError(f"not a ScenarioError: {err!r}") from err
    raise AssertionError("the scenario was accepted")


@pytest.mark.parametrize("expect, passes, shown", [
    ("{top: {not: yellow 9}}", False, "top: expected not 'yellow 9', got 'yellow 9'"),
    ("{top: {one_of: [red 3, yellow 9]}}", True, ""),
    ("{turn: {one_of: [0, 2]}}", False, "turn: expected one of [0, 2], got 1"),
    # Seat 2 draws red 1, then the discard (but its top) is reshuffled for its second card.
    ("{discard: [yellow 9], stock: {one_of: [[red 3], [wild_item_box]]}}", True, ""),
    ("{stock_top: [yellow 9]}", False, "stock_top: expected ['yellow 9'], got"),
    ("{events: [play, turn_over, reshuffle, {draw: {seat: 2, count: 2}}]}", True, ""),
    ("{events: [{draw: {seat: 1}}]}", False, "events: expected [{'draw': {'seat': 1}}] in that "
                                             "order, got play(seat=0, card=wild_item_box)"),
    ("{events: {not: [reshuffle]}}", False, "events: expected none of ['reshuffle']"),
    ("{events: {not: [{draw: {seat: 1}}]}}", True, ""),
    ("{options: [draw], penalty: 0, lost_turns: [0, 0, 0]}", True, ""),
    ("{options: [green 7, draw]}", False, "options: expected ['draw', 'green 7'], got ['draw']"),
    ("{extra_turn: null, uncalled: []}", True, ""),
])
def test_v2_expectations(tmp_path, expect, passes, shown):
    path = variant(tmp_path, "  - play: wild_item_box\n  - expect: {top: yellow 9, hand_sizes: "
                             "[2, 2, 4], turn: 1}", f"  - play: wild_item_box\n    expect: {expect}")
    outcome = Scenario(path).run()
    assert outcome.passed == passes, outcome.failures
    if not passes:
        assert shown in outcome.failures[0].message


@pytest.mark.parametrize("step, passes, shown", [
    ("  - play: green 7\n    by: 2\n    refused: true", True, ""),
    ("  - play: green 7\n    by: 2\n    refused: may not act now", True, ""),
    ("  - play: green 7\n    by: 2\n    refused: a reason it does not give", False,
     "refused, but for another reason"),
    ("  - play: green 7\n    by: 2", False, "the step was refused: seat 2 may not act now"),
    ("  - catch: 2\n    refused: true", True, ""),
    ("  - pass\n    ", False, "there is no window to pass"),
])
def test_moves_that_may_not_be_made_are_refused_with_a_reason(tmp_path, step, passes, shown):
    path = variant(tmp_path, "  - expect: {top: yellow 9, hand_sizes: [2, 2, 4], turn: 1}",
                   step)
    outcome = Scenario(path).run()
    assert outcome.passed == passes, outcome.failures
    if not passes:
        assert shown in outcome.failures[0].message


def test_a_table_that_starts_with_a_catch_window(tmp_path):
    path = tmp_path / "catch.yaml"
    path.write_text("""\
name: An uncalled UNO at the start can be caught before the next player begins
ruleset: classic
table:
  hands: [[blue 1, blue 2], [red 3], [green 1, green 2]]
  discard: [red 5]
  stock: [yellow 1, yellow 2, yellow 3]
  turn: 1
  uncalled: 1
steps:
  - expect: {pending: catch, uncalled: [1], by: null}
  - catch: 2
    expect: {hand_sizes: [2, 3, 2], turn: 2, pending: play, events: [{caught: {seat: 1, by: 2}}]}
""")
    outcome = Scenario(path).run()
    assert outcome.passed, outcome.failures


def test_later_hands_are_dealt_from_their_stacked_decks(tmp_path):
    green = ", ".join(f"green {n}" for n in range(1, 8))
    dealt = ", ".join(f"yellow {n}, green {n}" for n in range(1, 8))  # one at a time, seat 1 first
    path = tmp_path / "decks.yaml"
    path.write_text(f"""\
name: The second hand is dealt from its own stacked deck, by the next dealer
ruleset: classic
options: {{hands: 2}}
table:
  hands: [[red 9], [blue 9, blue 8]]
  discard: [red 5]
  stock: [green 9]
  dealer: 1
deal:
  deck: [[{dealt}, red 6]]
steps:
  - play: red 9
    expect: {{hand_over: true, hand_winners: [0]}}
  # The next move deals the second hand first: dealer 0 (the deal passed left), so seat 1
  # is dealt the first card; then seat 1 draws.
  - draw: true
    expect: {{dealer: 0, hands: {{0: [{green}]}}, top: red 6, hand_sizes: [7, 8]}}
""")
    outcome = Scenario(path).run()
    assert outcome.passed, outcome.failures


def test_a_colour_that_is_not_the_rulesets_is_refused_as_an_answer(tmp_path):
    path = tmp_path / "teal.yaml"
    path.write_text("""\
name: A Wild's colour must be one of the ruleset's
ruleset: classic
table: {hands: [[wild, blue 1], [green 1, green 2]], discard: [red 5], stock: [yellow 1]}
steps:
  - play: wild
    color: teal
    refused: not a legal answer
  - {play: wild, color: blue, expect: {color: blue, turn: 1}}
""")
    outcome = Scenario(path).run()
    assert outcome.passed, outcome.failures


def test_expect_open_to_names_the_seats_a_window_is_offered_to(tmp_path):
    path = tmp_path / "open.yaml"
    path.write_text("""\
name: The catch window is open to every other seat, from the next
ruleset: classic
table:
  hands: [[red 7, blue 2], [green 1, green 2], [yellow 1, yellow 2]]
  discard: [red 5]
  stock: [blue 3, blue 4]
steps:
  - {play: red 7, uno: false, expect: {pending: catch, open_to: [1, 2], options: [none, 1, 2]}}
  - {pass: true, expect: {open_to: [], pending: play, by: 1}}
""")
    outcome = Scenario(path).run()
    assert outcome.passed, outcome.failures


def test_a_seat_count_the_ruleset_refuses_is_an_error_at_the_scenario(tmp_path):
    path = tmp_path / "seats.yaml"
    path.write_text("name: x\nruleset: classic\nplayers: 11\ndeal: {deck: []}\nsteps: []\n")
    with pytest.raises(ScenarioError) as info:
        Scenario(path).new_game()
    assert info.value.line == 3 and "classic is for 2 to 10 players, not 11" in str(info.value)


def test_a_thousand_steps_check_in_about_a_thousand_turns_time(tmp_path):
    """Each step once copied the whole game, its events too: a thousand draws took seconds.
    Now a step that cannot be refused half-way is made on the game itself."""
    path = tmp_path / "draws.yaml"
    hands = [["red 1", "red 2"], ["blue 1", "blue 2"], ["yellow 1", "yellow 2"], ["red 4", "red 6"]]
    path.write_text(json.dumps({
        "name": "a thousand draws", "ruleset": "classic",
        "table": {"hands": hands, "discard": ["red 3"], "stock": ["green 1"] * 1000},
        "steps": ["draw"] * 999 + [{"draw": True, "expect": {
            "stock_size": 0, "hand_sizes": [252] * 4, "stock_top": [], "discard": ["red 3"],
            "events": [{"draw": {"seat": 3, "count": 1}}]}}]}))
    start = time.perf_counter()
    outcome = Scenario(path).run()
    assert outcome.passed, outcome.failures
    assert time.perf_counter() - start < 3.5


def test_a_refused_step_after_a_closed_window_leaves_the_window_open(tmp_path):
    """A step that closes a window and is then refused goes back to the copy made before."""
    path = tmp_path / "window.yaml"
    path.write_text("""\
name: refused after the catch window
ruleset: classic
table:
  hands: [[red 7, blue 2], [wild, green 2, red 1], [yellow 1, yellow 2]]
  discard: [red 5]
  stock: [blue 3, blue 4]
steps:
  - {play: red 7, uno: false, expect: {pending: catch}}
  - play: green 2
    refused: "green 2"
    expect: {pending: catch, uncalled: [0], events: {not: [play]}}
  - play: wild
    color: purple
    refused: "purple"
    expect: {pending: catch, hand_sizes: [1, 3, 2], top: red 7, events: {not: [play]}}
  - {play: red 1, expect: {turn: 2, hand_sizes: [1, 2, 2], events: {not: [caught]}}}
""")
    outcome = Scenario(path).run()
    assert outcome.passed, outcome.failures
