"""The language houserules speaks to a person: which one, and its messages in it.

English is the source: every message is written in English in the code, marked `_("...")`
(or `ngettext(...)` when it counts something), and looked up in the chosen language's gettext
catalog, interpreter/locale/<lang>/LC_MESSAGES/houserules.mo (compiled from its .po by Babel
at build time; docs/translating.md). A message with no translation, or no catalog for the
language, stays English. Nothing here is chosen until a front end calls `choose` (the command
line, for its whole run) or enters `speaking(lang)` (a request, for a seat): a library caller
(scenarios, `--json` output) speaks English.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

DOMAIN = "houserules"
CATALOGS = Path(__file__).resolve().parent.parent / "locale"
SOURCE = "en"

Speaking = tuple[str, gettext.NullTranslations]
# A context variable, not a global: the browser table serves seats reading different
# languages at once, each request in its own context (`speaking`); the command line
# chooses once for its whole run (`choose`).
_speaking: ContextVar[Speaking] = ContextVar("speaking", default=(SOURCE, gettext.NullTranslations()))


@lru_cache(maxsize=None)
def _catalog(asked: str | None) -> Speaking:
    """The language and catalog `asked` finds (None: the environment's), English if none."""
    found = gettext.find(DOMAIN, CATALOGS, languages=[asked] if asked else None)
    if found is None:
        return SOURCE, gettext.NullTranslations()
    with open(found, "rb") as catalog:
        return Path(found).parent.parent.name, gettext.GNUTranslations(catalog)


def choose(lang: str | None = None) -> str:
    """Speak `lang` (`ur`, `ur_PK.UTF-8`), or, given none, what LANGUAGE, LC_ALL,
    LC_MESSAGES and LANG ask for, as gettext reads them; English where no catalog is shipped.
    Returns the language now spoken."""
    if lang is None:
        _catalog.cache_clear()  # the environment may have changed since it was last read
    _speaking.set(_catalog(lang))
    return language()


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Speak `lang` (None or unknown: English) within the block, in this context only."""
    token = _speaking.set(_catalog(lang) if lang else (SOURCE, gettext.NullTranslations()))
    try:
        yield language()
    finally:
        _speaking.reset(token)


def said(text, english: str) -> str:
    """A ruleset's words for people in the language spoken: the file's text in it when the
    file gives one per language (`text: {en: ..., ur: ...}`), else `english`."""
    spoken = language()
    if isinstance(text, dict) and isinstance(text.get(spoken), str):
        return text[spoken]
    return english


def language() -> str:
    """The language spoken now: `en`, or a shipped catalog's name (`ur`)."""
    return _speaking.get()[0]


def shipped() -> list[str]:
    """The languages with a compiled catalog, English first."""
    return [SOURCE] + sorted(folder.parent.parent.name
                             for folder in CATALOGS.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))


def _(message: str) -> str:
    """`message` in the language spoken now."""
    return _speaking.get()[1].gettext(message)


def N_(message: str) -> str:
    """`message` marked for the catalogs but kept in English here: a table's text, translated
    with _() where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message for `count`, in the language spoken now (its
    catalog's Plural-Forms: Bengali, Gujarati and Punjabi count 0 with 1, Urdu with 2)."""
    return _speaking.get()[1].ngettext(singular, plural, count)
