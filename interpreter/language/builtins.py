"""The effect language's builtins: one table, one row per name or function it knows.

A row holds everything about its builtin: the run-time function (`fn(game, frame, *args)`,
a name's `fn(game, frame)`), its role, its parameters' and result's types (vocabulary.py),
its one-line doc (the reference's), its English (`explain`'s) and its load-time check
(checks.py). The compiler (compiler.py, expressions.py), the type checker (typecheck.py),
`explain` and the reference (presenting/) all read this table, so nothing is left out of
one of them; tests/language/test_builtins_table.py checks each row is complete.

Read at load only, so not compiled: the compiled closures capture each row's function
itself, and call it directly (the functions are in the compiled modules names.py,
queries.py, moving.py, turn_order.py, variables.py and choices.py).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Callable

from interpreter.language import choices, moving, names, queries, turn_order, variables
from interpreter.language.checks import (
    check_ask,
    chance_result,
    check_chance,
    check_playable,
    check_proceed,
    check_random,
    check_run,
    check_sides,
    variable_check,
)
from interpreter.language.vocabulary import (
    BOOLEAN,
    CARD,
    CARDS,
    COLOUR,
    COLOURS,
    COUNT,
    DIRECTION,
    HELD,
    ITEMS,
    NONE,
    NUMBER,
    SEAT,
    SEATS,
    TEXT,
    VALUE,
    VARIABLE,
    WHO,
    Param,
    arg,
)

ROLES = ("name", "query", "action", "choice")
MAX_PARAMS = 4  # parameters a named effect may take (`effects: {NAME: {params: ...}}`)


@dataclass(frozen=True)
class Builtin:
    """One name or function of the effect language."""

    name: str
    # "name" (a value: `next`), "query" (a pure function, usable anywhere), "action"
    # (changes the game: a statement) or "choice" (asks a player: a statement, or `let`).
    role: str
    fn: Callable[..., Any]  # fn(game, frame, *args); a name's fn(game, frame)
    params: tuple[Param, ...]  # a function's parameters, optional ones last; a name has none
    result: frozenset[str]  # the type it gives (NONE for an action)
    doc: str  # what it is or does, for the reference
    # In English, for `explain`: a name's words ("the next player"); a function's call,
    # {0}, {1} its arguments in words ("{0} draws {1} cards.").
    says: str
    min_args: int = 0  # a function's fewest arguments (the others are optional)
    check: Callable[[Any, Any], None] | None = None  # at load: check(compiler, call node)
    settle: Callable[..., Any] | None = None  # a choice's: applies the answer (game, frame, it)
    picks: bool = False  # a choice asked one pick at a time: fn gives a CardPicks
    # Arguments it takes after its params (`*args`), of the types its check and the type
    # checker find (run()'s: the named effect's parameters).
    rest: int = 0
    # An action whose value chance gives: fn gives (what it is called, its slots), and the
    # outcome is drawn (engine/chance.py), given in advance, or asked as a chance decision.
    chance: bool = False
    # At load: the result's type for one call, when the ruleset decides it (typed(symbols, node)).
    typed: Callable[[Any, Any], frozenset[str]] | None = None
    # A query's words for its optional arguments left out, in order ("the player"), so
    # that `says` reads whole without them; none: such a call is told as written.
    unsaid: tuple[str, ...] = ()

    @property
    def max_args(self) -> int:
        return len(self.params) + self.rest


def name(ident: str, fn: Callable[..., Any], result: frozenset[str], doc: str,
         says: str) -> Builtin:
    """A name's row."""
    return Builtin(ident, "name", fn, (), result, doc, says)


def function(role: str, fn: Callable[..., Any], params: tuple[Param, ...],
             result: frozenset[str], doc: str, says: str, optional: int = 0,
             check: Callable[[Any, Any], None] | None = None,
             settle: Callable[..., Any] | None = None, picks: bool = False,
             rest: int = 0, chance: bool = False,
             typed: Callable[[Any, Any], frozenset[str]] | None = None,
             unsaid: tuple[str, ...] = ()) -> Builtin:
    """A function's row, named as its run-time function (a trailing underscore dropped)."""
    return Builtin(fn.__name__.rstrip("_"), role, fn, params, result, doc, says,
                   len(params) - optional, check, settle, picks, rest, chance, typed, unsaid)


# A row of piles and a pile's number in it (rows:).
ROW = Param(TEXT, "a row's name", "row")
PILE = arg(NUMBER, "a pile's number, from 1")

