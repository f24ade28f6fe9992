"""A ruleset's options: those it declares, the values given for them (a command line's
strings, or values), and the bundled house rules an option switches on or off by name.
"""

from __future__ import annotations

import difflib
from functools import lru_cache

from interpreter.errors import OptionError
from interpreter.loading.extends import load_source
from interpreter.loading.source import Source, bundled_rulesets

TRUE_WORDS = {"true", "yes", "on", "1"}
FALSE_WORDS = {"false", "no", "off", "0"}


def house_rules() -> tuple:
    """The bundled house rules' names: each is a switch (`--option NAME=true` adds it)."""
    return tuple(name.split("/", 1)[1] for name in bundled_rulesets() if name.startswith("house/"))


def switched(source: Source, options: dict) -> dict:
    """The house rules `options` switch on or off, by name: an option the ruleset does not
    declare, named like a bundled house rule or an overlay the ruleset has."""
    declared = source.data.get("options") or {}
    names = set(house_rules()) | set(source.overlays)
    return {name: option_value(name, {"type": "boolean"}, value)
            for name, value in options.items() if name not in declared and name in names}


def refuse_options_of_rules_off(source: Source, options: dict) -> None:
    """Refuse an option that only a house rule that is off declares (`max_draws` without
    draw_until_playable): it would change nothing, so it is a mistake, named with the rule."""
    declared = source.data.get("options") or {}
    for name in options:
        if name in declared:
            continue
        owners = [rule for rule in house_rules() if name in house_rule_options(rule)]
        if not owners:
            continue  # an unknown option: resolve_options says so, with the known ones
        switches = " or ".join(f"--option {rule}=true" for rule in owners)
        raise OptionError(f"option {name} belongs to the house rule {' or '.join(owners)}, "
                          f"which is off here: switch it on too ({switches})")


@lru_cache(maxsize=32)
def house_rule_options(name: str) -> dict:
    """The options a bundled house rule declares."""
    return load_source(f"house/{name}").data.get("options") or {}


def resolve_options(source: Source, overrides: dict, named: str = "the ruleset") -> dict:
    """The declared options' defaults, with `overrides` (strings from a command line, or values).
    A wrong override is the caller's mistake, not the file's: its error names no file, and
    `named` is the ruleset as the caller named it (a bundled game by its name)."""
    specs = source.data.get("options", {})
    values = {}
    for name, spec in specs.items():
        try:
            values[name] = option_value(name, spec, spec["default"])
        except OptionError as err:
            raise source.error(("options", name, "default"), f"the default does not fit: {err.message}")
    for name, raw in overrides.items():
        if name not in specs:
            close = difflib.get_close_matches(name, [*specs, *house_rules()], n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            known = ", ".join(sorted(specs)) or "none"
            raise OptionError(f"{named} has no option '{name}'{hint}; its options: {known}; "
                              f"house rules (on or off): {', '.join(house_rules())}")
        values[name] = option_value(name, specs[name], raw)
    return values


def option_value(name: str, spec: dict, raw):
    """Convert and check one option value against its declaration."""
    kind = spec["type"]
    value = raw
    if kind == "boolean" and isinstance(raw, str):
        word = raw.strip().lower()
        value = True if word in TRUE_WORDS else False if word in FALSE_WORDS else raw
    elif kind == "integer" and isinstance(raw, str):
        try:
            value = int(raw.strip())
        except ValueError:
            value = raw
    expected = {"boolean": bool, "integer": int, "string": str}[kind]
    if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
        wanted = {"boolean": "true or false", "integer": "a whole number", "string": "text"}[kind]
        raise OptionError(f"option {name} expects {wanted}, got {shown_value(raw)}")
    if expected is int and isinstance(value, int) and abs(value) > OPTION_NUMBER:
        raise OptionError(f"option {name} is a whole number within {OPTION_NUMBER:,}, got "
                          f"{shown_value(value)}")
    if isinstance(value, str) and len(value) > OPTION_TEXT:  # expected is str
        raise OptionError(f"option {name} is text of at most {OPTION_TEXT:,} characters, got "
                          f"{len(value):,}")
    if expected is int:
        low, high = spec.get("minimum"), spec.get("maximum")
        if low is not None and value < low:
            raise OptionError(f"option {name} must be at least {low}, got {value}")
        if high is not None and value > high:
            raise OptionError(f"option {name} must be at most {high}, got {value}")
    if spec.get("choices") and value not in spec["choices"]:
        raise OptionError(f"option {name} is one of {', '.join(spec['choices'])}, got "
                          f"{shown_value(value)}")
    return value


OPTION_NUMBER = 10 ** 9  # as any number in the rules (primitives.MAX_NUMBER)
OPTION_TEXT = 1000  # what a save or a log keeps of a text option


def shown_value(value) -> str:
    """A value as an error quotes it: cut short when it is long."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:50]}... ({len(text):,} characters)"


def parse_option_pairs(pairs: list[str]) -> dict:
    """`['hands=1', 'challenge=true']` as a dict of strings."""
    result = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"--option takes NAME=VALUE, got {pair!r}")
        result[name.strip()] = value.strip()
    return result
