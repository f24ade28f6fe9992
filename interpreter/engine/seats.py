"""Seats that leave: a seat can be put out of the match (by a rule, such as one that puts out
a seat holding 25 cards). Turn order, `next`, `others`, the deal, the UNO and jump-in windows
and the match's end then pass it by. While every seat plays, none of this runs: the engine's common paths
test one count (`game.seated == game.players`) and go on as before.
"""

from __future__ import annotations


def walk(game, seat: int, steps: int, direction: int) -> int:
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


def others_of(game, seat: int) -> tuple:
    """Every other seat still in, in turn order from the one after `seat`."""
    found = []
    here = seat
    for _ in range(game.players - 1):
        here = (here + game.direction) % game.players
        if not game.out[here] and here != seat:
            found.append(here)
    return tuple(found)


def in_play(game) -> list:
    """The seats still in, in seat order."""
    return [seat for seat in range(game.players) if not game.out[seat]]


def eliminate(game, seat: int) -> None:
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
        game.end_hand(in_play(game)[0])
    elif seat == game.turn:
        game.end_effects()  # its turn ends here
        if len(game.stack) <= 1:  # nothing left to end it (the seat was drawing for its turn)
            game.end_turn()


def pass_in_play(game, direction: int) -> list:
    """The hands after every hand moves one seat on in `direction`, among seats still in."""
    seats = in_play(game)
    hands = list(game.hands)
    moved = [game.hands[seats[(index - direction) % len(seats)]] for index in range(len(seats))]
    for seat, hand in zip(seats, moved):
        hands[seat] = hand
    return hands
