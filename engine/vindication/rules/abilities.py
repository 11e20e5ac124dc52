"""Card abilities that are always on (passive, while held), read straight from the content."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Data

from ..content import content


def tableau_cards(player: Data) -> Iterator[str]:
    yield from (c["id"] for c in player["companions"])
    yield from player["monsters"]
    yield from player["traits"]
    yield from (r["id"] for r in player["relics"])


def passive_params(data: Data, seat: int, primitive: str) -> Iterator[Any]:
    """Parameters of every passive ``primitive`` on the cards ``seat`` holds (VIN-COMPANION-4)."""
    cards = content().cards
    for card_id in tableau_cards(data["players"][seat]):
        ability = cards[card_id].ability
        if ability.type == "passive":
            for effect in ability.effect:
                if effect.primitive == primitive:
                    yield effect.params


def passive_speed(data: Data, seat: int) -> int:
    return sum(p["n"] for p in passive_params(data, seat, "speed_mod") if p["duration"] == "while_held")
