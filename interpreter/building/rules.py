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
from interpreter.errors import RuleRuntimeError
from interpreter.language import dsl
from interpreter.language.compiler import compile_effect, compile_expression
from interpreter.language.primitives import PRIMITIVES, Frame

# Events a `when:` rule reacts to, with who `player` is and what `card` is in its text.
EVENTS = {
    "card_played": "a card was played from a hand that still holds cards (after the card's "
                   "own on_play); player: who played it, card: the card",
    "card_turned": "a card was turned over onto the discard pile: the first card of a hand "
                   "(after its on_first) or by turn_over(); player: the dealer or the seat "
                   "whose turn it is, card: the card",
    "turn_started": "a seat's turn starts, before it decides; player: that seat",
    "turn_ended": "a seat's turn ends, before the UNO windows and the next turn; player: "
                  "that seat",
    "hand_started": "a hand was dealt and its first card turned, before the first turn; "
                    "player: the dealer",
    "cards_drawn": "a seat drew one or more cards (the rule runs once the draw is over); "
                   "player: that seat",
    "hand_ended": "a hand was won and scored, before the match's end is decided (no player "
                  "may be asked anything then); player: the hand's winner",
    "hand_size_changed": "a seat's hand grew or shrank and still holds cards (a play, a draw, "
                         "cards moved, hands swapped or passed; not the deal); the rule runs "
                         "next, before the cards_drawn rules of a draw and after the UNO call "
                         "of a play; player and `seat`: that seat, `count`: the cards it now "
                         "holds",
    "decided": "a seat answered a decision (not a window open to several seats); the rule runs "
               "as soon as the answer is applied (the card played or the cards drawn, the "
               "colour named, the answer stored), before anything the answer sets going (the "
               "card's effect, the end of the turn); player and `seat`: that seat, "
               "`decision`: its kind as text (\"play\", \"color\", an ask() question's name), "
               "`answer`: the answer",
}

# The names a `when:` event binds for its rules' text, besides `player` and `card`.
BINDS = {
    "hand_size_changed": ("seat", "count"),
    "decided": ("seat", "decision", "answer"),
}

# Events an `instead_of:` rule may replace: the names bound in its text, and what the
# event does when no rule replaces it (or the last one calls proceed()).
REPLACEABLE = {
    "draw_owed": (("seat", "count"),
                  "owe_draw(seat, count) in an effect: the seat owes `count` cards; unless a "
                  "rule replaces it, it draws them and loses its next turn"),
    "turn_lost": (("seat",),
                  "lose_turn(seat) in an effect, or an owed draw's lost turn: unless a rule "
                  "replaces it, the seat loses its next turn"),
}



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


@dataclass(frozen=True)
class Triggers:
    """A ruleset's rules, by event; each `when` event as ops ready to push (an empty tuple
    costs the engine nothing)."""

    card_played: tuple = ()
    card_turned: tuple = ()
    turn_started: tuple = ()
    turn_ended: tuple = ()
    hand_started: tuple = ()
    cards_drawn: tuple = ()
    hand_ended: tuple = ()
    hand_size_changed: tuple = ()
    decided: tuple = ()
    draw_owed: tuple = ()  # replacement rules (replacing.Replacement), in the order they are tried
    turn_lost: tuple = ()
    every: tuple = ()  # every Rule, in order, for `explain`


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
            if rule.replaces else trigger_op(rule, BINDS.get(rule.event, ())))
    return Triggers(**{event: tuple(ops) for event, ops in groups.items()}, every=tuple(ordered))


def trigger_op(rule: Rule, binds: tuple = ()):
    """An op running `rule` for an event whose frame it is given: its own frame (its `let`
    variables are its own, besides the names the event `binds`), its condition checked when
    it runs."""
    condition, ops, name = rule.condition, rule.ops, rule.name

    def fire(game, frame):
        own = Frame(frame.player, frame.card, frame.color_before, frame.fair)
        for bound in binds:
            own.vars[bound] = frame.vars[bound]
        if condition is None or condition(game, own):
            if game.events is not None:
                game.log("rule", name=name, seat=own.player)
            game.push(ops, own)
    fire.__qualname__ = f"rule {name}"
    return fire


def between_hands(game, ops: tuple, frame) -> None:
    """Run the hand_ended rules at once: the hand is over, so none may ask for a decision."""
    game.ending = True
    steps, limit = 0, game.ruleset.steps_per_action
    try:
        game.push(ops, frame)
        while len(game.stack) > 1:
            op, at = game.stack.pop(), game.frames.pop()
            steps += 1
            if op(game, at) is not None:
                game.decision = None
                raise RuleRuntimeError("a hand_ended rule asked a player to decide; the hand "
                                       "is over, so it may only act (draw, eliminate, set_var, "
                                       "...)", file=game.ruleset.file)
            if steps > limit:
                raise RuleRuntimeError(f"this ruleset made no progress: the hand_ended rules "
                                       f"ran more than {limit} steps (limits.steps_per_action)",
                                       file=game.ruleset.file)
    finally:
        game.ending = False
        game.clear_queue()


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
        ops = ()
        if builder.text(path + ("do",)):
            symbols = builder.symbols(path + ("do",))
            symbols.bound, symbols.replacing = bound, replaces
            ops = compile_effect(builder.text(path + ("do",)), symbols)
            if event in BETWEEN_HANDS:
                refuse_choices(builder, path + ("do",), event)
        text = " ".join(str(spec.get("text", "")).split())
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
        if isinstance(node, dsl.Call) and getattr(PRIMITIVES.get(node.function), "role",
                                                  None) == "choice":
            raise dsl.dsl_error(f"{node.function}() asks a player, but a {event} rule runs "
                                "once the hand is over: it may only act", text, node.line,
                                node.column, where)


def compile_playable(builder) -> tuple:
    """(fn(game, frame) -> bool, the key paths of its texts): one condition, or named clauses
    (any text clause allows a card, every `only_if` clause must hold too)."""
    spec = builder.data["playable"]
    if isinstance(spec, str):
        return builder.expression(("playable",)), (("playable",),)
    allow, only, paths = [], [], []
    for name, clause in spec.items():
        path = ("playable", name) if isinstance(clause, str) else ("playable", name, "only_if")
        (allow if isinstance(clause, str) else only).append(builder.expression(path))
        paths.append(path)
    if not allow:
        raise builder.source.error(("playable",), "no playable clause allows a card: add one "
                                                  "written as a condition (the others, only_if, "
                                                  "only restrict)")
    if len(allow) == 1 and not only:
        return allow[0], tuple(paths)
    allow, only = tuple(allow), tuple(only)

    def playable(game, frame) -> bool:
        for clause in only:
            if not clause(game, frame):
                return False
        for clause in allow:
            if clause(game, frame):
                return True
        return False
    return playable, tuple(paths)
