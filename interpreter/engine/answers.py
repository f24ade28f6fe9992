"""Answering the pending decision: an answer checked against its options (or refused, saying
why) and applied by its handler, a turn's play answered by index without its Decision object, and the `decided`
rules queued after an answer. GameState.apply and GameState.play_option call these."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine.budget import TURN_WORK
from interpreter.engine.cards import showing
from interpreter.engine.decisions import DRAW, NUMBERS, PASS, Decision, describe, is_option
from interpreter.engine.frame import Frame
from interpreter.engine.turn_draws import answer_play
from interpreter.engine.turns import AFTER_ANSWER, run
from interpreter.errors import IllegalMove

if TYPE_CHECKING:
    from interpreter.engine.state import State



def any_is(item: Any, items: tuple[Any, ...]) -> bool:
    """Whether `item` is one of `items` itself (`in` tests ==, and a card's == is slower)."""
    for each in items:
        if each is item:
            return True
    return False


def apply(game: State, answer: Any) -> None:
    """Answer the pending decision; an illegal answer raises IllegalMove and changes nothing."""
    decision = game.decision
    if decision is None:
        raise IllegalMove("the match is over" if game.over else
                          "the hand is over; start the next one first")
    options = decision.options
    if not any_is(answer, options):  # the common answer: one of the options themselves
        # `in` compares by ==, so True would pass for seat 1: numbers must match exactly.
        if answer not in options or (answer.__class__ in NUMBERS
                                     and not is_option(answer, options)):
            raise IllegalMove(why_illegal(game, decision, answer))
    game.pending = None
    if game.events is not None and decision.kind != "play":
        game.log("decided", kind=decision.kind, seat=decision.seat, answer=describe(answer))
    if game.rules.decided and decision.seat is not None:
        answer_then_rules(game, decision, answer)
    else:
        handle(game, answer)
    if len(game.stack) > 1:  # a common turn ends in the handler, with nothing queued
        run(game)
    if game.check is not None:
        game.check(game, game.table_size)


def play_option(game: State, index: int) -> None:
    """Answer the asked play (`asking`) with its option at `index` (of play_count): what
    `apply` does with that answer, without making the Decision object."""
    # A bot answers every turn's play this way: making the Decision object and checking the
    # answer against it, as apply() does, cost 40,500 instructions of a bots' game of
    # 294,000 (callgrind, examples/BENCHMARK.md).
    answer = game.play_options[index]
    if game.rules.decided or game.check is not None:  # they read the decision
        apply(game, answer)
        return
    game.asking = False
    answer_play(game, None, answer)
    if len(game.stack) > 1:
        run(game)


def answer_then_rules(game: State, decision: Decision, answer: Any) -> None:
    """Apply an answer, then queue the decided rules to run before anything it set going
    (the card's effect, the end of the turn)."""
    stack = game.stack
    base = len(stack)
    # Under what the answer sets going, so that it is queued rather than run through (a
    # common turn would otherwise end and ask the next seat before the rules ran).
    game.queue(AFTER_ANSWER, None)
    handle(game, answer)
    if len(stack) > base and stack[base] is AFTER_ANSWER:  # the hand did not end
        game.spend(TURN_WORK)  # a rule that asks again on its own answers stops in time
        frame = Frame(decision.seat)
        frame.vars.update(seat=decision.seat, decision=decision.kind, answer=answer)
        game.push(game.rules.decided, frame)


def handle(game: State, answer: Any) -> None:
    """Apply `answer` to the pending decision, by its handler."""
    if game.asked_play:  # a turn's play, asked without its Decision (answer_play)
        answer_play(game, None, answer)
        return
    game._handler(game, game._handler_frame, answer)


def why_illegal(game: State, decision: Decision, answer: Any) -> str:
    """Why `answer` to the pending `decision` is refused, in words."""
    shown = ", ".join(describe(o) for o in decision.options)
    seat = decision.seat
    if decision.kind == "play" and seat is not None and hasattr(answer, "rules"):
        # The card held with that face up, whatever its back: after a Flip, or with backs
        # paired afresh, the face named is not the one object the hand holds.
        held = showing(game.hands[seat], answer)
        if held is None:
            return f"seat {seat} does not hold {answer}"
        probe = Frame(seat, held)
        if game.rules.rows:
            return f"{held} may not go on any pile not played on this turn"
        if not game.rules.playable(game, probe):
            return (f"{held} cannot be played on {game.top} "
                    f"(colour to follow: {game.color or 'any'})")
        rules = held.rules
        return f"{held} may not be played now: {rules.text or rules.legal_text}"
    if decision.kind == "play" and isinstance(answer, str) and answer in (DRAW, PASS):
        # With neither offered, turn.may_draw or may_pass left them out beside a playable card.
        why = "" if DRAW in decision.options or PASS in decision.options \
            else " (it holds a card it may play: it must play one)"
        return f"seat {seat} may not {answer} now{why}; options: {shown}"
    if decision.kind == "card":
        return f"{describe(answer)} is not one of the cards seat {seat} may choose now: {shown}"
    return f"{describe(answer)} is not a legal answer to {decision.kind}; options: {shown}"
