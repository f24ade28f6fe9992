"""A scenario's moves: a step's answer to the pending decision, the windows it closes or
jumps into, and the colour and UNO calls it leads to."""

from __future__ import annotations

from typing import Any, Protocol

from interpreter.engine.cards import card_key, showing
from interpreter.engine.decisions import DONE, DRAW, PASS
from interpreter.engine.game import GameState
from interpreter.engine.turns import jump_in_cards
from interpreter.errors import IllegalMove
from interpreter.scenarios.expect import (
    StepFailed,
    expect_equal,
)


class Scenario(Protocol):
    """What a move needs of its scenario (scenario.py): its cards by name, and copies of the
    game charged to it."""

    def card(self, text: str, path: tuple) -> Any: ...

    def option_card(self, text: str, options: tuple, path: tuple,
                    held: list | tuple = ()) -> Any: ...

    def copy(self, game: GameState) -> GameState: ...

# Step keys that answer a decision, and the decision kind each answers (None: any kind).
# `color` and `uno` also follow up another answer: the colour and UNO calls it leads to.
ANSWERS = {"play": "play", "draw": "play", "play_drawn": "play_drawn", "target": "target",
           "challenge": "challenge", "catch": "catch", "pass": None, "answer": None,
           "color": "color", "uno": "uno"}
WINDOWS = ("catch", "jump_in")  # decisions open to several seats out of turn
WORDS = {"draw": {"draw": True}, "pass": {"pass": True}}  # steps written as one word


def answers_several(game: GameState, step: dict) -> bool:
    """Whether the step's move may answer more than one decision before it is refused:
    it closes an open window (or jumps in) first, or names a colour for what it leads to.
    (UNO calls it leads to are yes or no, which is never refused.)"""
    decision = game.decision
    if decision is not None and decision.kind in WINDOWS:
        return True
    return "color" in step and any(key in step for key in ANSWERS if key not in
                                   ("color", "uno"))


def move(scenario: Scenario, game: GameState, step: dict, path: tuple) -> None:
    """Make the step's move, its UNO calls and colour; IllegalMove when it may not be made."""
    primary = next((k for k in ANSWERS if k in step and k not in ("color", "uno")), None)
    primary = primary or ("color" if "color" in step else "uno")
    close_windows(scenario, game, step, primary)
    decision = game.decision
    if decision is not None and decision.kind == "jump_in":
        if jump_in(scenario, game, step, path):
            follow_up(scenario, game, step, primary, step["by"])
            return
        decision = game.decision
    if decision is None:
        raise IllegalMove(f"no decision is pending: the {'match' if game.over else 'hand'} "
                          "is over")
    by = step.get("by")
    if primary == "catch" and decision.kind != "catch":
        raise IllegalMove("no UNO catch is open now: the window closes when the next player "
                          "begins a turn")
    if primary == "pass":
        if decision.seat is not None:
            raise IllegalMove(f"there is no window to pass: a {decision.kind} decision is "
                              f"pending for seat {decision.seat}")
        game.apply(None)
        follow_up(scenario, game, step, primary, None)
        return
    if by is not None and decision.seat is not None and by != decision.seat:
        raise IllegalMove(f"seat {by} may not act now: the {decision.kind} decision is seat "
                          f"{decision.seat}'s")
    kind = ANSWERS[primary]
    if primary == "play" and decision.kind == "jump_in_card":
        kind = decision.kind  # the jumper names which of its allowed cards it plays
    if kind is not None and decision.kind != kind:
        raise StepFailed(f"this step answers a {kind} decision, but a {decision.kind} "
                         f"decision is pending (for seat {decision.seat})")
    game.apply(answer_value(scenario, game, step, primary, path, decision))
    follow_up(scenario, game, step, primary, decision.seat if primary == "play" else None)

