"""A hand the rules would never let end: the runaway guards (limits:) checked between turns,
and such a hand ended blocked, saying which guard tripped."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine.budget import RULES_RESERVE, TURN_WORK, TURNS_MESSAGE
from interpreter.engine.scoring import end_blocked

if TYPE_CHECKING:
    from interpreter.engine.state import State


def check_progress(game: State) -> bool:
    """End a hand that the rules will never let end (True when it did so)."""
    rules = game.rules  # typed: its limits are read natively
    if (game.turns > rules.turns_per_hand or game.turns - game.last_move > rules.idle_turns + 1
            or game.in_a_row > rules.turns_in_a_row or game.work_left < RULES_RESERVE):
        end_blocked(game, no_progress(game))
        return True
    # No guard can trip before this turn: the turn count, the turns since a card last moved and
    # the turns in a row each grow by at most one a turn, and the work the turns leave falls by
    # TURN_WORK a turn (the hand scan, which takes more, checks it itself). Checking only then
    # saves every turn.
    game.next_check = min(rules.turns_per_hand + 1, game.last_move + rules.idle_turns + 2,
                          game.turns + rules.turns_in_a_row - game.in_a_row + 1,
                          game.turns + (game.work_left - RULES_RESERVE) // TURN_WORK + 1)
    return False


def no_progress(game: State) -> str:
    """Which runaway guard tripped, in words (docs/game-rules.md 1: such a hand ends
    blocked)."""
    rules = game.rules
    if game.work_left < RULES_RESERVE:
        return TURNS_MESSAGE
    for count, limit, name, what in (
            (game.turns, rules.turns_per_hand, "turns_per_hand", "the hand lasted more than {} turns"),
            (game.turns - 1 - game.last_move, rules.idle_turns, "idle_turns",
             "{} turns went by without a card moving"),
            (game.in_a_row, rules.turns_in_a_row, "turns_in_a_row",
             "seat %d took more than {} turns in a row" % game.turn)):
        if count > limit:
            return f"play made no progress: {what.format(limit)} (limits.{name})"
    return "play made no progress"
