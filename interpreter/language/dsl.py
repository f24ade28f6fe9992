"""The effect language: lark parse tree -> small AST nodes that remember where they were written."""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from functools import lru_cache

from lark import Lark, Transformer, v_args
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from interpreter.errors import DslError

MAX_TEXT_LENGTH = 4000
MAX_NESTING = 32
MAX_TREE_DEPTH = 200  # parse-tree levels: well within Python's recursion limit when compiling


# Each statement of the grammar (dsl.lark's _stmt), as the reference gives it.
STATEMENTS = {
    "if COND then ... elif COND then ... else ... end":
        "the first branch whose condition holds runs (or the else branch, if any). Used as "
        "a value, `if COND then A elif COND then B else C end` gives the value of the first "
        "branch whose condition holds (`draw(next, if penalty > 0 then 1 else 2 end)`): "
        "each branch a value, and the else required",
    "for s in SEATS do ... end":
        "the body once per seat, the seats worked out when the loop starts; the body may ask, "
        "and the loop goes on after each answer",
    "repeat N do ... end":
        "the body N times, N (a number) worked out once, when the loop starts (none at all "
        "when N is 0 or less); the body may ask, and the loop goes on after each answer. "
        "Each turn is charged to the game's work, and a loop of more turns than "
        "`limits.loop_turns` (1,000 unless lowered) stops the game with an error",
    "while COND do ... end":
        "the body again and again for as long as COND holds, COND asked before each turn; "
        "the body may ask, and the loop goes on after each answer. Each turn is charged to "
        "the game's work, and a loop of more turns than `limits.loop_turns` (1,000 unless "
        "lowered) stops the game with an error: a loop its body never ends is a mistake "
        "found in play, never a game that hangs",
    "let NAME = EXPR":
        "binds NAME to the value EXPR has now, from the next statement to the end of the text: "
        "a list is kept as it is then (`let mine = hand(player)` keeps the cards held at that "
        "moment; a later draw or play does not change them). A `let` may bind a name again: "
        "from there on the name holds the new value (an earlier use keeps the one it read). "
        "`let x = CHOICE(...)` binds the answer, once given",
    "ACTION(...)": "an action or a choice, called for what it does",
}


@dataclass(frozen=True)
class Node:
    """Base of every AST node: its 1-based line and column in the effect text."""

    line: int
    column: int


@dataclass(frozen=True)
class Number(Node):
    value: int


@dataclass(frozen=True)
class Text(Node):
    value: str


@dataclass(frozen=True)
class Constant(Node):
    value: object


@dataclass(frozen=True)
class Name(Node):
    ident: str


@dataclass(frozen=True)
class Attribute(Node):
    subject: Node
    attr: str


@dataclass(frozen=True)
class Call(Node):
    function: str
    args: tuple


@dataclass(frozen=True)
class Unary(Node):
    op: str
    operand: Node


