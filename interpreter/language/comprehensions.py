"""Compile the effect language's comprehensions (any, all, count, select, sum), once, into
Python closures over (game, frame), with what every expression compiler has: the symbols,
the variables in scope, and errors pointing into the text. expressions.py builds the other
expressions on top of this; the checks the comprehensions' closures run (a list to go
through, its items charged to the game's budget, numbers kept within bounds) are here too.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from interpreter.engine.budget import MAX_NUMBER, WORK_MESSAGE
from interpreter.engine.cards import (
    BUILTIN_ATTRIBUTES,
    card_values,
    holds_value,
    values_total,
)
from interpreter.errors import DslError, RuleRuntimeError
from interpreter.language import dsl
from interpreter.language.symbols import Symbols

if TYPE_CHECKING:
    from interpreter.engine.game import GameState

MAX_NESTING: Final = 2  # comprehensions inside comprehensions (and `for` loops)

# A compiled expression: fn(game, frame) -> value. Its arguments are Any: an expression may be
# asked with no frame (the player count's), and the compiled build then checks nothing more.
Fn = Callable[[Any, Any], Any]
# What a runtime failure of a rule is made into: runtime(node, exc) -> RuleRuntimeError.
Runtime = Callable[[dsl.Node, Exception], RuleRuntimeError]


class ComprehensionCompiler:
    """Compiles the comprehensions of one piece of effect text; errors point into that text."""

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
    def static(self, node: dsl.Node) -> tuple[bool, Any]:
        """(True, value) when `node` has the same value in every game: literals and options.
        (It does not compile `node`: compiling it again at every level of an `and` chain made
        compile time exponential in the chain's length.)"""
        return dsl.static_value(node, self.symbols.options)

    def expr(self, node: Any) -> Any:
        """An expression as `fn(game, frame)` (ExpressionCompiler compiles every kind)."""
        raise NotImplementedError

    def bound(self, var: str, *nodes: dsl.Node | None) -> tuple[Any, ...]:
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

    def iterate(self, node: dsl.Node, source: Fn) -> Fn:
        """The items of a comprehension's source, checked to be a list."""
        runtime = self.runtime
        return lambda g, f: go_through(runtime, node, source(g, f), g)

    def comprehension(self, node: dsl.Node, compile_it: Callable[[Any], Fn]) -> Fn:
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

    def expr_quantifier(self, node: dsl.Quantifier) -> Fn:
        return self.comprehension(node, self.quantifier)

    def expr_total(self, node: dsl.Total) -> Fn:
        return self.comprehension(node, self.total)

    def quantifier(self, node: dsl.Quantifier) -> Fn:
        raw = self.expr(node.source)
        fast = self.attribute_match(node, raw)
        if fast is not None:
            return fast
        source = self.iterate(node, raw)
        var, cond = self.bound(node.var, node.cond)
        cond = cond or (lambda g, f: True)
        if node.quantifier == "any":
            def any_of(g: Any, f: Any) -> Any:
                scope = f.vars
                for item in source(g, f):
                    scope[var] = item
                    if cond(g, f):
                        return True
                return False
            return any_of
        if node.quantifier == "select":
            def select_of(g: Any, f: Any) -> Any:  # the items for which the condition holds, in order
                scope, chosen = f.vars, []
                for item in source(g, f):
                    scope[var] = item
                    if cond(g, f):
                        chosen.append(item)
                return tuple(chosen)
            return select_of
        if node.quantifier == "all":
            def all_of(g: Any, f: Any) -> Any:
                scope = f.vars
                for item in source(g, f):
                    scope[var] = item
                    if not cond(g, f):
                        return False
                return True
            return all_of

        def count_of(g: Any, f: Any) -> Any:
            scope, total = f.vars, 0
            for item in source(g, f):
                scope[var] = item
                if cond(g, f):
                    total += 1
            return total
        return count_of

    def attribute_match(self, node: dsl.Quantifier, source: Fn) -> Fn | None:
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

            def count(g: Any, f: Any) -> Any:
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

        def scan(g: Any, f: Any) -> Any:
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

    def attribute_terms(self, cond: Any, var: str) -> list[tuple[str, Any]] | None:
        """`var.attr == value` tests joined by `or`, as (attr, value) pairs, where no value
        reads `var`; None if `cond` is not that shape."""
        if isinstance(cond, dsl.Binary) and cond.op == "or":
            left = self.attribute_terms(cond.left, var)
            right = None if left is None else self.attribute_terms(cond.right, var)
            return None if left is None or right is None else left + right
        attr = card_attribute(cond.left, var) if isinstance(cond, dsl.Binary) \
            and cond.op == "==" else None
        if attr is None or var in dsl.names_used(cond.right):
            return None
        return [(attr, cond.right)]

    def total(self, node: dsl.Total) -> Fn:
        source = self.iterate(node, self.expr(node.source))
        slow = self.total_loop(node, source)
        attr = card_attribute(node.expr, node.var)
        if node.cond is not None or attr is None:
            return slow
        # `sum(c.points for c in ...)`, a hand's score, summed in C.
        getter = operator.attrgetter(attr)

        def total(g: Any, f: Any) -> Any:
            try:
                items = source(g, f)
                found = values_total(items, attr)
                result: Any = sum(map(getter, items)) if found is None else found
            except (AttributeError, TypeError):  # not cards, or not numbers: the loop says why
                return slow(g, f)
            if isinstance(result, int) and not -MAX_NUMBER <= result <= MAX_NUMBER:
                return slow(g, f)  # the loop says which number grew too large
            return result
        return total

    def total_loop(self, node: dsl.Total, source: Fn) -> Fn:
        """`sum(expr for var in source if cond)`, item by item."""
        var, expr, cond = self.bound(node.var, node.expr, node.cond)
        cond = cond or (lambda g, f: True)
        runtime = self.runtime

        def total(g: Any, f: Any) -> Any:
            scope = f.vars
            result: Any = 0  # whatever the items add up to (the loop says if they cannot)
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


def within_bounds(runtime: Runtime, node: Any, value: Any, what: str) -> Any:
    """`value`, refused past ±MAX_NUMBER so that a rule cannot grow a number to eat memory."""
    if isinstance(value, int) and not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise runtime(node, ValueError(f"{what} grew past {MAX_NUMBER}"))
    return value

def go_through(runtime: Runtime, node: Any, value: Any, g: GameState) -> Any:
    """`value` as the items a comprehension goes through: a list or tuple, each item charged
    to the game's budget, so that a count inside a count over every hand cannot run for
    minutes. A single seat is a list of one, as wherever seats are taken."""
    if type(value) is int and 0 <= value < g.players:
        value = (value,)
    if not isinstance(value, (list, tuple)):
        raise runtime(node, TypeError(f"expected cards or seats to go through, got {value!r}"))
    return charged(runtime, node, value, g)


def charged(runtime: Runtime, node: Any, value: Any, g: GameState) -> Any:
    """`value`, its items charged to the game's budget when it is a list or tuple (1 each)."""
    if isinstance(value, (list, tuple)):
        g.work_left -= len(value)
        if g.work_left < 0:
            raise runtime(node, ValueError(WORK_MESSAGE))
    return value


def card_attribute(node: Any, var: str) -> str | None:
    """`attr` when `node` is `var.attr` for an attribute every card has, else None."""
    if isinstance(node, dsl.Attribute) and node.attr in BUILTIN_ATTRIBUTES \
            and node.subject == dsl.Name(node.line, node.column, var):
        return node.attr
    return None
