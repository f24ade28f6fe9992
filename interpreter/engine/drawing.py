"""The stock: taking its top card (reshuffling the discard pile when it runs out), a seat's
draw, and turning a card over onto the discard pile."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine.cards import Card
from interpreter.engine.chance import shuffle
from interpreter.engine.frame import DRAWN, Frame

if TYPE_CHECKING:
    from interpreter.engine.state import State


def take_from_stock(game: State) -> Any:
    """The top stock card, reshuffling the discard pile (all but its top) when empty: as
    the card is drawn, or, with stock.refill when_empty, the moment the stock runs out."""
    stock: list[Any] = game.stock
    if not stock:
        reshuffle(game)
        stock = game.stock
        if not stock:
            return None
    card = stock.pop()
    if not stock and game.rules.refill_at_once:
        reshuffle(game)
    return card


def reshuffle(game: State) -> None:
    """Keep the top discard; the rest, shuffled, becomes the stock (unless the ruleset keeps
    an empty stock empty)."""
    if len(game.discard) < 2 or not game.rules.reshuffle:
        return
    top = game.discard.pop()
    game.stock, game.discard = game.discard, [top]
    game.spend(len(game.stock))  # each card shuffled, as a deal's are
    shuffle(game.rng, game.stock)
    if game.events is not None:
        game.log("reshuffle", size=len(game.stock))


def draw(game: State, seat: int, count: int, fire: bool = True, until_color: Any = None) -> int:
    """`seat` draws up to `count` cards (stopping after a card of `until_color`, if given);
    fewer when stock and discard are exhausted. Then its cards_drawn rules run, unless `fire`
    is false: the caller queues them. A seat out of the match draws nothing: a rule may have
    put it out between two draws of one effect (a loop's, or two statements')."""
    if game.seated < game.players and game.out[seat]:  # read only once a seat has left
        return 0
    hand: list[Any] = game.hands[seat]
    got = 0
    for _ in range(min(count, game.rules.max_hand - len(hand))):
        card = take_from_stock(game)
        if card is None:
            break
        hand.append(card)
        got += 1
        if until_color is not None and card.color == until_color:
            break
    if got:
        # Each card a rule or a penalty draws (a turn's own draw is bounded by the cards
        # dealt and reshuffled, which are charged).
        game.spend(got)
        game.last_move = game.turns
        if fire:
            if game.rules.cards_drawn:  # no frame made for rules a ruleset does not have
                game.push(game.rules.cards_drawn, drawn_frame(game, seat, got))
            if game.rules.hand_size_changed:
                game.size_changed(seat)
    log_draw(game, seat, got)
    return got


def drawn_frame(game: State, seat: int, count: int) -> Frame:
    """The frame of a draw's cards_drawn rules: the seat, and the `count` cards it just drew
    (the last of its hand), as they are now (`drawn`)."""
    frame = Frame(seat)
    hand: list[Any] = game.hands[seat]
    frame.vars[DRAWN] = tuple(hand[len(hand) - count:])
    return frame


def log_draw(game: State, seat: int, count: int) -> None:
    """Record a draw: how many cards, and which (only the seat itself may be shown them)."""
    if game.events is not None:
        hand = game.hands[seat]
        game.log("draw", seat=seat, count=count, cards=[c.name for c in hand[len(hand) - count:]])


def turn_over(game: State) -> Any:
    """Turn the top stock card onto the discard pile; its colour (if any) is to follow."""
    drawn = take_from_stock(game)
    if drawn is None:
        return None
    card: Card = drawn  # typed: its fields are read natively
    game.discard.append(card)
    game.just_played = False  # the top card was turned, not played: no jump-in on it
    if card.color is not None:
        game.color = card.color
    if game.events is not None:
        game.log("turn_over", card=card.name)
    if game.rules.card_turned:  # no frame made for rules a ruleset does not have
        game.push(game.rules.card_turned, Frame(game.turn, card))
    return card


def can_draw(game: State) -> bool:
    """Whether a card is left to draw: in the stock, or in a discard pile to reshuffle."""
    return bool(game.stock) or (game.rules.reshuffle and len(game.discard) > 1)


def draw_until_color(game: State, seat: int, color: Any) -> int:
    """`seat` draws until a card of `color` comes, or nothing is left to draw."""
    return draw(game, seat, len(game.stock) + len(game.discard), until_color=color)
