"""Playing matches between agents, and summarising many of them."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .agents import make_agents
from .engine import GameState


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
    """Running totals over simulated matches."""

    ruleset: str
    players: int
    seed: int
    options: dict
    games: int = 0
    wins: list = field(default_factory=list)
    hands: int = 0
    turns: int = 0
    seconds: float = 0.0

    def add(self, game: GameState) -> None:
        self.games += 1
        self.wins[game.match_winner] += 1
        self.hands += len(game.hand_results)
        self.turns += sum(r.turns for r in game.hand_results)

    def as_dict(self) -> dict:
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "games": self.games,
            "wins": self.wins,
            "mean_turns_per_hand": self.turns / self.hands if self.hands else 0.0,
            "mean_hands_per_match": self.hands / self.games if self.games else 0.0,
            "seconds": round(self.seconds, 3),
            "games_per_second": self.games / self.seconds if self.seconds else 0.0,
        }


def simulate(ruleset, games: int = 1000, players: int | None = None, seed: int = 0,
             bots: str = "random") -> Summary:
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
