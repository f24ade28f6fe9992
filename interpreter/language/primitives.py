"""The effect language's primitives table: every function and name it can call, one uniform
signature `fn(game, frame, *args)`, with its role, arity and a one-line docstring.

The compiler (compiler.py) looks calls up here; the reference (reference.py), the type
checker (typecheck.py) and `explain` read the same table, so nothing is left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from interpreter.engine.budget import MAX_NUMBER, charge
from interpreter.engine.cards import Card
from interpreter.engine.decisions import DONE, RESERVED_QUESTIONS
from interpreter.engine.frame import Frame
from interpreter.language import dsl

if TYPE_CHECKING:
    from interpreter.engine.game import GameState

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
    picks: bool = False  # a choice asked one pick at a time: fn gives a CardPicks


PRIMITIVES: dict[str, Primitive] = {}


def primitive(role: str, min_args: int, max_args: int | None = None, settle=None, check=None,
              says: str = "", picks: bool = False):
    """Register a function under its own name (a trailing underscore dropped)."""
    def register(fn):
        name = fn.__name__.rstrip("_")
        top = min_args if max_args is None else max_args
        PRIMITIVES[name] = Primitive(fn, min_args, top, role, (fn.__doc__ or "").strip(), settle,
                                     check, says, picks)
        return fn
    return register


def seat_of(game: GameState, value) -> int:
    """A seat number, checked."""
    # The type, not isinstance: True is an int too, but not a seat (and type() is read
    # natively in the compiled build, .__class__ through the attribute protocol).
    if type(value) is not int or not 0 <= value < game.players:
        raise TypeError(f"expected a seat number 0..{game.players - 1}, got {value!r}")
    return value


# Each seat alone, as seats_of gives it: a tuple made once, not at every draw or lost turn
# (callgrind: a tuple made and freed is about 150 instructions).
ONE_SEAT: Final = tuple((seat,) for seat in range(64))


def seats_of(game: GameState, value) -> tuple:
    """One seat or a list of seats, as a tuple of checked seats."""
    if type(value) is int and 0 <= value < game.players:
        return ONE_SEAT[value] if value < 64 else (value,)
    if isinstance(value, (list, tuple)):
        seats: list = []  # a list made natively (a generator into tuple() is an iterator)
        for each in value:
            seats.append(seat_of(game, each))
        return tuple(seats)
    return (seat_of(game, value),)


# --- queries: pure, they never change the game -------------------------------------

@primitive("query", 1)
def hand(game: GameState, frame, seat):
    """The cards a seat holds."""
    return game.hands[seat_of(game, seat)]


@primitive("query", 1)
def hands(game: GameState, frame, seats):
    """All cards held by these seats."""
    chosen = seats_of(game, seats)
    cards: list = []
    for seat in chosen:
        cards.extend(game.hands[seat])
    charge(game, len(chosen) + len(cards))
    return cards


@primitive("query", 1)
def size(game: GameState, frame, items):
    """How many items (cards, seats) there are."""
    return len(items)


@primitive("query", 1, 2)
def seat_after(game: GameState, frame, seat, steps=1):
    """The seat `steps` places after `seat` in the current direction."""
    if game.seated != game.players:  # walked seat by seat, passing the seats put out
        charge(game, game.players)
    return game.seat_after(seat_of(game, seat), steps)


@primitive("query", 1)
def colors_in(game: GameState, frame, cards):
    """The colours among `cards`, in the ruleset's order (colourless cards add none)."""
    charge(game, len(cards))
    held = {getattr(card, "color", None) for card in cards}
    return tuple(color for color in game.ruleset.colors if color in held)


@primitive("query", 1)
def score(game: GameState, frame, seat):
    """A seat's match total so far (its team's, when the ruleset plays in teams)."""
    charge(game, game.players)
    return game.totals()[seat_of(game, seat)]


