"""Streaming statistics: means, variances and confidence intervals in constant memory."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def quotient(numerator: Any, denominator: Any) -> float:
    """numerator / denominator of two whole numbers, correctly rounded, in either build.

    Typed Any so that the compiled build divides as Python does: mypyc's own division of two
    small ints converts each to a float first, which rounds sums past 2**53.
    """
    share: float = numerator / denominator
    return share


@dataclass
class Running:
    """Count, mean and variance of a stream of whole numbers, kept as exact integer sums.

    Exact sums make merging associative: a run's figures are the same to the last bit however
    its games were grouped into parts, so worker processes can merge their own chunks (which
    chunks a batch holds depends on timing) and the run stays deterministic. Welford's
    floating-point update, used before, rounded differently for each grouping.
    """

    count: int = 0
    total: int = 0
    squares: int = 0  # the sum of the squared values

    def add(self, value: int) -> None:
        """Take one more value."""
        self.count += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: "Running") -> None:
        """Take in another stream's sums (for results computed in parts)."""
        self.count += other.count
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        """The mean, correctly rounded (0 with no values)."""
        return quotient(self.total, self.count) if self.count else 0.0

    @property
    def variance(self) -> float:
        """The sample variance, correctly rounded (0 with fewer than two values)."""
        count = self.count
        if count < 2:
            return 0.0
        return quotient(count * self.squares - self.total * self.total, count * (count - 1))

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
