"""The language houserules speaks to a person: which one, and its messages in it.

English is the source: every message is written in English in the code, marked `_("...")`
(or `ngettext(...)` when it counts something), and looked up in the chosen language's gettext
catalog, interpreter/locale/<lang>/LC_MESSAGES/houserules.mo (compiled from its .po by Babel
at build time; docs/translating.md). A message with no translation, or no catalog for the
language, stays English. Nothing here is chosen until a front end calls `choose`: a library
caller (the browser table, scenarios, `--json` output) speaks English.
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "houserules"
CATALOGS = Path(__file__).resolve().parent.parent / "locale"
SOURCE = "en"

_speaking: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE


def choose(lang: str | None = None) -> str:
    """Speak `lang` (`ur`, `ur_PK.UTF-8`), or, given none, what LANGUAGE, LC_ALL,
    LC_MESSAGES and LANG ask for, as gettext reads them; English where no catalog is shipped.
    Returns the language now spoken."""
    global _speaking, _language
    asked = [lang] if lang else None
    found = gettext.find(DOMAIN, CATALOGS, languages=asked)
    if found is None:
        _speaking, _language = gettext.NullTranslations(), SOURCE
    else:
        with open(found, "rb") as catalog:
            _speaking = gettext.GNUTranslations(catalog)
        _language = Path(found).parent.parent.name
    return _language


def said(text, english: str) -> str:
    """A ruleset's words for people in the language spoken: the file's text in it when the
    file gives one per language (`text: {en: ..., ur: ...}`), else `english`."""
    if isinstance(text, dict) and isinstance(text.get(_language), str):
        return text[_language]
    return english


def language() -> str:
    """The language spoken now: `en`, or a shipped catalog's name (`ur`)."""
    return _language


def shipped() -> list[str]:
    """The languages with a compiled catalog, English first."""
    return [SOURCE] + sorted(folder.parent.parent.name
                             for folder in CATALOGS.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))


def _(message: str) -> str:
    """`message` in the language spoken now."""
    return _speaking.gettext(message)


def N_(message: str) -> str:
    """`message` marked for the catalogs but kept in English here: a table's text, translated
    with _() where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message for `count`, in the language spoken now (its
    catalog's Plural-Forms: Bengali, Gujarati and Punjabi count 0 with 1, Urdu with 2)."""
    return _speaking.ngettext(singular, plural, count)
