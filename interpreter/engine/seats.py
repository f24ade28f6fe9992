"""Seats that leave: a seat can be put out of the match (by a rule, such as one that puts out
a seat holding 25 cards). Turn order among the seats still in is in order.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.engine.order import in_play
from interpreter.engine.scoring import end_hand
from interpreter.engine.turns import end_effects, end_turn

if TYPE_CHECKING:
    from interpreter.engine.state import State


def eliminate(game: State, seat: int) -> None:
    """`seat` leaves the match: its hand goes under the discard pile, it loses any turn owed to
    it; with one seat left, the hand (and the match) ends and that seat wins. The last seat
    standing is never put out, so a rule that puts out several seats at once (`eliminate(
    seats_in())`) cannot leave none: play would have no seat to pass to."""
    if game.out[seat] or game.seated <= 1:
        return
    game.out[seat] = True
    game.seated -= 1
    held, game.hands[seat] = game.hands[seat], []
    game.discard[:0] = held
    game.lost_turns[seat] = 0
    if game.next_turn == seat:
        game.next_turn = None
    if seat in game.uncalled:
        game.uncalled.remove(seat)
    if game.events is not None:
        game.log("eliminated", seat=seat, cards=len(held))
    if game.ending:
        return  # a hand_ended rule: the match's end is decided after it
    if game.seated == 1:
        game.clear_queue()
        end_hand(game, in_play(game.out)[0])
    elif seat == game.turn:
        end_effects(game)  # its turn ends here
        if len(game.stack) <= 1:  # nothing left to end it (the seat was drawing for its turn)
            end_turn(game)
