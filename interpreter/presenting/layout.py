"""Laying text out in a terminal: lines wrapped to its width (never inside a card's name),
colour codes that take no columns, menus, and whether to paint at all."""

from __future__ import annotations

import os
import re

# Terminal colours for the colour names rulesets commonly use (a display matter only).
ANSI = {"red": "31", "yellow": "33", "green": "32", "blue": "34", "purple": "35",
        "magenta": "35", "cyan": "36", "white": "37", "orange": "38;5;208", "pink": "38;5;205"}
ANSI_CODE = re.compile(r"\033\[[0-9;]*m")
GLUE = "\u00a0"  # joins the words of a card's name while a line is laid out
DEFAULT_WIDTH = 80  # columns, when the terminal does not say


def plural(count: int, noun: str) -> str:
    """`1 card`, `2 cards`."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def width_of(text: str) -> int:
    """Columns `text` takes: colour codes take none."""
    return len(ANSI_CODE.sub("", text))


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """`text` in lines of `width` columns, broken at spaces only, the later ones indented."""
    # A word longer than the line stands alone: a card's name is never cut.
    lines: list[str] = []
    line = None
    broke = False  # a line was just broken at a space: the spaces there go with the break
    for word in text.split(" "):
        if line is None:
            line = word
        elif broke:
            if word:
                line, broke = line + word, False
        elif line.strip() and width_of(line) + 1 + width_of(word) > width:
            lines.append(line.rstrip(" "))
            line, broke = indent + word, not word
        else:
            line = f"{line} {word}"
    lines.append(line or "")
    return [piece.replace(GLUE, " ") for piece in lines]


def menu(items) -> str:
    """`1) red  2) blue` with each item kept whole on a line."""
    return "  ".join(f"{key}){GLUE}{text}" for key, text in items)


def wants_color(stream) -> bool:
    """Colour only on a real terminal, and never with NO_COLOR set or TERM=dumb."""
    return (hasattr(stream, "isatty") and stream.isatty() and "NO_COLOR" not in os.environ
            and os.environ.get("TERM") != "dumb")
