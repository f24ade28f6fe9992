"""Crazy Eights under uniformly random play: houserules' `crazy_eights` ruleset against
OpenSpiel's `crazy_eights` game, on three outcome statistics with 95% intervals, and speed.

OpenSpiel is driven as its own examples drive it (open_spiel/python/examples/example.py):
`new_initial_state`, then `chance_outcomes` sampled by their probabilities at chance nodes
and a uniform choice among `legal_actions` at decision nodes, until `is_terminal`. Both sides
draw from Python's `random.Random`; houserules' random bots pick uniformly among the legal
answers, as OpenSpiel's uniform random agent does.

The statistics: the mean number of cards played per game (the first card turned does not
count), the share of games that end by a player going out, and the share won by the seat
that moved first. A game that ends otherwise (max_turns cards played, or players + 1 passes
with an empty stock) is won, as houserules decides a blocked hand, by the seat holding the
fewest points (8: 50; J, Q, K, A, 10: 10; others their face value, as OpenSpiel's
documentation has it), a tie going to the tied seat that played last. OpenSpiel's own
returns value cards at their index + 2 (docs/game-rules.md section 6), so its final hands are
read from its observation tensors and scored the documented way.

    /tmp/bench/bin/python examples/openspiel_compare.py            # 20,000 games each
    /tmp/bench/bin/python examples/openspiel_compare.py --games 2000 --json

OpenSpiel (the `open_spiel` package on PyPI, in the `rl` extra) and houserules are installed
in an environment of the benchmark's own, from the checkout: `python -m venv /tmp/bench &&
/tmp/bench/bin/pip install . open_spiel` (PYTHONPATH=CHECKOUT runs a checkout's source instead).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time

import interpreter
from interpreter.building.ruleset import load_ruleset
from interpreter.engine.game import GameState
from interpreter.playing.agents import RandomAgent

ROUND = 1000  # games per round: the two engines alternate, so a slow spell hits both
STATS = (("cards_played", "mean cards played per game"),
         ("went_out", "share ending by a player going out"),
         ("first_won", "share won by the first player to move"))
NUM_SUITS, EIGHT, TEN = 4, 6, 8  # OpenSpiel's card index: rank * 4 + suit; rank 0 is a 2


class Tally:
    """Running sums of the per-game figures of one engine."""

    def __init__(self):
        self.games = 0
        self.sums = {name: 0.0 for name, _ in STATS}
        self.squares = {name: 0.0 for name, _ in STATS}
        self.seconds = 0.0

    def add(self, played: int, went_out: bool, first_won: bool) -> None:
        """Count one game."""
        self.games += 1
        for name, value in (("cards_played", played), ("went_out", went_out),
                            ("first_won", first_won)):
            self.sums[name] += value
            self.squares[name] += value * value

    def interval(self, name: str) -> tuple:
        """Mean, and the half-width of its 95% interval."""
        n = self.games
        mean = self.sums[name] / n
        variance = max(0.0, self.squares[name] / n - mean * mean) * n / max(1, n - 1)
        return mean, 1.96 * math.sqrt(variance / n)


def houserules_round(rules, players: int, seeds: range, tally: Tally) -> None:
    """Play one seeded game per seed with random bots, timed."""
    start = time.perf_counter()
    for seed in seeds:
        game = GameState(rules, players, seed=seed)
        agent = RandomAgent(random.Random(seed))  # one generator for the table's bots
        played = 0
        while game.decision is not None:
            decision = game.decision
            answer = agent.decide(game, decision)
            if decision.kind == "play" and hasattr(answer, "rules"):
                played += 1
            game.apply(answer)
        result = game.hand_results[0]
        tally.add(played, not result.blocked, result.winner == result.first)
    tally.seconds += time.perf_counter() - start


def documented_points(card: int) -> int:
    """A card's value by OpenSpiel's documentation (its code uses the card index + 2)."""
    rank = card // NUM_SUITS
    return 50 if rank == EIGHT else 10 if rank >= TEN else rank + 2


def openspiel_round(game, seeds: range, tally: Tally) -> None:
    """Play one game of OpenSpiel's per seed, as its examples drive it, timed."""
    players = game.num_players()
    decks = 2 if players > 5 else 1
    start = time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        first = None
        played = 0
        last_play = [-1] * players
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probabilities)[0])
                continue
            player = state.current_player()
            action = rng.choice(state.legal_actions(player))
            if first is None:
                first = player
            if action < 52:
                last_play[player] = played
                played += 1
            state.apply_action(action)
        held = []
        for player in range(players):
            tensor = state.observation_tensor(player)
            held.append([(card, count) for card in range(52) for count in range(1, decks + 1)
                         if tensor[card * (decks + 1) + count]])
        out = [player for player in range(players) if not held[player]]
        if out:
            winner = out[0]
        else:
            points = [sum(documented_points(card) * count for card, count in hand)
                      for hand in held]
            tied = [player for player in range(players) if points[player] == min(points)]
            winner = max(tied, key=lambda player: (last_play[player], -player))
        tally.add(played, bool(out), winner == first)
    tally.seconds += time.perf_counter() - start


