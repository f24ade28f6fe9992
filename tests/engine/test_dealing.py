"""Dealing and exact tables: a hand size that depends on the player count, and tables set up
mid-hand by GameState.from_table (lost and extra turns queued, a penalty pending, earlier
hands' winners)."""

import pytest
from helpers import table, write

from interpreter import GameState, load_ruleset
from interpreter.errors import RulesetError


def test_hand_size_may_depend_on_the_player_count(tmp_path):
    rules = load_ruleset(write(tmp_path, "h.yaml", "extends: classic\nname: h\n"
                                                   "hand_size: max(5, 11 - players)\n"))
    assert rules.hand_sizes[2] == 9 and rules.hand_sizes[4] == 7 and rules.hand_sizes[10] == 5
    game = GameState(rules, players=3, seed=2)
    assert sum(game.hand_sizes()) >= 3 * 8
    with pytest.raises(RulesetError, match="players`, options and constants only"):
        load_ruleset(write(tmp_path, "h2.yaml", "extends: classic\nname: h\nhand_size: top.points\n"))
    with pytest.raises(RulesetError, match="gives 0 for 10 players"):
        load_ruleset(write(tmp_path, "h3.yaml", "extends: classic\nname: h\nhand_size: 10 - players\n"))


def test_a_table_mid_hand_queues_lost_turns_and_extra_turns():
    game = table([["red 3", "red 4"], ["blue 1", "blue 2"], ["green 1", "green 2"]],
                 just_played=True, lost_turns=[0, 1, 0])
    assert game.decision.seat == 2  # seat 1 loses its turn as play passes on
    game = table([["red 3", "red 4"], ["blue 1", "blue 2"], ["green 1", "green 2"]],
                 just_played=True, extra_turn=0)
    assert game.decision.seat == 0


def test_a_table_with_a_pending_penalty_is_answered_or_drawn():
    game = table([["red draw_two", "red 4"], ["blue 1", "blue 2"]],
                 discard=["blue draw_two"], penalty=2, options={"stacking": True})
    assert [c.name for c in game.legal_options() if c != "draw"] == ["red draw_two"]
    game.apply("draw")
    assert game.hand_sizes() == [4, 2] and game.penalty == 0


def test_earlier_winners_count_for_the_match_length_and_tie_break():
    game = table([["red 3"], ["blue 1", "blue 2"]], scores=[0, 100],
                 winners=[1, 0], options={"hands": 3})
    game.apply(game.ruleset.card("red 3"))
    assert game.over and [r.winner for r in game.hand_results] == [1, 0, 0]
