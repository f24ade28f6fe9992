"""Compile effect-language ASTs, once, into Python closures over (game, frame).

An expression becomes `fn(game, frame) -> value`. An effect becomes a tuple of ops,
`op(game, frame) -> Decision | None`; the engine runs ops one by one and stops at the
first that needs a player's decision. No user text is ever eval'd.
"""

from __future__ import annotations

import copy
import operator
from dataclasses import dataclass, field
from typing import Any

from . import dsl, typecheck
from .cards import BUILTIN_ATTRIBUTES
from .errors import DslError, RuleRuntimeError


class Frame:
    """The context an effect runs in: who played which card, and the effect's variables."""

    __slots__ = ("player", "card", "color_before", "fair", "vars")

    def __init__(self, player, card=None, color_before=None, fair=True) -> None:
        self.player = player
        self.card = card
        self.color_before = color_before
        self.fair = fair  # whether the card's `fair` condition held when it was played
        self.vars: dict = {}

    def __deepcopy__(self, memo: dict) -> Frame:
        twin = Frame(self.player, self.card, self.color_before, self.fair)
        twin.vars = copy.deepcopy(self.vars, memo)
        return twin


@dataclass(frozen=True)
class Primitive:
    """A function the effect language can call: `fn(game, frame, *args)`."""

    fn: Any
    min_args: int
    max_args: int
    role: str  # "query" (pure, usable anywhere), "action" (changes the game), "choice" (asks a player)
    doc: str
    settle: Any = None  # for a choice: applies the answer, (game, frame, answer)
    check: Any = None  # a load-time check of the call's arguments, (compiler, node)
    says: str = ""  # the call in words, for `explain`: {0}, {1} are the arguments


PRIMITIVES: dict[str, Primitive] = {}


def primitive(role: str, min_args: int, max_args: int | None = None, settle=None, check=None,
              says: str = ""):
    """Register a function under its own name (a trailing underscore dropped)."""
    def register(fn):
        name = fn.__name__.rstrip("_")
        top = min_args if max_args is None else max_args
        PRIMITIVES[name] = Primitive(fn, min_args, top, role, (fn.__doc__ or "").strip(), settle,
                                     check, says)
        return fn
    return register


def seat_of(game, value) -> int:
    """A seat number, checked."""
    # The class, not isinstance: True is an int too, but not a seat.
    if value.__class__ is not int or not 0 <= value < game.players:
        raise TypeError(f"expected a seat number 0..{game.players - 1}, got {value!r}")
    return value


def seats_of(game, value) -> tuple:
    """One seat or a list of seats, as a tuple of checked seats."""
    if value.__class__ is int and 0 <= value < game.players:
        return (value,)
    if isinstance(value, (list, tuple)):
        return tuple(seat_of(game, v) for v in value)
    return (seat_of(game, value),)


# --- queries: pure, they never change the game -------------------------------------

@primitive("query", 1)
def hand(game, frame, seat):
    """The cards a seat holds."""
    return game.hands[seat_of(game, seat)]


@primitive("query", 1)
def hands(game, frame, seats):
    """All cards held by these seats."""
    return [card for seat in seats_of(game, seats) for card in game.hands[seat]]


@primitive("query", 1)
def size(game, frame, items):
    """How many items (cards, seats) there are."""
    return len(items)


@primitive("query", 1, 2)
def seat_after(game, frame, seat, steps=1):
    """The seat `steps` places after `seat` in the current direction."""
    return game.seat_after(seat_of(game, seat), steps)


@primitive("query", 1)
def colors_in(game, frame, cards):
    """The colours among `cards`, in the ruleset's order (colourless cards add none)."""
    held = {getattr(card, "color", None) for card in cards}
    return tuple(color for color in game.ruleset.colors if color in held)


@primitive("query", 1)
def score(game, frame, seat):
    """A seat's match total so far (its team's, when the ruleset plays in teams)."""
    return game.totals()[seat_of(game, seat)]


@primitive("query", 1)
def partner(game, frame, seat):
    """The seat's partner, in teams of two (teams: {size: 2})."""
    mates = game.teammates(seat_of(game, seat))
    if len(mates) != 1:
        raise ValueError("partner() needs teams of two (teams: {size: 2})")
    return mates[0]


@primitive("query", 2)
def min_(game, frame, a, b):
    """The smaller of two numbers."""
    return min(a, b)


@primitive("query", 2)
def max_(game, frame, a, b):
    """The larger of two numbers."""
    return max(a, b)


# --- actions: they change the game --------------------------------------------------

def card_count(value) -> int:
    """A number of cards, checked: a whole number from 0 (true is not 1 card)."""
    if value.__class__ is not int or not 0 <= value <= MAX_NUMBER:
        raise TypeError(f"a number of cards is a whole number from 0, not {value!r}")
    return value


