"""Playing matches between agents, and summarising many of them."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from .agents import make_agents
from .engine import GameState
from .stats import Running, difference


def play_match(game: GameState, agents: list) -> GameState:
    """Let the agents answer every decision until the match is over."""
    while not game.over:
        decision = game.decision
        if decision is None:
            game.next_hand()
        elif decision.seat is None:
            game.apply(ask_window(game, decision, agents))
        else:
            game.apply(agents[decision.seat].decide(game, decision))
    return game


def ask_window(game: GameState, decision, agents: list):
    """Offer an out-of-turn window to each seat in order; the first to take it has it."""
    for seat in decision.open_to:
        answer = agents[seat].decide(game, decision.offer(seat))
        if answer is not None:
            return answer
    return None


def game_seed(seed: int, index: int) -> int:
    """Each game's seed, from the master seed and the game's index (same for any split)."""
    return seed * 1_000_003 + index


@dataclass
class Summary:
    """Running totals over simulated matches, in constant memory."""

    ruleset: str
    players: int
    seed: int
    options: dict
    games: int = 0
    wins: list = field(default_factory=list)
    hands: Running = field(default_factory=Running)  # hands per match
    turns: Running = field(default_factory=Running)  # turns per hand
    points: Running = field(default_factory=Running)  # points per hand
    first_wins: Running = field(default_factory=Running)  # 1 when the first to play won the hand
    seconds: float = 0.0

    def add(self, game: GameState) -> None:
        """Take in one finished match."""
        self.games += 1
        self.wins[game.match_winner] += 1
        self.hands.add(len(game.hand_results))
        for result in game.hand_results:
            self.turns.add(result.turns)
            self.points.add(result.points)
            self.first_wins.add(1.0 if result.winner == result.first else 0.0)

    def as_dict(self) -> dict:
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
            "seconds": round(self.seconds, 3),
            "games_per_second": self.games / self.seconds if self.seconds else 0.0,
        }


def simulate(ruleset, games: int = 1000, players: int | None = None, seed: int = 0,
             bots: str = "heuristic") -> Summary:
    """Play `games` matches with bots and summarise them."""
    players = players or ruleset.default_players
    ruleset.check_players(players)
    summary = Summary(ruleset.name, players, seed, dict(ruleset.options), wins=[0] * players)
    make_agents(bots, players, seed)  # refuse a bad --bots before any work
    start = time.perf_counter()
    for index in range(games):
        this_seed = game_seed(seed, index)
        game = GameState(ruleset, players=players, seed=this_seed)
        summary.add(play_match(game, make_agents(bots, players, this_seed)))
    summary.seconds = time.perf_counter() - start
    return summary


# What `compare` reports: (label, key in the summary, how to show a value).
MEASURES = (
    ("turns per hand", "turns", "{:.2f}"),
    ("first-seat win rate", "first_wins", "{:.1%}"),
    ("points per hand", "points", "{:.1f}"),
)


def compare(a, b, games: int = 2000, players: int | None = None, seed: int = 0,
            bots: str = "heuristic") -> dict:
    """Play `games` single hands of each ruleset and report each measure with its difference."""
    sides = [simulate(replace(rules, hands=1), games, players, seed, bots) for rules in (a, b)]
    report = {"games": games, "players": sides[0].players, "seed": seed, "bots": bots,
              "a": {"ruleset": a.name, "options": dict(a.options)},
              "b": {"ruleset": b.name, "options": dict(b.options)}, "measures": {}}
    for label, key, _ in MEASURES:
        left, right = getattr(sides[0], key), getattr(sides[1], key)
        diff, low, high = difference(left, right)
        report["measures"][label] = {
            "a": {"mean": left.mean, "ci95": list(left.interval())},
            "b": {"mean": right.mean, "ci95": list(right.interval())},
            "difference": {"mean": diff, "ci95": [low, high]},
        }
    return report
