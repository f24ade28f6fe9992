"""What a game reads of its ruleset: one Rules object a ruleset, read as `game.rules.x`.

Everything the engine reads of a ruleset's settings and rules is here, under one name and in one
encoding each (the engine reads no setting of the Ruleset itself). A Ruleset is a Python dataclass,
each read of one of its fields some 150 instructions (callgrind); a Rules is a class of this
compiled module, its fields typed, so that `game.rules.x` is two native loads in the compiled build.
"""

from __future__ import annotations

from typing import Any, Final

MAX_HAND: Final = 1 << 30  # a hand's size no draw reaches: max_hand when hand_limit sets none
# match.tie's words, by Rules.tie's number.
TIES: Final = ("last_hand_winner", "fewest_cards", "play_on")
TIE_LAST_WINNER: Final = 0
TIE_FEWEST_CARDS: Final = 1
TIE_PLAY_ON: Final = 2


class PlayableTables:
    """A ruleset's playable tables, shared by its games: by key, and the keys that are small
    numbers (no penalty) also in a list by that number, read without hashing (playable.py)."""

    by_key: dict[Any, Any]  # key -> flags (playable.table_key's keys)
    flat: list[Any]  # flags, or None where unfilled, at the numeric keys of penalty 0

    def __init__(self) -> None:
        self.by_key = {}
        self.flat = []


