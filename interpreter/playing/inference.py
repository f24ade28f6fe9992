"""What a seat reads of the other seats' moves from what it sees, for the strong bot's guesses
at their hands (playing/guesses.py).

Everything here is read from what the inferring seat sees: hand sizes, the discard pile, the
colour in play, and its own worlds (as_seen's). It needs no recorded events, so it serves
every front end the same (a simulation records none). A seat's memory is kept between its
own decisions only:
- after it answers, `expect` notes, in one of its worlds with the answer given, what the
  seats that play next face: the faces each could play then, the table's public counts, and
  that world itself (the table the next seat plays at, its hand unknown);
- at its next decision, `update` reads what happened since from the counts, and tells the
  guesses: a seat whose hand grew while nothing was played drew and passed; the next seat
  whose hand kept its size after one card was played drew that card and played it (each
  held nothing it could play then); the one seat whose hand shrank by every card played
  since played them, the first at the table noted; a seat that then named the colour in play
  named it; a hand that only grew while no one played drew (by the rules: a card's penalty).
  A seat whose hand changed otherwise is guessed afresh. A new hand, or a discard pile
  shuffled back, starts every guess afresh.
A person may hold a card back, or bluff: guesses are beliefs, not rules of the game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from interpreter.engine.game import GameState
from interpreter.errors import IllegalMove, RuleRuntimeError
from interpreter.playing.guesses import Guesses, unseen_cards

# How many decisions a snapshot may step through the windows after an answer, to reach the
# next seat's play (a catch window, a question): beyond that the table is read as unknown.
WINDOWS: Final = 4


@dataclass(frozen=True)
class Snapshot:
    """The table as a seat's answer left it, at the next seat's play: the faces each other
    seat could play then, and what everyone can count (the discard's length, the hand sizes)."""

    discard: int
    sizes: tuple[int, ...]
    next_seat: int
    playable: dict[int, frozenset[int]]
    table: GameState  # the world at the next seat's play (its hand unknown)


class Inference:
    """One seat's reading of the other seats' moves this hand, kept between its decisions,
    and the guesses at their hands it feeds."""

    def __init__(self, model: Any) -> None:
        self.guesses = Guesses(model)  # the model: how the other seats are taken to choose
        self.before: Snapshot | None = None  # the table its last answer left, to read anew
        # (game, hands played, the discard's length, the hand sizes) as its last answer left
        # them: what every count is read against, whatever came next.
        self.mark: tuple[GameState, int, int, tuple[int, ...]] | None = None
        self.known: dict[int, list[Any]] = {}  # the cards it knew of at its last decision

    def update(self, game: GameState, seat: int, known: dict[int, list[Any]],
               rng: random.Random) -> None:
        """At `seat`'s decision: what the other seats did since its last answer, told to the
        guesses (`known`: the cards it knows other hands hold; `rng`: what they draw from)."""
        mark, before, self.mark, self.before = self.mark, self.before, None, None
        known_before, self.known = self.known, known
        guesses = self.guesses
        unseen = unseen_cards(game, seat, known)
        if mark is None or mark[0] is not game or mark[1] != len(game.hand_results) \
                or len(game.discard) < mark[2] or game.rules.has_rows:
            guesses.forget()  # a new hand, a discard reshuffled, or nothing followed
            self.settle(game, seat, unseen, rng)
            return
        sizes = [len(hand) for hand in game.hands]
        if before is None:  # who played what since cannot be told; a hand that only grew drew
            played = len(game.discard) - mark[2]
            for other in list(guesses.hands):
                grew = sizes[other] - mark[3][other]
                if played or grew < 0:
                    guesses.forget(other)
                elif grew:
                    guesses.drew(other, grew, unseen, rng)
            self.settle(game, seat, unseen, rng)
            return
        new = list(game.discard[before.discard:])
        for other in list(guesses.hands):  # drawn by the rules before its turn came
            if before.sizes[other] > mark[3][other]:
                guesses.drew(other, before.sizes[other] - mark[3][other], unseen, rng)
        told = set()
        for other, faces in before.playable.items():
            then = before.sizes[other]
            drew_and_passed = not new and sizes[other] > then
            drew_and_played = len(new) == 1 and other == before.next_seat and sizes[other] == then
            if (drew_and_passed or drew_and_played) and then and faces:
                guesses.lacked(other, faces, unseen, rng)
            if drew_and_passed:  # and kept what it drew: none it could play, if offered
                guesses.drew(other, sizes[other] - then, unseen, rng,
                             faces if game.rules.play_drawn else frozenset())
                told.add(other)
        self.follow(game, before, new, sizes, seat, known_before, told, unseen, rng)
        self.settle(game, seat, unseen, rng)

    def follow(self, game: GameState, before: Snapshot, new: list[Any], sizes: list[int],
               seat: int, known_before: dict[int, list[Any]], told: set[int],
               unseen: list[Any], rng: random.Random) -> None:
        """Tell the guesses the cards played since `before` (`new`), when one seat played them
        all (the first at `before`'s table, if that seat played next), and the colour it named;
        that the other seats whose hands grew (and were not `told` already) drew; a seat whose
        hand shrank otherwise is guessed afresh."""
        guesses = self.guesses
        shrank = [other for other in range(game.players)
                  if other != seat and sizes[other] != before.sizes[other]]
        mover = shrank[0] if len(shrank) == 1 and new \
            and before.sizes[shrank[0]] - sizes[shrank[0]] == len(new) else None
        for other in list(guesses.hands):
            if other == mover:
                hidden = list((Counter(new) - Counter(known_before.get(other, ()))).elements())
                if len(hidden) == len(new):  # a card it was known to hold says nothing new
                    guesses.played(other, new, before.table if other == before.next_seat
                                   else None, rng)
                else:
                    guesses.forget(other)
            elif other in told:
                continue
            elif sizes[other] > before.sizes[other]:
                guesses.drew(other, sizes[other] - before.sizes[other], unseen, rng)
            elif sizes[other] < before.sizes[other]:
                guesses.forget(other)
        top = game.top
        if mover is not None and mover == before.next_seat and top is not None \
                and top.color is None and game.color is not None and sizes[mover]:
            guesses.named(mover, game.color, before.table, rng)

    def settle(self, game: GameState, seat: int, unseen: list[Any],
               rng: random.Random) -> None:
        """Fit the guesses to the table now: each hidden hand's cards not known of. Hands of
        two-sided cards (whose sides the seat sees) or in rows are not guessed."""
        if game.ruleset.sides or game.rules.has_rows:
            self.guesses.forget()
            return
        sizes = {other: len(hand) - len(self.known.get(other, ()))
                 for other, hand in enumerate(game.hands)
                 if other != seat and not game.revealed[other]}
        self.guesses.settle(sizes, unseen, rng)

    def expect(self, game: GameState, world: GameState, seat: int,
               give: Callable[[GameState], None]) -> None:
        """After `seat` answers in `game`: note what the others face, read in `world` (a copy
        of `game` as the seat sees it) once `give` has given it the same answer."""
        try:
            give(world)
            self.mark = (game, len(world.hand_results), len(world.discard),
                         tuple(len(hand) for hand in game.hands))
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
        self.before = Snapshot(len(world.discard),
                               tuple(len(hand) for hand in world.hands), asked.seat, playable,
                               world)
