"""Reading a file someone else may have written (a saved game, a game log) without trusting it.

Rulesets are read safely by source.py; saves and logs are JSON and come from anywhere too, so:

* only a regular file is read (a FIFO, a device or a folder is refused at once, never opened
  for a blocking read), its size is checked before reading and no more than the cap (plus one
  byte, to notice a file that grew) is ever read; a JSON Lines file is read a line at a time,
  each line with a cap of its own (text_lines), so a log's rows are used as they are read;
* the text must be UTF-8 and JSON with no NaN or Infinity, no key given twice, at most
  MAX_KEYS keys in an object, values nested at most MAX_DEPTH deep (a file of 100,000 `[` is
  refused, never a RecursionError) and, where asked, a cap on lists and objects in all;
* the data is checked against the JSON Schema for it (schema/save.schema.json,
  schema/log.schema.json) before anything in it is used; a problem is one HouserulesError
  naming the file, the line (for JSON Lines), the key path and what was expected.

jsonschema takes a few hundred microseconds a row, which would make `replay` twenty times
slower, so each schema is also compiled into a plain predicate (predicates.py). A value the
predicate accepts is valid; for any other jsonschema decides, and words the error.
"""

from __future__ import annotations

import codecs
import errno
import itertools
import json
import os
import re
import stat
import sys
from contextlib import contextmanager
from functools import lru_cache

import jsonschema
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from interpreter.errors import HouserulesError
from interpreter.loading.predicates import compile_schema
from interpreter.loading.source import (
    bundled_dir,
    bundled_rulesets,
    dollar_path,
    is_bundled,
)
from interpreter.loading.validation import Validator

MAX_DEPTH = 32  # nested [ and { in one JSON value (a save nests 4 deep, a log row 3)
MAX_KEYS = 1_000  # keys in one JSON object: the most a save or log has is 200 (options)
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