@primitive("action", 2, says="{0} draws {1} cards.")
def draw(game, frame, who, count):
    """Each seat in `who` draws `count` cards from the stock."""
    count = card_count(count)
    for seat in seats_of(game, who):
        game.draw(seat, count)


@primitive("action", 2, says="{0} draws until a {1} card comes.")
def draw_until_color(game, frame, who, color):
    """Each seat in `who` draws until a card of `color` comes (or the stock and discard run out)."""
    if color not in game.ruleset.colors:
        raise ValueError(f"{color!r} is not a colour of this ruleset")
    for seat in seats_of(game, who):
        game.draw_until_color(seat, color)


def held_cards(game, seat: int, cards) -> list:
    """`cards` (a card or a list), each found in the seat's hand: refused if one is not."""
    wanted = list(cards) if isinstance(cards, (list, tuple)) else [cards]
    hand = list(game.hands[seat])
    for card in wanted:
        if card not in hand:
            raise ValueError(f"seat {seat} does not hold {card}")
        hand.remove(card)
    return wanted


@primitive("action", 2, says="{0} discards {1}.")
def discard_cards(game, frame, who, cards):
    """The seat puts `cards` from its hand on the discard pile, under the top card (which stays the card to match); a hand left empty goes out."""
    seat = seat_of(game, who)
    game.move_cards(seat, held_cards(game, seat, cards), "discard")


@primitive("action", 3, says="{0} gives {2} to {1}.")
def give_cards(game, frame, who, to, cards):
    """The seat gives `cards` from its hand to another seat."""
    seat = seat_of(game, who)
    game.move_cards(seat, held_cards(game, seat, cards), seat_of(game, to))


@primitive("action", 2, says="{0} puts {1} under the stock.")
def cards_under_stock(game, frame, who, cards):
    """The seat puts `cards` from its hand at the bottom of the stock."""
    seat = seat_of(game, who)
    game.move_cards(seat, held_cards(game, seat, cards), "stock")


@primitive("action", 1, says="{0} loses their next turn.")
def lose_turn(game, frame, who):
    """Each seat in `who` loses its next turn."""
    for seat in seats_of(game, who):
        game.lose_turn(seat)


@primitive("action", 0, 1, says="{0} takes another turn at once.")
def extra_turn(game, frame, who=None):
    """The seat (the player by default) takes the next turn, at once."""
    game.give_turn(frame.player if who is None else seat_of(game, who))


@primitive("action", 1, says="The pending penalty grows by {0} cards.")
def add_penalty(game, frame, count):
    """Add `count` cards to the pending penalty: the next player to draw instead of playing takes them all."""
    game.add_penalty(card_count(count))


@primitive("action", 1, says="{0} draws the pending penalty.")
def take_penalty(game, frame, who):
    """The seat draws all the pending penalty cards (if any); the penalty is then cleared."""
    count = game.take_penalty()
    if count:
        game.draw(seat_of(game, who), count)


@primitive("action", 1, says="The direction of play becomes {0}.")
def set_direction(game, frame, direction):
    """Set the direction of play: 1 is seat + 1, -1 is seat - 1."""
    if direction.__class__ is not int or direction not in (1, -1):  # true == 1, but is no direction
        raise TypeError(f"the direction is 1 or -1, not {direction!r}")
    game.set_direction(direction)


@primitive("action", 1, says="The colour to follow becomes {0}.")
def set_color(game, frame, color):
    """Set the colour to follow."""
    game.set_color(color)


@primitive("action", 0, says="The top card of the stock is turned over onto the discard pile.")
def turn_over(game, frame):
    """Turn the top stock card face up onto the discard pile; gives the card, or none."""
    return game.turn_over()


@primitive("action", 2, says="{0} and {1} swap hands.")
def swap_hands(game, frame, a, b):
    """Two seats exchange hands."""
    game.swap_hands(seat_of(game, a), seat_of(game, b))


@primitive("action", 0, 1, says="Every hand passes one seat on, in the direction of play.")
def pass_hands(game, frame, direction=None):
    """Every hand moves one seat on, in the direction of play (or the one given)."""
    game.pass_hands(game.direction if direction is None else direction)


@primitive("action", 2, says="{0} owes {1} cards: draws them and loses their next turn, unless "
                              "a rule replaces that.")
def owe_draw(game, frame, who, count):
    """Each seat in `who` owes `count` cards: it draws them and loses its next turn, unless an `instead_of: draw_owed` rule replaces that (as stacking does)."""
    count = card_count(count)
    for seat in seats_of(game, who):
        game.owe_draw(frame, seat, count)


