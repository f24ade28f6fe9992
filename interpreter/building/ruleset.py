"""Ruleset: a YAML file, checked against the schema and compiled once into an immutable object."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from interpreter.building.compiled import Ruleset
from interpreter.building.options import (
    house_rules,
    refuse_options_of_rules_off,
    resolve_options,
    switched,
)
from interpreter.building.rules import compile_playable, compile_rules
from interpreter.building.variables import declared_variables
from interpreter.engine.budget import MAX_NUMBER
from interpreter.engine.cards import BUILTIN_ATTRIBUTES, Kind, id_flags
from interpreter.engine.decks import build_deck, check_copies
from interpreter.engine.frame import Frame
from interpreter.engine.game import GameState
from interpreter.engine.piles import Row
from interpreter.engine.playable import tables_for
from interpreter.language import dsl
from interpreter.language.builtins import BUILTINS
from interpreter.language.checks import chance_types, effect_signature
from interpreter.language.compiler import compile_effect, compile_expression
from interpreter.language.kinds import card_kinds, rank_types
from interpreter.language.symbols import Symbols
from interpreter.language.vocabulary import VARIABLE_TYPES
from interpreter.loading.extends import load_source
from interpreter.loading.source import (Source, display_name, dollar_path, english,
                                        first_bundled_game, in_english)
from interpreter.loading.validation import check_schema
from interpreter.safe_text import shown

REQUIRED = ("name", "colors", "kinds", "deck", "playable", "scoring")  # playable: or rows
TABLE_NAMES = {"card", "top", "color", "penalty"}


def load_ruleset(ref: str | Path, options: dict | None = None, rules_path=()) -> Ruleset:
    """Read, check and compile a ruleset (bundled name or path), with option overrides.
    `rules_path`: folders, besides the named file's own, that its `extends` may reach."""
    options = dict(options or {})
    given = dict(options)  # as asked: a pickled Ruleset is loaded again from them
    source = load_source(str(ref), rules_path=tuple(rules_path))
    switches = switched(source, options)
    add = [name for name, on in switches.items() if on and name not in source.overlays]
    drop = frozenset(name for name, on in switches.items() if not on and name in source.overlays)
    if add or drop:
        source = load_source("+".join([str(ref), *(f"house/{name}" for name in add)]),
                             rules_path=tuple(rules_path), without=drop)
    for name in switches:
        del options[name]
    refuse_options_of_rules_off(source, options)
    validate(source)
    rules = Builder(source, options, display_name(Path(ref))).build()
    # A base with overlays on the command line is called what it was asked for.
    return replace(rules, name=str(ref) if "+" in str(ref) else rules.name,
                   switched=tuple((name, on) for name, on in switches.items()
                                  if name in add or name in drop),
                   reference=(str(ref), tuple(given.items()), tuple(str(p) for p in rules_path)))


def validate(source: Source) -> None:
    """Check the merged ruleset against the schema, and that nothing required is missing."""
    if source.data.get("overlay"):
        name = source.data.get("name", source.file)
        base = first_bundled_game()  # an example: any game would do
        raise source.error(("overlay",), f"{name} is an overlay, not a whole game: put it on a "
                                         f"base, as in `extends: [{base}, house/{name}]` or "
                                         f"`{base}+house/{name}` on the command line")
    check_schema(source, "ruleset")
    for key in REQUIRED:
        if key not in source.data and not (key == "playable" and source.data.get("rows")):
            raise source.error((), f"the ruleset has no '{key}' (required: {', '.join(REQUIRED)})"
                                   + ("" if key == "name" else part_of_a_game(source)))
    if not {"winner_scores", "seat_scores"} & set(source.data["scoring"] or {}):
        raise source.error(("scoring",), "scoring needs winner_scores (the hand's winner's "
                                         "points), seat_scores (each seat's own) or both")
    for name, spec in source.data.get("options", {}).items():
        for key in ("type", "default"):
            if key not in spec:
                raise source.error(("options", name), f"option {name} needs a '{key}'")
    seats = seat_counts(source.data.get("players", {}))
    if not seats["min"] <= seats["default"] <= seats["max"]:
        raise source.error(("players",), f"players needs min <= default <= max, got min "
                                         f"{seats['min']}, default {seats['default']}, max {seats['max']}")


