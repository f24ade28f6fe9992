"""The arguments the effect language's functions take, checked at run time: a seat, seats, a
number of cards. Compiled with the functions (setup.py's COMPILED): every call goes through
these."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from interpreter.engine.budget import MAX_NUMBER, WORK_MESSAGE

if TYPE_CHECKING:
    from interpreter.engine.game import GameState


def charge(game: GameState, work: int) -> None:
    """Charge a rule's `work` to the game's budget (WORK_PER_GAME): past it, the rule fails."""
    # A ValueError, as a rule's own mistakes are: the call's wrapper names the rule's text.
    # The game typed: its budget is read natively, not through Python's attribute protocol
    # as when this was the engine's, untyped (callgrind: about 650 instructions a call).
    game.work_left -= work
    if game.work_left < 0:
        raise ValueError(WORK_MESSAGE)


def seat_of(game: GameState, value: Any) -> int:
    """A seat number, checked."""
    # The type, not isinstance: True is an int too, but not a seat (and type() is read
    # natively in the compiled build, .__class__ through the attribute protocol).
    if type(value) is not int or not 0 <= value < game.players:
        raise TypeError(f"expected a seat number 0..{game.players - 1}, got {value!r}")
    return value


# Each seat alone, as seats_of gives it: a tuple made once, not at every draw or lost turn
# (callgrind: a tuple made and freed is about 150 instructions).
ONE_SEAT: Final = tuple((seat,) for seat in range(64))


def seats_of(game: GameState, value: Any) -> tuple[Any, ...]:
    """One seat or a list of seats, as a tuple of checked seats."""
    if type(value) is int and 0 <= value < game.players:
        return ONE_SEAT[value] if value < 64 else (value,)
    if isinstance(value, (list, tuple)):
        seats: list[Any] = []  # a list made natively (a generator into tuple() is an iterator)
        for each in value:
            seats.append(seat_of(game, each))
        return tuple(seats)
    return (seat_of(game, value),)


def card_count(value: Any) -> int:
    """A number of cards, checked: a whole number from 0 (true is not 1 card)."""
    if type(value) is not int or not 0 <= value <= MAX_NUMBER:
        raise TypeError(f"a number of cards is a whole number from 0, not {value!r}")
    return value