def check_proceed(compiler, node) -> None:
    """At load: proceed() belongs in an instead_of rule's effect."""
    if not compiler.symbols.replacing:
        raise compiler.fail(node, "proceed() belongs in the `do` of an instead_of rule")


@primitive("action", 0, check=check_proceed, says="What the rule replaced happens as it would "
                                                  "without it.")
def proceed(game, frame):
    """In an `instead_of` rule: the replaced event happens as it would without this rule (the next such rule, or the event's own action)."""
    game.proceed(frame)


def variable_check(per_seat: bool):
    """At load: the first argument names a declared variable, kept per seat or not."""
    def check(compiler, node) -> None:
        arg, variables = node.args[0], compiler.symbols.variables
        if not isinstance(arg, dsl.Text):
            raise compiler.fail(arg, 'name the variable with a string, e.g. "strikes"')
        if arg.value not in variables:
            known = ", ".join(sorted(variables)) or "none declared"
            raise compiler.fail(arg, f"unknown variable '{arg.value}'; declare it under "
                                     f"variables: (variables: {known})")
        if variables[arg.value] != per_seat:
            how = f'seat_var("{arg.value}", SEAT) and set_seat_var("{arg.value}", SEAT, ' \
                  'VALUE)' if variables[arg.value] else f'var.{arg.value} and set_var(' \
                  f'"{arg.value}", VALUE)'
            raise compiler.fail(arg, f"'{arg.value}' is {'' if variables[arg.value] else 'not '}"
                                     f"kept per seat: use {how}")
    return check


def variable_value(value):
    """A value a game variable may hold: a whole number within MAX_NUMBER, true/false, none."""
    if value is None or value.__class__ is bool:
        return value
    if value.__class__ is not int or not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise TypeError(f"a variable holds a whole number within {MAX_NUMBER:,}, true, false "
                        f"or none, not {value!r}")
    return value


@primitive("action", 2, check=variable_check(False), says="{0} becomes {1}.")
def set_var(game, frame, name, value):
    """Set the declared game variable `name` (see `variables:`); read it as `var.NAME`."""
    game.set_variable(name, None, variable_value(value))


@primitive("action", 3, check=variable_check(True), says="{0} of {1} becomes {2}.")
def set_seat_var(game, frame, name, seat, value):
    """Set the seat's own value of the declared per-seat variable `name`."""
    game.set_variable(name, seat_of(game, seat), variable_value(value))


@primitive("query", 2, check=variable_check(True))
def seat_var(game, frame, name, seat):
    """The seat's value of the declared per-seat variable `name`."""
    return game.variables[name][seat_of(game, seat)]


@primitive("action", 1, says="{0} is out of the match.")
def eliminate(game, frame, who):
    """Each seat in `who` leaves the match: its cards go under the discard pile and play passes it by; with one seat left, that seat wins."""
    for seat in seats_of(game, who):
        game.eliminate(seat)


@primitive("query", 0)
def seats_in(game, frame):
    """Every seat still in the match, in seat order."""
    return tuple(seat for seat in range(game.players) if not game.out[seat])


@primitive("query", 1)
def lowest_scorer(game, frame, seats):
    """Of `seats`, the one with the lowest match total (a tie: the first of them)."""
    chosen = seats_of(game, seats)
    if not chosen:
        raise ValueError("lowest_scorer() of no seats")
    return min(chosen, key=lambda seat: game.scores[seat])


@primitive("action", 0, says="The turn ends.")
def end_turn(game, frame):
    """Stop this effect here; the turn ends."""
    game.end_effects()


def check_run(compiler, node) -> None:
    """At load: a named effect, or every value of the attribute naming one, must exist."""
    arg, effects = node.args[0], compiler.symbols.effects
    if isinstance(arg, dsl.Text) and arg.value not in effects:
        raise compiler.fail(arg, f"no effect named '{arg.value}' under effects: "
                                 f"(effects: {', '.join(sorted(effects)) or 'none'})")
    if isinstance(arg, dsl.Attribute) and arg.attr in compiler.symbols.attributes:
        # Every value of this attribute must name an effect; the ruleset checks that
        # where the values are written.
        compiler.symbols.dispatched.add(arg.attr)


@primitive("action", 1, check=check_run, says="What {0} names happens (see the effects below).")
def run(game, frame, name):
    """Run the ruleset's named effect `name` (from its `effects:` table) now."""
    game.run_named_effect(name, frame)


# --- choices: a player decides ------------------------------------------------------

def settle_color(game, frame, answer):
    """Apply a named colour."""
    game.set_color(answer)