@contextmanager
def opened(path, *, cap: int, what: str, cls=HouserulesError):
    """The regular file `path`, open to read its bytes; refused (cls, naming the file) if it is
    anything else or larger than `cap` bytes. `what` names the file's kind in messages ("saved
    game"). A failure to read it, inside the `with` too, is refused the same way."""
    try:
        # Checked before opening: a FIFO or a device must not block, a huge file not be read.
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise refusal(path, what, f"it is {file_kind(info.st_mode)}, not a regular file", cls)
        if info.st_size > cap:
            raise too_big(path, what, info.st_size, cap, cls)
        # Non-blocking, in case it was swapped for a FIFO since: then fstat says so.
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        handle = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(handle, "rb") as stream:
            info = os.fstat(stream.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise refusal(path, what, f"it is {file_kind(info.st_mode)}, not a regular file",
                              cls)
            yield stream
    except OSError as exc:
        raise refusal(path, what, exc.strerror or exc.__class__.__name__, cls) from None


def refusal(path, what: str, problem: str, cls=HouserulesError, line: int | None = None):
    """The error for a file that cannot be read as a `what`."""
    return cls(f"cannot read the {what}: {problem}", file=str(path), line=line)


def too_big(path, what: str, size: int, cap: int, cls=HouserulesError):
    """The error for a file of `size` bytes, over its `cap`."""
    return refusal(path, what, f"it is {size:,} bytes; a {what} may be at most {cap:,} bytes", cls)


def read_capped(path, *, cap: int, what: str, cls=HouserulesError) -> bytes:
    """The bytes of the regular file `path`, as `opened` allows; no more than the cap (plus one
    byte, to notice a file that grew) is ever read."""
    with opened(path, cap=cap, what=what, cls=cls) as stream:
        raw = stream.read(cap + 1)
    if len(raw) > cap:
        raise too_big(path, what, len(raw), cap, cls)
    return raw


def read_text(path, *, cap: int, what: str, cls=HouserulesError) -> str:
    """The file's text (UTF-8), read as read_capped does."""
    raw = read_capped(path, cap=cap, what=what, cls=cls)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise refusal(path, what, f"not UTF-8 text (byte {raw[exc.start]:#04x})", cls,
                      line) from None


def text_lines(path, *, cap: int, line_caps: tuple, what: str, cls=HouserulesError):
    """The lines of the regular file `path` (as `opened` allows), one at a time, as (number,
    text without its newline): a JSON Lines file is used as it is read, so that a huge one
    costs no memory and a bad line N is refused without reading what follows it.

    The whole file is first checked to be UTF-8, a block at a time (so one that is not is
    refused, at its line, before any line is used); then each line is read with a cap,
    `line_caps` = (for the first line, for every other), so that one enormous line is refused
    after reading no more than its cap, never parsed. Only "\n" ends a line."""
    with opened(path, cap=cap, what=what, cls=cls) as stream:
        check_utf8(stream, path, cap=cap, what=what, cls=cls)
        stream.seek(0)
        total = 0
        for number in itertools.count(1):
            limit = line_caps[0] if number == 1 else line_caps[1]
            raw = stream.readline(limit + 2)  # its newline, and one byte to see it is too long
            if not raw:
                return
            total += len(raw)
            if total > cap:  # it grew since it was checked
                raise too_big(path, what, total, cap, cls)
            if raw.endswith(b"\n"):
                raw = raw[:-1]
            if len(raw) > limit:
                raise refusal(path, what, f"this line is longer than {limit:,} bytes, the most "
                              f"{'the first line' if number == 1 else 'a line'} may hold", cls,
                              number)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:  # it changed since it was checked
                raise refusal(path, what, f"not UTF-8 text (byte {raw[exc.start]:#04x})", cls,
                              number) from None
            yield number, text


def check_utf8(stream, path, *, cap: int, what: str, cls=HouserulesError) -> None:
    """Refuse the rest of `stream` unless it is UTF-8 (naming the line of the first byte that
    is not) and at most `cap` bytes; a block at a time, so memory stays small."""
    carry, lines, total = b"", 0, 0
    while True:
        block = stream.read(1 << 20)
        total += len(block)
        if total > cap:
            raise too_big(path, what, total, cap, cls)
        data = carry + block
        try:
            # Not final until the end: a character cut in two by the block is kept for the next.
            _, used = codecs.utf_8_decode(data, "strict", not block)
        except UnicodeDecodeError as exc:
            raise refusal(path, what, f"not UTF-8 text (byte {data[exc.start]:#04x})", cls,
                          lines + data.count(b"\n", 0, exc.start) + 1) from None
        lines += data.count(b"\n", 0, used)
        carry = data[used:]
        if not block:
            return


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
    """A JSON object, refused when it gives one key twice (json would keep the later one) or
    more than MAX_KEYS keys (a schema error would then go through every one of them)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {short(key)} is given twice")
            seen.add(key)
    if len(data) > MAX_KEYS:
        raise ValueError(f"an object has {len(data):,} keys; at most {MAX_KEYS:,} are read")
    return data


def no_constant(name: str):
    """NaN, Infinity and -Infinity are not JSON, though Python's json reads them."""
    raise ValueError(f"{name} is not a JSON number")


# One decoder for every file and row: json.loads with hooks would build one per call, which
# costs as much as decoding a log's row.
DECODER = json.JSONDecoder(object_pairs_hook=no_duplicates, parse_constant=no_constant)


def parse_json(text: str, *, what: str, file: str | None, line: int | None = None,
               cls=HouserulesError, containers: int | None = None):
    """One JSON value from untrusted text. `line`: the line of a JSON Lines file it came from.
    `containers`: how many lists and objects it may hold, counted before parsing, since each
    costs a hundred bytes or more once parsed (a 10 MB file of `[],` would be 3.3 million)."""
    if containers is not None and count_containers(text, containers) > containers:
        raise cls(f"cannot read the {what}: it holds more than {containers:,} lists and objects, "
                  f"the most a {what} may", file=file, line=line)
    try:
        if text.startswith("\ufeff"):  # as json.loads says it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        data = DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise cls(f"cannot read the {what}: not JSON: {exc.msg}", file=file,
                  line=line or exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise cls(f"cannot read the {what}: values nest too deeply (at most {MAX_DEPTH} "
                  "levels of [ and {)", file=file, line=line) from None
    except ValueError as exc:  # a key twice, too many keys, NaN, an integer of over 4300 digits
        problem = str(exc)
        if "integer string conversion" in problem:
            problem = f"a number has more than {sys.get_int_max_str_digits()} digits"
        raise cls(f"cannot read the {what}: {problem}", file=file, line=line) from None
    # Fewer brackets than levels allowed cannot nest too deeply (a log's row has one or two):
    # counting them is cheaper than walking the value.
    if text.count("[") + text.count("{") > MAX_DEPTH and depth(data) > MAX_DEPTH:
        raise cls(f"cannot read the {what}: values nest too deeply (at most {MAX_DEPTH} "
                  "levels of [ and {)", file=file, line=line)
    return data


STRING = re.compile(r'"[^"]*"')
ESCAPE = re.compile(r"\\.")


def count_containers(text: str, most: int) -> int:
    """How many [ and { open a list or an object in JSON `text`: first counted roughly (those
    inside strings too), which is cheap; only when that is more than `most`, again without
    the strings' (an escape first, so that \\" ends no string)."""
    rough = text.count("[") + text.count("{")
    if rough <= most:
        return rough
    bare = STRING.sub("", ESCAPE.sub("", text))
    return bare.count("[") + bare.count("{")


def depth(value) -> int:
    """How deeply lists and objects nest in a JSON value (0 for a plain value), counted up to
    MAX_DEPTH + 1 (deeper is refused anyway). Level by level, with no recursion, each level's
    items gathered by list.extend: a save of a million answers is walked in a fraction of a
    second."""
    level, items = 0, [value]
    while level <= MAX_DEPTH:
        containers = [item for item in items if isinstance(item, (list, dict))]
        if not containers:
            return level
        level += 1
        items = []
        for item in containers:
            items.extend(item.values() if isinstance(item, dict) else item)
    return level


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
          line: int | None = None, cls=HouserulesError, at: tuple = ()) -> None:
    """Refuse `data` unless it fits schema `name` (or its definition `definition`). `at`: the
    key path of `data` in its file, for the message (an answer is checked on its own)."""
    if predicate(name, definition)(data):
        return
    checker = validator(name, definition)
    errors = list(checker.iter_errors(data))
    if not errors:
        return
    error = jsonschema.exceptions.best_match(errors)
    path, message = explain(error, name)
    raise cls(message, file=file, line=line, path=dollar_path(at + path))


