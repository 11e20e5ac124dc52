"""The turn record's actions (VIN-TURN-4, -5): how many activate and visit actions a player has
left this turn, with the extra ones effects gave (V04, the rune of Devotion)."""
from __future__ import annotations

from engine.core import Data, refuse


def actions_left(data: Data, action: str) -> int:
    turn = data["turn"]
    return 1 + turn["extra"][action] - turn["used"][action] if action in turn["extra"] else 1 - turn["used"][action]


def visits_left(data: Data) -> int:
    turn = data["turn"]
    return 1 + turn["extra"]["visit"] - turn["used"]["visit"]


def spend_visit_action(data: Data) -> None:
    """A visit action spent on something else than a visit: building, digging (VVH-BUILD, VVH-RUINS)."""
    if visits_left(data) < 1:
        raise refuse("VIN-TURN-5", "you have used your visit action this turn")
    data["turn"]["used"]["visit"] += 1
