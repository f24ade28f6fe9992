"""Gymnasium ids for the bundled games, registered on `import interpreter.rl`: one per
bundled game, named from its file in CamelCase (`some_game.yaml` ->
`houserules/SomeGame-v0`). Each makes `single.SeatEnv` (one learning seat
against bots) with its keyword arguments (ruleset, options, players, bots, seat, reward,
max_steps, observation, illegal, legal_actions, render_mode, seed); nothing is loaded
until `gym.make`.

Gymnasium 1.x loads no plugins (its `gymnasium.envs` entry points were removed in 1.0), so
import interpreter.rl first, or name the module in the id as Gymnasium allows:
`gym.make("interpreter.rl:houserules/NAME-v0")`, which a subprocess (SubprocVecEnv,
AsyncVectorEnv) also finds.
"""

from __future__ import annotations

from interpreter.loading.source import bundled_rulesets

NAMESPACE = "houserules"
VERSION = 0
ENTRY_POINT = "interpreter.rl.single:SeatEnv"


def camel(name: str) -> str:
    """`some_game` as `SomeGame`."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def env_id(name: str) -> str:
    """The Gymnasium id of the bundled game `name`."""
    return f"{NAMESPACE}/{camel(name)}-v{VERSION}"


def bundled_games() -> list[str]:
    """The bundled games' names (the files of rulesets/, not the house rules in house/)."""
    return [name for name in bundled_rulesets() if "/" not in name]


def register_all() -> list[str]:
    """Register every bundled game's id (once); the ids."""
    from gymnasium.envs.registration import register, registry
    ids = []
    for name in bundled_games():
        made = env_id(name)
        if made not in registry:
            register(id=made, entry_point=ENTRY_POINT, kwargs={"ruleset": name})
        ids.append(made)
    return ids
