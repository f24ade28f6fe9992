"""Fuzzing the loader and the engine: whatever a ruleset file holds, houserules either loads it
and plays it, or says what is wrong with a HouserulesError. Never another exception, never a hang.

Four kinds of input:
  1. random bytes, random text and YAML-looking token soup written to a .yaml file;
  2. random YAML documents (nested mappings, lists and scalars);
  3. rulesets that look schema-valid, whose effect and condition texts are generated from the
     effect language (the functions of interpreter.language.builtins.FUNCTIONS with their arities and
     roles, the names of interpreter.language.builtins.NAMES, numbers, strings, and/or/not,
     comparisons, any/all/count/sum comprehensions, if/elif/else, let), plus texts of that
     kind with a few characters deleted or inserted, and long chains of one construct;
  4. the crashes and hangs found so far, as plain regression tests (REGRESSIONS below).

Each ruleset that loads is simulated: 2 matches, 2..4 players, random or eager bots. The
generated rulesets set `limits: {turns_per_hand: 2000, steps_per_action: 2000}`; an alarm
stops anything that uses more than TIME_LIMIT seconds of CPU and reports it as a hang.

Generated rulesets are now and then overlays on classic (`extends: classic`, some of its
kinds removed with `null`), and are loaded now and then with option overrides.

The quick tests leave out matches without a set number of hands and dealer draws by highest
card: those run to the engine's guards (hands_per_match, 100 tied draws), which is slow. The
slow variants (`python -m pytest -m slow tests/test_fuzz.py`) put them in and run many more
examples.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import keyword
import random
import signal
import time
import traceback

import pytest
import yaml
from hypothesis import HealthCheck, Phase, find, given, note, settings
from hypothesis import strategies as st

from interpreter import HouserulesError, load_ruleset
from interpreter.engine.cards import BUILTIN_ATTRIBUTES
from interpreter.language.builtins import FUNCTIONS, NAMES
from interpreter.simulate.runs import simulate

TIME_LIMIT = 10.0  # CPU seconds for one load or one simulation before it counts as a hang
LIMITS = {"turns_per_hand": 2000, "steps_per_action": 2000}

QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
QUICK_RULESETS = settings(QUICK, max_examples=80)
SLOW = settings(max_examples=2000, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# --- running one input -----------------------------------------------------------------------

class Hang(Exception):
    """Loading or simulating took more than TIME_LIMIT of CPU: a runaway the limits did not stop."""


@contextlib.contextmanager
def time_limit(seconds: float, what: str):
    """Raise Hang in the main thread if the block uses more than `seconds` of CPU time."""
    # CPU time, not wall time: a runaway is work, and a loaded two-core CI run stretched a
    # sound load's wall time past the limit.
    def alarm(signum, frame):
        where = "".join(traceback.format_stack(frame)[-3:])
        raise Hang(f"{what} ran for more than {seconds} s of CPU; it was at\n{where}")
    previous = signal.signal(signal.SIGPROF, alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


_counter = itertools.count()


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz")


def write(folder, content) -> str:
    """`content` (bytes or text) as a fresh .yaml file; gives its path."""
    path = folder / f"r{next(_counter)}.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
    return str(path)


def load_and_play(path: str, players: int = 2, seed: int = 0, bots: str = "random",
                  seconds: float = TIME_LIMIT, options: dict | None = None):
    """Load the ruleset at `path` (with option overrides) and, if it loads, simulate two matches.

    A HouserulesError at either step is a fine answer; anything else (or a hang) propagates.
    Gives the summary, or None when houserules refused the input.
    """
    try:
        with time_limit(seconds, "load_ruleset"):
            rules = load_ruleset(path, options)
    except HouserulesError as err:
        str(err)  # the message must be printable too
        return None
    except Hang as hang:
        # Raised afresh here: pytest cannot always show the frame the alarm interrupted.
        raise Hang(str(hang)) from None
    try:
        with time_limit(seconds, "simulate"):
            return simulate(rules, games=2, players=players, seed=seed, bots=bots)
    except HouserulesError as err:
        str(err)
        return None
    except Hang as hang:
        raise Hang(str(hang)) from None


def dump(data) -> str:
    return yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=100)


class Block(str):
    """Effect text to be written as a YAML literal block (`|`), as ruleset authors do."""


class Dumper(yaml.SafeDumper):
    pass


Dumper.add_representer(Block, lambda dumper, text: dumper.represent_scalar(
    "tag:yaml.org,2002:str", str(text), style="|"))


# --- 1. random bytes and text ----------------------------------------------------------------

YAML_TOKENS = [
    "\n", "\n  ", "\n    ", " ", ": ", "- ", "{", "}", "[", "]", ", ", "? ", "|", ">", "#",
    "&a ", "*a", "&b ", "*b", "<<: ", "!!int ", "!!float ", "!!str ", "!!bool ", "!!binary ",
    "!!timestamp ", "!!set ", "!!omap ", "!!python/object:os.system ", "!custom ", "---", "...",
    "~", "null", "true", "no", "0", "1", "-1", "0x1F", "1e400", ".nan", "1_000", "2001-12-14",
    "2001-13-45", "2001-12-14 21:59:43.10 -5", "12:30:45", "''", '""', '"\\0"', "'a'", "name",
    "colors", "kinds", "deck", "playable", "scoring", "winner_scores", "extends", "classic",
    "options", "type", "default", "on_play", "draw(next, 2)", "kind", "copies", "red", "x",
]


@st.composite
def yaml_soup(draw) -> str:
    """YAML-looking text: tokens of the YAML syntax and of rulesets, in any order."""
    tokens = draw(st.lists(st.sampled_from(YAML_TOKENS) | st.text(max_size=4), max_size=60))
    return "".join(tokens)


@QUICK
@given(content=st.binary(max_size=2000))
def test_random_bytes(folder, content):
    load_and_play(write(folder, content))


@QUICK
@given(content=st.text(max_size=2000))
def test_random_text(folder, content):
    load_and_play(write(folder, content))


@QUICK
@given(content=yaml_soup())
def test_yaml_token_soup(folder, content):
    load_and_play(write(folder, content))


# --- 2. random YAML documents ----------------------------------------------------------------

TOP_KEYS = ["name", "title", "description", "extends", "players", "hand_size", "options",
            "colors", "attributes", "kinds", "effects", "deck", "playable", "turn", "dealer",
            "first_card", "uno", "scoring", "match", "limits", "overlay", "jump_in"]
INNER_KEYS = ["min", "max", "default", "type", "minimum", "maximum", "choices", "help",
              "by_color", "colorless", "ranks", "points", "value", "text", "legal", "on_play",
              "on_first", "on_going_out", "fair", "kind", "colors", "copies", "winner_scores",
              "draw_until_playable", "max_draws", "play_drawn", "forced_play", "first",
              "draw_high", "next_hand", "redeal_if", "return_if", "penalty", "cards_left",
              "target_score", "hands", "enabled", "allowed", "red", "number", "wild"]

scalars = (st.none() | st.booleans() | st.integers() | st.integers(-3, 12)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
           | st.sampled_from(["all", "face", "red", "number", "classic", "card.color == color",
                              "draw(next, 2)", "option.x", "sum(c.points for c in hands(others))"])
           | st.dates())
keys = (st.sampled_from(TOP_KEYS + INNER_KEYS)
        | st.from_regex(r"[a-z][a-z0-9_]{0,6}", fullmatch=True)
        | st.text(max_size=6) | st.integers(-2, 2) | st.none() | st.booleans())
documents = st.recursive(scalars, lambda children: st.lists(children, max_size=4)
                         | st.dictionaries(keys, children, max_size=5), max_leaves=40)
extends_values = (st.sampled_from(["classic", "mario_kart", "house/stacking",
                                   "classic+house/jump_in", "../x.yaml", "missing.yaml", "/",
                                   ".", "+", ""])
                  | st.text(max_size=300))


@st.composite
def yaml_documents(draw):
    """A YAML document: mostly a mapping of ruleset keys to random values."""
    if draw(st.integers(0, 9)) == 0:
        return draw(documents)
    doc = draw(st.dictionaries(st.sampled_from(TOP_KEYS) | keys, documents, max_size=8))
    if draw(st.booleans()):
        doc["extends"] = draw(extends_values | st.lists(extends_values, max_size=3))
    doc["limits"] = dict(LIMITS)
    return doc


@QUICK
@given(doc=yaml_documents(), players=st.integers(2, 4), seed=st.integers(0, 2**32),
       bots=st.sampled_from(["random", "eager"]))
def test_random_yaml_documents(folder, doc, players, seed, bots):
    load_and_play(write(folder, dump(doc)), players, seed, bots)


# --- 3. rulesets with generated effect text ---------------------------------------------------

# What the effect language's names and functions give and take, to build sensible text.
# A name or function missing here (a new one) is still used, with values of any type.
NAME_TYPES = {"player": "seat", "card": "card", "next": "seat", "previous": "seat",
              "others": "seats", "everyone": "seats", "top": "card", "color": "color",
              "color_before": "color", "direction": "int", "players": "int", "dealer": "seat",
              "turn": "seat", "stock_size": "int", "penalty": "int", "fair": "bool",
              "teammates": "seats", "opponents": "seats"}
SIGNATURES = {  # function: (argument types, result type)
    "hand": (("seat",), "cards"), "hands": (("seats",), "cards"), "size": (("cards",), "int"),
    "seat_after": (("seat", "int"), "seat"), "score": (("seat",), "int"),
    "min": (("int", "int"), "int"), "max": (("int", "int"), "int"),
    "draw": (("seats", "int"), None), "owe_draw": (("seats", "int"), None),
    "lose_turn": (("seats",), None), "proceed": ((), None), "eliminate": (("seats",), None),
    "seats_in": ((), "seats"), "lowest_scorer": (("seats",), "seat"),
    "extra_turn": (("seat",), None), "add_penalty": (("int",), None),
    "take_penalty": (("seat",), None), "set_direction": (("direction",), None),
    "set_color": (("colour",), None), "turn_over": ((), "card"),
    "swap_hands": (("seat", "seat"), None), "pass_hands": (("direction",), None),
    "end_turn": ((), None), "run": (("effect",), None),
    "choose_color": (("seat", "colours"), "color"),
    "choose_player": (("seat", "seats"), "seat"), "ask": (("seat", "question"), "bool"),
    "set_var": (("variable", "int"), None), "seat_var": (("seat_variable", "seat"), "int"),
    "set_seat_var": (("seat_variable", "seat", "int"), None),
    "colors_in": (("cards",), "colours"), "draw_until_color": (("seats", "colour"), None),
    "partner": (("seat",), "seat"),
}
# Functions that only load in some rulesets: proceed() in an instead_of rule (none is
# generated), the variable ones where variables are declared; others get them by chaos only.
IN_CONTEXT = {"proceed", "set_var", "seat_var", "set_seat_var"}
# Functions of rows of piles, which load only in a ruleset with rows (none is generated):
# others get them by chaos only.
ROWS_ONLY = {"top_of", "bottom_of", "pile_cards", "pile_count", "add_to_row", "clear_piles",
             "refill_row", "play_on"}
VARIABLES = {"tally": {}, "marks": {"per_seat": True}}  # declared by some generated rulesets
# The types of values above ("direction", "colour", "colours", "effect", "question" and the
# variables' names are only ever arguments).
VALUE_TYPES = ["seat", "seats", "int", "bool", "card", "cards", "color"]
ATTRIBUTES_OF = {"int": ("rank", "points", "value"), "color": ("color",), "effect": ("kind",)}
RESERVED = set(keyword.kwlist) | {"if", "then", "elif", "else", "end", "let", "and", "or", "not",
                                  "in", "true", "false", "none", "any", "all", "count", "sum",
                                  "for", "option"}
identifiers = st.from_regex(r"[a-z][a-z0-9_]{0,7}", fullmatch=True).filter(
    lambda s: s not in RESERVED)


def arg_types(name: str, count: int) -> tuple:
    known = SIGNATURES.get(name, ((), None))[0]
    return tuple(known[i] if i < len(known) else None for i in range(count))


def result_type(name: str):
    return SIGNATURES.get(name, ((), "any"))[1]


def atomic(text: str) -> bool:
    """Whether `text` can be an operand as it is: a name, number, string, call or (...)."""
    depth = 0
    for char in text:
        depth += (char == "(") - (char == ")")
        if depth == 0 and char == " ":
            return False
    return not text.startswith("-")


class Writer:
    """Writes effect-language text for one ruleset; `draw` is hypothesis's draw.

    Values mostly have the type the place expects (a seat where a seat goes); `chaos` is the
    percentage of places that get a value of any type instead, and of calls that get a wrong
    number of arguments, so that type errors and arity errors are tried too.
    """

    def __init__(self, draw, colors, kinds, options, attributes, effects, chaos):
        self.draw = draw
        self.colors, self.kinds = colors, kinds
        self.options = options  # name -> "int" | "bool" | "color"
        self.attributes, self.effects = attributes, effects
        self.chaos = chaos
        self.scope: dict[str, str] = {}  # variables: name -> type
        self.variables: dict = {}  # declared game variables, as VARIABLES
        self.fresh = itertools.count()

    def pick(self, items):
        return self.draw(st.sampled_from(list(items)))

    def chance(self, percent: int) -> bool:
        return percent > 0 and self.draw(st.integers(0, 99)) < percent

    # expressions

    def setting(self, typ: str) -> str:
        """A setting's expression: options and constants only (now and then anything)."""
        self.scope = {}
        if self.chance(max(self.chaos, 5)):
            return self.expr(typ)
        options = [f"option.{o}" for o, t in self.options.items() if t == typ]
        if typ == "bool":
            value = self.pick(options + ["true", "false"])
            return f"not {value}" if self.chance(30) else value
        value = self.pick(options + [str(self.draw(st.integers(0, 5)))])
        if self.chance(40):
            value = f"{value} {self.pick('+-*/%')} {self.draw(st.integers(1, 3))}"
        return value

    def expr(self, typ=None, depth=3) -> str:
        if typ in (None, "any") or (typ in VALUE_TYPES and self.chance(self.chaos)):
            typ = self.pick(VALUE_TYPES)
        builders = self.compounds(typ) if depth > 0 and not self.chance(35) else []
        if not builders:
            return self.leaf(typ)
        return self.pick(builders)(depth - 1)

    def operand(self, typ, depth) -> str:
        """An expression to put next to an operator: bracketed unless it is atomic."""
        text = self.expr(typ, depth)
        return text if atomic(text) else f"({text})"

    def leaf(self, typ: str) -> str:
        names = [n for n in NAMES if NAME_TYPES.get(n, typ) == typ and n not in self.scope]
        names += [v for v, t in self.scope.items() if t in (typ, "any")]
        names += [f"option.{o}" for o, t in self.options.items() if t == typ]
        if typ == "int":
            names += [f"var.{v}" for v, spec in self.variables.items() if not spec]
        declared = {per: [self.string(v) for v, spec in self.variables.items()
                          if bool(spec) == per] or ["'nope'"] for per in (False, True)}
        effects = [self.string(e) for e in self.effects] + [f"card.{a}" for a in self.attributes]
        extra = {
            # A number is no seat (the type checker refuses it): now and then one anyway.
            "seat": lambda: str(self.draw(st.integers(0, 4))) if self.chance(self.chaos)
            else f"seat_after(player, {self.draw(st.integers(0, 3))})",
            "seats": lambda: self.pick(["others", "everyone", "player"]),
            "int": lambda: str(self.draw(st.integers(0, 12))) if not self.chance(5)
            else "99999999999999999999999",
            "bool": lambda: self.pick(["true", "false"]),
            "card": lambda: self.pick(["none", "top"]),
            "cards": lambda: self.pick(["hand(player)", "hands(others)"]),
            "color": lambda: self.string(self.pick(self.colors)) if not self.chance(10) else "none",
            "colour": lambda: self.string(self.pick(self.colors)),  # one to set: never none
            "colours": lambda: self.pick(["colors_in(hand(player))", "colors_in(hands(others))"]),
            "direction": lambda: self.pick(["1", "-1", "-direction", "direction"]),
            "effect": lambda: self.pick(effects) if effects and not self.chance(self.chaos)
            else "'no_such_effect'",
            "variable": lambda: self.pick(declared[self.chance(self.chaos)]),
            "seat_variable": lambda: self.pick(declared[not self.chance(self.chaos)]),
            "question": lambda: self.string(self.pick(QUESTIONS if not self.chance(self.chaos)
                                                      else ["play", "uno", "catch", "color"])),
        }[typ]
        if not names or self.chance(40):
            return extra()
        return self.pick(names)

    def string(self, text: str) -> str:
        return f"'{text}'" if self.chance(30) else f'"{text}"'

    def compounds(self, typ: str) -> list:
        def call(name):
            prim = FUNCTIONS[name]

            def build(depth):
                count = self.draw(st.integers(prim.min_args, prim.max_args))
                args = ", ".join(self.expr(t, depth) for t in arg_types(name, count))
                return f"{name}({args})"
            return build

        found = [call(n) for n, p in FUNCTIONS.items()
                 if p.role == "query" and result_type(n) in (typ, "any") and self.usable(n)]
        if self.chance(10):
            found.append(lambda d: f"({self.expr(typ, d)})")
        attrs = ATTRIBUTES_OF.get(typ, ()) + (tuple(self.attributes) if typ == "effect" else ())
        if self.chance(self.chaos):
            attrs = BUILTIN_ATTRIBUTES + tuple(self.attributes)
        if attrs:
            found.append(lambda d: f"{self.operand('card', d)}.{self.pick(attrs)}")
        if typ == "int":
            found += [
                lambda d: f"{self.operand('int', d)} {self.pick('+-*/%')} {self.operand('int', d)}",
                lambda d: f"-{self.operand('int', d)}",
                lambda d: self.quantifier("count", d),
                lambda d: self.total(d),
            ]
        if typ == "bool":
            found += [
                lambda d: f"not {self.operand('bool', d)}",
                lambda d: f"{self.operand('bool', d)} {self.pick(['and', 'or'])} "
                          f"{self.operand('bool', d)}",
                lambda d: self.comparison(d),
                lambda d: self.comparison(d),
                lambda d: self.quantifier(self.pick(["any", "all"]), d),
                lambda d: f"{self.operand('seat', d)} in {self.pick(['others', 'everyone'])}",
                lambda d: f"{self.operand('card', d)} in {self.operand('cards', d)}",
                lambda d: f"card.kind == {self.string(self.pick(self.kinds))}",
                lambda d: f"{self.operand('card', d)}.color == color",
            ]
        return found

    def comparison(self, depth) -> str:
        typ = self.pick(["int", "int", "seat", "color", "card", "bool"])
        ops = ["==", "!="] + (["<", "<=", ">", ">="] if typ == "int" or self.chance(self.chaos)
                              else [])
        return f"{self.operand(typ, depth)} {self.pick(ops)} {self.operand(typ, depth)}"

    def bound(self, source_type: str):
        var = self.pick(["c", "x", "s", "item"]) if not self.chance(10) \
            else self.pick(["player", "card", f"v{next(self.fresh)}"])
        return var, "card" if source_type == "cards" else "seat"

    def source(self, source_type: str, depth) -> str:
        """What a comprehension goes through: a list (a single seat is no list)."""
        if source_type == "seats" and not self.chance(self.chaos):
            return self.pick(["others", "everyone"])
        return self.expr(source_type, depth)

    def quantifier(self, which, depth) -> str:
        source_type = "seats" if self.chance(25) else "cards"
        source = self.source(source_type, depth)
        var, typ = self.bound(source_type)
        outer = self.scope.get(var)
        self.scope[var] = typ
        if typ == "card" and self.chance(30):  # scanned in one go: any(c in X if c.color == v)
            attr = self.pick(BUILTIN_ATTRIBUTES + tuple(self.attributes))
            value_type = {"color": "color", "name": "color", "kind": "color", "rank": "int",
                          "points": "int", "value": "int"}.get(attr) \
                or self.pick(["color", "int"])
            cond = f" if {var}.{attr} == {self.operand(value_type, depth)}"
        else:
            cond = f" if {self.expr('bool', depth)}" if self.chance(80) else ""
        self.restore(var, outer)
        return f"{which}({var} in {source}{cond})"

    def total(self, depth) -> str:
        source_type = "seats" if self.chance(25) else "cards"
        source = self.source(source_type, depth)
        var, typ = self.bound(source_type)
        outer = self.scope.get(var)
        self.scope[var] = typ
        value = f"{var}.points" if typ == "card" and self.chance(60) else self.expr("int", depth)
        cond = f" if {self.expr('bool', depth)}" if self.chance(40) else ""
        self.restore(var, outer)
        return f"sum({value} for {var} in {source}{cond})"

    def restore(self, var, outer):
        if outer is None:
            del self.scope[var]
        else:
            self.scope[var] = outer

    # effects

    def effect(self, depth=2) -> str:
        count = self.draw(st.integers(1, 3))
        sep = self.pick(["\n", " ", "; "])
        return sep.join(self.statement(depth) for _ in range(count))

    def statement(self, depth) -> str:
        kinds = ["call", "call", "call", "let"] + (["if", "if"] if depth > 0 else [])
        which = self.pick(kinds)
        if which == "call":
            return self.action()
        if which == "let":
            var = self.pick(["x", "y", "victim", "turned", "n"]) if not self.chance(10) \
                else self.pick(["player", "card", "option", f"v{next(self.fresh)}"])
            if self.chance(50):
                name = self.pick([n for n, p in FUNCTIONS.items()
                                  if p.role != "query" and self.usable(n)])
                text = f"let {var} = {self.call(name)}"
                typ = result_type(name) or "none"  # an action gives none: no value to use
            else:
                typ = self.pick(VALUE_TYPES)
                text = f"let {var} = {self.expr(typ)}"
            self.scope[var] = typ if typ in VALUE_TYPES + ["none"] else "any"
            return text
        # A variable set in a branch is not used after it: the branch may be settled away.
        outer = dict(self.scope)
        parts = [f"if {self.expr('bool')} then {self.effect(depth - 1)}"]
        for _ in range(self.draw(st.integers(0, 2))):
            self.scope = dict(outer)
            parts.append(f"elif {self.expr('bool')} then {self.effect(depth - 1)}")
        if self.chance(50):
            self.scope = dict(outer)
            parts.append(f"else {self.effect(depth - 1)}")
        self.scope = outer
        return "\n".join(parts) + "\nend"

    def usable(self, name: str) -> bool:
        """Whether a function can load here (see IN_CONTEXT); by chaos, any may be used."""
        if name in ROWS_ONLY:
            return self.chance(self.chaos)
        if name not in IN_CONTEXT or self.chance(self.chaos):
            return True
        return name != "proceed" and bool(self.variables)

    def action(self) -> str:
        return self.call(self.pick([n for n, p in FUNCTIONS.items()
                                    if p.role != "query" and self.usable(n)]))

    def call(self, name) -> str:
        prim = FUNCTIONS[name]
        count = self.draw(st.integers(prim.min_args, prim.max_args))
        if self.chance(self.chaos // 3):  # now and then a wrong number of arguments
            count = max(0, count + self.pick([-1, 1]))
        args = ", ".join(self.expr(t, 2) for t in arg_types(name, count))
        return f"{name}({args})"


QUESTIONS = ["challenge", "swap", "bluff"]  # names for ask(); the engine's own are refused
MUTATION_CHARS = "()., \n\"'+-*/%<>=!#_:;aeinoprtx019"


@st.composite
def mutated(draw, text: str) -> str:
    """`text` with one to three characters deleted or inserted."""
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        if text and draw(st.booleans()):
            at = min(at, len(text) - 1)
            text = text[:at] + text[at + 1:]
        else:
            text = text[:at] + draw(st.sampled_from(MUTATION_CHARS)) + text[at:]
    return text


CHAINS = [("not ", "true"), ("-", "1"), ("- ", "penalty"), ("1 + ", "1"), ("2 * ", "1"),
          ("true and ", "true"), ("false or ", "true"), ("", "top.color"),
          ("if true then ", "end_turn()"), ("(", "1")]


@st.composite
def chain(draw, statement: bool) -> str:
    """One construct repeated many times: deep trees from short, valid text."""
    prefix, core = draw(st.sampled_from(CHAINS))
    n = draw(st.integers(1, 1200))
    if prefix == "":
        text = core + ".color" * min(n, 600)
    elif prefix == "(":
        n = min(n, 40)
        text = "(" * n + core + ")" * n
    elif prefix.startswith("if"):
        n = min(n, 200)
        return prefix * n + core + " end" * n
    else:
        text = prefix * n + core
    text = text[:3990]
    return f"if {text} then end_turn() end" if statement else text


@st.composite
def rulesets(draw, long_matches: bool = False) -> dict:
    """A standalone ruleset that looks schema-valid, with generated effect text.

    With `long_matches`, also matches without a number of hands (their points may never reach
    the target) and a dealer draw by highest card (it may tie over and over): they run to the
    engine's guards, which takes time, so the quick tests leave them out.
    """
    colors = draw(st.lists(identifiers, min_size=1, max_size=4, unique=True))
    kind_names = draw(st.lists(identifiers, min_size=1, max_size=4, unique=True))
    option_specs, option_types = {}, {}
    for name in draw(st.lists(identifiers, max_size=3, unique=True)):
        typ = draw(st.sampled_from(["integer", "boolean", "string"]))
        default = draw({"integer": st.integers(-2, 5), "boolean": st.booleans(),
                        "string": st.sampled_from(colors)}[typ])
        if draw(st.integers(0, 39)) == 0:
            default = draw(scalars)
        option_specs[name] = {"type": typ, "default": default}
        if typ == "integer" and isinstance(default, int) and draw(st.booleans()):
            option_specs[name]["minimum"] = default - draw(st.integers(0, 2))
        option_types[name] = {"integer": "int", "boolean": "bool", "string": "color"}[typ]
    attributes = {}
    effect_names = draw(st.lists(identifiers, max_size=3, unique=True))
    for name in draw(st.lists(identifiers, max_size=2, unique=True)):
        values = st.sampled_from(effect_names or kind_names) | st.integers(0, 5)
        spec = {}
        if draw(st.booleans()):
            spec["by_color"] = draw(st.dictionaries(st.sampled_from(colors), values, max_size=4))
        for key in ("colorless", "default"):
            if draw(st.booleans()):
                spec[key] = draw(values)
        attributes[name] = spec
    chaos = draw(st.sampled_from([0, 0, 0, 2, 5, 15]))
    writer = Writer(draw, colors, kind_names, option_types, attributes, effect_names, chaos)
    if draw(st.booleans()):
        writer.variables = VARIABLES
    rare = draw(st.integers(0, 99))  # 0..4: mutate a text; 5..6: a long chain; 7: a null entry

    def text(kind: str, typ: str = "bool") -> str:
        writer.scope = {}
        value = writer.effect() if kind == "effect" else writer.expr(typ)
        if rare < 5 and draw(st.integers(0, 3)) == 0:
            value = draw(mutated(value))
        elif rare in (5, 6) and draw(st.integers(0, 3)) == 0:
            value = draw(chain(kind == "effect"))
        return Block(value) if "\n" in value and draw(st.booleans()) else value

    kinds = {}
    for name in kind_names:
        spec = {}
        if draw(st.booleans()):
            spec["ranks"] = draw(st.lists(st.integers(0, 9), min_size=1, max_size=5, unique=True)
                                 | st.lists(identifiers, min_size=1, max_size=3, unique=True))
        if draw(st.booleans()):
            ints = all(isinstance(r, int) for r in spec.get("ranks", ["x"]))
            spec["points"] = "face" if ints and draw(st.booleans()) else draw(st.integers(0, 50))
        if draw(st.integers(0, 3)) == 0:
            spec["value"] = draw(st.integers(-5, 9))
        for key in ("on_play", "on_first", "on_going_out"):
            if draw(st.integers(0, 2 if key == "on_play" else 6)) == 0:
                spec[key] = text("effect")
        for key in ("legal", "fair"):
            if draw(st.integers(0, 3 if key == "legal" else 6)) == 0:
                spec[key] = text("condition")
        if attributes and draw(st.integers(0, 3)) == 0:
            attr = draw(st.sampled_from(sorted(attributes)))
            value = st.sampled_from(effect_names or ["x"]) | st.integers(0, 3)
            spec["attributes"] = {attr: draw(value)}
        kinds[name] = spec

    deck = []
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(kind_names))
        entry = {"kind": kind}
        choice = draw(st.integers(0, 2))
        if choice == 0:
            entry["colors"] = "all"
        elif choice == 1:
            entry["colors"] = draw(st.lists(st.sampled_from(colors), min_size=1, unique=True))
        ranks = kinds[kind].get("ranks")
        if ranks and draw(st.booleans()):
            entry["ranks"] = draw(st.lists(st.sampled_from(ranks), min_size=1, unique=True))
        entry["copies"] = draw(st.integers(1, 4))
        deck.append(entry)

    size = sum(entry["copies"]
               * (len(colors) if entry.get("colors") == "all" else len(entry.get("colors") or [0]))
               * len(entry.get("ranks") or kinds[entry["kind"]].get("ranks") or [0])
               for entry in deck)
    hand_size = draw(st.integers(1, 8))
    if size <= 4 * hand_size and draw(st.integers(0, 4)):
        # Mostly enough cards to deal to four and turn up a first card (not always).
        hand_size = max(1, (size - 1) // 4)
        if size < 5:
            deck[0]["copies"] += 5
    scoring = "sum(c.points for c in hands(others))" if draw(st.integers(0, 2)) == 0 \
        else text("condition", "int")
    classic_playable = "card.color == none or card.color == color or card.rank == top.rank"
    data = {
        "name": "fuzz",
        "colors": colors,
        "kinds": kinds,
        "deck": deck,
        "playable": classic_playable if draw(st.integers(0, 2)) == 0 else text("condition"),
        "scoring": {"winner_scores": scoring},
        "hand_size": hand_size,
        "limits": dict(LIMITS),
    }
    if option_specs:
        data["options"] = option_specs
    if attributes:
        data["attributes"] = attributes
    if writer.variables:
        data["variables"] = writer.variables
    if effect_names:
        data["effects"] = {name: text("effect") for name in effect_names}
    if draw(st.integers(0, 3)) == 0:
        data["turn"] = {key: draw(st.booleans()) for key in
                        draw(st.lists(st.sampled_from(["draw_until_playable", "play_drawn",
                                                       "forced_play"]), unique=True))}
        if draw(st.booleans()):
            data["turn"]["max_draws"] = draw(st.integers(0, 3))
        if draw(st.booleans()):
            data["turn"]["draw_until_playable"] = writer.setting("bool")
        if draw(st.integers(0, 3)) == 0:
            data["turn"]["max_draws"] = writer.setting("int")
    if draw(st.booleans()):
        data["uno"] = {"penalty": draw(st.integers(0, 4)) if draw(st.integers(0, 3))
                       else writer.setting("int")} if draw(st.booleans()) else {}
    if draw(st.integers(0, 7)) == 0:
        data["first_card"] = {key: text("condition") for key in
                              draw(st.lists(st.sampled_from(["redeal_if", "return_if"]),
                                            min_size=1, unique=True))}
    if draw(st.integers(0, 4)) == 0:
        data["jump_in"] = {"enabled": draw(st.booleans()) if draw(st.integers(0, 3))
                           else writer.setting("bool"), "allowed": text("condition")}
    if draw(st.integers(0, 4)) == 0:
        data["dealer"] = {"first": draw(st.integers(0, 5)) if draw(st.integers(0, 3))
                          else writer.setting("int")}
        if long_matches and draw(st.booleans()):
            data["dealer"] = {"draw_high": text("condition", "int")}
    if draw(st.integers(0, 5)) == 0:
        data["players"] = {"min": 2, "max": draw(st.integers(2, 6)), "default": 2}
    match = {"hands": draw(st.integers(1, 2))}
    if draw(st.booleans()):
        match["target_score"] = draw(st.integers(1, 100)) if draw(st.integers(0, 3)) \
            else writer.setting("int")
    if long_matches and draw(st.booleans()):
        match = {} if draw(st.booleans()) else {"target_score": draw(st.integers(1, 100))}
    if match:
        data["match"] = match
    if rare == 7:  # `null` is what an overlay writes to remove an entry; it is schema-valid
        section = draw(st.sampled_from(["kinds", "options", "attributes", "effects"]))
        data.setdefault(section, {})[draw(identifiers)] = None
    if draw(st.integers(0, 9)) == 0:
        # An overlay on classic: what is given here replaces or removes what classic says.
        data["extends"] = "classic"
        for key in draw(st.lists(st.sampled_from(["deck", "playable", "scoring", "colors"]),
                                 unique=True)):
            data.pop(key)
        classic_kinds = ["number", "skip", "reverse", "draw_two", "wild", "wild_draw_four"]
        if draw(st.booleans()):
            removed = draw(st.lists(st.sampled_from(classic_kinds), unique=True))
            data["kinds"].update({name: None for name in removed})
    return data


override_values = (st.text(max_size=8) | st.sampled_from(["true", "no", "3", "-1", " 7 ", ""])
                   | st.integers(-5, 10) | st.booleans() | st.none())


def play_generated(folder, data, players, seed, bots, more):
    """Write `data`, load it, now and then with option overrides, and simulate it."""
    text = dump(data)
    note(text)
    names = sorted(data.get("options") or {}) + ["no_such_option"]
    options = more.draw(st.none() | st.dictionaries(st.sampled_from(names), override_values,
                                                    max_size=2), label="options")
    load_and_play(write(folder, text), players, seed, bots, options=options)


@QUICK_RULESETS
@given(data=rulesets(), players=st.integers(2, 4), seed=st.integers(0, 2**32),
       bots=st.sampled_from(["random", "eager"]), more=st.data())
def test_generated_rulesets(folder, data, players, seed, bots, more):
    play_generated(folder, data, players, seed, bots, more)


def test_generated_rulesets_do_get_played(folder):
    """The generator is no use if nothing it writes loads: some ruleset must play through."""
    def plays(data):
        return load_and_play(write(folder, dump(data))) is not None
    # A fixed random source: about one generated ruleset in twenty plays through, so a random
    # search could miss them all now and then; this one finds one within a second (the
    # source of 3 took 400 examples and missed once on a loaded machine after the loader's
    # checks grew), and 1,000 examples are the margin.
    find(rulesets(), plays, settings=settings(max_examples=1000, database=None, deadline=None,
                                              phases=[Phase.generate],
                                              suppress_health_check=list(HealthCheck)),
         random=random.Random(4))


# --- the long runs ---------------------------------------------------------------------------

@pytest.mark.slow
@SLOW
@given(data=rulesets(long_matches=True), players=st.integers(2, 4), seed=st.integers(0, 2**32),
       bots=st.sampled_from(["random", "eager"]), more=st.data())
def test_generated_rulesets_long(folder, data, players, seed, bots, more):
    play_generated(folder, data, players, seed, bots, more)


@pytest.mark.slow
@SLOW
@given(doc=yaml_documents(), players=st.integers(2, 4), seed=st.integers(0, 2**32),
       bots=st.sampled_from(["random", "eager"]))
def test_random_yaml_documents_long(folder, doc, players, seed, bots):
    load_and_play(write(folder, dump(doc)), players, seed, bots)


@pytest.mark.slow
@SLOW
@given(content=st.binary(max_size=4000) | st.text(max_size=4000) | yaml_soup())
def test_random_files_long(folder, content):
    load_and_play(write(folder, content))


# --- 4. regressions: inputs that crashed or hung ----------------------------------------------

# A small ruleset that loads and plays; the regressions below change one thing in it.
TINY = """\
name: tiny
colors: [red, blue]
kinds:
  n: {ranks: [1, 2, 3], points: face}
  w:
    points: 5
    on_play: choose_color(player)
deck:
  - {kind: n, colors: all, copies: 2}
  - {kind: w, copies: 2}
playable: card.color == none or card.color == color or card.rank == top.rank
scoring: {winner_scores: "sum(c.points for c in hands(others))"}
hand_size: 3
limits: LIMITS
match: {hands: 1}
""".replace("LIMITS", json.dumps(LIMITS))  # the fuzzers' limits: if they stop loading, this fails


def tiny(**changes) -> str:
    """TINY with some of its lines replaced: {old line start: new text}."""
    text = TINY
    for old, new in changes.items():
        start = text.index(old)
        end = text.index("\n", start)
        text = text[:start] + new + text[end:]
    return text


REGRESSIONS = {
    # YAML the safe loader turns into something other than a YAMLError
    "control_character": "name: x\x00\n",
    "timestamp_out_of_range": "a: 2001-13-01\n",
    "int_tag_on_text": "a: !!int abc\n",
    "int_tag_on_empty": "a: !!int ''\n",
    "float_tag_on_text": "a: !!float abc\n",
    "deeply_nested_flow": "[" * 1000 + "]" * 1000 + "\n",
    # a key the schema rejects, but not a string
    "number_key_at_top": "1: x\n",
    "null_key_at_top": "~: x\n",
    # `extends` names that the file system refuses
    "extends_with_nul": 'extends: "a\\0.yaml"\n',
    "extends_too_long": "extends: " + "a" * 300 + "\n",
    # `null` entries (what an overlay writes to remove something) in a standalone file
    "null_kind_in_deck": tiny(**{"  w:": "  w: null\n  v:"}),
    "null_option": TINY + "options: {o: null}\n",
    "null_attribute": TINY + "attributes: {a: null}\n",
    # too few cards to turn up a first card
    "deck_smaller_than_the_deal": tiny(hand_size="hand_size: 20"),
    "dealer_draw_short_deck": tiny(**{"  - {kind: n": "  - {kind: n, colors: [red], ranks: [1]}",
                                      "  - {kind: w": "dealer: {draw_high: card.rank}"}),
    # scoring that is not a number
    "scoring_gives_none": tiny(scoring="scoring: {winner_scores: none}"),
    "scoring_gives_text": tiny(scoring="scoring: {winner_scores: color}"),
    # a dealer draw whose values cannot be compared
    "dealer_draw_mixed_types": TINY + "dealer: {draw_high: card.color}\n",
    # numbers too large to repeat a list or text by
    "repeat_list_huge": tiny(**{"    on_play": "    on_play: "
                                "draw(next, size(hand(player) * 99999999999999999999999))"}),
    "repeat_text_huge_in_setting": TINY + "uno: {penalty: '\"a\" * 99999999999999999999999'}\n",
    # `any(x in SEATS if x.color == ...)`: the one-scan shortcut reads attributes of seats
    "attribute_scan_over_seats": tiny(playable="playable: any(s in others if s.color == color)"),
    # long chains of one construct: a deep tree, and recursion
    "not_chain": tiny(playable="playable: " + "not " * 900 + "false"),
    "minus_chain": tiny(playable="playable: " + "-" * 3000 + "1 == 1"),
    "plus_chain": tiny(playable="playable: 1" + " + 1" * 900 + " > 0"),
    "attribute_chain": tiny(playable="playable: top" + ".color" * 600 + " == none"),
    # hangs: nothing stops these
    "end_turn_in_first_card_effect": tiny(**{
        "  - {kind: n": "  - {kind: w, colors: all, copies: 9}",
        "    on_play": "    on_play: end_turn()"}) + "uno: {}\n",
    "match_never_reaches_target": tiny(scoring="scoring: {winner_scores: '0'}", match="match: {}"),
    "dealer_draw_always_ties": TINY + "dealer: {draw_high: '1'}\n",
    "huge_hand_size": tiny(hand_size="hand_size: 1000000000000"),
    # every card gives the other seat the stock, and the eager bot always jumps in: jump-ins
    # start no turn, so no per-hand guard ever counts them
    "jump_in_forever": (tiny(**{"  - {kind: n": "  - {kind: w, colors: all, copies: 5}",
                                "    on_play": "    on_play: draw(others, 99)",
                                "playable:": "playable: 'true'"})
                        + "jump_in: {enabled: true, allowed: 'true'}\n", "eager"),
}


@pytest.mark.parametrize("text", list(REGRESSIONS.values()), ids=list(REGRESSIONS))
def test_regression(folder, text):
    text, bots = text if isinstance(text, tuple) else (text, "random")
    load_and_play(write(folder, text), bots=bots, seconds=5.0)


def test_tiny_ruleset_plays(folder):
    """The base of the regressions is fine as it is (so each regression tests its one change)."""
    assert load_and_play(write(folder, TINY)) is not None


def test_regression_heuristic_bot_asked_a_question_named_play(folder):
    """Found while fuzzing (outside the random/eager bots the fuzzers use): the heuristic bot
    takes any decision of kind "play" for a card play, so `ask(seat, "play")` crashes it."""
    text = tiny(**{"    on_play": "    on_play: let x = ask(next, \"play\")"})
    load_and_play(write(folder, text), bots="heuristic")


# --- bounded work: shapes an attacker grows (issue 15) ---------------------------------------
# Every example must load (or be refused) well within HOSTILE_SECONDS: compile time linear in
# the text, a bounded number of files for `extends`, a bounded deck.

HOSTILE_SECONDS = 2.0
ATOMS = ["turn == 1", "penalty > 0", "card.color == color", "option.stacking", "true",
         "card.rank == top.rank", "players == 2"]


@st.composite
def hostile_shapes(draw) -> dict:
    """One ruleset file (and the files it extends): a long chain, a deep nest or a wide deck."""
    shape = draw(st.sampled_from(["chain", "nest", "extends", "deck"]))
    size = draw(st.integers(1, 180))
    files = {}
    if shape == "chain":
        joiner = draw(st.sampled_from([" and ", " or ", " == ", " + "]))
        atoms = [draw(st.sampled_from(ATOMS)) for _ in range(size)]
        files["main.yaml"] = f"extends: classic\nname: h\nplayable: {joiner.join(atoms)}\n"
    elif shape == "nest":
        opener, closer = draw(st.sampled_from([("(", ")"), ("not (", ")"), ("-(", ")"),
                                               ("if true then ", " end"),
                                               ("any(c in hand(player) if ", ")")]))
        inner = "lose_turn(next)" if "then" in opener else "true"
        text = opener * size + inner + closer * size
        key = "on_play" if "then" in opener else "legal"
        files["main.yaml"] = f"extends: classic\nname: h\nkinds:\n  skip:\n    {key}: '{text}'\n"
    elif shape == "extends":
        width = draw(st.integers(1, 20))
        depth = draw(st.integers(1, 6))
        for level in range(depth):
            parent = f"f{level + 1}.yaml" if level + 1 < depth else "classic"
            files[f"f{level}.yaml"] = f"name: f{level}\nextends: [{', '.join([parent] * width)}]\n"
        files["main.yaml"] = files.pop("f0.yaml")
    else:
        copies = draw(st.integers(1, 1000))
        ranks = draw(st.integers(1, 300))
        files["main.yaml"] = ("extends: classic\nname: h\nkinds:\n  number:\n    ranks: "
                              f"{list(range(ranks))}\ndeck:\n  - {{kind: number, colors: all, "
                              f"copies: {copies}}}\n")
    return files


@settings(QUICK, max_examples=40)
@given(files=hostile_shapes())
def test_hostile_shapes_load_in_bounded_time(tmp_path_factory, files):
    folder = tmp_path_factory.mktemp("shape")
    for name, text in files.items():
        (folder / name).write_text(text)
    # The bound is on this process's CPU time: the work done, not how busy the machine is
    # (wall time under a loaded two-core CI run went past 2 s for a 0.5 s load).
    start = time.process_time()
    try:
        with time_limit(HOSTILE_SECONDS * 3, "load_ruleset"):
            load_ruleset(str(folder / "main.yaml"))
    except HouserulesError as err:
        str(err)
    assert time.process_time() - start < HOSTILE_SECONDS
