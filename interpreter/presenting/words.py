"""Effect text in words: a syntax tree told in the language spoken, with the options in force
folded in (a condition they settle tells only the branch that will be played). `explain`
reads it.

Every sentence is a whole message of the catalogs with named placeholders (`If {condition}:
{effect}`, sentences.py), so that each language says it in its own word order; a builtin's
words are its row's `says` (builtins.py), translated here as a message of its own in the form
it is told in (sentences.told_form). A message with no translation is said in English.
"""

from __future__ import annotations

from interpreter.engine.decisions import describe
from interpreter.language import dsl
from interpreter.language.builtins import FUNCTIONS, NAMES, PILE, ROW
from interpreter.language.dsl import static_value
from interpreter.language.vocabulary import CARDS, NONE, SEAT, SEATS, VARIABLE_TYPES
from interpreter.presenting.naming import said_name
from interpreter.presenting.sentences import (
    ARITHMETIC,
    ATTRIBUTES,
    COMPARISONS,
    CONSTANTS,
    COUNTED,
    ITEMS,
    LOGIC,
    NOTHING,
    NOUNS,
    PASSED_TO,
    QUANTIFIERS,
    SETTLED,
    TOTALS,
    capital,
    cards,
    told_form,
)
from interpreter.presenting.translation import _, ngettext


