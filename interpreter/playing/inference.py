"""What a seat infers of the other hands from what it saw them do, for the strong bot's worlds.

A player who can play usually plays. So a seat seen to draw instead, on a table it could see,
held nothing it could play there; and the cards it held then stay in its hand until it plays
them. Beyond that, the other seats are taken to choose as a model does (the heuristic bot):
a world in which the model, holding what the world deals a seat, would not have played a card
that seat was seen to play this hand (while it has drawn nothing since, its hand then is its
hand now and what it played since), or named the colour it named, is unlikely, and the search
deals another (up to a few times, then takes the one that misses fewest). These are beliefs, not rules of the game (a person
may hold a card back, or bluff): a world dealt as the seat sees it (engine/seeing.py) is
nudged towards them, never beyond what the stock can give.

Everything here is read from what the inferring seat sees: hand sizes, the discard pile, the
colour in play, and its own worlds (as_seen's). It needs no recorded events, so it serves
every front end the same (a simulation records none). A seat's memory is kept between its
own decisions only:
- after it answers, `expect` notes, in one of its worlds with the answer given, what the
  seats that play next face: the faces each could play then, the table's public counts, and
  that world itself;
- at its next decision, `update` reads what happened since from the counts: a seat whose
  hand grew while nothing was played drew and passed; the next seat whose hand kept its size
  after one card was played drew that card and played it. Each held nothing it could play
  then: a `Lack` of as many cards as it held. Each card played since may have been one of
  them, so a Lack shrinks by the cards played since, and ends with the hand (or a reshuffle
  of the discard pile, or on two-sided cards, whose sides turn). The next seat whose hand
  shrank by every card played since, played them from its hand: a `Play` of the first, kept
  while that seat draws nothing, for `misses` to ask the model about.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from interpreter.engine.decisions import DRAW, Decision
from interpreter.engine.game import GameState
from interpreter.errors import IllegalMove, RuleRuntimeError

# How many decisions a snapshot may step through the windows after an answer, to reach the
# next seat's play (a catch window, a question): beyond that the table is read as unknown.
WINDOWS: Final = 4


@dataclass
class Lack:
    """`count` cards of `seat`'s hand are none it could play when it drew instead
    (`playable`: the face ids it could have played)."""

    seat: int
    playable: frozenset[int]
    count: int


@dataclass
class Play:
    """`seat` was seen to play `card` from its hand at `table` (the world at its play, its hand
    unknown), and has played `since` after it, drawing nothing: its hand then was its hand now,
    `since` and `card`."""

    seat: int
    card: Any
    table: GameState
    since: list[Any]


@dataclass(frozen=True)
class Snapshot:
    """The table as a seat's answer left it: the faces each other seat could play then, and
    what everyone can count (hands played, the discard's length, the hand sizes)."""

    game: GameState
    hands: int
    discard: int
    sizes: tuple[int, ...]
    next_seat: int | None
    playable: dict[int, frozenset[int]]
    table: GameState | None = None  # the world at the next seat's play (its hand unknown)


class Inference:
    """One seat's beliefs about the other hands this hand, kept between its decisions."""

    def __init__(self, model: Any) -> None:
        self.model = model  # how the other seats are taken to choose: the heuristic bot
        self.lacks: list[Lack] = []
        self.named: tuple[int, Any] | None = None  # (seat, colour) it named since
        # The plays seen this hand of seats that have drawn nothing since: a world is likelier
        # where the model, holding what the world deals that seat and what it played since,
        # would have played each of those cards too.
        self.plays: list[Play] = []
        self.before: Snapshot | None = None  # the table its last answer left, to read anew
        # (game, hands played, the discard's length) as its last answer left them: what
        # every belief's count is kept against, whatever came next.
        self.mark: tuple[GameState, int, int] | None = None

    def update(self, game: GameState, seat: int) -> None:
        """At `seat`'s decision: what the other seats did since its last answer."""
        mark, before, self.mark, self.before = self.mark, self.before, None, None
        self.named = None
        if mark is None or mark[0] is not game or mark[1] != len(game.hand_results) \
                or len(game.discard) < mark[2] or game.rules.has_rows:
            self.lacks, self.plays = [], []  # a new hand, a discard reshuffled, or nothing followed
            return
        if game.ruleset.sides:
            self.lacks, self.plays = [], []  # a side turned would make the faces other faces
        played = len(game.discard) - mark[2]
        sizes = [len(hand) for hand in game.hands]
        for lack in self.lacks:
            lack.count = min(lack.count - played, sizes[lack.seat])
        self.lacks = [lack for lack in self.lacks if lack.count > 0]
        if before is None:
            self.plays = []  # who played what since cannot be told
            return
        played = len(game.discard) - before.discard
        for other, faces in before.playable.items():
            then = before.sizes[other]
            drew_and_passed = not played and sizes[other] > then
            drew_and_played = played == 1 and other == before.next_seat and sizes[other] == then
            if (drew_and_passed or drew_and_played) and then and faces:
                self.lacks.append(Lack(other, faces, then))
        self.follow(game, before, sizes, seat)
        top = game.top
        if played and before.next_seat is not None and top is not None and top.color is None \
                and game.color is not None and sizes[before.next_seat]:
            self.named = (before.next_seat, game.color)

    def follow(self, game: GameState, before: Snapshot, sizes: list[int], seat: int) -> None:
        """Keep the plays of seats that have drawn nothing since, adding what each played since
        `before`; and the next seat's play at `before`'s table, when it played every card
        played since (a seat whose hand changed otherwise is followed no more)."""
        new = list(game.discard[before.discard:])
        shrank = [other for other in range(game.players)
                  if other != seat and sizes[other] != before.sizes[other]]
        mover = shrank[0] if len(shrank) == 1 and new \
            and before.sizes[shrank[0]] - sizes[shrank[0]] == len(new) else None
        for play in self.plays:
            if play.seat == mover:
                play.since.extend(new)
        # A seat that drew, or played where whose cards they were is not told, is followed no more.
        self.plays = [play for play in self.plays
                      if play.seat == mover or sizes[play.seat] == before.sizes[play.seat]]
        nxt = before.next_seat
        if mover is not None and mover == nxt and before.table is not None:
            self.plays.append(Play(mover, new[0], before.table, new[1:]))

    def expect(self, game: GameState, world: GameState, seat: int,
               give: Callable[[GameState], None]) -> None:
        """After `seat` answers in `game`: note what the others face, read in `world` (a copy
        of `game` as the seat sees it) once `give` has given it the same answer."""
        try:
            give(world)
            self.mark = (game, len(world.hand_results), len(world.discard))
            for _ in range(WINDOWS):  # a window's offers let go, to reach the next play
                asked = world.decision
                if asked is None or asked.seat is not None:
                    break
                world.apply(None if None in asked.options else asked.options[-1])
        except (RuleRuntimeError, IllegalMove):
            return  # a world the rules broke in (or the answer does not fit) says nothing
        asked = world.decision
        if asked is None or asked.seat is None or asked.seat == seat or asked.kind != "play":
            return
        mates = world.teammates(seat)
        playable = {other: frozenset(face.id for face in world.faces
                                     if world.is_playable(other, face))
                    for other in range(world.players)
                    if other != seat and other not in mates and not world.out[other]}
        self.before = Snapshot(game, len(world.hand_results), len(world.discard),
                               tuple(len(hand) for hand in world.hands), asked.seat, playable,
                               world)

    def misses(self, world: GameState) -> int:
        """How many of the plays seen the model would not have made, holding the cards `world`
        deals each seat seen playing (and what it played since), and whether it would not
        have named the colour named: a world that misses more is less likely."""
        missed = int(self.named is not None and not self.named_likely(world))
        for play in self.plays:
            missed += not self.would_play(world, play)
        return missed

    def would_play(self, world: GameState, play: Play) -> bool:
        """Whether the model, holding at `play.table` what `world` deals its seat, what it
        played since and the card it played, would have played that card."""
        table, other, card = play.table, play.seat, play.card
        held = table.hands[other]
        table.hands[other] = world.hands[other] + play.since + [card]
        try:
            cards = table.playable_cards(other)
            asked = table.decision
            if asked is None or card not in cards:
                return True  # nothing to compare with (the rules moved the card or asked else)
            chosen = self.model.decide(table, asked._replace(options=tuple(cards) + (DRAW,)))
        finally:
            table.hands[other] = held
        return bool(chosen is card or chosen == card)

    def named_likely(self, world: GameState) -> bool:
        """Whether the model, holding what `world` deals the seat that named a colour since,
        would have named that colour."""
        assert self.named is not None
        other, colour = self.named
        colours = tuple(world.side_colors)
        if colour not in colours:
            return True
        return bool(self.model.decide(world, Decision("color", other, colours)) == colour)

    def shape(self, world: GameState, known: dict[int, list[Any]], rng: random.Random) -> None:
        """Swap cards between the other hands and the stock in `world` (but those `known`
        there) so that each Lack and the colour named hold, as far as the stock allows."""
        stock = world.stock
        if not stock or world.ruleset.sides:
            return
        for lack in self.lacks:
            hand = world.hands[lack.seat]
            fixed = list(known.get(lack.seat, ()))
            free = []
            short = lack.count
            for index, card in enumerate(hand):
                if card in fixed:
                    fixed.remove(card)
                    short -= card.id not in lack.playable
                elif card.id in lack.playable:
                    free.append(index)
                else:
                    short -= 1
            if short <= 0 or not free:
                continue
            spare = [at for at, card in enumerate(stock) if card.id not in lack.playable]
            rng.shuffle(free)
            for index in free[:short]:
                if not spare:
                    break
                at = spare.pop(rng.randrange(len(spare)))
                hand[index], stock[at] = stock[at], hand[index]
        if self.named is not None:
            self.hold(world, known, rng)

    def hold(self, world: GameState, known: dict[int, list[Any]], rng: random.Random) -> None:
        """Give the seat that named a colour a card of it, if it holds none it is not known
        to (one of its unknown cards swapped for one of the stock's)."""
        assert self.named is not None
        other, colour = self.named
        hand = world.hands[other]
        if any(card.color == colour for card in hand):
            return
        fixed = list(known.get(other, ()))
        barred = frozenset().union(*(lack.playable for lack in self.lacks if lack.seat == other))
        free = []
        for index, card in enumerate(hand):
            if card in fixed:
                fixed.remove(card)
            else:
                free.append(index)
        spare = [at for at, card in enumerate(world.stock)
                 if card.color == colour and card.id not in barred]
        if free and spare:
            index = free[rng.randrange(len(free))]
            at = spare[rng.randrange(len(spare))]
            hand[index], world.stock[at] = world.stock[at], hand[index]
