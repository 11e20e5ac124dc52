"""What the search player (engine/bots/search.py) needs of Dragonbond: a position's value for
each seat, its heuristic bot as the playout policy, and how far a playout looks.

Power decides the game (DRG-GOAL, DRG-END-3): a seat's value mixes its power lead over every
other character (AI ones too, which can win, DRG-GOAL-7) with its lead over the other human
seats; a finished game adds whether the seat won. These hooks read determinised states (the
search's guess), never the real one.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from engine.core import Command, Config, Data, Rng

from .bot import HeuristicBot
from .views import seat_view

WIN_WEIGHT = 0.6       # the share of a seat's value that is about winning the game
LEAD_SCALE = 3.0       # power tokens: a lead this big over every character is worth about 0.73
HUMAN_SCALE = 2.0      # the same against the other human seats
PLAYOUT_DEPTH = 30     # commands: about a round of planning and answers

_PLAYER = HeuristicBot()


def _power(board: Data) -> int:
    return int(board["power"]["unspent"]) + int(board["power"]["spent"])


def _squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _compare(mine: float, theirs: float) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def search_values(data: Data) -> Sequence[float] | None:
    humans = data["humans"]
    if any(ch is None for ch in humans):
        return None                        # characters are still being picked
    power = {ch: _power(board) for ch, board in data["boards"].items()}
    over = data["phase"] == "over"
    end = data["end"] if over else None
    values = []
    for ch in humans:
        mine = power[ch]
        others = [p for other, p in power.items() if other != ch] or [0]
        rivals = [power[h] for h in humans if h != ch] or others
        if end is not None:
            winning = 1.0 if ch in end["winners"] else 0.0
            values.append(WIN_WEIGHT * winning + (1 - WIN_WEIGHT) * _compare(mine, max(rivals)))
        else:
            values.append(WIN_WEIGHT * _squash((mine - max(others)) / LEAD_SCALE)
                          + (1 - WIN_WEIGHT) * _squash((mine - max(rivals)) / HUMAN_SCALE))
    return values


def search_playout(data: Data, seat: int, legal: Sequence[Command], rng: Rng) -> Command | None:
    """The heuristic bot, from the seat's view of the determinised state."""
    return _PLAYER.choose(seat_view(data, seat), legal, rng)


def search_depth(config: Config) -> int | None:
    return PLAYOUT_DEPTH
