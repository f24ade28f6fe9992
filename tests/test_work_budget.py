"""The game's budget of work (primitives.WORK_PER_GAME): the rules' work past it is an error,
the turns' work ends the hand blocked and the match with it (RULES.md 1)."""

from __future__ import annotations

import json

import pytest

from interpreter import GameState, RuleRuntimeError, load_ruleset
from interpreter.agents import make_agents, play_match
from interpreter.cli import main
from interpreter.primitives import RULES_RESERVE, TURN_WORK, TURNS_MESSAGE, WORK_PER_GAME
from interpreter.scoring import leader
from interpreter.simulate import Summary

CLASSIC = load_ruleset("classic")


def low_budget_game(left: int, seed: int = 3, rules=CLASSIC) -> GameState:
    """A recorded game with `left` steps of its budget above the rules' reserve."""
    game = GameState(rules, players=4, seed=seed, record=True)
    game.work_left = RULES_RESERVE + left
    return game


@pytest.mark.parametrize("left", [0, 1, TURN_WORK, 10 * TURN_WORK, 100 * TURN_WORK])
def test_turns_that_use_up_the_budget_end_the_hand_blocked_and_the_match(left):
    game = low_budget_game(left)
    play_match(game, make_agents("eager", 4, 3))
    assert game.over and game.cut_short and game.hand_results[-1].blocked
    assert game.match_winner == leader(game)
    reasons = [data["reason"] for event, data in game.events if event == "hand_blocked"]
    assert reasons == [TURNS_MESSAGE]
    assert game.work_left < RULES_RESERVE


def test_each_turn_and_each_card_in_the_hand_to_play_is_charged():
    game = GameState(CLASSIC, players=4, seed=3)
    before, turns = game.work_left, game.turns
    while game.turns == turns:
        game.apply(game.legal_options()[0])
    # The next seat's turn began and it was asked, on its seven cards.
    assert before - game.work_left >= TURN_WORK + 7 // 2


def test_the_rules_own_work_past_the_budget_is_still_an_error():
    game = GameState(CLASSIC, players=4, seed=3)
    game.work_left = 5
    with pytest.raises(RuleRuntimeError, match="more work than one game may"):
        game.spend(10)


def test_a_full_budget_is_far_more_than_a_bundled_match_with_heuristic_bots_spends():
    game = GameState(CLASSIC, players=4, seed=5)
    play_match(game, make_agents("heuristic", 4, 5))
    assert not game.cut_short and WORK_PER_GAME - game.work_left < RULES_RESERVE


def test_a_summary_counts_blocked_hands_and_matches_cut_short():
    summary = Summary("classic", 4, 0, {}, wins=[0] * 4)
    for left in (0, 10 ** 7):
        game = low_budget_game(left)
        play_match(game, make_agents("eager", 4, 3))
        summary.add(game)
    other = Summary("classic", 4, 0, {}, wins=[0] * 4)
    other.merge(summary)
    report = other.as_dict()
    assert (report["matches_cut_short"], report["blocked_hands"]) == (1, 1)


def test_simulate_says_how_many_matches_were_cut_short(tmp_path, capsys):
    path = tmp_path / "tiny.yaml"
    # A deck nobody can go out of quickly: every hand runs to the turns guard.
    path.write_text("extends: classic\nname: tiny\nlimits: {turns_per_hand: 1000}\n"
                    'playable: "false"\n')
    assert main(["simulate", str(path), "--games", "2", "--jobs", "1", "--seed", "1"]) == 0
    text = capsys.readouterr().out
    assert "hands ended blocked:" in text
    assert main(["simulate", str(path), "--games", "2", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["blocked_hands"] >= 2 and report["matches_cut_short"] == 0
