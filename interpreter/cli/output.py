"""The command's output stream: what cannot be written is reported in one line, not thrown."""

from __future__ import annotations

import os


class OutputError(Exception):
    """The command's output could not be written (a full disk, say)."""


class Output:
    """The command's output stream, whose write errors are reported, not thrown: a reader
    that has gone stays a BrokenPipeError, anything else becomes an OutputError."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text: str):
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write the output: {exc.strerror or exc}") from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write the output: {exc.strerror or exc}") from None

    def discard(self) -> None:
        """Let what could not be written go, so that leaving the interpreter does not try
        again (and print a second error)."""
        try:
            fd = self.stream.fileno()
        except (AttributeError, OSError, ValueError):
            return
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)

    def __getattr__(self, name):
        return getattr(self.stream, name)
