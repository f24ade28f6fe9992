"""Learning environments for any ruleset (the optional `rl` extra: numpy, gymnasium,
pettingzoo; open_spiel for the OpenSpiel game). See docs/learning.md.

    from interpreter.rl import pettingzoo_env, gymnasium_env
    env = pettingzoo_env(RULESET, players=2, seed=1)          # every seat an agent
    env = gymnasium_env(RULESET, seat=0, bots="heuristic")    # one learner against bots

    import gymnasium as gym, interpreter.rl                   # registers the ids
    env = gym.make("houserules/NAME-v0", players=2, bots="heuristic")

RULESET is a bundled name, a path to a .yaml file, or a loaded Ruleset. Importing this
package registers the Gymnasium ids of the bundled games (registration.py; nothing loaded).
"""

from __future__ import annotations

from interpreter.rl.encoding import IllegalAction

__all__ = ["IllegalAction", "gymnasium_env", "pettingzoo_env", "register_openspiel"]


def pettingzoo_env(*args, **kwargs):
    """A PettingZoo AEC environment (interpreter.rl.aec.HouserulesEnv)."""
    from interpreter.rl.aec import pettingzoo_env as make
    return make(*args, **kwargs)


def gymnasium_env(*args, **kwargs):
    """A Gymnasium environment for one seat against bots (interpreter.rl.single.SeatEnv)."""
    from interpreter.rl.single import gymnasium_env as make
    return make(*args, **kwargs)


def register_openspiel(*args, **kwargs):
    """Register a ruleset as an OpenSpiel Python game (interpreter.rl.openspiel_game)."""
    from interpreter.rl.openspiel_game import register as make
    return make(*args, **kwargs)


try:
    import gymnasium  # noqa: F401  (the rl extra: without it, nothing to register)
except ImportError:
    pass
else:
    from interpreter.rl.registration import register_all
    register_all()
