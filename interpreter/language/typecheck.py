"""Static types of the effect language, inferred and checked once at load, so that a rule that
would fail in play with a type error (`draw(next, "two")`, `set_color("purple")`) is refused
with its file, line and column instead.

The types themselves are in vocabulary.py; each function's and name's types are its row in
builtins.py. A value that may be of several types is accepted where any one of them fits (the
checker does not follow which one `if card.kind == ...` has made sure of).

The pass runs after the compiler has accepted the text: names, arities and roles are sound
there. Parts of a text the compiler settled away (the branch of an `if` on an option that is
off) are checked as well, since other options may bring them into play; a name unknown there
is taken as `any`.
"""

from __future__ import annotations

import difflib
import fnmatch

from interpreter.language import dsl
from interpreter.language.builtins import BUILTINS, closest
from interpreter.language.kinds import both, kinds_known
from interpreter.language.vocabulary import (
    ANY,
    ATTRIBUTE_TYPES,
    BOOLEAN,
    BOUND_TYPES,
    CARD,
    COLOUR,
    ITEM,
    LISTS,
    NONE,
    NUMBER,
    ORDERED,
    ORDINALS,
    QUANTIFIERS,
    SEAT,
    SEATS,
    TEXT,
    VALUE,
    VARIABLE,
    Param,
    describe,
    families,
    fits,
    option_type,
    settable,
)

# What a ruleset's expressions must give, by where they are written (Symbols.where's path):
# conditions are asked for their truth; these give numbers. Other expressions (settings,
# checked when they are worked out at load) may give anything.
CONDITIONS = ("$.playable", "$.playable.*", "$.kinds.*.legal", "$.kinds.*.fair",
              "$.rules.*.if", "$.first_card.*", "$.jump_in.allowed",
              "$.match.ends_when")
NUMBERS = {"$.scoring.winner_scores": "the winner's score",
           "$.scoring.seat_scores": "a seat's own score",
           "$.dealer.draw_high": "what a card is worth in the dealer draw"}


def literal_of(node):
    """The value of a literal number (`-1` too) or text; None when `node` is not one."""
    if isinstance(node, (dsl.Number, dsl.Text)):
        return node.value
    if isinstance(node, dsl.Unary) and node.op == "-" and isinstance(node.operand, dsl.Number):
        return -node.operand.value
    return None


def check(compiler, tree) -> None:
    """Check the types in `tree` (an effect's dsl.Block, or an expression); a mistake raises
    compiler.fail(node, message)."""
    checker = Checker(compiler)
    path = compiler.symbols.where.get("path") or ""
    if isinstance(tree, dsl.Block):
        checker.block(tree)
    elif any(fnmatch.fnmatchcase(path, pattern) for pattern in CONDITIONS):
        checker.condition(tree)
    elif path in NUMBERS:
        checker.number(tree, NUMBERS[path], verb="is")
    else:
        checker.infer(tree)


