"""Streaming statistics: means, variances and confidence intervals in constant memory."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


@dataclass
class Running:
    """Count, mean and variance of a stream of numbers (Welford's method)."""

    count: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, value: float) -> None:
        """Take one more value."""
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.m2 += delta * (value - self.mean)

    def merge(self, other: "Running") -> None:
        """Take in another stream's summary (for results computed in parts)."""
        if not other.count:
            return
        total = self.count + other.count
        delta = other.mean - self.mean
        self.mean += delta * other.count / total
        self.m2 += other.m2 + delta * delta * self.count * other.count / total
        self.count = total

    @property
    def variance(self) -> float:
        """The sample variance (0 with fewer than two values)."""
        return self.m2 / (self.count - 1) if self.count > 1 else 0.0

    @property
    def stderr(self) -> float:
        """The standard error of the mean."""
        return math.sqrt(self.variance / self.count) if self.count else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the mean (normal approximation)."""
        half = Z95 * self.stderr
        return self.mean - half, self.mean + half


def difference(a: Running, b: Running) -> tuple[float, float, float]:
    """b's mean minus a's, and its 95% confidence interval (independent samples)."""
    diff = b.mean - a.mean
    half = Z95 * math.sqrt(a.stderr ** 2 + b.stderr ** 2)
    return diff, diff - half, diff + half
