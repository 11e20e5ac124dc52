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

import marshal

from engine.core import Data, Game, Rng
from engine.core.rng import SortedShuffles

__all__ = ["SortedShuffles", "copy_data", "determinise", "determinised_rng"]

# The stream of the generators of determinised states: apart from the bot's own draws.
_CHANCE_STREAM = 0xD1CE


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
