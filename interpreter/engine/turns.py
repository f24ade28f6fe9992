"""The turn's flow and the loop that runs it: each op is op(game, frame), which gives None or,
when it asks a player, the decision (PLAY_ASKED for a turn's play); each handler applies an
answer. Also a play itself, counting a turn, passing the turn on, and the windows between turns
(an uncalled UNO caught, a jump-in). The turn's answer, a play or a draw, is in turn_draws.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from interpreter.engine import order, piles, playable
from interpreter.engine.cards import Card, holds
from interpreter.engine.budget import TURN_WORK
from interpreter.engine.decisions import DRAW, PASS, PILE
from interpreter.engine.drawing import can_draw, draw, reshuffle
from interpreter.engine.frame import Frame
from interpreter.engine.replacing import take_uno_penalty
from interpreter.engine.runaway import check_progress
from interpreter.engine.scoring import end_hand
from interpreter.errors import RuleRuntimeError

if TYPE_CHECKING:
    from interpreter.engine.state import State

def op_start_turn(game: State, frame: Frame | None) -> object:
    """Ask the seat whose turn it is to play a card or draw."""
    seat = game.turn
    if count_turn(game, seat):
        return None  # the hand could no longer end: it ended blocked
    game.just_played = False
    if game.first_player is None:
        game.first_player = seat
    if game.rules.has_rows:
        game.played_piles = []  # every pile may be played on again
    started = game.rules.turn_started
    if started:
        game.queue(ASK_PLAY, None)
        game.push(started, Frame(seat))
        return None
    return op_ask_play(game, frame)


def op_ask_play(game: State, frame: Frame | None) -> object:
    """Ask the seat whose turn it is to play a card or draw (its turn has been counted)."""
    options = game.play_options  # the game's own, filled again (the Decision copies it)
    if game.rules.other_option:
        return ask_play_or_other(game, options)
    count = playable.fill_from_hand(game, game.turn, options)
    playable.put(options, count, DRAW)  # the option itself, not a name bound to it: a
    # name costs its references each turn (callgrind: some 20 instructions a turn)
    game.play_count = count + 1  # the Decision is made only if read (GameState.decision)
    game.play_cards = count
    game.asking = game.asked_play = True  # the answer goes to answer_play
    return PLAY_ASKED


def ask_play_or_other(game: State, options: list[Any]) -> object:
    """op_ask_play in a ruleset whose play may offer something else than the draw beside
    the cards (Rules.other_option): a pass, or neither the draw nor the pass."""
    count = playable.fill_playable(game, game.turn, options)
    # Deciding again after each draw with nothing to draw, or playing on after a play on a
    # pile (rows:), the seat may stop.
    stops = game.rules.decide_after_draw and not can_draw(game) or bool(game.played_piles)
    playable.put(options, count, PASS if stops else DRAW)
    game.play_count = count + 1
    if count and game.rules.limits_turn and not offered(game, game.turn, options[count]):
        game.play_count = count  # turn.may_draw or may_pass: only the cards are offered
    game.play_cards = count
    game.asking = game.asked_play = True
    return PLAY_ASKED


def offered(game: State, seat: int, option: Any) -> bool:
    """Whether the turn offers `seat` its draw (DRAW) or pass (PASS) beside a playable card:
    turn.may_draw or may_pass, when the ruleset sets it, holds (`player`: the seat)."""
    condition = game.rules.may_draw if option == DRAW else game.rules.may_pass
    return condition is None or bool(condition(game, Frame(seat)))


# --- a play, counting a turn, passing the turn on --------------------------------------

def play(game: State, seat: int, card: Card, ends_turn: bool = True) -> None:
    """Move `card` from `seat`'s hand to the discard pile and queue what follows (the end of
    the turn too, unless the play is one an effect makes: `ends_turn` false). In a ruleset
    with rows, a turn's play goes on a pile instead (play_on_row)."""
    if game.rules.has_rows and ends_turn:
        play_on_row(game, seat, card)
        return
    rules = card.rules
    color_before = game.color
    frame = None
    if rules.fair is not None:  # judged on the hand as it was before the play
        frame = Frame(seat, card, color_before)
        frame.fair = bool(rules.fair(game, frame))
    hand: list[Any] = game.hands[seat]
    hand.pop(position(hand, card))  # list.remove, without a call through Python's protocol
    game.just_played = True
    game.last_move = game.played_at[seat] = game.turns
    game.passes = 0
    game.discard.append(card)
    if not game.stock:
        refill_at_once(game)
    if card.color is not None:
        game.color = card.color
    if game.events is not None:
        game.log("play", seat=seat, card=card.name)
    if rules.on_play or len(hand) <= game.rules.uno_cards_left or game.rules.card_played or game.rules.hand_size_changed:
        follow_play(game, frame or Frame(seat, card, color_before), hand, ends_turn)
    elif ends_turn:
        end_turn(game)  # the common play: no effect, more cards left than UNO counts


