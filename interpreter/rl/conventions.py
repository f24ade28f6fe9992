"""What both environments share of the libraries' conventions: the observation space (a
dict with the action mask, or a flat vector), what an illegal action does, the table a
render shows, and pickling an environment by what made it and the actions of its episode.

Illegal actions (`illegal=`):
- "raise" (the PettingZoo environment's default: its agents pick with the mask): IllegalAction,
  nothing changes;
- "random_legal" (the Gymnasium environment's default, so that a vector environment stepping
  on its own `action_space.sample()` plays): a legal action drawn from the environment's
  seeded generator is played instead, and the step's info says `illegal: True`;
- "penalize": nothing changes, the seat asked is paid PENALTY for the step and asked again
  (a penalty is outside the zero-sum rewards).
"""

from __future__ import annotations

import io
import sys
from typing import Any

import numpy as np
from gymnasium import spaces

from interpreter.presenting.table import Table

BIG = 1e9  # observation bounds: counts and scores are never near this
ILLEGAL = ("raise", "random_legal", "penalize")
PENALTY = -1.0  # what an illegal action costs, with illegal="penalize"
OBSERVATIONS = ("dict", "flat")
RENDER_MODES = ["human", "ansi"]


def check_choices(illegal: str, observation: str) -> None:
    """Refuse an unknown `illegal` or `observation`. (An unknown render_mode renders nothing,
    as Gymnasium allows: SB3's make_vec_env asks for "rgb_array" whatever the environment.)"""
    if illegal not in ILLEGAL:
        raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
    if observation not in OBSERVATIONS:
        raise ValueError(f"observation must be one of {', '.join(OBSERVATIONS)}, "
                         f"not {observation!r}")


def observation_space(encoding, observation: str) -> spaces.Space:
    """The observation vector and the action mask (a Dict), or the vector alone ("flat")."""
    vector = spaces.Box(-BIG, BIG, (encoding.length,), np.float32)
    if observation == "flat":
        return vector
    return spaces.Dict({"observation": vector,
                        "action_mask": spaces.Box(0, 1, (encoding.size,), np.int8)})


def legal_action(action: Any, chosen: dict) -> bool:
    """Whether `action` is one of the legal actions (`chosen`: action -> its option)."""
    try:
        return action in chosen
    except TypeError:  # unhashable: not an action
        return False


def mask_of(chosen: dict, size: int) -> Any:
    """A new mask of the legal actions (`chosen`: action -> its option), 1 each."""
    legal = bytearray(size)
    for action in chosen:
        legal[action] = 1
    return np.frombuffer(legal, np.int8)


def random_legal(chosen: dict, draw: float) -> int:
    """The legal action a uniform `draw` in [0, 1) picks, in action order."""
    legal = sorted(chosen)
    return int(legal[min(int(draw * len(legal)), len(legal) - 1)])


def table_text(game, seat: int) -> str:
    """The terminal's table as `seat` sees it (its hand, the others' counts), as text."""
    out = io.StringIO()
    names = ["You" if s == seat else f"Seat {s}" for s in range(game.players)]
    Table(game.ruleset, names, out=out, color=False).show(game, seat)
    return out.getvalue()


def render(render_mode: str | None, game, seat: int | None) -> str | None:
    """`human`: print the table `seat` sees; `ansi`: return it as text; None otherwise."""
    if render_mode not in RENDER_MODES:
        return None
    text = "(no game dealt: reset() deals one)\n" if game is None or seat is None \
        else table_text(game, seat)
    if render_mode == "ansi":
        return text
    sys.stdout.write(text)
    return None
