"""Any ruleset as a PettingZoo AEC environment: agents are seats, taking turns as the game
asks them (a window, such as catching a missed UNO, is a turn of each seat it is open to;
windows are public, and hands nobody decides in are dealt past: games.py)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from interpreter.engine.game import GameState
from interpreter.playing.match import Match
from interpreter.rl.encoding import Encoding
from interpreter.rl.games import deal_on, first_decision
from interpreter.rl.rewards import REWARDS, hand_rewards, match_rewards, rules_of

BIG = 1e9  # observation bounds: counts and scores are never near this


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class HouserulesEnv(AECEnv):
    """One game of a ruleset as PettingZoo's AEC environment (docs/learning.md)."""

    metadata = {"name": "houserules_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, ruleset, players: int | None = None, options=None,
                 seed: int | None = None, reward: str = "hand", max_steps: int | None = None,
                 render_mode: str | None = None):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError("render_mode must be None or 'ansi'")
        self.rules = rules_of(ruleset, options, reward)
        self.players = players or self.rules.default_players
        self.rules.check_players(self.players)
        self.encoding = Encoding(self.rules, self.players)
        self.reward = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.players)]
        self.seat_of = {name: s for s, name in enumerate(self.possible_agents)}
        size, length = self.encoding.size, self.encoding.length
        space = spaces.Dict({
            "observation": spaces.Box(-BIG, BIG, (length,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8)})
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.seeds = random.Random(seed)
        self.game: GameState | None = None  # dealt by reset()

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options=None) -> None:
        """A new game; `seed` fixes it (else the next seed of the environment's own), and
        `options={"game_seed": S}` deals the game GameState(seed=S) deals."""
        if seed is not None:
            self.seeds = random.Random(seed)
        game = first_decision(self.rules, self.players, lambda: self.seeds.getrandbits(63),
                              (options or {}).get("game_seed"))
        self.game = game
        self.match = Match(game, [None] * self.players)  # every seat is a learner's
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.select()

    def select(self) -> None:
        """Give the turn to the seat asked now, with its legal actions in its info."""
        seat, decision, window = self.match.asked()
        assert seat is not None  # called while the game asks someone
        self.decision, self.window = decision, window
        agent = self.agent_selection = self.possible_agents[seat]
        self.mask, legal, self.chosen = self.encoding.legal(decision, window, self.game)
        self.infos[agent] = {"action_mask": self.mask, "legal_actions": legal}

    def observe(self, agent):
        seat = self.seat_of[agent]
        assert self.game is not None, "reset() deals the game first"
        if agent == self.agent_selection and self.decision is not None:  # the seat asked
            return {"observation": self.encoding.observe(self.game, seat, self.decision),
                    "action_mask": self.mask}
        return {"observation": self.encoding.observe(self.game, seat, None),
                "action_mask": self.encoding.legal(None)[0]}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            answer = self.chosen[action]
        except (KeyError, TypeError):  # not a legal action: say why (IllegalAction)
            assert self.decision is not None  # a seat still in the episode is asked one
            answer = self.encoding.answer(self.decision, action, self.window)
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
        won = hand_rewards(game) if self.reward == "hand" else match_rewards(game)
        self.rewards = {self.possible_agents[s]: r for s, r in enumerate(won)}
        self.terminations = {a: True for a in self.agents}
        self.decision = None
        self.mask, _, self.chosen = self.encoding.legal(None)
        self._accumulate_rewards()

    def render(self):
        if self.render_mode != "ansi" or self.game is None:
            return None
        seat = self.seat_of[self.agent_selection]
        return repr(self.encoding.readable(self.game, seat, self.decision))

    def close(self) -> None:
        self.game = None


def pettingzoo_env(ruleset, players: int | None = None, options=None,
                   seed: int | None = None, reward: str = "hand", **kwargs) -> HouserulesEnv:
    """A PettingZoo AEC environment playing `ruleset` (a name, a path or a loaded Ruleset)."""
    return HouserulesEnv(ruleset, players=players, options=options, seed=seed, reward=reward,
                         **kwargs)
