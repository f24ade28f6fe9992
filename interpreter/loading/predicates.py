"""The save and log schemas compiled into plain predicates, value -> bool.

jsonschema takes a few hundred microseconds a row, which would make `replay` twenty times
slower, so untrusted.py checks a value with the predicate compiled here first, and asks
jsonschema only about a value the predicate refuses (to word the error). Only the keywords
these schemas use are compiled (any other is refused when compiling), and a predicate takes
exactly what jsonschema takes: a whole number is an integer, never 2.0 or true.

A row of a log is checked at every step of a replay, so the common shapes are compiled into
one closure each rather than one per keyword: an object's type, required and known keys and
properties; a bounded integer; a string of bounded length.
"""

from __future__ import annotations

import re

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
OBJECT_KEYWORDS = {"type", "required", "properties", "additionalProperties"}


def compile_schema(schema: dict, home: str, schemas: dict, done: dict):
    """A predicate for `schema`, found in schema file `home` (for its relative `$ref`s);
    `schemas`: every schema file by name; `done`: the `$ref`s compiled so far."""
    keywords = {key: value for key, value in schema.items() if key not in ANNOTATIONS}
    fused = compile_scalar(keywords)
    if fused is not None:
        return fused
    tests = []
    typed = keywords.get("type") == "object"
    if typed or keywords.keys() & OBJECT_KEYWORDS - {"type"}:
        tests.append(compile_object(keywords, typed, home, schemas, done))
        keywords = {key: value for key, value in keywords.items()
                    if key not in OBJECT_KEYWORDS or key == "type" and not typed}
    for keyword, value in keywords.items():
        tests.append(compile_keyword(keyword, value, schema, home, schemas, done))
    return all_of([test for test in tests if test is not None])


def all_of(tests: list):
    """A predicate true when each of `tests` is, trying them in order."""
    if not tests:
        return lambda v: True
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:
        first, second = tests
        return lambda v: first(v) and second(v)
    chain = tuple(tests)

    def every(v) -> bool:
        for test in chain:
            if not test(v):
                return False
        return True
    return every


def compile_scalar(keywords: dict):
    """One closure for a whole number within bounds or a string of bounded length (None for
    any other schema)."""
    kind = keywords.get("type")
    if kind == "integer" and set(keywords) <= {"type", "minimum", "maximum"}:
        low, high = keywords.get("minimum"), keywords.get("maximum")
        if low is not None and high is not None:
            return lambda v: (isinstance(v, int) and not isinstance(v, bool)
                              and low <= v <= high)
    if kind == "string" and set(keywords) <= {"type", "minLength", "maxLength"}:
        shortest, longest = keywords.get("minLength", 0), keywords.get("maxLength")
        if longest is not None:
            return lambda v: isinstance(v, str) and shortest <= len(v) <= longest
    return None


def compile_object(keywords: dict, typed: bool, home: str, schemas: dict, done: dict):
    """An object's required keys, properties and additionalProperties in one closure, and its
    type if `typed` (else any value that is not an object passes)."""
    properties = keywords.get("properties", {})
    tests = tuple((key, compile_schema(s, home, schemas, done)) for key, s in properties.items())
    need = frozenset(keywords.get("required", ()))
    known = frozenset(properties)
    extra = keywords.get("additionalProperties", True)
    closed = extra is False
    other = None if extra is True or closed else compile_schema(extra, home, schemas, done)

    def an_object(v) -> bool:
        if not isinstance(v, dict):
            return not typed
        keys = v.keys()
        # Set comparisons of a dict's keys run in C: a needed key missing, an unknown one.
        if not keys >= need or closed and not keys <= known:
            return False
        for key, test in tests:
            if key in v and not test(v[key]):
                return False
        if other is not None:
            for key, item in v.items():
                if key not in known and not other(item):
                    return False
        return True
    return an_object


def compile_keyword(keyword: str, value, schema: dict, home: str, schemas: dict, done: dict):
    """One keyword as a predicate (None when it only works together with another)."""
    sub = lambda s: compile_schema(s, home, schemas, done)  # noqa: E731
    if keyword == "$ref":
        return resolve_ref(value, home, schemas, done)
    if keyword == "type":
        kinds = [TYPES[t] for t in ([value] if isinstance(value, str) else value)]
        return kinds[0] if len(kinds) == 1 else any_of(kinds)
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
    if keyword == "pattern":
        # JSON Schema's patterns search the string (they are not anchored), as re.search does.
        regex = re.compile(value)
        return lambda v: not isinstance(v, str) or regex.search(v) is not None
    if keyword in ("minItems", "maxItems"):
        if keyword == "minItems":
            return lambda v: not isinstance(v, list) or len(v) >= value
        return lambda v: not isinstance(v, list) or len(v) <= value
    if keyword == "maxProperties":
        return lambda v: not isinstance(v, dict) or len(v) <= value
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
        return any_of([sub(s) for s in value], [json_types(s, home, schemas) for s in value])
    if keyword == "oneOf":
        tests = [sub(s) for s in value]
        return lambda v: sum(1 for test in tests if test(v)) == 1
    raise ValueError(f"the schema keyword {keyword!r} is not compiled")


def any_of(tests: list, types: list | None = None):
    """A predicate true when one of `tests` is, trying them in order. `types`: for each test,
    the Python types of the only values it can take (None: any); then a value is tried only
    on the tests for its type (an answer, say, on one of five)."""
    chain = tuple(tests)

    def some(v) -> bool:
        for test in chain:
            if test(v):
                return True
        return False
    if types is None or None in types:
        return some
    by_type: dict = {}
    for test, kinds in zip(chain, types):
        for kind in kinds:
            by_type.setdefault(kind, []).append(test)
    dispatch = {kind: any_of(found) if len(found) > 1 else found[0]
                for kind, found in by_type.items()}
    nothing = lambda v: False  # noqa: E731

    def some_of_its_type(v) -> bool:
        # JSON values are of these exact types (true is a bool, never an int); any other
        # value fits no test.
        return dispatch.get(type(v), nothing)(v)
    return some_of_its_type


# The Python type of each JSON type (as json gives them: true is bool, 1 int, 1.0 float).
PYTHON_TYPES = {"null": (type(None),), "boolean": (bool,), "integer": (int,),
                "number": (int, float), "string": (str,), "array": (list,), "object": (dict,)}


def json_types(schema: dict, home: str, schemas: dict, depth: int = 0):
    """The Python types of the values `schema` can take, from its "type" (following a
    "$ref"), or None when it does not say."""
    if depth < 8 and "type" not in schema and "$ref" in schema:
        file, _, pointer = schema["$ref"].partition("#")
        home = file.removesuffix(".schema.json") if file else home
        node = schemas[home]
        for part in pointer.strip("/").split("/") if pointer.strip("/") else ():
            node = node[part]
        return json_types(node, home, schemas, depth + 1)
    kinds = schema.get("type")
    if kinds is None:
        return None
    return tuple(t for kind in ([kinds] if isinstance(kinds, str) else kinds)
                 for t in PYTHON_TYPES[kind])


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
