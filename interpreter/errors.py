"""One error hierarchy: every problem a user can cause names where it is and what was expected."""

from __future__ import annotations

from interpreter.safe_text import shown, shown_picture


class HouserulesError(Exception):
    """A problem in user input: a ruleset, an option, a move. Never a bug in houserules."""

    json: dict | None = None  # the browser table's answer for it, once made (web/tables.py)

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 column: int | None = None, path: str | None = None, detail: str | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.detail = detail

    def __reduce__(self):
        # Whole, across processes: a worker's error reaches the parent with its place.
        return (rebuild, (type(self), self.message, self.file, self.line, self.column,
                          self.path, self.detail))

    def where(self) -> str:
        """The `file:line:col` prefix, as much of it as is known."""
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        """Place, message and detail, safe to print: they may quote a file's text, so its
        control characters are shown as escapes (every front end prints this)."""
        parts = [self.where()] if self.file or self.line is not None else []
        if self.path:
            parts.append(self.path)
        text = shown(": ".join(parts + [self.message]))
        return f"{text}\n{shown_picture(self.detail)}" if self.detail else text


class RulesetError(HouserulesError):
    """A ruleset file that cannot be read, does not fit the schema or does not make sense."""


class DslError(RulesetError):
    """Effect or condition text that does not parse or names something unknown."""


class OptionError(HouserulesError):
    """An option that the ruleset does not declare, or a value of the wrong type."""


class RuleRuntimeError(HouserulesError):
    """A rule that failed while a game ran (for example it compared a number with a colour)."""


class IllegalMove(HouserulesError):
    """An answer that is not among the legal options of the pending decision; nothing changed."""

    def __str__(self) -> str:
        return shown(self.message)


def rebuild(cls, message, file, line, column, path, detail):
    """An error from its parts (the other half of HouserulesError.__reduce__)."""
    return cls(message, file=file, line=line, column=column, path=path, detail=detail)
