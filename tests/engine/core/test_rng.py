"""The seeded generator: reproducible, saveable, unbiased enough to trust with dice."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core import Rng


def test_same_seed_same_draws_and_other_seeds_differ():
    assert [Rng(7).roll() for _ in range(1)] == [Rng(7).roll()]
    a, b, c = Rng(7), Rng(7), Rng(8)
    draws = [a.below(1000) for _ in range(50)]
    assert draws == [b.below(1000) for _ in range(50)]
    assert draws != [c.below(1000) for _ in range(50)]


def test_known_values_stay_fixed_across_versions():
    # Saves replay from the seed: if these change, every old save breaks.
    rng = Rng(42)
    assert [rng.roll() for _ in range(10)] == [1, 5, 6, 4, 1, 2, 2, 2, 5, 1]


def test_state_round_trip_continues_the_same_sequence():
    rng = Rng(123)
    rng.below(10)
    saved = rng.get_state()
    expected = [rng.below(10**9) for _ in range(20)]
    assert [Rng.from_state(saved).below(10**9) for _ in range(1)] == expected[:1]
    again = Rng.from_state(saved)
    assert [again.below(10**9) for _ in range(20)] == expected


def test_dice_are_roughly_uniform():
    rng = Rng(1)
    counts = Counter(rng.roll(6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_400 < n < 10_600 for n in counts.values()), counts


def test_shuffle_is_a_permutation_and_big_ranges_work():
    rng = Rng(5)
    items = list(range(52))
    rng.shuffle(items)
    assert sorted(items) == list(range(52)) and items != list(range(52))
    assert 0 <= rng.below(2**80) < 2**80
    assert rng.randint(3, 3) == 3


def test_bad_state_and_range_are_refused():
    with pytest.raises(ValueError):
        Rng(1).below(0)
    with pytest.raises(ValueError):
        Rng.from_state([1, 2])  # the increment must be odd
