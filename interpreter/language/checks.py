"""Load-time checks of the effect language's calls, beyond their types: each is
`check(compiler, node)`, run when the compiler meets the call, raising compiler.fail(node,
message) for a call that cannot work in this ruleset (a variable it does not declare, an
effect it does not name). The builtins table (builtins.py) gives each function its check.
Not compiled: they run at load only."""

from __future__ import annotations

from typing import Any, Callable

from interpreter.engine.decisions import PILE, RESERVED_QUESTIONS
from interpreter.language import dsl
from interpreter.language.vocabulary import describe

MAX_QUESTION = 200  # characters naming an ask() question, as a log keeps a decision's kind


def check_sides(compiler: Any, node: dsl.Call) -> None:
    """At load: only cards with two faces can be turned over."""
    if not compiler.symbols.sides:
        raise compiler.fail(node, "switch_sides() turns two-sided cards over: declare `sides:` "
                                  "(and the deck's two faces) first")


def check_proceed(compiler: Any, node: dsl.Call) -> None:
    """At load: proceed() belongs in an instead_of rule's effect."""
    if not compiler.symbols.replacing:
        raise compiler.fail(node, "proceed() belongs in the `do` of an instead_of rule")
    if compiler.symbols.replacing == "turn_draw":
        raise compiler.fail(node, "an instead_of: turn_draw rule is the whole draw: write it "
                                  "(e.g. draw(seat, 1)) instead of proceed()")


def check_random(compiler: Any, node: dsl.Call) -> None:
    """At load: the ruleset draws random numbers (its games have chance nodes)."""
    compiler.symbols.drawn.add(node.function)


def refuse_unknown(compiler: Any, arg: dsl.Text, entries: Any, noun: str, table: str) -> None:
    """At load: `arg` must name an entry of the ruleset's `table:` (those listed if not)."""
    if arg.value not in entries:
        raise compiler.fail(arg, f"no {noun} named '{arg.value}' under {table}: "
                                 f"({table}: {', '.join(sorted(entries)) or 'none'})")


def check_chance(compiler: Any, node: dsl.Call) -> None:
    """At load: outcome() names one of the ruleset's `chances:`."""
    compiler.symbols.drawn.add(node.function)
    arg, chances = node.args[0], compiler.symbols.chances
    if not isinstance(arg, dsl.Text):
        raise compiler.fail(arg, 'name the chance with a string, e.g. outcome("die")')
    refuse_unknown(compiler, arg, chances, "chance", "chances")


def variable_check(per_seat: bool) -> Callable[[Any, dsl.Call], None]:
    """At load: the first argument names a declared variable, kept per seat or not."""
    def check(compiler: Any, node: dsl.Call) -> None:
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


def check_run(compiler: Any, node: dsl.Call) -> None:
    """At load: a named effect, or every value of the attribute naming one, must exist, and
    take as many arguments as the call gives (the type checker checks their types)."""
    arg, effects, given = node.args[0], compiler.symbols.effects, len(node.args) - 1
    if isinstance(arg, dsl.Text):
        refuse_unknown(compiler, arg, effects, "effect", "effects")
    if isinstance(arg, dsl.Text) and len(effects[arg.value]) != given:
        raise compiler.fail(node, f"the effect '{arg.value}' takes "
                                  f"{effect_signature(effects[arg.value])}, not {given}")
    if isinstance(arg, dsl.Attribute) and arg.attr in compiler.symbols.attributes:
        # Every value of this attribute must name an effect taking `given` arguments; the
        # ruleset checks that where the values are written.
        compiler.symbols.dispatched.add((arg.attr, given))


def effect_signature(params: tuple) -> str:
    """A named effect's parameters in words: 'no arguments', '2 arguments (who: a seat, ...)'."""
    if not params:
        return "no arguments"
    listed = ", ".join(f"{name}: {describe(type_)}" for name, type_ in params)
    return f"{len(params)} argument{'s' if len(params) > 1 else ''} ({listed})"


def check_ask(compiler: Any, node: dsl.Call) -> None:
    """At load: a question is named by a string that is not one of the engine's own decisions."""
    question = node.args[1]
    if not isinstance(question, dsl.Text):
        raise compiler.fail(question, 'name the question with a string, e.g. ask(next, "challenge")')
    if not 0 < len(question.value) <= MAX_QUESTION:
        raise compiler.fail(question, f"a question is named by 1 to {MAX_QUESTION} characters, "
                                      f"not {len(question.value)}")
    if question.value in RESERVED_QUESTIONS or question.value == PILE:
        raise compiler.fail(question, f"'{question.value}' is the engine's own decision; name "
                                      "the question something else")


def chance_types(data: dict) -> dict:
    """Each of a ruleset's `chances:` by name: the type of its outcomes (numbers, words or
    both), from the ruleset's data."""
    return {name: frozenset("number" if isinstance(slot, int) and not isinstance(slot, bool)
                            else "text" for slot in slots)
            for name, slots in (data.get("chances") or {}).items() if slots}


def chance_result(symbols: Any, node: dsl.Call) -> frozenset:
    """At load: what outcome(NAME) gives, the type of that chance's outcomes (a number, say,
    so that draw(next, outcome("launcher")) is checked as a number of cards)."""
    arg = node.args[0] if node.args else None
    if isinstance(arg, dsl.Text) and arg.value in symbols.chances:
        return symbols.chances[arg.value]
    return frozenset({"number", "text"})


def check_playable(compiler: Any, node: dsl.Call) -> None:
    """At load: playable() asks the playable rule and the kinds' `legal` and `fair`
    conditions, so it may not be part of one of them (it would ask itself for ever)."""
    path = str(compiler.symbols.where.get("path", ""))
    parts = path.split(".")
    if parts[1:2] == ["playable"] or (parts[1:2] == ["kinds"] and parts[-1] in ("legal", "fair")):
        raise compiler.fail(node, "playable() asks the playable rule and the kinds' legal and "
                                  "fair conditions: it cannot be part of one of them")
