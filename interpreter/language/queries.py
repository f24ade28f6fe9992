"""The effect language's queries at run time: pure, they never change the game. Each is
`fn(game, frame, *args)`; its types, doc and words are its row in builtins.py. Compiled
(setup.py's COMPILED): a turn calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine import piles, scoring
from interpreter.engine.budget import UNTABLED_WORK
from interpreter.engine.playable import is_playable
from interpreter.language.arguments import charge, seat_of, seats_of

if TYPE_CHECKING:
    from interpreter.engine.game import GameState


def hand(game: GameState, frame: Any, seat: Any) -> Any:
    return game.hands[seat_of(game, seat)]


def hands(game: GameState, frame: Any, seats: Any) -> Any:
    chosen = seats_of(game, seats)
    cards: list[Any] = []
    for seat in chosen:
        cards.extend(game.hands[seat])
    charge(game, len(chosen) + len(cards))
    return cards


def size(game: GameState, frame: Any, items: Any) -> Any:
    return len(items)


def seat_after(game: GameState, frame: Any, seat: Any, steps: Any = 1) -> Any:
    if game.seated != game.players:  # walked seat by seat, passing the seats put out
        charge(game, game.players)
    return game.seat_after(seat_of(game, seat), steps)


def colors_in(game: GameState, frame: Any, cards: Any) -> Any:
    charge(game, len(cards))
    held = {getattr(card, "color", None) for card in cards}
    return tuple(color for color in game.ruleset.colors if color in held)


def score(game: GameState, frame: Any, seat: Any) -> Any:
    charge(game, game.players)
    return scoring.totals(game)[seat_of(game, seat)]


def partner(game: GameState, frame: Any, seat: Any) -> Any:
    charge(game, game.players)
    mates = game.teammates(seat_of(game, seat))
    if len(mates) != 1:
        raise ValueError("partner() needs teams of two (teams: {size: 2})")
    return mates[0]


def min_(game: GameState, frame: Any, a: Any, b: Any) -> Any:
    return min(a, b)


def max_(game: GameState, frame: Any, a: Any, b: Any) -> Any:
    return max(a, b)


def seats_in(game: GameState, frame: Any) -> Any:
    charge(game, game.players)
    return tuple(seat for seat in range(game.players) if not game.out[seat])


def lowest_scorer(game: GameState, frame: Any, seats: Any) -> Any:
    chosen = seats_of(game, seats)
    charge(game, len(chosen))
    if not chosen:
        raise ValueError("lowest_scorer() of no seats")
    return min(chosen, key=lambda seat: game.scores[seat])


def playable(game: GameState, frame: Any, card: Any, seat: Any = None) -> Any:
    if card is None:
        return False
    # One table read, or the playable rule run on the card when the rule is not tabled.
    charge(game, 1 if game.rules.playable_tables is not None else UNTABLED_WORK)
    return is_playable(game, frame.player if seat is None else seat_of(game, seat), card)


def top_of(game: GameState, frame: Any, row: Any, pile: Any) -> Any:
    return piles.pile_of(game, row, pile)[-1]


def bottom_of(game: GameState, frame: Any, row: Any, pile: Any) -> Any:
    return piles.pile_of(game, row, pile)[0]


def pile_cards(game: GameState, frame: Any, row: Any, pile: Any) -> Any:
    cards = piles.pile_of(game, row, pile)
    charge(game, len(cards))
    return list(cards)


def pile_count(game: GameState, frame: Any, row: Any) -> Any:
    return len(piles.row_of(game, row))
