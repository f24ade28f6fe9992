"""Turn order among the seats still in: a seat can be put out of the match (seats.eliminate), and
turn order, `next`, `others`, the deal, the UNO and jump-in windows then pass it by. While every
seat plays, the engine's common paths test one count (`game.seated == game.players`) and these
walks do not run. They read the seats as plain data (`out`: a flag per seat, whether it is
out), so that the game's state (state.py) can call them without a cycle of imports."""

from __future__ import annotations

from typing import Any


def walk(out: list[bool], seated: int, seat: int, steps: int, direction: int) -> int:
    """The seat `steps` places from `seat` in `direction`, counting only the `seated` seats
    still in."""
    players = len(out)
    step = 1 if steps * direction > 0 else -1
    moves = abs(steps)
    if moves > seated:  # past the first step, the seats still in come round every `seated`
        moves = (moves - 1) % seated + 1
    for _ in range(moves):
        seat = (seat + step) % players
        while out[seat]:
            seat = (seat + step) % players
    return seat


def others_of(out: list[bool], direction: int, seat: int) -> tuple[int, ...]:
    """Every other seat still in, in turn order (`direction`) from the one after `seat`."""
    found = []
    here = seat
    players = len(out)
    for _ in range(players - 1):
        here = (here + direction) % players
        if not out[here] and here != seat:
            found.append(here)
    return tuple(found)


def in_play(out: list[bool]) -> list[int]:
    """The seats still in, in seat order."""
    return [seat for seat in range(len(out)) if not out[seat]]


def pass_in_play(out: list[bool], held: list[Any], direction: int) -> list[Any]:
    """The hands `held` after every hand moves one seat on in `direction`, among seats still
    in."""
    seats = in_play(out)
    hands = list(held)
    moved = [held[seats[(index - direction) % len(seats)]] for index in range(len(seats))]
    for seat, hand in zip(seats, moved):
        hands[seat] = hand
    return hands
