"""The turn's answer: a play, or a draw instead (one card, until a playable one, or one at a time
deciding again after each), the drawn card offered or forced, a pass; and the answer to the
play_drawn question. The turn's flow around them (starting, ending, the windows) is in turns.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from interpreter.engine.cards import Card, holds
from interpreter.engine.decisions import DRAW, PASS
from interpreter.engine.drawing import can_draw, draw, drawn_frame, log_draw, take_from_stock
from interpreter.engine.frame import Frame
from interpreter.engine.playable import is_playable, playable_in_hand
from interpreter.engine.replacing import LOST, replace
from interpreter.engine.scoring import end_blocked
from interpreter.engine.turns import END_OF_TURN, end_turn, offered, play

if TYPE_CHECKING:
    from interpreter.engine.state import State


def answer_play(game: State, frame: Frame | None, answer: Any) -> None:
    if isinstance(answer, Card):  # the answers are the playable cards and DRAW (or PASS)
        play(game, game.turn, answer)
    elif answer is DRAW or answer != PASS:  # the option itself: a pointer test, no compare
        draw_for_turn(game, game.turn)
    else:
        pass_turn(game, game.turn)


def pass_turn(game: State, seat: int) -> None:
    """turn.decide_after_draw: `seat`, with nothing left to draw, passes; a penalty it owes
    is let off, and the pass counts towards a blocked hand. A seat that played on a pile of
    a row this turn stops playing instead: its turn ends."""
    if game.played_piles:
        end_turn(game)
        return
    if game.penalty:
        game.take_penalty()
    if game.events is not None:
        game.log("pass", seat=seat)
    if not passed(game, seat):
        end_turn(game)


def op_decide_again(game: State, frame: Frame) -> object:
    """turn.decide_after_draw: the seat that drew decides again: play a playable card, draw
    another (below max_draws, while any is left) or pass."""
    seat = frame.player
    limit = game.rules.max_draws
    more = can_draw(game) and (not limit or frame.vars["drawn"] < limit)
    cards = playable_in_hand(game, seat)
    other = DRAW if more else PASS
    if not cards or not game.rules.limits_turn or offered(game, seat, other):
        cards.append(other)
    return game.request("play", seat, tuple(cards), answer_again, frame)


def answer_again(game: State, frame: Frame, answer: Any) -> None:
    seat = frame.player
    if answer == DRAW:
        draw_and_decide(game, seat, frame.vars["drawn"])
    elif answer == PASS:
        if game.events is not None:
            game.log("pass", seat=seat)
        # Only a pass with nothing left to draw counts towards a blocked hand.
        if can_draw(game) or not passed(game, seat):
            end_turn(game)
    else:
        play(game, seat, answer)


def draw_for_turn(game: State, seat: int) -> None:
    """Draw instead of playing: the pending penalty if any (the turn then ends), else
    one card, or until a playable one (up to the limit)."""
    if game.penalty:
        owed = game.take_penalty()
        if game.events is not None:  # said with the draw that follows: "drew the 8 cards owed"
            game.log("penalty_taken", seat=seat, count=owed)
        got = draw(game, seat, owed, fire=False)
        if not got and passed(game, seat):
            return
        end_turn_after_draw(game, seat, got, END_OF_TURN, None)
        return
    if game.rules.turn_draw and replace_turn_draw(game, seat):
        return
    if game.rules.decide_after_draw:
        draw_and_decide(game, seat, 0)
        return
    until = game.rules.draw_until  # a stop condition of the ruleset's own, else "playable"
    hand: list[Any] = game.hands[seat]
    drawn = None
    count = 0
    limit = min(game.rules.turn_draws, game.rules.max_hand - len(hand))
    while count < limit:
        card = take_from_stock(game)
        if card is None:
            break
        hand.append(card)
        count += 1
        if until is None:
            if is_playable(game, seat, card):
                drawn = card
                break
        elif until(game, Frame(seat, card)):
            drawn = card if is_playable(game, seat, card) else None
            break
    if count:
        game.last_move = game.turns
        game.passes = 0  # only passes with nothing to draw, in a row, block a hand
    log_draw(game, seat, count)
    if not count and passed(game, seat):
        return
    if drawn is None or not game.rules.play_drawn:
        end_turn_after_draw(game, seat, count, END_OF_TURN, None)
    elif game.rules.forced_play:
        end_turn_after_draw(game, seat, count, FORCE_DRAWN, Frame(seat, drawn))
    else:
        game.queue(OFFER_DRAWN, Frame(seat, drawn))
        if count and game.rules.cards_drawn:
            game.push(game.rules.cards_drawn, drawn_frame(game, seat, count))
        if count and game.rules.hand_size_changed:
            game.size_changed(seat)


def replace_turn_draw(game: State, seat: int) -> bool:
    """instead_of: turn_draw: the first rule whose condition holds is the seat's whole draw,
    and the turn ends after it; False when none holds (the seat draws as usual)."""
    game.queue(op_after_replaced_draw, Frame(seat))  # under the rule's effect
    if replace(game, Frame(seat), "turn_draw", game.rules.turn_draw, LOST, seat, 0, 0):
        return True
    game.stack.pop()
    game.frames.pop()
    return False


def op_after_replaced_draw(game: State, frame: Frame) -> object:
    """The turn ends after a replaced draw; with nothing left to draw, it was a pass towards
    a blocked hand."""
    if can_draw(game) or not passed(game, frame.player):
        end_turn(game)
    return None


def draw_and_decide(game: State, seat: int, drawn: int) -> None:
    """turn.decide_after_draw: `seat`, having drawn `drawn` cards this turn, draws one
    more and decides again; with nothing left to draw, its first draw is a pass."""
    card = take_from_stock(game)
    if card is None:
        log_draw(game, seat, 0)
        if not passed(game, seat):
            end_turn(game)
        return
    game.hands[seat].append(card)
    game.last_move = game.turns
    game.passes = 0
    log_draw(game, seat, 1)
    frame = Frame(seat)
    frame.vars["drawn"] = drawn + 1
    game.queue(DECIDE_AGAIN, frame)
    if game.rules.cards_drawn:
        game.push(game.rules.cards_drawn, drawn_frame(game, seat, 1))


def end_turn_after_draw(game: State, seat: int, count: int, then: Any, frame: Frame | None) -> None:
    """Go on with the turn after its draw (the op `then` on `frame`: the end of the turn, or
    playing the drawn card); the draw's hand_size_changed and cards_drawn rules, if any, run
    first."""
    drew = game.rules.cards_drawn if count else ()
    if not drew and not (count and game.rules.hand_size_changed):
        if then is END_OF_TURN:
            end_turn(game)
        else:
            then(game, frame)
        return
    game.queue(then, frame)
    if drew:
        game.push(drew, drawn_frame(game, seat, count))
    if count and game.rules.hand_size_changed:
        game.size_changed(seat)


def passed(game: State, seat: int) -> bool:
    """`seat` neither played nor could draw: True when every seat in turn has now passed
    so, and the hand has ended blocked."""
    game.passes += 1
    if game.passes < game.rules.passes_to_block[game.players]:
        return False
    end_blocked(game, f"{game.passes} passes in a row with nothing left to draw")
    return True


def op_offer_drawn(game: State, frame: Frame) -> object:
    """Offer to play the card just drawn (unless a cards_drawn rule moved it: the turn ends)."""
    seat: int = frame.player  # typed: the hand is read natively
    if not holds(game.hands[seat], frame.card):
        end_turn(game)
        return None
    return game.request("play_drawn", seat, (True, False), ANSWER_PLAY_DRAWN, frame)


def op_force_drawn(game: State, frame: Frame) -> object:
    """Play the card just drawn: forced play (unless a cards_drawn rule moved it: the turn
    ends)."""
    if not holds(game.hands[frame.player], frame.card):
        end_turn(game)
    else:
        play(game, frame.player, frame.card)
    return None


def answer_play_drawn(game: State, frame: Frame, play_it: bool) -> None:
    if play_it:
        play(game, frame.player, frame.card)
    else:
        end_turn(game)


# The ops a turn's draw queues, as turns.py names its own: a Final is the function object
# read natively; a module's function used as a value is looked up in its globals at each use
# (callgrind: about 100 instructions each time).
OFFER_DRAWN: Final = op_offer_drawn
FORCE_DRAWN: Final = op_force_drawn
DECIDE_AGAIN: Final = op_decide_again
ANSWER_PLAY_DRAWN: Final = answer_play_drawn  # a handler passed on is a value too
