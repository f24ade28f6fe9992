"""The bots' dice: a small, fast random generator (xoshiro128**) that a simulation seeds for
every game's table of bots.

A game's own chance (shuffles, the dealer draw) is its `random.Random`, as always; the bots
only choose among legal options. Seeding a Mersenne Twister costs about 28,000 instructions
(its 624 words mixed twice, then twisted on the first draw: callgrind), as much as three
turns, and a simulation seeds a table of bots for every game; this generator's four 32-bit
words are hashed from the seed in a few hundred. Its draws are plain
32-bit arithmetic that never leaves 63 bits, so the compiled build (machine integers) and
pure Python draw exactly the same numbers. Generator: Blackman and Vigna, "Scrambled linear
pseudorandom number generators" (2021), xoshiro128** 1.1.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final, Iterable

if TYPE_CHECKING:
    from mypy_extensions import i64

MASK32: Final = 0xFFFFFFFF
GOLDEN32: Final = 0x9E3779B9  # 2**32 over the golden ratio: each step's offset
TWO_TO_MINUS_32: Final = 1.0 / 4294967296.0


class Dice:
    """A seeded xoshiro128** generator: `random()` in [0, 1) and `getrandbits(k)`, as a bot
    draws them (not a `random.Random`: it has no other method)."""

    s0: i64
    s1: i64
    s2: i64
    s3: i64

    def __init__(self, seed: Any = None) -> None:
        self.reseed(seed)

    def reseed(self, seed: Any = None) -> None:
        """Start again as `Dice(seed)` would (a simulation's table of bots keeps its dice)."""
        words = seed_words(seed)
        self.s0, self.s1, self.s2, self.s3 = words[0], words[1], words[2], words[3]

    def next_word(self) -> i64:
        """The next 32-bit word."""
        s1: i64 = self.s1
        times5: i64 = (s1 * 5) & MASK32
        result: i64 = ((((times5 << 7) | (times5 >> 25)) & MASK32) * 9) & MASK32
        shifted: i64 = (s1 << 9) & MASK32
        self.s2 ^= self.s0
        self.s3 ^= s1
        self.s1 = s1 ^ self.s2
        self.s0 ^= self.s3
        self.s2 ^= shifted
        s3: i64 = self.s3
        self.s3 = ((s3 << 11) | (s3 >> 21)) & MASK32
        return result

    def random(self) -> float:
        """A float in [0, 1), from one 32-bit word (a bot's choice needs no finer one)."""
        return float(self.next_word()) * TWO_TO_MINUS_32

    def getrandbits(self, k: int) -> int:
        """A uniform integer of `k` bits (0 <= k)."""
        if k <= 32:
            return int(self.next_word() >> (32 - k)) if k > 0 else 0
        value = 0
        filled = 0
        while filled < k:
            value = (value << 32) | int(self.next_word())
            filled += 32
        return value >> (filled - k)

    def getstate(self) -> tuple[int, int, int, int]:
        """The generator's four words (setstate restores them)."""
        return (int(self.s0), int(self.s1), int(self.s2), int(self.s3))

    def setstate(self, state: Iterable[int]) -> None:
        """Restore a state from getstate."""
        self.s0, self.s1, self.s2, self.s3 = (int(word) & MASK32 for word in state)


def seed_words(seed: Any) -> list[int]:
    """Four 32-bit words from a seed: an int (every bit of it counts), or anything
    `random.Random` takes (None: fresh entropy)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        seed = random.Random(seed).getrandbits(64)
    # Two 32-bit lanes, each hashing every 32 bits of the seed with its own offset: 64 bits
    # of state, so a million games' seeds do not share their bots' dice.
    low: i64 = 0
    high: i64 = 0x6A09E667
    rest = seed if seed >= 0 else ~seed
    while True:
        limb: i64 = rest & MASK32
        low = mix32(((low + GOLDEN32) & MASK32) ^ limb)
        high = mix32(((high + GOLDEN32) & MASK32) ^ limb ^ 0x5BE0CD19)
        rest >>= 32
        if not rest:
            break
    if seed < 0:
        low, high = mix32(low ^ MASK32), mix32(high ^ 0x510E527F)
    first: i64 = mix32((low + GOLDEN32) & MASK32)
    second: i64 = mix32((high + 2 * GOLDEN32) & MASK32)
    third: i64 = mix32(((low ^ second) + 3 * GOLDEN32) & MASK32)
    fourth: i64 = mix32(((high ^ first) + 4 * GOLDEN32) & MASK32)
    words = [int(first), int(second), int(third), int(fourth)]
    if not any(words):  # xoshiro's one state that never moves
        words[0] = 1
    return words


def mix32(value: i64) -> i64:
    """A 32-bit value well mixed (Wellons' lowbias32 hash; a bijection)."""
    value ^= value >> 16
    value = times32(value, 0x7FEB352D)
    value ^= value >> 15
    value = times32(value, 0x846CA68B)
    return value ^ (value >> 16)


def times32(value: i64, factor: i64) -> i64:
    """(value * factor) mod 2**32 for 32-bit operands, in two halves so that no product
    passes 48 bits (machine integers in the compiled build never overflow)."""
    low: i64 = value * (factor & 0xFFFF)
    high: i64 = (value * (factor >> 16)) & 0xFFFF
    return (low + (high << 16)) & MASK32
