"""Any ruleset as a Gymnasium environment: one learning seat, the built-in bots at the others
(windows are public, so the learner's turns do not tell it which bots could take one:
games.py).

The action space is a plain `Discrete(Encoding.size)`, the same whatever the game asks;
`action_masks()` gives the legal ones (sb3-contrib's MaskablePPO reads it), and `illegal`
says what any other action does (conventions.py). The ids registered on `import
interpreter.rl` (registration.py) make this environment.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
from gymnasium import spaces

from interpreter.engine.game import GameState
from interpreter.playing.match import Match
from interpreter.playing.seating import bot_names, seat_bots
from interpreter.rl.conventions import (
    PENALTY,
    RENDER_MODES,
    check_choices,
    observation_space,
    random_legal,
    render,
)
from interpreter.rl.encoding import Encoding, IllegalAction
from interpreter.rl.games import HANDS_WITHOUT_DECISION, NoDecision, new_game
from interpreter.rl.rewards import DEFAULT_REWARD, paid, rules_of


class SeatEnv(gym.Env):
    """One seat of a ruleset's game, the others played by bots (docs/learning.md)."""

    metadata = {"render_modes": RENDER_MODES}

    def __init__(self, ruleset, seat: int = 0, bots="random",
                 players: int | None = None, options=None, reward: str = DEFAULT_REWARD,
                 render_mode: str | None = None, seed: int | None = None,
                 max_steps: int | None = None, observation: str = "dict",
                 legal_actions: bool = False, illegal: str = "random_legal"):
        check_choices(illegal, observation)
        self.rules = rules_of(ruleset, options, reward)
        self.players = players or self.rules.default_players
        self.rules.check_players(self.players)
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be from 0 to {self.players - 1}")
        # What made it, for pickling (the Ruleset pickles by reference).
        self.made = {"ruleset": self.rules, "seat": seat, "bots": bots, "players": self.players,
                     "reward": reward, "render_mode": render_mode, "seed": seed,
                     "max_steps": max_steps, "observation": observation,
                     "legal_actions": legal_actions, "illegal": illegal}
        self.seat = seat
        # A bot name for every seat but the learner's (None there), as `play --bots` takes
        # them: one name, one per seat or one per bot (a comma list, or a list).
        self.bot_names = bot_names(bots, self.players, seat)
        self.reward = reward
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.flat = observation == "flat"
        self.list_legal = legal_actions
        self.illegal = illegal
        self.first_seed = seed  # the first reset's seed, unless it is given one
        self.encoding = Encoding(self.rules, self.players)
        self.observation_space = observation_space(self.encoding, observation)
        self.action_space = spaces.Discrete(self.encoding.size)
        self.game: GameState | None = None  # dealt by reset()
        self.path: list[Any] = []  # the game seed, then the learner's actions
        self.mask, self.legal, self.chosen = self.encoding.legal(None)

    def reset(self, *, seed: int | None = None, options=None):
        if seed is None and self.first_seed is not None:
            seed = self.first_seed
        self.first_seed = None
        super().reset(seed=seed)
        fixed = (options or {}).get("game_seed")
        self.unasked = 0  # hands (and matches) over before the learner was asked anything
        while True:
            game_seed = int(self.np_random.integers(2 ** 62)) if fixed is None else fixed
            self.deal(game_seed)
            if not self.advance():
                return self.observation(), self.info()
            # The bots ended the match before the learner was asked anything: another match.
            if fixed is not None:
                raise NoDecision(f"seat {self.seat} was asked nothing in the match of game seed "
                                 f"{fixed}", file=self.rules.file)
            self.passed()

    def deal(self, game_seed: int) -> None:
        """A new match from `game_seed`, its bots, and an episode starting in it."""
        game = self.game = new_game(self.rules, self.players, game_seed)
        self.match = Match(game, seat_bots(self.bot_names, game_seed))
        self.starting = True  # until the learner is first asked
        self.steps = 0
        self.path = [game_seed]

    def passed(self) -> None:
        """Count a hand over before the learner was first asked; NoDecision past the bound."""
        self.unasked += 1
        if self.unasked >= HANDS_WITHOUT_DECISION:
            raise NoDecision(f"seat {self.seat} was asked nothing in {HANDS_WITHOUT_DECISION} "
                             f"hands in a row (they ended, or it was out, before its turn)",
                             file=self.rules.file)

    def advance(self) -> bool:
        """Let the bots answer until the learner must (False) or the episode is over (True).
        An episode starts with the learner's first decision: until then, a hand that ends
        is followed by the match's next. (The bots' own play is bounded by the game's
        runaway guards and work budget, as in `simulate`.)"""
        game = self.game
        assert game is not None, "reset() deals the game first"
        while True:
            if game.decision is None:
                if game.over or not (self.starting or self.reward == "match"):
                    return True
                if self.starting:
                    self.passed()
                self.match.next_hand()
                continue
            seat, decision, window = self.match.asked()
            if seat == self.seat:
                self.starting = False
                self.decision = decision
                self.window = window
                self.mask, self.legal, self.chosen = self.encoding.legal(decision, self.window,
                                                                         game)
                return False
            self.match.bots_answer()

    def observation(self) -> Any:
        """What the learner sees now: the vector and its action mask (a copy), or the vector
        alone with observation="flat"."""
        game = self.game
        assert game is not None, "reset() deals the game first"
        decision = self.decision if game.decision is not None else None
        seen = self.encoding.observe(game, self.seat, decision)
        if self.flat:
            return seen
        return {"observation": seen, "action_mask": self.mask.copy()}

    def info(self, illegal: bool = False) -> dict:
        """The step's info: the mask (a copy), the legal actions if asked for, and whether the
        action given was illegal."""
        info = {"action_mask": self.mask.copy()}
        if self.list_legal:
            info["legal_actions"] = list(self.legal)
        if illegal:
            info["illegal"] = True
        return info

    def action_masks(self):
        """The legal actions now, 1 each (a copy: yours), as sb3-contrib's MaskablePPO asks."""
        return self.mask.copy()

    def step(self, action):
        illegal = False
        try:
            answer = self.chosen[action]
        except (KeyError, TypeError):  # not a legal action: as `illegal` says
            if not self.chosen:
                raise IllegalAction("the episode is over (or not dealt): reset() deals one")
            if self.illegal == "penalize":
                self.path.append(action)
                return self.observation(), PENALTY, False, False, self.info(True)
            if self.illegal == "raise":  # say why (IllegalAction)
                assert self.decision is not None  # advance() stored the learner's decision
                answer = self.encoding.answer(self.decision, action, self.window)
            else:
                action = random_legal(self.chosen, float(self.np_random.random()))
                answer = self.chosen[action]
                illegal = True
        return self.act(action, answer, illegal)

    def act(self, action: Any, answer: Any, illegal: bool = False):
        """The learner answers `answer` (its `action`); the bots play on to its next turn."""
        self.path.append(action)
        self.match.answer(self.seat, answer)
        self.steps += 1
        done = self.advance()
        reward = 0.0
        if done:
            game = self.game
            assert game is not None
            reward = paid(game, self.reward)[self.seat]
            self.mask, self.legal, self.chosen = self.encoding.legal(None)
        truncated = not done and self.max_steps is not None and self.steps >= self.max_steps
        return self.observation(), reward, done, truncated, self.info(illegal)

    def render(self):
        """The table as the learner's seat sees it: printed ("human") or returned ("ansi")."""
        return render(self.render_mode, self.game, self.seat)

    # --- pickling: what made it, and the episode's actions, replayed --------------------

    def __getstate__(self):
        return {"made": self.made, "path": self.path, "first_seed": self.first_seed,
                "np_random": self._np_random}

    def __setstate__(self, state) -> None:
        SeatEnv.__init__(self, **state["made"])
        path = state["path"]
        if path:
            self.unasked = 0
            self.deal(path[0])
            self.advance()
            for action in path[1:]:
                if action in self.chosen:
                    self.act(action, self.chosen[action])
                else:  # a penalized action: nothing changed
                    self.path.append(action)
        self.first_seed = state["first_seed"]
        self._np_random = state["np_random"]


def gymnasium_env(ruleset, seat: int = 0, bots="random", **kwargs) -> SeatEnv:
    """A Gymnasium environment: `seat` learns, `bots` (simulate's names) play the others."""
    return SeatEnv(ruleset, seat=seat, bots=bots, **kwargs)
