"""A match played with every step checked, for property tests and debugging: each answer a
bot gives is one of its decision's options, and the game's invariants hold after every
answer and every deal (engine/invariants.py). It is a Match like any other front end's,
with its own ways of answering and dealing."""

from __future__ import annotations

from typing import Any, Callable

from interpreter.engine.decisions import Decision
from interpreter.engine.game import GameState
from interpreter.engine.invariants import check_invariants, checked_answer
from interpreter.playing.match import Match

Step = Callable[[GameState, Decision, object], None]


class CheckedBot:
    """A bot whose every answer is checked against the decision it answers."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def decide(self, game: GameState, decision: Decision) -> object:
        return checked_answer(decision, self.bot.decide(game, decision))


def play_checked(game: GameState, agents: list[Any], deck_size: int | None = None,
                 on_step: Step | None = None) -> GameState:
    """Play the match between `agents` to its end, as play_match does, checking every answer
    and the invariants after every step; `on_step(game, decision, answer)` after each answer
    the game hears."""
    check_invariants(game, deck_size)

    def apply(answer: object) -> None:
        decision = game.decision
        assert decision is not None  # the Match answers only a pending decision
        game.apply(answer)
        if on_step is not None:
            on_step(game, decision, answer)
        check_invariants(game, deck_size)

    def deal() -> None:
        game.next_hand()
        check_invariants(game, deck_size)

    match = Match(game, [CheckedBot(agent) for agent in agents], apply=apply, deal=deal)
    while not game.over:
        if game.decision is None:
            match.next_hand()
        else:
            match.bots_answer()
    return game
