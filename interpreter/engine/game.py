"""The generic engine's public face: GameState, a match's state (state.py) with its OpenSpiel-like
API: made and dealt, its pending decision answered (`apply`), its next hand dealt, cloned.

Everything that happens is an op on a stack (deal, a card's effect, the end of a turn).
The loop (turns.run) runs ops until one needs a player's choice; that choice is a `Decision`
with its legal options, answered through `apply`. The engine knows no card by name: what a card
does comes from its compiled ruleset. What happens is in modules of functions over the state:
the turn (turns.py, turn_draws.py), answers, dealing, drawing, moves, playable, replacing,
scoring, seats; what a game reads of its ruleset is its Rules (rules.py), read as game.rules.x.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any

from interpreter.engine import (
    answers,
    chance,
    dealing,
    order,
    piles,
    playable,
    turns,
)
from interpreter.engine.budget import WORK_PER_GAME
from interpreter.engine.clone import clone_state
from interpreter.engine.frame import Frame
from interpreter.engine.rules import rules_of
from interpreter.engine.state import State
from interpreter.errors import IllegalMove

# A check run after every applied answer, `check(game, table_size)`, when set: the
# debug mode (--check-invariants, and always in the tests) sets it to check_invariants.
DEBUG_CHECK: Any = None
# Whether this module runs compiled to C by mypyc (see setup.py) or as Python source/bytecode.
COMPILED = __file__.endswith(tuple(EXTENSION_SUFFIXES))


class GameState(State):
    """One match of a ruleset: hands, piles, turn order, scores, and the pending decision."""

    __slots__ = ()  # the fields are State's

    def __init__(self, ruleset: Any, players: int | None = None, seed: int | None = None,
                 dealer: int | None = None, record: bool = False, deal: bool = True,
                 stacked: list[Any] | None = None, later: list[Any] | None = None,
                 public_windows: bool = False, chance_nodes: bool = False,
                 outcomes: list[Any] | None = None) -> None:
        if ruleset is None:  # GameState.counting: the seat count alone; stateless: nothing
            if players is not None:
                self.players = self.seated = players
            return
        self.ruleset = ruleset
        self.rules = rules_of(ruleset)
        self.players = players or ruleset.default_players
        ruleset.check_players(self.players)
        self.seed = seed
        self.rng = chance.seeded(seed)
        self.chance_nodes = chance_nodes  # a rule's random outcome is asked (chance.ask)
        self.chance_odds = ()
        self.fixed_chance = list(outcomes) if outcomes else []  # given in advance (scenarios): chance.draw
        self.events = [] if record else None
        self.scores = [0] * self.players
        self.hand_results = []
        self.over = False
        self.match_winner = None
        self.pending = None
        self.asking = False
        self.play_options = []
        self.play_count = self.play_cards = 0
        self._handler = self._handler_frame = None
        self.asked_play = False
        self._probe = Frame(0)
        self.stack, self.frames = [turns.BOTTOM], [None]
        self.check = DEBUG_CHECK
        self.table_size = None
        self.hands = [[] for _ in range(self.players)]
        self.out = [False] * self.players
        self.revealed = [False] * self.players
        self.seated = self.players
        self.ending = False
        self.public_windows = public_windows
        self.stock, self.discard = [], []
        self.rows, self.played_piles, self.played_pile = {}, [], piles.NO_PILE
        self.color, self.direction, self.turn, self.turns = None, 1, 0, 0
        self.side = 0
        dealing.match_cards(self, deal)
        self.lost_turns = [0] * self.players
        self.next_turn = self.first_player = None
        self.uncalled = []
        self.penalty = 0
        self.just_played = False
        self.last_move = -1
        self.work_left = WORK_PER_GAME
        self.cut_short = False
        self.tables = {}
        self.seen_tables = []
        self.seen_count = 0
        self.numbered_color, self.color_number = playable.NO_CARD, 0  # no colour yet
        playable.forget_table(self)
        self.variables = {}
        dealing.reset_variables(self, "match")
        dealing.reset_variables(self, "hand")  # a table set by hand (from_table) starts mid-hand
        self.passes = 0
        self.played_at = [-1] * self.players
        self.in_a_row = 0
        self.last_turn = -1
        self.next_check = 0
        self.dealer = dealer or 0
        # A stacked deck (scenarios) is used for the dealer draw and the first deal.
        self._prepared = dealing.stacked_stock(self, stacked) if stacked else None
        # Later hands' stacked decks are completed (shuffled below) when they are dealt.
        self._later = [list(top) for top in later or ()]
        if deal:
            self.deal_first(dealer)

    def deal_first(self, dealer: int | None = None) -> None:
        """Choose the dealer (unless given) and deal the first hand, of a game made with
        deal=False (a front end that bounds each move's work deals it as a move)."""
        self.dealer = dealing.choose_dealer(self) if dealer is None else dealer
        dealing.begin_hand(self)
        turns.run(self)

    @classmethod
    def from_table(cls, ruleset: Any, hands: Any, discard: Any, stock: Any, *, seed: Any = None,
                   record: bool = False, later: Any = None, public_windows: bool = False,
                   outcomes: Any = None, **table: Any) -> GameState:
        """A game at an exact table: hands per seat, discard (bottom..top), stock (top first),
        and what else `table` says of it (dealing.set_table: whose turn, the colour, scores,
        a pending penalty, ...). Cards may be given as card objects or names ('red 5');
        `later` holds the tops of the stacked decks of the following hands, `outcomes` the
        next random outcomes the rules draw."""
        game = cls(ruleset, players=len(hands), seed=seed, record=record, deal=False,
                   later=later, public_windows=public_windows, outcomes=outcomes)
        dealing.set_table(game, hands, discard, stock, **table)
        return game

    @classmethod
    def counting(cls, players: int) -> GameState:
        """What an expression of the player count (hand_size, decks) sees of a game: how many
        seats it has. Reading anything else fails as an AttributeError, in both builds."""
        return cls(None, players)

    @classmethod
    def stateless(cls) -> GameState:
        """What a setting's expression (turn.max_draws, say) sees of a game: nothing at all.
        Reading anything fails as an AttributeError, in both builds (None would fail as a
        TypeError in the compiled one, whose names are typed against the game state)."""
        return cls(None)

    # --- the public, OpenSpiel-like API ---------------------------------------------------

    def apply(self, answer: Any) -> None:
        """Answer the pending decision; an illegal answer raises IllegalMove and changes nothing."""
        answers.apply(self, answer)

    def play_option(self, index: int) -> None:
        """Answer the asked play (`asking`) with its option at `index` (of play_count), as
        `apply` would, without making the Decision object (answers.py)."""
        answers.play_option(self, index)

    def next_hand(self) -> None:
        """Deal the next hand of the match."""
        if not self.hand_over or self.over:
            raise IllegalMove("the match is over" if self.over else "the hand is still being played")
        moves = self.rules.deal_moves
        if self.rules.winner_deals and self.hand_results:
            # The hand's winner deals; a winner put out since passes the deal on.
            winner = self.hand_results[-1].winner
            self.dealer = winner if not self.out[winner] \
                else order.walk(self.out, self.seated, winner, 1, 1)
        else:
            self.dealer = (self.dealer + moves) % self.players if self.seated == self.players \
                else order.walk(self.out, self.seated, self.dealer, moves, 1)
        if self._later:
            self._prepared = dealing.stacked_stock(self, self._later.pop(0))
        dealing.begin_hand(self)
        turns.run(self)

    def clone(self) -> GameState:
        """An independent copy (what never changes, the ruleset's parts and the match's faces,
        is shared): clone.py."""
        twin = GameState(self.ruleset, self.players, seed=0, deal=False)  # 0: no system entropy
        clone_state(self, twin)
        return twin

    def is_playable(self, seat: int, card: Any) -> bool:
        """Whether `seat` may play `card` now (by the playable rule and the kind's legal rule)."""
        return playable.is_playable(self, seat, card)

    def playable_cards(self, seat: int) -> list[Any]:
        """The distinct cards `seat` may play now, in hand order."""
        return playable.playable_in_hand(self, seat)
