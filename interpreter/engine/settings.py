"""What a game keeps of its ruleset, copied onto itself once a match: the rules of the events
that come every turn, the turn's settings, and the match's own cards.

A field of the game is read natively in the compiled build; a Ruleset is a Python dataclass,
each read of one of its fields some 150 instructions (callgrind). So what a game reads is read
from the ruleset once a ruleset (Kept), and what a turn, a play or a draw reads is copied onto
the game once a match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from interpreter.engine.cards import id_flags
from interpreter.engine.decks import pair_at_random
from interpreter.engine.turns import MAX_HAND

if TYPE_CHECKING:
    from interpreter.engine.game import GameState


class Kept:
    """What the games of one ruleset read of it, read from the ruleset once: a Ruleset is a
    Python dataclass, each read of a field some 150 instructions, and a game read about 60 of
    them (callgrind: some 13,000 instructions a game); this object's fields are native."""

    played_rules: tuple
    started_rules: tuple
    ended_rules: tuple
    sized_rules: tuple
    decided_rules: tuple
    lost_rules: tuple
    owed_rules: tuple
    drawn_rules: tuple
    turned_rules: tuple
    hand_started: tuple
    hand_ended: tuple
    hand_limit: int
    uno_left: int
    uno_called: bool
    no_windows: bool
    steps_limit: int
    draw_decides: bool
    draw_until: Any
    draw_limit: int
    play_drawn: bool
    forced_play: bool
    turns_per_hand: int
    idle_turns: int
    turns_in_a_row: int
    hands_per_match: int
    first_colors: tuple  # the colours of the first side (all the colours without sides)
    faces: tuple
    deck: tuple
    guarded: frozenset
    guards: bytes
    random_pairs: bool
    rejoin_each_hand: bool
    redeal_if: Any
    return_if: Any
    scoring: Any
    seat_scoring: Any
    refill_at_once: bool  # stock.refill when_empty: the stock is rebuilt the moment it runs out
    hands: Any
    target_score: Any
    team_size: Any
    hand_sizes: dict  # players -> cards dealt to each
    decks: dict  # players -> copies of the deck
    effects: dict  # the named effects (`effects:`), a plain dictionary: read natively
    dealer_draw: Any
    first_dealer: Any
    dealer_values: tuple | None

    def __init__(self, ruleset) -> None:
        triggers = ruleset.triggers
        self.played_rules = triggers.card_played
        self.started_rules = triggers.turn_started
        self.ended_rules = triggers.turn_ended
        self.sized_rules = triggers.hand_size_changed
        self.decided_rules = triggers.decided
        self.lost_rules = triggers.turn_lost
        self.owed_rules = triggers.draw_owed
        self.drawn_rules = triggers.cards_drawn
        self.turned_rules = triggers.card_turned
        self.hand_started = triggers.hand_started
        self.hand_ended = triggers.hand_ended
        self.hand_limit = ruleset.hand_limit or MAX_HAND
        self.uno_left = ruleset.uno_cards_left
        self.uno_called = ruleset.uno_penalty is not None
        self.no_windows = ruleset.jump_in is None
        self.steps_limit = ruleset.steps_per_action
        self.draw_decides = ruleset.decide_after_draw
        self.draw_until = ruleset.draw_until
        self.draw_limit = (ruleset.max_draws or MAX_HAND) \
            if ruleset.draw_until_playable or ruleset.draw_until is not None else 1
        self.play_drawn = ruleset.play_drawn
        self.forced_play = ruleset.forced_play
        self.turns_per_hand = ruleset.turns_per_hand
        self.idle_turns = ruleset.idle_turns
        self.turns_in_a_row = ruleset.turns_in_a_row
        self.hands_per_match = ruleset.hands_per_match
        self.first_colors = ruleset.side_colors[0] if ruleset.side_colors else ruleset.colors
        self.faces, self.deck = ruleset.faces, ruleset.deck
        self.guarded, self.guards = ruleset.guarded, ruleset.guards
        self.random_pairs = bool(ruleset.random_pairs)
        self.rejoin_each_hand = bool(ruleset.rejoin_each_hand)
        self.redeal_if, self.return_if = ruleset.redeal_if, ruleset.return_if
        self.scoring = ruleset.scoring
        self.seat_scoring = ruleset.seat_scoring
        self.refill_at_once = ruleset.refill_at_once
        self.hands, self.target_score = ruleset.hands, ruleset.target_score
        self.team_size = ruleset.team_size
        self.hand_sizes, self.decks = dict(ruleset.hand_sizes), dict(ruleset.decks)
        self.effects = dict(ruleset.effects)
        self.dealer_draw, self.first_dealer = ruleset.dealer_draw, ruleset.first_dealer
        self.dealer_values = ruleset.dealer_values


# The Kept of the rulesets played lately, by identity (a Ruleset is immutable: a changed one,
# dataclasses.replace's, is another object). Each entry holds its ruleset, so that its id is
# not reused while the entry lasts.
KEPT: Final[dict] = {}
KEPT_RULESETS: Final = 8


def kept(ruleset) -> Kept:
    """The ruleset's Kept, made on its first game."""
    found = KEPT.get(id(ruleset))
    if found is not None and found[0] is ruleset:
        made: Kept = found[1]
        return made
    if len(KEPT) >= KEPT_RULESETS:
        KEPT.clear()
    made = Kept(ruleset)
    KEPT[id(ruleset)] = (ruleset, made)
    return made


def keep(game: GameState, ruleset) -> None:
    """Copy the rules of every turn's events and the turn's settings onto `game`."""
    kept_ = game.kept = kept(ruleset)
    game.played_rules = kept_.played_rules
    game.started_rules = kept_.started_rules
    game.ended_rules = kept_.ended_rules
    game.sized_rules = kept_.sized_rules
    game.decided_rules = kept_.decided_rules
    game.lost_rules = kept_.lost_rules
    game.owed_rules = kept_.owed_rules
    game.drawn_rules = kept_.drawn_rules
    game.turned_rules = kept_.turned_rules
    game.hand_limit = kept_.hand_limit
    game.uno_left = kept_.uno_left
    game.uno_called = kept_.uno_called
    game.no_windows = kept_.no_windows
    game.steps_limit = kept_.steps_limit
    game.draw_decides = kept_.draw_decides
    game.draw_until = kept_.draw_until
    game.draw_limit = kept_.draw_limit
    game.play_drawn = kept_.play_drawn
    game.forced_play = kept_.forced_play


def keep_cards(game: GameState, ruleset, deal: bool) -> None:
    """The match's cards: the ruleset's faces and deck (its copies for the seat count), or,
    when each match pairs two-sided cards afresh and this one is dealt, its own pairing."""
    kept_ = game.kept
    game.side_colors = kept_.first_colors
    game.faces, game.deck = kept_.faces, kept_.deck
    game.guarded, game.guards = kept_.guarded, kept_.guards
    if kept_.random_pairs and deal:  # each match's cards have their own two faces
        game.faces, game.deck = pair_at_random(kept_.deck, game.rng)
        game.guarded = frozenset(f for f in game.faces if f.rules.legal is not None)
        game.guards = id_flags(game.faces, game.guarded)
    # A key as one number names a face by its id: only the ruleset's own faces may be
    # named so (every game's), not a match's own pairing of them.
    game.key_width = len(game.guards) + 1 if game.faces is kept_.faces else 0
    copies: int = kept_.decks[game.players]
    if copies > 1:  # several decks shuffled together
        game.deck = game.deck * copies