class Words:
    """Renders effect-language trees in words, with the options in force folded in."""

    def __init__(self, options: dict, variable_types=None):
        self.options = options
        self.variable_types = dict(variable_types or {})  # declared variables' `type:`
        self.bound: dict[str, str] = {}
        self.known: dict = {}  # variables settled by a `let` of a constant
        self.items: dict[str, str] = {}  # names a loop or a `let` binds: what their items are
        self.loops: dict[str, str] = {}  # the loops' names in scope: what their items are
        self.pronouns: set[str] = set()  # the loops' names said as a pronoun ("it")
        self.counting: set[str] = set()  # names the context binds to a number of cards
        self.told: set[str] = set()  # the actions and choices told so far

    def start(self, bound: dict) -> None:
        """Each text starts afresh, with the names its context binds (`seat`), in English
        (each a message of the catalogs)."""
        self.bound = {name: _(words) for name, words in bound.items()}
        self.counting = {name for name, words in bound.items()
                         if words.startswith("the number of") and "card" in words}
        self.known, self.items, self.loops, self.pronouns = {}, {}, {}, set()

    def settled(self, node) -> tuple:
        return static_value(node, self.options, self.known)

    @staticmethod
    def value(value) -> str:
        """A value the options settle, as an option's value is said."""
        if value is None or isinstance(value, bool):
            return _(SETTLED[value])
        return describe(value)

    # --- expressions ---------------------------------------------------------------

    def expr(self, node) -> str:
        method = getattr(self, "e_" + type(node).__name__.lower())
        return method(node)

    def e_number(self, node):
        return str(node.value)

    def e_text(self, node):
        return said_name(node.value)  # a colour, a row, a question: in the ruleset's words

    def e_constant(self, node):
        return self.constant(node.value)

    @staticmethod
    def constant(value) -> str:
        """The literal true, false or none in words."""
        return _(CONSTANTS[value])

    def e_name(self, node):
        if node.ident in self.bound:
            return self.bound[node.ident]
        row = NAMES.get(node.ident)
        return node.ident if row is None else _(row.says)

    def e_attribute(self, node):
        if isinstance(node.subject, dsl.Name) and node.subject.ident == "option":
            return _("{value} (option {name})").format(
                value=self.value(self.options.get(node.attr)), name=node.attr)
        if isinstance(node.subject, dsl.Name) and node.subject.ident == "var":
            return node.attr.replace("_", " ")  # a variable is said by its name, as set_var's
        attr = _(ATTRIBUTES[node.attr]) if node.attr in ATTRIBUTES else node.attr.replace("_", " ")
        if isinstance(node.subject, dsl.Name) and node.subject.ident in self.pronouns \
                and self.items.get(node.subject.ident) != "seat":
            return _("its {attr}").format(attr=attr)
        return _("{owner}'s {attr}").format(owner=self.expr(node.subject), attr=attr)

    def e_call(self, node):
        args = [self.expr(a) for a in node.args]
        row = FUNCTIONS.get(node.function)
        if node.function == "size" and len(args) == 1 and gives_cards(node.args[0]):
            given = node.args[0]
            if isinstance(given, dsl.Name) and given.ident == "drawn" and "drawn" not in self.bound:
                return _("the number of cards just drawn")
            if isinstance(given, dsl.Call) and given.function == "pile_cards" \
                    and len(given.args) == 2:
                place = _("this {row} pile") if self.this_pile(given.args[1]) \
                    else _("{row} pile {pile}")
                held = place.format(row=self.expr(given.args[0]), pile=self.expr(given.args[1]))
            else:
                held = args[0]
            return _("the number of cards in {cards}").format(cards=held)
        if row is not None and row.role == "query":
            left_out = row.max_args - len(args)
            if not left_out:
                return _(told_form(row.says, self.these_piles(node))).format(*args)
            if 0 < left_out <= len(row.unsaid):  # else an optional argument left out: as written
                unsaid = [_(words) for words in row.unsaid[len(row.unsaid) - left_out:]]
                return _(row.says).format(*args, *unsaid)
        return f"{node.function.replace('_', ' ')}({', '.join(args)})"

    def this_pile(self, pile) -> bool:
        """Whether a pile argument is the name `pile` (the pile played on, or the one a row's
        playable condition asks about): its pile is said `this center pile`."""
        return isinstance(pile, dsl.Name) and pile.ident == "pile" and "pile" not in self.bound

    def these_piles(self, call) -> tuple:
        """The indexes of the row arguments of `call` whose pile is `this_pile`."""
        row = FUNCTIONS.get(call.function)
        if row is None:
            return ()
        return tuple(i for i, param in enumerate(row.params[:-1])
                     if param is ROW and row.params[i + 1] is PILE and i + 1 < len(call.args)
                     and self.this_pile(call.args[i + 1]))

    def e_unary(self, node):
        if node.op == "-" and isinstance(node.operand, dsl.Name) and node.operand.ident == "direction":
            return _("the other one")
        if node.op == "-":
            return _("minus {value}").format(value=self.expr(node.operand))
        operand = node.operand
        if isinstance(operand, dsl.Name) and operand.ident == "fair":
            return _("it was not played fairly")
        if isinstance(operand, dsl.Quantifier) and operand.quantifier == "any":
            return self.e_quantifier(operand, "none")
        if isinstance(operand, (dsl.Name, dsl.Attribute)):
            return _("not {value}").format(value=self.expr(operand))
        return _("not ({value})").format(value=self.expr(operand))

    def e_binary(self, node):
        known, value = self.settled(node)
        if known:
            return self.value(value)
        if node.op in ("and", "or"):
            for side, other in ((node.left, node.right), (node.right, node.left)):
                known, value = self.settled(side)
                if known:
                    return self.expr(other)
            return _(LOGIC[node.op]).format(left=self.grouped(node.left, node.op),
                                            right=self.grouped(node.right, node.op))
        if isinstance(node.right, dsl.Constant) and node.right.value is None and node.op in ("==", "!="):
            said = _("{value} is none") if node.op == "==" else _("{value} exists")
            return said.format(value=self.expr(node.left))
        words = COMPARISONS.get(node.op) or ARITHMETIC[node.op]
        return _(words).format(left=self.expr(node.left), right=self.expr(node.right))

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
        """(the loop's item: its kind, and its name when said, what `fn` says) with `var`
        bound to each item of `source` in `scope`, the nodes it is used in: "that seat",
        "it", or, where another loop's item of the same kind is in scope around or inside
        it, "seat s", "card c"."""
        kind = self.item_kind(source) or kind
        inside = any(isinstance(node, (dsl.Quantifier, dsl.Total, dsl.For))
                     and (self.item_kind(node.source)
                          or ("seat" if isinstance(node, dsl.For) else "card")) == kind
                     for part in scope if part is not None for node in dsl.walk(part))
        around = any(other == kind for name, other in self.loops.items() if name != var)
        name = var.replace("_", " ") if inside or around else None
        item = _(NOUNS[kind][2]).format(name=name) if name else _(NOUNS[kind][4])
        saved = (self.bound.get(var), self.items.get(var), self.loops.get(var))
        pronoun = var in self.pronouns
        self.bound[var], self.items[var], self.loops[var] = item, kind, kind
        self.say_as_pronoun(var, name is None)
        try:
            return (kind, name), fn()
        finally:
            for table, value in zip((self.bound, self.items, self.loops), saved):
                if value is None:
                    table.pop(var, None)
                else:
                    table[var] = value
            self.say_as_pronoun(var, pronoun)

    def say_as_pronoun(self, var: str, pronoun: bool) -> None:
        """Whether a loop's item `var` is said as a pronoun (`its colour`), or by its name."""
        if pronoun:
            self.pronouns.add(var)
        else:
            self.pronouns.discard(var)

    def noun(self, item: tuple, several: bool = False) -> str:
        """A loop's item in words (`card`, `cards c`), one or several."""
        kind, name = item
        nouns = NOUNS[kind]
        if name is None:
            return _(nouns[1] if several else nouns[0])
        return _(nouns[3] if several else nouns[2]).format(name=name)

    def e_quantifier(self, node, quantifier: str | None = None):
        source = self.expr(node.source)
        item, cond = self.looping(node.var, node.source, (node.cond,),
                                  lambda: self.expr(node.cond) if node.cond else None)
        said = QUANTIFIERS[quantifier or node.quantifier][cond is not None]
        return _(said).format(item=self.noun(item), items=self.noun(item, several=True),
                              source=source, condition=cond)

    def e_choose(self, node):
        """An if used as a value: "(A if C, B if D, else E)", the branches its options settle
        left out (a settled value told alone)."""
        known, value = self.settled(node)
        if known:
            return self.value(value)
        told: list[str] = []
        for cond, given in node.branches:
            known, holds = self.settled(cond)
            if known and holds:
                return self.choices(told, self.expr(given)) if told else self.expr(given)
            if not known:
                told.append(_("{value} if {condition}").format(value=self.expr(given),
                                                               condition=self.expr(cond)))
        if not told:
            return self.expr(node.orelse)
        return self.choices(told, self.expr(node.orelse))

    @staticmethod
    def choices(told: list, orelse: str) -> str:
        return _("({choices}, else {value})").format(choices=_(", ").join(told), value=orelse)

    def e_total(self, node):
        item, (expr, cond) = self.looping(
            node.var, node.source, (node.expr, node.cond),
            lambda: (self.expr(node.expr), self.expr(node.cond) if node.cond else None))
        said = TOTALS[(item[1] is not None, cond is not None)]
        return _(said).format(value=expr, item=self.noun(item), source=self.expr(node.source),
                              condition=cond)

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
            lead, filled = _("{count} times over: {effect}"), {"count": self.expr(node.count)}
        changed = dsl.assigned(node.body)
        for var in changed & set(self.known):
            self.bound[var] = var.replace("_", " ")
        self.forget([node.body], dict(self.known))
        if isinstance(node, dsl.While):
            known, holds = self.settled(node.cond)
            if known and not holds:
                return []
            lead = _("Again and again, as long as {condition}: {effect}")
            filled = {"condition": self.expr(node.cond)}
        before = dict(self.known)
        body = self.branch(node.body, before)
        self.forget([node.body], before)
        return [capital(lead.format(effect=body, **filled))]

    def s_for(self, node) -> list[str]:
        """`for s in SEATS do ... end`: the body told once, for "each seat"."""
        source, before = self.expr(node.source), dict(self.known)
        item, body = self.looping(node.var, node.source, (node.body,),
                                  lambda: self.branch(node.body, before), "seat")
        self.forget([node.body], before)
        return [_("For each {item} of {source}, in turn: {effect}").format(
            item=self.noun(item), source=source, effect=body)]

    def s_if(self, node) -> list[str]:
        told: list[str] = []
        before, ran = dict(self.known), []
        for cond, block in node.branches:
            known, value = self.settled(cond)
            if known and not value:
                continue  # never runs with these options
            if known:  # always runs when reached
                if not told:
                    return self.effect(block)
                said = self.branch(block, before)
                ran.append(block)
                self.forget(ran, before)
                return told + [_("Otherwise: {effect}").format(effect=said)]
            lead = _("If {condition}: {effect}") if not told \
                else _("Otherwise, if {condition}: {effect}")
            told.append(lead.format(condition=self.expr(cond), effect=self.branch(block, before)))
            ran.append(block)
        if node.orelse:
            self.known = dict(before)
            rest = " ".join(self.effect(node.orelse))
            ran.append(node.orelse)
            if rest:
                told.append(_("Otherwise: {effect}").format(effect=rest) if told else rest)
        self.forget(ran, before)
        return told

    def branch(self, block, before: dict) -> str:
        """A branch that may or may not run, told from what was settled before it."""
        self.known = dict(before)
        return " ".join(self.effect(block)) or _(NOTHING)

    def forget(self, blocks: list, before: dict) -> None:
        """After an `if`, what the branches that may run assign is no longer settled."""
        changed = set().union(*(dsl.assigned(block) for block in blocks))
        self.known = {k: v for k, v in before.items() if k not in changed}

    def s_let(self, node) -> list[str]:
        value = node.value
        name = node.var.replace("_", " ")
        self.known.pop(node.var, None)
        self.pronouns.discard(node.var)
        kind = self.item_kind(value)  # a seat, a list of cards ...: a loop over it says so
        self.items.pop(node.var, None)
        if kind:
            self.items[node.var] = kind
        if isinstance(value, dsl.Call) and FUNCTIONS.get(value.function) \
                and FUNCTIONS[value.function].role != "query":
            # A yes/no answer reads as itself ("challenged"); anything else as a thing.
            self.bound[node.var] = name if value.function == "ask" \
                else _("the {name}").format(name=name)
            if FUNCTIONS[value.function].chance:  # a value, not a deed: "Let the shot be ..."
                return [_("Let the {name} be {value}.").format(name=name,
                                                               value=self.action(value, False))]
            return [self.action(value)]
        known, constant = self.settled(value)
        if known:
            self.known[node.var] = constant
            return []
        self.bound[node.var] = name
        return [_("Let {name} be {value}.").format(name=name, value=self.expr(value))]

    def counts_cards(self, node) -> bool:
        """Whether a count is a number of cards (`size(hand(p))`, `count(c in ...)`, the
        cards owed): said "draws the number of cards owed", not "... owed cards"."""
        if isinstance(node, dsl.Binary) and node.op in ARITHMETIC:
            return self.counts_cards(node.left)
        if isinstance(node, dsl.Name):
            return node.ident in self.counting or (node.ident == "stock_size"
                                                   and node.ident not in self.bound)
        if isinstance(node, dsl.Quantifier):
            return node.quantifier == "count" and self.item_kind(node.source) == "card"
        return isinstance(node, dsl.Call) and node.function == "size" and len(node.args) == 1 \
            and (gives_cards(node.args[0]) or isinstance(node.args[0], dsl.Quantifier)
                 and self.item_kind(node.args[0]) == "card")

    def action(self, call, capitalised: bool = True) -> str:
        """A call of an action or choice, in the words its primitive gives."""
        args = [self.expr(a) for a in call.args]
        prim = FUNCTIONS.get(call.function)
        self.told.add(call.function)
        if prim is None or not prim.says:  # a call the compiler would refuse: as written
            return f"{call.function}({', '.join(args)})."
        if call.function == "extra_turn" and not args:
            args = [_(NAMES["player"].says)]
        if call.function == "choose_cards" and len(args) == 4:
            args[2] = _("{fewest} to {most}").format(fewest=args[2], most=args[3])
        slots = [int(slot) for slot in COUNTED.findall(prim.says) if int(slot) < len(args)]
        counted = [slot for slot in slots if args[slot].isdigit()]
        if call.function == "pass_cards":  # "passes 2 cards at once", "passes 1 card (option n)"
            args[1] = self.passed(call.args[1], args[1])
            where = self.passed_to(call.args[2] if len(call.args) > 2 else None)
            args[2:] = [_(where) if where else _("in the direction {direction}").format(
                direction=args[2])]
            slots, counted = [], []
            said = _(told_form(prim.says, counts=(1,))).format(*args)
        else:
            numbers = tuple(slot for slot in slots if slot not in counted
                            and self.counts_cards(call.args[slot]))
            form = told_form(prim.says, self.these_piles(call), numbers)
            if counted:
                count = int(args[counted[0]])
                singular = told_form(prim.says, self.these_piles(call), numbers, singular=True)
                said = ngettext(singular, form, count).format(*args)
            else:
                said = _(form).format(*args)
        if call.function == "run" and len(args) > 1:  # a named effect's arguments
            said = _("The {0} effect happens (see Named effects), given {1}.").format(
                args[0], _(", ").join(args[1:]))
        return capital(said) if capitalised else said

    def passed(self, node, said: str) -> str:
        """pass_cards' count with its cards: `2 cards`, `1 card (option pass_count)`."""
        if said.isdigit():
            return cards(int(said))
        if isinstance(node, dsl.Attribute) and isinstance(node.subject, dsl.Name) \
                and node.subject.ident == "option":
            value = self.options.get(node.attr)
            if isinstance(value, int) and not isinstance(value, bool):
                return _("{value} (option {name})").format(value=cards(value), name=node.attr)
        return _("{number} cards").format(number=said)

    def passed_to(self, node) -> str | None:
        """Where pass_cards passes, by its `to` as written (PASSED_TO), or None."""
        if node is None:
            return PASSED_TO[None]
        if isinstance(node, dsl.Name) and node.ident == "direction" \
                and "direction" not in self.bound:
            return PASSED_TO["direction"]
        if isinstance(node, dsl.Unary) and node.op == "-" and isinstance(node.operand, dsl.Number):
            return PASSED_TO.get(-node.operand.value)
        if isinstance(node, (dsl.Number, dsl.Text)):
            return PASSED_TO.get(node.value)
        return None


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
