"""Rules that add to a game: "when X happens, do Y" and "instead of X, do Y".

A ruleset's `rules:` table names each rule. A *triggered* rule (`when: EVENT`) runs after
what the event itself does, as Magic's triggered abilities do; a *replacement* rule
(`instead_of: EVENT`) runs in its place, and its effect may call `proceed()` to let the
event happen as it otherwise would (the next replacement rule, or the event's own action).
Overlays add rules, replace one by naming it again and remove one with null, so a house
rule brings its own logic instead of having it woven into a base game.

The rules of one event run in `order` (lower first, default 0), then as written: the base
ruleset's before each overlay's, in `extends` order. The engine knows each event only by
the name below; what a rule does is effect text.
"""

from __future__ import annotations

from dataclasses import dataclass

from interpreter.engine.replacing import Replacement
from interpreter.engine.triggers import BINDS, CARRIES, REPLACEABLE, Triggers, trigger_op
from interpreter.language import dsl
from interpreter.language.builtins import FUNCTIONS
from interpreter.language.compiler import compile_effect, compile_expression
from interpreter.loading.source import english


@dataclass(frozen=True)
class Rule:
    """One compiled rule of a ruleset."""

    name: str
    event: str
    replaces: bool  # an `instead_of` rule
    condition: object  # fn(game, frame) -> bool, or None: always
    ops: tuple
    order: int
    text: str
    # An instead_of rule's condition that reads none of the names its event binds, and sets
    # none (no comprehension): tested on the event's own frame before the rule's is made.
    early: bool = False


def build_triggers(rules: list, by_card: dict | None = None) -> Triggers:
    """Group compiled rules by event, each group in order (`order`, then as written); a
    replacement rule's condition of the card alone is looked up in `by_card` (by name)."""
    ranked = sorted(enumerate(rules), key=lambda pair: (pair[1].order, pair[0]))
    ordered = [rule for _, rule in ranked]
    groups: dict[str, list] = {}
    tables = by_card or {}
    for rule in ordered:
        groups.setdefault(rule.event, []).append(
            Replacement(rule.name, rule.condition, rule.ops, rule.early, tables.get(rule.name))
            if rule.replaces else trigger_op(rule.name, rule.condition, rule.ops,
                                             BINDS.get(rule.event, ())
                                             + CARRIES.get(rule.event, ())))
    return Triggers(**{event: tuple(ops) for event, ops in groups.items()}, every=tuple(ordered))


def compile_rules(builder, faces: tuple = ()) -> Triggers:
    """A ruleset's `rules:` table, compiled (errors at the rule's file, line and column);
    `faces` are the deck's, for conditions of the card alone."""
    compiled = []
    by_card = {}
    for name, spec in (builder.data.get("rules") or {}).items():
        path = ("rules", name)
        replaces = "instead_of" in spec
        event = spec["instead_of"] if replaces else spec["when"]
        bound = REPLACEABLE[event][0] if replaces else BINDS.get(event, ())
        condition, early = None, False
        if spec.get("if"):
            symbols = builder.symbols(path + ("if",))
            symbols.bound = bound
            condition = compile_expression(builder.text(path + ("if",)), symbols)
            early = replaces and reads_only_the_game(builder.text(path + ("if",)), bound,
                                                     symbols.where)
            if replaces:
                by_card[name] = builder.by_card(path + ("if",), condition, faces)
        ops: tuple = ()
        if builder.text(path + ("do",)):
            symbols = builder.symbols(path + ("do",))
            symbols.bound, symbols.replacing = bound, event if replaces else ""
            ops = compile_effect(builder.text(path + ("do",)), symbols)
            if event in BETWEEN_HANDS:
                refuse_choices(builder, path + ("do",), event)
        text = " ".join(str(english(spec.get("text", ""))).split())
        compiled.append(Rule(name, event, replaces, condition, ops, spec.get("order", 0), text,
                             early))
    return build_triggers(compiled, by_card)


def reads_only_the_game(text: str, bound: tuple, where: dict) -> bool:
    """Whether a condition (already compiled, so sound) reads none of the `bound` names and
    writes no frame variable (a comprehension's): its value is the same on any frame of the
    same player and card."""
    tree = dsl.parse(text, "condition", where)
    if any(isinstance(node, (dsl.Quantifier, dsl.Total)) for node in dsl.walk(tree)):
        return False
    return not set(bound) & dsl.names_used(tree)


BETWEEN_HANDS = {"hand_ended"}  # events after which no player may be asked anything


def refuse_choices(builder, path: tuple, event: str) -> None:
    """At load: a rule of an event between hands may act, but not ask a player."""
    where = builder.where(path)
    text = builder.text(path)
    for node in dsl.walk(dsl.parse(text, "effect", where)):
        if isinstance(node, dsl.Call) and getattr(FUNCTIONS.get(node.function), "role",
                                                  None) == "choice":
            raise dsl.dsl_error(f"{node.function}() asks a player, but a {event} rule runs "
                                "once the hand is over: it may only act", text, node.line,
                                node.column, where)


def never(game, frame) -> bool:
    """The discard pile's playable condition in a game whose plays all go on rows' piles."""
    return False


def compile_playable(builder) -> tuple:
    """(fn(game, frame) -> bool, the key paths of its texts): one condition, or named clauses
    (any text clause allows a card, every `only_if` clause must hold too)."""
    spec = builder.data.get("playable")
    if spec is None:  # a game of rows (the loader requires one or the other)
        return never, ()  # every play goes on a row's pile, by the row's own condition
    if isinstance(spec, str):
        return builder.expression(("playable",)), (("playable",),)
    allow: list = []
    only: list = []
    paths = []
    for name, clause in spec.items():
        path = ("playable", name) if isinstance(clause, str) else ("playable", name, "only_if")
        (allow if isinstance(clause, str) else only).append(builder.expression(path))
        paths.append(path)
    if not allow and builder.data.get("rows"):
        return never, tuple(paths)  # only restrictions, in a game whose plays go on its rows
    if not allow:
        raise builder.source.error(("playable",), "no playable clause allows a card: add one "
                                                  "written as a condition (the others, only_if, "
                                                  "only restrict)")
    if len(allow) == 1 and not only:
        return allow[0], tuple(paths)
    allowing, requiring = tuple(allow), tuple(only)

    def playable(game, frame) -> bool:
        for clause in requiring:
            if not clause(game, frame):
                return False
        for clause in allowing:
            if clause(game, frame):
                return True
        return False
    return playable, tuple(paths)
