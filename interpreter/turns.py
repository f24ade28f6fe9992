"""The turn's flow: each op is op(game, frame) -> Decision | None; each handler applies an answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import playable
from .cards import Card
from .decisions import DECISION, DRAW, PASS, new_tuple
from .primitives import Frame

if TYPE_CHECKING:
    from .engine import GameState


def op_start_turn(game: GameState, frame):
    """Ask the seat whose turn it is to play a card or draw."""
    seat = game.turn
    if game.count_turn(seat):
        return None  # the hand could no longer end: it ended blocked
    game.just_played = False
    if game.first_player is None:
        game.first_player = seat
    started = game.started_rules
    if started:
        game.stack.append(ASK_PLAY)
        game.push(started, Frame(seat))
        return None
    return op_ask_play(game, frame)


def op_ask_play(game: GameState, frame):
    """Ask the seat whose turn it is to play a card or draw (its turn has been counted)."""
    seat = game.turn
    # tuple.__new__ skips the named tuple's Python-level constructor: this runs every turn.
    decision = game.decision = new_tuple(
        DECISION, ("play", seat, (*playable.playable_in_hand(game, seat), DRAW), ()))
    game.asked_play = True  # the answer goes to answer_play
    return decision


def check_progress(game: GameState) -> bool:
    """End a hand that the rules will never let end (True when it did so)."""
    rules = game.ruleset
    if (game.turns > rules.turns_per_hand or game.turns - game.last_move > rules.idle_turns + 1
            or game.in_a_row > rules.turns_in_a_row):
        game.end_blocked(no_progress(game))
        return True
    # No guard can trip before this turn: the turn count, the turns since a card last moved and
    # the turns in a row each grow by at most one a turn. Checking only then saves every turn.
    game.next_check = min(rules.turns_per_hand + 1, game.last_move + rules.idle_turns + 2,
                          game.turns + rules.turns_in_a_row - game.in_a_row + 1)
    return False


def no_progress(game: GameState) -> str:
    """Which runaway guard tripped, in words (RULES.md 1: such a hand ends blocked)."""
    rules = game.ruleset
    for count, limit, name, what in (
            (game.turns, rules.turns_per_hand, "turns_per_hand", "the hand lasted more than {} turns"),
            (game.turns - 1 - game.last_move, rules.idle_turns, "idle_turns",
             "{} turns went by without a card moving"),
            (game.in_a_row, rules.turns_in_a_row, "turns_in_a_row",
             "seat %d took more than {} turns in a row" % game.turn)):
        if count > limit:
            return f"play made no progress: {what.format(limit)} (limits.{name})"
    return "play made no progress"


def answer_play(game: GameState, frame, answer) -> None:
    if isinstance(answer, Card):  # the answers are the playable cards and DRAW
        game.play(game.turn, answer)
    else:
        game.draw_for_turn(game.turn)


def op_decide_again(game: GameState, frame):
    """turn.decide_after_draw: the seat that drew decides again: play a playable card, draw
    another (below max_draws, while any is left) or pass."""
    seat = frame.player
    limit = game.ruleset.max_draws
    more = game.can_draw() and (not limit or frame.vars["drawn"] < limit)
    options = (*playable.playable_in_hand(game, seat), DRAW if more else PASS)
    return game.request("play", seat, options, answer_again, frame)


def answer_again(game: GameState, frame, answer) -> None:
    seat = frame.player
    if answer == DRAW:
        game.draw_and_decide(seat, frame.vars["drawn"])
    elif answer == PASS:
        game.log("pass", seat=seat)
        # Only a pass with nothing left to draw counts towards a blocked hand.
        if game.can_draw() or not game.passed(seat):
            game.end_turn()
    else:
        game.play(seat, answer)


def op_play_held(game: GameState, frame):
    """Play a card an effect plays (play_cards), unless an earlier card's effect moved it."""
    if frame.card in game.hands[frame.player]:
        game.play(frame.player, frame.card, False)
    return None


def op_offer_drawn(game: GameState, frame):
    """Offer to play the card just drawn."""
    return game.request("play_drawn", frame.player, (True, False), answer_play_drawn, frame)


def op_force_drawn(game: GameState, frame):
    """Play the card just drawn: forced play."""
    game.play(frame.player, frame.card)
    return None


