"""OpenSpiel's IS-MCTS playing a house-rule variant: ISMCTSBot (information-set Monte Carlo
tree search, open_spiel.python.algorithms.ismcts) against the random, heuristic and strong
bots, on examples/baseline.py's variant and deals, as a row of its table per bot.

    pip install '.[rl]'                                    # once (numpy, OpenSpiel)
    python examples/openspiel_ismcts.py                    # 200 hands a bot: long
    python examples/openspiel_ismcts.py --hands 40 --simulations 40 --opponents heuristic

The variant (two-player classic with Seven-O, reward "win") is registered as an OpenSpiel
game (interpreter/rl/openspiel_game.py) and played through pyspiel only, with `luck=0`: each
hand is the one the evaluation's game seed deals (the deal's chance nodes are its digits),
so the bots and the learned agents play the same deals. IS-MCTS never searches the true
state: before each simulation it asks `state.resample_from_infostate(seat, sampler)` for a
game dealt again as its seat sees it (the other hand and the stock at random, everything it
saw kept), and keys its tree by `information_state_string`. It searches only when it has
more than one legal action; the opponent is one of the project's bots, seeded as the
Gymnasium environment seeds it, answering the engine's decision as in any game. It needs no
training: --simulations is its budget, per decision.

The evaluator is a random rollout cut off after --depth moves (a random two-player hand runs
for a thousand moves and more), scored, when cut off, by the cards held: the other seat's
held points minus its own, over all the points held (so between -1 and 1, as a win's reward).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the examples beside it
import baseline  # noqa: E402  (puts the checkout on the path too)
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts  # noqa: E402
from openspiel_helpers import CutoffRolloutEvaluator, bot_action, chance, deal  # noqa: E402

from interpreter.playing.seating import bot_names, seat_bots  # noqa: E402
from interpreter.rl.openspiel_game import register  # noqa: E402


def load_game():
    """The variant as an OpenSpiel game, without luck nodes (the deal's stock order kept)."""
    variant = baseline.VARIANT
    return pyspiel.load_game(register(variant["ruleset"], players=variant["players"],
                                      reward=variant["reward"]), {"luck": 0})


def player(game, searcher, seed: int) -> baseline.Play:
    """Hands of IS-MCTS against a bot, as baseline.evaluate plays them."""
    rng = random.Random(seed)

    def play(opponent: str, seat: int, game_seed: int) -> float:
        bots = seat_bots(bot_names(opponent, game.num_players(), seat), game_seed)
        state = game.new_initial_state()
        deal(state, game_seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance(state, rng))
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif state.current_player() == seat:
                action = searcher.step(state)
            else:
                action = bot_action(state, bots[state.current_player()])
            state.apply_action(action)
        return state.returns()[seat]

    return play


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--simulations", type=int, default=20,
                        help="IS-MCTS simulations per search (20)")
    parser.add_argument("--depth", type=int, default=40,
                        help="rollout cut-off in moves (40)")
    parser.add_argument("--uct", type=float, default=1.5,
                        help="UCT exploration constant, on the scale of a win (1.5)")
    baseline.evaluation_arguments(parser)
    args = parser.parse_args(argv)
    opponents = baseline.opponents_of(parser, args.opponents)
    game = load_game()
    evaluator = CutoffRolloutEvaluator(1, np.random.RandomState(args.seed),
                                       max_length=args.depth, win=True)
    searcher = ismcts.ISMCTSBot(game, evaluator, args.uct, args.simulations,
                                random_state=np.random.RandomState(args.seed + 1))
    baseline.report("OpenSpiel IS-MCTS", f"none ({args.simulations} simulations, depth "
                    f"{args.depth})", player(game, searcher, args.seed), opponents, args.hands)
    return 0


if __name__ == "__main__":
    sys.exit(main())
