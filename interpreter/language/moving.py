"""The effect language's actions that move cards at run time: drawing, discarding, giving,
playing, turning over, swapping and passing hands, the pending penalty, and a hand shown to
the table. Each is
`fn(game, frame, *args)`; its types, doc and words are its row in builtins.py. Compiled
(setup.py's COMPILED): a turn calls them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine import drawing, moves, piles, replacing, turns
from interpreter.engine.cards import Card
from interpreter.engine.frame import DRAWN
from interpreter.language.arguments import card_count, charge, seat_of, seats_of

if TYPE_CHECKING:
    from interpreter.engine.game import GameState


def draw(game: GameState, frame: Any, who: Any, count: Any) -> Any:
    count = card_count(count)
    seats = seats_of(game, who)
    charge(game, len(seats))  # and each card drawn (drawing.draw)
    drawn: list[Any] = []
    for seat in seats:
        got_cards(game, seat, drawing.draw(game, seat, count), drawn)
    frame.vars[DRAWN] = tuple(drawn)


def got_cards(game: GameState, seat: int, count: int, drawn: list[Any]) -> None:
    """Add the `count` cards `seat` just drew (the last of its hand) to `drawn`."""
    if count:
        hand: list[Any] = game.hands[seat]
        drawn.extend(hand[len(hand) - count:])


def draw_until_color(game: GameState, frame: Any, who: Any, color: Any) -> Any:
    if color not in game.ruleset.colors:
        raise ValueError(f"{color!r} is not a colour of this ruleset")
    seats = seats_of(game, who)
    charge(game, len(seats))  # and each card drawn (drawing.draw)
    drawn: list[Any] = []
    for seat in seats:
        # Until a card of the colour comes, or nothing is left to draw.
        got_cards(game, seat, drawing.draw(game, seat, len(game.stock) + len(game.discard),
                                           until_color=color), drawn)
    frame.vars[DRAWN] = tuple(drawn)


def held_cards(game: GameState, seat: int, cards: Any) -> list[Any]:
    """`cards` (a card or a list), each found in the seat's hand: refused if one is not."""
    wanted = list(cards) if isinstance(cards, (list, tuple)) else [cards]
    hand: list[Any] = game.hands[seat]
    # The hand and the cards each gone through once, and every seat after the move (the UNO
    # calls and hand-size rules it makes owed): counted, not removed one by one, which took
    # a hand's length for each card.
    charge(game, len(hand) + len(wanted) + game.players)
    held: dict[Any, int] = {}
    for card in hand:
        held[card] = held.get(card, 0) + 1
    for card in wanted:
        left = held.get(card, 0) if isinstance(card, Card) else 0
        if not left:
            raise ValueError(f"seat {seat} does not hold {card}")
        held[card] = left - 1
    return wanted


def discard_cards(game: GameState, frame: Any, who: Any, cards: Any) -> Any:
    seat = seat_of(game, who)
    moves.move_cards(game, seat, held_cards(game, seat, cards), "discard")


def give_cards(game: GameState, frame: Any, who: Any, to: Any, cards: Any) -> Any:
    seat = seat_of(game, who)
    moves.move_cards(game, seat, held_cards(game, seat, cards), seat_of(game, to))


def cards_under_stock(game: GameState, frame: Any, who: Any, cards: Any) -> Any:
    seat = seat_of(game, who)
    moves.move_cards(game, seat, held_cards(game, seat, cards), "stock")


def cards_under_discard(game: GameState, frame: Any, who: Any, cards: Any) -> Any:
    seat = seat_of(game, who)
    moves.move_cards(game, seat, held_cards(game, seat, cards), "bottom")


def play_cards(game: GameState, frame: Any, who: Any, cards: Any) -> Any:
    seat = seat_of(game, who)
    if game.ending:
        raise ValueError("play_cards() in a hand_ended rule: the hand is over")
    played = held_cards(game, seat, cards)
    charge(game, len(played) * len(game.hands[seat]))  # each play finds its card in the hand
    turns.play_cards(game, seat, played)


def add_penalty(game: GameState, frame: Any, count: Any) -> Any:
    game.add_penalty(card_count(count))


def take_penalty(game: GameState, frame: Any, who: Any) -> Any:
    count = game.take_penalty()
    drawn: list[Any] = []
    if count:
        seat = seat_of(game, who)
        got_cards(game, seat, drawing.draw(game, seat, count), drawn)
    frame.vars[DRAWN] = tuple(drawn)


def shuffle_hands(game: GameState, frame: Any, seat: Any) -> Any:
    moves.shuffle_hands(game, seat_of(game, seat))


def owe_draw(game: GameState, frame: Any, who: Any, count: Any) -> Any:
    count = card_count(count)
    seats = seats_of(game, who)
    charge(game, len(seats))  # and each card drawn (drawing.draw)
    for seat in seats:
        replacing.owe_draw(game, frame, seat, count)


def turn_over(game: GameState, frame: Any) -> Any:
    return drawing.turn_over(game)


def switch_sides(game: GameState, frame: Any) -> Any:
    charge(game, sum(map(len, game.hands)) + len(game.stock) + len(game.discard))
    moves.switch_sides(game)


def swap_hands(game: GameState, frame: Any, a: Any, b: Any) -> Any:
    charge(game, game.players)  # every seat's UNO call and hand-size rules are looked at
    moves.swap_hands(game, seat_of(game, a), seat_of(game, b))


def pass_hands(game: GameState, frame: Any, direction: Any = None) -> Any:
    charge(game, game.players)
    moves.pass_hands(game, game.direction if direction is None else direction)


def reveal_hand(game: GameState, frame: Any, who: Any) -> Any:
    seats = seats_of(game, who)
    charge(game, len(seats))
    for seat in seats:
        game.reveal(seat)


def add_to_row(game: GameState, frame: Any, who: Any, row: Any, cards: Any) -> Any:
    seat = seat_of(game, who)
    piles.row_of(game, row)  # a row the ruleset lacks is refused before any card moves
    moves.move_cards(game, seat, held_cards(game, seat, cards), ("row", row))


def clear_piles(game: GameState, frame: Any, row: Any, least: Any) -> Any:
    charge(game, sum(len(pile) for pile in piles.row_of(game, row)))  # each card looked at
    piles.clear_piles(game, row, card_count(least))


def refill_row(game: GameState, frame: Any, row: Any) -> Any:
    for each in game.rules.rows:
        if each.name == row:
            charge(game, each.size)
            piles.refill(game, row, each.size)
            return
    piles.row_of(game, row)  # refused: no such row


def play_on(game: GameState, frame: Any, who: Any, cards: Any, row: Any, pile: Any) -> Any:
    seat = seat_of(game, who)
    if game.ending:
        raise ValueError("play_on() in a hand_ended rule: the hand is over")
    piles.pile_of(game, row, pile)  # a pile the row lacks is refused before any card moves
    played = held_cards(game, seat, cards)
    charge(game, len(played) * len(game.hands[seat]))  # each play finds its card in the hand
    turns.play_on(game, seat, played, (row, pile))
