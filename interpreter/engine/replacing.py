"""Replacement rules at run time: an `instead_of` rule runs in an event's place, and its
`proceed()` lets the event go on. rules.py compiles the rules; this module runs them, and is
compiled by mypyc with the engine, since a ruleset may replace every owed draw."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from interpreter.engine.cards import Card
from interpreter.engine.drawing import draw
from interpreter.engine.frame import Frame

if TYPE_CHECKING:
    from interpreter.engine.state import State

CHAIN: Final = "#instead"  # a frame variable no effect text can name: the replacement in progress
OWED: Final = ("seat", "count")  # the names draw_owed binds (rules.REPLACEABLE)
LOST: Final = ("seat",)  # turn_lost's


class Replacement:
    """An `instead_of` rule as the engine tries it. A class of this compiled module, so that
    its fields are read natively: a ruleset may try one on every owed draw (callgrind: a
    frozen dataclass's field cost about 200 instructions a read)."""

    name: str
    condition: Any  # fn(game, frame) -> bool, or None: always
    ops: tuple[Any, ...]
    # The condition reads none of the names its event binds and sets none (no
    # comprehension): tested on the event's own frame before the rule's is made.
    early: bool
    # The condition reads the card alone: its truth for each face, by card id.
    by_card: tuple[Any, ...] | None

    def __init__(self, name: str, condition: Any, ops: tuple[Any, ...], early: bool,
                 by_card: tuple[Any, ...] | None) -> None:
        self.name = name
        self.condition = condition
        self.ops = ops
        self.early = early
        self.by_card = by_card

    def __deepcopy__(self, memo: dict[Any, Any]) -> "Replacement":
        return self  # immutable, and a compiled object cannot be made without its __init__


def replace(game: State, frame: Frame, event: str, rules: tuple[Any, ...], names: tuple[Any, ...],
            seat: int, count: int, start: int) -> bool:
    """Run the first of `event`'s replacement `rules` from `start` whose condition holds, with
    the `names` the event binds set to `seat` and, if it binds two, `count` (True); False when
    none does. The values come apart, not as a tuple: most owed draws pass every rule by, and
    need none made."""
    face = frame.card
    card_id: int = face.id if isinstance(face, Card) else -1
    for index in range(start, len(rules)):
        rule: Replacement = rules[index]
        condition = rule.condition
        # A condition of the card alone (a test of `card.kind`, say) is tested first:
        # most owed draws pass such a rule by, and then no frame is made for it. Looked
        # up by card: callgrind, about 900 instructions less an owed draw.
        early = rule.early
        by_card = rule.by_card
        if by_card is not None and 0 <= card_id < len(by_card):
            if not by_card[card_id]:
                continue
        elif early and not condition(game, frame):
            continue
        own = Frame(frame.player, frame.card, frame.color_before, frame.fair)
        bound: dict[Any, Any] = {}  # made only for a rule that may run
        scope = own.vars
        bound[names[0]] = scope[names[0]] = seat
        if len(names) > 1:
            bound[names[1]] = scope[names[1]] = count
        scope[CHAIN] = (event, index + 1, bound)
        if early or condition is None or condition(game, own):
            if game.events is not None:
                game.log("rule", name=rule.name, seat=own.player)
            game.push(rule.ops, own)
            return True
    return False


def owe_draw(game: State, frame: Frame, seat: int, count: int, start: int = 0) -> None:
    """`seat` owes `count` cards: the first replacement rule from `start` whose condition
    holds runs instead; with none, the seat draws them and loses its next turn."""
    rules = game.rules.draw_owed
    if not rules or not replace(game, frame, "draw_owed", rules, OWED, seat, count, start):
        draw(game, seat, count)
        lose_turn(game, seat, frame)


def take_uno_penalty(game: State, frame: Frame, seat: int, count: int, start: int = 0) -> None:
    """`seat`, caught not calling UNO, takes the penalty: the first replacement rule from
    `start` whose condition holds runs instead; with none, it draws `count` cards."""
    rules = game.rules.uno_penalty_rules
    if not rules or not replace(game, frame, "uno_penalty", rules, OWED, seat, count, start):
        draw(game, seat, count)


def lose_turn(game: State, seat: int, frame: Frame | None = None) -> None:
    """`seat` loses its next turn, unless an instead_of: turn_lost rule replaces that
    (`frame`: the effect's, for the rule's player and card). A seat put out loses
    nothing more (docs/game-rules.md 5): play passes it by."""
    if game.out[seat]:
        return
    if game.rules.turn_lost:
        replace_lost_turn(game, frame or Frame(seat), seat)
    else:
        game.lost_turns[seat] += 1


def replace_lost_turn(game: State, frame: Frame, seat: int, start: int = 0) -> None:
    """`seat` loses its next turn: the first replacement rule from `start` whose condition
    holds runs instead; with none, the turn is lost."""
    rules = game.rules.turn_lost
    if not rules or not replace(game, frame, "turn_lost", rules, LOST, seat, 0, start):
        game.lost_turns[seat] += 1


def proceed(game: State, frame: Frame) -> None:
    """In an `instead_of` rule: let the event happen as it would without this rule."""
    chain = frame.vars.get(CHAIN)
    if chain is None:
        raise ValueError("proceed() belongs in the effect of an instead_of rule")
    held: tuple[Any, ...] = chain  # indexed, not unpacked through Python's iterator protocol
    event, start, bound = held[0], held[1], held[2]
    if event == "draw_owed":
        owe_draw(game, frame, bound["seat"], bound["count"], start)
    elif event == "uno_penalty":
        take_uno_penalty(game, frame, bound["seat"], bound["count"], start)
    else:
        replace_lost_turn(game, frame, bound["seat"], start)