@primitive("choice", 1, 2, settle=settle_color, says="{0} names the colour to follow.")
def choose_color(game, frame, who, colors=None):
    """The seat names the colour to follow (one of `colors`, a list of the ruleset's colours, if given)."""
    if colors is None:
        return "color", seat_of(game, who), game.ruleset.colors
    if not isinstance(colors, (list, tuple)) or not colors \
            or any(c not in game.ruleset.colors for c in colors):
        raise ValueError(f"choose_color takes a list of the ruleset's colours "
                         f"({', '.join(game.ruleset.colors)}), not {colors!r}")
    return "color", seat_of(game, who), tuple(dict.fromkeys(colors))


@primitive("choice", 2, says="{0} chooses one of {1}.")
def choose_player(game, frame, who, seats):
    """The seat picks one of `seats`; gives the seat picked."""
    return "target", seat_of(game, who), seats_of(game, seats)


RESERVED_QUESTIONS = {"play", "play_drawn", "uno", "catch", "jump_in", "jump_in_card", "color",
                      "target"}


def check_ask(compiler, node) -> None:
    """At load: a question is named by a string that is not one of the engine's own decisions."""
    question = node.args[1]
    if not isinstance(question, dsl.Text):
        raise compiler.fail(question, 'name the question with a string, e.g. ask(next, "challenge")')
    if not 0 < len(question.value) <= MAX_QUESTION:
        raise compiler.fail(question, f"a question is named by 1 to {MAX_QUESTION} characters, "
                                      f"not {len(question.value)}")
    if question.value in RESERVED_QUESTIONS:
        raise compiler.fail(question, f"'{question.value}' is the engine's own decision; name "
                                      "the question something else")


@primitive("choice", 2, says="{0} decides whether to {1}.", check=check_ask)
def ask(game, frame, who, question):
    """The seat answers a yes/no question named `question` (such as "challenge")."""
    return str(question), seat_of(game, who), (False, True)


# --- names --------------------------------------------------------------------------

def _others(game, frame):
    return game.others_of(frame.player)


NAMES = {
    "player": (lambda g, f: f.player, "the seat whose card or rule this is"),
    "card": (lambda g, f: f.card, "the card being played or checked"),
    "next": (lambda g, f: g.seat_after(f.player), "the seat after the player"),
    "previous": (lambda g, f: g.seat_after(f.player, -1), "the seat before the player"),
    "others": (_others, "every other seat, in turn order from the next"),
    "everyone": (lambda g, f: (f.player,) + _others(g, f), "every seat, the player first"),
    "teammates": (lambda g, f: g.teammates(f.player), "the player's partners (teams:), in turn "
                                                       "order; none without teams"),
    "opponents": (lambda g, f: g.opponents(f.player), "the seats not in the player's team, in "
                                                      "turn order (every other seat without teams)"),
    "top": (lambda g, f: g.discard[-1] if g.discard else None, "the top card of the discard pile"),
    "color": (lambda g, f: g.color, "the colour to follow"),
    "color_before": (lambda g, f: f.color_before, "the colour to follow before this card was played"),
    "direction": (lambda g, f: g.direction, "1 (seat + 1 is next) or -1"),
    "players": (lambda g, f: g.seated, "how many seats are still in (all, unless a rule "
                                      "eliminates some)"),
    "dealer": (lambda g, f: g.dealer, "the dealer's seat"),
    "turn": (lambda g, f: g.turn, "the seat whose turn it is"),
    "stock_size": (lambda g, f: len(g.stock), "how many cards the stock holds"),
    "penalty": (lambda g, f: g.penalty, "cards pending for the next player who draws (stacking)"),
    "fair": (lambda g, f: f.fair, "whether the card's `fair` condition held when it was played"),
}

MAX_NUMBER = 10 ** 9
MAX_NESTING = 2  # comprehensions inside comprehensions
MAX_QUESTION = 200  # characters naming an ask() question, as a log keeps a decision's kind
# One game's budget of work, in steps of about a microsecond of the compiled build (two
# seconds in all): each card or seat a comprehension goes through costs 1; each turn
# TURN_WORK, plus 1 per 2 cards in the hand of the seat to play (it and its bot go through
# it), or UNTABLED_WORK per card when the playable rule must run on each; each card shuffled,
# and each face a table of playable faces holds, 1. A hostile ruleset cannot make a game run
# for minutes; bundled matches spend a few thousand steps with heuristic bots, and random
# bots' long hands (the bundled games' longest single hands run past 15,000 turns) about
# 150,000.
WORK_PER_GAME = 2_000_000
TURN_WORK = 8
UNTABLED_WORK = 4
WORK_MESSAGE = (f"this ruleset does more work than one game may: over {WORK_PER_GAME:,} steps "
                "(turns, cards shuffled, cards or seats its rules go through; a comprehension "
                "inside another over every hand?)")
ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul,
              "/": operator.floordiv, "%": operator.mod}
