"""Text from files, made safe to print: control characters are shown as escapes, not obeyed.

A ruleset, scenario, save or log is read from anywhere, and its titles, help texts, names
and quoted values reach the terminal. A terminal obeys some characters instead of showing
them: ESC starts colour changes, screen clears and (with OSC) title changes, BEL rings,
other C0/C1 controls and DEL move or erase, and the Unicode bidi controls reorder what is
seen around them. `shown` writes each such character as a Python-style escape (`\\x1b`,
`\\u202e`) and keeps all ordinary printable text (accents, CJK, emoji) as it is.
"""

from __future__ import annotations

import re
import unicodedata

# C0 controls (newline and tab are kept in prose), DEL and the C1 controls.
CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f"
# Bidi marks, embeddings, overrides and isolates: U+061C, U+200E-F, U+202A-E, U+2066-9.
BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
# Invisible look-alikes (zero-width space, word joiner, byte order mark) and the Unicode
# line and paragraph separators. The zero-width joiner stays: emoji sequences use it.
INVISIBLE = "\u200b\u2060\ufeff\u2028\u2029"
# Lone surrogates cannot be encoded as UTF-8: printed raw they would stop the program.
SURROGATES = "\ud800-\udfff"

PROSE = re.compile(f"[{CONTROLS}{BIDI}{INVISIBLE}{SURROGATES}]")
ONE_LINE = re.compile(f"[\t\n{CONTROLS}{BIDI}{INVISIBLE}{SURROGATES}]")
NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def escape(char: str) -> str:
    """One character as Python writes it in a string literal: `\\x1b`, `\\u202e`, `\\n`."""
    if char in NAMED:
        return NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
        else f"\\U{code:08x}"


def shown(text, *, one_line: bool = False) -> str:
    """`text` safe to print. Newlines and tabs are kept, unless `one_line` (for a name or a
    table cell, where they would break the layout). Applying it twice changes nothing more."""
    text = text if isinstance(text, str) else str(text)
    pattern = ONE_LINE if one_line else PROSE
    return pattern.sub(lambda m: escape(m.group()), text)


def width(text: str) -> int:
    """Terminal columns `text` takes: wide CJK and emoji take two, combining marks none."""
    total = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return total


CARET = re.compile(r"( *)\^+")


def shown_picture(detail: str) -> str:
    """An error's detail, safe to print; a caret line under a quoted line of text still points
    at the same character after that line's escapes (and its tabs and wide characters)."""
    raw_lines = detail.split("\n")
    out = []
    for index, line in enumerate(raw_lines):
        caret = CARET.fullmatch(line)
        if caret and index and not CARET.fullmatch(raw_lines[index - 1]):
            above = raw_lines[index - 1]
            column = len(caret.group(1))
            before = above[:column]
            pad = "".join("\t" if char == "\t" else " " * width(shown(char)) for char in before)
            pad += " " * (column - len(before))  # a caret past the end of the text
            out.append(pad + line[column:])
        else:
            out.append(shown(line))
    return "\n".join(out)
