"""Seeing as a seat sees: a whole game consistent with what one seat has observed, drawn from a
seeded generator (a search's determinized games; OpenSpiel's resample_from_infostate).

A seat sees its own hand, every card face up (the discard pile, the rows' piles, a hand shown
to the table), how many cards each hand and the stock hold, and, with two-sided cards, the
side each other hand and the stock's top card show it. It may also know some cards of another
hand: cards it passed or gave there, or a hand it held before a swap (`known`, which the
caller keeps, or known_cards reads from the game's events). What it has not seen, the other hands'
cards and the stock's order, is dealt again at random into the same places, each card
keeping what the seat saw of it (the side it showed). The game's generator is replaced by one
drawn from `rng`, so what chance brings next (outcomes and decks given in advance included)
is not the real game's either.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from interpreter.engine.game import GameState


def as_seen(game: GameState, seat: int, rng: random.Random,
            known: Mapping[int, Sequence[Any]] | None = None) -> GameState:
    """A copy of `game` with every card `seat` has not seen dealt again from `rng`, consistent
    with all it has (`known`: per other seat, cards the seat knows that hand holds).

    Asked while another seat's choice is under way (its play, a card it picks), that
    choice's options name its real cards: ask at `seat`'s own decision, or between them."""
    decision = game.decision
    if decision is not None and decision.seat is not None and decision.seat != seat \
            and decision.kind in ("play", "card", "jump_in_card"):
        raise ValueError(f"a game is seen as seat {seat} sees it at its own decision, not at "
                         f"seat {decision.seat}'s {decision.kind}")
    twin = game.clone()
    two_sided = bool(game.ruleset.sides)
    places: list[tuple[list[Any], int, Any]] = []  # (where, index, the side it must show)
    unseen: list[Any] = []
    for other, hand in enumerate(twin.hands):
        if other == seat or twin.revealed[other]:
            continue
        kept = list((known or {}).get(other, ()))
        for index, card in enumerate(hand):
            if card in kept:  # a card the seat knows is there stays
                kept.remove(card)
                continue
            places.append((hand, index, card.back if two_sided else None))
            unseen.append(card)
    stock = twin.stock
    for index, card in enumerate(stock):
        shows = card.back if two_sided and index == len(stock) - 1 else None
        places.append((stock, index, shows))
        unseen.append(card)
    deal_unseen(places, unseen, rng)
    twin.rng = random.Random(rng.getrandbits(64))
    # Chance given in advance (a scenario's outcomes, the stacked decks of hands to come) is
    # chance to come too: the twin draws it from its own generator.
    twin.fixed_chance = []
    twin._later = []
    return twin


def deal_unseen(places: list[tuple[list[Any], int, Any]], cards: list[Any],
                rng: random.Random) -> None:
    """Put `cards`, shuffled, into `places`: a place that shows a side takes a card whose other
    side is that one, picked at random among those left; every other place the rest in turn."""
    # In a fixed order before the shuffle: where the unseen cards really were cannot show
    # through (two games that look the same to the seat give the same deal from one rng).
    cards.sort(key=lambda card: card.id)
    rng.shuffle(cards)
    shown = [place for place in places if place[2] is not None]
    for where, index, side in shown:
        found = next((at for at, card in enumerate(cards) if card.back is side), None)
        if found is None:  # cannot happen for a real game: its own cards fit
            raise ValueError(f"no unseen card shows {side} on its other side")
        where[index] = cards.pop(found)
    free = iter(cards)
    for where, index, side in places:
        if side is None:
            where[index] = next(free)


def known_cards(game: GameState, seat: int) -> dict[int, list[Any]]:
    """Per other seat, the cards `seat` knows its hand holds this hand, from the events the
    game recorded (a game that records none: nothing known): cards it gave or passed there and that seat has not played since. A seat
    whose cards moved unseen (a swap or pass of hands, a shuffle, cards it put away) is known
    no longer: forgetting never assumes what was not seen."""
    known: dict[int, list[Any]] = {}
    remember(known, game, seat, game.events or ())
    return {other: cards for other, cards in known.items() if other != seat and cards}


def remember(known: dict[int, list[Any]], game: GameState, seat: int, events: Any) -> None:
    """Bring `known` (known_cards' answer so far, kept by a caller that reads the game's
    events as they come) up to date with `events`, the game's next ones."""
    faces: dict[str, Any] = {}

    def face(name: str) -> Any:
        if not faces:
            faces.update((card.name, card) for card in reversed(game.faces))
        return faces.get(name)

    for event, data in events:
        if event in ("hand_over", "first_card", "shuffle_hands", "pass_hands", "sides"):
            known.clear()
        elif event == "cards_moved" and data["seat"] == seat and isinstance(data["to"], int):
            known.setdefault(data["to"], []).extend(
                card for card in map(face, data.get("cards", ())) if card is not None)
        elif event == "cards_passed":
            for giver, _, _ in data["passes"]:  # all at once: which of theirs went is unseen
                known.pop(giver, None)
            for giver, receiver, cards in data["passes"]:
                if giver == seat and receiver is not None:
                    known.setdefault(receiver, []).extend(
                        card for card in map(face, cards) if card is not None)
        elif event == "play" and data["seat"] in known:
            held = known[data["seat"]]
            card = face(data["card"])
            if card in held:
                held.remove(card)
        elif event in ("cards_moved", "added_to_row") and data["seat"] in known:
            known.pop(data["seat"])  # which of its cards went is not said to this seat
        elif event == "swap_hands":
            for other in data["seats"]:
                known.pop(other, None)
