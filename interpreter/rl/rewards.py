"""What a seat is paid when an episode ends: the hand's points, or winning the match.

Per hand, the winner gets the points the hand scored and every other seat loses the points
of the cards it holds (together, the same points: zero-sum); a ruleset that scores every
seat (scoring.seat_scores) pays each seat what it scored; where the lowest total wins
(match.winner: lowest), each seat is paid minus what it scored. Per match, the winner gets 1 and
each other seat loses 1/(seats - 1).
"""

from __future__ import annotations

from interpreter.building.compiled import Ruleset
from interpreter.building.ruleset import load_ruleset

REWARDS = ("hand", "match")


def rules_of(ruleset, options=None, reward: str = "hand") -> Ruleset:
    """A loaded ruleset: `ruleset` itself, or loaded by name or path with `options`."""
    if isinstance(ruleset, Ruleset):
        if options:
            raise ValueError("options are given when a ruleset is loaded, not with a Ruleset")
        return ruleset
    return load_ruleset(str(ruleset), dict(options or {}))


def paid(game, reward: str) -> list:
    """Per seat, what an episode of `reward` (one of REWARDS) that just ended pays."""
    return hand_rewards(game) if reward == "hand" else match_rewards(game)


def zero_sum(rules: Ruleset, reward: str) -> bool:
    """Whether what `paid` pays always sums to zero for `rules`: the match reward does, and
    the hand's where the winner scores the points the others hold (the rules say nothing
    else: no score of every seat, no lowest total winning, no teams, whose winner is not
    paid its partners' cards)."""
    if reward == "match":
        return True
    return not rules.lowest_wins and rules.seat_scoring is None and not rules.team_size


def hand_rewards(game) -> list:
    """Per seat, the points of the hand that just ended (with match.winner lowest, minus
    what each seat scored: a point is then a loss)."""
    result = game.hand_results[-1]
    if game.rules.lowest_wins:
        scored = result.seats or [result.points if seat == result.winner else 0
                                  for seat in range(game.players)]
        return [-float(points) for points in scored]
    if result.seats:  # every seat scored its own points
        return [float(points) for points in result.seats]
    held = [float(sum(card.points for card in hand)) for hand in game.hands]
    return [float(result.points) if seat == result.winner else -held[seat]
            for seat in range(game.players)]


def match_rewards(game) -> list:
    """Per seat: 1 for the match's winner, -1/(seats - 1) for each other seat."""
    loss = -1.0 / (game.players - 1)
    return [1.0 if seat == game.match_winner else loss for seat in range(game.players)]