def play_on_row(game: State, seat: int, card: Card) -> None:
    """A turn's play in a ruleset with rows: onto the one open pile the card may go on, or
    the one the seat names (a `pile` decision) when several may take it."""
    fits = piles.open_piles(game, seat, card)
    if len(fits) == 1:
        play_on_pile(game, seat, card, fits[0], True)
        return
    frame = Frame(seat, card)
    frame.vars["piles"] = tuple(piles.pile_name(pile) for pile in fits)
    game.queue(op_ask_pile, frame)


def op_ask_pile(game: State, frame: Frame) -> object:
    """The seat names the pile its card goes on, of those that may take it."""
    return game.request(PILE, frame.player, frame.vars["piles"], answer_pile, frame)


def answer_pile(game: State, frame: Frame, answer: Any) -> None:
    row, number = answer.rsplit(" ", 1)
    play_on_pile(game, frame.player, frame.card, (row, int(number)), True)


def play_on_pile(game: State, seat: int, card: Card, pile: Any, in_turn: bool) -> None:
    """Move `card` from `seat`'s hand onto `pile` (row, number) and queue what follows: its
    effect and rules, then, for a turn's play (`in_turn`), the seat plays on or the turn
    ends (op_row_played)."""
    color_before = game.color
    frame = Frame(seat, card, color_before)
    if card.rules.fair is not None:  # judged on the hand as it was before the play
        frame.fair = bool(card.rules.fair(game, frame))
    piles.place(game, seat, card, pile)
    if card.color is not None:
        game.color = card.color
    if in_turn:
        game.queue(ROW_PLAYED, None)
    follow_play(game, frame, game.hands[seat], False)


def op_row_played(game: State, frame: Frame | None) -> object:
    """After a play on a pile: the seat plays on while a row lets it play on another pile
    and it holds a card one may take; else its turn ends."""
    if any(row.each_pile for row in game.rules.rows) \
            and playable.fill_row_playable(game, game.turn, game.play_options):
        return op_ask_play(game, frame)
    return op_end_turn(game, frame)


def op_play_on_pile(game: State, frame: Frame) -> object:
    """Play a card an effect plays on a pile (play_on), unless an earlier card's effect
    moved it or the pile is gone."""
    pile = frame.vars["pile"]
    if holds(game.hands[frame.player], frame.card) and len(piles.row_of(game, pile[0])) >= pile[1]:
        play_on_pile(game, frame.player, frame.card, pile, False)
    return None


def position(hand: list[Any], card: Any) -> int:
    """Where `card` is in `hand` (the first place, as list.remove finds it: cards are equal
    only to themselves); ValueError when it is not there."""
    for at in range(len(hand)):
        if hand[at] is card:
            return at
    raise ValueError(f"{card} is not in the hand")


def follow_play(game: State, frame: Frame, hand: list[Any], ends_turn: bool = True) -> None:
    """Queue what follows a play: going out, or the card's effect, the UNO call, the end."""
    card: Card = frame.card  # typed: its kind's rules are read natively
    rules = card.rules
    if not hand:
        if ends_turn:  # run only when the hand goes on (op_hand_over): else it is dropped
            game.queue(END_OF_TURN, None)
        game.push(HAND_OVER, frame)
        game.push(rules.on_going_out, frame)
        return
    if ends_turn:
        game.queue(END_OF_TURN, None)
    game.push(game.rules.card_played, frame)  # after the card's own effect
    game.push(rules.on_play, frame)
    if game.rules.hand_size_changed:
        game.size_changed(frame.player)
    if len(hand) == game.rules.uno_cards_left and game.rules.uno_penalty is not None:
        game.queue(UNO_CALL, frame)  # called as the card is played


