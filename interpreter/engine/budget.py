"""The game's budget of work: what a game may spend, what each thing it does costs, what a
browser table lends one move, and the messages for a game or a move past them.

Every unit of work a ruleset can make the engine do is charged here, so that no ruleset, however
hostile, can make a game (or a table's move) run for minutes; bundled games spend a small part.
"""

from __future__ import annotations

from typing import Any, Final

from interpreter.errors import RuleRuntimeError

# One game's budget of work, in steps of about a microsecond of the compiled build (two
# seconds in all). The rules' work, 1 for each card or seat it touches: each card or seat a
# comprehension or a `for` goes through, or that an `in` or a comparison of lists goes
# through (expressions.charged); each seat of a list of seats a name makes (names.py); each
# card or seat a primitive takes, gives, moves or looks at (language/arguments.py's `charge`
# in each); each card a
# rule or a penalty draws, and each card shuffled (a deal, a reshuffle, a first card
# returned), 1 (drawing.py, dealing.py); each answer a decided rule is asked again on,
# TURN_WORK; each face a table of playable faces holds, 1. Past the budget the game stops
# with an error: the ruleset is at fault. A turn's own draw is not charged: its cards were,
# when dealt or reshuffled, and a turn plays one card at most. The turns' work: each turn
# TURN_WORK, plus 1 per 2 cards in the hand of the seat to play (it and its bot go through
# it), or UNTABLED_WORK per card when the playable rule must run on each. When the turns
# leave less than RULES_RESERVE, the hand ends blocked and the match with it, rather than
# with an error (docs/game-rules.md 1: a bundled game never stops with an error, and random
# bots with draw-until-playable play matches of several 100,000-turn hands). Either way a
# hostile ruleset cannot make a game run for minutes; bundled matches spend a few thousand
# steps with heuristic bots.
# The largest number a ruleset may write or make (a count, a score): past it, arithmetic and
# copies would cost without bound.
MAX_NUMBER: Final = 10 ** 9
WORK_PER_GAME: Final = 2_000_000
RULES_RESERVE: Final = 100_000  # far more than a turn of any bundled game's rules
TURN_WORK: Final = 8
UNTABLED_WORK: Final = 4
WORK_MESSAGE: Final = (f"this ruleset does more work than one game may: over {WORK_PER_GAME:,} steps "
                "(cards shuffled, drawn, moved or turned over, cards or seats its rules go "
                "through: a rule that goes through every hand on every turn?)")
TURNS_MESSAGE: Final = (f"the match's turns used up the game's budget of work ({WORK_PER_GAME:,} "
                 f"steps: a turn costs {TURN_WORK}, and 1 per 2 cards in the hand to play, or "
                 f"{UNTABLED_WORK} per card when the playable rule runs on each); the "
                 "match ends with this hand")

# A browser table's cap on one move's work (an answer and all it sets going, or a deal), in
# steps of the game's budget: some 100 times what a bundled game's move spends. The server
# plays every table in one process, so a rule that worked for the game's whole budget (two
# seconds) would hold every other table that long; capped, it stops its own table within
# this much and the turns' reserve (within_move).
MOVE_WORK: Final = 50_000
MOVE_MESSAGE: Final = (f"this ruleset does more work in one move than a table allows: over "
                f"{MOVE_WORK:,} steps (cards or seats its rules go through, cards drawn or "
                "shuffled; a comprehension inside another over every hand?)")


def within_move(game: Any, most: int, step: Any, *args: Any) -> None:
    """Run `step(*args)`, one move, with at most `most` steps of the game's budget (0: all of
    it): a move that spends more is a RuleRuntimeError, as one past the game's budget. The
    move is lent `most` and the turns' reserve, so that it stops within that much and its
    turns never end a hand for want of work; the same cap replays a save the same way."""
    if not most:
        step(*args)
        return
    banked = max(0, game.work_left - RULES_RESERVE - most)
    game.work_left -= banked
    lent = game.work_left
    try:
        step(*args)
    except RuleRuntimeError as err:
        if banked and game.work_left < 0:
            raise RuleRuntimeError(MOVE_MESSAGE, file=err.file, line=err.line,
                                   column=err.column, path=err.path, detail=err.detail) from None
        raise
    finally:
        spent = lent - game.work_left
        game.work_left += banked
    if banked and spent > most:
        raise RuleRuntimeError(MOVE_MESSAGE, file=game.rules.file)