def answer_play_drawn(game: GameState, frame, play_it: bool) -> None:
    if play_it:
        game.play(frame.player, frame.card)
    else:
        game.end_turn()


def op_uno_call(game: GameState, frame):
    """A player left with one card calls UNO, or forgets."""
    return game.request("uno", frame.player, (True, False), answer_uno, frame)


def answer_uno(game: GameState, frame, called: bool) -> None:
    seat = frame.player
    game.log("uno", seat=seat, called=called)
    if seat in game.uncalled:
        game.uncalled.remove(seat)
    if not called:
        game.uncalled.append(seat)


def op_catch_window(game: GameState, frame):
    """After an uncalled UNO, the other seats may catch the player before the next turn
    (one window for each seat that did not call, in the order they were left so)."""
    uncalled = game.uncalled
    while uncalled:
        seat = uncalled[0]
        if len(game.hands[seat]) != game.ruleset.uno_cards_left:
            uncalled.pop(0)
            continue  # its hand grew again: it owes nothing
        if len(uncalled) > 1:
            game.stack.append((op_catch_window, None))  # the next seat's window, after this one
        catchers = game.others_of(seat)
        return game.request("catch", None, (None,) + catchers, answer_catch, Frame(seat),
                            catchers)
    return None


def answer_catch(game: GameState, frame, catcher) -> None:
    if frame.player in game.uncalled:  # the window closes, caught or not
        game.uncalled.remove(frame.player)
    if catcher is not None:
        game.log("caught", seat=frame.player, by=catcher)
        game.draw(frame.player, game.ruleset.uno_penalty)


def op_jump_window(game: GameState, frame):
    """After a play, seats holding a card the jump-in rule allows may play it out of turn."""
    found = game.jump_in_cards()
    if not found:
        return None
    seats = tuple(found)
    return game.request("jump_in", None, (None,) + seats, answer_jump_in, None, seats)


def answer_jump_in(game: GameState, frame, seat) -> None:
    if seat is not None:
        game.jump_in(seat)


def op_jump_in_card(game: GameState, frame):
    """A seat jumping in that holds several allowed cards chooses which one to play."""
    return game.request("jump_in_card", frame.player, frame.vars["cards"], answer_jump_in_card,
                        frame)


def answer_jump_in_card(game: GameState, frame, card) -> None:
    game.play(frame.player, card)


def op_advance(game: GameState, frame):
    """Pass the turn on and start the next one."""
    game.advance()
    return op_start_turn(game, frame)


def op_end_turn(game: GameState, frame):
    """End the turn: its turn_ended rules first, if any, then op_finish_turn."""
    ended = game.ended_rules
    if ended:
        game.stack.append(FINISH_TURN)
        game.push(ended, Frame(game.turn))
        return None
    return op_finish_turn(game, frame)


def op_finish_turn(game: GameState, frame):
    """Pass play on: through the out-of-turn windows when one may open, else straight on."""
    if not game.uncalled and game.no_windows:
        game.advance()  # the common turn: no window can open, the next one starts at once
        return op_start_turn(game, frame)
    game.push(WINDOWS, None)
    return None


def op_after_answer(game: GameState, frame):
    """Nothing: it holds the place under what an answer set going (answer_then_rules)."""
    return None


def op_hand_over(game: GameState, frame):
    """The player has no cards left: the hand is over."""
    game.end_hand(frame.player)
    return None


# Final: C statics in the compiled build (decisions.py says why).
START_TURN: Final = (op_start_turn,)
ASK_PLAY: Final = (op_ask_play, None)
FINISH_TURN: Final = (op_finish_turn, None)
ADVANCE: Final = (op_advance,)
END_OF_TURN: Final = (op_end_turn, None)  # the stack entry that ends a turn (it needs no frame)
WINDOWS: Final = (op_catch_window, op_jump_window, op_advance)
HAND_OVER: Final = (op_hand_over,)
AFTER_ANSWER: Final = (op_after_answer, None)
UNO_CALL: Final = op_uno_call
# Ops that move play on from one turn to the next: `end_effects()` (the effect language's
# `end_turn()`) stops dropping ops at these.
TURN_FLOW: Final = frozenset({op_end_turn, op_catch_window, op_jump_window, op_advance, op_hand_over,
                       op_start_turn, op_jump_in_card, op_ask_play, op_finish_turn})