class Checker:
    """Infers the type of each expression of one text, refusing what cannot work in play."""

    def __init__(self, compiler):
        self.fail = compiler.fail
        self.symbols = compiler.symbols
        # Variables in scope and their types; `let` adds to it as the compiler's scope does.
        self.scope = {name: self.symbols.types.get(name) or BOUND_TYPES.get(name, ANY)
                      for name in self.symbols.bound}
        # The kinds a name's card can only be, where a condition made sure of it (a rank is
        # a number on some kinds and text on others: see rank()).
        self.ranks: dict = self.symbols.ranks
        every = frozenset(self.ranks)
        self.kinds: dict = {} if self.symbols.card_kinds is None \
            else {"card": self.symbols.card_kinds & every or self.symbols.card_kinds}
        self.every = every

    # --- statements ----------------------------------------------------------------------

    def block(self, block) -> None:
        for statement in block.statements if block else ():
            self.statement(statement)

    def statement(self, node) -> None:
        if isinstance(node, dsl.If):
            self.branches(node)
        elif isinstance(node, dsl.Let):
            self.scope[node.var] = self.infer(node.value)
            self.kinds.pop(node.var, None)  # a new value: what was made sure of is not
        elif isinstance(node, dsl.For):
            self.loop(node)
        elif isinstance(node, dsl.Repeat):
            self.number(node.count, "repeat", verb="goes round")
            self.body(node.body)
        elif isinstance(node, dsl.While):
            self.condition(node.cond)
            self.body(node.body)
        else:
            self.call(node.call)

    def loop(self, node: dsl.For) -> None:
        """`for s in SEATS do ... end`: the source must be seats, and `s` is a seat in the
        body; after it, a variable has any type it had before or the body gave it (the body
        may run no time)."""
        source = self.infer(node.source)
        if not fits(source, SEAT | SEATS):
            raise self.fail(node.source, f"for goes through seats, not {describe(source)}"
                                         f"{seat_hint(source, SEATS)}")
        self.body(node.body, node.var, SEAT)

    def body(self, block, var: str = "", type_: frozenset = ANY) -> None:
        """A loop's body, `var` bound to `type_` in it; after it, a variable has any type it
        had before or the body gave it (the body may run no time)."""
        before = dict(self.scope)
        if var:
            self.scope[var] = type_
        self.block(block)
        after = self.scope
        self.scope = dict(before)
        for name, given in after.items():
            if name != var:
                self.scope[name] = self.scope.get(name, frozenset()) | given

    def branches(self, node: dsl.If) -> None:
        """Each branch from the scope before the `if`; after it, a variable has any type a
        branch gave it."""
        before, after = dict(self.scope), []
        earlier: dict = {}  # what the earlier conditions not holding make sure of
        for cond, block in node.branches:
            self.knowing(earlier, self.condition, cond)
            self.scope = dict(before)
            self.knowing(both(earlier, kinds_known(cond, self.every), self.every), self.block,
                         block)
            after.append(self.scope)
            self.scope = dict(before)
            earlier = both(earlier, kinds_known(cond, self.every, False), self.every)
        self.knowing(earlier, self.block, node.orelse)
        after.append(self.scope)
        self.scope = {}
        for scope in after:
            for name, type_ in scope.items():
                self.scope[name] = self.scope.get(name, frozenset()) | type_

    # --- expressions ---------------------------------------------------------------------

    def infer(self, node) -> frozenset:
        """The type of an expression."""
        method = getattr(self, "infer_" + type(node).__name__.lower(), None)
        return method(node) if method is not None else ANY

    def infer_number(self, node) -> frozenset:
        return NUMBER

    def infer_text(self, node) -> frozenset:
        return TEXT

    def infer_constant(self, node) -> frozenset:
        return NONE if node.value is None else BOOLEAN

    def infer_name(self, node: dsl.Name) -> frozenset:
        if node.ident in self.scope:
            return self.scope[node.ident]
        row = BUILTINS.get(node.ident)
        return row.result if row is not None and row.role == "name" else ANY

    def infer_attribute(self, node: dsl.Attribute) -> frozenset:
        subject = node.subject
        if isinstance(subject, dsl.Name) and subject.ident not in self.scope:
            if subject.ident == "option":
                options = self.symbols.options
                return option_type(options[node.attr]) if node.attr in options else ANY
            if subject.ident == "var":
                return self.symbols.variable_types.get(node.attr, VALUE)
        of = self.infer(subject)
        if not of & (CARD | NONE):
            raise self.fail(node, f"`.{node.attr}` is an attribute of a card, not of "
                                  f"{describe(of)}")
        if node.attr == "rank" and self.ranks:
            return self.rank(subject)
        return ATTRIBUTE_TYPES.get(node.attr, ANY)

    def rank(self, subject) -> frozenset:
        """A card's rank, of the kinds its card can be here (every kind the deck deals,
        unless a condition made sure of fewer)."""
        kinds = self.symbols.dealt or self.every
        if isinstance(subject, dsl.Name) and subject.ident in self.kinds:
            kinds = self.kinds[subject.ident]
        found = frozenset().union(*(self.ranks[k] for k in kinds if k in self.ranks))
        return found or ATTRIBUTE_TYPES["rank"]

    def text_ranks(self, type_: frozenset, node=None) -> str:
        """Why a value that may be a number may be text, when it is a mixed rank: the
        kinds whose rank is their name, and how to make sure of a kind whose ranks are
        numbers; '' for any other value."""
        if not self.ranks or type_ == ANY or not {"number", "text"} <= type_:
            return ""
        dealt = sorted(self.symbols.dealt or self.every)
        texts = [k for k in dealt if "text" in self.ranks[k]]
        numbers = [k for k in dealt if self.ranks[k] == NUMBER] or ["KIND"]
        shown = ", ".join(texts[:3]) + (", ..." if len(texts) > 3 else "")
        subject = next((item.subject.ident for item in dsl.walk(node)
                        if isinstance(item, dsl.Attribute) and item.attr == "rank"
                        and isinstance(item.subject, dsl.Name)), "card") if node else "card"
        return (f", but a card's rank may be text here (the rank of a {shown} card is its "
                f"kind's name): use `{subject}.value` (a number on every card), or make sure "
                f"of the kind first, as in `{subject}.kind == \"{numbers[0]}\" and ...`")

    def knowing(self, known: dict, fn, *args):
        """fn(*args) with what a condition made sure of (name -> kinds) known."""
        if not known or not self.ranks:
            return fn(*args)
        before = self.kinds
        self.kinds = both(before, known, self.every)
        try:
            return fn(*args)
        finally:
            self.kinds = before

    def infer_choose(self, node: dsl.Choose) -> frozenset:
        """An if used as a value: any of its branches' types, each branch's value knowing
        what its condition (and the earlier ones not holding) made sure of."""
        found: frozenset = frozenset()
        earlier: dict = {}
        for cond, value in node.branches:
            self.knowing(earlier, self.condition, cond)
            found |= self.knowing(both(earlier, kinds_known(cond, self.every), self.every),
                                  self.infer, value)
            earlier = both(earlier, kinds_known(cond, self.every, False), self.every)
        return found | self.knowing(earlier, self.infer, node.orelse)

    def infer_call(self, node: dsl.Call) -> frozenset:
        return self.call(node)

    def infer_unary(self, node: dsl.Unary) -> frozenset:
        if node.op == "not":
            self.condition(node.operand)
            return BOOLEAN
        self.number(node.operand, "`-`")
        return NUMBER

    def infer_binary(self, node: dsl.Binary) -> frozenset:
        if node.op in ("and", "or"):
            left = self.condition(node.left)  # its truth is always asked
            return left | self.knowing(self.after(node), self.infer, node.right)
        left, right = self.infer(node.left), self.infer(node.right)
        if node.op in ("==", "!="):
            self.comparable(node, left, right)
        elif node.op == "in":
            self.member(node, left, right)
        elif node.op in ("<", "<=", ">", ">="):
            self.ordered(node, left, right)
        else:
            self.number(node.left, f"`{node.op}`", left)
            self.number(node.right, f"`{node.op}`", right)
            return NUMBER
        return BOOLEAN

    def infer_quantifier(self, node: dsl.Quantifier) -> frozenset:
        source, with_var = self.items(node, node.quantifier)
        try:
            if node.cond is not None:
                self.condition(node.cond)
        finally:
            with_var()
        given = QUANTIFIERS.get(node.quantifier, ANY)
        return (source & LISTS if source != ANY else ANY) if given is None else given

    def infer_total(self, node: dsl.Total) -> frozenset:
        _, with_var = self.items(node, "sum")
        try:
            known = {}
            if node.cond is not None:
                self.condition(node.cond)
                known = kinds_known(node.cond, self.every)
            self.knowing(known, self.number, node.expr, "sum")
        finally:
            with_var()
        return NUMBER

    # --- the checks ------------------------------------------------------------------------

    def call(self, node: dsl.Call) -> frozenset:
        """A function call: each argument checked against its parameter; gives the result."""
        row = BUILTINS.get(node.function)
        params, result = ((), ANY) if row is None or row.role == "name" else (row.params, row.result)
        givens = []
        if params and params[0] is VARIABLE:
            params, result = self.variable(node, params, result)
        for index, argument in enumerate(node.args):
            given = self.infer(argument)
            givens.append(given)
            if index >= len(params):
                continue  # too many: the compiler refused it, or it was settled away
            param = params[index]
            which = "argument" if len(params) == 1 else f"{ordinal(index)} argument"
            if not fits(given, param.type):
                raise self.fail(argument, f"{node.function}'s {which} is {param.what}, not "
                                          f"{describe(given)}{seat_hint(given, param.type)}")
            if param.type - NONE == NUMBER and self.text_ranks(given):
                raise self.fail(argument, f"{node.function}'s {which} is {param.what}"
                                          f"{self.text_ranks(given, argument)}")
            value = literal_of(argument)
            if value is not None and param.literal == "colour":
                self.colour(argument, value)
            if value is not None and param.literal == "row" and self.symbols.rows is not None \
                    and value not in self.symbols.rows:
                known = ", ".join(self.symbols.rows) or "none declared"
                raise self.fail(argument, f"no row named {value!r} under rows: (rows: {known})"
                                          f"{closest(str(value), self.symbols.rows)}")
            if value is not None and param.literal == "direction" and value not in (1, -1):
                raise self.fail(argument, f"{node.function}'s {which} is a direction, 1 or "
                                          f"-1, not {value!r}")
            if value is not None and param.literal == "passing" \
                    and value not in (1, -1, "chosen"):
                raise self.fail(argument, f"{node.function}'s {which} is a direction, 1 or "
                                          f'-1, or "chosen", not {value!r}')
        if node.function == "run" and node.args:
            self.effect_arguments(node, givens[1:])
        if row is not None and row.typed is not None:
            return row.typed(self.symbols, node)
        return result

    def effect_arguments(self, node: dsl.Call, givens: list) -> None:
        """run("NAME", ...)'s arguments, each of the type the effect's parameter takes."""
        name = literal_of(node.args[0])
        params = self.symbols.effects.get(name, ()) if isinstance(name, str) else ()
        for index, (argument, given, (param, type_)) in enumerate(zip(node.args[1:], givens,
                                                                         params)):
            if not fits(given, type_):
                raise self.fail(argument, f"the effect {name}'s {ordinal(index)} argument, "
                                          f"{param}, is {describe(type_)}, not "
                                          f"{describe(given)}{seat_hint(given, type_)}")

    def variable(self, node: dsl.Call, params: tuple, result: frozenset) -> tuple:
        """A call naming a declared variable (set_var, seat_var, ...): what it sets or gives
        is what that variable holds (its `type:`)."""
        name = node.args[0].value if node.args and isinstance(node.args[0], dsl.Text) else None
        held = self.symbols.variable_types.get(name, VALUE)
        if held == VALUE:  # no type given: as before
            return params, result
        if result == VALUE:  # a query: it gives what the variable holds
            return params, held
        what = f"what '{name}' holds ({describe(held - NONE)}" \
               f"{' or none' if NONE <= held else ''})"
        last = Param(settable(held), what, "colour" if COLOUR <= held else "")
        return params[:-1] + (last,), result

    def condition(self, node) -> frozenset:
        """An expression whose truth is asked: a seat (seat 0 counts as false) or none
        (always false) is refused."""
        if isinstance(node, dsl.Binary) and node.op in ("and", "or"):
            return self.condition(node.left) | self.knowing(self.after(node), self.condition,
                                                            node.right)
        type_ = self.infer(node)
        if type_ and type_ - NONE <= SEAT:
            why = "seat 0 would count as false; compare it, as in `x == player`" \
                if type_ - NONE else "it is never true"
            raise self.fail(node, f"a condition is true or false, not {describe(type_)} ({why})")
        return type_

    def after(self, node: dsl.Binary) -> dict:
        """What the right of `a and b` may take as sure: what `a` makes sure of (after
        `or`, what `a` not holding makes sure of)."""
        return kinds_known(node.left, self.every, node.op == "and")

    def number(self, node, where: str, type_: frozenset | None = None,
               verb: str = "works on") -> None:
        """An operand (or a whole expression) that must be a number."""
        type_ = self.infer(node) if type_ is None else type_
        mixed = self.text_ranks(type_, node)
        if mixed:
            what = "numbers" if verb == "works on" else "a number"
            raise self.fail(node, f"{where} {verb} {what}{mixed}")
        if fits(type_, NUMBER):
            return
        hint = "; the seat after one is seat_after(seat, 1)" if type_ - NONE <= SEAT else ""
        what = "numbers" if verb == "works on" else "a number"
        raise self.fail(node, f"{where} {verb} {what}, not {describe(type_)}{hint}")

    def comparable(self, node: dsl.Binary, left: frozenset, right: frozenset) -> None:
        """`==` and `!=`: never true between values of unlike types (a card and a number)."""
        for side, type_ in ((node.left, right), (node.right, left)):
            if isinstance(side, dsl.Text) and type_ - NONE and type_ - NONE <= COLOUR:
                self.colour(side, side.value)
        if NONE in (left, right) or families(left - NONE) & families(right - NONE):
            return
        raise self.fail(node, f"`{node.op}` compares {describe(left)} with {describe(right)}: "
                              "they are never equal")

    def ordered(self, node: dsl.Binary, left: frozenset, right: frozenset) -> None:
        """`<` and the like: numbers (seats too) with numbers, or text with text."""
        for side, type_ in ((node.left, left), (node.right, right)):
            mixed = self.text_ranks(type_, side)
            if mixed:
                raise self.fail(side, f"`{node.op}` orders numbers or text{mixed}")
        if NONE in (left, right) or families(left - NONE) & families(right - NONE) & ORDERED:
            return
        raise self.fail(node, f"`{node.op}` orders numbers or text, not {describe(left)} and "
                              f"{describe(right)}")

    def member(self, node: dsl.Binary, left: frozenset, right: frozenset) -> None:
        """`x in y`: a card in cards, a seat in seats, text in text."""
        if not (right - NONE) & (LISTS | TEXT | COLOUR):
            raise self.fail(node.right, "`in` looks in cards, seats, colours or text, not "
                                        f"{describe(right)}")
        found = families(frozenset().union(*(ITEM[b] for b in right if b in ITEM)))
        if right & (TEXT | COLOUR):
            found.add("text")
        if left == NONE or families(left - NONE) & found:
            return
        raise self.fail(node, f"`in` looks for {describe(left)} in {describe(right)}: it is "
                              "never there")

    def colour(self, node, value) -> None:
        """A literal colour must be one of the ruleset's (when they are known)."""
        colors = self.symbols.colors
        if not colors or value in colors:
            return
        close = difflib.get_close_matches(str(value), colors, n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise self.fail(node, f"unknown colour {value!r}; colours: {', '.join(colors)}{hint}")

    def items(self, node, what: str):
        """A comprehension's source checked to be a list, and its variable bound to
        their items; gives the source's type and the function that unbinds the variable."""
        source = self.infer(node.source)
        if source & SEAT and source != ANY:
            source = (source - SEAT) | SEATS  # a single seat is taken where seats are
        if not source & LISTS:
            raise self.fail(node.source, f"{what} goes through cards, seats or colours, not "
                                         f"{describe(source)}")
        item = frozenset().union(*(ITEM[b] for b in source if b in ITEM))
        outer = self.scope.get(node.var)
        self.scope[node.var] = ANY if source == ANY else item
        outer_kinds = self.kinds.pop(node.var, None)  # a new variable: nothing sure of it

        def unbind():
            if outer is None:
                del self.scope[node.var]
            else:
                self.scope[node.var] = outer
            if outer_kinds is not None:
                self.kinds[node.var] = outer_kinds
        return source, unbind


def ordinal(index: int) -> str:
    """'first' for 0, 'second' for 1, ..."""
    return ORDINALS[index] if index < len(ORDINALS) else f"number {index + 1}"


def seat_hint(given: frozenset, wanted: frozenset) -> str:
    """Why a number is not a seat, when one was given for a seat."""
    if wanted & (SEAT | SEATS) and given - NONE and given - NONE <= NUMBER:
        return " (a number may name no seat at the table: name seats as player, next, " \
               "seat_after(player, 2) and the like)"
    return ""
