"""The effect language's actions on the play's course at run time: turns lost and given, the
direction and the colour to follow, seats put out, a turn or hand ended, a replaced event
let go on, a named effect run. Each is `fn(game, frame, *args)`; its types, doc and words
are its row in builtins.py. Compiled (setup.py's COMPILED): a turn calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine import replacing, scoring, turns
from interpreter.engine import seats as seating
from interpreter.language.arguments import charge, seat_of, seats_of

if TYPE_CHECKING:
    from interpreter.engine.game import GameState


def lose_turn(game: GameState, frame: Any, who: Any) -> Any:
    seats = seats_of(game, who)
    charge(game, len(seats))
    for seat in seats:
        replacing.lose_turn(game, seat, frame)


def extra_turn(game: GameState, frame: Any, who: Any = None) -> Any:
    game.give_turn(frame.player if who is None else seat_of(game, who))


def set_direction(game: GameState, frame: Any, direction: Any) -> Any:
    if type(direction) is not int or direction not in (1, -1):  # true == 1, but is no direction
        raise TypeError(f"the direction is 1 or -1, not {direction!r}")
    game.set_direction(direction)


def set_color(game: GameState, frame: Any, color: Any) -> Any:
    game.set_color(color)


def eliminate(game: GameState, frame: Any, who: Any) -> Any:
    for seat in seats_of(game, who):
        charge(game, len(game.hands[seat]) + game.players)
        seating.eliminate(game, seat)


def end_turn(game: GameState, frame: Any) -> Any:
    turns.end_effects(game)


def end_hand(game: GameState, frame: Any) -> Any:
    if game.ending:
        raise ValueError("end_hand() may not be used once the hand is over (hand_ended)")
    scoring.end_blocked(game, "a rule ended the hand")


def proceed(game: GameState, frame: Any) -> Any:
    replacing.proceed(game, frame)


def run(game: GameState, frame: Any, name: Any, *args: Any) -> Any:
    game.run_named_effect(name, frame, args)