def part_of_a_game(source: Source) -> str:
    """What to say of a file that lacks part of a game: most likely it is meant to add to one,
    as a house rule (an overlay) or a variant (`extends:`)."""
    file, base = Path(source.file).name, first_bundled_game()
    return (f"; a house rule that adds to a game says `overlay: true` and is put on one "
            f"(`extends: [{base}, {file}]` in your file, or `{base}+{file}` on the command "
            f"line), and a variant of a game starts with `extends: {base}`")


class Builder:
    """Turns checked ruleset data into a Ruleset; errors name the file and line."""

    def __init__(self, source: Source, overrides: dict, named: str = "the ruleset"):
        self.source = source
        self.data = source.data
        self.options = resolve_options(source, overrides, named)
        # `option.NAME` of a house rule reads whether it is on (a declared option wins).
        names = {**self.options, **{name: name in source.overlays for name in house_rules()
                                    if name not in self.options},
                 **{name: True for name in source.overlays if name not in self.options}}
        self.names = names
        attributes = self.data.get("attributes", {})
        self.dispatched: set = set()
        self.drawn: set = set()  # the chance functions its texts call
        self.variables, self.variable_types = declared_variables(source)
        kept = {name: per_seat for name, (_, per_seat, _) in self.variables.items()}
        self.effect_specs = {name: self.effect_params(name)
                             for name in (self.data.get("effects") or {})}
        types = {name: VARIABLE_TYPES[kind] for name, kind in self.variable_types.items()}
        ranks, dealt = rank_types(self.data)
        self.symbols = lambda path: Symbols(options=names, attributes=frozenset(attributes),
                                            variables=kept, variable_types=types,
                                            ranks=ranks, dealt=dealt,
                                            card_kinds=card_kinds(self.data, path,
                                                                  self.where(path)),
                                            effects=self.effect_specs,
                                            chances=chance_types(self.data),
                                            dispatched=self.dispatched, drawn=self.drawn,
                                            where=self.where(path),
                                            colors=tuple(self.data.get("colors", ())),
                                            sides=tuple(self.data.get("sides") or ()),
                                            rows=tuple(self.data.get("rows") or ()))

    def where(self, path: tuple) -> dict:
        loc = self.source.locate(path)
        return {"file": loc.file, "line": loc.line, "column": loc.column, "path": dollar_path(path)}

    def get(self, path: tuple, default=None):
        value = self.data
        for part in path:
            if not isinstance(value, dict) or part not in value:
                return default
            value = value[part]
        return value

    def text(self, path: tuple):
        """Effect text as written in the file (so error positions match), or None."""
        value = self.get(path)
        if not value:
            return None
        raw = self.source.locate(path).raw
        return raw if raw is not None and path in self.source.locations else value

    def effect(self, path: tuple) -> tuple:
        text = self.text(path)
        return compile_effect(text, self.symbols(path)) if text else ()

    def expression(self, path: tuple):
        text = self.text(path)
        return compile_expression(text, self.symbols(path)) if text else None

    def offered(self, path: tuple):
        """A turn option's condition (turn.may_draw, may_pass): true or unset is None (always
        offered), false never (beside a playable card), else the condition compiled."""
        value = self.get(path)
        if isinstance(value, bool):
            return None if value else compile_expression("false", self.symbols(path))
        return self.expression(path)

    def reads_only(self, path: tuple, names: set) -> bool:
        """Whether the expression at `path` depends on nothing but `names` (and options)."""
        text = self.text(path)
        tree = dsl.parse(text, "condition", self.where(path))
        bound = {n.var for n in dsl.walk(tree) if isinstance(n, (dsl.Quantifier, dsl.Total))}
        return dsl.names_used(tree) - bound <= names | {"option"}

    def by_card(self, path: tuple, fn, faces: tuple) -> tuple | None:
        """`fn`'s value for each face, by card id, when the expression at `path` reads the
        card alone (and options): the engine then looks it up instead of calling it. None
        otherwise, when working it out needs a game after all, or when the deck and the
        text are so large that the table would cost more at load than it saves."""
        if fn is None or len(faces) * len(self.text(path)) > BY_CARD_WORK \
                or not self.reads_only(path, {"card"}):
            return None
        nobody = GameState.counting(1)  # a game of no state: the compiled build wants one
        try:
            return tuple(fn(nobody, Frame(0, face)) for face in faces)
        except Exception:  # it reads the game (hand(player), say) or fails on some card:
            return None  # the engine calls it, and reports what goes wrong where it does

    def first_card(self, deck: tuple) -> tuple:
        """first_card's return_if and redeal_if, compiled; refused when no card of the deck
        gets past them, since every hand's first card would then be turned or dealt again
        for ever. (A condition that reads the game, not the card alone, is not judged here.)"""
        return_if = self.expression(("first_card", "return_if"))
        redeal_if = self.expression(("first_card", "redeal_if"))
        cards = tuple(dict.fromkeys(deck))  # each face once, in deck order
        for name, fn, what in (("return_if", return_if, "put back and another turned"),
                               ("redeal_if", redeal_if, "dealt again")):
            path = ("first_card", name)
            held = self.by_card(path, fn, cards) if cards else None
            if held is None:
                continue
            passed = tuple(card for card, holds in zip(cards, held) if not holds)
            if not passed:
                shown = ", ".join(card.name for card in cards[:4]) \
                    + (", ..." if len(cards) > 4 else "")
                among = "card of the deck" if name == "return_if" or return_if is None \
                    else "card that return_if lets through"
                deck_at = self.source.locate(("deck",))
                raise self.source.error(path, f"first_card.{name} holds for every {among} "
                                              f"({shown}; the deck at {deck_at.file}:"
                                              f"{deck_at.line}:{deck_at.column}): no hand "
                                              f"could start, its first card would be {what} "
                                              "for ever")
            cards = passed
        return return_if, redeal_if

    def shown_values(self) -> tuple:
        """(name, label) of each declared variable shown (`shown: true`), in file order; only a
        per-seat variable may be (each seat's value beside its name)."""
        found = []
        for name, spec in (self.data.get("variables") or {}).items():
            if not spec.get("shown"):
                continue
            if not spec.get("per_seat"):
                raise self.source.error(("variables", name, "shown"),
                                        "shown: true is for a per-seat variable (add per_seat: "
                                        "true): the front ends show each seat's value")
            label = english(spec.get("help")) or name.replace("_", " ")
            found.append((name, " ".join(str(label).split())))
        return tuple(found)

    def setting(self, path: tuple, default, kind: type, minimum: int = 0,
                maximum: int = MAX_NUMBER):
        """A literal setting, or an expression over options such as `option.max_draws`; a
        whole number must lie in minimum..MAX_NUMBER, however it is written."""
        value = self.get(path, default)
        if isinstance(value, str):
            fn = compile_expression(self.text(path), self.symbols(path))
            try:
                value = fn(GameState.stateless(), None)
            except AttributeError:
                raise self.source.error(path, "a setting can use options and constants only, "
                                              "not the game") from None
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.source.error(path, f"expected a whole number, got {value!r}")
        if kind is int and not minimum <= value <= maximum:
            raise self.source.error(path, f"expected a whole number from {minimum} to "
                                          f"{maximum:,}, got {value}")
        if kind is bool and not isinstance(value, bool):
            raise self.source.error(path, f"expected true or false, got {value!r}")
        return value

    def build(self) -> Ruleset:
        colors = tuple(self.data["colors"])
        self.check_attributes(colors)
        kinds = {name: self.kind(name) for name in self.data["kinds"]}
        self.kinds = kinds
        effects = {name: self.named_effect(name) for name in self.data.get("effects", {})}
        self.check_dispatch()
        side_colors = self.side_colors(colors)
        faces, deck = build_deck(self, colors)
        return_if, redeal_if = self.first_card(deck)
        players = seat_counts(self.data.get("players", {}))
        decks = self.by_players(("decks",), 1, players, 1, 100)
        check_copies(self, len(deck), decks)
        playable, clauses = compile_playable(self)
        sizes = self.hand_sizes(players)
        data = self.data
        fingerprint = digest(data, self.options)
        return Ruleset(
            name=data["name"], title=english(data.get("title", data["name"])),
            description=" ".join(english(data.get("description", "")).split()),
            file=self.source.file,
            options=MappingProxyType(dict(self.names)),
            option_specs=MappingProxyType(dict(in_english(data).get("options", {}))),
            colors=colors, kinds=MappingProxyType(kinds), faces=faces, deck=deck,
            sides=tuple(data.get("sides") or ()), side_colors=side_colors,
            random_pairs=bool(data.get("sides"))
            and (self.setting(("random_pairs",), False, bool) or "pairs" not in data),
            playable=playable,
            playable_tables=tables_for(fingerprint) if all(self.reads_only(path, TABLE_NAMES) for path in clauses)
            else None,
            triggers=compile_rules(self, faces), overlays=self.source.overlays,
            variables=MappingProxyType(self.variables),
            variable_types=MappingProxyType(self.variable_types),
            guarded=(guarded := frozenset(f for f in faces if f.rules.legal is not None)),
            guards=id_flags(faces, guarded),
            effects=MappingProxyType(effects),
            effect_params=MappingProxyType({name: tuple(p for p, _ in params) for name, params
                                            in self.effect_specs.items() if params}),
            chances=MappingProxyType({name: tuple(slots) for name, slots
                                      in (data.get("chances") or {}).items()}),
            has_chance=bool(self.drawn),
            hand_size=sizes[players["default"]], hand_sizes=MappingProxyType(sizes),
            hand_limit=self.setting(("hand_limit",), 0, int),
            min_players=players["min"], max_players=players["max"],
            default_players=players["default"],
            draw_until_playable=self.setting(("turn", "draw_until_playable"), False, bool),
            max_draws=self.setting(("turn", "max_draws"), 0, int),
            draw_until=self.expression(("turn", "draw_until")),
            decide_after_draw=self.setting(("turn", "decide_after_draw"), False, bool),
            reshuffle=self.setting(("stock", "reshuffle"), True, bool),
            refill_at_once=self.get(("stock", "refill"), "when_drawn") == "when_empty",
            passes_to_block=MappingProxyType(self.by_players(("turn", "passes_to_block"), None,
                                                             players, 1, 1000)),
            decks=MappingProxyType(decks),
            team_size=self.setting(("teams", "size"), 0, int, maximum=10),
            bot_answers=MappingProxyType({
                question: self.expression(("bots", "answers", question))
                for question in (self.get(("bots", "answers")) or {})}),
            play_drawn=self.setting(("turn", "play_drawn"), True, bool),
            forced_play=self.setting(("turn", "forced_play"), False, bool),
            may_draw=self.offered(("turn", "may_draw")),
            may_pass=self.offered(("turn", "may_pass")),
            jump_in=self.expression(("jump_in", "allowed"))
            if self.setting(("jump_in", "enabled"), False, bool) else None,
            first_dealer=None if self.get(("dealer", "first")) == "random"
            else self.setting(("dealer", "first"), 0, int),
            dealer_draw=(dealer_draw := self.expression(("dealer", "draw_high"))),
            dealer_values=self.by_card(("dealer", "draw_high"), dealer_draw, faces),
            winner_deals=(winner_deals := self.get(("dealer", "next_hand")) == "winner"),
            deal_moves=0 if winner_deals else self.setting(("dealer", "next_hand"), 1, int),
            redeal_if=redeal_if,
            return_if=return_if,
            # No `uno:` section, or `call: false` (silent UNO): nobody calls UNO.
            uno_penalty=self.setting(("uno", "penalty"), 2, int)
            if "uno" in data and self.get(("uno", "call"), True) else None,
            uno_cards_left=self.setting(("uno", "cards_left"), 1, int, minimum=1),
            scoring=self.expression(("scoring", "winner_scores")),
            seat_scoring=self.expression(("scoring", "seat_scores")),
            target_score=self.setting(("match", "target_score"), 500, int, minimum=1),
            hands=self.setting(("match", "hands"), 0, int),
            rejoin_each_hand=self.setting(("match", "rejoin_each_hand"), False, bool),
            lowest_wins=self.get(("match", "winner")) == "lowest",
            ends_when=self.expression(("match", "ends_when")),
            tie=self.get(("match", "tie"), "last_hand_winner"),
            turns_per_hand=self.limit("turns_per_hand", 100_000),
            steps_per_action=self.limit("steps_per_action", 10_000),
            idle_turns=self.limit("idle_turns", 1_000),
            hands_per_match=self.limit("hands_per_match", 1_000),
            turns_in_a_row=self.limit("turns_in_a_row", 1_000),
            loop_turns=self.limit("loop_turns", 1_000),
            digest=fingerprint,
            source=self.source,
            shown_values=self.shown_values(),
            rows=self.rows(),
            call_word=shown(str(self.get(("uno", "name"), "UNO")), one_line=True),
        )

    def rows(self) -> tuple:
        """The rows of piles (`rows:`), each with its compiled playable condition."""
        return tuple(
            Row(name, self.setting(("rows", name, "piles"), 1, int, minimum=1, maximum=100),
                self.expression(("rows", name, "playable")),
                self.get(("rows", name, "plays"), "one") == "each_pile")
            for name in self.data.get("rows") or {})

    def side_colors(self, colors: tuple) -> tuple:
        """Each side's colours (two-sided cards), each one of the ruleset's `colors`."""
        sides = self.data.get("sides") or {}
        for name, side in sides.items():
            for index, color in enumerate(side["colors"]):
                if color not in colors:
                    raise self.source.error(("sides", name, "colors", index),
                                            f"unknown colour '{color}'; colours: {', '.join(colors)}")
        return tuple(tuple(side["colors"]) for side in sides.values())

    def hand_sizes(self, players: dict) -> dict:
        """Cards dealt to each player, for every number of players the ruleset allows."""
        return self.by_players(("hand_size",), 7, players, 1, 500)

    def by_players(self, path: tuple, default, players: dict, low: int, high: int) -> dict:
        """A setting for every number of players the ruleset allows: a number, or an
        expression of `players` (and options) worked out here, at load. With no setting and
        no default (None), the number of players itself."""
        counts = range(players["min"], players["max"] + 1)
        value = self.get(path, default)
        if value is None:
            return {n: n for n in counts}
        name = path[-1]
        if not isinstance(value, str):
            return {n: self.setting(path, default, int, minimum=low, maximum=high) for n in counts}
        fn = compile_expression(self.text(path), self.symbols(path))
        table = {}
        for n in counts:
            try:
                got = fn(GameState.counting(n), None)
            except AttributeError:
                raise self.source.error(path, f"{name} can use `players`, options "
                                              "and constants only") from None
            if got.__class__ is not int or not low <= got <= high:
                raise self.source.error(path, f"{name} gives {got!r} for {n} "
                                              f"players; expected {low} to {high}")
            table[n] = got
        return table


    def limit(self, name: str, default: int) -> int:
        """A runaway limit: a ruleset file may lower it, never raise it (an untrusted file
        must not make a hand run for minutes before its guard trips)."""
        return self.setting(("limits", name), default, int, minimum=1, maximum=default)

    def check_attributes(self, colors: tuple) -> None:
        """Declared attributes may not shadow a card's own, nor name colours the game lacks."""
        for attr, table in self.data.get("attributes", {}).items():
            if attr in BUILTIN_ATTRIBUTES:
                raise self.source.error(("attributes", attr), f"'{attr}' is a card's own attribute "
                                        f"({', '.join(BUILTIN_ATTRIBUTES)}); name yours otherwise")
            for color in (table or {}).get("by_color", {}):
                if color not in colors:
                    raise self.source.error(("attributes", attr, "by_color", color),
                                            f"unknown colour '{color}'; colours: {', '.join(colors)}")

    def check_dispatch(self) -> None:
        """Each value of an attribute used as `run(card.attr, ...)` must name an effect,
        taking as many arguments as the call gives."""
        effects = self.effect_specs
        for attr, given in sorted(self.dispatched):
            for path, value in attribute_settings(self.data, attr):
                if value is not None and value not in effects:
                    known = ", ".join(sorted(effects)) or "none"
                    raise self.source.error(path, f"{attr} '{value}' has no effect: add "
                                                  f"effects: {{{value}: ...}} (effects: {known})")
                if value is not None and len(effects[value]) != given:
                    raise self.source.error(path, f"{attr} '{value}' names an effect taking "
                                                  f"{effect_signature(effects[value])}, but "
                                                  f"run(card.{attr}, ...) gives it {given}")

    def effect_params(self, name: str) -> tuple:
        """A named effect's parameters, ((name, type), ...): none for a plain text. A
        parameter may not take the name of one of the language's own words."""
        spec = self.get(("effects", name))
        params = (spec.get("params") or {}) if isinstance(spec, dict) else {}
        for param in params:
            if param in BUILTINS or param in ("option", "var"):
                raise self.source.error(("effects", name, "params", param),
                                        f"'{param}' is one of the language's own names: name "
                                        "the parameter otherwise")
        return tuple((param, frozenset({kind})) for param, kind in params.items())

    def named_effect(self, name: str) -> tuple:
        """A named effect's ops: its text, or its `do:` with its parameters bound."""
        params = self.effect_specs[name]
        if not isinstance(self.get(("effects", name)), dict):
            return self.effect(("effects", name))
        path = ("effects", name, "do")
        text = self.text(path)
        if not text:
            return ()
        symbols = self.symbols(path)
        symbols.bound = tuple(param for param, _ in params)
        symbols.types = dict(params)
        return compile_effect(text, symbols)

    def kind(self, name: str) -> Kind:
        path = ("kinds", name)
        on_play = self.effect(path + ("on_play",))
        # Without on_first, the first card does what playing it does; `on_first: ""` does nothing.
        on_first = self.effect(path + ("on_first",)) \
            if self.get(path + ("on_first",)) is not None else on_play
        return Kind(name=name, text=" ".join(str(english(self.get(path + ("text",), ""))).split()),
                    legal=self.expression(path + ("legal",)),
                    fair=self.expression(path + ("fair",)),
                    legal_text=self.get(path + ("legal",), ""), on_play=on_play, on_first=on_first,
                    on_going_out=self.effect(path + ("on_going_out",)))

# Faces times characters of text at most, for a table by card: a long text over a wide
# deck (a hostile file, say) is called in the game instead, for the few cards it meets.
BY_CARD_WORK = 100_000


def digest(data: dict, options: dict) -> str:
    """A short fingerprint of the merged ruleset data (its words in English only: a game
    saved before a language was added still replays) and the options in force."""
    text = json.dumps([in_english(data), options], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def seat_counts(players: dict) -> dict:
    """min, max and default seats, filling in 2, 10 and 4 (kept within min..max)."""
    low, high = players.get("min", 2), players.get("max", 10)
    return {"min": low, "max": high, "default": players.get("default", max(low, min(4, high)))}


def attribute_settings(data: dict, attr: str):
    """Where each value of a card attribute is set: (key path, value) pairs."""
    table = data.get("attributes", {}).get(attr, {})
    for color, value in table.get("by_color", {}).items():
        yield ("attributes", attr, "by_color", color), value
    for key in ("colorless", "default"):
        if key in table:
            yield ("attributes", attr, key), table[key]
    for kind, spec in data["kinds"].items():
        if attr in spec.get("attributes", {}):
            yield ("kinds", kind, "attributes", attr), spec["attributes"][attr]
