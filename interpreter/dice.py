"""The bots' dice: a small, fast random generator (xoshiro128**) that a simulation seeds for
every game's table of bots.

A game's own chance (shuffles, the dealer draw) is its `random.Random`, as always; the bots
only choose among legal options. Seeding a Mersenne Twister costs about 28,000 instructions
(its 624 words mixed twice, then twisted on the first draw: callgrind), as much as three
turns, and a simulation seeds a table of bots for every game; this generator's four 32-bit
words are filled from the seed by splitmix64 in a few hundred. Its draws are plain
32-bit arithmetic that never leaves 63 bits, so the compiled build (machine integers) and
pure Python draw exactly the same numbers. Generator: Blackman and Vigna, "Scrambled linear
pseudorandom number generators" (2021), xoshiro128** 1.1.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mypy_extensions import i64

MASK32: Final = 0xFFFFFFFF
MASK64: Final = 0xFFFFFFFFFFFFFFFF
GAMMA: Final = 0x9E3779B97F4A7C15  # SplitMix64's increment (2**64 over the golden ratio)
TWO_TO_MINUS_32: Final = 1.0 / 4294967296.0


class Dice:
    """A seeded xoshiro128** generator: `random()` in [0, 1) and `getrandbits(k)`, as a bot
    draws them (not a `random.Random`: it has no other method)."""

    s0: i64
    s1: i64
    s2: i64
    s3: i64

    def __init__(self, seed=None) -> None:
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

    def getstate(self) -> tuple:
        """The generator's four words (setstate restores them)."""
        return (int(self.s0), int(self.s1), int(self.s2), int(self.s3))

    def setstate(self, state) -> None:
        """Restore a state from getstate."""
        self.s0, self.s1, self.s2, self.s3 = (int(word) & MASK32 for word in state)


def seed_words(seed) -> list[int]:
    """Four 32-bit words from a seed: an int (every bit of it counts), or anything
    `random.Random` takes (None: fresh entropy)."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        state = 0
        rest = seed if seed >= 0 else ~seed
        while True:  # fold every 64 bits of the seed in (a zero limb too: the gamma moves)
            state = splitmix64(((state + GAMMA) & MASK64) ^ (rest & MASK64))
            rest >>= 64
            if not rest:
                break
        if seed < 0:
            state = splitmix64(((state + GAMMA) & MASK64) ^ MASK64)
    else:
        state = random.Random(seed).getrandbits(64)
    words: list[int] = []
    while len(words) < 4:
        state = (state + GAMMA) & MASK64
        value = splitmix64(state)
        words.append(value & MASK32)
        words.append(value >> 32)
    if not any(words):  # xoshiro's one state that never moves
        words[0] = 1
    return words


def splitmix64(value: int) -> int:
    """SplitMix64's output function: a 64-bit value well mixed."""
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & MASK64
    return value ^ (value >> 31)
