"""Compile effect-language expressions, once, into Python closures over (game, frame).

An expression becomes `fn(game, frame) -> value`: names, card attributes, options, queries,
arithmetic, comparisons and comprehensions (compiler.py compiles the statements, as ops, on
top of this). No user text is ever eval'd.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from interpreter.engine.budget import WORK_MESSAGE
from interpreter.engine.cards import (
    BUILTIN_ATTRIBUTES,
    Card,
    card_values,
    holds_value,
    own_attribute,
    values_total,
)
from interpreter.errors import DslError, RuleRuntimeError
from interpreter.language import dsl
from interpreter.language.names import NAMES
from interpreter.language.primitives import (
    MAX_NESTING,
    MAX_NUMBER,
    PRIMITIVES,
    Frame,
    Primitive,
)
from interpreter.language.typecheck import ANY, LISTS, NAME_TYPES, SIGNATURES

if TYPE_CHECKING:
    from interpreter.engine.game import GameState

# What a rule's own mistake raises at run time (a wrong type, a missing key or seat): reported
# as a RuleRuntimeError naming the text, not a traceback.
RULE_ERRORS: Final = (TypeError, ValueError, KeyError, IndexError)
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
    sides: tuple = ()  # the names of the sides of two-sided cards (`sides:`)
    # Each kind's type of rank (a kind without ranks has its name as its rank), and the kinds
    # the deck deals; empty when not known (text compiled outside a ruleset).
    ranks: dict = field(default_factory=dict)
    dealt: frozenset = frozenset()
    card_kinds: frozenset | None = None  # the kinds `card` can only be here (a kind's own text)


def invoke(fn, args: tuple, game, frame) -> Any:
    """`fn(game, frame, *args)` with each argument computed on (game, frame)."""
    # A plain function the compiled build calls natively: a closure per call site, as this
    # was, cost a call through Python's protocol (some 150 instructions) on every run.
    count = len(args)
    if count == 0:
        return fn(game, frame)
    if count == 1:
        return fn(game, frame, args[0](game, frame))
    if count == 2:
        return fn(game, frame, args[0](game, frame), args[1](game, frame))
    return fn(game, frame, *[arg(game, frame) for arg in args])


class ExpressionCompiler:
    """Compiles the expressions of one piece of effect text; errors point into that text."""

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
    def static(self, node) -> tuple:
        """(True, value) when `node` has the same value in every game: literals and options.
        (It does not compile `node`: compiling it again at every level of an `and` chain made
        compile time exponential in the chain's length.)"""
        return dsl.static_value(node, self.symbols.options)
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

            def variable(g, f) -> Any:
                if isinstance(f, Frame):  # read natively (an expression of the player count
                    scope: dict = f.vars  # has no frame: it fails as it would)
                    return scope.get(name)
                return f.vars.get(name)
            return variable
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
            def builtin(g, f):
                item = subject(g, f)
                if isinstance(item, Card):  # a field of its own, read natively
                    return own_attribute(item, attr)
                return getattr(item, attr, None)
            return builtin
        if attr in self.symbols.attributes:
            def get(g, f):
                card = subject(g, f)
                if not isinstance(card, Card):
                    return None  # not a card (a seat): none
                # Subscripted, not .get(): a mapping proxy's get() calls its dictionary's
                # by name (callgrind: about 900 instructions a read, with getattr, to 200).
                attrs = card.attrs
                return attrs[attr] if attr in attrs else None
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
        args = tuple(self.expr(a) for a in node.args)
        if len(args) == 1:
            # The common queries, `hand(player)`: the primitive called here at once.
            (one,) = args

            def call_one(g, f):
                try:
                    return fn(g, f, one(g, f))
                except RULE_ERRORS as exc:
                    raise runtime(node, exc) from None
            return call_one

        def call(g, f):
            try:
                return invoke(fn, args, g, f)
            except RULE_ERRORS as exc:
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
        if node.op in ("==", "!=") and isinstance(node.right, (dsl.Number, dsl.Text, dsl.Constant)):
            value = node.right.value
            if value is None or type(value) in (bool, int, str):
                # `card.rank == 7`, `x == none`: the literal held, one closure call
                # fewer (callgrind: about 150 instructions a test).
                if node.op == "==":
                    return lambda g, f: left(g, f) == value
                return lambda g, f: left(g, f) != value
        runtime = self.runtime
        if node.op in ("==", "!=") and (self.may_hold_list(node.left)
                                        or self.may_hold_list(node.right)):
            unequal = node.op == "!="

            def compare_lists(g, f):  # goes through both lists, as a comprehension would
                a = charged(runtime, node, left(g, f), g)
                b = charged(runtime, node, right(g, f), g)
                # A hand (a list) equals the same cards kept by a `let` or a select (tuples).
                a = tuple(a) if type(a) is list else a
                b = tuple(b) if type(b) is list else b
                return (a == b) != unequal
            return compare_lists
        if node.op == "==":
            return lambda g, f: left(g, f) == right(g, f)
        if node.op == "!=":
            return lambda g, f: left(g, f) != right(g, f)
        if node.op in ARITHMETIC:
            return self.arithmetic(node, ARITHMETIC[node.op], left, right)
        if node.op == "in":
            def member(g, f):  # goes through the list it looks in, as a comprehension would
                item, items = left(g, f), charged(runtime, node, right(g, f), g)
                try:
                    return item in items
                except TypeError as exc:
                    raise runtime(node, exc) from None
            return member
        fn = COMPARISONS[node.op]

        def apply(g, f):
            try:
                return fn(left(g, f), right(g, f))
            except (TypeError, ZeroDivisionError) as exc:
                raise runtime(node, exc) from None
        return apply

    def may_hold_list(self, node) -> bool:
        """Whether `node` may give a list (of cards, seats or colours), by what gives it: a
        function or name whose type is one, a selection, or a variable."""
        if isinstance(node, dsl.Call):
            return bool(SIGNATURES.get(node.function, ((), ANY))[1] & LISTS)
        if isinstance(node, dsl.Name):
            return node.ident in self.scope or bool(NAME_TYPES.get(node.ident, ANY) & LISTS)
        if isinstance(node, dsl.Quantifier):
            return node.quantifier == "select"
        if isinstance(node, dsl.Binary) and node.op in ("and", "or"):
            return self.may_hold_list(node.left) or self.may_hold_list(node.right)
        return False

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
            return within_bounds(runtime, node, value, "a number")
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
        return lambda g, f: go_through(runtime, node, source(g, f), g)

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
        raw = self.expr(node.source)
        fast = self.attribute_match(node, raw)
        if fast is not None:
            return fast
        source = self.iterate(node, raw)
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
        `source` gives the items unchecked: the scan checks and charges them itself, one
        closure call fewer.
        """
        runtime = self.runtime
        terms = self.attribute_terms(node.cond, node.var)
        if terms is None or node.quantifier not in ("any", "count") \
                or (node.quantifier == "count" and len(terms) > 1):
            return None
        tests = tuple((operator.attrgetter(attr), attr, self.expr(value)) for attr, value in terms)
        if node.quantifier == "count":
            ((getter, attr, value),) = tests

            def count(g, f):
                items = go_through(runtime, node, source(g, f), g)
                if not items:
                    return 0
                wanted = value(g, f)
                values = card_values(items, attr)
                if values is not None:
                    return values.count(wanted)
                try:
                    return operator.countOf(map(getter, items), wanted)
                except AttributeError:  # not cards (seats, say): their attribute is none
                    return [getattr(item, attr, None) for item in items].count(wanted)
            return count

        def scan(g, f):
            items = go_through(runtime, node, source(g, f), g)
            if not items:
                return False
            for getter, attr, value in tests:
                wanted = value(g, f)
                held = holds_value(items, attr, wanted)
                if held > 0:
                    return True
                if not held:
                    continue
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
                items = source(g, f)
                found = values_total(items, attr)
                result = sum(map(getter, items)) if found is None else found
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
                    within_bounds(runtime, node, result, "a sum")
            return result
        return total


def within_bounds(runtime, node, value, what: str):
    """`value`, refused past ±MAX_NUMBER so that a rule cannot grow a number to eat memory."""
    if isinstance(value, int) and not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise runtime(node, ValueError(f"{what} grew past {MAX_NUMBER}"))
    return value

def go_through(runtime, node, value, g: GameState):
    """`value` as the items a comprehension goes through: a list or tuple, each item charged
    to the game's budget, so that a count inside a count over every hand cannot run for
    minutes. A single seat is a list of one, as wherever seats are taken."""
    if type(value) is int and 0 <= value < g.players:
        value = (value,)
    if not isinstance(value, (list, tuple)):
        raise runtime(node, TypeError(f"expected cards or seats to go through, got {value!r}"))
    return charged(runtime, node, value, g)


def charged(runtime, node, value, g: GameState):
    """`value`, its items charged to the game's budget when it is a list or tuple (1 each)."""
    if isinstance(value, (list, tuple)):
        g.work_left -= len(value)
        if g.work_left < 0:
            raise runtime(node, ValueError(WORK_MESSAGE))
    return value


def card_attribute(node, var: str) -> str | None:
    """`attr` when `node` is `var.attr` for an attribute every card has, else None."""
    if isinstance(node, dsl.Attribute) and node.attr in BUILTIN_ATTRIBUTES \
            and node.subject == dsl.Name(node.line, node.column, var):
        return node.attr
    return None