@primitive("query", 1)
def partner(game: GameState, frame, seat):
    """The seat's partner, in teams of two (teams: {size: 2})."""
    charge(game, game.players)
    mates = game.teammates(seat_of(game, seat))
    if len(mates) != 1:
        raise ValueError("partner() needs teams of two (teams: {size: 2})")
    return mates[0]


@primitive("query", 2)
def min_(game: GameState, frame, a, b):
    """The smaller of two numbers."""
    return min(a, b)


@primitive("query", 2)
def max_(game: GameState, frame, a, b):
    """The larger of two numbers."""
    return max(a, b)


# --- actions: they change the game --------------------------------------------------

def card_count(value) -> int:
    """A number of cards, checked: a whole number from 0 (true is not 1 card)."""
    if type(value) is not int or not 0 <= value <= MAX_NUMBER:
        raise TypeError(f"a number of cards is a whole number from 0, not {value!r}")
    return value


@primitive("action", 2, says="{0} draws {1} cards.")
def draw(game: GameState, frame, who, count):
    """Each seat in `who` draws `count` cards from the stock."""
    count = card_count(count)
    seats = seats_of(game, who)
    charge(game, len(seats))  # and each card drawn (drawing.draw)
    for seat in seats:
        game.draw(seat, count)


@primitive("action", 2, says="{0} draws until a {1} card comes.")
def draw_until_color(game: GameState, frame, who, color):
    """Each seat in `who` draws until a card of `color` comes (or the stock and discard run out)."""
    if color not in game.ruleset.colors:
        raise ValueError(f"{color!r} is not a colour of this ruleset")
    seats = seats_of(game, who)
    charge(game, len(seats))  # and each card drawn (drawing.draw)
    for seat in seats:
        game.draw_until_color(seat, color)


def held_cards(game: GameState, seat: int, cards) -> list:
    """`cards` (a card or a list), each found in the seat's hand: refused if one is not."""
    wanted = list(cards) if isinstance(cards, (list, tuple)) else [cards]
    hand: list = game.hands[seat]
    # The hand and the cards each gone through once, and every seat after the move (the UNO
    # calls and hand-size rules it makes owed): counted, not removed one by one, which took
    # a hand's length for each card.
    charge(game, len(hand) + len(wanted) + game.players)
    held: dict = {}
    for card in hand:
        held[card] = held.get(card, 0) + 1
    for card in wanted:
        left = held.get(card, 0) if isinstance(card, Card) else 0
        if not left:
            raise ValueError(f"seat {seat} does not hold {card}")
        held[card] = left - 1
    return wanted


@primitive("action", 2, says="{0} discards {1}.")
def discard_cards(game: GameState, frame, who, cards):
    """The seat puts `cards` from its hand on the discard pile, under the top card (which stays the card to match); a hand left empty goes out."""
    seat = seat_of(game, who)
    game.move_cards(seat, held_cards(game, seat, cards), "discard")


@primitive("action", 3, says="{0} gives {2} to {1}.")
def give_cards(game: GameState, frame, who, to, cards):
    """The seat gives `cards` from its hand to another seat."""
    seat = seat_of(game, who)
    game.move_cards(seat, held_cards(game, seat, cards), seat_of(game, to))


@primitive("action", 2, says="{0} puts {1} under the stock.")
def cards_under_stock(game: GameState, frame, who, cards):
    """The seat puts `cards` from its hand at the bottom of the stock."""
    seat = seat_of(game, who)
    game.move_cards(seat, held_cards(game, seat, cards), "stock")


@primitive("action", 2, says="{0} puts {1} at the bottom of the discard pile.")
def cards_under_discard(game: GameState, frame, who, cards):
    """The seat puts `cards` from its hand at the bottom of the discard pile (the top card stays)."""
    seat = seat_of(game, who)
    game.move_cards(seat, held_cards(game, seat, cards), "bottom")


