"""What the OpenSpiel examples share: a random-rollout evaluator cut off after a number of
moves and scored by the cards held, drawing a chance node's outcome by its odds, dealing a
given game seed, and a bundled bot's answer as an action (examples/openspiel_ismcts.py and
examples/openspiel_mcts.py; examples/openspiel_compare.py drives OpenSpiel's own game, and
imports OpenSpiel only when it plays it).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

from open_spiel.python.algorithms import mcts  # noqa: E402


class CutoffRolloutEvaluator(mcts.RandomRolloutEvaluator):
    """Random rollouts of at most `max_length` moves (None: to the end); one cut off is
    scored by the cards held (held(), on the scale of a win when `win` is set)."""

    def __init__(self, n_rollouts=1, random_state=None, max_length=None, win=False):
        super().__init__(n_rollouts, random_state, max_length)
        self.win = win

    def evaluate(self, state):
        total = 0.0
        for _ in range(self.n_rollouts):
            working = state.clone()
            length = 0
            while not working.is_terminal():
                if self.max_length is not None and length >= self.max_length:
                    break
                if working.is_chance_node():
                    actions, probabilities = zip(*working.chance_outcomes())
                    action = self._random_state.choice(actions, p=probabilities)
                else:
                    action = self._random_state.choice(working.legal_actions())
                working.apply_action(action)
                length += 1
            total = total + np.array(working.returns() if working.is_terminal()
                                     else held(working, self.win))
        return total / self.n_rollouts


def held(state, win: bool = False) -> list:
    """Per seat, the others' mean held points minus its own (sums to zero); with `win`,
    divided by all the points held (and one), so between -1 and 1 like a win's reward."""
    points = [float(sum(card.points for card in hand)) for hand in state.game.hands]
    everyone, others = sum(points), len(points) - 1
    scale = everyone + 1 if win else 1.0
    return [((everyone - mine) / others - mine) / scale for mine in points]


def chance(state, rng) -> int:
    """An outcome of the chance node `state`, drawn by its odds from `rng` (random.Random)."""
    actions, probabilities = zip(*state.chance_outcomes())
    return rng.choices(actions, probabilities)[0]


def deal(state, game_seed: int) -> None:
    """Play the deal's chance nodes so that the game is GameState's of `game_seed` (its
    digits, the lowest first: docs/learning.md's "Chance is explicit")."""
    game = state.get_game()
    for _ in range(game.draws):
        state.apply_action(game_seed % game.seeds)
        game_seed //= game.seeds


def bot_action(state, agent) -> int:
    """A bundled bot's answer to what `state` asks, as the game's action."""
    table = state._episode
    option = agent.decide(table.game, table.decision)
    return state.get_game().spec.encoding.action(option, table.window)
