"""Determinisation: a whole state that one seat cannot tell apart from the real one, made from
what that seat may know and from the bot's own generator only.

A search bot needs whole states to play forward, but must not learn anything its seat cannot
see. `Game.resample_hidden` deals what the seat cannot see again; done through `SortedShuffles`
the deal depends only on *which* cards (tiles, tokens, objectives…) are unseen, never on the order
they lay in: each shuffle and draw first sorts what it is given. Two real states that differ
only in what the seat cannot see (another hand, a deck order, a face-down tile) therefore give
the same determinisation for the same generator — the search cannot peek, even by accident.

The real state's own generator (the dice and draws still to come) is hidden too: a determinised
state gets a new one from the bot's generator (`determinised_rng`).
"""
from __future__ import annotations

import json
import marshal
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from engine.core import Data, Game, Rng

T = TypeVar("T")

# The stream of the generators of determinised states: apart from the bot's own draws.
_CHANCE_STREAM = 0xD1CE


def _order(items: Sequence[Any]) -> list[Any]:
    """``items`` in a canonical order: the same list for the same multiset of plain values."""
    kinds = {type(item) for item in items}
    if len(kinds) <= 1 and kinds <= {str, int, float}:
        return sorted(items)
    return sorted(items, key=lambda item: (type(item).__name__, json.dumps(item, sort_keys=True)))


class SortedShuffles:
    """A generator for `Game.resample_hidden` whose shuffles, samples and choices see their items
    in sorted order: what it deals depends on the unseen pool, not on the pool's hidden order.
    Draws of numbers (``below``, ``roll``, ``randint``) pass through unchanged."""

    __slots__ = ("rng",)

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def shuffle(self, items: MutableSequence[T]) -> None:
        items[:] = _order(items)
        self.rng.shuffle(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.rng.sample(_order(items), k)

    def choice(self, items: Sequence[T]) -> T:
        ordered: list[T] = _order(items)
        return self.rng.choice(ordered)

    def below(self, n: int) -> int:
        return self.rng.below(n)

    def randint(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def roll(self, sides: int = 6) -> int:
        return self.rng.roll(sides)


def copy_data(data: Data) -> Data:
    """An independent copy of plain data (sharing nothing with ``data``)."""
    copied: Data = marshal.loads(marshal.dumps(data))
    return copied


def determinise(game: Game, data: Data, seat: int | None, rng: Rng) -> Data:
    """A state ``seat`` cannot tell from ``data``: what it cannot see dealt again with ``rng``
    (canonically, `SortedShuffles`). A new copy; ``data`` is left as it was. Where the game hides
    nothing from the seat, a plain copy. ``seat`` None: the onlooker, who sees only what every
    seat may see (the public view)."""
    dealt = game.resample_hidden(data, seat, SortedShuffles(rng))  # type: ignore[arg-type]  # seat None too
    return copy_data(data if dealt is None else dealt)


def determinised_rng(rng: Rng) -> Rng:
    """A generator for a determinised state's chance (dice, draws from reshuffled piles), drawn
    from the bot's ``rng``: the real state's generator would tell the future."""
    return Rng(rng.below(1 << 32) << 32 | rng.below(1 << 32), stream=_CHANCE_STREAM)
