"""How a ruleset's names are said to people in the language spoken: its `names:` (given in the
ruleset or in its translations files, docs/rules.md) for colours, kinds, sides and ranks, a
card by the words of each part of its name (`red skip`: red's, then skip's).

Only what people read changes: a person still answers with the ruleset's own names, and
scenarios, logs and saves keep them. A front end says which ruleset's names it speaks, for its
whole run (`use`, the terminal) or in a context (`naming`, a browser request); without one,
names are said as written, underscores as spaces.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from interpreter.presenting.translation import language, said

NOTHING: Mapping = {}
# A context variable, as the language is (translation.py): the browser serves tables of
# different rulesets at once, each request in its own context.
_names: ContextVar[Mapping] = ContextVar("names", default=NOTHING)


def names_of(ruleset) -> Mapping:
    """The ruleset's `names:` table (name -> its words, or its words per language)."""
    return ruleset.source.data.get("names") or NOTHING


def use(ruleset) -> None:
    """Say `ruleset`'s names from now on, in this context (the command line's whole run)."""
    _names.set(names_of(ruleset))


@contextmanager
def naming(ruleset) -> Iterator[None]:
    """Say `ruleset`'s names within the block (None: every name as written), in this
    context only."""
    token = _names.set(names_of(ruleset) if ruleset is not None else NOTHING)
    try:
        yield
    finally:
        _names.reset(token)


def in_language(said) -> str | list | None:
    """Words for people given as one text (or a question's list of wordings) or one per
    language, in the language spoken (else their English; None when neither is given)."""
    if isinstance(said, dict):
        found = said.get(language())
        return found if isinstance(found, (str, list)) else said.get("en")
    return said


def text_of(ruleset, path: tuple, english: str) -> str:
    """The ruleset's text for people at `path` (a named rule's text, a variable's help:
    ("rules", NAME, "text")) in the language spoken, on one line; else `english`."""
    text = ruleset.source.data
    for key in path:
        text = text.get(key) if isinstance(text, dict) else None
    return " ".join(said(text, english).split())


def word_of(tables: Mapping, value) -> str | None:
    """How `value` is said in the language spoken by the attributes' `words:` (attribute ->
    value -> words), if one of them says it in this language or in English."""
    for table in tables.values():
        said = in_language(table.get(value)) if value in table else None
        if isinstance(said, str):
            return said
    return None


def translated(name: str) -> str | None:
    """The words of one name (a colour, a kind) in the language spoken, if the ruleset gives them."""
    table = _names.get()
    said = in_language(table.get(name)) if table else None
    return said if isinstance(said, str) else None


def said_name(name: str) -> str:
    """A name or a card's name in words, each part in the language spoken where the ruleset
    gives it: `red big_card` -> `red big card`, or its words in Urdu."""
    table = _names.get()
    if not table:
        return name.replace("_", " ")
    return " ".join(translated(part) or part.replace("_", " ") for part in name.split(" "))
