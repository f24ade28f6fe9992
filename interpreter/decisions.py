"""The vocabulary of decisions: what a player is asked, the answers it may give, how hands end."""

from __future__ import annotations

from typing import Final, NamedTuple

# Final module names are C statics in the compiled build; any other module name is looked up
# in the module's dictionary at each use (some 140 instructions: callgrind).
new_tuple: Final = tuple.__new__  # makes a Decision without the named tuple's Python-level constructor
NUMBERS: Final = frozenset({bool, int, float})  # answers that == can confuse (True == 1 == 1.0)
DRAW: Final = "draw"  # the answer to a play decision that draws instead of playing
PASS: Final = "pass"  # the answer that ends a turn without playing (turn.decide_after_draw)


class Decision(NamedTuple):
    """A choice a player must make: what kind, who decides, and the legal answers.

    A window (such as catching a missed UNO) is open to several seats out of turn:
    `seat` is None and `open_to` lists them in the order they are asked.
    (A named tuple: one is made every turn, so it must be cheap.)
    """

    kind: str
    seat: int | None
    options: tuple
    open_to: tuple = ()

    def offer(self, seat: int) -> "Decision":
        """A window as one seat sees it: take it (answer its own seat) or pass (None)."""
        return Decision(self.kind, seat, (None, seat))


DECISION: Final = Decision  # the class, read as a C static (see above)


class HandResult(NamedTuple):
    """How one hand ended."""

    winner: int
    points: int
    turns: int
    first: int | None  # the seat that took the hand's first turn
    blocked: bool = False  # nobody went out: the hand could no longer end


def describe(value) -> str:
    """An option as a person reads it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def is_option(answer, options: tuple) -> bool:
    """Whether `answer` is one of `options` (exactly: True is not seat 1)."""
    try:
        found = options[options.index(answer)]
    except ValueError:
        return False
    return found is answer or type(found) is type(answer)
