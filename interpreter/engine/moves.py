"""Cards changing places as the rules say: held cards moved to a pile or a hand, cards passed
at once, hands swapped or passed on, every card turned over; and what a move makes owed (the
UNO call, the hand-size rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine import order, piles
from interpreter.engine.chance import shuffle
from interpreter.engine.frame import Frame
from interpreter.engine.turns import UNO_CALL, op_hand_over

if TYPE_CHECKING:
    from interpreter.engine.state import State


def move_cards(game: State, seat: int, cards: list[Any], where: Any) -> None:
    """Move held `cards` from `seat`'s hand: under the discard pile's top card
    ("discard"), to the bottom of the discard pile ("bottom"), to the bottom of the stock
    ("stock"), to new piles at the end of a row (("row", name)), or to another seat's hand.
    A hand
    left empty goes out; a hand left at the UNO count owes the call."""
    sizes = game.hand_sizes()
    hand = game.hands[seat]
    if len(cards) == 1:
        hand.remove(cards[0])
    else:
        take_out(hand, cards)
    if where == "discard":
        game.discard[-1:-1] = cards
    elif where == "stock":
        game.stock[:0] = cards
    elif where == "bottom":
        game.discard[:0] = cards
    elif isinstance(where, tuple):
        piles.add_piles(game, where[1], cards)
    else:
        game.hands[where].extend(cards)
    if cards:
        game.last_move = game.turns
        if game.events is None:
            pass
        elif isinstance(where, tuple):  # face up in the row: every seat sees which
            game.log("added_to_row", seat=seat, row=where[1], cards=[c.name for c in cards])
        else:
            # Which cards: the narration names them to the giver and a receiving seat only.
            game.log("cards_moved", seat=seat, to=where, count=len(cards),
                     cards=[c.name for c in cards] if isinstance(where, int) else [])
    if not hand and sizes[seat]:
        game.queue(op_hand_over, Frame(seat))
        return
    hands_moved(game, sizes)


def take_out(hand: list[Any], cards: list[Any]) -> None:
    """Remove `cards` from `hand`, each at its first place as list.remove would, in one pass
    (removing them one by one went through the hand once for each card)."""
    owed: dict[Any, Any] = {}
    for card in cards:
        owed[card] = owed.get(card, 0) + 1
    kept: list[Any] = []
    for card in hand:
        left = owed.get(card, 0)
        if left:
            owed[card] = left - 1
        else:
            kept.append(card)
    hand[:] = kept


def pass_cards(game: State, passes: list[Any]) -> None:
    """Cards passed at once: each (giver, receiver, cards) of `passes` takes its cards out of
    the giver's hand (those it still holds), then every receiver gets what was passed to it,
    in the order of `passes`. Only then does a hand left empty go out (the first such giver
    of `passes`: the hand is over) or a hand left at the UNO count owe the call, so nobody
    goes out in the middle and no card is passed twice."""
    sizes = game.hand_sizes()
    taken = []
    for giver, receiver, cards in passes:
        held: dict[Any, int] = {}
        for card in game.hands[giver]:
            held[card] = held.get(card, 0) + 1
        kept = []
        for card in cards:
            if held.get(card, 0):
                held[card] -= 1
                kept.append(card)
        take_out(game.hands[giver], kept)
        taken.append((giver, receiver, kept))
    for giver, receiver, cards in taken:
        game.hands[receiver].extend(cards)
    if any(cards for _, _, cards in taken):
        game.last_move = game.turns
    if game.events is not None:
        game.log("cards_passed", passes=tuple((giver, receiver, tuple(c.name for c in cards))
                                              for giver, receiver, cards in taken if cards))
    for giver, _, _ in taken:
        if not game.hands[giver] and sizes[giver]:
            game.queue(op_hand_over, Frame(giver))
            return
    hands_moved(game, sizes)


def swap_hands(game: State, a: int, b: int) -> None:
    """Seats `a` and `b` exchange hands."""
    sizes = game.hand_sizes()
    game.hands[a], game.hands[b] = game.hands[b], game.hands[a]
    if game.events is not None:
        game.log("swap_hands", seats=(a, b))
    hands_moved(game, sizes)


def pass_hands(game: State, direction: int) -> None:
    """Every hand moves one seat on in `direction`."""
    n = game.players
    sizes = game.hand_sizes()
    game.hands = [game.hands[(seat - direction) % n] for seat in range(n)] \
        if game.seated == n else order.pass_in_play(game.out, game.hands, direction)
    if game.events is not None:
        game.log("pass_hands", direction=direction)
    hands_moved(game, sizes)


def shuffle_hands(game: State, start: int) -> None:
    """Every hand collected, shuffled with the game's generator and dealt again one card at a
    time, from `start` on in the direction of play, until none is left: hands may change
    sizes, and with fewer cards than seats the seats dealt last get none. A seat that held
    cards and is dealt none goes out; a seat left at the UNO count owes the call."""
    sizes = game.hand_sizes()
    seats = game.others_of(start) if game.out[start] else (start,) + game.others_of(start)
    cards: list[Any] = []
    for hand in game.hands:
        cards.extend(hand)
        hand.clear()
    game.spend(len(cards) + game.players)  # each card shuffled and dealt, as a deal's are
    shuffle(game.rng, cards)
    hands = game.hands
    for at in range(len(cards)):
        hands[seats[at % len(seats)]].append(cards[at])
    game.last_move = game.turns
    if game.events is not None:
        game.log("shuffle_hands", seat=start, sizes=game.hand_sizes())
    for seat in seats:
        if sizes[seat] and not hands[seat]:
            game.queue(op_hand_over, Frame(seat))
            return
    hands_moved(game, sizes)


def hands_moved(game: State, before: list[Any]) -> None:
    """After hands changed owners: each seat now left holding the UNO count of cards owes
    the call, however it came to hold them (a seat whose hand grew owes nothing). The
    hand_size_changed rules of the seats whose hands changed run after those calls."""
    rules = game.rules
    if game.rules.hand_size_changed:
        for seat in range(game.players - 1, -1, -1):  # pushed last first: run in seat order
            if len(game.hands[seat]) != before[seat] and game.hands[seat]:
                game.size_changed(seat)
    if rules.uno_penalty is None:
        return
    left = rules.uno_cards_left
    owing = [seat for seat in range(game.players)
             if before[seat] > left == len(game.hands[seat])]
    for seat in reversed(owing):  # asked in seat order, before the effect goes on
        game.queue(UNO_CALL, Frame(seat))


def switch_sides(game: State) -> None:
    """Turn every card over: each hand, and the stock and the discard pile as stacks (their
    order reverses); the other side is up from now on, and the new top card's colour (none
    for a colourless one) is to follow. Nothing is played, so nothing fires."""
    game.side = 1 - game.side
    game.side_colors = game.rules.side_colors[game.side]
    for hand in game.hands:
        hand[:] = [card.back for card in hand]
    game.stock = [card.back for card in game.stock[::-1]]
    game.discard = [card.back for card in game.discard[::-1]]
    game.just_played = False  # the top card was revealed, not played: no jump-in on it
    game.color = game.discard[-1].color if game.discard else None
    if game.events is not None:
        game.log("sides", side=game.rules.sides[game.side],
                 top=game.discard[-1].name if game.discard else None)
