"""The effect language's sentences (words.py tells a syntax tree with them): whole messages
of the catalogs with named placeholders, one per kind of node and each way it is told; and the
forms a builtin's words (its row's `says`, builtins.py) are told in, which `extract_says`
gives Babel (babel.cfg) so that each is translated.
"""

from __future__ import annotations

import re
from itertools import product

from interpreter.language.builtins import PILE, ROW, ROWS
from interpreter.presenting.translation import N_, ngettext

COMPARISONS = {"==": N_("{left} is {right}"), "!=": N_("{left} is not {right}"),
               "<": N_("{left} is less than {right}"), "<=": N_("{left} is at most {right}"),
               ">": N_("{left} is more than {right}"), ">=": N_("{left} is at least {right}"),
               "in": N_("{left} is in {right}")}
ARITHMETIC = {"+": N_("{left} plus {right}"), "-": N_("{left} minus {right}"),
              "*": N_("{left} times {right}"), "/": N_("{left} divided by {right}"),
              "%": N_("{left} modulo {right}")}
LOGIC = {"and": N_("{left} and {right}"), "or": N_("{left} or {right}")}
# The literals true, false and none; and a value the options settle, as an option is said.
CONSTANTS = {True: N_("true"), False: N_("false"), None: N_("none")}
SETTLED = {True: N_("yes"), False: N_("no"), None: N_("none")}
# Where pass_cards passes, by its `to` as written (none: not given).
PASSED_TO = {None: N_("to the next player in the direction of play"),
             "direction": N_("to the next player in the direction of play"),
             1: N_("to the next seat clockwise (seat + 1)"),
             -1: N_("to the next seat counter-clockwise (seat - 1)"),
             "chosen": N_("each to a player of their choice")}
# A card's own attributes (vocabulary.ATTRIBUTE_TYPES) in words; a declared one is said by
# its name.
ATTRIBUTES = {"name": N_("name"), "kind": N_("kind"), "color": N_("color"), "rank": N_("rank"),
              "points": N_("points"), "value": N_("value"), "back": N_("back")}
# What a loop goes through, by the type of its items (or of a single value).
ITEMS = {"seat": "seat", "seats": "seat", "card": "card", "cards": "card",
         "colour": "colour", "colours": "colour"}
# Each kind of item in words: one, several, one named and several named (a loop's name,
# said when another loop's item of the same kind could be meant), and the item within its
# loop when no other could be.
NOUNS = {"seat": (N_("seat"), N_("seats"), N_("seat {name}"), N_("seats {name}"), N_("that seat")),
         "card": (N_("card"), N_("cards"), N_("card {name}"), N_("cards {name}"), N_("it")),
         "colour": (N_("colour"), N_("colours"), N_("colour {name}"), N_("colours {name}"),
                    N_("it"))}
# A quantifier's words, by quantifier: without a condition, and with one.
QUANTIFIERS = {
    "any": (N_("there is a {item} in {source}"),
            N_("there is a {item} in {source} where {condition}")),
    "none": (N_("there is no {item} in {source}"),
             N_("there is no {item} in {source} where {condition}")),
    "all": (N_("every {item} in {source} has nothing against it"),
            N_("every {item} in {source} is such that {condition}")),
    "count": (N_("the number of {items} in {source}"),
              N_("the number of {items} in {source} where {condition}")),
    "select": (N_("the {items} in {source}"), N_("the {items} in {source} where {condition}")),
}
# A sum's words: over a list (its item unnamed) or over each named item; with a condition.
TOTALS = {(False, False): N_("the sum of {value} over {source}"),
          (False, True): N_("the sum of {value} over {source} where {condition}"),
          (True, False): N_("the sum of {value} over each {item} in {source}"),
          (True, True): N_("the sum of {value} over each {item} in {source} where {condition}")}
NOTHING = N_("nothing happens.")
# `{1} cards` in a builtin's words, `{1}` its count; `{0} pile {1}`, a row's pile.
COUNTED = re.compile(r"\{(\d)\} cards")
PLACE = "{%d} pile {%d}"


def capital(said: str) -> str:
    """A sentence's first letter in capitals (a script without capitals is left as it is)."""
    return said[:1].upper() + said[1:]


def cards(count: int) -> str:
    """`1 card`, `2 cards`, in the language spoken."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def told_form(says: str, this: tuple = (), counts: tuple = (), singular: bool = False) -> str:
    """A builtin's words with the piles named by `pile` said as `this ROW pile` (`this`:
    the row's argument indexes), and the counted slots `counts` said as the count alone
    ("draws the number of cards owed"); `singular`: a counted slot said for one card."""
    for row in this:
        says = says.replace(PLACE % (row, row + 1), "this {%d} pile" % row)
    for slot in counts:
        says = says.replace("{%d} cards" % slot, "{%d}" % slot)
    return COUNTED.sub(r"{\1} card", says) if singular else says


def told_forms(row) -> list:
    """Every message a builtin's words are said with (a counted one also as its two forms for
    a number: singular, plural): what Babel extracts (extract_says) and the tests check is
    translated."""
    rows = [i for i, param in enumerate(row.params[:-1])
            if param is ROW and row.params[i + 1] is PILE and PLACE % (i, i + 1) in row.says]
    slots = [int(slot) for slot in COUNTED.findall(row.says)]
    forms: list = []
    for this_mask in product((False, True), repeat=len(rows)):
        this = tuple(r for r, on in zip(rows, this_mask) if on)
        for count_mask in product((False, True), repeat=len(slots)):
            counts = tuple(s for s, on in zip(slots, count_mask) if on)
            said = told_form(row.says, this, counts)
            forms.append(said)  # a count said as written ("2 plus the pending penalty cards")
            if COUNTED.search(said):  # and a number's: "1 card", "2 cards"
                forms.append((told_form(row.says, this, counts, singular=True), said))
    return forms


def extract_says(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for builtins.py (babel.cfg): each row's words, in every form
    `told_forms` gives, as messages of the catalogs."""
    for row in ROWS:
        for form in told_forms(row):
            yield 0, "ngettext" if isinstance(form, tuple) else "_", form, []
