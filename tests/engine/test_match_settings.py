"""The match as data (issue 44, point 4): who wins (match.winner), when the match ends
(match.ends_when), how a tie is settled (match.tie), and the front ends' words for it."""

from __future__ import annotations

import pytest
from helpers import table, variant

from interpreter.errors import RulesetError
from interpreter.presenting.explain import explain
from interpreter.presenting.narrate import Narrator
from interpreter.rl.rewards import hand_rewards

LOW = """
scoring:
  winner_scores: null
  seat_scores: sum(c.points for c in hand(player))
match:
  winner: lowest
  hands: 1
"""
# Seat 0 goes out with red 1; seat 1 keeps two cards (5 points), seat 2 one (5 points).
HANDS = [["red 1"], ["blue 2", "blue 3"], ["green 5"]]


def out_with_red_1(game):
    game.apply(next(o for o in game.decision.options if getattr(o, "name", "") == "red 1"))
    return game


@pytest.mark.parametrize("tie, winner", [
    ("last_hand_winner", 1),  # neither won a hand: the first of them
    ("fewest_cards", 2),
    ("play_on", None),  # another hand is dealt
])
def test_a_tie_for_the_lowest_total_is_settled_as_match_tie_says(tmp_path, tie, winner):
    rules = variant(tmp_path, LOW + f"  tie: {tie}\n")
    game = out_with_red_1(table(HANDS, rules, scores=[100, 0, 0]))
    assert game.scores == [100, 5, 5]
    assert game.match_winner == winner and game.over == (winner is not None)


def test_the_lowest_total_wins_and_the_match_over_event_says_so(tmp_path):
    rules = variant(tmp_path, LOW)
    game = out_with_red_1(table(HANDS, rules, scores=[100, 3, 0], record=True))
    assert game.match_winner == 2
    over = [data for event, data in game.events if event == "match_over"]
    assert over == [{"winner": 2, "scores": [100, 8, 5], "lowest": True}]
    assert Narrator(["You", "Bot 1", "Bot 2"]).on_match_over(**over[0]) == \
        "Bot 2 wins the match with the lowest total, 5 points."
    assert hand_rewards(game) == [-0.0, -5.0, -5.0]


def test_the_highest_total_wins_by_default_and_the_event_is_as_before():
    game = out_with_red_1(table(HANDS, options={"hands": 1}, scores=[0, 50, 0], record=True))
    assert game.match_winner == 1
    assert [data for event, data in game.events if event == "match_over"] == \
        [{"winner": 1, "scores": [10, 50, 0]}]


@pytest.mark.parametrize("at, over", [(11, False), (10, True)])
def test_ends_when_ends_the_match_instead_of_the_target(tmp_path, at, over):
    rules = variant(tmp_path, f"match:\n  ends_when: any(s in everyone if score(s) >= {at})\n")
    game = out_with_red_1(table(HANDS, rules))
    assert game.scores == [10, 0, 0]  # the winner's: the others' 2 + 3 + 5
    assert game.over == over and game.match_winner == (0 if over else None)


def test_hands_decides_before_ends_when(tmp_path):
    rules = variant(tmp_path, "match:\n  hands: 2\n  ends_when: \"true\"\n")
    game = out_with_red_1(table(HANDS, rules))
    assert not game.over


def test_ends_when_must_be_a_condition(tmp_path):
    with pytest.raises(RulesetError, match=r"mine\.yaml:4:.*ends_when.*a condition is true"):
        variant(tmp_path, "match:\n  ends_when: player\n")


@pytest.mark.parametrize("value", ["low", "fewest"])
def test_winner_and_tie_take_their_words_only(tmp_path, value):
    for key in ("winner", "tie"):
        with pytest.raises(RulesetError, match=rf"match\.{key}"):
            variant(tmp_path, f"match:\n  {key}: {value}\n")


def test_a_team_game_scored_low_is_written_in_its_own_file(tmp_path):
    rules = variant(tmp_path, "scoring: {winner_scores: null}\n",
                    extends="[classic, house/partners, house/low_score]")
    game = out_with_red_1(table([*HANDS, ["yellow 7"]], rules, options=None,
                                scores=[0, 0, 0, 0]))
    assert game.scores == [0, 5, 5, 7]  # each seat its own; a team's total is the pair's
    assert not game.over


@pytest.mark.parametrize("ruleset, words", [
    ("classic+house/low_score", "The match: when a total reaches 500 points, the lowest total wins."),
    ("classic+house/elimination", "The match ends when there is no seat in the seats still in "
                                  "the match where the match total of that seat is less than 500"),
    ("examples/house_rules/golf.yaml", "A tie for the win is played on, hand after hand, until "
                                      "it is broken."),
])
def test_explain_says_who_wins_the_match(ruleset, words):
    from interpreter.building.ruleset import load_ruleset
    assert words in " ".join(explain(load_ruleset(ruleset)).split())
