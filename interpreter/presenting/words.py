"""Effect text in English: a syntax tree told as words, with the options in force folded in
(a condition they settle tells only the branch that will be played). `explain` reads it.
"""

from __future__ import annotations

from interpreter.engine.decisions import describe
from interpreter.language import dsl
from interpreter.language.builtins import FUNCTIONS, NAMES, PILE, ROW
from interpreter.language.dsl import static_value
from interpreter.language.vocabulary import CARDS, NONE, SEAT, SEATS, VARIABLE_TYPES

COMPARISONS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most",
               ">": "is more than", ">=": "is at least", "in": "is in"}
# Where pass_cards passes, by its `to` in words (none: not given).
PASSED_TO = {None: "to the next player in the direction of play",
             "the direction of play": "to the next player in the direction of play",
             "1": "to the next seat clockwise (seat + 1)",
             "minus 1": "to the next seat counter-clockwise (seat - 1)",
             "chosen": "each to a player of their choice"}
ARITHMETIC = {"+": "plus", "-": "minus", "*": "times", "/": "divided by", "%": "modulo"}
# What a loop goes through, by the type of its items (or of a single value): the noun, and
# the words for the item within the loop when no other loop's item could be meant.
ITEMS = {"seat": "seat", "seats": "seat", "card": "card", "cards": "card",
         "colour": "colour", "colours": "colour"}
PRONOUNS = {"seat": "that seat", "card": "it", "colour": "it"}


