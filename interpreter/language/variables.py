"""The effect language's declared game variables at run time: set, and read per seat (`var.NAME`
is read by the expression compiler). Each is `fn(game, frame, *args)`; its types, doc and
words are its row in builtins.py. Compiled (setup.py's COMPILED): a turn calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine.budget import MAX_NUMBER
from interpreter.engine.cards import Card
from interpreter.language.arguments import charge, seat_of, seats_of

if TYPE_CHECKING:
    from interpreter.engine.game import GameState


def variable_value(value: Any) -> Any:
    """A value a game variable may hold: a whole number within MAX_NUMBER, true/false, none."""
    if value is None or type(value) is bool:
        return value
    if type(value) is not int or not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise TypeError(f"a variable holds a whole number within {MAX_NUMBER:,}, true, false "
                        f"or none, not {value!r}")
    return value


def held(game: GameState, name: Any, value: Any) -> Any:
    """`value` as the variable `name` keeps it: checked against its declared type, and a
    list of cards or seats copied, so that it stays what it was when set (a hand is not)."""
    kinds = game.rules.typed_variables
    if not kinds or name not in kinds:
        return variable_value(value)
    kind = kinds[name]
    if kind == "cards":
        cards = (value,) if isinstance(value, Card) else value
        if isinstance(cards, (list, tuple)):
            charge(game, len(cards))
            if all(isinstance(card, Card) for card in cards):
                return tuple(cards)
    elif kind == "seats":
        return seats_of(game, value)
    elif value is None:
        return None
    elif kind == "seat":
        return seat_of(game, value)
    elif kind == "card":
        if isinstance(value, Card):
            return value
    elif kind == "number":
        if type(value) is int and -MAX_NUMBER <= value <= MAX_NUMBER:
            return value
    elif kind == "boolean":
        if type(value) is bool:
            return value
    elif kind == "text":
        if type(value) is str:
            return value
    elif value in game.rules.colors:  # a colour
        return value
    raise TypeError(f"the variable '{name}' holds {kind}, not {value!r}")


def set_var(game: GameState, frame: Any, name: Any, value: Any) -> Any:
    game.set_variable(name, None, held(game, name, value))


def set_seat_var(game: GameState, frame: Any, name: Any, seat: Any, value: Any) -> Any:
    game.set_variable(name, seat_of(game, seat), held(game, name, value))


def seat_var(game: GameState, frame: Any, name: Any, seat: Any) -> Any:
    return game.variables[name][seat_of(game, seat)]
