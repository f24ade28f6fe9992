"""The generic engine: a mutable, cloneable game state driven by one loop of ops.

Everything that happens is an op on a stack (deal, a card's effect, the end of a turn).
The loop runs ops until one needs a player's choice; that choice is a `Decision` with
its legal options, answered through `apply`. (A turn that queues nothing else, the common
plain play or draw, ends at once instead of through the loop.) The engine knows no card by
name: what a card does comes from its compiled ruleset. The turn's own ops are in turns.py,
the decisions and answers in decisions.py.
"""

from __future__ import annotations

import copy
import random
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any, Final

from interpreter.engine import (
    answers,
    dealing,
    drawing,
    moves,
    playable,
    replacing,
    scoring,
    settings,
)
from interpreter.engine import seats as seating
from interpreter.engine.budget import WORK_MESSAGE, WORK_PER_GAME
from interpreter.engine.decisions import Decision
from interpreter.engine.frame import Frame
from interpreter.engine.turns import (
    ASK_PLAY,
    BOTTOM,
    END_OF_TURN,
    TURN_FLOW,
    UNO_CALL,
    op_end_turn,
    op_offer_drawn,
    op_play_held,
    op_uno_call,
)
from interpreter.errors import IllegalMove, RuleRuntimeError

# The turn's ops that _run calls natively, as the objects the stack holds (turns.END_OF_TURN
# and turns.UNO_CALL are op_end_turn and op_uno_call themselves).
OP_OFFER_DRAWN: Final = op_offer_drawn

# A check run after every applied answer, `check(game, table_size)`, when set: the
# debug mode (--check-invariants, and always in the tests) sets it to check_invariants.
DEBUG_CHECK: Any = None
# Whether this module runs compiled to C by mypyc (see setup.py) or as Python source/bytecode.
COMPILED = __file__.endswith(tuple(EXTENSION_SUFFIXES))