COMPARISONS: dict[str, Any] = {"==": operator.eq, "!=": operator.ne, "<": operator.lt,
                               "<=": operator.le, ">": operator.gt, ">=": operator.ge}


@dataclass
class Symbols:
    """What a ruleset lets its effect text name."""

    options: dict
    attributes: frozenset
    effects: frozenset = frozenset()
    dispatched: set = field(default_factory=set)  # attributes whose values name effects
    where: dict = field(default_factory=dict)
    text: str = ""
    bound: tuple = ()  # variables an event binds for a rule's text (`seat`, `count`)
    variables: dict = field(default_factory=dict)  # declared game variables: name -> per seat?
    replacing: bool = False  # the text is an instead_of rule's: proceed() may be called
    colors: tuple = ()  # the ruleset's colours: a literal colour is checked against them


def bind_arguments(fn, args: tuple):
    """`fn(game, frame, *args)` with each argument computed, as one `(game, frame)` closure."""
    # Effects call primitives on every card played: the common arities get no argument list.
    if not args:
        return lambda g, f: fn(g, f)
    if len(args) == 1:
        (one,) = args
        return lambda g, f: fn(g, f, one(g, f))
    if len(args) == 2:
        first, second = args
        return lambda g, f: fn(g, f, first(g, f), second(g, f))
    return lambda g, f: fn(g, f, *[a(g, f) for a in args])