def answer_value(scenario: Scenario, game: GameState, step: dict, key: str, path: tuple, decision):
    """The answer a step's key gives, as the engine takes it."""
    value = step[key]
    if key == "play":
        return scenario.option_card(value, decision.options, path + ("play",),
                                held_by(game, decision.seat))
    if key == "draw":
        return DRAW
    if key == "catch":
        if value in ("none", None):
            return None
        if value not in decision.open_to:
            raise IllegalMove(f"seat {value} may not catch: the window is open to seats "
                              f"{', '.join(map(str, decision.open_to))}")
    if key == "uno":
        return uno_answer(value, decision.seat)
    if key == "answer" and isinstance(value, str) and value not in (DRAW, PASS, DONE) \
            and decision.kind in ("play", "jump_in_card", "card"):
        return scenario.option_card(value, decision.options, path + ("answer",),  # a card, named
                                held_by(game, decision.seat))
    return value

def close_windows(scenario: Scenario, game: GameState, step: dict, primary: str) -> None:
    """A window the step does not answer closes: the next player begins a turn."""
    while game.decision is not None and game.decision.kind in WINDOWS:
        kind = game.decision.kind
        if kind == "catch" and primary in ("catch", "pass", "answer"):
            return
        if kind == "jump_in" and (primary in ("pass", "answer") or "by" in step):
            return
        game.apply(None)

def jump_in(scenario: Scenario, game: GameState, step: dict, path: tuple) -> bool:
    """A play `by` a seat the jump-in window is open to jumps in (True when it did).

    A play by the seat whose turn comes next passes the window; any other seat's play
    is refused, with the reason.
    """
    decision = game.decision
    assert decision is not None  # move() calls this at a jump-in window only
    if "play" not in step:
        if step.get("answer") is not None or "pass" in step:
            return False
        game.apply(None)
        return False
    by, named = step.get("by"), scenario.card(step["play"], path + ("play",))
    allowed = jump_in_cards(game)
    card = showing(allowed.get(by, ()), step["play"]) or named  # by the face that shows
    if by in decision.open_to and card in allowed.get(by, ()):
        game.apply(by)
        if game.decision is not None and game.decision.kind == "jump_in_card":
            game.apply(card)
        expect_equal("card jumped in with", card_key(card.name), card_key(game.top.name))
        return True
    passed = scenario.copy(game)
    passed.apply(None)
    while passed.decision is not None and passed.decision.kind in WINDOWS:
        passed.apply(None)
    if passed.decision is not None and passed.decision.seat == by:
        game.apply(None)  # the next player's own play: the window passes
        close_windows(scenario, game, {}, "play")
        return False
    if by in allowed:
        raise IllegalMove(f"seat {by} may jump in only with "
                          f"{', '.join(c.name for c in allowed[by])}, not {card}")
    raise IllegalMove(f"seat {by} may not jump in with {card}: the jump-in rule does not "
                      f"allow it on {game.top}")

def follow_up(scenario: Scenario, game: GameState, step: dict, primary: str, player) -> None:
    """The UNO calls the move leads to and the colour it asks for (`color:`, with another
    answer). A play's own UNO call is made unless `uno: false`; the calls of seats left
    with one card by a swap or pass are answered only when the step says `uno:`."""
    color_left = "color" in step and primary != "color"
    told = "uno" in step and primary != "uno"
    while game.decision is not None:
        decision = game.decision
        if decision.kind == "uno" and (told or decision.seat == player):
            game.apply(uno_answer(step.get("uno", True), decision.seat))
            player = None  # the play's own call is made once
        elif decision.kind == "color" and color_left:
            color_left = False
            game.apply(step["color"])
        else:
            break
    if color_left:
        pending = game.decision.kind if game.decision else "nothing"
        raise StepFailed(f"the step names a colour, but no colour was asked for ({pending} "
                         "is pending)")


def held_by(game: GameState, seat) -> list:
    """The cards `seat` holds (none for a window's decision, which no one seat makes)."""
    return game.hands[seat] if isinstance(seat, int) else []


def uno_answer(value, seat) -> bool:
    """A step's `uno:` for one seat's call: a yes/no for every call, or seat -> yes/no."""
    if isinstance(value, dict):
        return bool(value.get(seat, value.get(str(seat), True)))
    return bool(value)
