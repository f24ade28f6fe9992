"""A simulation's running totals: one Summary per run or chunk of games, in constant memory.

Compiled with the engine (setup.py): taking in a finished game was about 3 microseconds of
the 53 a single-hand game of the basic rules takes, as Python; compiled, a few hundred
instructions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from interpreter.engine.decisions import HandResult
from interpreter.engine.game import GameState
from interpreter.simulate.stats import Running


@dataclass
class Summary:
    """Running totals over simulated matches, in constant memory."""

    ruleset: str
    players: int
    seed: int
    options: dict[str, Any]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    hands: Running = field(default_factory=Running)  # hands per match
    turns: Running = field(default_factory=Running)  # turns per hand
    points: Running = field(default_factory=Running)  # points per hand
    first_wins: Running = field(default_factory=Running)  # 1 when the first to play won the hand
    turn_counts: Counter[int] = field(default_factory=Counter)  # hands by their number of turns
    point_counts: Counter[int] = field(default_factory=Counter)  # hands by the points they scored
    blocked: int = 0  # hands that ended blocked (docs/game-rules.md 1)
    cut_short: int = 0  # matches whose turns used up the game's budget of work
    seconds: float = 0.0

    def add(self, game: GameState) -> None:
        """Take in one finished match."""
        winner = game.match_winner
        if winner is None:
            raise ValueError("a match still in play has no result to take in")
        self.games += 1
        self.wins[winner] += 1
        results: list[HandResult] = game.hand_results
        self.hands.add(len(results))
        self.cut_short += game.cut_short
        turn_counts, point_counts = self.turn_counts, self.point_counts
        for result in results:
            turns, points = result.turns, result.points
            self.blocked += result.blocked
            self.turns.add(turns)
            self.points.add(points)
            self.first_wins.add(1 if result.winner == result.first else 0)
            # get, not a Counter's +=: a new count otherwise goes through Counter.__missing__
            turn_counts[turns] = turn_counts.get(turns, 0) + 1
            point_counts[points] = point_counts.get(points, 0) + 1

    def merge(self, other: "Summary") -> None:
        """Take in the summary of another chunk of games (always merged in chunk order)."""
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        for name in ("hands", "turns", "points", "first_wins"):
            getattr(self, name).merge(getattr(other, name))
        self.turn_counts.update(other.turn_counts)
        self.point_counts.update(other.point_counts)
        self.blocked += other.blocked
        self.cut_short += other.cut_short

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "games": self.games,
            "wins": self.wins,
            "mean_turns_per_hand": self.turns.mean,
            "mean_hands_per_match": self.hands.mean,
            "mean_points_per_hand": self.points.mean,
            "first_seat_win_rate": self.first_wins.mean,
            "blocked_hands": self.blocked,
            "matches_cut_short": self.cut_short,
            "seconds": round(self.seconds, 3),
            "games_per_second": self.games / self.seconds if self.seconds else 0.0,
        }
