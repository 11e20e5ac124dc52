"""The one seeded random generator of a game (PCG32).

Hand-written rather than `random.Random` so that a save replays identically on every Python
version (the stdlib's shuffle and randrange algorithms are not promised stable) and so that its
whole state is two integers that fit in a save file.
"""
from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005


class Rng:
    __slots__ = ("_state", "_inc")

    def __init__(self, seed: int, stream: int = 0x5EED) -> None:
        self._inc = ((stream << 1) | 1) & _MASK64
        self._state = 0
        self._next()
        self._state = (self._state + (seed & _MASK64)) & _MASK64
        self._next()

    # -- state, so saves and undo points can keep it -------------------------------------------
    def get_state(self) -> list[int]:
        return [self._state, self._inc]

    def set_state(self, state: Sequence[int]) -> None:
        s, inc = state
        if not (isinstance(s, int) and isinstance(inc, int) and inc & 1):
            raise ValueError(f"not a generator state: {state!r}")
        self._state, self._inc = s & _MASK64, inc & _MASK64

    @classmethod
    def from_state(cls, state: Sequence[int]) -> Rng:
        rng = cls(0)
        rng.set_state(state)
        return rng

    # -- draws ---------------------------------------------------------------------------------
    def _next(self) -> int:
        old = self._state
        self._state = (old * _MULTIPLIER + self._inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        if n > 0xFFFFFFFF:
            return self._big_below(n)
        threshold = (0x100000000 - n) % n
        while True:
            r = self._next()
            if r >= threshold:
                return r % n

    def _big_below(self, n: int) -> int:
        bits = n.bit_length()
        while True:
            r = 0
            for _ in range((bits + 31) // 32):
                r = (r << 32) | self._next()
            r &= (1 << bits) - 1
            if r < n:
                return r

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def roll(self, sides: int = 6) -> int:
        """A die roll, 1..sides."""
        return 1 + self.below(sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


def weighted_choice(rng: Rng, items: Sequence[T], weights: Sequence[float]) -> T:
    """One item, each as likely as its weight (weights ≥ 0, not all 0). Integer arithmetic on
    scaled weights keeps the draw identical on every platform."""
    scaled = [round(w * 1000) for w in weights]
    total = sum(scaled)
    if total <= 0 or any(w < 0 for w in scaled):
        raise ValueError("weights must be non-negative and not all zero")
    pick = rng.below(total)
    for item, weight in zip(items, scaled):
        if pick < weight:
            return item
        pick -= weight
    raise AssertionError("unreachable")


def canonical_order(items: Sequence[Any]) -> list[Any]:
    """``items`` in a canonical order: the same list for the same multiset of plain values."""
    kinds = {type(item) for item in items}
    if len(kinds) <= 1 and kinds <= {str, int, float}:
        return sorted(items)
    import json  # only for items of mixed or nested kinds

    return sorted(items, key=lambda item: (type(item).__name__, json.dumps(item, sort_keys=True)))


class SortedShuffles:
    """A generator for `Game.resample_hidden` whose shuffles, samples and choices see their items
    in sorted order: what it deals depends on the unseen pool, not on the pool's hidden order.
    Draws of numbers (``below``, ``roll``, ``randint``) pass through unchanged. Search bots
    determinise with it (`engine.bots.determinise`), and a review's branches deal with it
    (`engine.core.review`), so neither can learn the real order of what a seat cannot see."""

    __slots__ = ("rng",)

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def shuffle(self, items: MutableSequence[T]) -> None:
        items[:] = canonical_order(items)
        self.rng.shuffle(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.rng.sample(canonical_order(items), k)

    def choice(self, items: Sequence[T]) -> T:
        ordered: list[T] = canonical_order(items)
        return self.rng.choice(ordered)

    def below(self, n: int) -> int:
        return self.rng.below(n)

    def randint(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def roll(self, sides: int = 6) -> int:
        return self.rng.roll(sides)