def compare(games: int, seed: int, players: int, progress: bool) -> dict:
    """Both engines, `games` each, in alternating rounds; the figures as a dict."""
    import pyspiel

    rules = load_ruleset("crazy_eights")
    spiel = pyspiel.load_game("crazy_eights", {"players": players})
    ours, theirs = Tally(), Tally()
    shown = time.monotonic()
    for begin in range(0, games, ROUND):
        seeds = range(seed + begin, seed + min(games, begin + ROUND))
        houserules_round(rules, players, seeds, ours)
        openspiel_round(spiel, seeds, theirs)
        if progress and (time.monotonic() - shown > 2 or seeds.stop == seed + games):
            shown = time.monotonic()
            # On a terminal the line is rewritten in place; elsewhere one line per update.
            end = "" if sys.stderr.isatty() else "\n"
            print(f"\r{seeds.stop - seed:,}/{games:,} games of each", end=end,
                  file=sys.stderr, flush=True)
    if progress and sys.stderr.isatty():
        print(file=sys.stderr)
    result: dict = {"games": games, "seed": seed, "players": players,
                    "openspiel_parameters": {k: v for k, v in spiel.get_parameters().items()},
                    "houserules_compiled": bool(interpreter.COMPILED), "statistics": {}}
    for name, words in STATS:
        mean_h, half_h = ours.interval(name)
        mean_o, half_o = theirs.interval(name)
        half_d = math.hypot(half_h, half_o)
        result["statistics"][name] = {
            "what": words,
            "houserules": [mean_h, half_h], "openspiel": [mean_o, half_o],
            "difference": [mean_h - mean_o, half_d],
            "agree": abs(mean_h - mean_o) <= half_d}
    result["games_per_second"] = {"houserules": ours.games / ours.seconds,
                                  "openspiel": theirs.games / theirs.seconds}
    return result


def table(result: dict) -> str:
    """The comparison as a text table."""
    lines = [f"Crazy Eights, uniformly random play: {result['games']:,} games of each, "
             f"{result['players']} players, seed {result['seed']}",
             f"houserules engine {'compiled (mypyc)' if result['houserules_compiled'] else 'pure Python'}"
             f"; OpenSpiel {result['openspiel_parameters']}", "",
             f"{'statistic':40} {'houserules':>17} {'OpenSpiel':>17} {'difference':>17}  agree"]
    for name, row in result["statistics"].items():
        cells = [f"{mean:.3f} ± {half:.3f}" for mean, half in
                 (row["houserules"], row["openspiel"], row["difference"])]
        lines.append(f"{row['what']:40} {cells[0]:>17} {cells[1]:>17} {cells[2]:>17}  "
                     f"{'yes' if row['agree'] else 'NO'}")
    speed = result["games_per_second"]
    lines += ["", f"games/second: houserules {speed['houserules']:,.0f}, "
                  f"OpenSpiel {speed['openspiel']:,.0f}"]
    return "\n".join(lines)


def main(argv=None) -> int:
    """Run the comparison and print it; exit status 1 when a statistic disagrees."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20_000, help="games of each engine")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    result = compare(args.games, args.seed, args.players, sys.stderr.isatty() or args.games > ROUND)
    print(json.dumps(result, indent=2) if args.json else table(result))
    return 0 if all(row["agree"] for row in result["statistics"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
