"""A ruleset's declared game variables (`variables:`): what each holds, where it is kept and
its first value, checked at load with the file, line and column of a wrong one."""

from __future__ import annotations

from interpreter.engine.budget import MAX_NUMBER
from interpreter.language.vocabulary import VARIABLE_TYPES, describe
from interpreter.loading.source import Source

# The first value of a variable that gives none, by its type ("value": no type given).
DEFAULT_INITIAL = {"value": 0, "number": 0, "boolean": False, "seats": (), "cards": ()}


def declared_variables(source: Source) -> tuple[dict, dict]:
    """name -> (scope, per seat, initial value), and name -> its type's word ("value" when
    it gives none), of every declared variable."""
    kept, types = {}, {}
    for name, spec in (source.data.get("variables") or {}).items():
        kind = spec.get("type", "value")
        initial = spec.get("initial", DEFAULT_INITIAL.get(kind))
        initial = None if initial == "none" else initial  # the language's word for null
        check_initial(source, ("variables", name, "initial"), kind, initial)
        kept[name] = (spec.get("scope", "match"), spec.get("per_seat", False), initial)
        types[name] = kind
    return kept, types


def check_initial(source: Source, path: tuple, kind: str, value) -> None:
    """A first value must be one the variable may hold (a seat, a card: none, as the
    table is not dealt yet; a list: empty)."""
    if kind in ("seats", "cards"):
        if value != ():
            raise source.error(path, f"a variable of {kind} starts empty: leave `initial` out")
        return
    if value is None:
        return
    if kind in ("seat", "card"):
        raise source.error(path, f"a variable holding a {kind} starts as none: leave `initial` "
                                 "out (or write none)")
    fits = {"value": type(value) is not str,  # the schema allows a number, true or false
            "number": type(value) is int and -MAX_NUMBER <= value <= MAX_NUMBER,
            "boolean": type(value) is bool,
            "color": value in source.data.get("colors", ()),
            "colour": value in source.data.get("colors", ()),
            "text": type(value) is str}[kind]
    if not fits:
        colours = f" ({', '.join(source.data.get('colors', ()))})" if "col" in kind else ""
        if kind == "value":
            raise source.error(path, "expected a whole number, true, false or none to start a "
                                     f"variable without a type, got {value!r}")
        raise source.error(path, f"expected {describe(VARIABLE_TYPES[kind])}{colours} to start "
                                 f"a variable of type {kind}, got {value!r}")