class Rules:
    """What the games of one ruleset read of it, read from the ruleset once (rules_of)."""

    # The rules of the events, by event (triggers.EVENTS and instead_of's).
    card_played: tuple[Any, ...]
    turn_started: tuple[Any, ...]
    turn_ended: tuple[Any, ...]
    hand_size_changed: tuple[Any, ...]
    decided: tuple[Any, ...]
    turn_lost: tuple[Any, ...]  # instead_of: turn_lost (replacing.Replacement)
    draw_owed: tuple[Any, ...]  # instead_of: draw_owed (replacing.Replacement)
    turn_draw: tuple[Any, ...]  # instead_of: turn_draw (replacing.Replacement)
    uno_penalty_rules: tuple[Any, ...]  # instead_of: uno_penalty (replacing.Replacement)
    cards_drawn: tuple[Any, ...]
    card_turned: tuple[Any, ...]
    hand_started: tuple[Any, ...]
    hand_ended: tuple[Any, ...]
    # The turn.
    max_hand: int  # the most cards a draw leaves in a hand: hand_limit, or MAX_HAND for none
    decide_after_draw: bool
    draw_until: Any  # a stop condition of the ruleset's own, or None
    max_draws: int  # turn.max_draws (0: no limit)
    turn_draws: int  # the cards a turn's draw may take: 1, unless it draws until a stop
    play_drawn: bool
    forced_play: bool
    # turn.may_draw and turn.may_pass, fn(game, frame) or None: when the turn offers its draw
    # and its pass beside a playable card; limits_turn: either is set.
    may_draw: Any
    may_pass: Any
    limits_turn: bool
    # The turn's play may offer something other than the draw beside the cards (a pass:
    # decide_after_draw, rows; or neither: limits_turn). Without it, op_ask_play tests none
    # of them (examples/BENCHMARK.md, issue 44).
    other_option: bool
    passes_to_block: dict[Any, Any]  # players -> passes in a row, with nothing to draw, that block a hand
    reshuffle: bool  # an empty stock is refilled from the discard pile (else it stays empty)
    refill_at_once: bool  # stock.refill when_empty: the stock is rebuilt the moment it runs out
    playable: Any  # the playable condition, fn(game, frame)
    playable_tables: PlayableTables | None  # its tables, shared by the ruleset's games (None: none)
    rows: tuple[Any, ...]  # the rows of piles (piles.Row each); empty: plays go on the discard
    has_rows: bool  # rows: is set (a turn tests it several times: a flag, not the tuple's length)
    # UNO and jump-in.
    uno_penalty: Any  # int, or None when the ruleset asks no UNO call
    uno_cards_left: int  # a seat left holding this many cards owes the call
    jump_in: Any  # fn(game, frame) for a card a seat may jump in with, or None: no jump-in
    # Limits (docs/game-rules.md 1).
    steps_per_action: int
    turns_per_hand: int
    idle_turns: int
    turns_in_a_row: int
    hands_per_match: int
    loop_turns: int  # the most turns one `repeat` or `while` loop may go round
    # The cards.
    colors: tuple[Any, ...]
    side_colors: tuple[Any, ...]  # per side, its colours (empty without two-sided cards)
    sides: tuple[Any, ...]
    first_colors: tuple[Any, ...]  # the colours of the first side (all the colours without sides)
    faces: tuple[Any, ...]
    deck: tuple[Any, ...]
    guarded: frozenset[Any]
    guards: bytes
    random_pairs: bool
    # The deal and the match.
    deal_moves: int
    winner_deals: bool  # the winner of a hand deals the next (else the deal moves deal_moves)
    rejoin_each_hand: bool
    lowest_wins: bool  # match.winner: lowest
    ends_when: Any  # the match's own end condition, fn(game, frame), or None: target_score
    tie: int  # TIE_LAST_WINNER, TIE_FEWEST_CARDS or TIE_PLAY_ON (match.tie)
    redeal_if: Any
    return_if: Any
    scoring: Any
    seat_scoring: Any
    hands: Any
    target_score: Any
    team_size: Any
    hand_sizes: dict[Any, Any]  # players -> cards dealt to each
    decks: dict[Any, Any]  # players -> copies of the deck
    effects: dict[Any, Any]  # the named effects (`effects:`), a plain dictionary: read natively
    effect_params: dict[Any, Any]  # the parameters' names of each effect that takes some
    chances: dict[Any, Any]  # the named random outcomes (`chances:`): name -> its slots
    variables: Any  # the declared variables: name -> (scope, per seat, initial value)
    # The variables that say their type (`type: cards`): name -> the type's word; a plain
    # dictionary, empty in most rulesets, so that setting another costs one test.
    typed_variables: dict[Any, Any]
    dealer_draw: Any
    first_dealer: Any
    dealer_values: tuple[Any, ...] | None
    file: Any  # where the ruleset was read from, for its errors

    def __init__(self, ruleset: Any) -> None:
        triggers = ruleset.triggers
        self.card_played = triggers.card_played
        self.turn_started = triggers.turn_started
        self.turn_ended = triggers.turn_ended
        self.hand_size_changed = triggers.hand_size_changed
        self.decided = triggers.decided
        self.turn_lost = triggers.turn_lost
        self.draw_owed = triggers.draw_owed
        self.turn_draw = triggers.turn_draw
        self.uno_penalty_rules = triggers.uno_penalty
        self.cards_drawn = triggers.cards_drawn
        self.card_turned = triggers.card_turned
        self.hand_started = triggers.hand_started
        self.hand_ended = triggers.hand_ended
        self.max_hand = ruleset.hand_limit or MAX_HAND
        self.decide_after_draw = ruleset.decide_after_draw
        self.draw_until = ruleset.draw_until
        self.max_draws = ruleset.max_draws
        self.turn_draws = (ruleset.max_draws or MAX_HAND) \
            if ruleset.draw_until_playable or ruleset.draw_until is not None else 1
        self.play_drawn = ruleset.play_drawn
        self.forced_play = ruleset.forced_play
        self.may_draw, self.may_pass = ruleset.may_draw, ruleset.may_pass
        self.limits_turn = ruleset.may_draw is not None or ruleset.may_pass is not None
        self.other_option = self.decide_after_draw or bool(ruleset.rows) or self.limits_turn
        self.passes_to_block = dict(ruleset.passes_to_block)
        self.reshuffle = ruleset.reshuffle
        self.refill_at_once = ruleset.refill_at_once
        self.playable = ruleset.playable
        self.playable_tables = ruleset.playable_tables
        self.rows = tuple(ruleset.rows)
        self.has_rows = bool(self.rows)
        self.uno_penalty = ruleset.uno_penalty
        self.uno_cards_left = ruleset.uno_cards_left
        self.jump_in = ruleset.jump_in
        self.steps_per_action = ruleset.steps_per_action
        self.turns_per_hand = ruleset.turns_per_hand
        self.idle_turns = ruleset.idle_turns
        self.turns_in_a_row = ruleset.turns_in_a_row
        self.hands_per_match = ruleset.hands_per_match
        self.loop_turns = ruleset.loop_turns
        self.colors = tuple(ruleset.colors)
        self.side_colors = tuple(ruleset.side_colors)
        self.sides = tuple(ruleset.sides)
        self.first_colors = ruleset.side_colors[0] if ruleset.side_colors else ruleset.colors
        self.faces, self.deck = ruleset.faces, ruleset.deck
        self.guarded, self.guards = ruleset.guarded, ruleset.guards
        self.random_pairs = bool(ruleset.random_pairs)
        self.deal_moves = ruleset.deal_moves
        self.winner_deals = ruleset.winner_deals
        self.rejoin_each_hand = bool(ruleset.rejoin_each_hand)
        self.lowest_wins = bool(ruleset.lowest_wins)
        self.ends_when = ruleset.ends_when
        self.tie = TIES.index(ruleset.tie)
        self.redeal_if, self.return_if = ruleset.redeal_if, ruleset.return_if
        self.scoring = ruleset.scoring
        self.seat_scoring = ruleset.seat_scoring
        self.hands, self.target_score = ruleset.hands, ruleset.target_score
        self.team_size = ruleset.team_size
        self.hand_sizes, self.decks = dict(ruleset.hand_sizes), dict(ruleset.decks)
        self.effects = dict(ruleset.effects)
        self.effect_params = dict(ruleset.effect_params)
        self.chances = dict(ruleset.chances)
        self.variables = ruleset.variables
        self.typed_variables = {name: kind for name, kind in ruleset.variable_types.items()
                                if kind != "value"}
        self.dealer_draw, self.first_dealer = ruleset.dealer_draw, ruleset.first_dealer
        self.dealer_values = ruleset.dealer_values
        self.file = ruleset.file


# The Rules of the rulesets played lately, by identity (a Ruleset is immutable: a changed one,
# dataclasses.replace's, is another object). Each entry holds its ruleset, so that its id is
# not reused while the entry lasts.
MADE: Final[dict[Any, Any]] = {}
KEPT_RULESETS: Final = 8


def rules_of(ruleset: Any) -> Rules:
    """The ruleset's Rules, made on its first game."""
    found = MADE.get(id(ruleset))
    if found is not None and found[0] is ruleset:
        made: Rules = found[1]
        return made
    if len(MADE) >= KEPT_RULESETS:
        MADE.clear()
    made = Rules(ruleset)
    MADE[id(ruleset)] = (ruleset, made)
    return made
