"""The effect language's declared game variables at run time: set, and read per seat (`var.NAME`
is read by the expression compiler). Each is `fn(game, frame, *args)`; its types, doc and
words are its row in builtins.py. Compiled (setup.py's COMPILED): a turn calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine.budget import MAX_NUMBER
from interpreter.language.arguments import seat_of

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


def set_var(game: GameState, frame: Any, name: Any, value: Any) -> Any:
    game.set_variable(name, None, variable_value(value))


def set_seat_var(game: GameState, frame: Any, name: Any, seat: Any, value: Any) -> Any:
    game.set_variable(name, seat_of(game, seat), variable_value(value))


def seat_var(game: GameState, frame: Any, name: Any, seat: Any) -> Any:
    return game.variables[name][seat_of(game, seat)]
