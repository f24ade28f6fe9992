"""What a seat is paid when an episode ends: winning the hand (the default for learning), the
hand's points, or winning the match. One function, `paid`, for every environment and the
OpenSpiel game.

Every reward is zero-sum and pays partners alike: in a ruleset played in teams (`teams:`,
partners sitting evenly apart) a team is paid as one and each of its seats gets the team's
reward; without teams each seat is a team of its own.

- `win`: +1 to the hand's winner (its team), and -1/(teams - 1) to each other team: +1 and -1
  with two seats.
- `hand`: the hand's points. The winner's team gets the points the hand scored and the other
  teams lose them, shared in proportion to the points their seats hold (alike if they hold
  none): where the winner scores the cards left in the others' hands, each loser loses its
  own cards' points. A ruleset that scores every seat
  (scoring.seat_scores) pays each team what its seats scored less the teams' mean; where the
  lowest total wins (match.winner: lowest), a point is a loss.
- `match`: +1 to the match's winner (its team), -1/(teams - 1) to each other team.
"""

from __future__ import annotations

from interpreter.building.compiled import Ruleset
from interpreter.building.ruleset import load_ruleset

REWARDS = ("win", "hand", "match")
DEFAULT_REWARD = "win"  # the default for learning: ±1 for a single hand


def rules_of(ruleset, options=None, reward: str = DEFAULT_REWARD) -> Ruleset:
    """A loaded ruleset: `ruleset` itself, or loaded by name or path with `options`."""
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    if isinstance(ruleset, Ruleset):
        if options:
            raise ValueError("options are given when a ruleset is loaded, not with a Ruleset")
        return ruleset
    return load_ruleset(str(ruleset), dict(options or {}))


def teams(game) -> list[int]:
    """Each seat's team: seat s plays with the seats s + k * teams (no teams: its own)."""
    size = game.rules.team_size
    count = game.players // size if size else game.players
    return [seat % count for seat in range(game.players)]


def outcome_bounds(rules: Ruleset, players: int) -> tuple[float, float]:
    """The least and most a seat is paid under `win` or `match` (OpenSpiel's utilities)."""
    count = players // rules.team_size if rules.team_size else players
    return (-1.0 / (count - 1) if count > 1 else -1.0), 1.0


def per_seat(team: list[int], by_team: list[float]) -> list[float]:
    """Each seat paid its team's reward."""
    return [float(by_team[t]) for t in team]


def balanced(by_team: list[float]) -> list[float]:
    """`by_team` with the last team paid what the others leave, so that the rewards, summed
    seat by seat, are exactly zero in floating point (193 points shared 88 / 105 are not, to
    1e-14); the last team's reward moves by a rounding error at most."""
    paid = [float(value) for value in by_team[:-1]]
    return paid + [-sum(paid)]


def won(game, winner: int | None) -> list[float]:
    """+1 to `winner`'s team, -1/(teams - 1) to each other team (0 to all with one team)."""
    team = teams(game)
    count = max(team) + 1
    if count < 2 or winner is None:
        return [0.0] * game.players
    loss = -1.0 / (count - 1)
    return per_seat(team, [1.0 if t == team[winner] else loss for t in range(count)])


def win_rewards(game) -> list[float]:
    """The `win` reward of the hand that just ended."""
    return won(game, game.hand_results[-1].winner)


def match_rewards(game) -> list[float]:
    """The `match` reward of the match that just ended."""
    return won(game, game.match_winner)


def hand_rewards(game) -> list[float]:
    """Per seat, the points of the hand that just ended as the ruleset scores them, each seat
    alone (with match.winner lowest, minus what each seat scored: a point is then a loss);
    `points_rewards` makes them zero-sum and pays teams."""
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


def points_rewards(game) -> list[float]:
    """The `hand` reward (its points, zero-sum, teams paid as one) of the hand just ended."""
    result = game.hand_results[-1]
    team = teams(game)
    count = max(team) + 1
    if result.seats or game.rules.lowest_wins:  # each seat scored: each team less the mean
        totals = [0.0] * count
        for seat, points in enumerate(hand_rewards(game)):
            totals[team[seat]] += points
        mean = sum(totals) / count
        return per_seat(team, balanced([total - mean for total in totals]))
    held = [0.0] * count
    for seat, hand in enumerate(game.hands):
        held[team[seat]] += sum(card.points for card in hand)
    winners = team[result.winner]
    losers = [t for t in range(count) if t != winners]
    if not losers:
        return [0.0] * game.players
    points = float(result.points)
    total = sum(held[t] for t in losers)
    return per_seat(team, balanced([points if t == winners else
                                    -points * (held[t] / total if total else 1.0 / len(losers))
                                    for t in range(count)]))


PAYS = {"win": win_rewards, "hand": points_rewards, "match": match_rewards}


def paid(game, reward: str) -> list[float]:
    """Per seat, what the episode that just ended pays under `reward` (REWARDS)."""
    return PAYS[reward](game)
