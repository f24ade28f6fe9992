"""The effect language's types: the vocabulary the builtins table (builtins.py) writes its
functions' and names' types in, and the type checker (typecheck.py) infers and compares.

A type is a frozenset of base types: a value that may be one of several (a card's rank is a
number or text) has all of them, and is accepted where any one of them fits. `none` compares
with anything, and a value that may be none is accepted where a value is needed; only `none`
itself is not.
"""

from __future__ import annotations

from dataclasses import dataclass

BASE = ("seat", "seats", "number", "boolean", "text", "colour", "colours", "card", "cards",
        "none")
SEAT, SEATS, NUMBER, BOOLEAN, TEXT, COLOUR, COLOURS, CARD, CARDS, NONE = \
    (frozenset({b}) for b in BASE)
LISTS = SEATS | COLOURS | CARDS  # what a comprehension goes through
ITEM = {"seats": SEAT, "colours": COLOUR, "cards": CARD}
ANY = frozenset(BASE)
# What a declared game variable holds (a seat is kept as its number), unless it says its type.
VALUE = NUMBER | SEAT | BOOLEAN | NONE
# What a declared variable holds, by its `type:` (variables:); one that gives none holds a
# number, a seat, true, false or none. A list (cards, seats) starts empty and is never none.
VARIABLE_TYPES = {"value": VALUE, "number": NUMBER | NONE, "boolean": BOOLEAN | NONE,
                  "seat": SEAT | NONE, "seats": SEATS, "card": CARD | NONE, "cards": CARDS,
                  "color": COLOUR | NONE, "colour": COLOUR | NONE, "text": TEXT | NONE}

TYPES = {  # base type: what its values are, for the reference
    "seat": "one seat at the table; a number is never taken as a seat (seat 5 of 4 would fail "
            "in play): seats come from `player`, `next`, `seat_after(...)` and the like; a seat "
            "compares with a number (`dealer == 0`), but takes no arithmetic",
    "seats": "a list of seats; a single seat is accepted where seats are (a call's "
             "argument, `for s in ...`, `count(s in player if ...)`), as a list of one",
    "number": "a whole number",
    "boolean": "`true` or `false`",
    "text": "a `\"string\"`",
    "colour": "text that names one of the ruleset's `colors:`; a literal is checked against them",
    "colours": "a list of colours, as `colors_in(...)` gives",
    "card": "one card",
    "cards": "a list of cards, such as a hand",
    "none": "`none`: no card, no colour, or what an action gives; it compares with anything",
    "any": "what the checker cannot know: a card attribute the ruleset declares",
}

WORDS = {"seat": "a seat", "seats": "seats", "number": "a number", "boolean": "true or false",
         "text": "text", "colour": "a colour", "colours": "colours", "card": "a card",
         "cards": "cards", "none": "none"}
SHORT = {VALUE: "value", LISTS: "cards/seats/colours"}  # how the reference writes some unions
WIDER = {"colour": COLOUR | TEXT, "text": TEXT | COLOUR}  # a colour is text, and text may be one
# Types that compare with each other: a seat with a number, a colour with text.
FAMILY = {"seat": "number", "number": "number", "colour": "text", "text": "text",
          "boolean": "boolean", "card": "card", "cards": "cards", "seats": "seats",
          "colours": "colours"}
ORDERED = {"number", "text"}  # families `<` and the like order
ORDINALS = ("first", "second", "third", "fourth")


def describe(type_: frozenset) -> str:
    """A type in words: 'a colour or none'."""
    if type_ == ANY:
        return "anything"
    return " or ".join(WORDS[b] for b in BASE if b in type_) or "nothing"


def type_name(type_: frozenset) -> str:
    """A type as the reference writes it: `colour/none`."""
    if type_ == ANY:
        return "any"
    return SHORT.get(type_) or "/".join(b for b in BASE if b in type_)


@dataclass(frozen=True)
class Param:
    """One argument of a function: its type, what it is in words, and a check of a literal."""

    type: frozenset
    what: str = ""
    literal: str = ""  # "colour", "direction" or "row": a literal argument must be one


def arg(type_: frozenset, what: str = "", literal: str = "") -> Param:
    """A parameter, described by its type unless said otherwise."""
    return Param(type_, what or describe(type_ - NONE), literal)


COUNT = arg(NUMBER, "a number of cards")
WHO = arg(SEAT | SEATS, "a seat or seats")
DIRECTION = arg(NUMBER, "a direction (1 or -1)", literal="direction")
VARIABLE = arg(TEXT, "a variable's name")
ITEMS = arg(LISTS, "cards, seats or colours")
HELD = arg(CARD | CARDS, "a card or cards")

# What each comprehension of the grammar (dsl.lark's QUANTIFIER) gives; None: a list like its
# source's (the items the condition holds for).
QUANTIFIERS = {"any": BOOLEAN, "all": BOOLEAN, "count": NUMBER, "select": None}

# The names an event binds for a rule's text (rules.REPLACEABLE, rules.BINDS); an answer is
# a card, "draw", true or false, a colour, a seat...
BOUND_TYPES = {"seat": SEAT, "count": NUMBER, "decision": TEXT, "answer": ANY}

# A card's own attributes (cards.BUILTIN_ATTRIBUTES); declared ones are `any`.
ATTRIBUTE_TYPES = {"name": TEXT, "kind": TEXT, "color": COLOUR | NONE, "rank": NUMBER | TEXT,
                   "points": NUMBER, "value": NUMBER, "back": CARD | NONE}


def settable(held: frozenset) -> frozenset:
    """What set_var takes for a variable holding `held`: a list's single item too, as a
    list of one (a card where cards are held)."""
    return held.union(*(ITEM[b] for b in held if b in ITEM))


def option_type(value) -> frozenset:
    """The type of an option's value."""
    if isinstance(value, bool):
        return BOOLEAN
    if isinstance(value, int):
        return NUMBER
    return TEXT if isinstance(value, str) else NONE if value is None else ANY


def fits(given: frozenset, wanted: frozenset) -> bool:
    """Whether a value of type `given` may go where `wanted` is expected."""
    if given == NONE:
        return "none" in wanted
    widened = frozenset().union(*(WIDER.get(b, {b}) for b in wanted))
    return bool((given - NONE) & widened)


def families(type_: frozenset) -> set:
    return {FAMILY[b] for b in type_ if b in FAMILY}