@primitive("action", 2, says="{0} plays {1}, each card's effect applied in turn.")
def play_cards(game: GameState, frame, who, cards):
    """The seat plays `cards` from its hand, one after another, each as a play of its own: its colour, its effect, the card_played rules, going out and UNO."""
    seat = seat_of(game, who)
    if game.ending:
        raise ValueError("play_cards() in a hand_ended rule: the hand is over")
    played = held_cards(game, seat, cards)
    charge(game, len(played) * len(game.hands[seat]))  # each play finds its card in the hand
    game.play_cards(seat, played)


@primitive("action", 1, says="{0} loses their next turn.")
def lose_turn(game: GameState, frame, who):
    """Each seat in `who` loses its next turn, unless an `instead_of: turn_lost` rule replaces that."""
    seats = seats_of(game, who)
    charge(game, len(seats))
    for seat in seats:
        game.lose_turn(seat, frame)


@primitive("action", 0, 1, says="{0} takes another turn at once.")
def extra_turn(game: GameState, frame, who=None):
    """The seat (the player by default) takes the next turn, at once."""
    game.give_turn(frame.player if who is None else seat_of(game, who))


@primitive("action", 1, says="The pending penalty grows by {0} cards.")
def add_penalty(game: GameState, frame, count):
    """Add `count` cards to the pending penalty: the next player to draw instead of playing takes them all."""
    game.add_penalty(card_count(count))


@primitive("action", 1, says="{0} draws the pending penalty.")
def take_penalty(game: GameState, frame, who):
    """The seat draws all the pending penalty cards (if any); the penalty is then cleared."""
    count = game.take_penalty()
    if count:
        game.draw(seat_of(game, who), count)


@primitive("action", 1, says="The direction of play becomes {0}.")
def set_direction(game: GameState, frame, direction):
    """Set the direction of play: 1 is seat + 1, -1 is seat - 1."""
    if type(direction) is not int or direction not in (1, -1):  # true == 1, but is no direction
        raise TypeError(f"the direction is 1 or -1, not {direction!r}")
    game.set_direction(direction)


@primitive("action", 1, says="The colour to follow becomes {0}.")
def set_color(game: GameState, frame, color):
    """Set the colour to follow."""
    game.set_color(color)


@primitive("action", 0, says="The top card of the stock is turned over onto the discard pile.")
def turn_over(game: GameState, frame):
    """Turn the top stock card face up onto the discard pile; gives the card, or none."""
    return game.turn_over()


def check_sides(compiler, node) -> None:
    """At load: only cards with two faces can be turned over."""
    if not compiler.symbols.sides:
        raise compiler.fail(node, "switch_sides() turns two-sided cards over: declare `sides:` "
                                  "(and the deck's two faces) first")


@primitive("action", 0, check=check_sides,
           says="Every card turns over (hands, the stock and the discard pile as stacks); the "
                "other side is up, and the new top card's colour is to follow.")
def switch_sides(game: GameState, frame):
    """Turn every card over: hands, and the stock and discard as stacks; the other side is up."""
    charge(game, sum(map(len, game.hands)) + len(game.stock) + len(game.discard))
    game.switch_sides()


@primitive("action", 2, says="{0} and {1} swap hands.")
def swap_hands(game: GameState, frame, a, b):
    """Two seats exchange hands."""
    charge(game, game.players)  # every seat's UNO call and hand-size rules are looked at
    game.swap_hands(seat_of(game, a), seat_of(game, b))


@primitive("action", 0, 1, says="Every hand passes one seat on, in the direction of play.")
def pass_hands(game: GameState, frame, direction=None):
    """Every hand moves one seat on, in the direction of play (or the one given)."""
    charge(game, game.players)
    game.pass_hands(game.direction if direction is None else direction)


@primitive("action", 2, says="{0} owes {1} cards: draws them and loses their next turn, unless "
                              "a rule replaces that.")
def owe_draw(game: GameState, frame, who, count):
    """Each seat in `who` owes `count` cards: it draws them and loses its next turn, unless an `instead_of: draw_owed` rule replaces that (as stacking does)."""
    count = card_count(count)
    seats = seats_of(game, who)
    charge(game, len(seats))  # and each card drawn (drawing.draw)
    for seat in seats:
        game.owe_draw(frame, seat, count)