@dataclass(frozen=True)
class Binary(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Quantifier(Node):
    """`any(c in cards if cond)`, `all(...)`, `count(...)`."""

    quantifier: str
    var: str
    source: Node
    cond: Node | None


@dataclass(frozen=True)
class Total(Node):
    """`sum(expr for c in cards if cond)`."""

    expr: Node
    var: str
    source: Node
    cond: Node | None


@dataclass(frozen=True)
class Block(Node):
    statements: tuple


@dataclass(frozen=True)
class If(Node):
    branches: tuple  # ((condition, Block), ...)
    orelse: Block | None


@dataclass(frozen=True)
class For(Node):
    """`for s in SEATS do ... end`: the body once per seat, the seats worked out at the start."""

    var: str
    source: Node
    body: Block


@dataclass(frozen=True)
class Repeat(Node):
    """`repeat N do ... end`: the body N times, N worked out once, when the loop starts."""

    count: Node
    body: Block


@dataclass(frozen=True)
class While(Node):
    """`while COND do ... end`: the body for as long as COND holds, asked before each turn."""

    cond: Node
    body: Block


@dataclass(frozen=True)
class Choose(Node):
    """`if COND then A elif COND then B else C end` used as a value: the first branch whose
    condition holds gives it, else the last."""

    branches: tuple  # ((condition, value), ...)
    orelse: Node


@dataclass(frozen=True)
class Let(Node):
    var: str
    value: Node


@dataclass(frozen=True)
class Do(Node):
    call: Call


def _at(meta) -> dict:
    return {"line": getattr(meta, "line", 1), "column": getattr(meta, "column", 1)}


@v_args(inline=True, meta=True)
class AstBuilder(Transformer):
    """Turns the lark tree into AST nodes; each method is named after its grammar rule."""

    def effect(self, meta, *statements):
        return Block(statements=statements, **_at(meta))

    def condition(self, meta, expr):
        return expr

    def if_stmt(self, meta, cond, then, *rest):
        branches = [(cond, then)]
        orelse = None
        for clause in rest:
            if isinstance(clause, tuple):
                branches.append(clause)
            else:
                orelse = clause
        return If(branches=tuple(branches), orelse=orelse, **_at(meta))

    def elif_clause(self, meta, cond, block):
        return (cond, block)

    def else_clause(self, meta, block):
        return block

    def for_stmt(self, meta, var, source, body):
        return For(var=str(var), source=source, body=body, **_at(meta))

    def repeat_stmt(self, meta, count, body):
        return Repeat(count=count, body=body, **_at(meta))

    def while_stmt(self, meta, cond, body):
        return While(cond=cond, body=body, **_at(meta))

    def if_expr(self, meta, cond, then, *rest):
        *elifs, orelse = rest
        return Choose(branches=((cond, then), *elifs), orelse=orelse, **_at(meta))

    def elif_value(self, meta, cond, value):
        return (cond, value)

    def let_stmt(self, meta, var, value):
        return Let(var=str(var), value=value, **_at(meta))

    def call_stmt(self, meta, call):
        return Do(call=call, **_at(meta))

    def or_op(self, meta, left, right):
        return Binary(op="or", left=left, right=right, **_at(meta))

    def and_op(self, meta, left, right):
        return Binary(op="and", left=left, right=right, **_at(meta))

    def not_op(self, meta, operand):
        return Unary(op="not", operand=operand, **_at(meta))

    def negate(self, meta, operand):
        return Unary(op="-", operand=operand, **_at(meta))

    def compare(self, meta, left, op, right):
        return Binary(op=str(op), left=left, right=right, **_at(meta))

    def member(self, meta, left, right):
        return Binary(op="in", left=left, right=right, **_at(meta))

    def binary(self, meta, left, op, right):
        return Binary(op=str(op), left=left, right=right, **_at(meta))

    def attribute(self, meta, subject, attr):
        return Attribute(subject=subject, attr=str(attr), **_at(meta))

    def number(self, meta, token):
        return Number(value=int(token), **_at(meta))

    def string(self, meta, token):
        return Text(value=str(token)[1:-1], **_at(meta))

    def true(self, meta):
        return Constant(value=True, **_at(meta))

    def false(self, meta):
        return Constant(value=False, **_at(meta))

    def none(self, meta):
        return Constant(value=None, **_at(meta))

    def name(self, meta, token):
        return Name(ident=str(token), **_at(meta))

    def call(self, meta, function, *args):
        args = tuple(a for a in args if a is not None)
        return Call(function=str(function), args=args, **_at(meta))

    def quantifier(self, meta, quantifier, var, source, cond):
        return Quantifier(quantifier=str(quantifier), var=str(var), source=source, cond=cond,
                          **_at(meta))

    def total(self, meta, expr, var, source, cond):
        return Total(expr=expr, var=str(var), source=source, cond=cond, **_at(meta))


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The one LALR parser, built on first use."""
    return Lark.open("dsl.lark", rel_to=__file__, parser="lalr", start=["effect", "condition"],
                     propagate_positions=True, maybe_placeholders=True)


def parse(text: str, start: str, where: dict) -> Node:
    """Parse effect text (start='effect') or an expression (start='condition') into an AST.

    `where` holds file, line, column and path of the text, for error messages.
    """
    if len(text) > MAX_TEXT_LENGTH:
        raise dsl_error(f"the text is {len(text)} characters; at most {MAX_TEXT_LENGTH} are allowed",
                        text, 1, 1, where)
    if depth_of(text) > MAX_NESTING:
        raise dsl_error(f"brackets nest deeper than {MAX_NESTING}", text, 1, 1, where)
    try:
        tree = parser().parse(text, start=start)
    except UnexpectedInput as exc:
        raise dsl_error(syntax_message(exc, text), text, exc.line, exc.column, where) from None
    if tree_depth(tree) > MAX_TREE_DEPTH:
        raise dsl_error(f"the rule nests too deeply (more than {MAX_TREE_DEPTH} levels of if, "
                        "brackets and operators)", text, 1, 1, where)
    return AstBuilder().transform(tree)


def tree_depth(tree) -> int:
    """How deep a parse tree goes, found without recursion (deep trees are refused)."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in getattr(node, "children", ()))
    return deepest


def depth_of(text: str) -> int:
    """How deep round brackets nest: deep nesting is refused before parsing."""
    depth = deepest = 0
    for char in text:
        depth += (char == "(") - (char == ")")
        deepest = max(deepest, depth)
    return deepest


# What a writer tries first that the language does not have, each told what to write
# instead: a list written with brackets, an if used as a value without an else or with
# statements in it, a loop word of another language.
LIST_LITERAL = ("a list is not written with [ ]: lists come from the names and functions that "
                "give them (others, everyone, hand(player)) or from select(x in LIST if "
                "CONDITION)")
IF_NEEDS_ELSE = ("an if used as a value needs an else, to give a value when no condition "
                 "holds: if CONDITION then 1 else 2 end")
IF_AS_VALUE = ("an if used as a value gives a value in each branch (if CONDITION then 1 else "
               "2 end); to run statements, write the if as a statement of its own")
NO_LOOP = ("`{}` is not in the language: loop with while CONDITION do ... end, repeat N do "
           "... end, or go through a list with for X in LIST do ... end")
LOOP_WORDS = ("until", "loop")
# An `if` where a value is expected: after `=`, `(`, `,`, an operator, `and`, `or`, `not`, `in`.
IF_IN_VALUE = re.compile(r"(?:[=(,+\-*/%<>]|\b(?:and|or|not|in))\s*if\b(?!.*\b(?:end|if)\b)", re.S)
LAST_WORD = re.compile(r"\b([A-Za-z_]+)\s*$")


def syntax_message(exc: UnexpectedInput, text: str = "") -> str:
    """What the parser expected, in words; what a writer tried that the language does not
    have, told what to write instead."""
    if isinstance(exc, UnexpectedEOF):
        return "the text ends too early (an `end` or `)` missing?)"
    if isinstance(exc, UnexpectedCharacters):
        return LIST_LITERAL if exc.char in "[]" else f"unexpected character {exc.char!r}"
    if isinstance(exc, UnexpectedToken):
        if exc.token.type == "$END":
            return "the text ends too early (an `end` or `)` missing?)"
        if exc.token.type == "END" and "ELSE" in exc.expected:
            return IF_NEEDS_ELSE  # only an if used as a value cannot end before its else
        before = text[:exc.token.start_pos] if exc.token.start_pos is not None else ""
        if IF_IN_VALUE.search(before):
            return IF_AS_VALUE
        last = LAST_WORD.search(before)
        if last and last[1] in LOOP_WORDS:
            return NO_LOOP.format(last[1])
        expected = sorted(describe_terminal(t) for t in exc.expected)
        shown = ", ".join(expected[:8]) + (", ..." if len(expected) > 8 else "")
        return f"unexpected {exc.token.value!r}; expected one of: {shown}"
    return str(exc)


def describe_terminal(name: str) -> str:
    """A grammar terminal as a user would write it."""
    if name == "$END":
        return "the end of the text"
    pattern = parser().get_terminal(name).pattern
    if pattern.type == "str":
        return repr(pattern.value)
    return {"NAME": "a name", "NUMBER": "a number", "STRING": "a string",
            "COMPARE": "a comparison", "ADD_OP": "+ or -", "MUL_OP": "*, / or %",
            "QUANTIFIER": "any/all/count"}.get(name, name)


def dsl_error(message: str, text: str, line: int, column: int, where: dict) -> DslError:
    """An error in effect text: the file position of the bad column, and a caret under it."""
    lines = text.split("\n") or [""]
    line = max(1, min(line or 1, len(lines)))
    column = max(1, column or 1)
    shown = lines[line - 1]
    detail = f"    {shown}\n    {' ' * (column - 1)}^"
    file_line = where.get("line")
    file_column = where.get("column")
    if file_line is not None:
        # Only the text's first line starts part-way along a line of the file.
        file_column = (file_column or 1) + column - 1 if line == 1 else column
        file_line += line - 1
    return DslError(message, file=where.get("file"), line=file_line, column=file_column,
                    path=where.get("path"), detail=detail)


# The comparisons, as a rule runs them (expressions.py) and as static_value settles two
# settled values (options, literals); an order between different types (or none) is left to
# run time, which says what is wrong.
COMPARISONS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt,
               "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def static_value(node, options: dict, settled: dict | None = None) -> tuple:
    """(True, value) for literals, options and logic over them; (False, None) otherwise.

    `settled` gives variables whose value is settled (a `let` of a constant).
    """
    if isinstance(node, (Number, Text, Constant)):
        return True, node.value
    if settled and isinstance(node, Name) and node.ident in settled:
        return True, settled[node.ident]
    if isinstance(node, Attribute) and isinstance(node.subject, Name) \
            and node.subject.ident == "option":
        return True, options.get(node.attr)
    if isinstance(node, Unary) and node.op == "not":
        known, value = static_value(node.operand, options, settled)
        return known, (not value) if known else None
    if isinstance(node, Binary) and node.op in ("and", "or"):
        known, value = static_value(node.left, options, settled)
        if known and bool(value) == (node.op == "or"):
            return True, value
        if known:
            return static_value(node.right, options, settled)
        known, value = static_value(node.right, options, settled)
        if known and bool(value) == (node.op == "or"):
            return True, value
    if isinstance(node, Binary) and node.op in COMPARISONS:
        known, left = static_value(node.left, options, settled)
        known_right, right = static_value(node.right, options, settled) if known else (False, None)
        if known_right and (node.op in ("==", "!=") or (
                type(left) is type(right) and isinstance(left, (int, str)))):
            return True, COMPARISONS[node.op](left, right)
    if isinstance(node, Choose):
        for cond, value in node.branches:
            known, holds = static_value(cond, options, settled)
            if not known:
                return False, None
            if holds:
                return static_value(value, options, settled)
        return static_value(node.orelse, options, settled)
    return False, None


def assigned(block) -> set:
    """Names that `let` statements anywhere in `block` assign."""
    names = set()
    for statement in block.statements if block else ():
        if isinstance(statement, Let):
            names.add(statement.var)
        elif isinstance(statement, If):
            for _, inner in statement.branches:
                names |= assigned(inner)
            names |= assigned(statement.orelse)
        elif isinstance(statement, (For, Repeat, While)):
            names |= assigned(statement.body)
    return names


def walk(node):
    """Every AST node under `node` (itself included), without recursion."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Node):
            yield item
            stack.extend(v for v in vars(item).values() if isinstance(v, (Node, tuple)))
        elif isinstance(item, tuple):
            stack.extend(item)


def names_used(node) -> set:
    """Every name and function an expression refers to (to see what its value depends on)."""
    found = set()
    for item in walk(node):
        if isinstance(item, Name):
            found.add(item.ident)
        elif isinstance(item, Call):
            found.add(item.function + "()")
    return found
