"""OpenSpiel's IS-MCTS playing a house-rule variant: ISMCTSBot (information-set Monte Carlo
tree search, open_spiel.python.algorithms.ismcts) against the random and the heuristic bot,
one hand of two-player classic UNO with stacking per game, printing IS-MCTS's win rate with
a 95% interval and the wall time.

    pip install '.[rl]'                                    # once (numpy, OpenSpiel)
    python examples/openspiel_ismcts.py                    # 40 games per opponent, minutes
    python examples/openspiel_ismcts.py --games 100 --simulations 40 --opponents heuristic
    python examples/openspiel_ismcts.py --ruleset uno_flip --option ""   # any ruleset

The variant is registered as an OpenSpiel game (interpreter/rl/openspiel_game.py) and
played through pyspiel only. IS-MCTS never searches the true state: before each simulation
it asks `state.resample_from_infostate(seat, sampler)` for a game dealt again as its seat
sees it (the other hand and the stock at random, everything it saw kept), and keys its tree
by `information_state_string`. It sits at seat 0 in even games and seat 1 in odd ones, and
searches only when it has more than one legal action; the opponent is one of the project's
bots (interpreter/playing/agents.py), answering the engine's decision as in any game.

The evaluator is a random rollout cut off after --depth moves (a random two-player hand runs
for a thousand moves and more), scored, when cut off, by the cards held: each seat gets the
others' mean held points minus its own (zero-sum, on the scale of the hand's points).
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
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from interpreter.playing.seating import bot as make_bot  # noqa: E402
from interpreter.rl.openspiel_game import register  # noqa: E402
from interpreter.simulate.stats import wilson  # noqa: E402  (the project's own)


class CutoffRolloutEvaluator(mcts.RandomRolloutEvaluator):
    """Random rollouts of at most `max_length` moves; one cut off is scored by held points."""

    def evaluate(self, state):
        working = state.clone()
        length = 0
        while not working.is_terminal() and length < self.max_length:
            if working.is_chance_node():
                actions, probabilities = zip(*working.chance_outcomes())
                action = self._random_state.choice(actions, p=probabilities)
            else:
                action = self._random_state.choice(working.legal_actions())
            working.apply_action(action)
            length += 1
        return np.array(working.returns() if working.is_terminal() else held(working))


def held(state) -> list:
    """Per seat, the others' mean held points minus its own (sums to zero)."""
    points = [float(sum(card.points for card in hand)) for hand in state.game.hands]
    everyone, others = sum(points), len(points) - 1
    return [(everyone - mine) / others - mine for mine in points]


def opponent_action(state, agent) -> int:
    """The bot's answer to what the state asks, as an action (chance: drawn by its odds)."""
    table = state._episode
    option = agent.decide(table.game, table.decision)
    return state.get_game().spec.encoding.action(option, table.window)


def play(game, searcher, seat: int, opponent, rng: random.Random) -> tuple:
    """One hand: IS-MCTS at `seat`, `opponent` elsewhere. (returns, moves, searches)."""
    state = game.new_initial_state()
    moves = searches = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probabilities)[0])
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif state.current_player() == seat:
            action = searcher.step(state)
            searches += 1
        else:
            action = opponent_action(state, opponent)
        state.apply_action(action)
        moves += 1
    return state.returns(), moves, searches


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--option", default="stacking",
                        help="a house rule switched on (stacking); empty for none")
    parser.add_argument("--games", type=int, default=40, help="games per opponent (40)")
    parser.add_argument("--opponents", default="random,heuristic")
    parser.add_argument("--simulations", type=int, default=20,
                        help="IS-MCTS simulations per search (20)")
    parser.add_argument("--depth", type=int, default=40,
                        help="rollout cut-off in moves, luck nodes included (40)")
    parser.add_argument("--uct", type=float, default=50.0,
                        help="UCT exploration constant, in hand points (50)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    options = {args.option: True} if args.option else None
    game = pyspiel.load_game(register(args.ruleset, players=2, options=options))
    label = args.ruleset + (f" +{args.option}" if args.option else "")
    started = time.time()
    for name in args.opponents.split(","):
        evaluator = CutoffRolloutEvaluator(1, np.random.RandomState(args.seed),
                                           max_length=args.depth)
        searcher = ismcts.ISMCTSBot(game, evaluator, args.uct, args.simulations,
                                    random_state=np.random.RandomState(args.seed + 1))
        opponent = make_bot(name, random.Random(args.seed + 2))
        rng = random.Random(args.seed + 3)
        wins, points, searches, begun = 0, 0.0, 0, time.time()
        for number in range(args.games):
            seat = number % 2
            returns, _, searched = play(game, searcher, seat, opponent, rng)
            wins += returns[seat] > 0
            points += returns[seat]
            searches += searched
        spent = time.time() - begun
        low, high = wilson(wins, args.games)
        print(f"{label}: IS-MCTS against {name:9} won {wins}/{args.games} = "
              f"{wins / args.games:.0%} (95% interval {low:.0%} to {high:.0%}), "
              f"{points / args.games:+.1f} points a hand; {spent / args.games:.1f} s a game, "
              f"{1000 * spent / max(searches, 1):.0f} ms a search")
    print(f"{args.simulations} simulations a search, rollouts cut at {args.depth}; "
          f"{time.time() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
