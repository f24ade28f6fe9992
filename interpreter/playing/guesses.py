"""A seat's guesses at what each other hand holds, followed through the whole hand (a particle
filter), for the strong bot's worlds.

For each other seat it keeps COUNT guesses: hands of as many cards as that seat holds, each
drawn from the cards the guessing seat cannot see (the other hands and the stock, counted as a
multiset: what any seat can count from the cards it sees). Each guess moves with what the seat
is seen to do, and is kept only while it explains it:
- a seat seen to play a card held it: a guess without it takes it in place of one of its own
  cards that may be it, at random; and the model (the heuristic bot), holding the guess on
  the table it played on, would have played that card: a guess where it would not is
  dropped;
- a seat seen to name a colour is kept where the model, holding the guess, names that colour;
- a seat seen to draw instead of playing held nothing it could play: no card of a guess may be
  one it could have played then, for as long as the guess holds it (a card that is, swapped
  for an unseen one that may be there; and a card swapped in later, for any cause, is one
  that may be there);
- a seat that draws takes cards at random from the unseen cards (none it could have played,
  where the rules offered to play a card just drawn and it kept it: the model plays it);
- a guess holding a card since seen elsewhere (drawn by the guessing seat, say) swaps it.
Dropped guesses are replaced by copies of those kept (resampling); when none is kept, the
sighting is set aside (the model is only a model: a person may hold a card back). A seat whose
moves cannot be told from the counts (several seats played between two sightings) is guessed
afresh. Guesses are beliefs, never rules: every card of a world dealt from them is one the
seat could not see.

What an old sighting said about the cards a seat still holds is kept through its draws: a
seat that passed over a red card three turns ago and has drawn since still holds no red card
it had then (playing/inference.py reads the sightings from the table's counts).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from interpreter.engine.decisions import DRAW, Decision
from interpreter.engine.game import GameState
from interpreter.errors import IllegalMove, RuleRuntimeError

COUNT: Final = 64  # guesses per seat (measured: examples/BENCHMARK.md)


def unseen_cards(game: GameState, seat: int,
                 known: dict[int, list[Any]] | None = None) -> list[Any]:
    """The cards `seat` cannot see, as a sorted multiset: the other hands' (but those shown to
    the table, and the cards `known` it knows they hold) and the stock's. Their order says
    nothing: it is by the cards' ids."""
    cards: list[Any] = []
    for other, hand in enumerate(game.hands):
        if other == seat or game.revealed[other]:
            continue
        held = list(hand)
        for card in (known or {}).get(other, ()):
            if card in held:
                held.remove(card)
        cards.extend(held)
    cards.extend(game.stock)
    cards.sort(key=lambda card: card.id)
    return cards


@dataclass
class Guess:
    """One guess at a hand: its cards, and for each the faces it cannot be (the faces the seat
    could have played when it was seen to draw instead, while that card was in its hand)."""

    cards: list[Any]
    bars: list[frozenset[int]]

    def copy(self) -> Guess:
        """A guess of its own with the same cards."""
        return Guess(list(self.cards), list(self.bars))

    def swap(self, index: int, unseen: list[Any], rng: random.Random) -> None:
        """Its card at `index` replaced by one of `unseen` at random that it may be (none
        such: it stays)."""
        barred = self.bars[index]
        spare = [card for card in unseen if card.id not in barred] if barred else unseen
        cards = sample(spare, self.cards, 1, rng)
        if cards:
            self.cards[index] = cards[0]

    def remove(self, card: Any) -> None:
        """`card` leaves the hand."""
        index = self.cards.index(card)
        del self.cards[index], self.bars[index]