def count_turn(game: State, seat: int) -> bool:
    """Count a turn `seat` takes; True when a runaway guard tripped and ended the hand."""
    game.turns += 1
    game.work_left -= TURN_WORK
    if seat == game.last_turn:
        game.in_a_row += 1
    else:
        game.in_a_row, game.last_turn = 1, seat
    if game.turns >= game.next_check:  # no guard can trip before then
        return check_progress(game)
    return False


def advance(game: State) -> None:
    """Pass the turn: to a seat given an extra turn, else onward past seats that lose it."""
    if game.next_turn is not None:
        seat, game.next_turn = game.next_turn, None
    else:
        seat = (game.turn + game.direction) % game.players if game.seated == game.players \
            else order.walk(game.out, game.seated, game.turn, 1, game.direction)
        while game.lost_turns[seat]:
            game.lost_turns[seat] -= 1
            if game.events is not None:
                game.log("turn_lost", seat=seat)
            seat = game.seat_after(seat)
    game.turn = seat


def refill_at_once(game: State) -> None:
    """stock.refill when_empty: a stock that ran out with nothing to rebuild it from is rebuilt
    as the next card is played (the discard then holds cards under its top)."""
    if game.rules.refill_at_once:
        reshuffle(game)


def op_play_held(game: State, frame: Frame) -> object:
    """Play a card an effect plays (play_cards), unless an earlier card's effect moved it."""
    if holds(game.hands[frame.player], frame.card):
        play(game, frame.player, frame.card, False)
    return None


def op_uno_call(game: State, frame: Frame) -> object:
    """A player left with one card calls UNO, or forgets."""
    return game.request("uno", frame.player, (True, False), ANSWER_UNO, frame)


def answer_uno(game: State, frame: Frame, called: bool) -> None:
    seat = frame.player
    if game.events is not None:
        game.log("uno", seat=seat, called=called)
    if seat in game.uncalled:
        game.uncalled.remove(seat)
    if not called:
        game.uncalled.append(seat)


def op_catch_window(game: State, frame: Frame | None) -> object:
    """After an uncalled UNO, the other seats may catch the player before the next turn
    (one window for each seat that did not call, in the order they were left so)."""
    uncalled = game.uncalled
    while uncalled:
        seat = uncalled[0]
        if len(game.hands[seat]) != game.rules.uno_cards_left:
            uncalled.pop(0)
            continue  # its hand grew again: it owes nothing
        if len(uncalled) > 1:
            game.queue(op_catch_window, None)  # the next seat's window, after this one
        catchers = game.others_of(seat)
        return game.request("catch", None, (None,) + catchers, answer_catch, Frame(seat),
                            catchers)
    return None


def answer_catch(game: State, frame: Frame, catcher: int | None) -> None:
    if frame.player in game.uncalled:  # the window closes, caught or not
        game.uncalled.remove(frame.player)
    if catcher is not None:
        if game.events is not None:
            game.log("caught", seat=frame.player, by=catcher)
        if game.rules.uno_penalty_rules:
            take_uno_penalty(game, frame, frame.player, game.rules.uno_penalty)
        else:
            draw(game, frame.player, game.rules.uno_penalty)


def op_jump_window(game: State, frame: Frame | None) -> object:
    """After a play, seats holding a card the jump-in rule allows may play it out of turn.

    The window's options are the seats that can take it; it is open to (asked of) those
    seats, or, with public windows, to every other seat, holding such a card or not."""
    found = jump_in_cards(game)
    able = tuple(found)
    asked = able
    if game.public_windows and game.rules.jump_in is not None and game.just_played and game.discard:
        asked = game.others_of(game.turn)
    if not asked:
        return None
    return game.request("jump_in", None, (None,) + able, answer_jump_in, None, asked)