class GameState:
    """One match of a ruleset: hands, piles, turn order, scores, and the pending decision."""

    # The state, typed. Compiled by mypyc (setup.py), these become C struct fields; in pure
    # Python they are slots, because an instance dict of more than 30 names cannot share its
    # keys, and then CPython cannot speed up attribute access.
    ruleset: Any  # the compiled Ruleset; shared, never changed
    kept: settings.Kept  # what the game reads of its ruleset, as native fields
    players: int
    seed: int | None
    rng: random.Random  # the game's one source of chance
    events: list | None  # what happened, when recording
    scores: list
    hand_results: list
    over: bool
    match_winner: int | None
    pending: Decision | None  # the pending decision once made (the `decision` property)
    # A turn's play is asked without its Decision object: the options alone, which a bot
    # picks from (play_option); `decision` makes the object when someone reads it. A play
    # is asked every turn, and the object and its tuple cost some 600 instructions.
    asking: bool  # a turn's play is asked and its Decision not made yet
    # The asked play's options, the first play_count of play_options: the playable cards in
    # hand order, then DRAW (the list is the game's own, filled again every turn).
    play_options: list
    play_count: int
    _handler: Any  # handler(game, frame, answer) applies the answer to the pending decision
    asked_play: bool  # the pending decision is a turn's play: turns.answer_play applies it
    _handler_frame: Any
    _probe: Frame  # a frame reused to ask the playable and legal rules about a card
    # The queued ops and, in step, each op's frame: the top runs next, and BOTTOM is always
    # the first. Two lists, not a list of (op, frame) pairs: no pair is made and freed for
    # each op queued (callgrind: about 130 instructions an op).
    stack: list
    frames: list
    check: Any  # DEBUG_CHECK when the game was made
    table_size: int | None  # cards on a table set by hand (from_table), else the deck
    hands: list
    stock: list  # the top card is last
    discard: list  # the top card is last
    color: Any  # the colour to follow
    side: int  # the side of two-sided cards that is up (0: the first of `sides:`)
    side_colors: tuple  # the colours of the side that is up (all the colours without sides)
    faces: tuple  # every distinct face of this match's cards (the ruleset's, unless paired afresh)
    deck: tuple  # this match's deck, copies included
    guarded: frozenset  # this match's faces whose kind has a `legal` condition
    guards: bytes  # a flag per card.id of this match's faces: 1 for the guarded ones
    direction: int
    turn: int
    turns: int
    lost_turns: list
    next_turn: int | None
    uncalled: list  # seats left holding the UNO count of cards that did not call, in order
    first_player: int | None
    penalty: int
    just_played: bool
    last_move: int  # the turn in which a card last moved (-1: none yet this hand)
    work_left: int  # what is left of the game's budget of work (budget.py)
    cut_short: bool  # the match ended early: its turns used up the budget
    tables: dict  # the playable tables this game has used, by key (those with a penalty)
    seen_tables: list  # a flag per numeric key of penalty 0: the game has used that table
    seen_count: int  # the flags set in seen_tables
    shared_tables: playable.PlayableTables | None  # the ruleset's (None: the rule is not tabled)
    # The last table looked up and its key: a turn after a draw asks on the same top card,
    # colour and penalty, and skips the key's tuple and dictionary lookups.
    last_top: Any
    last_color: Any
    last_penalty: int
    last_faces: bytes
    numbered_color: Any  # the colour whose table number color_number holds
    color_number: int
    key_width: int  # the playable tables' keys are numbers, top card slot first (0: tuples)
    variables: dict  # the ruleset's declared variables: name -> value, or a list per seat
    out: list  # per seat: whether it has left the match (seats.eliminate)
    seated: int  # seats still in; == players in every game no rule eliminates from
    ending: bool  # a hand's hand_ended rules are running (rules.between_hands)
    # The rules of the three events of every turn, read from here: a field of this class is
    # read in the compiled build without a dictionary lookup (the ruleset's are).
    played_rules: tuple
    started_rules: tuple
    ended_rules: tuple
    # Likewise the rules of events that may come several times a turn; empty, they cost a
    # test of a field each time.
    sized_rules: tuple  # hand_size_changed
    decided_rules: tuple  # decided
    lost_rules: tuple  # instead_of: turn_lost
    owed_rules: tuple  # instead_of: draw_owed
    # Turn settings read on every draw, kept here for the same reason.
    hand_limit: int  # a hand's size at which drawing stops (MAX_HAND: none)
    # The ruleset's settings read on every play or draw, likewise (a Ruleset is a Python
    # dataclass: each read of one of its fields costs some 150 instructions).
    uno_left: int  # uno.cards_left
    uno_called: bool  # whether a UNO call is asked (uno.penalty is set)
    no_windows: bool  # no jump-in rule: after a turn, only an uncalled UNO opens a window
    # Every seat a window could ever be open to is asked, whether or not it holds a card it
    # could use, so that who is asked reveals nothing (front ends with several observers).
    public_windows: bool
    drawn_rules: tuple  # the cards_drawn rules
    turned_rules: tuple  # the card_turned rules (turn_over)
    steps_limit: int  # limits.steps_per_action
    draw_decides: bool  # turn.decide_after_draw
    draw_until: Any  # turn.draw_until: a stop condition of the ruleset's own, or None
    draw_limit: int  # the cards a turn's draw may take (1 unless it draws until a stop)
    play_drawn: bool  # turn.play_drawn
    forced_play: bool  # turn.forced_play
    passes: int  # turns in a row in which the seat neither played nor could draw a card
    played_at: list  # per seat, the turn of its last play this hand (-1: none)
    in_a_row: int  # turns in a row taken by the seat that took the last turn
    last_turn: int  # the seat that took the last turn (-1: none yet this hand)
    next_check: int  # the turn at which the runaway guards are next checked
    dealer: int
    _prepared: list | None  # a stacked deck (scenarios) for the dealer draw and first deal
    _later: list  # the tops of stacked decks (scenarios) for the following hands, in order
    __slots__ = tuple(__annotations__)

    def __init__(self, ruleset, players: int | None = None, seed: int | None = None,
                 dealer: int | None = None, record: bool = False, deal: bool = True,
                 stacked: list | None = None, later: list | None = None,
                 public_windows: bool = False):
        if ruleset is None:  # GameState.counting: the seat count alone; stateless: nothing
            if players is not None:
                self.players = self.seated = players
            return
        self.ruleset = ruleset
        self.players = players or ruleset.default_players
        ruleset.check_players(self.players)
        self.seed = seed
        self.rng = dealing.seeded(seed)
        self.events = [] if record else None
        self.scores = [0] * self.players
        self.hand_results = []
        self.over = False
        self.match_winner = None
        self.pending = None
        self.asking = False
        self.play_options = []
        self.play_count = 0
        self._handler = self._handler_frame = None
        self.asked_play = False
        self._probe = Frame(0)
        self.stack, self.frames = [BOTTOM], [None]
        self.check = DEBUG_CHECK
        self.table_size = None
        self.hands = [[] for _ in range(self.players)]
        self.out = [False] * self.players
        self.seated = self.players
        self.ending = False
        self.public_windows = public_windows
        settings.keep(self, ruleset)
        self.stock, self.discard = [], []
        self.color, self.direction, self.turn, self.turns = None, 1, 0, 0
        self.side = 0
        settings.keep_cards(self, ruleset, deal)
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
        self.shared_tables = ruleset.playable_tables
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
        self._run()

    @classmethod
    def from_table(cls, ruleset, hands, discard, stock, *, seed=None, record=False, later=None,
                   public_windows=False, **table) -> "GameState":
        """A game at an exact table: hands per seat, discard (bottom..top), stock (top first),
        and what else `table` says of it (dealing.set_table: whose turn, the colour, scores,
        a pending penalty, ...). Cards may be given as card objects or names ('red 5');
        `later` holds the tops of the stacked decks of the following hands."""
        game = cls(ruleset, players=len(hands), seed=seed, record=record, deal=False,
                   later=later, public_windows=public_windows)
        dealing.set_table(game, hands, discard, stock, **table)
        return game

    # --- the public, OpenSpiel-like API ---------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """The pending decision: None between hands and at the end of the match."""
        if self.asking:  # made once, when first read (the same object after that)
            self.pending = Decision("play", self.turn,
                                    tuple(self.play_options[:self.play_count]))
            self.asking = False
        return self.pending

    @decision.setter
    def decision(self, value: Decision | None) -> None:
        self.pending = value
        self.asking = False

    @property
    def current_seat(self) -> int | None:
        """The seat that must decide now (None for a window or when nothing is pending)."""
        return self.decision.seat if self.decision else None

    @property
    def hand_over(self) -> bool:
        """True between hands and at the end of the match."""
        return not self.asking and self.pending is None

    def legal_options(self) -> tuple:
        """The legal answers to the pending decision."""
        return self.decision.options if self.decision else ()

    def apply(self, answer) -> None:
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
        self.dealer = (self.dealer + self.ruleset.deal_moves) % self.players \
            if self.seated == self.players else \
            seating.walk(self, self.dealer, self.ruleset.deal_moves, 1)
        if self._later:
            self._prepared = dealing.stacked_stock(self, self._later.pop(0))
        dealing.begin_hand(self)
        self._run()

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

    def clone(self) -> GameState:
        """An independent copy (the ruleset and card faces are shared: they never change)."""
        # Field by field: a class compiled by mypyc cannot be made without its __init__.
        twin = GameState(self.ruleset, self.players, deal=False)
        # Ops and handlers are shared too: they never change, and compiled ones cannot be copied.
        shared = [*self.stack, self._handler]
        memo: dict = {id(self): twin, **{id(fn): fn for fn in shared}}
        for name in STATE_FIELDS:
            if name in SHARED_FIELDS:
                setattr(twin, name, getattr(self, name))
            else:
                setattr(twin, name, copy.deepcopy(getattr(self, name), memo))
        return twin

    @property
    def top(self) -> Any:
        """The top card of the discard pile."""
        return self.discard[-1] if self.discard else None

    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds."""
        return [len(h) for h in self.hands]

    def is_playable(self, seat: int, card) -> bool:
        """Whether `seat` may play `card` now (by the playable rule and the kind's legal rule)."""
        return playable.is_playable(self, seat, card)

    def is_legal(self, seat: int, card) -> bool:
        """Whether the kind's `legal` condition lets `seat` play `card` now."""
        return playable.is_legal(self, seat, card)

    def playable_cards(self, seat: int) -> list:
        """The distinct cards `seat` may play now, in hand order."""
        return playable.playable_in_hand(self, seat)

    # --- hands: deal, first card, end ------------------------------------------------------

    def end_hand(self, winner: int, blocked: bool = False) -> None:
        """Score the hand for `winner` and decide whether the match is over (scoring.py)."""
        scoring.end_hand(self, winner, blocked)

    def end_blocked(self, why: str) -> None:
        """End a hand that can no longer end, as blocked (scoring.py)."""
        scoring.end_blocked(self, why)

    def totals(self) -> list:
        """Each seat's match total: its team's, when the ruleset plays in teams."""
        return scoring.totals(self)

    def spend(self, work: int) -> None:
        """Charge `work` to the game's budget (WORK_PER_GAME); past it, the ruleset is refused."""
        self.work_left -= work
        if self.work_left < 0:
            raise RuleRuntimeError(WORK_MESSAGE, file=self.ruleset.file)

    def teammates(self, seat: int) -> tuple:
        """The other seats of `seat`'s team, in turn order (none without teams)."""
        if not self.ruleset.team_size:
            return ()
        teams = self.players // self.ruleset.team_size
        return tuple(other for other in self.others_of(seat) if other % teams == seat % teams)

    def opponents(self, seat: int) -> tuple:
        """The seats not in `seat`'s team, in turn order (every other seat without teams)."""
        mates = self.teammates(seat)
        return tuple(other for other in self.others_of(seat) if other not in mates)

    # --- primitives the effect language calls, and the turn's end --------------------------

    def end_turn(self) -> None:
        """End the turn: at once when nothing else is queued, else as the next op to run."""
        if len(self.stack) > 1:
            self.queue(END_OF_TURN, None)
        else:
            op_end_turn(self, None)  # the common case: no trip through the op loop

    def seat_after(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` places after `seat` in the current direction (seats still in)."""
        if self.seated == self.players:
            return (seat + steps * self.direction) % self.players
        return seating.walk(self, seat, steps, self.direction)

    def others_of(self, seat: int) -> tuple:
        """Every other seat still in, in turn order from the one after `seat`."""
        if self.seated != self.players:
            return seating.others_of(self, seat)
        # A list made natively, then a tuple (a generator into tuple() is a Python iterator).
        found: list = []
        for k in range(1, self.players):
            found.append((seat + k * self.direction) % self.players)
        return tuple(found)

    def eliminate(self, seat: int) -> None:
        """`seat` leaves the match (seats.eliminate)."""
        seating.eliminate(self, seat)

    def take_from_stock(self):
        """The top stock card, reshuffling the discard pile when it runs out (drawing.py)."""
        return drawing.take_from_stock(self)

    def draw(self, seat: int, count: int, fire: bool = True, until_color=None) -> int:
        """`seat` draws up to `count` cards; then its cards_drawn rules run, unless `fire` is
        false (drawing.py)."""
        return drawing.draw(self, seat, count, fire, until_color)

    def move_cards(self, seat: int, cards: list, where) -> None:
        """Move held `cards` from `seat`'s hand to a pile or another hand (moves.py)."""
        moves.move_cards(self, seat, cards, where)

    def play_cards(self, seat: int, cards: list) -> None:
        """`seat` plays held `cards` in the turn under way, in order: each card's play, with its
        effect and the card_played rules, is over before the next card is played."""
        for card in cards[::-1]:
            self.queue(op_play_held, Frame(seat, card))

    def draw_until_color(self, seat: int, color) -> int:
        """`seat` draws until a card of `color` comes, or nothing is left to draw."""
        return drawing.draw(self, seat, len(self.stock) + len(self.discard), until_color=color)

    def log_draw(self, seat: int, count: int) -> None:
        """Record a draw: how many cards, and which (drawing.py)."""
        drawing.log_draw(self, seat, count)

    def take_penalty(self) -> int:
        """The pending penalty, now cleared."""
        count, self.penalty = self.penalty, 0
        return count

    def add_penalty(self, count: int) -> None:
        """More cards for the next player who draws instead of playing."""
        self.penalty += count
        if self.events is not None:
            self.log("penalty", total=self.penalty)

    def lose_turn(self, seat: int, frame=None) -> None:
        """`seat` loses its next turn, unless an instead_of: turn_lost rule replaces that
        (`frame`: the effect's, for the rule's player and card). A seat put out loses
        nothing more (docs/game-rules.md 5): play passes it by."""
        if self.out[seat]:
            return
        if self.lost_rules:
            replacing.lose_turn(self, frame or Frame(seat), seat)
        else:
            self.lost_turns[seat] += 1

    def size_changed(self, seat: int) -> None:
        """Queue the hand_size_changed rules for `seat`, to run next (only called when the
        ruleset has some)."""
        frame = Frame(seat)
        frame.vars["seat"], frame.vars["count"] = seat, len(self.hands[seat])
        self.push(self.sized_rules, frame)

    def give_turn(self, seat: int) -> None:
        """`seat` takes the next turn."""
        self.next_turn = seat
        if self.events is not None:
            self.log("extra_turn", seat=seat)

    def set_direction(self, direction: int) -> None:
        """Set the direction of play."""
        self.direction = direction
        if self.events is not None:
            self.log("direction", direction=direction)

    def set_color(self, color) -> None:
        """Set the colour to follow."""
        if color not in self.ruleset.colors:
            raise ValueError(f"{color!r} is not a colour of this ruleset "
                             f"({', '.join(self.ruleset.colors)})")
        self.color = color
        if self.events is not None:
            self.log("color", color=color)

    def turn_over(self) -> Any:
        """Turn the top stock card onto the discard pile (drawing.py)."""
        return drawing.turn_over(self)

    def switch_sides(self) -> None:
        """Turn every card over; the other side is up from now on (moves.py)."""
        moves.switch_sides(self)

    def swap_hands(self, a: int, b: int) -> None:
        """Seats `a` and `b` exchange hands (moves.py)."""
        moves.swap_hands(self, a, b)

    def pass_hands(self, direction: int) -> None:
        """Every hand moves one seat on in `direction` (moves.py)."""
        moves.pass_hands(self, direction)

    def end_effects(self) -> None:
        """Drop the rest of the running effects; the turn then ends as usual."""
        while len(self.stack) > 1 and self.stack[-1] not in TURN_FLOW:
            self.stack.pop()
            self.frames.pop()
        if self.stack[-1] is ASK_PLAY:
            # A turn_started rule ended the turn before its play was asked: it ends unplayed.
            self.stack[-1] = END_OF_TURN
            self.frames[-1] = None

    def clear_queue(self) -> None:
        """Drop every queued op (the hand is over)."""
        del self.stack[1:]
        del self.frames[1:]

    def set_variable(self, name: str, seat, value) -> None:
        """Set a declared variable (a seat's own value when `seat` is given)."""
        if seat is None:
            self.variables[name] = value
        else:
            self.variables[name][seat] = value
        if self.events is not None:
            self.log("variable", name=name, seat=seat, value=value)

    def owe_draw(self, frame, seat: int, count: int) -> None:
        """`seat` owes `count` cards (rules.REPLACEABLE: draw_owed)."""
        replacing.owe_draw(self, frame, seat, count)

    def proceed(self, frame) -> None:
        """An instead_of rule lets the event it replaced go on (rules.proceed)."""
        replacing.proceed(self, frame)

    def run_named_effect(self, name, frame: Frame) -> None:
        """Queue the ruleset's effect called `name`, to run next."""
        effects = self.kept.effects  # a plain dictionary: read natively
        if name not in effects:
            raise KeyError(f"the ruleset has no effect named {name!r} under effects:")
        ops = effects[name]
        if self.events is not None:
            self.log("effect", name=name, seat=frame.player)
        # Its own frame: the same player and card, but its `let` variables are its own.
        self.push(ops, Frame(frame.player, frame.card, frame.color_before, frame.fair))

    def request(self, kind: str, seat, options: tuple, handler, frame, open_to: tuple = ()):
        """Stop the loop: a decision is pending; `handler(game, frame, answer)` applies it."""
        decision = self.pending = Decision(kind, seat, tuple(options), open_to)
        self.asking = False
        self._handler, self._handler_frame = handler, frame
        self.asked_play = False
        return decision

    def push(self, ops: tuple, frame) -> None:
        """Queue ops to run, in order, before whatever is queued already."""
        stack, frames = self.stack, self.frames
        for i in range(len(ops) - 1, -1, -1):  # typed: read natively
            stack.append(ops[i])
            frames.append(frame)

    def queue(self, op, frame) -> None:
        """Queue one op to run next, before whatever is queued already."""
        self.stack.append(op)
        self.frames.append(frame)

    def log(self, event: str, **data) -> None:
        """Record what happened, when recording (front ends render these).

        Callers test `events` first: the call's keyword arguments (a dict, the hands' card
        names) cost even when nothing records (callgrind: 15,000 instructions a game)."""
        if self.events is not None:
            self.events.append((event, data))

    # --- the loop -------------------------------------------------------------------------

    def _run(self) -> None:
        """Run queued ops until one asks for a decision or nothing is left."""
        stack, frames = self.stack, self.frames
        steps = 0
        limit = self.steps_limit
        while len(stack) > 1:
            # The turn's own ops are called natively, the rules' ops through Python's
            # protocol (callgrind: 40,000 instructions in a game of 840,000).
            op = stack.pop()
            frame = frames.pop()
            if op is END_OF_TURN:
                decision = op_end_turn(self, frame)
            elif op is OP_OFFER_DRAWN:
                decision = op_offer_drawn(self, frame)
            elif op is UNO_CALL:
                decision = op_uno_call(self, frame)
            else:
                decision = op(self, frame)
            if decision is not None:
                return
            steps += 1
            if steps > limit:
                card = getattr(frame, "card", None)
                rule = f" in the effect of {card} (kinds.{card.kind})" if card else ""
                raise RuleRuntimeError(
                    f"this ruleset made no progress: one action ran more than {limit} steps"
                    f"{rule} (limits.steps_per_action)", file=self.ruleset.file)


# What a clone shares with its game: the ruleset's rules and tables and the match's faces,
# which no game changes (and whose compiled rule objects cannot be deep-copied).
SHARED_FIELDS: frozenset = frozenset({
    "ruleset", "kept", "played_rules", "started_rules", "ended_rules", "sized_rules", "decided_rules",
    "lost_rules", "owed_rules", "drawn_rules", "turned_rules", "draw_until", "faces", "deck",
    "guarded", "guards", "shared_tables", "side_colors"})
# What a game state holds: its slots, or the fields mypyc compiled them into.
STATE_FIELDS: tuple = (getattr(GameState, "__mypyc_attrs__", None)
                       or getattr(GameState, "__slots__"))
