"""A match's cards and a hand's start: the first dealer, the deal and the first card turned, the
declared variables' first values; or a table set by hand. (The seeded generator and the shuffle
are in chance.py.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from interpreter.engine.cards import Card, id_flags
from interpreter.engine.chance import shuffle
from interpreter.engine.decisions import HandResult
from interpreter.engine.decks import pair_at_random
from interpreter.engine.frame import Frame
from interpreter.engine import piles
from interpreter.engine.turns import ADVANCE, START_TURN, WINDOWS, count_turn, run
from interpreter.errors import IllegalMove, RuleRuntimeError

if TYPE_CHECKING:
    from interpreter.engine.state import State


def match_cards(game: State, deal: bool) -> None:
    """The match's cards: the ruleset's faces and deck (its copies for the seat count), or,
    when each match pairs two-sided cards afresh and this one is dealt, its own pairing."""
    rules = game.rules
    game.side_colors = rules.first_colors
    game.faces, game.deck = rules.faces, rules.deck
    game.guarded, game.guards = rules.guarded, rules.guards
    if rules.random_pairs and deal:  # each match's cards have their own two faces
        game.faces, game.deck = pair_at_random(rules.deck, game.rng)
        game.guarded = frozenset(f for f in game.faces if f.rules.legal is not None)
        game.guards = id_flags(game.faces, game.guarded)
    # A key as one number names a face by its id: only the ruleset's own faces may be
    # named so (every game's), not a match's own pairing of them.
    game.key_width = len(game.guards) + 1 if game.faces is rules.faces else 0
    copies: int = rules.decks[game.players]
    if copies > 1:  # several decks shuffled together
        game.deck = game.deck * copies


def stacked_stock(game: State, top_cards: list[Any]) -> list[Any]:
    """A full deck whose top cards are `top_cards` (top first), the rest shuffled below."""
    deck = game.deck
    # Each top card takes the first place left in the deck of that card or, two-sided, of
    # another card with that face up: the places are listed in one pass over the deck (a
    # search of the deck for each top card took the deck's length a card).
    by_card: dict[Any, Any] = {}
    by_name: dict[Any, Any] = {}
    for at in range(len(deck)):
        by_card.setdefault(deck[at], []).append(at)
        by_name.setdefault(deck[at].name, []).append(at)
    taken = bytearray(len(deck))
    seen: dict[Any, Any] = {}  # per list of places, how many of its first places are taken
    top: list[Any] = []
    for card in top_cards:
        at = first_left(by_card.get(card), taken, seen)
        if at < 0 and card.back is not None:
            at = first_left(by_name.get(card.name), taken, seen)
        if at < 0:
            raise IllegalMove(f"the stacked deck has more {card} than the ruleset's deck")
        taken[at] = 1
        top.append(deck[at])
    rest = [deck[at] for at in range(len(deck)) if not taken[at]]
    shuffle(game.rng, rest)
    return (top + rest)[::-1]


def first_left(places: list[Any] | None, taken: bytearray, seen: dict[Any, Any]) -> int:
    """The first of `places` not taken yet (-1: none), skipping those found taken before."""
    if places is None:
        return -1
    at: int = seen.get(id(places), 0)
    while at < len(places) and taken[places[at]]:
        at += 1
    seen[id(places)] = at
    return places[at] if at < len(places) else -1


def fresh_stock(game: State) -> list[Any]:
    """The stock for a deal: the stacked deck once, else the whole deck shuffled."""
    if game._prepared is not None:
        stock, game._prepared = game._prepared, None
        return stock
    stock = list(game.deck)
    shuffle(game.rng, stock)
    return stock


def choose_dealer(game: State) -> int:
    """Seat of the first dealer: fixed by the ruleset, or the highest card drawn.

    For a draw each contender takes the top card, seat 0 first; ties draw again.
    The drawn cards then go back under the deck.
    """
    rules = game.rules  # typed: its fields are read natively
    value = rules.dealer_draw
    if value is None:
        first = rules.first_dealer
        return game.rng.randrange(game.players) if first is None else first % game.players
    contenders = list(range(game.players))
    stacked = game._prepared
    deck = stacked if stacked is not None else list(game.deck)
    # A value of the card alone is looked up (Ruleset.dealer_values): callgrind, about
    # 1,000 instructions a card drawn less. The table is by the ruleset's faces' ids: a
    # match that pairs two-sided cards afresh has faces of its own, asked one by one.
    table: tuple[Any, ...] | None = rules.dealer_values if game.faces is rules.faces else None
    drawn_all: list[Any] = []
    for _ in range(100):
        if len(contenders) < 2:
            break
        if len(deck) < len(contenders):
            deck[:0], drawn_all = drawn_all, []
        if stacked is None:  # only the cards drawn need shuffling: the deal shuffles afresh
            shuffle(game.rng, deck, len(contenders))
        # Lists in seat order, not dictionaries by seat: every game of a ruleset with a
        # dealer draw makes one (callgrind: about 7,500 instructions less a game).
        cards = [deck.pop() for _ in contenders]
        drawn_all.extend(cards)
        values: list[int] = []
        for at in range(len(cards)):
            card: Card = cards[at]
            got = table[card.id] if table is not None else value(game, Frame(contenders[at], card))
            if not isinstance(got, int) or isinstance(got, bool):
                raise RuleRuntimeError("dealer.draw_high must give a whole number for every "
                                       "card", file=game.rules.file)
            values.append(got)
        if game.events is not None:
            game.log("dealer_draw", cards={s: c.name for s, c in zip(contenders, cards)})
        best = values[0]  # not max(): a builtin looked up and called, in the compiled build
        for got in values:
            best = got if got > best else best
        contenders = [contenders[at] for at in range(len(values)) if values[at] == best]
    else:
        raise RuleRuntimeError("the dealer draw tied 100 times in a row (dealer.draw_high)",
                               file=game.rules.file)
    if stacked is not None:  # a copy is dropped: the deal shuffles the whole deck afresh
        deck[:0] = drawn_all[::-1]
    return contenders[0]


def begin_hand(game: State) -> None:
    """Shuffle, deal, turn the first card and queue its effect and the first turn."""
    rules = game.rules
    reset_variables(game, "hand")
    game.direction = 1
    game.lost_turns = [0] * game.players
    game.next_turn = None
    game.uncalled = []
    game.first_player = None
    game.penalty = 0
    game.just_played = False
    game.last_move, game.in_a_row, game.last_turn, game.next_check = -1, 0, -1, 0
    game.passes = 0
    game.played_at = [-1] * game.players
    game.revealed = [False] * game.players  # a hand shown to the table is shown until it ends
    game.table_size = None  # a dealt hand uses the whole deck
    game.turns = 0
    game.side = 0  # every hand is dealt with the first side up
    if rules.rejoin_each_hand and game.seated != game.players:
        game.out = [False] * game.players
        game.seated = game.players
    game.side_colors = rules.first_colors
    game.turn = game.dealer
    if rules.has_rows:
        # A game of rows turns its rows' piles face up instead of a first card; they were
        # turned, not played: nothing fires.
        deal(game)
        piles.deal_rows(game)
        game.color = None
        game.push(ADVANCE, None)
        game.push(rules.hand_started, Frame(game.dealer))
        return
    for _ in range(1000):
        deal(game)
        first = turn_first_card(game)
        redeal_if = rules.redeal_if
        if redeal_if is None or not redeal_if(game, Frame(game.dealer, first)):
            break
        if game.events is not None:
            game.log("redeal", card=first.name)
    else:
        raise RuleRuntimeError("first_card.redeal_if held 1000 times in a row; "
                               "this ruleset can never start a hand", file=rules.file)
    game.discard = [first]
    game.color = first.color
    if game.events is not None:
        game.log("first_card", card=first.name, dealer=game.dealer)
    frame = Frame(game.dealer, first, None)
    game.push(ADVANCE, None)
    game.push(rules.hand_started, frame)
    game.push(game.rules.card_turned, frame)
    game.push(first.rules.on_first, frame)


def reset_variables(game: State, scope: str) -> None:
    """Give the declared variables of `scope` (match, hand) their initial values."""
    declared = game.rules.variables
    if not declared:  # most rulesets declare none: skip the mapping proxy's items() call
        return  # (callgrind: about 2,300 instructions, twice a game)
    for name, (their_scope, per_seat, initial) in declared.items():
        if their_scope == scope:
            game.variables[name] = [initial] * game.players if per_seat else initial


def deal(game: State) -> None:
    """A fresh shuffled deck; cards one at a time from the seat after the dealer."""
    stock = game.stock = fresh_stock(game)
    game.spend(len(stock))
    game.discard = []
    players = game.players
    order = [(game.dealer + 1 + k) % players for k in range(players)]
    if game.seated < players:  # only seats still in are dealt to
        order = [seat for seat in order if not game.out[seat]]
    size: int = game.rules.hand_sizes[players]
    hands: list[Any] = [[] for _ in range(players)]
    game.hands = hands
    # From the top, one card at a time round the seats (taken natively, not sliced:
    # callgrind, about 1,000 instructions a deal).
    seats: int = len(order)
    for k in range(min(seats * size, len(stock))):
        hand: list[Any] = hands[order[k % seats]]  # typed: appended to natively
        hand.append(stock.pop())


def turn_first_card(game: State) -> Any:
    """The first card, turned from the stock; cards the ruleset returns go back in."""
    rules = game.rules
    return_if = game.rules.return_if
    for _ in range(1000):
        card = game.stock.pop()
        if return_if is None or not return_if(game, Frame(game.dealer, card)):
            return card
        if game.events is not None:
            game.log("first_card_returned", card=card.name)
        game.stock.append(card)
        game.spend(len(game.stock))  # each card shuffled, as a deal's are
        shuffle(game.rng, game.stock)
    raise RuleRuntimeError("first_card.return_if held 1000 times in a row", file=rules.file)


def set_table(game: State, hands: Any, discard: Any, stock: Any, turn: Any = 0,
              direction: Any = 1, color: Any = None, dealer: Any = None, scores: Any = None,
              penalty: Any = 0, uncalled: Any = (), lost_turns: Any = None,
              extra_turn: Any = None, just_played: Any = False, winners: Any = (),
              side: Any = 0, rows: Any = None) -> None:
    """Set `game` (made without a deal) at an exact table: hands per seat, discard
    (bottom..top), stock (top first), then play on from there (GameState.from_table).

    Cards may be given as card objects or names ('red 5'). The seat `turn` is to play,
    unless it has just played the top card (`just_played`) or left a UNO uncalled
    (`uncalled`, seats): then its turn is ending, and the windows (catch, jump-in) open before
    play passes on. `penalty` is pending, `lost_turns` (a count per seat) and `extra_turn` (a
    seat) are queued; `winners` are the seats that won earlier hands; `side` is the side of
    two-sided cards that is up (the cards are given with their faces of that side up);
    `rows` gives each row's piles (row name -> piles, each bottom..top).
    """
    ruleset = game.ruleset

    def cards(items: Any) -> list[Any]:
        return [ruleset.card(c) if isinstance(c, str) else c for c in items]
    game.hands = [cards(h) for h in hands]
    game.discard = cards(discard)
    game.stock = cards(stock)[::-1]
    given = rows or {}
    unknown = set(given) - {row.name for row in game.rules.rows}
    if unknown:
        raise IllegalMove(f"the ruleset has no row named {sorted(unknown)[0]!r} under rows:")
    game.rows = {row.name: [cards(pile) for pile in given.get(row.name, ())]
                 for row in game.rules.rows}
    game.turn, game.direction = turn, direction
    if side:
        game.side, game.side_colors = side, game.rules.side_colors[side]
    game.dealer = (turn - direction) % game.players if dealer is None else dealer
    game.color = color if color is not None else (game.top.color if game.top else None)
    game.scores = list(scores) if scores is not None else [0] * game.players
    game.hand_results = [HandResult(seat, 0, 0, None) for seat in winners]
    game.table_size = sum(map(len, game.hands)) + len(game.discard) + len(game.stock) \
        + sum(len(pile) for row in game.rows.values() for pile in row)
    game.penalty = penalty
    game.lost_turns = list(lost_turns) if lost_turns is not None else [0] * game.players
    game.next_turn = extra_turn
    game.uncalled = list(uncalled)
    game.just_played = just_played
    if game.uncalled or just_played:
        count_turn(game, turn)  # the ending turn was taken
        game.push(WINDOWS, None)
    else:
        game.push(START_TURN, None)
    run(game)
