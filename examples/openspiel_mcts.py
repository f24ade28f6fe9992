"""OpenSpiel's MCTS playing houserules variants: MCTS against a uniformly random player, one
hand of two-player UNO per game, on classic and on classic with a house rule (stacking),
printing MCTS's win rate with a 95% interval.

    pip install '.[rl]'                                    # once: OpenSpiel, in the `rl` extra
    python examples/openspiel_mcts.py                      # 20 games per variant, about a minute
    python examples/openspiel_mcts.py --games 100 --simulations 20 --depth 80
    python examples/openspiel_mcts.py --depth 0            # full random rollouts: very slow

Each variant is registered as an OpenSpiel game (interpreter/rl/openspiel_game.py) and
played through pyspiel only: `chance_outcomes` at the deal's chance nodes and the luck
nodes, `legal_actions`, `apply_action`, `returns`. MCTS (open_spiel.python.algorithms.mcts.MCTSBot) sits at seat 0 in even games and
seat 1 in odd ones, and searches only when it has more than one legal action.

The evaluator is OpenSpiel's RandomRolloutEvaluator with its `max_length` cut-off (--depth):
a random rollout of a two-player hand runs for a thousand moves and more (random players draw
a lot), about 50 ms in pure Python, so full rollouts (--depth 0) take minutes a game. A rollout
cut off before the hand ends is scored, instead of OpenSpiel's 0 for every seat, by the cards
held: each seat gets the others' mean held points minus its own (zero-sum, on the scale of the
hand's points).

Mind that OpenSpiel's MCTS searches the true state: it sees the other hand (not what it will
draw: a luck node before each answer shuffles the stock afresh). It is an open-hand player, so
its win rate is an upper bound on what an honest search would get; examples/openspiel_ismcts.py
plays OpenSpiel's IS-MCTS, which searches games dealt again as its seat sees them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

import pyspiel  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the examples beside it
from openspiel_helpers import CutoffRolloutEvaluator, deal  # noqa: E402

from interpreter.rl.openspiel_game import register  # noqa: E402
from interpreter.simulate.stats import wilson  # noqa: E402  (the project's own)

VARIANTS = (("classic", None), ("classic", {"stacking": True}))


def play(game, bot, mcts_seat: int, seed: int, rng: random.Random) -> tuple:
    """One hand of deal seed `seed`: MCTS at `mcts_seat`, a uniform random player elsewhere
    (and at the luck nodes, uniform). (returns, moves)."""
    state = game.new_initial_state()
    deal(state, seed)
    moves = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == mcts_seat and len(legal) > 1:
            action = bot.step(state)
        else:
            action = rng.choice(legal)
        state.apply_action(action)
        moves += 1
    return state.returns(), moves


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per variant (20)")
    parser.add_argument("--simulations", type=int, default=6,
                        help="MCTS simulations per search (6)")
    parser.add_argument("--depth", type=int, default=32,
                        help="rollout cut-off in moves, luck nodes included, 0 for none (32)")
    parser.add_argument("--uct", type=float, default=50.0,
                        help="UCT exploration constant, in hand points (50)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    started = time.time()
    for ruleset, options in VARIANTS:
        name = register(ruleset, players=2, options=options)
        game = pyspiel.load_game(name)
        rng = random.Random(args.seed)
        evaluator = CutoffRolloutEvaluator(1, np.random.RandomState(args.seed),
                                           max_length=args.depth or None)
        bot = mcts.MCTSBot(game, args.uct, args.simulations, evaluator, solve=False,
                           random_state=np.random.RandomState(args.seed + 1))
        seeds = random.Random(args.seed + 2).sample(range(game.seeds ** game.draws), args.games)
        wins, points, moves, begun = 0, 0.0, 0, time.time()
        for number, seed in enumerate(seeds):
            seat = number % 2
            returns, length = play(game, bot, seat, seed, rng)
            wins += returns[seat] > 0
            points += returns[seat]
            moves += length
        low, high = wilson(wins, args.games)
        label = ruleset + "".join(f" +{k}" for k in options or {})
        print(f"{label:18} MCTS won {wins}/{args.games} = {wins / args.games:.0%} "
              f"(95% interval {low:.0%} to {high:.0%}), {points / args.games:+.1f} points a "
              f"hand, {moves / args.games:.0f} moves a hand, {time.time() - begun:.1f} s")
    print(f"{args.simulations} simulations a search, rollouts cut at "
          f"{args.depth or 'no limit'}; {time.time() - started:.1f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
