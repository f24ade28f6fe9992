"""The bots' dice (xoshiro128**): the reference generator's numbers, seeds, and bounds."""

import collections

import pytest

from interpreter.playing.agents import below, uniform
from interpreter.playing.dice import Dice, seed_words
from interpreter.playing.seating import make_agents


def test_reference_sequence():
    """xoshiro128** 1.1 from the state (1, 2, 3, 4), as the reference C code draws it."""
    dice = Dice(0)
    dice.setstate((1, 2, 3, 4))
    assert [dice.next_word() for _ in range(6)] == \
        [11520, 0, 5927040, 70819200, 2031721883, 1637235492]


@pytest.mark.parametrize("seed", [0, 1, -1, 2**64, 2**64 + 1, 2**200, "bots/7", b"x"])
def test_seed_words_are_32_bit_and_not_all_zero(seed):
    words = seed_words(seed)
    assert len(words) == 4 and all(0 <= w <= 0xFFFFFFFF for w in words) and any(words)


def test_every_bit_of_an_int_seed_counts():
    seeds = [0, 1, -1, 2**64, 2**64 + 1, -(2**64), 2**128]
    assert len({tuple(seed_words(s)) for s in seeds}) == len(seeds)


def test_same_seed_same_numbers():
    a, b = Dice(42), Dice(42)
    assert [a.random() for _ in range(50)] == [b.random() for _ in range(50)]
    state = a.getstate()
    drawn = [a.getrandbits(7) for _ in range(10)]
    a.setstate(state)
    assert [a.getrandbits(7) for _ in range(10)] == drawn


@pytest.mark.parametrize("k", [0, 1, 5, 31, 32, 33, 64, 100])
def test_getrandbits_width(k):
    dice = Dice(3)
    values = [dice.getrandbits(k) for _ in range(200)]
    assert all(0 <= v < 2**k or (k == 0 and v == 0) for v in values)
    if k >= 5:
        assert max(values).bit_length() == k  # the top bit does get set


def test_random_is_in_unit_interval_and_roughly_uniform():
    dice = Dice(12345)
    counts = collections.Counter(int(dice.random() * 6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < n < 10_600 for n in counts.values())


def test_bots_helpers_draw_from_dice_and_random_alike():
    import random
    for rng in (Dice(5), random.Random(5)):
        assert all(0 <= below(rng, 7) < 7 for _ in range(100))
        assert all(0.0 <= uniform(rng) < 1.0 for _ in range(100))


def test_simulation_bots_share_one_dice_per_game():
    bots = make_agents("eager,random,heuristic", 3, 9)
    assert isinstance(bots[0].rng, Dice) and bots[0].rng is bots[1].rng is bots[2].rng
    assert make_agents("random", 2, 9)[0].rng.getstate() == Dice(9).getstate()
