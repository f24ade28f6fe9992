"""Any ruleset as a PettingZoo AEC environment: agents are seats, taking turns as the game
asks them (a window, such as catching a missed UNO, is a turn of each seat it is open to;
windows are public, and hands nobody decides in are dealt past: games.py).

As PettingZoo's own games (connect_four, rps): `raw_env(**kwargs)` is the environment itself and
`env(**kwargs)` the same wrapped in PettingZoo's order-enforcing wrapper (docs/learning.md).
"""

from __future__ import annotations

import random
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import OrderEnforcingWrapper

from interpreter.engine.game import GameState
from interpreter.playing.match import Match
from interpreter.rl.conventions import (
    BIG,
    PENALTY,
    RENDER_MODES,
    check_choices,
    mask_of,
    observation_space,
    random_legal,
    render,
)
from interpreter.rl.encoding import Encoding
from interpreter.rl.games import deal_on, first_decision
from interpreter.rl.rewards import DEFAULT_REWARD, paid, rules_of

__all__ = ["BIG", "HouserulesEnv", "env", "pettingzoo_env", "raw_env"]


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class HouserulesEnv(AECEnv):
    """One game of a ruleset as PettingZoo's AEC environment (docs/learning.md)."""

    metadata = {"name": "houserules_v0", "render_modes": RENDER_MODES,
                "is_parallelizable": False}

    def __init__(self, ruleset, players: int | None = None, options=None,
                 seed: int | None = None, reward: str = DEFAULT_REWARD,
                 max_steps: int | None = None, render_mode: str | None = None,
                 legal_actions: bool = False, illegal: str = "raise"):
        super().__init__()
        check_choices(illegal, "dict")
        self.rules = rules_of(ruleset, options, reward)
        self.players = players or self.rules.default_players
        self.rules.check_players(self.players)
        # What made it, for pickling (the Ruleset pickles by reference).
        self.made = {"ruleset": self.rules, "players": self.players, "seed": seed,
                     "reward": reward, "max_steps": max_steps, "render_mode": render_mode,
                     "legal_actions": legal_actions, "illegal": illegal}
        self.encoding = Encoding(self.rules, self.players)
        self.reward = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.list_legal = legal_actions
        self.illegal = illegal
        self.possible_agents = [agent_name(s) for s in range(self.players)]
        self.seat_of = {name: s for s, name in enumerate(self.possible_agents)}
        space = observation_space(self.encoding, "dict")
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.encoding.size)
                              for a in self.possible_agents}
        self.seeds = random.Random(seed)
        self.picks = random.Random(seed)  # illegal="random_legal": the legal action played
        self.game: GameState | None = None  # dealt by reset()
        self.path: list[Any] = []  # the game seed, then every step's action

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options=None) -> None:
        """A new game; `seed` fixes it (else the next seed of the environment's own), and
        `options={"game_seed": S}` deals the game GameState(seed=S) deals."""
        if seed is not None:
            self.seeds = random.Random(seed)
            self.picks = random.Random(seed)
        dealt: list[int] = []

        def next_seed() -> int:
            dealt.append(self.seeds.getrandbits(63))
            return dealt[-1]

        fixed = (options or {}).get("game_seed")
        self.start(first_decision(self.rules, self.players, next_seed, fixed),
                   fixed if fixed is not None else dealt[-1])

    def start(self, game: GameState, game_seed: int) -> None:
        """An episode starting at `game`'s first decision (dealt from `game_seed`)."""
        self.game = game
        self.match = Match(game, [None] * self.players)  # every seat is a learner's
        self.steps = 0
        self.path = [game_seed]
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.select()

    def select(self) -> None:
        """Give the turn to the seat asked now (its legal actions in its info, if asked for)."""
        seat, decision, window = self.match.asked()
        assert seat is not None  # called while the game asks someone
        self.decision, self.window = decision, window
        agent = self.agent_selection = self.possible_agents[seat]
        self.mask, legal, self.chosen = self.encoding.legal(decision, window, self.game)
        if self.list_legal:
            self.infos[agent] = {"legal_actions": legal}

    def observe(self, agent):
        seat = self.seat_of[agent]
        assert self.game is not None, "reset() deals the game first"
        if agent == self.agent_selection and self.decision is not None:  # the seat asked
            # The mask made for the decision is handed over (the environment keeps no
            # reference to it: the caller's own); asked again, a new one.
            mask = self.mask
            if mask is None:
                mask = mask_of(self.chosen, self.encoding.size)
            self.mask = None
            return {"observation": self.encoding.observe(self.game, seat, self.decision),
                    "action_mask": mask}
        return {"observation": self.encoding.observe(self.game, seat, None),
                "action_mask": self.encoding.legal(None)[0]}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            self.path.append(None)
            return
        try:
            answer = self.chosen[action]
        except (KeyError, TypeError):  # not a legal action: as `illegal` says
            if self.illegal == "penalize":
                self.penalize(agent, action)
                return
            if self.illegal == "raise":  # say why (IllegalAction)
                assert self.decision is not None  # a seat still in the episode is asked one
                answer = self.encoding.answer(self.decision, action, self.window)
            else:
                action = random_legal(self.chosen, self.picks.random())
                answer = self.chosen[action]
        self.path.append(action)
        self._cumulative_rewards[agent] = 0.0
        game = self.game
        assert game is not None
        self.match.answer(self.seat_of[agent], answer)
        self.steps += 1
        if self.reward == "match":
            deal_on(game)
        if game.decision is not None:
            # Rewards stay 0 until the episode ends, so there is nothing to accumulate.
            self.select()
            if self.max_steps is not None and self.steps >= self.max_steps:
                self.truncations = {a: True for a in self.agents}
            return
        won = paid(game, self.reward)
        self.rewards = {self.possible_agents[s]: r for s, r in enumerate(won)}
        self.terminations = {a: True for a in self.agents}
        self.decision = None
        self.mask, _, self.chosen = self.encoding.legal(None)
        self._accumulate_rewards()

    def penalize(self, agent: str, action: Any) -> None:
        """illegal="penalize": nothing changes, and `agent` is paid PENALTY and asked again
        (what `last()` gives it; `rewards` keeps the episode's own rewards)."""
        self.path.append(action)
        self._cumulative_rewards[agent] = PENALTY

    def render(self):
        """The table as the seat asked now sees it: printed ("human") or returned ("ansi")."""
        seat = self.seat_of.get(self.agent_selection) if self.game is not None else None
        return render(self.render_mode, self.game, seat)

    def close(self) -> None:
        self.game = None

    # --- pickling: what made it, and the episode's actions, replayed --------------------

    def __getstate__(self):
        return {"made": self.made, "path": self.path, "seeds": self.seeds.getstate(),
                "picks": self.picks.getstate()}

    def __setstate__(self, state) -> None:
        HouserulesEnv.__init__(self, **state["made"])
        path = state["path"]
        if path:
            self.start(first_decision(self.rules, self.players, lambda: path[0], path[0]),
                       path[0])
            for action in path[1:]:
                self.step(action)
        self.seeds.setstate(state["seeds"])
        self.picks.setstate(state["picks"])


def pettingzoo_env(ruleset, players: int | None = None, options=None,
                   seed: int | None = None, reward: str = DEFAULT_REWARD,
                   **kwargs) -> HouserulesEnv:
    """A PettingZoo AEC environment playing `ruleset` (a name, a path or a loaded Ruleset),
    without PettingZoo's wrappers (the fastest)."""
    return HouserulesEnv(ruleset, players=players, options=options, seed=seed, reward=reward,
                         **kwargs)


def raw_env(**kwargs) -> HouserulesEnv:
    """The environment itself, as PettingZoo's own games (connect_four, rps) name it."""
    return HouserulesEnv(**kwargs)


def env(**kwargs):
    """The environment in PettingZoo's order-enforcing wrapper, as the `env()` of PettingZoo's
    own games is (an illegal action is then as `illegal` says: it raises by default)."""
    return OrderEnforcingWrapper(raw_env(**kwargs))
