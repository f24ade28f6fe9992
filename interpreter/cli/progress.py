"""A progress bar with rate and ETA, on stderr: what the CLI shows of a long simulation or
check while it runs."""

from __future__ import annotations

import sys


class ProgressBar:
    """A bar with rate and ETA on stderr, for runs over a second (the CLI shows it when stderr
    is a terminal, or with --progress). `unit` names what is counted; `label` comes first."""

    def __init__(self, stream=None, width: int = 30, unit: str = "games", label: str = ""):
        self.stream = stream or sys.stderr
        self.width = width
        self.unit = unit
        self.label = label
        self.shown = False
        self.width_shown = 0

    def __call__(self, done: int, total: int, seconds: float) -> None:
        if seconds < 1.0 and not self.shown:
            return
        self.shown = True
        rate = done / seconds if seconds else 0.0
        eta = (total - done) / rate if rate else 0.0
        filled = min(self.width, int(self.width * done / total)) if total else self.width
        bar = "#" * filled + "-" * (self.width - filled)
        label = f"{self.label} " if self.label else ""
        line = f"{label}[{bar}] {done}/{total} {self.unit}  {rate:,.0f}/s  ETA {eta:,.0f}s "
        self.stream.write(f"\r{line}")
        self.stream.flush()
        self.width_shown = len(line)

    def clear(self) -> None:
        """Blank the bar's line, so that other output can take it (the next update redraws)."""
        if self.shown:
            self.stream.write("\r" + " " * self.width_shown + "\r")
            self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