def answer_jump_in(game: State, frame: Frame | None, seat: int | None) -> None:
    if seat is not None:
        jump_in(game, seat)


def op_jump_in_card(game: State, frame: Frame) -> object:
    """A seat jumping in that holds several allowed cards chooses which one to play."""
    return game.request("jump_in_card", frame.player, frame.vars["cards"], answer_jump_in_card,
                        frame)


def answer_jump_in_card(game: State, frame: Frame, card: Any) -> None:
    play(game, frame.player, card)


def op_advance(game: State, frame: Frame | None) -> object:
    """Pass the turn on and start the next one."""
    advance(game)
    return op_start_turn(game, frame)


def op_end_turn(game: State, frame: Frame | None) -> object:
    """End the turn: its turn_ended rules first, if any, then op_finish_turn."""
    ended = game.rules.turn_ended
    if ended:
        game.queue(FINISH_TURN, None)
        game.push(ended, Frame(game.turn))
        return None
    return op_finish_turn(game, frame)


def op_finish_turn(game: State, frame: Frame | None) -> object:
    """Pass play on: through the out-of-turn windows when one may open, else straight on."""
    if not game.uncalled and game.rules.jump_in is None:
        # The common turn: no window can open, the next one starts at once, as the op
        # itself rather than queued for the loop (callgrind: 30,400 instructions of a bots'
        # game of 294,000, examples/BENCHMARK.md).
        advance(game)
        return op_start_turn(game, frame)
    game.push(WINDOWS, None)
    return None


def op_after_answer(game: State, frame: Frame | None) -> object:
    """Nothing: it holds the place under what an answer set going (answer_then_rules)."""
    return None


def op_hand_over(game: State, frame: Frame) -> object:
    """The player has no cards left: the hand is over. One its last card's effect dealt cards
    again (shuffle_hands) has not gone out: the hand goes on."""
    seat: int = frame.player  # typed: the hand is read natively
    hand: list[Any] = game.hands[seat]
    if hand:
        return None
    end_hand(game, frame.player)
    return None


# Final: C statics in the compiled build (decisions.py says why).
def jump_in_cards(game: State) -> dict[Any, Any]:
    """Seat -> the distinct cards it may jump in with now, in hand order (only on a card
    just played, not one turned over; per the ruleset's jump_in rule)."""
    allowed = game.rules.jump_in
    if allowed is None or not game.just_played or not game.discard:
        return {}
    found = {}
    for seat in game.others_of(game.turn):
        frame = Frame(seat)
        cards = []
        for card in dict.fromkeys(game.hands[seat]):
            frame.card = card
            # A jump-in is a play: the card's own `legal` rule holds too.
            if allowed(game, frame) and (card not in game.guarded
                                         or playable.is_legal(game, seat, card)):
                cards.append(card)
        if cards:
            found[seat] = tuple(cards)
    return found


def jump_in(game: State, seat: int) -> None:
    """`seat` takes the jump-in window: it plays its allowed card (asked which, when it
    holds several) out of turn; play goes on from there."""
    cards = jump_in_cards(game)[seat]
    game.stack.pop()  # the window's last op, the advance: play goes on from the jumper
    game.frames.pop()
    # Whoever was to lose a turn has been jumped over already.
    game.next_turn = None
    game.lost_turns = [0] * game.players
    game.turn = seat
    if count_turn(game, seat):  # a turn taken out of order counts against the guards too
        return
    if game.events is not None:
        game.log("jump_in", seat=seat)
    if len(cards) == 1:
        play(game, seat, cards[0])
    else:
        frame = Frame(seat)
        frame.vars["cards"] = cards
        game.queue(op_jump_in_card, frame)


def op_bottom(game: State, frame: Frame | None) -> object:
    """Never runs: the op stack's first entry, under everything queued. It keeps the stack's
    list from emptying: an emptied list frees its array, and the next push allocates one
    again (callgrind: some 400 instructions each time a card's effect is queued)."""
    raise AssertionError("the op stack's bottom entry ran")


