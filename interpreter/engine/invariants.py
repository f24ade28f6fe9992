"""Invariants every game state must keep.

For property tests and debugging: `check_invariants(game)` raises RuleRuntimeError naming
what broke (playing/checked.py plays a whole match checking them after every step, and
`--check-invariants` checks them in simulate and the terminal).
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from interpreter.engine.chance import CHANCE
from interpreter.engine.decisions import is_option
from interpreter.errors import RuleRuntimeError

card_id = attrgetter("id")


def physical_id(card) -> int:
    """A two-sided card's identity, whichever face is up: the smaller id of its two faces."""
    back = card.back
    return card.id if back is None or card.id < back.id else back.id


def check_invariants(game, deck_size: int | None = None) -> None:
    """Raise RuleRuntimeError if `game` breaks an invariant (deck_size: a partial deck's size)."""
    check_cards(game, deck_size)
    check_seats(game)
    check_decision(game)
    check_match(game)


def fail(message: str) -> None:
    """Raise the invariant error."""
    raise RuleRuntimeError(f"invariant broken: {message}")


def is_seat(game, seat) -> bool:
    """Whether `seat` is a seat number of this game."""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.players


def all_cards(game) -> list:
    """Every card in the hands, the stock, the discard pile and the rows' piles."""
    if len(game.hands) != game.players:
        fail(f"{len(game.hands)} hands for {game.players} players")
    for seat, hand in enumerate(game.hands):
        if not isinstance(hand, list):
            fail(f"hand of seat {seat} is a {type(hand).__name__}, not a list")
    return [c for hand in game.hands for c in hand] + list(game.stock) + list(game.discard) \
        + [c for row in game.rows.values() for pile in row for c in pile]


def check_cards(game, deck_size: int | None = None) -> None:
    """Cards are conserved: the deck's multiset, or (a table set by hand, which may hold any
    cards) the same number of cards as it started with."""
    cards = all_cards(game)
    expected = len(game.deck) if deck_size is None else deck_size
    if len(cards) != expected:
        fail(f"{len(cards)} cards in play (hands {game.hand_sizes()}, stock {len(game.stock)}, "
             f"discard {len(game.discard)}), expected {expected}")
    if deck_size is not None:
        return
    # Counted and compared in C (map; dict's ==, as Counter's own == is a Python loop, and
    # counts made by counting hold no zeros): a 20,000-card deck takes a few milliseconds.
    key = physical_id if game.rules.sides else card_id
    have = Counter(map(key, cards))
    deck = Counter(map(key, game.deck))
    if not dict.__eq__(have, deck):
        fail(f"cards differ from the deck: extra {dict(have - deck)}, missing "
             f"{dict(deck - have)}")


def check_seats(game) -> None:
    """Turn and dealer are seats; direction is 1 or -1."""
    for name in ("turn", "dealer"):
        if not is_seat(game, getattr(game, name)):
            fail(f"{name} is {getattr(game, name)!r}, not a seat of {game.players}")
    if game.direction not in (1, -1) or isinstance(game.direction, bool):
        fail(f"direction is {game.direction!r}, not 1 or -1")
    if game.seated != game.players - sum(game.out):
        fail(f"{game.seated} seats counted in, but {game.players - sum(game.out)} are")
    for seat, out in enumerate(game.out):
        if out and game.hands[seat]:
            fail(f"seat {seat} is out of the match but holds {len(game.hands[seat])} cards")
    if game.decision is not None and game.decision.seat is not None \
            and game.out[game.decision.seat]:
        fail(f"seat {game.decision.seat} is out of the match but is asked to decide")


def check_decision(game) -> None:
    """A pending decision has options; a play offers only playable cards the seat holds."""
    decision = game.decision
    if decision is None:
        return
    if not decision.options:
        fail(f"the {decision.kind} decision has no options")
    if decision.kind == CHANCE and decision.seat is None:  # a random outcome asked: nobody's
        if not game.chance_nodes \
                or len(game.chance_odds) != len(decision.options) \
                or abs(sum(game.chance_odds) - 1.0) > 1e-9:
            fail(f"the chance decision {decision!r} has odds {game.chance_odds!r}")
        return
    if decision.seat is None:
        bad = [s for s in decision.open_to if not is_seat(game, s)]
        if not decision.open_to or bad:
            fail(f"the {decision.kind} window is open to {decision.open_to!r}")
        return
    if not is_seat(game, decision.seat):
        fail(f"the {decision.kind} decision is for {decision.seat!r}, not a seat")
    if decision.kind == "play":
        check_play_options(game, decision)


def check_play_options(game, decision) -> None:
    """Every card offered in a play decision is held by the seat and playable now."""
    seat = decision.seat
    for option in decision.options:
        if not hasattr(option, "rules"):
            continue
        if option not in game.hands[seat]:
            fail(f"seat {seat} is offered {option}, which it does not hold")
        if not game.is_playable(seat, option):
            fail(f"seat {seat} is offered {option}, which is not playable on {game.top} "
                 f"(colour {game.color})")


def check_match(game) -> None:
    """A finished match has a winning seat and nothing pending."""
    if not game.over:
        return
    if not is_seat(game, game.match_winner):
        fail(f"the match is over but the winner is {game.match_winner!r}")
    if game.decision is not None:
        fail(f"the match is over but a {game.decision.kind} decision is pending")


def checked_answer(decision, answer):
    """`answer`, after checking it is one of the decision's options."""
    if not is_option(answer, decision.options):
        fail(f"answer {answer!r} to {decision.kind} (seat {decision.seat}) "
             f"is not among {decision.options!r}")
    return answer
