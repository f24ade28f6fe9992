"""Checking YAML data against the project's JSON Schemas, with errors at file:line."""

from __future__ import annotations

import difflib

from functools import lru_cache

import jsonschema
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from interpreter.errors import RulesetError
from interpreter.loading.source import Source, check_is_a, dollar_path, schema


def whole_number(checker, instance) -> bool:
    """JSON Schema's "integer", without floats such as 2.0 (YAML's 2.0 is a float here)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


# Draft 2020-12 counts 2.0 as an integer; a deck with `copies: 2.0` then failed in the builder.
Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", whole_number))


def check_schema(source: Source, name: str, cls=RulesetError) -> None:
    """Check `source` against schema `name`; the most telling problem becomes an error."""
    check_is_a(source, name, cls)
    validator = Validator(schema(name), registry=ruleset_registry())
    errors = list(validator.iter_errors(source.data))
    if errors:
        try:
            best = jsonschema.exceptions.best_match(errors)
        except TypeError:  # it sorts paths, which mix numbers and texts for keys like -1
            best = errors[0]
        raise schema_error(source, best, len(errors), cls)


@lru_cache(maxsize=1)
def ruleset_registry() -> Registry:
    """Where a schema finds the ruleset schema's `$defs` (a translation's `ruleset.schema.json#/...`)."""
    ruleset = schema("ruleset")
    return Registry().with_resource(ruleset["$id"], DRAFT202012.create_resource(ruleset))


def schema_error(source: Source, error, count: int, cls=RulesetError):
    """A jsonschema error, pointing at the offending key, in words."""
    path = tuple(error.absolute_path)
    message = error.message
    if error.validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = [str(k) for k in error.instance if k not in allowed]
        if extra:
            path = path + (extra[0],)
            close = difflib.get_close_matches(extra[0], allowed, n=1)
            # A key like none of the known ones is not quoted: it may be another file's.
            what = f"unknown key '{extra[0]}' (did you mean '{close[0]}'?)" if close \
                else "an unknown key"
            message = f"{what}; expected one of: {', '.join(allowed)}"
    elif "description" in error.schema:
        if error.validator == "enum" and isinstance(error.instance, str):
            # A misspelt word of a closed list (an event's name, say) is told its closest.
            close = difflib.get_close_matches(error.instance, [str(word) for word in
                                                               error.validator_value], n=1)
            message += f" (did you mean '{close[0]}'?)" if close else ""
        message += f" (expected: {error.schema['description']})"
    quoted = repr(error.instance)
    # A long value is told by its size, not quoted (a text up to 200 characters still is).
    if len(quoted) > (200 if isinstance(error.instance, str) else 80) and quoted in message:
        message = message.replace(quoted, sized(error.instance))
    more = f" ({count - 1} more problem(s) after this one)" if count > 1 else ""
    err = source.error(path, message + more, cls)
    if message.startswith("an unknown key"):
        err.path = dollar_path(path[:-1]) if path[:-1] else None  # the key stays unquoted
    return err


def sized(value) -> str:
    """A long value in a few words: what it is and how big."""
    if isinstance(value, list):
        return f"a list of {len(value):,} items"
    if isinstance(value, dict):
        return f"a mapping of {len(value):,} keys"
    if isinstance(value, str):
        return f"a text of {len(value):,} characters"
    return f"a {type(value).__name__}"
