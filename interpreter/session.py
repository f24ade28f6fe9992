"""A person's game against bots: every answer recorded, saved atomically, resumed exactly."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from .agents import HeuristicAgent, RandomAgent
from .engine import GameState
from .errors import HouserulesError
from .gamelog import NEXT_HAND, LogWriter, decode, encode
from .ruleset import load_ruleset

SAVE_FORMAT = 1
FORGET_UNO = 0.2  # how often a bot forgets to call UNO, so a person can catch it


class SaveError(HouserulesError):
    """A saved game that cannot be read or no longer fits its ruleset."""


def make_bots(kind: str, players: int, human: int, seed) -> list:
    """A bot for every seat but the person's (None there)."""
    if kind not in ("heuristic", "random"):
        raise HouserulesError(f"unknown bot '{kind}'; bots: heuristic, random")
    bots = []
    for seat in range(players):
        if seat == human:
            bots.append(None)
        elif kind == "random":
            bots.append(RandomAgent(f"{seed}/{seat}"))
        else:
            bots.append(HeuristicAgent(f"{seed}/{seat}", forget_uno=FORGET_UNO))
    return bots


class Session:
    """The ruleset, the game, the bots, and the list of every answer given so far."""

    def __init__(self, ruleset_ref: str, options: dict, players: int | None, seat: int,
                 bots: str, seed: int):
        self.ruleset_ref = ruleset_ref
        self.options = dict(options)
        self.ruleset = load_ruleset(ruleset_ref, self.options)
        self.players = players or self.ruleset.default_players
        self.ruleset.check_players(self.players)
        if not 0 <= seat < self.players:
            raise HouserulesError(f"--seat must be a seat from 0 to {self.players - 1}")
        self.seat = seat
        self.bot_kind = bots
        self.seed = seed
        self.game = GameState(self.ruleset, players=self.players, seed=seed, record=True)
        self.bots = make_bots(bots, self.players, seat, seed)
        self.answers: list = []
        self.log = None

    def start_log(self, path) -> None:
        """Also write every decision, from now on, as a game log (`houserules replay` reads it)."""
        self.log = LogWriter(path, self.ruleset_ref, self.ruleset, self.players, self.seed, "person")

    def apply(self, answer) -> None:
        """Answer the pending decision and remember the answer."""
        decision = self.game.decision
        self.game.apply(answer)
        self.answers.append(encode(answer))
        if self.log:
            self.log.decided(decision, answer)
            if self.game.over:
                self.log.finish(self.game)

    def close_log(self) -> None:
        """End the game log where the game now stands."""
        if self.log:
            self.log.finish(self.game)

    def next_hand(self) -> None:
        """Deal the next hand, and remember that it was dealt."""
        self.game.next_hand()
        self.answers.append(NEXT_HAND)
        if self.log:
            self.log.next_hand()

    def to_json(self) -> dict:
        return {
            "format": SAVE_FORMAT,
            "ruleset": self.ruleset_ref,
            "digest": self.ruleset.digest,
            "options": self.options,
            "players": self.players,
            "seat": self.seat,
            "bots": self.bot_kind,
            "seed": self.seed,
            "answers": self.answers,
            "bot_random_states": [rng_state(bot) for bot in self.bots],
        }

    def save(self, path: Path) -> None:
        """Write the whole game: a temporary file first, then renamed over the old one."""
        path = Path(path)
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
        try:
            with os.fdopen(handle, "w") as out:
                json.dump(self.to_json(), out)
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: Path) -> "Session":
        """Rebuild a saved game by replaying its answers; the bots pick up where they were."""
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, ValueError) as exc:
            raise SaveError(f"cannot read the saved game: {exc}", file=str(path)) from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("this is not a houserules saved game", file=str(path))
        session = cls(data["ruleset"], data["options"], data["players"], data["seat"],
                      data["bots"], data["seed"])
        if session.ruleset.digest != data["digest"]:
            raise SaveError(f"the ruleset {data['ruleset']} has changed since this game was saved",
                            file=str(path))
        for saved in data["answers"]:
            if saved == NEXT_HAND:
                session.next_hand()
            elif session.game.decision is None:
                raise SaveError("the saved answers do not fit the game", file=str(path))
            else:
                answer = decode(saved, session.game.decision.options)
                if answer is None and saved is not None:
                    raise SaveError(f"the saved answer {saved!r} is not a legal option here",
                                    file=str(path))
                session.apply(answer)
        for bot, state in zip(session.bots, data["bot_random_states"]):
            if bot is not None and state is not None:
                bot.rng.setstate((state[0], tuple(state[1]), state[2]))
        return session


def rng_state(bot):
    """A bot's random state as JSON (None for the person's seat)."""
    return None if bot is None else bot.rng.getstate()
