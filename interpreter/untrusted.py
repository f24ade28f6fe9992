"""Reading a file someone else may have written (a saved game, a game log) without trusting it.

Rulesets are read safely by source.py; saves and logs are JSON and come from anywhere too, so:

* only a regular file is read (a FIFO, a device or a folder is refused at once, never opened
  for a blocking read), its size is checked before reading and no more than the cap (plus one
  byte, to notice a file that grew) is ever read;
* the text must be UTF-8 and JSON with no NaN or Infinity, no key given twice, and values
  nested at most MAX_DEPTH deep (a file of 100,000 `[` is refused, never a RecursionError);
* the data is checked against the JSON Schema for it (schema/save.schema.json,
  schema/log.schema.json) before anything in it is used; a problem is one HouserulesError
  naming the file, the line (for JSON Lines), the key path and what was expected.

jsonschema takes a few hundred microseconds a row, which would make `replay` twenty times
slower, so each schema is also compiled here into a plain predicate for the keywords these
schemas use (and no others: an unknown keyword is refused when compiling). A value the
predicate accepts is valid; for any other jsonschema decides, and words the error.
A whole number is an integer, never 2.0 or true, in both.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
from functools import lru_cache

import jsonschema
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from .errors import HouserulesError
from .source import bundled_dir, bundled_rulesets, dollar_path, is_bundled
from .validation import Validator

MAX_DEPTH = 32  # nested [ and { in one JSON value (a save nests 4 deep, a log row 3)
SCHEMAS = ("save", "log")


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_capped(path, *, cap: int, what: str, cls=HouserulesError) -> bytes:
    """The bytes of the regular file `path`, refused (cls, naming the file) if it is anything
    else or larger than `cap` bytes. `what` names the file's kind in messages ("saved game")."""
    shown = str(path)

    def refuse(problem: str):
        return cls(f"cannot read the {what}: {problem}", file=shown)

    def too_big(size: int):
        return refuse(f"it is {size:,} bytes; a {what} may be at most {cap:,} bytes")

    try:
        # Checked before opening: a FIFO or a device must not block, a huge file not be read.
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise refuse(f"it is {file_kind(info.st_mode)}, not a regular file")
        if info.st_size > cap:
            raise too_big(info.st_size)
        # Non-blocking, in case it was swapped for a FIFO since: then fstat says so.
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        handle = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(handle, "rb") as stream:
            info = os.fstat(stream.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise refuse(f"it is {file_kind(info.st_mode)}, not a regular file")
            raw = stream.read(cap + 1)
    except OSError as exc:
        raise refuse(exc.strerror or exc.__class__.__name__) from None
    if len(raw) > cap:
        raise too_big(len(raw))
    return raw


def read_text(path, *, cap: int, what: str, cls=HouserulesError) -> str:
    """The file's text (UTF-8), read as read_capped does."""
    raw = read_capped(path, cap=cap, what=what, cls=cls)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise cls(f"cannot read the {what}: not UTF-8 text (byte {raw[exc.start]:#04x})",
                  file=str(path), line=line) from None


def check_reference(ref: str, *, file: str, line: int | None = None, cls=HouserulesError,
                    path: str = "$.ruleset") -> None:
    """Refuse a ruleset reference found in a file (`base+overlay` alike) unless each part is a
    bundled name or a path to a .yaml/.yml file, before anything of it is read: a stranger's
    save, log or scenario must not make the tool open any other file of yours. A symbolic link
    loop is refused here too (the loader's Path.resolve raises RuntimeError on it, not OSError)."""
    for part in ref.split("+"):
        part = part.strip()
        if not (is_bundled(part) or part.endswith((".yaml", ".yml"))):
            raise cls(f"no ruleset named {part[:60]!r}{'...' if len(part) > 60 else ''} (bundled: "
                      f"{', '.join(bundled_rulesets())}; or give a path to a .yaml file)", file=file, line=line,
                      path=path)
        try:
            os.stat(part)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise cls(f"cannot use the ruleset {short(part, 300)}: {exc.strerror}", file=file,
                          line=line, path=path) from None
        except ValueError:  # a NUL in the name: the loader says what is wrong with it
            pass


def no_duplicates(pairs: list) -> dict:
    """A JSON object, refused when it gives one key twice (json would keep the later one)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {short(key)} is given twice")
            seen.add(key)
    return data


def no_constant(name: str):
    """NaN, Infinity and -Infinity are not JSON, though Python's json reads them."""
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str, *, what: str, file: str, line: int | None = None,
               cls=HouserulesError):
    """One JSON value from untrusted text. `line`: the line of a JSON Lines file it came from."""
    try:
        data = json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        raise cls(f"cannot read the {what}: not JSON: {exc.msg}", file=file,
                  line=line or exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise cls(f"cannot read the {what}: values nest too deeply (at most {MAX_DEPTH} "
                  "levels of [ and {)", file=file, line=line) from None
    except ValueError as exc:  # a key twice, NaN, an integer of more than 4300 digits
        problem = str(exc)
        if "integer string conversion" in problem:
            problem = f"a number has more than {sys.get_int_max_str_digits()} digits"
        raise cls(f"cannot read the {what}: {problem}", file=file, line=line) from None
    if depth(data) > MAX_DEPTH:
        raise cls(f"cannot read the {what}: values nest too deeply (at most {MAX_DEPTH} "
                  "levels of [ and {)", file=file, line=line)
    return data


def depth(value) -> int:
    """How deeply lists and objects nest in a JSON value (0 for a plain value); no recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, level)
        if level <= MAX_DEPTH:  # deeper is refused anyway: stop counting
            stack.extend((child, level + 1) for child in item)
    return deepest


@lru_cache(maxsize=1)
def registry() -> tuple:
    """The save and log schemas by name, and a registry in which each can `$ref` the other."""
    schemas = {name: json.loads((bundled_dir("schema") / f"{name}.schema.json").read_text())
               for name in SCHEMAS}
    found = Registry().with_resources(
        (schema["$id"], DRAFT202012.create_resource(schema)) for schema in schemas.values())
    return schemas, found


@lru_cache(maxsize=16)
def validator(name: str, definition: str | None = None):
    """A validator for schema `name` (save, log), or for one of its `$defs`."""
    schemas, found = registry()
    schema = schemas[name]
    if definition is not None:
        schema = {"$ref": f"{schema['$id']}#/$defs/{definition}"}
    return Validator(schema, registry=found)  # 2.0 is not an integer here either


def check(data, name: str, definition: str | None = None, *, file: str,
          line: int | None = None, cls=HouserulesError) -> None:
    """Refuse `data` unless it fits schema `name` (or its definition `definition`)."""
    if predicate(name, definition)(data):
        return
    checker = validator(name, definition)
    errors = list(checker.iter_errors(data))
    if not errors:
        return
    error = jsonschema.exceptions.best_match(errors)
    path, message = explain(error, name)
    raise cls(message, file=file, line=line, path=dollar_path(path))


def explain(error, name: str) -> tuple:
    """(key path, what was expected and what was found) for a jsonschema error of schema
    `name`, in words."""
    path = tuple(error.absolute_path)
    instance = error.instance
    if error.validator == "required":
        missing = next(key for key in error.validator_value if key not in instance)
        wanted = referenced(error.schema.get("properties", {}).get(missing, {}), name)
        return path + (missing,), ("missing; expected " + wanted["description"]
                                   if "description" in wanted else "missing")
    if error.validator == "additionalProperties" and isinstance(instance, dict):
        allowed = sorted(error.schema.get("properties", {}))
        extra = [key for key in instance if key not in allowed]
        if extra and allowed:
            return path + (extra[0],), (f"unknown key {short(extra[0])}; expected one of: "
                                        f"{', '.join(allowed)}")
    return path, f"expected {expectation(error.schema, error)}, got {value_text(instance)}"


def referenced(schema: dict, name: str) -> dict:
    """The schema a `$ref` (to `#/$defs/X` of schema `name`, or `OTHER.schema.json#/...`) names."""
    while isinstance(schema, dict) and "$ref" in schema and "description" not in schema:
        file, _, pointer = schema["$ref"].partition("#")
        name = file.removesuffix(".schema.json") if file else name
        schema = registry()[0][name]
        for part in pointer.strip("/").split("/") if pointer.strip("/") else ():
            schema = schema[part]
    return schema if isinstance(schema, dict) else {}


def expectation(schema, error) -> str:
    """What the schema asks for, in words: its description, or its parent's, or the rule."""
    for candidate in (schema, getattr(error.parent, "schema", None)):
        if isinstance(candidate, dict) and candidate.get("description"):
            return candidate["description"]
    rule, value = error.validator, error.validator_value
    words = {
        "type": lambda: "a value of type " + (value if isinstance(value, str)
                                              else " or ".join(value)),
        "enum": lambda: "one of " + ", ".join(json.dumps(v) for v in value),
        "const": lambda: json.dumps(value),
        "minimum": lambda: f"at least {value}",
        "maximum": lambda: f"at most {value}",
        "minLength": lambda: f"at least {value} characters",
        "maxLength": lambda: f"at most {value} characters",
        "minItems": lambda: f"at least {value} items",
        "maxItems": lambda: f"at most {value} items",
        "maxProperties": lambda: f"at most {value} keys",
    }
    return words[rule]() if rule in words else error.message[:200]


def short(value, limit: int = 40) -> str:
    """A string quoted, or its length when it is long."""
    text = repr(value)
    return text if len(text) <= limit else f"a string of {len(value):,} characters"


def value_text(value) -> str:
    """A found value in a few words (never the whole of a huge one)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        text = str(value)
        return text if len(text) <= 30 else f"a number of {len(text.lstrip('-'))} digits"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        text = short(value)
        return text if text.startswith("a string") else f"the string {text}"
    if isinstance(value, list):
        return f"a list of {len(value):,} item{'s' if len(value) != 1 else ''}" if value \
            else "an empty list"
    if isinstance(value, dict):
        keys = ", ".join(short(k, 20) for k in list(value)[:5])
        return f"an object with the keys {keys}{', ...' if len(value) > 5 else ''}" if value \
            else "an empty object"
    return type(value).__name__


# --- the schemas as plain predicates ------------------------------------------------------

TYPES = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}
# Keywords that only describe; every other keyword a schema uses must be compiled below.
ANNOTATIONS = {"$schema", "$id", "$defs", "title", "description"}


@lru_cache(maxsize=16)
def predicate(name: str, definition: str | None = None):
    """Schema `name` (or its `$defs` entry `definition`) as a function value -> bool."""
    schemas, _ = registry()
    schema = schemas[name] if definition is None else schemas[name]["$defs"][definition]
    return compile_schema(schema, name, schemas, {})


def compile_schema(schema: dict, home: str, schemas: dict, done: dict):
    """A predicate for `schema`, found in schema file `home` (for its relative `$ref`s)."""
    tests = []
    for keyword, value in schema.items():
        if keyword in ANNOTATIONS:
            continue
        tests.append(compile_keyword(keyword, value, schema, home, schemas, done))
    tests = tuple(test for test in tests if test is not None)
    if len(tests) == 1:
        return tests[0]

    def every(v) -> bool:
        for test in tests:
            if not test(v):
                return False
        return True
    return every


def compile_keyword(keyword: str, value, schema: dict, home: str, schemas: dict, done: dict):
    """One keyword as a predicate (None when it only works together with another)."""
    sub = lambda s: compile_schema(s, home, schemas, done)  # noqa: E731
    if keyword == "$ref":
        return resolve_ref(value, home, schemas, done)
    if keyword == "type":
        kinds = [TYPES[t] for t in ([value] if isinstance(value, str) else value)]
        return kinds[0] if len(kinds) == 1 else lambda v: any(kind(v) for kind in kinds)
    if keyword in ("enum", "const"):
        allowed = value if keyword == "enum" else [value]
        if not all(a is None or isinstance(a, (bool, int, str)) for a in allowed):
            raise ValueError(f"only plain values in {keyword}")
        return lambda v: any(plain_equal(v, a) for a in allowed)
    if keyword in ("minimum", "maximum"):
        number = TYPES["number"]
        if keyword == "minimum":
            return lambda v: not number(v) or v >= value
        return lambda v: not number(v) or v <= value
    if keyword in ("minLength", "maxLength"):
        if keyword == "minLength":
            return lambda v: not isinstance(v, str) or len(v) >= value
        return lambda v: not isinstance(v, str) or len(v) <= value
    if keyword in ("minItems", "maxItems"):
        if keyword == "minItems":
            return lambda v: not isinstance(v, list) or len(v) >= value
        return lambda v: not isinstance(v, list) or len(v) <= value
    if keyword == "maxProperties":
        return lambda v: not isinstance(v, dict) or len(v) <= value
    if keyword == "required":
        return lambda v: not isinstance(v, dict) or all(key in v for key in value)
    if keyword == "properties":
        tests = tuple((key, sub(s)) for key, s in value.items())

        def properties(v) -> bool:
            if isinstance(v, dict):
                for key, test in tests:
                    if key in v and not test(v[key]):
                        return False
            return True
        return properties
    if keyword == "additionalProperties":
        known = set(schema.get("properties", {}))
        if value is False:
            return lambda v: not isinstance(v, dict) or all(key in known for key in v)
        test = sub(value)
        return lambda v: not isinstance(v, dict) or all(
            test(item) for key, item in v.items() if key not in known)
    if keyword == "propertyNames":
        test = sub(value)
        return lambda v: not isinstance(v, dict) or all(test(key) for key in v)
    if keyword == "prefixItems":
        tests = [sub(s) for s in value]
        return lambda v: not isinstance(v, list) or all(
            test(item) for test, item in zip(tests, v))
    if keyword == "items":
        test = sub(value)
        start = len(schema.get("prefixItems", ()))
        return lambda v: not isinstance(v, list) or all(test(item) for item in v[start:])
    if keyword == "anyOf":
        tests = [sub(s) for s in value]
        return lambda v: any(test(v) for test in tests)
    if keyword == "oneOf":
        tests = [sub(s) for s in value]
        return lambda v: sum(1 for test in tests if test(v)) == 1
    raise ValueError(f"the schema keyword {keyword!r} is not compiled")


def plain_equal(value, allowed) -> bool:
    """JSON equality with a plain allowed value (null, true/false, a number, a string):
    true is not 1, and 1.0 is 1."""
    if isinstance(allowed, bool) or isinstance(value, bool):
        return value is allowed
    if allowed is None or value is None:
        return value is allowed
    if isinstance(allowed, str) or isinstance(value, str):
        return isinstance(value, str) and isinstance(allowed, str) and value == allowed
    return isinstance(value, (int, float)) and value == allowed


def resolve_ref(ref: str, home: str, schemas: dict, done: dict):
    """A `$ref` to `#/$defs/NAME` or `OTHER.schema.json#/$defs/NAME`, compiled once."""
    file, _, pointer = ref.partition("#")
    target_home = file.removesuffix(".schema.json") if file else home
    key = (target_home, pointer)
    if key not in done:
        node = schemas[target_home]
        for part in pointer.strip("/").split("/") if pointer.strip("/") else ():
            node = node[part]
        done[key] = None  # a cycle would find None: these schemas have none
        done[key] = compile_schema(node, target_home, schemas, done)
    test = done[key]
    return test if test is not None else lambda v: done[key](v)
