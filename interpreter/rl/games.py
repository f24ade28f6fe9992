"""How the learning environments and the OpenSpiel game make a game and bring it to a decision.

- Windows are public (GameState.public_windows): a jump-in window is offered to every other
  seat in turn, pass only for a seat that cannot take it, so whose turn it is in a window,
  and how many turns it lasts, tell no seat which others hold a card that could take it.
- A hand that ends before any seat is asked anything (a rule that eliminates every seat or
  ends the hand as it starts) is dealt past: the match's next hand is dealt, and a match
  that ends so is followed by a new one where an environment chooses the seed. Past
  HANDS_WITHOUT_DECISION such hands in a row, NoDecision says so.
"""

from __future__ import annotations

from collections.abc import Callable

from interpreter.engine.game import GameState
from interpreter.errors import RuleRuntimeError

HANDS_WITHOUT_DECISION = 100  # hands in a row that may end before anyone is asked anything


class NoDecision(RuleRuntimeError):
    """The ruleset's hands end before any seat (or the learning seat) is asked anything."""


def new_game(rules, players: int, seed: int, chance_nodes: bool = False) -> GameState:
    """A new match of `rules` dealt from `seed`, its windows public; with `chance_nodes`, a
    rule's random outcome is a pending "chance" decision (the OpenSpiel game's chance nodes)
    instead of drawn from the game's generator."""
    if chance_nodes:
        return GameState(rules, players=players, seed=seed, public_windows=True,
                         chance_nodes=True)
    return GameState(rules, players=players, seed=seed, public_windows=True)


def deal_on(game: GameState, allowed: int = HANDS_WITHOUT_DECISION) -> int:
    """Deal the match's next hands while nobody is asked anything and the match goes on, at
    most `allowed` of them (NoDecision past that); how many were dealt."""
    dealt = 0
    while game.decision is None and not game.over:
        if dealt >= allowed:
            raise NoDecision(f"{HANDS_WITHOUT_DECISION} hands in a row ended before any seat "
                             f"was asked anything (a rule ends every hand as it starts)",
                             file=game.ruleset.file)
        game.next_hand()
        dealt += 1
    return dealt


def first_decision(rules, players: int, seeds: Callable[[], int],
                   seed: int | None = None) -> GameState:
    """A new game at its first decision: hands nobody decides in dealt past, and a match that
    ends before anyone decides followed by one from the next of `seeds` (NoDecision instead
    when `seed` fixes the match, or past HANDS_WITHOUT_DECISION hands in all)."""
    left = HANDS_WITHOUT_DECISION
    while True:
        game = new_game(rules, players, seeds() if seed is None else seed)
        left -= 1 + deal_on(game, left - 1)
        if game.decision is not None:
            return game
        if seed is not None:
            raise NoDecision(f"the match of game seed {seed} ended before any seat was asked "
                             f"anything", file=rules.file)
        if left <= 0:
            raise NoDecision(f"{HANDS_WITHOUT_DECISION} hands in a row ended before any seat "
                             f"was asked anything (every match ended as it started)",
                             file=rules.file)
