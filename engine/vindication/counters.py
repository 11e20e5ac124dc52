"""Counters and conditions (spec 7.1) evaluated on one player's state."""
from __future__ import annotations

from engine.core import Data

from .content import content
from .vocabulary import ATTRIBUTES, BASIC, Condition, Counter, holds, parse_condition, parse_counter


def controlled_tiles(data: Data, seat: int) -> list[str]:
    """Tile ids of the regions ``seat`` controls (main board; module places join later)."""
    return [space["tile"] for space in data["regions"].values()
            if space and space.get("controller") == seat]


def count(data: Data, seat: int, counter: Counter | str) -> int:
    if isinstance(counter, str):
        counter = parse_counter(counter)
    p = data["players"][seat]
    cards = content().cards
    name, args = counter.name, counter.args
    if name == "companions":
        kind = args[0] if args else "any"
        return sum(1 for c in p["companions"] if kind == "any" or cards[c["id"]].deck == f"companion_{kind}")
    if name in ("monsters", "traits", "relics"):
        return len(p[name])
    if name == "regions_controlled":
        return len(controlled_tiles(data, seat))
    if name == "attr":
        return p["attrs"][args[0]]
    if name == "proficiencies":
        return sum(p["proficiencies"].values()) if args[0] == "any" else p["proficiencies"][args[0]]
    if name == "proficiency_kinds":
        return sum(1 for a in ATTRIBUTES if p["proficiencies"][a])
    if name == "mount_rank":
        return p["mount"]
    if name in ("conviction", "potential", "influence", "honor"):
        return p[name]
    if name == "vindicated":
        return int(p["vindicated"])
    if name == "distinct_attrs":
        return sum(1 for a in ATTRIBUTES if p["attrs"][a] >= 1)
    if name == "companion_colours":
        return len({cards[c["id"]].deck for c in p["companions"]})
    if name == "empty_companions":
        return sum(1 for c in p["companions"] if c["blocks"] == 0)
    if name == "controls":
        return int(any(tile in args for tile in controlled_tiles(data, seat)))
    if name == "token_touches":
        touched = content().board.triangles[p["token"]].touches if p["token"] in content().board.triangles else ()
        return int(any(region in args for region in touched))
    raise ValueError(f"counter {counter} is not implemented")


def satisfied(data: Data, seat: int, condition: Condition | str) -> bool:
    if isinstance(condition, str):
        condition = parse_condition(condition)
    return holds(count(data, seat, condition.counter), condition)


def mastery_count(data: Data, seat: int, attribute: str) -> int:
    """VIN-SCORE-5: cards of the attribute plus 2 per proficiency tile."""
    p = data["players"][seat]
    cards = {"C": len(p["monsters"]), "W": len(p["traits"]), "V": len(p["relics"])}.get(attribute)
    if attribute in BASIC:
        cards = count(data, seat, Counter("companions", (attribute,)))
    return cards + 2 * p["proficiencies"][attribute]
