"""A compiled ruleset: the immutable Ruleset every game of it is played from (one per file and
options), and its cards found by name. ruleset.py builds it from YAML."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from interpreter.engine.cards import Card, card_key
from interpreter.engine.triggers import Triggers
from interpreter.errors import OptionError, RulesetError
from interpreter.loading.source import Source


@dataclass(frozen=True, slots=True)  # slots: read every turn, and too many fields to share keys
class Ruleset:
    """Everything a game needs to know, compiled; one per (file, options)."""

    name: str
    title: str
    description: str
    file: str
    options: MappingProxyType
    option_specs: MappingProxyType
    colors: tuple
    kinds: MappingProxyType
    faces: tuple
    deck: tuple
    sides: tuple  # the names of the two sides of two-sided cards (`sides:`), or ()
    side_colors: tuple  # per side, its colours (), or () without sides
    random_pairs: bool  # each match pairs the faces of the two sides afresh, at random
    playable: object
    # When `playable` reads only the card, the top card, the colour and the penalty, the
    # faces it allows are the same in every game: kept by (top, colour, penalty).
    playable_tables: object  # playable.PlayableTables, or None when evaluated each time
    guarded: frozenset  # faces whose kind has a `legal` condition (checked each time)
    guards: bytes  # a flag per card.id of `faces`: 1 for the guarded ones
    triggers: Triggers  # the `rules:` table, by event
    overlays: tuple  # the names of the house rules (overlays) merged in, in order
    variables: MappingProxyType  # declared game variables: name -> (scope, per seat, initial)
    variable_types: MappingProxyType  # name -> what it holds (its `type:`; "value" without one)
    effects: MappingProxyType
    effect_params: MappingProxyType  # the parameters' names of each effect that takes some
    chances: MappingProxyType  # named random outcomes (`chances:`): name -> its slots, a tuple
    has_chance: bool  # a text draws a random outcome (random(), outcome()): chance nodes
    hand_size: int  # for the default number of players
    hand_limit: int  # drawing stops when a hand holds this many cards (0: no limit)
    hand_sizes: MappingProxyType  # players -> cards dealt to each, for every count allowed
    min_players: int
    max_players: int
    default_players: int
    draw_until_playable: bool
    draw_until: object  # fn(game, frame) -> bool: a drawing turn stops at a card for which it holds
    max_draws: int
    decide_after_draw: bool  # a seat that draws takes one card at a time and decides again
    reshuffle: bool  # an empty stock is refilled from the discard pile (else it stays empty)
    refill_at_once: bool  # stock.refill when_empty: refilled the moment it runs out
    passes_to_block: MappingProxyType  # players -> passes in a row, with nothing to draw, that block a hand
    decks: MappingProxyType  # players -> how many copies of `deck` are shuffled together
    play_drawn: bool
    bot_answers: MappingProxyType  # question -> fn(game, frame): how the bots answer ask()
    team_size: int  # seats per team, partners sitting evenly apart (0: everyone plays alone)
    forced_play: bool
    may_draw: object  # fn(game, frame) -> bool: the turn offers its draw beside a playable card
    may_pass: object  # fn(game, frame) -> bool: the same for its pass
    jump_in: object  # fn(game, frame) -> bool for a card a seat may jump in with, or None
    first_dealer: int | None  # None: the first dealer is chosen at random
    dealer_draw: object
    dealer_values: tuple | None  # each face's dealer_draw value, by card id, if it reads the card alone
    deal_moves: int  # seats the deal moves each hand (0 when the winner deals)
    winner_deals: bool  # dealer.next_hand: winner
    redeal_if: object
    return_if: object
    uno_penalty: object  # int, or None when the ruleset has no UNO call
    uno_cards_left: int  # a seat left holding this many cards owes the call
    scoring: object  # the winner's points (scoring.winner_scores), or None
    seat_scoring: object  # each seat's own points (scoring.seat_scores), or None
    target_score: int
    hands: int
    rejoin_each_hand: bool  # seats put out come back for the next hand
    lowest_wins: bool  # match.winner: lowest (the lowest total wins the match)
    ends_when: object  # fn(game, frame) -> bool: the match ends when it holds (match.ends_when), or None
    tie: str  # match.tie: how seats tied for the winning total are separated
    turns_per_hand: int
    steps_per_action: int
    idle_turns: int  # turns in a row in which no card moved, before a hand counts as stuck
    hands_per_match: int  # hands before a match that never reaches its end counts as stuck
    turns_in_a_row: int  # turns one seat may take in a row, before it counts as a runaway
    loop_turns: int  # turns one `repeat` or `while` loop may go round, before it is a runaway
    digest: str  # identifies the rules (merged YAML and options): a changed ruleset differs
    source: Source
    shown_values: tuple = ()  # (name, label) of each per-seat variable the front ends show
    rows: tuple = ()  # the rows of piles (`rows:`), engine.piles.Row each, in order
    call_word: str = "UNO"  # what a seat left at uno_cards_left cards calls (uno.name)
    switched: tuple = ()  # (name, on): the house rules --option switched on or off
    # (ref, options, rules_path) as load_ruleset was asked: what pickling keeps (pickling.py)
    reference: tuple = field(default=(), compare=False)

    def __deepcopy__(self, memo):
        return self  # immutable: a cloned game shares its ruleset

    def __copy__(self):
        return self

    def card(self, text: str, side: int = 0) -> Card:
        """The card face written `text` ('red 5', 'Blue 7'; two-sided: 'blue 2 / orange 8',
        or a face alone, of side `side` if it has one there); an error if the deck has none."""
        face = _faces_index(self.faces, side).get(card_key(text))
        if face is None:
            close = difflib.get_close_matches(card_key(text), self._faces_by_key(), n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise OptionError(f"the {self.name} deck has no card '{text}'{hint}")
        return face

    def _faces_by_key(self) -> dict:
        return _faces_index(self.faces)

    def changed_options(self) -> dict:
        """The options not as the ruleset is written: declared ones given another value than
        their default, and the house rules switched on or off (`challenge=False`)."""
        specs = self.option_specs
        changed = {name: value for name, value in self.options.items()
                   if name in specs and value != specs[name]["default"]}
        return {**changed, **dict(self.switched)}

    def check_players(self, players: int) -> None:
        """Refuse a seat count the ruleset does not allow, or one its deck cannot deal to."""
        if not self.min_players <= players <= self.max_players:
            raise OptionError(f"{self.name} is for {self.min_players} to {self.max_players} "
                              f"players, not {players}")
        if self.team_size and players % self.team_size:
            raise OptionError(f"{self.name} plays in teams of {self.team_size}: the players "
                              f"must be a multiple of {self.team_size}, not {players}")
        size = self.hand_sizes[players]
        # Checked at every game's start: no generator made for a ruleset without rows.
        turned = (sum(row.size for row in self.rows) or 1) if self.rows else 1
        needed = players * size + turned
        cards = len(self.deck) * self.decks[players]
        if cards < needed:
            raise RulesetError(f"the deck has {cards} cards; dealing {size} "
                               f"to {players} players and turning {turned} needs {needed}",
                               file=self.file)


@lru_cache(maxsize=64)
def _faces_index(faces: tuple, side: int = 0) -> dict:
    """Faces by name, of `side` first; a two-sided card also by 'face / back' (a bare name
    is the first card with that face)."""
    index: dict = {}
    for face in sorted(faces, key=lambda f: f.side != side):
        index.setdefault(card_key(face.name), face)
        if face.back is not None:
            index[card_key(f"{face.name} / {face.back.name}")] = face
    return index
