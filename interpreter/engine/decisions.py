"""The vocabulary of decisions: what a player is asked, the answers it may give, how hands end."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # installed without mypy: the decorator only guides the compiler
    def mypyc_attr(*_args: Any, **_attrs: Any) -> Any:  # type: ignore[misc]
        return lambda cls: cls

# Final module names are C statics in the compiled build; any other module name is looked up
# in the module's dictionary at each use (some 140 instructions: callgrind).
NUMBERS: Final = frozenset({bool, int, float})  # answers that == can confuse (True == 1 == 1.0)
DRAW: Final = "draw"  # the answer to a play decision that draws instead of playing
PASS: Final = "pass"  # the answer that ends a turn without playing (turn.decide_after_draw)
DONE: Final = "done"  # the answer that ends a card choice made one pick at a time
# The decisions the engine asks by name: a rule's ask() may not take one of them for its own.
RESERVED_QUESTIONS: Final = frozenset({"play", "play_drawn", "uno", "catch", "jump_in",
                                       "jump_in_card", "color", "target", "card"})
# The decision of a game of rows (which pile a card goes on): no ask() may take its name
# either. Apart from RESERVED_QUESTIONS, whose kinds lay out the learning environments'
# observations, so that a game without rows observes what it did.
PILE: Final = "pile"


# One freed instance kept for the next (mypyc's free list): a decision is made every turn and
# the last one freed just before.
@mypyc_attr(free_list_len=1)
class Decision:
    """A choice a player must make: what kind, who decides, and the legal answers.

    A window (such as catching a missed UNO) is open to several seats out of turn:
    `seat` is None and `open_to` lists them in the order they are asked; its options are
    None (nobody takes it) and the seats that can take it, which a public window's
    `open_to` may outnumber (GameState.public_windows).
    Immutable, and compared by value. A plain class rather than a named tuple: one is made
    every turn and read several times, and the compiled build makes and reads it natively
    (callgrind: a named tuple cost about 1,500 instructions a turn more).
    """

    __slots__ = ("kind", "seat", "options", "open_to")
    kind: str
    seat: int | None
    options: tuple[Any, ...]
    open_to: tuple[Any, ...]

    def __init__(self, kind: str, seat: int | None, options: tuple[Any, ...], open_to: tuple[Any, ...] = ()) -> None:
        self.kind = kind
        self.seat = seat
        self.options = options
        self.open_to = open_to

    def offer(self, seat: int) -> "Decision":
        """A window as one seat sees it: take it (answer its own seat) or pass (None); only
        pass for a seat it is open to that cannot take it (a public window)."""
        return Decision(self.kind, seat, (None, seat) if seat in self.options else (None,))

    def _replace(self, **changes: Any) -> "Decision":
        """A copy with some fields changed (as a named tuple's _replace)."""
        fields: dict[str, Any] = {"kind": self.kind, "seat": self.seat,
                                  "options": self.options, "open_to": self.open_to}
        fields.update(changes)
        return Decision(**fields)

    def fields(self) -> tuple[Any, ...]:
        """(kind, seat, options, open_to)."""
        return (self.kind, self.seat, self.options, self.open_to)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and self.fields() == other.fields()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return (f"Decision(kind={self.kind!r}, seat={self.seat!r}, options={self.options!r}, "
                f"open_to={self.open_to!r})")

    def __deepcopy__(self, memo: dict[Any, Any]) -> "Decision":
        return self  # immutable: a copied game shares it

    def __copy__(self) -> "Decision":
        return self


class HandResult(NamedTuple):
    """How one hand ended."""

    winner: int
    points: int
    turns: int
    first: int | None  # the seat that took the hand's first turn
    blocked: bool = False  # nobody went out: the hand could no longer end
    seats: tuple[Any, ...] = ()  # each seat's points this hand, when the ruleset scores every seat


def describe(value: Any) -> str:
    """An option as a person reads it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):  # a shown variable holding cards: their names
        return ", ".join(describe(each) for each in value) or "none"
    return str(value)


def is_option(answer: Any, options: tuple[Any, ...]) -> bool:
    """Whether `answer` is one of `options` (exactly: True is not seat 1)."""
    try:
        found = options[options.index(answer)]
    except ValueError:
        return False
    return found is answer or type(found) is type(answer)