def plural(count, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class Words:
    """Renders effect-language trees as English, with the options in force folded in."""

    def __init__(self, options: dict, variable_types=None):
        self.options = options
        self.variable_types = dict(variable_types or {})  # declared variables' `type:`
        self.bound: dict[str, str] = {}
        self.known: dict = {}  # variables settled by a `let` of a constant
        self.items: dict[str, str] = {}  # names a loop or a `let` binds: what their items are
        self.loops: dict[str, str] = {}  # the loops' names in scope: what their items are
        self.told: set[str] = set()  # the actions and choices told so far

    def start(self, bound: dict) -> None:
        """Each text starts afresh, with the names its context binds (`seat`)."""
        self.bound, self.known, self.items, self.loops = dict(bound), {}, {}, {}

    def settled(self, node) -> tuple:
        return static_value(node, self.options, self.known)

    # --- expressions ---------------------------------------------------------------

    def expr(self, node) -> str:
        method = getattr(self, "e_" + type(node).__name__.lower())
        return method(node)

    def e_number(self, node):
        return str(node.value)

    def e_text(self, node):
        return node.value.replace("_", " ")

    def e_constant(self, node):
        return {True: "true", False: "false", None: "none"}[node.value]

    def e_name(self, node):
        if node.ident in self.bound:
            return self.bound[node.ident]
        row = NAMES.get(node.ident)
        return node.ident if row is None else row.says

    def e_attribute(self, node):
        if isinstance(node.subject, dsl.Name) and node.subject.ident == "option":
            return f"{describe(self.options.get(node.attr))} (option {node.attr})"
        if isinstance(node.subject, dsl.Name) and node.subject.ident == "var":
            return node.attr.replace("_", " ")  # a variable is said by its name, as set_var's
        owner = self.expr(node.subject)
        attr = node.attr.replace("_", " ")
        return f"its {attr}" if owner == "it" else f"{owner}'s {attr}"

    def e_call(self, node):
        args = [self.expr(a) for a in node.args]
        row = FUNCTIONS.get(node.function)
        if node.function == "size" and len(args) == 1 and gives_cards(node.args[0]):
            cards = args[0].removeprefix("the cards of ")
            if cards.startswith("the cards "):  # the cards just drawn, the cards in a pile
                return f"the number of {cards.removeprefix('the ')}"
            return f"the number of cards in {cards}"
        if row is not None and row.role == "query":
            left_out = row.max_args - len(args)
            if not left_out:
                return self.piles(node, args, row.says.format(*args))
            if 0 < left_out <= len(row.unsaid):  # else an optional argument left out: as written
                return row.says.format(*args, *row.unsaid[len(row.unsaid) - left_out:])
        return f"{node.function.replace('_', ' ')}({', '.join(args)})"

    def piles(self, call, args: list, said: str) -> str:
        """`center pile the pile` as `this center pile`: a row's pile named by the name `pile`
        (the pile played on, or the one a row's playable condition asks about)."""
        row = FUNCTIONS.get(call.function)
        if row is None:
            return said
        for i, param in enumerate(row.params[:-1]):
            pile = call.args[i + 1] if i + 1 < len(call.args) else None
            if param is ROW and row.params[i + 1] is PILE and isinstance(pile, dsl.Name) \
                    and pile.ident == "pile" and "pile" not in self.bound:
                said = said.replace(f"{args[i]} pile {args[i + 1]}", f"this {args[i]} pile")
        return said

    def e_unary(self, node):
        if node.op == "-" and isinstance(node.operand, dsl.Name) and node.operand.ident == "direction":
            return "the other one"
        if node.op == "-":
            return f"minus {self.expr(node.operand)}"
        operand = node.operand
        if isinstance(operand, dsl.Name) and operand.ident == "fair":
            return "it was not played fairly"
        if isinstance(operand, dsl.Quantifier) and operand.quantifier == "any":
            return self.e_quantifier(operand).replace("there is a ", "there is no ", 1)
        if isinstance(operand, (dsl.Name, dsl.Attribute)):
            return f"not {self.expr(operand)}"
        return f"not ({self.expr(operand)})"

    def e_binary(self, node):
        known, value = self.settled(node)
        if known:
            return describe(value)
        if node.op in ("and", "or"):
            for side, other in ((node.left, node.right), (node.right, node.left)):
                known, value = self.settled(side)
                if known:
                    return self.expr(other)
            return f"{self.grouped(node.left, node.op)} {node.op} {self.grouped(node.right, node.op)}"
        if isinstance(node.right, dsl.Constant) and node.right.value is None and node.op in ("==", "!="):
            return f"{self.expr(node.left)} {'is none' if node.op == '==' else 'exists'}"
        words = COMPARISONS.get(node.op) or ARITHMETIC[node.op]
        return f"{self.expr(node.left)} {words} {self.expr(node.right)}"

    def grouped(self, node, op: str) -> str:
        """A side of `and`/`or`, in brackets when it is the other of the two."""
        text = self.expr(node)
        mixed = isinstance(node, dsl.Binary) and node.op in ("and", "or") and node.op != op \
            and not self.settled(node.left)[0] and not self.settled(node.right)[0]
        return f"({text})" if mixed else text

    def item_kind(self, node) -> str | None:
        """What an expression's values are, or the items of the list it gives: "seat",
        "card" or "colour"; None when it is something else, or cannot be told."""
        if isinstance(node, dsl.Name) and node.ident in self.items:
            return self.items[node.ident]
        if isinstance(node, dsl.Quantifier) and node.quantifier == "select":
            return self.item_kind(node.source)
        if isinstance(node, dsl.Choose):
            kinds = {self.item_kind(value) for value in (*(v for _, v in node.branches),
                                                         node.orelse)}
            return kinds.pop() if len(kinds) == 1 else None
        if isinstance(node, dsl.Attribute) and isinstance(node.subject, dsl.Name) \
                and node.subject.ident == "var":
            result = VARIABLE_TYPES.get(self.variable_types.get(node.attr, ""))
        else:
            row = NAMES.get(node.ident) if isinstance(node, dsl.Name) \
                else FUNCTIONS.get(node.function) if isinstance(node, dsl.Call) else None
            result = row.result if row is not None else None
        kinds = {ITEMS.get(base) for base in (result or NONE) - NONE}
        return kinds.pop() if len(kinds) == 1 else None

    def looping(self, var: str, source, scope: tuple, fn, kind: str = "card") -> tuple:
        """(how the loop names its item, what `fn` says) with `var` bound to each item of
        `source` in `scope`, the nodes it is used in: "that seat", "it", or, where another
        loop's item of the same kind is in scope around or inside it, "seat s", "card c"."""
        kind = self.item_kind(source) or kind
        inside = any(isinstance(node, (dsl.Quantifier, dsl.Total, dsl.For))
                     and (self.item_kind(node.source)
                          or ("seat" if isinstance(node, dsl.For) else "card")) == kind
                     for part in scope if part is not None for node in dsl.walk(part))
        around = any(other == kind for name, other in self.loops.items() if name != var)
        named = f"{kind} {var.replace('_', ' ')}"
        item = named if inside or around else PRONOUNS[kind]
        saved = (self.bound.get(var), self.items.get(var), self.loops.get(var))
        self.bound[var], self.items[var], self.loops[var] = item, kind, kind
        try:
            return (named if item == named else kind), fn()
        finally:
            for table, value in zip((self.bound, self.items, self.loops), saved):
                if value is None:
                    table.pop(var, None)
                else:
                    table[var] = value

    def e_quantifier(self, node):
        source = self.expr(node.source)
        item, cond = self.looping(node.var, node.source, (node.cond,),
                                  lambda: self.expr(node.cond) if node.cond else None)
        where = f" where {cond}" if cond else ""
        items = item.replace(" ", "s ", 1) if " " in item else f"{item}s"
        return {"any": f"there is a {item} in {source}{where}",
                "all": f"every {item} in {source} has{where or ' nothing against it'}",
                "count": f"the number of {items} in {source}{where}",
                "select": f"the {items} in {source}{where}"}[node.quantifier]

    def e_choose(self, node):
        """An if used as a value: "(A if C, B if D, else E)", the branches its options settle
        left out (a settled value told alone)."""
        known, value = self.settled(node)
        if known:
            return describe(value)
        told: list[str] = []
        for cond, given in node.branches:
            known, holds = self.settled(cond)
            if known and holds:
                return f"({', '.join(told)}, else {self.expr(given)})" if told \
                    else self.expr(given)
            if not known:
                told.append(f"{self.expr(given)} if {self.expr(cond)}")
        if not told:
            return self.expr(node.orelse)
        return f"({', '.join(told)}, else {self.expr(node.orelse)})"

    def e_total(self, node):
        item, (expr, cond) = self.looping(
            node.var, node.source, (node.expr, node.cond),
            lambda: (self.expr(node.expr), self.expr(node.cond) if node.cond else None))
        where = f" where {cond}" if cond else ""
        over = f"each {item} in " if " " in item else ""
        return f"the sum of {expr} over {over}{self.expr(node.source)}{where}"

    # --- effects -------------------------------------------------------------------

    def effect(self, block) -> list[str]:
        """A block as a list of sentences."""
        said = []
        for statement in block.statements:
            said.extend(self.statement(statement))
        return said

    def statement(self, node) -> list[str]:
        if isinstance(node, dsl.If):
            return self.s_if(node)
        if isinstance(node, dsl.Let):
            return self.s_let(node)
        if isinstance(node, dsl.For):
            return self.s_for(node)
        if isinstance(node, (dsl.Repeat, dsl.While)):
            return self.s_loop(node)
        return [self.action(node.call)]

    def s_loop(self, node) -> list[str]:
        """`repeat N do ... end`, `while C do ... end`: the body told once, after how often.
        What the body assigns changes from turn to turn: told by its name, not its value."""
        if isinstance(node, dsl.Repeat):
            lead = f"{self.expr(node.count)} times over"
        changed = dsl.assigned(node.body)
        for var in changed & set(self.known):
            self.bound[var] = var.replace("_", " ")
        self.forget([node.body], dict(self.known))
        if isinstance(node, dsl.While):
            known, holds = self.settled(node.cond)
            if known and not holds:
                return []
            lead = f"again and again, as long as {self.expr(node.cond)}"
        before = dict(self.known)
        body = self.branch(node.body, before)
        self.forget([node.body], before)
        return [f"{lead[0].upper()}{lead[1:]}: {body}"]

    def s_for(self, node) -> list[str]:
        """`for s in SEATS do ... end`: the body told once, for "each seat"."""
        source, before = self.expr(node.source), dict(self.known)
        item, body = self.looping(node.var, node.source, (node.body,),
                                  lambda: self.branch(node.body, before), "seat")
        self.forget([node.body], before)
        return [f"For each {item} of {source}, in turn: {body}"]

    def s_if(self, node) -> list[str]:
        told: list[str] = []
        before, ran = dict(self.known), []
        for cond, block in node.branches:
            known, value = self.settled(cond)
            if known and not value:
                continue  # never runs with these options
            if known:  # always runs when reached
                said = self.branch(block, before) if told else " ".join(self.effect(block))
                ran.append(block)
                if not told:
                    return self.effect(block) if not said else [said]
                self.forget(ran, before)
                return told + [f"Otherwise: {said or 'nothing happens.'}"]
            lead = "If" if not told else "Otherwise, if"
            told.append(f"{lead} {self.expr(cond)}: {self.branch(block, before)}")
            ran.append(block)
        if node.orelse:
            rest = self.branch(node.orelse, before)
            ran.append(node.orelse)
            if rest != "nothing happens.":
                told.append(f"Otherwise: {rest}" if told else rest)
        self.forget(ran, before)
        return told

    def branch(self, block, before: dict) -> str:
        """A branch that may or may not run, told from what was settled before it."""
        self.known = dict(before)
        return " ".join(self.effect(block)) or "nothing happens."

    def forget(self, blocks: list, before: dict) -> None:
        """After an `if`, what the branches that may run assign is no longer settled."""
        changed = set().union(*(dsl.assigned(block) for block in blocks))
        self.known = {k: v for k, v in before.items() if k not in changed}

    def s_let(self, node) -> list[str]:
        value = node.value
        name = node.var.replace("_", " ")
        self.known.pop(node.var, None)
        kind = self.item_kind(value)  # a seat, a list of cards ...: a loop over it says so
        self.items.pop(node.var, None)
        if kind:
            self.items[node.var] = kind
        if isinstance(value, dsl.Call) and FUNCTIONS.get(value.function) \
                and FUNCTIONS[value.function].role != "query":
            # A yes/no answer reads as itself ("challenged"); anything else as a thing.
            self.bound[node.var] = name if value.function == "ask" else f"the {name}"
            if FUNCTIONS[value.function].chance:  # a value, not a deed: "Let the shot be ..."
                said = self.action(value)
                return [f"Let the {name} be {said[0].lower()}{said[1:]}."]
            return [self.action(value)]
        known, constant = self.settled(value)
        if known:
            self.known[node.var] = constant
            return []
        self.bound[node.var] = name
        return [f"Let {name} be {self.expr(value)}."]

    def action(self, call) -> str:
        """A call of an action or choice, in the words its primitive gives."""
        args = [self.expr(a) for a in call.args]
        prim = FUNCTIONS.get(call.function)
        self.told.add(call.function)
        if prim is None:  # a call the compiler would refuse: tell it as written
            return f"{call.function}({', '.join(args)})."
        if call.function == "extra_turn" and not args:
            args = ["the player"]
        if call.function == "choose_cards" and len(args) == 4:
            args[2] = f"{args[2]} to {args[3]}"  # the fewest and the most
        if call.function == "pass_cards":
            number, rest = args[1].partition(" ")[::2]
            args[1] = plural(int(number), "card") + (f" {rest}" if rest else "") \
                if number.isdigit() else f"{args[1]} cards"
            where = PASSED_TO.get(args[2] if len(args) > 2 else None)
            args[2:] = [where or f"in the direction {args[2]}"]
            said = prim.says.replace("{1} cards", "{1}").format(*args)
            return said[0].upper() + said[1:]
        text = prim.says
        for index, arg in enumerate(args):
            slot = "{%d} cards" % index
            if slot in text and arg.isdigit():
                text = text.replace(slot, plural(int(arg), "card"))
            elif slot in text and arg.startswith("the number of") and "card" in arg:
                # "draws the number of cards owed", not "... owed cards"
                text = text.replace(slot, "{%d}" % index)
        if not text:
            return f"{call.function}({', '.join(args)})."
        said = self.piles(call, args, text.format(*args))
        if call.function == "run" and len(args) > 1:  # a named effect's arguments
            said = f"{said[:-1]}, given {', '.join(args[1:])}."
        return said[0].upper() + said[1:]


def gives_cards(node) -> bool:
    """Whether an expression is a name or a call that gives cards (`hand(player)`, `drawn`)."""
    row = NAMES.get(node.ident) if isinstance(node, dsl.Name) \
        else FUNCTIONS.get(node.function) if isinstance(node, dsl.Call) else None
    return row is not None and row.result == CARDS


def gives_seats(node) -> bool:
    """Whether an expression is a name or a call that gives seats (`everyone`, `seats_in()`)."""
    row = NAMES.get(node.ident) if isinstance(node, dsl.Name) \
        else FUNCTIONS.get(node.function) if isinstance(node, dsl.Call) else None
    return row is not None and bool(row.result) and row.result <= SEAT | SEATS
