"""Compile effect-language expressions, once, into Python closures over (game, frame).

An expression becomes `fn(game, frame) -> value`: names, card attributes, options, queries,
arithmetic and comparisons, on top of the comprehensions (comprehensions.py); compiler.py
compiles the statements, as ops, on top of this. Names and functions are looked up in the
builtins table (builtins.py), whose functions the closures call directly. No user text is
ever eval'd.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from interpreter.engine.cards import BUILTIN_ATTRIBUTES, Card, own_attribute
from interpreter.engine.frame import Frame
from interpreter.language import dsl
from interpreter.language.builtins import FUNCTIONS, NAMES, Builtin, closest
from interpreter.language.comprehensions import (
    ComprehensionCompiler,
    Fn,
    charged,
    within_bounds,
)
from interpreter.language.vocabulary import ANY, LISTS

if TYPE_CHECKING:
    pass

# What a rule's own mistake raises at run time (a wrong type, a missing key or seat): reported
# as a RuleRuntimeError naming the text, not a traceback.
RULE_ERRORS: Final = (TypeError, ValueError, KeyError, IndexError)
ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul,
              "/": operator.floordiv, "%": operator.mod}
COMPARISONS: dict[str, Any] = dsl.COMPARISONS


def invoke(fn: Callable[..., Any], args: tuple[Fn, ...], game: Any, frame: Any) -> Any:
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


class ExpressionCompiler(ComprehensionCompiler):
    """Compiles the expressions of one piece of effect text; errors point into that text."""

    def builtin(self, node: dsl.Call) -> Builtin:
        """The function a call names, its arity and load-time check passed."""
        prim = FUNCTIONS.get(node.function)
        if prim is None:
            known = ", ".join(sorted(FUNCTIONS))
            hint = closest(node.function, FUNCTIONS, "{}()")
            raise self.fail(node, f"unknown function {node.function}(){hint}; known: {known}")
        count = len(node.args)
        if not prim.min_args <= count <= prim.max_args:
            wanted = prim.min_args if prim.min_args == prim.max_args else \
                f"{prim.min_args} to {prim.max_args}"
            raise self.fail(node, f"{node.function}() takes {wanted} argument(s), got {count}")
        if prim.check is not None:
            prim.check(self, node)
        return prim
    # --- expressions -----------------------------------------------------------------

    def expr(self, node: Any) -> Fn:
        """An expression as `fn(game, frame)`."""
        method = getattr(self, "expr_" + type(node).__name__.lower(), None)
        if method is None:
            raise self.fail(node, "this is a statement, not a value")
        compiled: Fn = method(node)
        return compiled

    def expr_number(self, node: dsl.Number | dsl.Text | dsl.Constant) -> Fn:
        value = node.value
        return lambda g, f: value

    def expr_text(self, node: dsl.Text) -> Fn:
        return self.expr_number(node)

    def expr_constant(self, node: dsl.Constant) -> Fn:
        return self.expr_number(node)

    def expr_name(self, node: dsl.Name) -> Fn:
        if node.ident in self.scope:
            name = self.scope[node.ident]

            def variable(g: Any, f: Any) -> Any:
                if isinstance(f, Frame):  # read natively (an expression of the player count
                    scope: dict[str, Any] = f.vars  # has no frame: it fails as it would)
                    return scope.get(name)
                return f.vars.get(name)
            return variable
        if node.ident in NAMES:
            return NAMES[node.ident].fn
        if node.ident == "option":
            raise self.fail(node, "write option.NAME, for example option.target_score")
        known = ", ".join(sorted(NAMES))
        hint = closest(node.ident, NAMES)
        raise self.fail(node, f"unknown name '{node.ident}'{hint}; known names: {known} "
                              "(and variables set with let)")

    def expr_attribute(self, node: dsl.Attribute) -> Fn:
        if isinstance(node.subject, dsl.Name) and node.subject.ident == "option" \
                and "option" not in self.scope:
            return self.option(node)
        if isinstance(node.subject, dsl.Name) and node.subject.ident == "var" \
                and "var" not in self.scope:
            return self.variable(node)
        subject = self.expr(node.subject)
        attr = node.attr
        if attr in BUILTIN_ATTRIBUTES:
            def builtin(g: Any, f: Any) -> Any:
                item = subject(g, f)
                if isinstance(item, Card):  # a field of its own, read natively
                    return own_attribute(item, attr)
                return getattr(item, attr, None)
            return builtin
        if attr in self.symbols.attributes:
            def get(g: Any, f: Any) -> Any:
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

    def option(self, node: dsl.Attribute) -> Fn:
        if node.attr not in self.symbols.options:
            known = ", ".join(sorted(self.symbols.options)) or "none declared"
            raise self.fail(node, f"unknown option '{node.attr}'; options: {known}")
        value = self.symbols.options[node.attr]
        return lambda g, f: value

    def variable(self, node: dsl.Attribute) -> Fn:
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

    def expr_call(self, node: dsl.Call) -> Fn:
        prim = self.builtin(node)
        if prim.role != "query":
            raise self.fail(node, f"{node.function}() changes the game; use it as a statement "
                                  f"(or `let x = {node.function}(...)`), not inside a condition")
        fn, runtime = prim.fn, self.runtime
        args = tuple(self.expr(a) for a in node.args)
        if len(args) == 1:
            # The common queries, `hand(player)`: the primitive called here at once.
            (one,) = args

            def call_one(g: Any, f: Any) -> Any:
                try:
                    return fn(g, f, one(g, f))
                except RULE_ERRORS as exc:
                    raise runtime(node, exc) from None
            return call_one

        def call(g: Any, f: Any) -> Any:
            try:
                return invoke(fn, args, g, f)
            except RULE_ERRORS as exc:
                raise runtime(node, exc) from None
        return call

    def expr_unary(self, node: dsl.Unary) -> Fn:
        operand = self.expr(node.operand)
        if node.op == "not":
            return lambda g, f: not operand(g, f)
        runtime = self.runtime

        def negate(g: Any, f: Any) -> Any:
            try:
                return -operand(g, f)
            except TypeError as exc:
                raise runtime(node, exc) from None
        return negate

    def expr_binary(self, node: dsl.Binary) -> Fn:
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

            def compare_lists(g: Any, f: Any) -> Any:  # goes through both lists, as a comprehension would
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
            def member(g: Any, f: Any) -> Any:  # goes through the list it looks in, as a comprehension would
                item, items = left(g, f), charged(runtime, node, right(g, f), g)
                try:
                    return item in items
                except TypeError as exc:
                    raise runtime(node, exc) from None
            return member
        fn = COMPARISONS[node.op]

        def apply(g: Any, f: Any) -> Any:
            try:
                return fn(left(g, f), right(g, f))
            except (TypeError, ZeroDivisionError) as exc:
                raise runtime(node, exc) from None
        return apply

    def expr_choose(self, node: dsl.Choose) -> Fn:
        """`if COND then A elif ... else C end` as a value: the first branch whose condition
        holds gives it. Each part is compiled (unknown names are errors even where settled);
        a condition settled at load leaves its branch, or the next, alone."""
        found: list[tuple[Fn, Fn]] = []
        orelse: Fn | None = None
        for cond, value in node.branches:
            test, give = self.expr(cond), self.expr(value)
            known, settled = self.static(cond)
            if orelse is not None:
                continue  # after a branch always taken: never reached
            if not known:
                found.append((test, give))
            elif settled:
                orelse = give  # always taken when reached
        last = self.expr(node.orelse)
        orelse = last if orelse is None else orelse
        if not found:
            return orelse
        otherwise: Fn = orelse
        if len(found) == 1:
            ((test, give),) = found
            return lambda g, f: give(g, f) if test(g, f) else otherwise(g, f)
        branches = tuple(found)

        def choose(g: Any, f: Any) -> Any:
            for at in range(len(branches)):  # indexed, each branch typed (as an if statement's)
                branch: tuple[Any, ...] = branches[at]
                if branch[0](g, f):
                    return branch[1](g, f)
            return otherwise(g, f)
        return choose

    def may_hold_list(self, node: dsl.Node) -> bool:
        """Whether `node` may give a list (of cards, seats or colours), by what gives it: a
        function or name whose type is one, a selection, or a variable."""
        if isinstance(node, dsl.Call):
            row = FUNCTIONS.get(node.function)
            return bool((ANY if row is None else row.result) & LISTS)
        if isinstance(node, dsl.Name):
            row = NAMES.get(node.ident)
            return node.ident in self.scope or bool((ANY if row is None else row.result) & LISTS)
        if isinstance(node, dsl.Quantifier):
            return node.quantifier == "select"
        if isinstance(node, dsl.Binary) and node.op in ("and", "or"):
            return self.may_hold_list(node.left) or self.may_hold_list(node.right)
        if isinstance(node, dsl.Choose):
            return any(self.may_hold_list(value) for _, value in node.branches) \
                or self.may_hold_list(node.orelse)
        return False

    def arithmetic(self, node: dsl.Binary, fn: Callable[[Any, Any], Any], left: Fn,
                   right: Fn) -> Fn:
        """Whole-number arithmetic, kept within ±MAX_NUMBER so a rule cannot eat memory."""
        runtime = self.runtime

        def compute(g: Any, f: Any) -> Any:
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
