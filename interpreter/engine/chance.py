"""The game's chance: the seeded generator, the shuffle (in C where the build has it), and a
rule's random outcome (a die, a spinner, a launcher): drawn from the generator, given in
advance (scenarios), or asked as a chance decision (the OpenSpiel game's chance nodes)."""

from __future__ import annotations

import _random
import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from mypy_extensions import i64


PLAIN_RANDOM: Final = random.Random
SEED_WORDS: Final = _random.Random.seed  # the generator's own C seeding


def seeded(seed: Any) -> random.Random:
    """random.Random(seed), the game's one source of chance. For an int seed, seeded in C
    directly, as Random.seed does after its Python-level checks (skipping them and
    Random.__init__: about 3,000 instructions a game), by _chance.seed where the build has it
    (about 11,000 fewer again), else by the generator's own C method."""
    if type(seed) is not int:
        return random.Random(seed)
    rng = PLAIN_RANDOM.__new__(PLAIN_RANDOM)
    if NATIVE_SEED is None or not NATIVE_SEED(rng, seed):
        SEED_WORDS(rng, seed)
    setattr(rng, "gauss_next", None)  # what Random.seed sets after seeding (untyped)
    return rng


MAX_OUTCOMES: Final = 1000  # the most slots one random outcome may be drawn from
CHANCE: Final = "chance"  # the kind of the decision a random outcome is asked as


def draw(game: Any, slots: Any) -> Any:
    """One of `slots` (a tuple or range, each slot equally likely, so an outcome written twice
    is twice as likely): the next outcome given in advance (game.fixed_chance), else drawn
    from the game's generator (one randrange: the same number in both builds)."""
    fixed: list[Any] = game.fixed_chance
    if fixed:
        outcome = fixed.pop(0)
        if not any_slot(outcome, slots):
            shown = ", ".join(str(slot) for slot in odds(slots)[0])
            raise ValueError(f"the outcome given in advance (a scenario's chance:), "
                             f"{outcome!r}, is not one of {shown}")
        return outcome
    rng: random.Random = game.rng
    return slots[rng.randrange(len(slots))]


def any_slot(outcome: Any, slots: Any) -> bool:
    """Whether `outcome` is one of `slots`, of the same type (true is not 1)."""
    for slot in slots:
        if slot == outcome and type(slot) is type(outcome):
            return True
    return False


def odds(slots: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """The distinct outcomes of `slots`, in their first slot's order, and the probability of
    each (its share of the slots): a chance decision's options and odds."""
    counts: dict[Any, int] = {}
    for slot in slots:
        counts[slot] = counts.get(slot, 0) + 1
    total = len(slots)
    return tuple(counts), tuple(count / total for count in counts.values())


def ask(game: Any, slots: Any, handler: Any, frame: Any) -> Any:
    """Stop the loop at a chance decision on `slots` (nobody's: seat None, open to no one);
    `handler(game, frame, outcome)` applies the outcome the caller chooses."""
    outcomes, probabilities = odds(slots)
    decision = game.request(CHANCE, None, outcomes, handler, frame)
    game.chance_odds = probabilities
    return decision


def shuffle(rng: random.Random, items: list[Any], count: int | None = None) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle` would, faster; with `count`, only
    the top `count` places are drawn (uniformly from the whole list)."""
    if NATIVE_SHUFFLE is not None and type(rng) is PLAIN_RANDOM:
        NATIVE_SHUFFLE(rng, items, -1 if count is None else count)
    else:
        shuffle_by_calls(rng, items, count)


def shuffle_by_calls(rng: random.Random, items: list[Any], count: int | None = None) -> None:
    """shuffle(), drawing through the generator's methods (no C shuffle, or a generator that
    is not a plain random.Random).

    random.shuffle draws `getrandbits(k)` for each place, again while too large: for k up to
    32 that is the generator's next 32-bit word shifted right by 32 - k. `random()` takes the
    next two words in one call, as (a * 2**26 + b) / 2**53 with a and b their top 27 and 26
    bits, exactly; so while two places or more are left to fill (each takes at least one
    word, so no word is drawn that random.shuffle would not draw), one `random()` gives two
    draws. The same draws in the same order, so seeded games do not change. Callgrind, a
    108-card deck: 173,000 instructions with random.shuffle's steps as tuples of Python ints,
    64,000 with one getrandbits call a draw, 40,000 so, in machine integers. (Fetching all
    the words at once, `getrandbits(32 * n)`, cut apart with `to_bytes` and `struct.unpack`,
    cost more: 100,000; fetched in blocks of as many words as places left, each draw read from
    the `to_bytes` bytes, 52,000, 17,000 of them the big integer's conversions.)
    """
    # Machine integers (i64) in the compiled build: each step is a few instructions.
    bits: list[int] = bit_lengths(len(items))
    i: i64 = len(items) - 1
    stop: i64 = 0 if count is None else max(0, i - count)
    # Bound once: looking a method up on a random.Random costs about 180 instructions.
    two_words, getrandbits = rng.random, rng.getrandbits
    while i > stop:
        size: i64 = i + 1
        width: i64 = bits[size]
        j: i64
        if i - stop > 1 and width <= 26:
            pair: i64 = int(two_words() * 9007199254740992.0)  # a * 2**26 + b
            j = (pair >> 26) >> (27 - width)
            if j < size:
                items[i], items[j] = items[j], items[i]
                i -= 1
                size = i + 1
                width = bits[size]
            j = (pair & 0x3FFFFFF) >> (26 - width)
        else:
            j = getrandbits(width)
        if j < size:
            items[i], items[j] = items[j], items[i]
            i -= 1


@lru_cache(maxsize=64)
def bit_lengths(length: int) -> list[int]:
    """n.bit_length() for n up to `length` (the draws of a Fisher-Yates shuffle)."""
    return [n.bit_length() for n in range(length + 1)]


def native_chance() -> Any:
    """The C seed and shuffle (interpreter/engine/_chance.c) when the build compiled them and they
    seed and draw exactly as the generator's own methods do on this interpreter, else None.

    They read and write the generator's state in place, which is not public API: so they are
    checked here once a process (about 1 ms), on seeds of every size they take (and one
    they refuse), and on whole and partial shuffles long enough to make the generator's
    words afresh, against random.Random's seeding, random.shuffle's draws and the
    generator's state after."""
    try:
        from interpreter.engine import _chance  # type: ignore[attr-defined]
    except ImportError:
        return None
    for seed in (0, 1, -1, 7, 2**32 - 1, 2**32, -2**32 - 5, 2**63 - 1, -2**63, 2**64 + 3):
        ours, theirs = random.Random(0), random.Random(seed)
        if not _chance.seed(ours, seed):
            SEED_WORDS(ours, seed)  # past 64 bits: as seeded() does then
        if ours.getstate() != theirs.getstate():
            return None
    ours, theirs = random.Random(20261204), random.Random(20261204)
    mine, reference = list(range(300)), list(range(300))
    for count in (-1, -1, -1, 5, 0, 1000):
        _chance.shuffle(ours, mine, count)
        if count < 0:
            theirs.shuffle(reference)
        else:
            shuffle_by_calls(theirs, reference, count)
    if mine != reference or ours.getstate() != theirs.getstate():
        return None
    return _chance


# Set once the functions they are checked against are defined.
NATIVE: Final = native_chance()
NATIVE_SEED: Final = None if NATIVE is None else NATIVE.seed
NATIVE_SHUFFLE: Final = None if NATIVE is None else NATIVE.shuffle