def check_but_items(data, name: str, key: str, *, file: str, cls=HouserulesError) -> str:
    """Refuse `data` unless it fits schema `name`, all but the items of its list `key`; the
    name of the definition each item must fit, for the caller to check each one (check(item,
    name, that, at=(key, index))) just before using it. So a save's answers are checked as
    they are replayed: a save of a million answers whose first is wrong is refused at once,
    not after checking them all."""
    spec = registry()[0][name]["properties"][key]
    if not set(spec) <= {"type", "maxItems", "description", "items"}:
        raise ValueError(f"the schema of {key} has keywords check_but_items does not check")
    items = data.get(key) if isinstance(data, dict) else None
    if not isinstance(items, list):
        check(data, name, file=file, cls=cls)
    else:
        check({**data, key: []}, name, file=file, cls=cls)
        if len(items) > spec.get("maxItems", len(items)):
            raise cls(f"expected {spec['description']}, got {value_text(items)}", file=file,
                      path=dollar_path((key,)))
    return spec["items"]["$ref"].rpartition("/")[2]


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


@lru_cache(maxsize=16)
def predicate(name: str, definition: str | None = None):
    """Schema `name` (or its `$defs` entry `definition`) as a function value -> bool."""
    schemas, _ = registry()
    schema = schemas[name] if definition is None else schemas[name]["$defs"][definition]
    return compile_schema(schema, name, schemas, {})
