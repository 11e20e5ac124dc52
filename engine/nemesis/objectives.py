"""Objective and unlock conditions (spec 7.8, NEM-OBJECTIVE): the condition trees of the content,
evaluated for one holder against the state (after step 2 of the Victory Check for objectives)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Data
from engine.core.content import FrozenMap

from .content import content
from .vocabulary import CONDITIONS, arguments

SURVIVAL_ROUTES = {"bunker": "bunker", "css": "evacuated", "isolation": "locked"}


_ARGS: dict[tuple[str, object], tuple[object, dict[str, Any]]] = {}


def _args(name: str, args: object) -> dict[str, Any]:
    """A condition's arguments by parameter name (read, never changed). Content trees never change
    and are asked at every decision (a quest item's unlock), so each is read once; the entry keeps
    its args, so their id stays their own."""
    if not isinstance(args, (FrozenMap, tuple)):
        return arguments(CONDITIONS, name, args)
    entry = _ARGS.get((name, id(args)))
    if entry is None or entry[0] is not args:
        if len(_ARGS) >= 10_000:
            _ARGS.clear()
        entry = _ARGS[(name, id(args))] = (args, arguments(CONDITIONS, name, args))
    return entry[1]


def alive_after_checks(data: Data, seat: int) -> bool:
    result = data.get("result")
    if result is not None and str(seat) in result:
        return bool(result[str(seat)]["alive"])
    return data["players"][seat]["where"] != "dead"


def player_by_number(data: Data, holder: int, number: int) -> int:
    """NEM-OBJECTIVE-4: "Player N" is the seat with Help card N; the holder's own number means the next."""
    n = len(data["players"])
    seat = (number - 1) % n
    return (seat + 1) % n if seat == holder else seat


def holds(data: Data, seat: int, tree: object) -> bool:
    """Whether condition ``tree`` holds for the character of ``seat``."""
    if isinstance(tree, tuple):
        return all(holds(data, seat, t) for t in tree)
    if isinstance(tree, str):
        name, args = tree, None
    elif isinstance(tree, Mapping):
        [(name, args)] = tree.items()
    else:
        raise TypeError(f"not a condition tree: {tree!r}")
    a = _args(name, args)
    player = data["players"][seat]
    c = content()
    if name == "all":
        return all(holds(data, seat, t) for t in a["conds"])
    if name == "any":
        return any(holds(data, seat, t) for t in a["conds"])
    if name == "not":
        return not holds(data, seat, a["cond"])
    if name == "alive":
        who = a["who"]
        target = player_by_number(data, seat, int(who["player"])) if isinstance(who, Mapping) else seat
        return alive_after_checks(data, target)
    if name == "count_alive":
        filters = a["filter"] if isinstance(a["filter"], tuple) else (a["filter"],)
        count = 0
        for other in data["players"]:
            if "other" in filters and other["seat"] == seat:
                continue
            if "nemesis_survivor" in filters and c.characters[other["character"]].group != "nemesis_survivor":
                continue
            count += alive_after_checks(data, other["seat"])
        return count <= int(a["at_most"])
    if name == "survived_by":
        return alive_after_checks(data, seat) and any(
            player["where"] == SURVIVAL_ROUTES.get(str(r), str(r)) for r in a["routes"])
    if name in ("knowledge_ge",):
        return player["knowledge"] >= int(a["n"])
    if name == "knowledge_le":
        return player["knowledge"] <= int(a["n"])
    if name in ("knowledge_token_active",):
        return player["knowledge_active"]
    if name in ("signal", "has_signal"):
        return player["signal"]
    if name == "weakness_revealed":
        slot = int(a["slot"]) - 1
        return slot < len(data["weaknesses"]) and data["weaknesses"][slot]["revealed"]
    if name == "nest_destroyed":
        return data["nest_destroyed"]
    if name == "queen_killed":
        return data["queen_killed"]
    if name == "facility_destroyed":
        return data["facility_destroyed"]
    if name == "time_token_active":
        return data["time_active"]
    if name == "sections_explored":
        return all(data["rooms"][room]["explored"] for section in a["sections"]
                   for room in c.board.section_rooms(str(section)))
    if name == "carried_at_escape":
        return player["stats"].get("carried_egg_out", False)
    if name in ("evacuated", "locked_in"):
        return player["where"] == ("evacuated" if name == "evacuated" else "locked")
    if name == "any_survivor":
        return any(alive_after_checks(data, p["seat"]) and holds(data, p["seat"], a["cond"])
                   for p in data["players"])
    if name == "every_survivor":
        return all(holds(data, p["seat"], a["cond"]) for p in data["players"]
                   if alive_after_checks(data, p["seat"]))
    if name == "any_character":
        return any(holds(data, p["seat"], a["cond"]) for p in data["players"])
    if name == "stat_ge":
        stat = str(a["name"])
        stats = player["stats"]
        value = {"kills": sum(stats["kills"].values()),
                 "kills_non_larva": sum(n for k, n in stats["kills"].items() if k != "larva"),
                 "serious_wounds": len(player["serious"]), "signal_sent": int(player["signal"])}.get(
            stat, stats.get(stat, 0))
        return value >= int(a["n"])
    if name == "in_room_colour":
        room = player["room"]
        return room is not None and data["rooms"][room]["explored"] and \
            content().tiles[data["rooms"][room]["tile"]].colour == a["colour"]
    raise KeyError(f"unknown condition {name!r}")


def objective_met(data: Data, seat: int, objective: str) -> bool:
    return holds(data, seat, content().objectives[objective].condition)
