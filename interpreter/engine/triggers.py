"""The events rules react to, and their rules at run time: each `when` rule an op that runs
its effect on its own frame, and the hand_ended rules run at once between hands.

What a rule says is compiled by the builder (building/rules.py); the engine knows each event
only by its name here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from interpreter.engine.frame import DRAWN, Frame
from interpreter.errors import RuleRuntimeError

if TYPE_CHECKING:
    from interpreter.engine.state import State

# Events a `when:` rule reacts to, with who `player` is and what `card` is in its text.
EVENTS = {
    "card_played": "a card was played from a hand that still holds cards (after the card's "
                   "own on_play); player: who played it, card: the card",
    "card_turned": "a card was turned over onto the discard pile: the first card of a hand "
                   "(after its on_first) or by turn_over(); player: the dealer or the seat "
                   "whose turn it is, card: the card",
    "turn_started": "a seat's turn starts, before it decides; player: that seat",
    "turn_ended": "a seat's turn ends, before the UNO windows and the next turn; player: "
                  "that seat",
    "hand_started": "a hand was dealt and its first card turned, before the first turn; "
                    "player: the dealer",
    "cards_drawn": "a seat drew one or more cards (the rule runs once the draw is over); "
                   "player: that seat, `drawn`: the cards it drew",
    "hand_ended": "a hand was won and scored, before the match's end is decided (no player "
                  "may be asked anything then); player: the hand's winner",
    "hand_size_changed": "a seat's hand grew or shrank and still holds cards (a play, a draw, "
                         "cards moved, hands swapped or passed; not the deal); the rule runs "
                         "next, before the cards_drawn rules of a draw and after the UNO call "
                         "of a play; player and `seat`: that seat, `count`: the cards it now "
                         "holds",
    "decided": "a seat answered a decision (not a window open to several seats); the rule runs "
               "as soon as the answer is applied (the card played or the cards drawn, the "
               "colour named, the answer stored), before anything the answer sets going (the "
               "card's effect, the end of the turn); player and `seat`: that seat, "
               "`decision`: its kind as text (\"play\", \"color\", an ask() question's name), "
               "`answer`: the answer",
}

# The names a `when:` event binds for its rules' text, besides `player` and `card`.
BINDS = {
    "hand_size_changed": ("seat", "count"),
    "decided": ("seat", "decision", "answer"),
}

# What an event's frame carries to its rules' frames that no text names as a variable: the
# cards a draw gave, read by the name `drawn`.
CARRIES = {"cards_drawn": (DRAWN,)}

# Events an `instead_of:` rule may replace: the names bound in its text, and what the
# event does when no rule replaces it (or the last one calls proceed()).
REPLACEABLE = {
    "draw_owed": (("seat", "count"),
                  "owe_draw(seat, count) in an effect: the seat owes `count` cards; unless a "
                  "rule replaces it, it draws them and loses its next turn"),
    "turn_lost": (("seat",),
                  "lose_turn(seat) in an effect, or an owed draw's lost turn: unless a rule "
                  "replaces it, the seat loses its next turn"),
    "turn_draw": (("seat",),
                  "a seat draws instead of playing (not a pending penalty it takes): unless "
                  "a rule replaces it, it draws as the ruleset's turn: says; replaced, the "
                  "rule's effect is the whole draw and the turn then ends (proceed() is not "
                  "taken here: write the draw, e.g. draw(seat, 1))"),
    "uno_penalty": (("seat", "count"),
                    "a seat caught not calling UNO takes the penalty: unless a rule replaces "
                    "it, it draws `count` cards (uno: penalty:)"),
}


@dataclass(frozen=True)
class Triggers:
    """A ruleset's rules, by event; each `when` event as ops ready to push (an empty tuple
    costs the engine nothing)."""

    card_played: tuple[Any, ...] = ()
    card_turned: tuple[Any, ...] = ()
    turn_started: tuple[Any, ...] = ()
    turn_ended: tuple[Any, ...] = ()
    hand_started: tuple[Any, ...] = ()
    cards_drawn: tuple[Any, ...] = ()
    hand_ended: tuple[Any, ...] = ()
    hand_size_changed: tuple[Any, ...] = ()
    decided: tuple[Any, ...] = ()
    draw_owed: tuple[Any, ...] = ()  # replacement rules (replacing.Replacement), in the order they are tried
    turn_lost: tuple[Any, ...] = ()
    turn_draw: tuple[Any, ...] = ()
    uno_penalty: tuple[Any, ...] = ()
    every: tuple[Any, ...] = ()  # every Rule, in order, for `explain`


def trigger_op(name: str, condition: Any, ops: tuple[Any, ...],
               binds: tuple[str, ...] = ()) -> Callable[[State, Frame], None]:
    """An op running the rule `name` for an event whose frame it is given: its own frame (its
    `let` variables are its own, besides the names the event `binds`), its `condition`
    checked when it runs."""

    def fire(game: State, frame: Frame) -> None:
        own = Frame(frame.player, frame.card, frame.color_before, frame.fair)
        for bound in binds:
            own.vars[bound] = frame.vars[bound]
        if condition is None or condition(game, own):
            if game.events is not None:
                game.log("rule", name=name, seat=own.player)
            game.push(ops, own)
    fire.__qualname__ = f"rule {name}"
    return fire


def between_hands(game: State, ops: tuple[Any, ...], frame: Frame) -> None:
    """Run the hand_ended rules at once: the hand is over, so none may ask for a decision."""
    game.ending = True
    steps, limit = 0, game.rules.steps_per_action
    try:
        game.push(ops, frame)
        while len(game.stack) > 1:
            op, at = game.stack.pop(), game.frames.pop()
            steps += 1
            if op(game, at) is not None:
                game.decision = None
                raise RuleRuntimeError("a hand_ended rule asked a player to decide; the hand "
                                       "is over, so it may only act (draw, eliminate, set_var, "
                                       "...)", file=game.rules.file)
            if steps > limit:
                raise RuleRuntimeError(f"this ruleset made no progress: the hand_ended rules "
                                       f"ran more than {limit} steps (limits.steps_per_action)",
                                       file=game.rules.file)
    finally:
        game.ending = False
        game.clear_queue()