class Guesses:
    """One seat's guesses at each other seat's hand this hand."""

    def __init__(self, model: Any, count: int = COUNT) -> None:
        self.model = model  # how the other seats are taken to choose: the heuristic bot
        self.count = count
        self.hands: dict[int, list[Guess]] = {}  # per other seat, its guesses

    def forget(self, seat: int | None = None) -> None:
        """Guess `seat`'s hand afresh (every seat's, when none is given)."""
        if seat is None:
            self.hands.clear()
        else:
            self.hands.pop(seat, None)

    def drew(self, seat: int, count: int, unseen: list[Any], rng: random.Random,
             barred: frozenset[int] = frozenset()) -> None:
        """`seat` drew `count` cards it did not show, none of the faces `barred`: each guess
        takes as many unseen ones."""
        cards = [card for card in unseen if card.id not in barred] if barred else unseen
        for guess in self.hands.get(seat, ()):
            drawn = sample(cards, guess.cards, count, rng)
            guess.cards.extend(drawn)
            guess.bars.extend(barred for _ in drawn)

    def lacked(self, seat: int, playable: frozenset[int], unseen: list[Any],
               rng: random.Random) -> None:
        """`seat` drew instead of playing, where it could have played the faces `playable`:
        no card of each guess may be one of them (those that are, swapped for unseen cards
        that may be)."""
        for guess in self.hands.get(seat, ()):
            for index, card in enumerate(guess.cards):
                guess.bars[index] = guess.bars[index] | playable
                if card.id in playable:
                    guess.swap(index, unseen, rng)

    def played(self, seat: int, cards: list[Any], table: GameState | None,
               rng: random.Random) -> None:
        """`seat` played `cards` from its hand, the first at `table` (None: a table not
        seen): each guess holds them (taking any it lacks in place of a card that may be
        it), is kept where the model would have played the first there, and gives them up."""
        guesses = self.hands.get(seat)
        if not guesses:
            return
        for guess in guesses:
            for card in cards:
                if card in guess.cards or not guess.cards:
                    continue
                free = [index for index, bars in enumerate(guess.bars) if card.id not in bars]
                index = rng.choice(free) if free else rng.randrange(len(guess.cards))
                guess.cards[index], guess.bars[index] = card, frozenset()
        if table is not None and cards:
            kept = [guess for guess in guesses
                    if self.would_play(table, seat, guess.cards, cards[0])]
            self.resample(seat, kept, rng)
        for guess in self.hands[seat]:
            for card in cards:
                if card in guess.cards:
                    guess.remove(card)

    def named(self, seat: int, colour: Any, table: GameState | None,
              rng: random.Random) -> None:
        """`seat` named `colour`: guesses where the model, holding them, names it are kept."""
        guesses = self.hands.get(seat)
        if not guesses or table is None:
            return
        colours = tuple(table.side_colors)
        if colour not in colours:
            return
        colours = (colour,) + tuple(other for other in colours if other != colour)  # first:
        # as a play is (would_play), a colour it likes as well as another is taken
        kept = []
        for guess in guesses:
            held = table.hands[seat]
            table.hands[seat] = guess.cards
            try:
                if self.model.decide(table, Decision("color", seat, colours)) == colour:
                    kept.append(guess)
            finally:
                table.hands[seat] = held
        self.resample(seat, kept, rng)

    def would_play(self, table: GameState, seat: int, hand: list[Any], card: Any) -> bool:
        """Whether the model, holding `hand` at `table`, would have played `card` (or holds it
        as good as its choice)."""
        held = table.hands[seat]
        table.hands[seat] = hand
        try:
            cards = table.playable_cards(seat)
            asked = table.decision
            if asked is None or card not in cards:
                return True  # nothing to compare with (the rules moved the card or asked else)
            # Offered first, so that a model choosing among equals in the order offered
            # takes it if it is one of its best: the seat's own order is not seen.
            options = (card,) + tuple(other for other in cards if other != card) + (DRAW,)
            chosen = self.model.decide(table, asked._replace(options=options))
        except (RuleRuntimeError, IllegalMove):
            return True
        finally:
            table.hands[seat] = held
        return bool(chosen is card or chosen == card)

    def resample(self, seat: int, kept: list[Guess], rng: random.Random) -> None:
        """The guesses kept, and copies of them in the place of those dropped (none kept:
        the sighting is set aside and every guess stays)."""
        if not kept or len(kept) == len(self.hands[seat]):
            return
        self.hands[seat] = kept + [kept[rng.randrange(len(kept))].copy()
                                   for _ in range(len(self.hands[seat]) - len(kept))]

    def settle(self, sizes: dict[int, int], unseen: list[Any], rng: random.Random) -> None:
        """Make each seat's guesses fit the table: `sizes` cards each (guessed afresh when
        they do not: a move not followed), every card one of the `unseen` (a card since
        seen is swapped for an unseen one)."""
        for seat in [seat for seat in self.hands if seat not in sizes]:
            del self.hands[seat]
        pool = Counter(id(card) for card in unseen)
        for seat, size in sizes.items():
            guesses = self.hands.get(seat)
            if not guesses or any(len(guess.cards) != size for guess in guesses):
                self.hands[seat] = [Guess(sample(unseen, [], size, rng), [frozenset()] * size)
                                    for _ in range(self.count)]
                continue
            for guess in guesses:
                held = Counter(id(card) for card in guess.cards)
                for index, card in enumerate(guess.cards):
                    key = id(card)
                    if held[key] > pool[key]:
                        held[key] -= 1
                        guess.swap(index, unseen, rng)

    def deal(self, world: GameState, known: dict[int, list[Any]], rng: random.Random) -> None:
        """Give each guessed seat of `world` (a game dealt as the guessing seat sees it) the
        cards `known` to be there and one of its guesses at random, the stock what is left,
        shuffled."""
        if not self.hands:
            return
        pool = list(world.stock)
        for seat in self.hands:
            held = list(world.hands[seat])
            for card in known.get(seat, ()):
                if card in held:
                    held.remove(card)
            pool.extend(held)
        unseen: Counter[int] = Counter(id(card) for card in pool)
        cards = {id(card): card for card in pool}
        for seat, guesses in self.hands.items():
            hand = list(guesses[rng.randrange(len(guesses))].cards)
            for index, card in enumerate(hand):
                if unseen[id(card)] <= 0:  # another seat's guess took it: any card left
                    left = [key for key, many in unseen.items() if many > 0]
                    card = hand[index] = cards[left[rng.randrange(len(left))]]
                unseen[id(card)] -= 1
            world.hands[seat][:] = list(known.get(seat, ())) + hand
        stock = [cards[key] for key, many in unseen.items() for _ in range(many)]
        stock.sort(key=lambda card: card.id)
        rng.shuffle(stock)
        world.stock[:] = stock


def sample(cards: list[Any], hand: list[Any], count: int, rng: random.Random) -> list[Any]:
    """`count` of `cards` (a multiset) at random, not counting those `hand` already holds."""
    left = list(cards)
    for card in hand:
        if card in left:
            left.remove(card)
    if count >= len(left):
        return left
    return rng.sample(left, count)
