"""The standings at the end of a match (issue 45, point 7): each seat or team, best first as
the ruleset ranks them (the highest total, or the lowest with match.winner lowest), seats
out of the match after those still in, the winner first, ties sharing a place."""

from __future__ import annotations

import pytest

from interpreter import load_ruleset
from interpreter.engine.game import GameState
from interpreter.presenting.standings import standings, standings_text

NAMES = ["Ann", "Bo", "Cy", "Di"]

CASES = [
    # (ruleset, scores, out, winner, expected lines: (place, seats, total, out, winner))
    ("classic", [120, 520, 40, 300], [False] * 4, 1,
     [(1, (1,), 520, False, True), (2, (3,), 300, False, False), (3, (0,), 120, False, False),
      (4, (2,), 40, False, False)]),
    # match.winner lowest, a seat eliminated: those still in first, the lowest on top.
    ("classic+house/elimination", [510, 90, 200, 90], [True, False, False, False], 3,
     [(1, (3,), 90, False, True), (2, (1,), 90, False, False), (3, (2,), 200, False, False),
      (4, (0,), 510, True, False)]),
    # No Mercy: knocked out seats are out, whatever they hold.
    ("no_mercy", [0, 0, 0, 0], [False, True, False, True], 0,
     [(1, (0,), 0, False, True), (2, (2,), 0, False, False), (3, (1,), 0, True, False),
      (3, (3,), 0, True, False)]),
    # Partners: a team's total, its seats together.
    ("classic+house/partners", [200, 30, 310, 0], [False] * 4, 0,
     [(1, (0, 2), 510, False, True), (2, (1, 3), 30, False, False)]),
]


@pytest.mark.parametrize("ruleset, scores, out, winner, expected", CASES)
def test_the_standings_rank_seats_as_the_ruleset_does(ruleset, scores, out, winner, expected):
    game = GameState(load_ruleset(ruleset), players=4, seed=1)
    game.scores, game.out, game.over, game.match_winner = scores, out, True, winner
    assert [tuple(line) for line in standings(game)] == expected


def test_the_standings_in_words():
    game = GameState(load_ruleset("classic+house/partners"), players=4, seed=1)
    game.scores, game.over, game.match_winner = [200, 30, 310, 1], True, 0
    assert standings_text(game, NAMES) == ["1. Ann and Cy: 510 points (wins)",
                                           "2. Bo and Di: 31 points"]
