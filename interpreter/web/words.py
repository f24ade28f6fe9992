"""The browser page's own words in the seat's language: the `web` message catalog.

The page (static/*.js, index.html) writes its words in English and looks them up in the
catalog the server gives it as JSON (`page_words`): interpreter/locale/<lang>/LC_MESSAGES/
web.mo, compiled from web.po as houserules.mo is (docs/translating.md). It is a catalog of
its own, apart from `houserules`, so that the page's words and the command line's are
extracted and translated apart (babel-web.cfg). The few fixed words the server adds to what
a seat reads (`said_here`: an answer's "Let it go", the table's notes) are in it too.

Which language a request speaks (`asked_language`): the `lang` it names, else the first of
its Accept-Language the server has a catalog for, else English.
"""

from __future__ import annotations

import ast
import gettext
import html.parser
import json
from functools import lru_cache

from interpreter.presenting.translation import CATALOGS, SOURCE, language, shipped

DOMAIN = "web"
# Each shipped language in its own words, for the page's picker, and the way it is written.
NAMES = {"en": "English", "ur": "اردو", "gu": "ગુજરાતી", "pa": "ਪੰਜਾਬੀ", "bn": "বাংলা"}
RIGHT_TO_LEFT = {"ur"}
MAX_ASKED = 20  # Accept-Language tags read, at most


@lru_cache(maxsize=None)
def _catalog(lang: str) -> gettext.NullTranslations:
    """The page's catalog in `lang`, or none (English)."""
    found = gettext.find(DOMAIN, CATALOGS, languages=[lang])
    if found is None:
        return gettext.NullTranslations()
    with open(found, "rb") as catalog:
        return gettext.GNUTranslations(catalog)


def said_here(message: str) -> str:
    """One of the server's fixed words for the page (`message`), in the language spoken now."""
    return _catalog(language()).gettext(message)


def page_word(message: str) -> str:
    """`message` marked for the page's catalog but kept in English here: a table's text,
    said with said_here() where it is shown."""
    return message


def asked_language(named: str | None, accepted: str | None) -> str:
    """The shipped language a request asks for: `named` (its `lang`), else the first of its
    Accept-Language header (`ur-PK,ur;q=0.9,en;q=0.8`) with a catalog, else English."""
    languages = shipped()
    if named:
        base = named.replace("_", "-").split("-")[0].lower()
        return base if base in languages else SOURCE
    tags = []
    for place, part in enumerate((accepted or "").split(",")[:MAX_ASKED]):
        tag, _sep, weight = part.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        tags.append((-quality, place, tag.split("-")[0].lower()))
    return next((tag for _q, _p, tag in sorted(tags) if tag in languages), SOURCE)


@lru_cache(maxsize=None)
def page_words(lang: str) -> str:
    """The page's catalog in `lang` as JSON (made once per language): the language, its
    direction, its translations by English message (a counted one: its forms, in the order
    of Intl.PluralRules' categories `one`, `other`), and the languages to choose from."""
    catalog = _catalog(lang)
    messages: dict = {}
    for key, text in getattr(catalog, "_catalog", {}).items():
        if isinstance(key, tuple):
            messages.setdefault(key[0], []).append((key[1], text))
        elif key:
            messages[key] = text
    for key, forms in messages.items():
        if isinstance(forms, list):
            messages[key] = [text for _n, text in sorted(forms)]
    return json.dumps({"lang": lang, "dir": "rtl" if lang in RIGHT_TO_LEFT else "ltr",
                       "messages": messages,
                       "languages": [{"code": code, "name": NAMES.get(code, code)}
                                     for code in shipped()]}, ensure_ascii=False)


class _Marked(html.parser.HTMLParser):
    """The words index.html marks for translation: an element's text (`data-t`) and the
    attributes it names (`data-t-attrs="title aria-label"`)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list = []
        self.open: list = []  # [line, tag, words so far] of the marked element being read

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        line = self.getpos()[0]
        for name in (attributes.get("data-t-attrs") or "").split():
            if attributes.get(name):
                self.found.append((line, attributes[name]))
        if "data-t" in attributes:  # its words are its text alone: no elements inside
            self.open.append([line, tag, ""])

    def handle_data(self, data):
        if self.open:
            self.open[-1][2] += data

    def handle_endtag(self, tag):
        if self.open and self.open[-1][1] == tag:
            line, _tag, text = self.open.pop()
            if text.strip():
                self.found.append((line, " ".join(text.split())))


def extract_html(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for index.html (babel-web.cfg): its marked words."""
    reader = _Marked()
    reader.feed(fileobj.read().decode(options.get("encoding", "utf-8")))
    for line, message in reader.found:
        yield line, "_", message, []


def extract_bots(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for the bots' table (babel-web.cfg: playing/seating.py's
    BOT_HELP, where the bots are described once): each bot's name and what it plays like, as
    the seat menu says them (lobby.catalog_json)."""
    tree = ast.parse(fileobj.read().decode(options.get("encoding", "utf-8")))
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) and any(
                isinstance(target, ast.Name) and target.id == "BOT_HELP" for target in node.targets):
            for key, value in zip(node.value.keys, node.value.values):
                for said in (key, value):
                    if isinstance(said, ast.Constant) and isinstance(said.value, str):
                        yield said.lineno, "_", said.value, []
