"""What a game keeps of its ruleset, copied onto itself once a match: the rules of the events
that come every turn, the turn's settings, and the match's own cards.

A field of the game is read natively in the compiled build; a Ruleset is a Python dataclass,
each read of one of its fields some 150 instructions (callgrind). So what a turn, a play or a
draw reads is read from the ruleset here, once, and from the game after that.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import id_flags
from .decks import pair_at_random
from .turns import MAX_HAND

if TYPE_CHECKING:
    from .engine import GameState


def keep(game: GameState, ruleset) -> None:
    """Copy the rules of every turn's events and the turn's settings onto `game`."""
    triggers = ruleset.triggers
    game.played_rules = triggers.card_played
    game.started_rules = triggers.turn_started
    game.ended_rules = triggers.turn_ended
    game.sized_rules = triggers.hand_size_changed
    game.decided_rules = triggers.decided
    game.lost_rules = triggers.turn_lost
    game.owed_rules = triggers.draw_owed
    game.drawn_rules = triggers.cards_drawn
    game.turned_rules = triggers.card_turned
    game.hand_limit = ruleset.hand_limit or MAX_HAND
    game.uno_left = ruleset.uno_cards_left
    game.uno_called = ruleset.uno_penalty is not None
    game.no_windows = ruleset.jump_in is None
    game.steps_limit = ruleset.steps_per_action
    game.draw_decides = ruleset.decide_after_draw
    game.draw_until = ruleset.draw_until
    game.draw_limit = (ruleset.max_draws or MAX_HAND) \
        if ruleset.draw_until_playable or ruleset.draw_until is not None else 1
    game.play_drawn = ruleset.play_drawn
    game.forced_play = ruleset.forced_play


def keep_cards(game: GameState, ruleset, deal: bool) -> None:
    """The match's cards: the ruleset's faces and deck (its copies for the seat count), or,
    when each match pairs two-sided cards afresh and this one is dealt, its own pairing."""
    game.side_colors = ruleset.side_colors[0] if ruleset.side_colors else ruleset.colors
    game.faces, game.deck = ruleset.faces, ruleset.deck
    game.guarded, game.guards = ruleset.guarded, ruleset.guards
    if ruleset.random_pairs and deal:  # each match's cards have their own two faces
        game.faces, game.deck = pair_at_random(ruleset.deck, game.rng)
        game.guarded = frozenset(f for f in game.faces if f.rules.legal is not None)
        game.guards = id_flags(game.faces, game.guarded)
    # A key as one number names a face by its id: only the ruleset's own faces may be
    # named so (every game's), not a match's own pairing of them.
    game.key_width = len(game.guards) + 1 if game.faces is ruleset.faces else 0
    copies = ruleset.decks[game.players]
    if copies > 1:  # several decks shuffled together
        game.deck = game.deck * copies
