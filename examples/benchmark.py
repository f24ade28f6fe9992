"""Simulation throughput: single-hand four-player matches, timed on one core.

    python examples/benchmark.py [--games N] [--seed S]

Prints games per second and turns per game for each bundled ruleset and bot kind.
"""

from __future__ import annotations

import argparse
import time

from interpreter import load_ruleset, simulate


def measure(ruleset: str, bots: str, games: int, seed: int) -> dict:
    """Time `games` single-hand matches of `ruleset` between `bots`."""
    rules = load_ruleset(ruleset, {"hands": 1})
    start = time.perf_counter()
    summary = simulate(rules, games=games, players=4, seed=seed, bots=bots).as_dict()
    seconds = time.perf_counter() - start
    return {"ruleset": ruleset, "bots": bots, "games": games, "seconds": seconds,
            "games_per_second": games / seconds, "turns_per_game": summary["mean_turns_per_hand"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'ruleset':<12} {'bots':<10} {'games':>7} {'games/s':>9} {'turns/game':>11}")
    for ruleset in ("classic",):
        for bots in ("heuristic", "random"):
            games = args.games if bots == "heuristic" else max(1, args.games // 20)
            row = measure(ruleset, bots, games, args.seed)
            print(f"{row['ruleset']:<12} {row['bots']:<10} {row['games']:>7} "
                  f"{row['games_per_second']:>9.1f} {row['turns_per_game']:>11.1f}")


if __name__ == "__main__":
    main()
