"""What one seat may see of a game: its own hand, the faces others show, the table.

Bots, front ends and learning agents that should play fair read a `SeatView` instead of the
game. With two-sided cards (docs/game-rules.md section 4) a seat sees the faces up of its
own hand and of the discard pile's top card, and the faces down of the other hands and of
the stock's top card; every card in a view is a face alone (its `back` is none), so nothing
hidden can be reached from it. A hand a rule shows to the table (reveal_hand) is seen by every
seat, face up, and so are the per-seat values a ruleset shows (`shown: true`).
"""

from __future__ import annotations

from typing import NamedTuple

from interpreter.engine.decisions import Decision
from interpreter.engine.decks import copy_face
from interpreter.engine.game import GameState
from interpreter.presenting.naming import text_of


class SeatView(NamedTuple):
    """One seat's view of the game, at one moment."""

    seat: int | None  # None: a spectator's
    hand: tuple  # the seat's own cards, the faces it sees
    hand_sizes: tuple  # per seat
    shown: tuple  # per seat, the faces its hand shows the others (two-sided cards), else ()
    top: object  # the discard pile's top card, or None
    stock_top: object  # the face the stock's top card shows (two-sided cards), else None
    stock_size: int
    discard_size: int
    color: object  # the colour to follow
    direction: int
    penalty: int
    side: object  # the name of the side that is up (two-sided cards), else None
    turn: int
    dealer: int
    scores: tuple
    out: tuple  # per seat, whether it has left the match
    decision: Decision | None  # the pending decision, when this seat may answer it
    revealed: tuple = ()  # per seat, the faces up of its hand if shown to the table, else ()
    values: tuple = ()  # (label, a value per seat) of each per-seat variable the ruleset shows
    rows: tuple = ()  # each row of piles (rows:), face up: (name, piles, each bottom first)


def alone(card):
    """`card` as a face alone: the same face, without the way to its other side."""
    if card is None or card.back is None:
        return card
    return copy_face(card, card.id)


def seat_view(game: GameState, seat: int | None) -> SeatView:
    """What `seat` may see now; seat None: a spectator, who sees what a seat holding no
    cards sees (no hand, no decision)."""
    two_sided = bool(game.ruleset.sides)
    decision = game.decision
    if decision is not None and (seat is None or decision.seat != seat
                                 and seat not in decision.open_to):
        decision = None
    if decision is not None and two_sided:
        decision = decision._replace(options=tuple(alone(o) if hasattr(o, "back") else o
                                                   for o in decision.options))
    return SeatView(
        seat=seat,
        hand=tuple(map(alone, game.hands[seat])) if seat is not None else (),
        hand_sizes=tuple(game.hand_sizes()),
        shown=tuple((tuple(alone(card.back) for card in hand) if other != seat else ())
                    for other, hand in enumerate(game.hands)) if two_sided else (),
        top=alone(game.top),
        stock_top=alone(game.stock[-1].back) if two_sided and game.stock else None,
        stock_size=len(game.stock), discard_size=len(game.discard),
        color=game.color, direction=game.direction, penalty=game.penalty,
        side=game.ruleset.sides[game.side] if two_sided else None,
        turn=game.turn, dealer=game.dealer, scores=tuple(game.scores), out=tuple(game.out),
        decision=decision,
        revealed=tuple(tuple(map(alone, hand)) if shown else ()
                       for hand, shown in zip(game.hands, game.revealed)),
        values=shown_values(game),
        rows=tuple((name, tuple(tuple(map(alone, pile)) for pile in piles))
                   for name, piles in game.rows.items()))


def shown_values(game: GameState) -> tuple:
    """(label, a value per seat) of each per-seat variable the ruleset shows."""
    return tuple((text_of(game.ruleset, ("variables", name, "help"), label),
                  tuple(game.variables[name])) for name, label in game.ruleset.shown_values)


def real_answer(game: GameState, view: SeatView, answer):
    """The pending decision's option that `answer`, one of the view's options, stands for."""
    decision: Decision | None = view.decision
    if decision is None or game.decision is None:
        raise ValueError("this seat has nothing to answer")
    for shown, real in zip(decision.options, game.decision.options):
        if shown is answer:
            return real
    return answer
