"""Replacement rules at run time: an `instead_of` rule runs in an event's place, and its
`proceed()` lets the event go on. rules.py compiles the rules; this module runs them, and is
compiled by mypyc with the engine, since a ruleset may replace every owed draw."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .primitives import Frame

if TYPE_CHECKING:
    from .engine import GameState

CHAIN = "#instead"  # a frame variable no effect text can name: the replacement in progress
OWED: Final = ("seat", "count")  # the names draw_owed binds (rules.REPLACEABLE)
LOST: Final = ("seat",)  # turn_lost's


def replace(game: GameState, frame: Frame, event: str, rules: tuple, names: tuple,
            values: tuple, start: int) -> bool:
    """Run the first of `event`'s replacement `rules` from `start` whose condition holds, with
    the `names` the event binds set to `values` (True); False when none does."""
    for index in range(start, len(rules)):
        rule = rules[index]
        condition = rule.condition
        # A condition of the card alone (a test of `card.kind`, say) is tested first:
        # most owed draws pass such a rule by, and then no frame is made for it.
        early = rule.early
        if early and not condition(game, frame):
            continue
        own = Frame(frame.player, frame.card, frame.color_before, frame.fair)
        bound = dict(zip(names, values))  # made only for a rule that may run
        own.vars.update(bound)
        own.vars[CHAIN] = (event, index + 1, bound)
        if early or condition is None or condition(game, own):
            if game.events is not None:
                game.log("rule", name=rule.name, seat=own.player)
            game.push(rule.ops, own)
            return True
    return False


def owe_draw(game: GameState, frame: Frame, seat: int, count: int, start: int = 0) -> None:
    """`seat` owes `count` cards: the first replacement rule from `start` whose condition
    holds runs instead; with none, the seat draws them and loses its next turn."""
    rules = game.owed_rules
    if not rules or not replace(game, frame, "draw_owed", rules, OWED, (seat, count), start):
        game.draw(seat, count)
        game.lose_turn(seat, frame)


def lose_turn(game: GameState, frame: Frame, seat: int, start: int = 0) -> None:
    """`seat` loses its next turn: the first replacement rule from `start` whose condition
    holds runs instead; with none, the turn is lost."""
    rules = game.lost_rules
    if not rules or not replace(game, frame, "turn_lost", rules, LOST, (seat,), start):
        game.lost_turns[seat] += 1


def proceed(game: GameState, frame: Frame) -> None:
    """In an `instead_of` rule: let the event happen as it would without this rule."""
    chain = frame.vars.get(CHAIN)
    if chain is None:
        raise ValueError("proceed() belongs in the effect of an instead_of rule")
    event, start, bound = chain
    if event == "draw_owed":
        owe_draw(game, frame, bound["seat"], bound["count"], start)
    else:
        lose_turn(game, frame, bound["seat"], start)