def check_proceed(compiler, node) -> None:
    """At load: proceed() belongs in an instead_of rule's effect."""
    if not compiler.symbols.replacing:
        raise compiler.fail(node, "proceed() belongs in the `do` of an instead_of rule")


@primitive("action", 0, check=check_proceed, says="What the rule replaced happens as it would "
                                                  "without it.")
def proceed(game: GameState, frame):
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
    if value is None or type(value) is bool:
        return value
    if type(value) is not int or not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise TypeError(f"a variable holds a whole number within {MAX_NUMBER:,}, true, false "
                        f"or none, not {value!r}")
    return value


@primitive("action", 2, check=variable_check(False), says="{0} becomes {1}.")
def set_var(game: GameState, frame, name, value):
    """Set the declared game variable `name` (see `variables:`); read it as `var.NAME`."""
    game.set_variable(name, None, variable_value(value))


@primitive("action", 3, check=variable_check(True), says="{0} of {1} becomes {2}.")
def set_seat_var(game: GameState, frame, name, seat, value):
    """Set the seat's own value of the declared per-seat variable `name`."""
    game.set_variable(name, seat_of(game, seat), variable_value(value))


@primitive("query", 2, check=variable_check(True))
def seat_var(game: GameState, frame, name, seat):
    """The seat's value of the declared per-seat variable `name`."""
    return game.variables[name][seat_of(game, seat)]


@primitive("action", 1, says="{0} is out of the match.")
def eliminate(game: GameState, frame, who):
    """Each seat in `who` leaves the match: its cards go under the discard pile and play passes it by; with one seat left, that seat wins."""
    for seat in seats_of(game, who):
        charge(game, len(game.hands[seat]) + game.players)
        game.eliminate(seat)


@primitive("query", 0)
def seats_in(game: GameState, frame):
    """Every seat still in the match, in seat order."""
    charge(game, game.players)
    return tuple(seat for seat in range(game.players) if not game.out[seat])


@primitive("query", 1)
def lowest_scorer(game: GameState, frame, seats):
    """Of `seats`, the one with the lowest match total (a tie: the first of them)."""
    chosen = seats_of(game, seats)
    charge(game, len(chosen))
    if not chosen:
        raise ValueError("lowest_scorer() of no seats")
    return min(chosen, key=lambda seat: game.scores[seat])


@primitive("action", 0, says="The turn ends.")
def end_turn(game: GameState, frame):
    """Stop this effect here; the turn ends (in a turn_started rule, before the seat plays:
    it is not asked)."""
    game.end_effects()


@primitive("action", 0, says="The hand ends: the player holding the fewest points wins it.")
def end_hand(game: GameState, frame):
    """The hand ends now, as a blocked hand does: the seat holding the fewest points wins it (a tie: the tied seat that played last)."""
    if game.ending:
        raise ValueError("end_hand() may not be used once the hand is over (hand_ended)")
    game.end_blocked("a rule ended the hand")


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
def run(game: GameState, frame, name):
    """Run the ruleset's named effect `name` (from its `effects:` table) now."""
    game.run_named_effect(name, frame)


# --- choices: a player decides ------------------------------------------------------

def settle_color(game: GameState, frame: Frame, answer):
    """Apply a named colour."""
    game.set_color(answer)


@primitive("choice", 1, 2, settle=settle_color, says="{0} names the colour to follow.")
def choose_color(game: GameState, frame, who, colors=None):
    """The seat names the colour to follow: one of `colors` (a list of the ruleset's colours),
    else of the colours of the side that is up (every colour, without `sides:`)."""
    if colors is None:
        return "color", seat_of(game, who), game.side_colors
    if isinstance(colors, (list, tuple)):
        charge(game, len(colors))
    if not isinstance(colors, (list, tuple)) or not colors \
            or any(c not in game.ruleset.colors for c in colors):
        raise ValueError(f"choose_color takes a list of the ruleset's colours "
                         f"({', '.join(game.ruleset.colors)}), not {colors!r}")
    return "color", seat_of(game, who), tuple(dict.fromkeys(colors))


