"""Turn order among the seats still in: a seat can be put out of the match (seats.eliminate), and
turn order, `next`, `others`, the deal, the UNO and jump-in windows then pass it by. While every
seat plays, the engine's common paths test one count (`game.seated == game.players`) and these
walks do not run."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.engine.state import State


def walk(game: State, seat: int, steps: int, direction: int) -> int:
    """The seat `steps` places from `seat` in `direction`, counting only seats still in."""
    out, players = game.out, game.players
    step = 1 if steps * direction > 0 else -1
    moves = abs(steps)
    if moves > game.seated:  # past the first step, the seats still in come round every `seated`
        moves = (moves - 1) % game.seated + 1
    for _ in range(moves):
        seat = (seat + step) % players
        while out[seat]:
            seat = (seat + step) % players
    return seat


def others_of(game: State, seat: int) -> tuple[int, ...]:
    """Every other seat still in, in turn order from the one after `seat`."""
    found = []
    here = seat
    for _ in range(game.players - 1):
        here = (here + game.direction) % game.players
        if not game.out[here] and here != seat:
            found.append(here)
    return tuple(found)


def in_play(game: State) -> list[int]:
    """The seats still in, in seat order."""
    return [seat for seat in range(game.players) if not game.out[seat]]


def pass_in_play(game: State, direction: int) -> list[Any]:
    """The hands after every hand moves one seat on in `direction`, among seats still in."""
    seats = in_play(game)
    hands = list(game.hands)
    moved = [game.hands[seats[(index - direction) % len(seats)]] for index in range(len(seats))]
    for seat, hand in zip(seats, moved):
        hands[seat] = hand
    return hands
