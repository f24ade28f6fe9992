"""Any ruleset as a Gymnasium environment: one learning seat, the built-in bots at the others
(windows are public, so the learner's turns do not tell it which bots could take one:
games.py)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from interpreter.engine.game import GameState
from interpreter.playing.match import Match
from interpreter.playing.seating import bot_names, seat_bots
from interpreter.rl.aec import BIG
from interpreter.rl.encoding import Encoding
from interpreter.rl.games import HANDS_WITHOUT_DECISION, NoDecision, new_game
from interpreter.rl.rewards import REWARDS, hand_rewards, match_rewards, rules_of


class Sampled(int):
    """An action drawn by LegalActions.sample(): legal where it was drawn, and, if used after
    the game has moved on (a reset in between), the legal action its draw `u` picks there."""

    u: float

    def __new__(cls, value: int, u: float):
        action = super().__new__(cls, value)
        action.u = u
        return action


def pick(mask, u: float) -> int:
    """The legal action that a uniform draw `u` in [0, 1) picks."""
    legal = np.flatnonzero(mask)
    return int(legal[min(int(u * len(legal)), len(legal) - 1)])


class LegalActions(spaces.Discrete):
    """Every action of the ruleset, whose sample() (no mask given) draws a legal one, so an
    agent that samples the space plays, where any other illegal action raises IllegalAction."""

    def __init__(self, size: int):
        super().__init__(size)
        # The mask of the decision asked now (the environment sets it).
        self.legal: np.ndarray | None = None

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None and self.legal is not None and self.legal.any():
            u = float(self.np_random.random())
            return Sampled(pick(self.legal, u), u)
        return super().sample(mask=mask, probability=probability)


class SeatEnv(gym.Env):
    """One seat of a ruleset's game, the others played by bots (docs/learning.md)."""

    metadata = {"render_modes": ["ansi"]}
    action_space: LegalActions  # gym.Env's, with the legal actions' mask on it

    def __init__(self, ruleset, seat: int = 0, bots="random", players: int | None = None,
                 options=None, reward: str = "hand", render_mode: str | None = None):
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.rules = rules_of(ruleset, options, reward)
        self.players = players or self.rules.default_players
        self.rules.check_players(self.players)
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be from 0 to {self.players - 1}")
        self.seat = seat
        # A bot name for every seat but the learner's (None there), as `play --bots` takes
        # them: one name, one per seat or one per bot (a comma list, or a list).
        self.bot_names = bot_names(bots, self.players, seat)
        self.reward = reward
        self.render_mode = render_mode
        self.encoding = Encoding(self.rules, self.players)
        size, length = self.encoding.size, self.encoding.length
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-BIG, BIG, (length,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8)})
        self.action_space = LegalActions(size)
        self.game: GameState | None = None  # dealt by reset()

    def reset(self, *, seed: int | None = None, options=None):
        super().reset(seed=seed)
        fixed = (options or {}).get("game_seed")
        self.unasked = 0  # hands (and matches) over before the learner was asked anything
        while True:
            game_seed = int(self.np_random.integers(2 ** 62)) if fixed is None else fixed
            self.deal(game_seed)
            if not self.advance():
                return self.observation(), {"action_mask": self.mask, "legal_actions": self.legal}
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
                self.action_space.legal = self.mask
                return False
            self.match.bots_answer()

    def observation(self) -> dict:
        game = self.game
        assert game is not None, "reset() deals the game first"
        decision = self.decision if game.decision is not None else None
        return {"observation": self.encoding.observe(game, self.seat, decision),
                "action_mask": self.mask}

    def step(self, action):
        if isinstance(action, Sampled) and not (0 <= action < len(self.mask) and self.mask[action]):
            action = pick(self.mask, action.u)  # drawn before a reset: its draw, here
        try:
            answer = self.chosen[action]
        except (KeyError, TypeError):  # not a legal action: say why (IllegalAction)
            assert self.decision is not None  # advance() stored the learner's decision
            answer = self.encoding.answer(self.decision, action, self.window)
        self.match.answer(self.seat, answer)
        done = self.advance()
        reward = 0.0
        if done:
            game = self.game
            assert game is not None
            paid = hand_rewards(game) if self.reward == "hand" else match_rewards(game)
            reward = paid[self.seat]
            self.mask, self.legal, self.chosen = self.encoding.legal(None)
            self.action_space.legal = self.mask
        return self.observation(), reward, done, False, {"action_mask": self.mask,
                                                          "legal_actions": self.legal}

    def render(self):
        if self.render_mode != "ansi" or self.game is None:
            return None
        return repr(self.encoding.readable(self.game, self.seat))


def gymnasium_env(ruleset, seat: int = 0, bots="random", **kwargs) -> SeatEnv:
    """A Gymnasium environment: `seat` learns, `bots` (simulate's names) play the others."""
    return SeatEnv(ruleset, seat=seat, bots=bots, **kwargs)