# Sequences of ops, as State.push queues them. Typed `tuple`, not inferred: mypyc keeps
# a Final tuple of a fixed shape unboxed and builds a new tuple object at each use. As one
# object each, they are shared in both builds (tests/project/test_compiled.py).
START_TURN: Final[tuple[Any, ...]] = (op_start_turn,)
ADVANCE: Final[tuple[Any, ...]] = (op_advance,)
WINDOWS: Final[tuple[Any, ...]] = (op_catch_window, op_jump_window, op_advance)
HAND_OVER: Final[tuple[Any, ...]] = (op_hand_over,)
# Single ops, as State.queue queues them, and as `op is END_OF_TURN` tells them apart:
# a Final names the function object itself, read natively (a module's function used as a
# value is otherwise looked up in its globals at each use).
ASK_PLAY: Final = op_ask_play
FINISH_TURN: Final = op_finish_turn
END_OF_TURN: Final = op_end_turn  # the op that ends a turn (it needs no frame)
AFTER_ANSWER: Final = op_after_answer
BOTTOM: Final = op_bottom
UNO_CALL: Final = op_uno_call
ANSWER_UNO: Final = answer_uno  # a handler passed on is a value too
# What op_ask_play returns: not None, so the op loop stops (the play is asked).
PLAY_ASKED: Final[tuple[Any, ...]] = ("play asked",)
# Ops that move play on from one turn to the next: `end_effects()` (the effect language's
# `end_turn()`) stops dropping ops at these.
TURN_FLOW: Final = frozenset({op_end_turn, op_catch_window, op_jump_window, op_advance, op_hand_over,
                       op_start_turn, op_jump_in_card, op_ask_play, op_finish_turn,
                       op_row_played, op_ask_pile})
ROW_PLAYED: Final = op_row_played


# --- ending the turn, and the loop ----------------------------------------------------

def end_turn(game: State) -> None:
    """End the turn: at once when nothing else is queued, else as the next op to run."""
    if len(game.stack) > 1:
        game.queue(END_OF_TURN, None)
    else:
        # The common case: the same op, run at once rather than queued for the loop
        # (callgrind: 12,400 instructions of a bots' game of 294,000, examples/BENCHMARK.md).
        op_end_turn(game, None)


def end_effects(game: State) -> None:
    """Drop the rest of the running effects; the turn then ends as usual."""
    stack, frames = game.stack, game.frames
    while len(stack) > 1 and stack[-1] not in TURN_FLOW:
        stack.pop()
        frames.pop()
    if stack[-1] is ASK_PLAY or stack[-1] is ROW_PLAYED:
        # A turn_started rule ended the turn before its play was asked, or a card played on
        # a pile ended it: it ends without another play.
        stack[-1] = END_OF_TURN
        frames[-1] = None


def run(game: State) -> None:
    """Run queued ops until one asks for a decision or nothing is left."""
    stack, frames = game.stack, game.frames
    steps = 0
    limit = game.rules.steps_per_action
    while len(stack) > 1:
        op = stack.pop()
        frame = frames.pop()
        decision = op(game, frame)
        if decision is not None:
            return
        steps += 1
        if steps > limit:
            card = getattr(frame, "card", None)
            rule = f" in the effect of {card} (kinds.{card.kind})" if card else ""
            raise RuleRuntimeError(
                f"this ruleset made no progress: one action ran more than {limit} steps"
                f"{rule} (limits.steps_per_action)", file=game.rules.file)


def play_on(game: State, seat: int, cards: list[Any], pile: Any) -> None:
    """`seat` plays held `cards` on `pile` (row, number) in the turn under way, in order,
    each a play of its own as play_cards' are."""
    for card in cards[::-1]:
        frame = Frame(seat, card)
        frame.vars["pile"] = pile
        game.queue(op_play_on_pile, frame)


def play_cards(game: State, seat: int, cards: list[Any]) -> None:
    """`seat` plays held `cards` in the turn under way, in order: each card's play, with its
    effect and the card_played rules, is over before the next card is played."""
    for card in cards[::-1]:
        game.queue(op_play_held, Frame(seat, card))
