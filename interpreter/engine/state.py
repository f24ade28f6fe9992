"""A game's data: hands, piles, turn order, scores, the queued ops and the pending decision, with
the few operations on them that need no rule of play (queueing ops, recording, the budget).

What happens in a game is in the engine's modules of functions over this state: the turn
(turns.py, turn_draws.py), dealing, drawing, moves, playable, replacing, scoring and seats.
game.GameState is this state with its public API; this module imports none of those modules,
so that each of them can import it (for its annotations) without a cycle.
"""

from __future__ import annotations

import random
from typing import Any

from interpreter.engine import order
from interpreter.engine.budget import WORK_MESSAGE
from interpreter.engine.cards import Card
from interpreter.engine.decisions import Decision
from interpreter.engine.frame import Frame
from interpreter.engine.rules import Rules
from interpreter.errors import RuleRuntimeError


class State:
    """One match of a ruleset, as data: hands, piles, turn order, scores, the pending decision."""

    # The state, typed. Compiled by mypyc (setup.py), these become C struct fields; in pure
    # Python they are slots, because an instance dict of more than 30 names cannot share its
    # keys, and then CPython cannot speed up attribute access.
    ruleset: Any  # the compiled Ruleset (for front ends); shared, never changed
    rules: Rules  # what the game reads of its ruleset, as native fields: game.rules.x
    players: int
    seed: int | None
    rng: random.Random  # the game's one source of chance
    # A rule's random outcome (chance.py) is asked as a "chance" decision instead of drawn
    # from rng: the OpenSpiel game's chance nodes switch it on.
    chance_nodes: bool
    chance_odds: tuple[Any, ...]  # the pending chance decision's probabilities, option by option
    fixed_chance: list[Any]  # the next random outcomes, given in advance (scenarios), in order
    events: list[Any] | None  # what happened, when recording
    scores: list[Any]
    hand_results: list[Any]
    over: bool
    match_winner: int | None
    pending: Decision | None  # the pending decision once made (the `decision` property)
    # A turn's play is asked without its Decision object: the options alone, which a bot
    # picks from (play_option); `decision` makes the object when someone reads it. A play
    # is asked every turn, and the object and its tuple cost some 600 instructions.
    asking: bool  # a turn's play is asked and its Decision not made yet
    # The asked play's options, the first play_count of play_options: the playable cards in
    # hand order, then DRAW (the list is the game's own, filled again every turn).
    play_options: list[Any]
    play_count: int
    play_cards: int  # how many of them are cards: play_count, or one fewer (DRAW or PASS)
    _handler: Any  # handler(game, frame, answer) applies the answer to the pending decision
    asked_play: bool  # the pending decision is a turn's play: turn_draws.answer_play applies it
    _handler_frame: Any
    _probe: Frame  # a frame reused to ask the playable and legal rules about a card
    # The queued ops and, in step, each op's frame: the top runs next, and BOTTOM is always
    # the first. Two lists, not a list of (op, frame) pairs: no pair is made and freed for
    # each op queued (callgrind: about 130 instructions an op).
    stack: list[Any]
    frames: list[Any]
    check: Any  # game.DEBUG_CHECK when the game was made
    table_size: int | None  # cards on a table set by hand (from_table), else the deck
    hands: list[Any]
    stock: list[Any]  # the top card is last
    discard: list[Any]  # the top card is last
    rows: dict[Any, Any]  # rows: name -> its piles, each a list of cards, top last (piles.py)
    played_piles: list[Any]  # the piles (row, number) played on this turn
    played_pile: Any  # the pile (row, number) the last card went on (piles.NO_PILE: none)
    color: Any  # the colour to follow
    side: int  # the side of two-sided cards that is up (0: the first of `sides:`)
    side_colors: tuple[Any, ...]  # the colours of the side that is up (all the colours without sides)
    faces: tuple[Any, ...]  # every distinct face of this match's cards (the ruleset's, unless paired afresh)
    deck: tuple[Any, ...]  # this match's deck, copies included
    guarded: frozenset[Any]  # this match's faces whose kind has a `legal` condition
    guards: bytes  # a flag per card.id of this match's faces: 1 for the guarded ones
    direction: int
    turn: int
    turns: int
    lost_turns: list[int]  # per seat, the turns it is to lose (typed: read natively as it is passed)
    next_turn: int | None
    uncalled: list[Any]  # seats left holding the UNO count of cards that did not call, in order
    first_player: int | None
    penalty: int
    just_played: bool
    last_move: int  # the turn in which a card last moved (-1: none yet this hand)
    work_left: int  # what is left of the game's budget of work (budget.py)
    cut_short: bool  # the match ended early: its turns used up the budget
    tables: dict[Any, Any]  # the playable tables this game has used, by key (those with a penalty)
    seen_tables: list[Any]  # a flag per numeric key of penalty 0: the game has used that table
    seen_count: int  # the flags set in seen_tables
    # The last table looked up and its key: a turn after a draw asks on the same top card,
    # colour and penalty, and skips the key's tuple and dictionary lookups.
    last_top: Any
    last_color: Any
    last_penalty: int
    last_faces: bytes
    numbered_color: Any  # the colour whose table number color_number holds
    color_number: int
    key_width: int  # the playable tables' keys are numbers, top card slot first (0: tuples)
    variables: dict[Any, Any]  # the ruleset's declared variables: name -> value, or a list per seat
    out: list[Any]  # per seat: whether it has left the match (seats.eliminate)
    revealed: list[Any]  # per seat: whether its hand is shown to the table (reveal_hand)
    seated: int  # seats still in; == players in every game no rule eliminates from
    ending: bool  # a hand's hand_ended rules are running (triggers.between_hands)
    # Every seat a window could ever be open to is asked, whether or not it holds a card it
    # could use, so that who is asked reveals nothing (front ends with several observers).
    public_windows: bool
    passes: int  # turns in a row in which the seat neither played nor could draw a card
    played_at: list[Any]  # per seat, the turn of its last play this hand (-1: none)
    in_a_row: int  # turns in a row taken by the seat that took the last turn
    last_turn: int  # the seat that took the last turn (-1: none yet this hand)
    next_check: int  # the turn at which the runaway guards are next checked
    dealer: int
    _prepared: list[Any] | None  # a stacked deck (scenarios) for the dealer draw and first deal
    _later: list[Any]  # the tops of stacked decks (scenarios) for the following hands, in order
    __slots__ = tuple(__annotations__)

    # --- the pending decision ---------------------------------------------------------------

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
    def asking_frame(self) -> Any:
        """The frame of the effect that asked the pending decision (its `let` values, a card
        choice under way), for a front end to say what it is for; None for a turn's play."""
        if self.asking or self.asked_play or self.pending is None:
            return None
        return self._handler_frame

    @property
    def current_seat(self) -> int | None:
        """The seat that must decide now (None for a window or when nothing is pending)."""
        return self.decision.seat if self.decision else None

    @property
    def hand_over(self) -> bool:
        """True between hands and at the end of the match."""
        return not self.asking and self.pending is None

    def legal_options(self) -> tuple[Any, ...]:
        """The legal answers to the pending decision."""
        return self.decision.options if self.decision else ()

    def request(self, kind: str, seat: Any, options: tuple[Any, ...], handler: Any, frame: Any,
                open_to: tuple[Any, ...] = ()) -> Decision:
        """Stop the loop: a decision is pending; `handler(game, frame, answer)` applies it."""
        decision = self.pending = Decision(kind, seat, tuple(options), open_to)
        self.asking = False
        self._handler, self._handler_frame = handler, frame
        self.asked_play = False
        return decision

    # --- what the table shows -----------------------------------------------------------------

    @property
    def top(self) -> Any:
        """The top card of the discard pile."""
        return self.discard[-1] if self.discard else None

    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds."""
        return [len(h) for h in self.hands]

    def seat_after(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` places after `seat` in the current direction (seats still in)."""
        if self.seated == self.players:
            return (seat + steps * self.direction) % self.players
        return order.walk(self.out, self.seated, seat, steps, self.direction)

    def others_of(self, seat: int) -> tuple[Any, ...]:
        """Every other seat still in, in turn order from the one after `seat`."""
        if self.seated != self.players:
            return order.others_of(self.out, self.direction, seat)
        # A list made natively, then a tuple (a generator into tuple() is a Python iterator).
        found: list[Any] = []
        for k in range(1, self.players):
            found.append((seat + k * self.direction) % self.players)
        return tuple(found)

    def teammates(self, seat: int) -> tuple[Any, ...]:
        """The other seats of `seat`'s team, in turn order (none without teams)."""
        team_size = self.rules.team_size
        if not team_size:
            return ()
        teams = self.players // team_size
        return tuple(other for other in self.others_of(seat) if other % teams == seat % teams)

    def opponents(self, seat: int) -> tuple[Any, ...]:
        """The seats not in `seat`'s team, in turn order (every other seat without teams)."""
        mates = self.teammates(seat)
        return tuple(other for other in self.others_of(seat) if other not in mates)

    # --- small changes the effect language makes -----------------------------------------------

    def reveal(self, seat: int) -> None:
        """Show `seat`'s hand face up to every seat until the hand ends."""
        self.revealed[seat] = True
        if self.events is not None:
            self.log("hand_revealed", seat=seat, cards=[c.name for c in self.hands[seat]])

    def take_penalty(self) -> int:
        """The pending penalty, now cleared."""
        count, self.penalty = self.penalty, 0
        return count

    def add_penalty(self, count: int) -> None:
        """More cards for the next player who draws instead of playing."""
        self.penalty += count
        if self.events is not None:
            self.log("penalty", total=self.penalty)

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

    def set_color(self, color: Any) -> None:
        """Set the colour to follow."""
        colors = self.rules.colors
        if color not in colors:
            raise ValueError(f"{color!r} is not a colour of this ruleset "
                             f"({', '.join(colors)})")
        self.color = color
        if self.events is not None:
            self.log("color", color=color)

    def set_variable(self, name: str, seat: Any, value: Any) -> None:
        """Set a declared variable (a seat's own value when `seat` is given)."""
        if seat is None:
            self.variables[name] = value
        else:
            self.variables[name][seat] = value
        if self.events is not None:  # a card by its name, as every event names cards
            self.log("variable", name=name, seat=seat,
                     value=value.name if isinstance(value, Card) else
                     [item.name if isinstance(item, Card) else item for item in value]
                     if type(value) is tuple else value)

    def run_named_effect(self, name: Any, frame: Frame, args: tuple[Any, ...] = ()) -> None:
        """Queue the ruleset's effect called `name`, to run next, its parameters bound to
        `args`."""
        effects = self.rules.effects  # a plain dictionary: read natively
        if name not in effects:
            raise KeyError(f"the ruleset has no effect named {name!r} under effects:")
        ops = effects[name]
        if self.events is not None:
            self.log("effect", name=name, seat=frame.player)
        # Its own frame: the same player and card, but its `let` variables are its own.
        own = Frame(frame.player, frame.card, frame.color_before, frame.fair)
        params = self.rules.effect_params  # empty unless an effect takes some
        if args or params:
            names: tuple[Any, ...] = params.get(name, ())
            if len(args) != len(names):
                raise ValueError(f"the effect {name!r} takes {len(names)} argument(s), "
                                 f"not {len(args)}")
            scope = own.vars
            for at in range(len(names)):
                value = args[at]
                # A value, not a view, as a `let` keeps: a hand is copied as it is now.
                scope[names[at]] = tuple(value) if type(value) is list else value
        self.push(ops, own)

    def size_changed(self, seat: int) -> None:
        """Queue the hand_size_changed rules for `seat`, to run next (only called when the
        ruleset has some)."""
        frame = Frame(seat)
        frame.vars["seat"], frame.vars["count"] = seat, len(self.hands[seat])
        self.push(self.rules.hand_size_changed, frame)

    # --- the op stack, the record, the budget --------------------------------------------------

    def push(self, ops: tuple[Any, ...], frame: Any) -> None:
        """Queue ops to run, in order, before whatever is queued already."""
        stack, frames = self.stack, self.frames
        for i in range(len(ops) - 1, -1, -1):  # typed: read natively
            stack.append(ops[i])
            frames.append(frame)

    def queue(self, op: Any, frame: Any) -> None:
        """Queue one op to run next, before whatever is queued already."""
        self.stack.append(op)
        self.frames.append(frame)

    def clear_queue(self) -> None:
        """Drop every queued op (the hand is over)."""
        del self.stack[1:]
        del self.frames[1:]

    def log(self, event: str, **data: Any) -> None:
        """Record what happened, when recording (front ends render these).

        Callers test `events` first: the call's keyword arguments (a dict, the hands' card
        names) cost even when nothing records (callgrind: 15,000 instructions a game)."""
        if self.events is not None:
            self.events.append((event, data))

    def spend(self, work: int) -> None:
        """Charge `work` to the game's budget (WORK_PER_GAME); past it, the ruleset is refused."""
        self.work_left -= work
        if self.work_left < 0:
            raise RuleRuntimeError(WORK_MESSAGE, file=self.rules.file)
