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


def wilson(successes: float, count: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: within 0 and 1 however small `count` is,
    where the normal approximation runs past them (and is zero-wide at 0 or 1)."""
    if not count:
        return 0.0, 1.0
    share = successes / count
    scale = 1 + z * z / count
    centre = (share + z * z / (2 * count)) / scale
    half = z * math.sqrt(share * (1 - share) / count + z * z / (4 * count * count)) / scale
    # Rounding can leave the bound a hair past the share itself (5.6e-17 above a share of
    # 0): the interval always holds the share.
    return max(0.0, min(share, centre - half)), min(1.0, max(share, centre + half))


def proportion_interval(stream: Running) -> tuple[float, float]:
    """The Wilson interval of a stream of 0s and 1s."""
    return wilson(stream.mean * stream.count, stream.count)


def proportion_difference(a: Running, b: Running) -> tuple[float, float, float]:
    """b's proportion minus a's, with Newcombe's interval from the two Wilson intervals
    (within -1 and 1, and sound at small counts, unlike the normal approximation)."""
    diff = b.mean - a.mean
    low_a, high_a = proportion_interval(a)
    low_b, high_b = proportion_interval(b)
    low = diff - math.sqrt((b.mean - low_b) ** 2 + (high_a - a.mean) ** 2)
    high = diff + math.sqrt((high_b - b.mean) ** 2 + (a.mean - low_a) ** 2)
    return diff, max(-1.0, low), min(1.0, high)
