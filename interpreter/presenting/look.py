"""How a card looks to a front end: one face as plain data, from the ruleset's `look:` section.

A ruleset may say how its cards are drawn (`look:` in the schema; the engine never reads
it): `colors:` a CSS colour per colour name, `marks:` a symbol per colour name (told apart
without its hue: the colour-blind mode), `symbols:` the mark in the middle of the card
per kind (or rank), `badges:` a symbol per value of a word-valued attribute. Whatever it
leaves out falls back on the names themselves, so any ruleset can be drawn.
"""

from __future__ import annotations

import re

from interpreter.presenting.naming import in_language, word_of
from interpreter.presenting.narrate import words
from interpreter.safe_text import shown

CSS_NAME = re.compile(r"[a-z]{3,20}")  # a colour name CSS may know (red, teal); else no paint
# A colour's mark where the ruleset gives none, by its place in the ruleset's colours: shapes
# told apart at a glance, without their hue.
MARKS = ("●", "▲", "■", "◆", "★", "✚", "⬟", "✖", "☾", "♥", "♣", "♠")


class Look:
    """A ruleset's drawing settings, read once."""

    def __init__(self, ruleset):
        data = ruleset.source.data
        look = data.get("look") or {}
        self.colors = dict(look.get("colors") or {})
        self.marks = {str(k): str(v) for k, v in (look.get("marks") or {}).items()}
        self.symbols = {str(k): str(v) for k, v in (look.get("symbols") or {}).items()}
        self.badges = {name: dict(table or {}) for name, table in (look.get("badges") or {}).items()}
        self.words = {name: (table or {}).get("words", {}) for name, table in
                      (data.get("attributes") or {}).items()}
        self.ruleset = ruleset
        # Ranks in the order the deck lists them, to sort a hand.
        self.ranks: dict = {}
        for face in (*ruleset.deck, *ruleset.faces):
            self.ranks.setdefault((face.kind, str(face.rank)), len(self.ranks))

    def css(self, color) -> str | None:
        """The paint for colour `color`: the ruleset's, else the name itself if CSS may know it."""
        if color is None:
            return None
        if color in self.colors:
            return self.colors[color]
        return color if CSS_NAME.fullmatch(color) else "#777777"

    def mark(self, color) -> str | None:
        """The symbol that tells colour `color` apart without its hue: the ruleset's, else a
        shape by its place in the ruleset's colours."""
        if color is None:
            return None
        if color in self.marks:
            return shown(self.marks[color], one_line=True)
        colors = tuple(self.ruleset.colors)
        return MARKS[colors.index(color) % len(MARKS)] if color in colors else None

    def value_words(self, attribute: str, value) -> str:
        """An attribute's value as people say it (the ruleset's `words:`, else `big_bang` -> `Big bang`)."""
        said = in_language(self.words.get(attribute, {}).get(value))
        return shown(said, one_line=True) if said else words(value).capitalize()

    def said(self, name) -> str:
        """A value or an effect named like one, as people say it (any attribute's `words:`)."""
        said = word_of(self.words, name)
        return shown(said, one_line=True) if said else words(name).capitalize()

    def label(self, card) -> str:
        """The mark in the middle of the card: its kind's symbol, else its rank, else its kind."""
        for key in (str(card.rank), card.kind):
            if key in self.symbols:
                return shown(self.symbols[key], one_line=True)
        return words(card.rank)

    def face(self, card) -> dict | None:
        """One face of a card as a front end draws it (never its other side)."""
        if card is None:
            return None
        badges = [{"attr": name, "value": value,
                   "symbol": shown(str(self.badges.get(name, {}).get(value, "")), one_line=True),
                   "words": self.value_words(name, value)}
                  for name, value in card.attrs.items()
                  if name in self.words and isinstance(value, str)]
        return {"name": words(card.name), "color": card.color, "css": self.css(card.color),
                "label": self.label(card), "kind": card.kind, "wild": card.color is None,
                "badges": badges}

    def palette(self, colors) -> list:
        """Colours with their paint, as a front end lists them."""
        return [{"name": words(c), "value": c, "css": self.css(c), "mark": self.mark(c)}
                for c in colors]

    def ordered(self, cards, keep: bool = False) -> list:
        """`cards` by colour (as the ruleset lists them), then rank (as the deck does);
        `keep`: as they are (the order they were dealt)."""
        if keep:
            return list(cards)
        colors = tuple(self.ruleset.colors)

        def key(card):
            return (colors.index(card.color) if card.color in colors else len(colors),
                    self.ranks.get((card.kind, str(card.rank)), len(self.ranks)), card.name)
        return sorted(cards, key=key)
