"""Rows of face-up piles in the centre (`rows:`), besides the discard pile: each row a list of
piles, each pile a list of cards (its top card last). A row is dealt from the stock as a hand
starts; a turn plays onto its piles; rules add piles to it, clear piles into the discard pile
and refill it from the stock. A ruleset without rows never reaches this module."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from interpreter.engine.drawing import take_from_stock
from interpreter.engine.frame import Frame

if TYPE_CHECKING:
    from interpreter.engine.state import State


class Row:
    """A row a ruleset declares: its name, the piles it is dealt and refilled to, the
    condition for playing a card on one of its piles, and how many piles a turn may play on."""

    name: str
    size: int  # piles dealt as a hand starts, and made up again by refill_row
    playable: Any  # fn(game, frame): `card` may go on the pile frame.vars["pile"] of this row
    each_pile: bool  # a turn may play once on each pile (else once in all)

    def __init__(self, name: str, size: int, playable: Any, each_pile: bool) -> None:
        self.name, self.size, self.playable, self.each_pile = name, size, playable, each_pile


# No pile played on yet this hand: what `pile` and `row` give then.
NO_PILE: Final[tuple[Any, ...]] = ("", 0)


def deal_rows(game: State) -> None:
    """Deal each row its piles, a card each, face up from the stock (a hand's start)."""
    game.rows = {}
    game.played_piles = []
    game.played_pile = NO_PILE
    for row in game.rules.rows:
        piles: list[Any] = []
        game.rows[row.name] = piles
        refill(game, row.name, row.size)


def row_of(game: State, name: Any) -> list[Any]:
    """The piles of the row called `name`; a clear error for a row the ruleset lacks."""
    piles: list[Any] | None = game.rows.get(name)
    if piles is None:
        raise ValueError(f"the ruleset has no row named {name!r} under rows:")
    return piles


def pile_of(game: State, name: Any, number: Any) -> list[Any]:
    """Pile `number` (counted from 1) of the row `name`; a clear error for one it lacks."""
    piles = row_of(game, name)
    if not isinstance(number, int) or not 1 <= number <= len(piles):
        raise ValueError(f"the row {name!r} has no pile {number!r} (it has {len(piles)})")
    found: list[Any] = piles[number - 1]
    return found


def refill(game: State, name: Any, size: int) -> None:
    """Turn cards from the stock into new piles of the row until it holds `size` piles (or
    the stock runs out)."""
    piles = row_of(game, name)
    turned = []
    while len(piles) < size:
        card = take_from_stock(game)
        if card is None:
            break
        piles.append([card])
        turned.append(card.name)
    if turned:
        game.last_move = game.turns
        if game.events is not None:
            game.log("row_refilled", row=name, cards=turned)


def clear_piles(game: State, name: Any, least: int) -> None:
    """Every pile of the row holding at least `least` cards goes onto the discard pile, in
    order (the row closes up); which piles were played on this turn is forgotten."""
    piles = row_of(game, name)
    kept, cleared = [], 0
    for pile in piles:
        if len(pile) >= least:
            game.discard.extend(pile)
            cleared += 1
        else:
            kept.append(pile)
    piles[:] = kept
    game.played_piles = []
    if cleared:
        game.last_move = game.turns
        if game.events is not None:
            game.log("piles_cleared", row=name, count=cleared)


def open_piles(game: State, seat: int, card: Any) -> list[Any]:
    """The piles (row, number) `seat` may play `card` on now: each row's playable condition,
    on the piles not played on already this turn (none after a play, for a row played once a
    turn)."""
    found: list[Any] = []
    probe = Frame(seat, card)
    for row in game.rules.rows:
        if game.played_piles and not row.each_pile:
            continue
        piles = game.rows[row.name]
        probe.vars["row"] = row.name
        for number in range(1, len(piles) + 1):
            if (row.name, number) in game.played_piles:
                continue
            probe.vars["pile"] = number
            if row.playable(game, probe):
                found.append((row.name, number))
    return found


def pile_name(pile: Any) -> str:
    """A pile (row, number) as a decision's option and in the log: "center 2"."""
    return f"{pile[0]} {pile[1]}"


def place(game: State, seat: int, card: Any, pile: Any) -> None:
    """Move `card` from `seat`'s hand onto `pile` (row, number), played: it is marked played
    on this turn, and `pile` and `row` name it in the rules that follow."""
    game.hands[seat].remove(card)
    pile_of(game, pile[0], pile[1]).append(card)
    if pile not in game.played_piles:
        game.played_piles.append(pile)
    game.played_pile = pile
    game.just_played = True
    game.last_move = game.played_at[seat] = game.turns
    game.passes = 0
    if game.events is not None:
        game.log("play", seat=seat, card=card.name, pile=pile_name(pile))


def add_piles(game: State, name: Any, cards: list[Any]) -> None:
    """Each of `cards` (already taken from a hand) becomes a new pile at the row's end."""
    row_of(game, name).extend([card] for card in cards)