@primitive("choice", 2, says="{0} chooses one of {1}.")
def choose_player(game: GameState, frame, who, seats):
    """The seat picks one of `seats`; gives the seat picked."""
    chosen = seats_of(game, seats)
    charge(game, len(chosen))
    return "target", seat_of(game, who), chosen


# The answer to a card choice that takes no more cards, once it has its fewest (a word, like
# the engine's "draw": a card answer is never a word).
class CardPicks:
    """A card choice in progress: who chooses, the cards left to choose from, how many may and
    must be chosen, and those chosen so far (kept in the effect's frame, so a clone copies it)."""

    __slots__ = ("seat", "pool", "fewest", "most", "chosen")

    def __init__(self, seat: int, pool: list, fewest: int, most: int) -> None:
        self.seat = seat
        self.pool = pool
        self.fewest = fewest
        self.most = most
        self.chosen: list = []

    def __deepcopy__(self, memo: dict) -> CardPicks:
        twin = CardPicks(self.seat, list(self.pool), self.fewest, self.most)
        twin.chosen = list(self.chosen)
        return twin

    def options(self) -> tuple:
        """The answers to the next pick, or () when the choice is complete. A pick with one
        possible answer is taken without asking: it decides nothing."""
        while len(self.chosen) < self.most and self.pool:
            if len(self.chosen) + len(self.pool) <= self.fewest:
                self.chosen.extend(self.pool)  # all that are left must be taken
                self.pool = []
                break
            faces = tuple(dict.fromkeys(self.pool))
            if len(self.chosen) >= self.fewest:
                faces += (DONE,)
            if len(faces) > 1:
                return faces
            # One card, copies of it alone, and fewer than the fewest chosen: the copies
            # still wanted are taken at once (one by one, each took the whole pool again).
            wanted = self.fewest - len(self.chosen)
            self.chosen.extend(self.pool[:wanted])
            del self.pool[:wanted]
        return ()

    def take(self, answer) -> None:
        """Apply one pick: a card is chosen; DONE ends the choice."""
        if answer == DONE:
            self.pool = []
        else:
            self.pool.remove(answer)
            self.chosen.append(answer)


# One card at a time, not one option per set of cards: a decision's options stay the distinct
# cards on offer (at most a hand's worth, like a play's), where the sets of 5 cards of a hand
# of 25 would be some 50,000, and a cap on them would leave some sets impossible to choose.
@primitive("choice", 3, 4, picks=True, says="{0} chooses {2} of {1}.")
def choose_cards(game: GameState, frame, who, cards, fewest, most=None):
    """The seat chooses `fewest` of `cards` (or `fewest` to `most`), one card at a time; gives the cards chosen, in the order chosen (all of them when fewer qualify)."""
    seat = seat_of(game, who)
    pool = list(cards) if isinstance(cards, (list, tuple)) else [cards]
    charge(game, len(pool))  # and the cards left, at each pick (compiler.picks_op)
    for card in pool:
        if not isinstance(card, Card):
            raise TypeError(f"choose_cards chooses among cards, not {card!r}")
    fewest = card_count(fewest)
    most = fewest if most is None else card_count(most)
    if most < fewest:
        raise ValueError(f"choose_cards: at most {most} is fewer than at least {fewest}")
    return CardPicks(seat, pool, fewest, most)


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
def ask(game: GameState, frame, who, question):
    """The seat answers a yes/no question named `question` (such as "challenge")."""
    return str(question), seat_of(game, who), (False, True)


MAX_NESTING: Final = 2  # comprehensions inside comprehensions
MAX_QUESTION = 200  # characters naming an ask() question, as a log keeps a decision's kind

__all__ = ["DONE", "MAX_NUMBER", "PRIMITIVES", "RESERVED_QUESTIONS", "Frame", "Primitive", "primitive", "seat_of",
           "seats_of"]