# A variable's value: what a declared variable holds.
HELD_VALUE = arg(VALUE, "a whole number, a seat, true, false or none")

ROWS = (
    # --- names ----------------------------------------------------------------------------
    name("player", names.name_player, SEAT, "the seat whose card or rule this is",
         "the player"),
    name("card", names.name_card, CARD, "the card being played or checked", "this card"),
    name("next", names.name_next, SEAT, "the seat after the player", "the next player"),
    name("previous", names.name_previous, SEAT, "the seat before the player",
         "the previous player"),
    name("others", names.name_others, SEATS, "every other seat, in turn order from the next",
         "every other player"),
    name("everyone", names.name_everyone, SEATS, "every seat, the player first", "everyone"),
    name("teammates", names.name_teammates, SEATS,
         "the player's partners (teams:), in turn order; none without teams",
         "the player's teammates"),
    name("opponents", names.name_opponents, SEATS,
         "the seats not in the player's team, in turn order (every other seat without teams)",
         "the player's opponents"),
    name("top", names.name_top, CARD | NONE, "the top card of the discard pile", "the top card"),
    name("color", names.name_color, COLOUR | NONE, "the colour to follow",
         "the colour to follow"),
    name("color_before", names.name_color_before, COLOUR | NONE,
         "the colour to follow before this card was played",
         "the colour to follow before this card"),
    name("direction", names.name_direction, NUMBER, "1 (seat + 1 is next) or -1",
         "the direction of play"),
    name("players", names.name_players, NUMBER,
         "how many seats are still in (all, unless a rule eliminates some)",
         "the number of players"),
    name("dealer", names.name_dealer, SEAT, "the dealer's seat", "the dealer"),
    name("turn", names.name_turn, SEAT, "the seat whose turn it is",
         "the player whose turn it is"),
    name("stock_size", names.name_stock_size, NUMBER, "how many cards the stock holds",
         "the number of cards in the stock"),
    name("penalty", names.name_penalty, NUMBER,
         "cards pending for the next player who draws (stacking)", "the pending penalty"),
    name("fair", names.name_fair, BOOLEAN,
         "whether the card's `fair` condition held when it was played",
         "it was played fairly"),
    name("drawn", names.name_drawn, CARDS,
         "the cards the last draw gave: in a cards_drawn rule, the cards that seat just drew; "
         "in an effect, after draw(), draw_until_color() or take_penalty(), the cards that "
         "call drew (every seat's, in turn); none drawn yet: no cards",
         "the cards just drawn"),
    name("pile", names.name_pile, NUMBER,
         "in a row's playable condition, the number of the pile asked about (from 1); else the "
         "pile the last card was played on (rows:)", "the pile"),
    name("row", names.name_row, TEXT | NONE,
         "in a row's playable condition, the row asked about; else the row of the pile the "
         "last card was played on (none before any)", "the row"),
    name("pile_top", names.name_pile_top, CARD | NONE,
         "the top card of that pile (`pile` of `row`): in a row's playable condition, the card "
         "to match (none before any pile was played on)", "the pile's top card"),
    name("piles_played", names.name_piles_played, NUMBER,
         "how many piles of the rows the seat whose turn it is has played on this turn",
         "the number of piles played on this turn"),
    name("side", names.name_side, TEXT | NONE,
         "the name of the side of two-sided cards that is up (none without `sides:`)",
         "the side that is up"),

    # --- queries: pure, they never change the game --------------------------------------
    function("query", queries.hand, (arg(SEAT),), CARDS, "The cards a seat holds.",
             "the hand of {0}"),
    function("query", queries.hands, (WHO,), CARDS, "All cards held by these seats.",
             "the hands of {0}"),
    function("query", queries.size, (ITEMS,), NUMBER,
             "How many items (cards, seats) there are.", "the number of {0}"),
    function("query", queries.seat_after, (arg(SEAT), arg(NUMBER, "a number of steps")), SEAT,
             "The seat `steps` places after `seat` in the current direction.",
             "the seat {1} places after {0}", optional=1),
    function("query", queries.colors_in, (arg(CARDS),), COLOURS,
             "The colours among `cards`, in the ruleset's order (colourless cards add none).",
             "the colours among {0}"),
    function("query", queries.score, (arg(SEAT),), NUMBER,
             "A seat's match total so far (its team's, when the ruleset plays in teams).",
             "the match total of {0}"),
    function("query", queries.partner, (arg(SEAT),), SEAT,
             "The seat's partner, in teams of two (teams: {size: 2}).", "the partner of {0}"),
    function("query", queries.min_, (arg(NUMBER), arg(NUMBER)), NUMBER,
             "The smaller of two numbers.", "the smaller of {0} and {1}"),
    function("query", queries.max_, (arg(NUMBER), arg(NUMBER)), NUMBER,
             "The larger of two numbers.", "the larger of {0} and {1}"),
    function("query", variables.seat_var, (VARIABLE, arg(SEAT)), VALUE,
             "The seat's value of the declared per-seat variable `name`.", "{0} of {1}",
             check=variable_check(True)),
    function("query", queries.seats_in, (), SEATS,
             "Every seat still in the match, in seat order.", "the seats still in the match"),
    function("query", queries.playable, (arg(CARD | NONE), arg(SEAT | NONE)), BOOLEAN,
             "Whether the seat (the player by default) may play `card` now, as the turn's own "
             "play decides: the `playable:` clauses, the pending penalty and the kind's "
             "`legal` condition (none: false).", "{1} may play {0} now", optional=1,
             check=check_playable, unsaid=("the player",)),
    function("query", queries.top_of, (ROW, PILE), CARD,
             "The top card of pile `pile` (from 1) of the row `row` (rows:).",
             "the top card of {0} pile {1}"),
    function("query", queries.bottom_of, (ROW, PILE), CARD,
             "The bottom card of pile `pile` of the row `row`: the card it was started with.",
             "the bottom card of {0} pile {1}"),
    function("query", queries.pile_cards, (ROW, PILE), CARDS,
             "The cards of pile `pile` of the row `row`, bottom first.",
             "the cards of {0} pile {1}"),
    function("query", queries.pile_count, (ROW,), NUMBER,
             "How many piles the row `row` holds now.", "the number of piles in {0}"),
    function("query", queries.lowest_scorer, (WHO,), SEAT,
             "Of `seats`, the one with the lowest match total (a tie: the first of them).",
             "the one of {0} with the lowest match total"),

    # --- actions: they change the game --------------------------------------------------
    function("action", moving.draw, (WHO, COUNT), NONE,
             "Each seat in `who` draws `count` cards from the stock.", "{0} draws {1} cards."),
    function("action", moving.draw_until_color, (WHO, arg(COLOUR, literal="colour")), NONE,
             "Each seat in `who` draws until a card of `color` comes (or the stock and discard "
             "run out).", "{0} draws until a {1} card comes."),
    function("action", moving.discard_cards, (arg(SEAT), HELD), NONE,
             "The seat puts `cards` from its hand on the discard pile, under the top card "
             "(which stays the card to match); a hand left empty goes out.",
             "{0} discards {1}."),
    function("action", moving.give_cards, (arg(SEAT), arg(SEAT), HELD), NONE,
             "The seat gives `cards` from its hand to another seat.", "{0} gives {2} to {1}."),
    function("action", moving.cards_under_stock, (arg(SEAT), HELD), NONE,
             "The seat puts `cards` from its hand at the bottom of the stock.",
             "{0} puts {1} under the stock."),
    function("action", moving.cards_under_discard, (arg(SEAT), HELD), NONE,
             "The seat puts `cards` from its hand at the bottom of the discard pile (the top "
             "card stays).", "{0} puts {1} at the bottom of the discard pile."),
    function("action", moving.play_cards, (arg(SEAT), HELD), NONE,
             "The seat plays `cards` from its hand, one after another, each as a play of its "
             "own: its colour, its effect, the card_played rules, going out and UNO.",
             "{0} plays {1}, each card's effect applied in turn."),
    function("action", moving.play_on, (arg(SEAT), HELD, ROW, PILE), NONE,
             "The seat plays `cards` from its hand on pile `pile` of the row `row`, each a play "
             "of its own as play_cards' are (a second card of a match, say).",
             "{0} plays {1} on {2} pile {3}."),
    function("action", moving.add_to_row, (arg(SEAT), ROW, HELD), NONE,
             "The seat puts `cards` from its hand face up at the end of the row `row`, each a "
             "new pile; a hand left empty goes out.", "{0} adds {2} to {1}, each a new pile."),
    function("action", moving.clear_piles, (ROW, COUNT), NONE,
             "Every pile of the row `row` holding at least `count` cards goes to the discard "
             "pile; the row closes up.",
             "Every pile of {0} holding at least {1} cards goes to the discard pile."),
    function("action", moving.refill_row, (ROW,), NONE,
             "Turn cards from the stock face up into the row `row`, each a new pile, until it "
             "holds the piles it is dealt (rows: ... piles:).",
             "Cards from the stock fill {0} up to its piles again."),
    function("action", turn_order.lose_turn, (WHO,), NONE,
             "Each seat in `who` loses its next turn, unless an `instead_of: turn_lost` rule "
             "replaces that.", "{0} loses their next turn."),
    function("action", turn_order.extra_turn, (arg(SEAT | NONE),), NONE,  # none: the player
             "The seat (the player by default) takes the next turn, at once.",
             "{0} takes another turn at once.", optional=1),
    function("action", moving.add_penalty, (COUNT,), NONE,
             "Add `count` cards to the pending penalty: the next player to draw instead of "
             "playing takes them all.", "The pending penalty grows by {0} cards."),
    function("action", moving.take_penalty, (arg(SEAT),), NONE,
             "The seat draws all the pending penalty cards (if any); the penalty is then "
             "cleared.", "{0} draws the pending penalty."),
    function("action", turn_order.set_direction, (DIRECTION,), NONE,
             "Set the direction of play: 1 is seat + 1, -1 is seat - 1.",
             "The direction of play becomes {0}."),
    function("action", turn_order.set_color, (arg(COLOUR, literal="colour"),), NONE,
             "Set the colour to follow.", "The colour to follow becomes {0}."),
    function("action", moving.turn_over, (), CARD | NONE,
             "Turn the top stock card face up onto the discard pile; gives the card, or none.",
             "The top card of the stock is turned over onto the discard pile."),
    function("action", moving.switch_sides, (), NONE,
             "Turn every card over: hands, and the stock and discard as stacks; the other side "
             "is up.", "Every card turns over (hands, the stock and the discard pile as "
             "stacks); the other side is up, and the new top card's colour is to follow.",
             check=check_sides),
    function("action", moving.swap_hands, (arg(SEAT), arg(SEAT)), NONE,
             "Two seats exchange hands.", "{0} and {1} swap hands."),
    function("action", moving.pass_hands, (Param(NUMBER | NONE, DIRECTION.what, "direction"),),
             NONE, "Every hand moves one seat on, in the direction of play (or the one given).",
             "Every hand passes one seat on, in the direction of play.", optional=1),
    function("action", moving.reveal_hand, (WHO,), NONE,
             "Each seat in `who` shows its hand face up to every seat until the hand ends "
             "(what it holds then: cards it draws later are shown too).",
             "{0} shows their hand to the table until the hand ends."),
    function("action", moving.shuffle_hands, (arg(SEAT),), NONE,
             "Every hand is collected, shuffled and dealt again one card at a time, from "
             "`seat` on in the direction of play (hands may change sizes; a seat that held "
             "cards and is dealt none goes out).",
             "Every hand is collected, shuffled and dealt again, one card at a time from {0}."),
    function("action", moving.owe_draw, (WHO, COUNT), NONE,
             "Each seat in `who` owes `count` cards: it draws them and loses its next turn, "
             "unless an `instead_of: draw_owed` rule replaces that (as stacking does).",
             "{0} owes {1} cards: draws them and loses their next turn, unless a rule replaces "
             "that."),
    function("action", turn_order.proceed, (), NONE,
             "In an `instead_of` rule: the replaced event happens as it would without this "
             "rule (the next such rule, or the event's own action).",
             "What the rule replaced happens as it would without it.", check=check_proceed),
    function("action", variables.set_var, (VARIABLE, HELD_VALUE), NONE,
             "Set the declared game variable `name` (see `variables:`) to a value of its "
             "`type:` (a card or list kept as it is now); read it as `var.NAME`.",
             "{0} becomes {1}.", check=variable_check(False)),
    function("action", variables.set_seat_var, (VARIABLE, arg(SEAT), HELD_VALUE), NONE,
             "Set the seat's own value of the declared per-seat variable `name`.",
             "{0} of {1} becomes {2}.", check=variable_check(True)),
    function("action", turn_order.eliminate, (WHO,), NONE,
             "Each seat in `who` leaves the match: its cards go under the discard pile and play "
             "passes it by; with one seat left, that seat wins.", "{0} is out of the match."),
    function("action", turn_order.end_turn, (), NONE,
             "Stop this effect here; the turn ends (in a turn_started rule, before the seat "
             "plays: it is not asked).", "The turn ends."),
    function("action", turn_order.end_hand, (), NONE,
             "The hand ends now, as a blocked hand does: the seat holding the fewest points "
             "wins it (a tie: the tied seat that played last).",
             "The hand ends: the player holding the fewest points wins it."),
    # Chance: an action, since it moves the game's generator on; `let x = random(1, 6)`.
    function("action", choices.random_, (arg(NUMBER, "the lowest number"),
                                         arg(NUMBER, "the highest number")), NUMBER,
             "A whole number from `low` to `high` (at most 1,000 numbers), each as likely, from "
             "the game's seeded generator; every seat sees it (a `chance` event).",
             "a random number from {0} to {1}", chance=True, check=check_random),
    function("action", choices.outcome, (arg(TEXT, "the name of a chance"),), NUMBER | TEXT,
             "One of the slots of the ruleset's chance `name` (`chances:`), each slot as "
             "likely, from the game's seeded generator; every seat sees it (a `chance` event).",
             "an outcome of the chance {0} (see Chances)", chance=True, check=check_chance,
             typed=chance_result),
    function("action", turn_order.run, (arg(TEXT, "the name of an effect"),), NONE,
             "Run the ruleset's named effect `name` (from its `effects:` table) now, with the "
             "arguments its `params:` take, if any (`run(\"punish\", next, 2)`).",
             "The {0} effect happens (see Named effects).", check=check_run,
             rest=MAX_PARAMS),

    # --- choices: a player decides; the answer is what they give --------------------------
    function("choice", choices.choose_color, (arg(SEAT), arg(COLOURS, "a list of colours")),
             COLOUR, "The seat names the colour to follow: one of `colors` (a list of the "
             "ruleset's colours), else of the colours of the side that is up (every colour, "
             "without `sides:`).", "{0} names the colour to follow.", optional=1,
             settle=choices.settle_color),
    function("choice", choices.choose_player, (arg(SEAT), WHO), SEAT,
             "The seat picks one of `seats`; gives the seat picked.", "{0} chooses one of {1}."),
    # One card at a time: see choices.choose_cards.
    function("choice", choices.choose_cards,
             (arg(SEAT), arg(CARD | CARDS, "a card or cards"), COUNT, COUNT), CARDS,
             "The seat chooses `fewest` of `cards` (or `fewest` to `most`), one card at a "
             "time; gives the cards chosen, in the order chosen (all of them when fewer "
             "qualify).", "{0} chooses {2} of {1}.", optional=1, picks=True),
    # Each giver chooses one card at a time, then all pass at once: see choices.CardPasses.
    function("choice", choices.pass_cards,
             (WHO, COUNT, Param(NUMBER | TEXT | NONE, 'a direction (1 or -1) or "chosen"',
                                "passing")), NONE,
             "Each seat in `who` chooses `count` cards of its hand (all it holds, if fewer), "
             "one at a time, unseen by the others; then all pass at once, to the next seat in "
             "the direction of play, in direction `to` (1 or -1), or with `to` \"chosen\" to a "
             "seat each giver chooses first. A hand the pass leaves empty goes out then.",
             "{0} passes {1} cards at once, {2}, each choosing theirs unseen before any card "
             "moves.",
             optional=1, settle=choices.settle_passes, picks=True),
    function("choice", choices.ask, (arg(SEAT), arg(TEXT, "a question's name")), BOOLEAN,
             "The seat answers a yes/no question named `question` (such as \"challenge\").",
             "{0} decides whether to {1}.", check=check_ask),
)

# The table, by name (names and functions share one namespace: `hand` is a function, so no
# name may be called `hand`).
BUILTINS: dict[str, Builtin] = {}
for _row in ROWS:
    if _row.name in BUILTINS or _row.role not in ROLES:
        raise ValueError(f"the builtin {_row.name!r} is listed twice, or has no known role")
    BUILTINS[_row.name] = _row
del _row

# The same rows, split by what a call or a bare word may name.
FUNCTIONS: dict[str, Builtin] = {n: row for n, row in BUILTINS.items() if row.role != "name"}
NAMES: dict[str, Builtin] = {n: row for n, row in BUILTINS.items() if row.role == "name"}


def closest(word: str, known: Any, shown: str = "'{}'") -> str:
    """` (did you mean 'x'?)` for the known word closest to a misspelt `word`, or nothing:
    what a writer most often needs of an unknown function's or name's error."""
    close = difflib.get_close_matches(word, sorted(known), n=1, cutoff=0.6)
    return f" (did you mean {shown.format(close[0])}?)" if close else ""