class Compiler:
    """Compiles one piece of effect text; errors point into that text."""

    def __init__(self, symbols: Symbols):
        self.symbols = symbols
        # Variables in scope: name -> the key it is stored under in frame.vars. A
        # comprehension's variable gets a key of its own, so it never clobbers a `let`.
        self.scope: dict[str, str] = {name: name for name in symbols.bound}
        self.nesting = 0  # comprehensions open around the node being compiled

    def fail(self, node: dsl.Node, message: str) -> DslError:
        """A compile error at `node`."""
        return dsl.dsl_error(message, self.symbols.text, node.line, node.column, self.symbols.where)

    def runtime(self, node: dsl.Node, exc: Exception) -> RuleRuntimeError:
        """A runtime failure of the rule at `node`, as a clear error."""
        err = self.fail(node, f"this rule failed while playing: {exc}")
        return RuleRuntimeError(err.message, file=err.file, line=err.line, column=err.column,
                                path=err.path, detail=err.detail)

    # --- effects ---------------------------------------------------------------------

    def effect(self, block) -> tuple:
        """A dsl.Block of statements as a tuple of ops."""
        return tuple(op for s in block.statements for op in self.statement(s))

    def statement(self, node) -> tuple:
        """One statement as ops: usually one; an `if` settled at load gives its branch's."""
        if isinstance(node, dsl.If):
            return self.if_ops(node)
        if isinstance(node, dsl.Let):
            return (self.let_op(node),)
        return (self.call_op(node.call, None),)

    def if_ops(self, node: dsl.If) -> tuple:
        found: list = []
        orelse = None
        for cond, block in node.branches:
            compiled = self.expr(cond)  # once, even when settled: unknown names are errors
            known, value = self.static(cond)
            if not known:
                found.append((compiled, self.effect(block)))
            elif value:
                orelse = self.effect(block)  # always taken: nothing after it matters
                break
        if orelse is None:
            orelse = self.effect(node.orelse) if node.orelse else ()
        if not found:
            return orelse
        branches = tuple(found)

        def op(game, frame):
            for cond, ops in branches:
                if cond(game, frame):
                    game.push(ops, frame)
                    return None
            if orelse:
                game.push(orelse, frame)
            return None
        return (op,)

    def static(self, node) -> tuple:
        """(True, value) when `node` has the same value in every game: literals and options.
        (It does not compile `node`: compiling it again at every level of an `and` chain made
        compile time exponential in the chain's length.)"""
        return dsl.static_value(node, self.symbols.options)

    def let_op(self, node: dsl.Let):
        if isinstance(node.value, dsl.Call) and node.value.function in PRIMITIVES \
                and PRIMITIVES[node.value.function].role != "query":
            op = self.call_op(node.value, node.var)
            self.scope[node.var] = node.var
            return op
        value = self.expr(node.value)
        self.scope[node.var] = node.var
        name = node.var

        def store(game, frame):
            frame.vars[name] = value(game, frame)
        return store

    def call_op(self, node: dsl.Call, target: str | None):
        """An action or choice call as a statement, its result stored in `target` if given."""
        prim = self.primitive(node)
        if prim.role == "query":
            raise self.fail(node, f"{node.function}() only reads the game; use it inside a condition")
        args = tuple(self.expr(a) for a in node.args)
        call = bind_arguments(prim.fn, args)
        if prim.role == "choice":
            return self.choice_op(node, prim, call, target)
        runtime = self.runtime

        def op(game, frame):
            try:
                result = call(game, frame)
            except (TypeError, ValueError, KeyError, IndexError) as exc:
                raise runtime(node, exc) from None
            if target is not None:
                frame.vars[target] = result
        return op

    def choice_op(self, node: dsl.Call, prim: Primitive, call, target: str | None):
        settle, runtime = prim.settle, self.runtime

        def answer(game, frame, value):
            if settle is not None:
                settle(game, frame, value)
            if target is not None:
                frame.vars[target] = value

        def op(game, frame):
            try:
                kind, seat, options = call(game, frame)
            except (TypeError, ValueError) as exc:
                raise runtime(node, exc) from None
            if not options:
                answer(game, frame, None)
                return None
            return game.request(kind, seat, options, answer, frame)
        return op

    def primitive(self, node: dsl.Call) -> Primitive:
        prim = PRIMITIVES.get(node.function)
        if prim is None:
            known = ", ".join(sorted(PRIMITIVES))
            raise self.fail(node, f"unknown function {node.function}(); known: {known}")
        count = len(node.args)
        if not prim.min_args <= count <= prim.max_args:
            wanted = prim.min_args if prim.min_args == prim.max_args else \
                f"{prim.min_args} to {prim.max_args}"
            raise self.fail(node, f"{node.function}() takes {wanted} argument(s), got {count}")
        if prim.check is not None:
            prim.check(self, node)
        return prim

    # --- expressions -----------------------------------------------------------------

    def expr(self, node):
        """An expression as `fn(game, frame)`."""
        method = getattr(self, "expr_" + type(node).__name__.lower(), None)
        if method is None:
            raise self.fail(node, "this is a statement, not a value")
        return method(node)

    def expr_number(self, node):
        value = node.value
        return lambda g, f: value

    def expr_text(self, node):
        return self.expr_number(node)

    def expr_constant(self, node):
        return self.expr_number(node)

    def expr_name(self, node: dsl.Name):
        if node.ident in self.scope:
            name = self.scope[node.ident]
            return lambda g, f: f.vars.get(name)
        if node.ident in NAMES:
            return NAMES[node.ident][0]
        if node.ident == "option":
            raise self.fail(node, "write option.NAME, for example option.target_score")
        known = ", ".join(sorted(NAMES))
        raise self.fail(node, f"unknown name '{node.ident}'; known names: {known} "
                              "(and variables set with let)")

    def expr_attribute(self, node: dsl.Attribute):
        if isinstance(node.subject, dsl.Name) and node.subject.ident == "option" \
                and "option" not in self.scope:
            return self.option(node)
        if isinstance(node.subject, dsl.Name) and node.subject.ident == "var" \
                and "var" not in self.scope:
            return self.variable(node)
        subject = self.expr(node.subject)
        attr = node.attr
        if attr in BUILTIN_ATTRIBUTES:
            return lambda g, f: getattr(subject(g, f), attr, None)
        if attr in self.symbols.attributes:
            def get(g, f):
                attrs = getattr(subject(g, f), "attrs", None)  # not a card (a seat): none
                return None if attrs is None else attrs.get(attr)
            return get
        known = ", ".join(list(BUILTIN_ATTRIBUTES) + sorted(self.symbols.attributes))
        raise self.fail(node, f"unknown card attribute '{attr}'; known: {known}")

    def option(self, node: dsl.Attribute):
        if node.attr not in self.symbols.options:
            known = ", ".join(sorted(self.symbols.options)) or "none declared"
            raise self.fail(node, f"unknown option '{node.attr}'; options: {known}")
        value = self.symbols.options[node.attr]
        return lambda g, f: value

    def variable(self, node: dsl.Attribute):
        """`var.NAME`: a declared game variable (one per seat: `seat_var("NAME", seat)`)."""
        variables = self.symbols.variables
        if node.attr not in variables:
            known = ", ".join(sorted(variables)) or "none declared"
            raise self.fail(node, f"unknown variable '{node.attr}'; declare it under "
                                  f"variables: (variables: {known})")
        if variables[node.attr]:
            raise self.fail(node, f"'{node.attr}' is kept per seat: read it with "
                                  f'seat_var("{node.attr}", SEAT)')
        name = node.attr
        return lambda g, f: g.variables[name]

    def expr_call(self, node: dsl.Call):
        prim = self.primitive(node)
        if prim.role != "query":
            raise self.fail(node, f"{node.function}() changes the game; use it as a statement "
                                  f"(or `let x = {node.function}(...)`), not inside a condition")
        fn, runtime = prim.fn, self.runtime
        bound = bind_arguments(fn, tuple(self.expr(a) for a in node.args))

        def call(g, f):
            try:
                return bound(g, f)
            except (TypeError, ValueError, KeyError, IndexError) as exc:
                raise runtime(node, exc) from None
        return call

    def expr_unary(self, node: dsl.Unary):
        operand = self.expr(node.operand)
        if node.op == "not":
            return lambda g, f: not operand(g, f)
        runtime = self.runtime

        def negate(g, f):
            try:
                return -operand(g, f)
            except TypeError as exc:
                raise runtime(node, exc) from None
        return negate

    def expr_binary(self, node: dsl.Binary):
        left, right = self.expr(node.left), self.expr(node.right)  # each once, even if settled
        if node.op in ("and", "or"):
            known, value = self.static(node.left)
            if known:
                # Settled at load: `false and x` is false, `true and x` is x (likewise or).
                decided = bool(value) == (node.op == "or")
                return (lambda g, f: value) if decided else right
        if node.op == "and":
            return lambda g, f: left(g, f) and right(g, f)
        if node.op == "or":
            return lambda g, f: left(g, f) or right(g, f)
        if node.op == "==":
            return lambda g, f: left(g, f) == right(g, f)
        if node.op == "!=":
            return lambda g, f: left(g, f) != right(g, f)
        runtime = self.runtime
        if node.op in ARITHMETIC:
            return self.arithmetic(node, ARITHMETIC[node.op], left, right)
        fn = COMPARISONS.get(node.op) or (lambda a, b: a in b)

        def apply(g, f):
            try:
                return fn(left(g, f), right(g, f))
            except (TypeError, ZeroDivisionError) as exc:
                raise runtime(node, exc) from None
        return apply

    def arithmetic(self, node, fn, left, right):
        """Whole-number arithmetic, kept within ±MAX_NUMBER so a rule cannot eat memory."""
        runtime = self.runtime

        def compute(g, f):
            a, b = left(g, f), right(g, f)
            if type(a) is not int or type(b) is not int:
                raise runtime(node, TypeError(f"arithmetic works on whole numbers, not {a!r} "
                                              f"and {b!r}"))
            try:
                value = fn(a, b)
            except ZeroDivisionError as exc:
                raise runtime(node, exc) from None
            if isinstance(value, int) and not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise runtime(node, ValueError(f"a number grew past {MAX_NUMBER}"))
            return value
        return compute

    def bound(self, var: str, *nodes):
        """Compile `nodes` with `var` in scope (a comprehension's variable); gives its key too."""
        outer = self.scope.get(var)
        key = f"{var}#{len(self.scope)}"
        self.scope[var] = key
        try:
            return (key,) + tuple(self.expr(n) if n is not None else None for n in nodes)
        finally:
            if outer is None:
                del self.scope[var]
            else:
                self.scope[var] = outer

    def iterate(self, node, source):
        """The items of a comprehension's source, checked to be a list."""
        runtime = self.runtime

        def items(g, f):
            value = source(g, f)
            if not isinstance(value, (list, tuple)):
                raise runtime(node, TypeError(f"expected cards or seats to go through, got {value!r}"))
            # Every item any rule goes through counts against the game's budget, so that a
            # count inside a count over every hand cannot run for minutes.
            g.work_left -= len(value)
            if g.work_left < 0:
                raise runtime(node, ValueError(WORK_MESSAGE))
            return value
        return items

    def comprehension(self, node, compile_it):
        """Compile a comprehension, refusing one nested deeper than MAX_NESTING: each level
        multiplies the work of every evaluation by the number of cards in play."""
        if self.nesting >= MAX_NESTING:
            raise self.fail(node, f"comprehensions (any, all, count, sum) nest at most "
                                  f"{MAX_NESTING} deep: each level multiplies the work by the "
                                  "number of cards")
        self.nesting += 1
        try:
            return compile_it(node)
        finally:
            self.nesting -= 1

    def expr_quantifier(self, node: dsl.Quantifier):
        return self.comprehension(node, self.quantifier)

    def expr_total(self, node: dsl.Total):
        return self.comprehension(node, self.total)

    def quantifier(self, node: dsl.Quantifier):
        source = self.iterate(node, self.expr(node.source))
        fast = self.attribute_match(node, source)
        if fast is not None:
            return fast
        var, cond = self.bound(node.var, node.cond)
        cond = cond or (lambda g, f: True)
        if node.quantifier == "any":
            def any_of(g, f):
                scope = f.vars
                for item in source(g, f):
                    scope[var] = item
                    if cond(g, f):
                        return True
                return False
            return any_of
        if node.quantifier == "select":
            def select_of(g, f):  # the items for which the condition holds, in order
                scope, chosen = f.vars, []
                for item in source(g, f):
                    scope[var] = item
                    if cond(g, f):
                        chosen.append(item)
                return tuple(chosen)
            return select_of
        if node.quantifier == "all":
            def all_of(g, f):
                scope = f.vars
                for item in source(g, f):
                    scope[var] = item
                    if not cond(g, f):
                        return False
                return True
            return all_of

        def count_of(g, f):
            scope, total = f.vars, 0
            for item in source(g, f):
                scope[var] = item
                if cond(g, f):
                    total += 1
            return total
        return count_of

    def attribute_match(self, node: dsl.Quantifier, source):
        """`any(c in X if c.attr == value or ...)` (or count, of one such test), as C-level scans;
        None if not that shape.

        The common question "does the hand hold a card of this colour?" is asked every turn.
        """
        terms = self.attribute_terms(node.cond, node.var)
        if terms is None or node.quantifier not in ("any", "count") \
                or (node.quantifier == "count" and len(terms) > 1):
            return None
        tests = tuple((operator.attrgetter(attr), attr, self.expr(value)) for attr, value in terms)
        if node.quantifier == "count":
            ((getter, attr, value),) = tests

            def count(g, f):
                items = source(g, f)
                if not items:
                    return 0
                wanted = value(g, f)
                try:
                    return operator.countOf(map(getter, items), wanted)
                except AttributeError:  # not cards (seats, say): their attribute is none
                    return [getattr(item, attr, None) for item in items].count(wanted)
            return count

        def scan(g, f):
            items = source(g, f)
            if not items:
                return False
            for getter, attr, value in tests:
                wanted = value(g, f)
                try:
                    if wanted in map(getter, items):
                        return True
                except AttributeError:  # not cards (seats, say): their attribute is none
                    if wanted in [getattr(item, attr, None) for item in items]:
                        return True
            return False
        return scan

    def attribute_terms(self, cond, var: str):
        """`var.attr == value` tests joined by `or`, as (attr, value) pairs, where no value
        reads `var`; None if `cond` is not that shape."""
        if isinstance(cond, dsl.Binary) and cond.op == "or":
            left = self.attribute_terms(cond.left, var)
            right = None if left is None else self.attribute_terms(cond.right, var)
            return None if right is None else left + right
        attr = card_attribute(cond.left, var) if isinstance(cond, dsl.Binary) \
            and cond.op == "==" else None
        if attr is None or var in dsl.names_used(cond.right):
            return None
        return [(attr, cond.right)]

    def total(self, node: dsl.Total):
        source = self.iterate(node, self.expr(node.source))
        slow = self.total_loop(node, source)
        attr = card_attribute(node.expr, node.var)
        if node.cond is not None or attr is None:
            return slow
        # `sum(c.points for c in ...)`, a hand's score, summed in C.
        getter = operator.attrgetter(attr)

        def total(g, f):
            try:
                result = sum(map(getter, source(g, f)))
            except (AttributeError, TypeError):  # not cards, or not numbers: the loop says why
                return slow(g, f)
            if isinstance(result, int) and not -MAX_NUMBER <= result <= MAX_NUMBER:
                return slow(g, f)  # the loop says which number grew too large
            return result
        return total

    def total_loop(self, node: dsl.Total, source):
        """`sum(expr for var in source if cond)`, item by item."""
        var, expr, cond = self.bound(node.var, node.expr, node.cond)
        cond = cond or (lambda g, f: True)
        runtime = self.runtime

        def total(g, f):
            scope, result = f.vars, 0
            for item in source(g, f):
                scope[var] = item
                if cond(g, f):
                    try:
                        result += expr(g, f)
                    except TypeError as exc:
                        raise runtime(node, exc) from None
                    if isinstance(result, int) and not -MAX_NUMBER <= result <= MAX_NUMBER:
                        raise runtime(node, ValueError(f"a sum grew past {MAX_NUMBER}"))
            return result
        return total


def card_attribute(node, var: str) -> str | None:
    """`attr` when `node` is `var.attr` for an attribute every card has, else None."""
    if isinstance(node, dsl.Attribute) and node.attr in BUILTIN_ATTRIBUTES \
            and node.subject == dsl.Name(node.line, node.column, var):
        return node.attr
    return None


def compile_effect(text: str, symbols: Symbols) -> tuple:
    """Effect text -> tuple of ops."""
    symbols.text = text
    tree, compiler = dsl.parse(text, "effect", symbols.where), Compiler(symbols)
    ops = compiler.effect(tree)
    typecheck.check(compiler, tree)  # after compiling: names, arities and roles are sound
    return ops


def compile_expression(text: str, symbols: Symbols):
    """Condition or expression text -> fn(game, frame)."""
    symbols.text = text
    tree, compiler = dsl.parse(text, "condition", symbols.where), Compiler(symbols)
    fn = compiler.expr(tree)
    typecheck.check(compiler, tree)
    return fn
