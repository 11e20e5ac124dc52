"""Where things are and what that means: characters in the Facility, combat, Darkness, neighbours,
power, turn order (NEM-ACTION-8, NEM-POWER-2..4, NEM-MOVE-2, NEM-ROUND-10). Queries only."""
from __future__ import annotations

from engine.core import Data

from ..content import content
from ..context import Ctx

IN_FACILITY = "facility"


def in_facility(player: Data) -> bool:
    """A living character standing in a Room (not in a pod, locked in, out, or dead)."""
    return player["where"] == IN_FACILITY and player["character"] is not None


def active_seats(data: Data) -> list[int]:
    return [p["seat"] for p in data["players"] if in_facility(p)]


def in_order(data: Data, seats: list[int] | None = None) -> list[int]:
    """NEM-ROUND-10: from the First Player clockwise, among ``seats`` (default: active players)."""
    chosen = set(active_seats(data) if seats is None else seats)
    n = len(data["players"])
    return [(data["first"] + i) % n for i in range(n) if (data["first"] + i) % n in chosen]


def characters_in(data: Data, room: str) -> list[int]:
    return [p["seat"] for p in data["players"] if p["room"] == room and in_facility(p)]


def intruders_in(data: Data, room: str) -> list[str]:
    """Intruder miniatures in a Room, in the order they arrived (NEM-ATTACK-11)."""
    found = [(i["arrived"], iid) for iid, i in data["intruders"].items() if i["room"] == room]
    if len(found) < 2:                                  # most Rooms hold one intruder or none
        return [iid for _, iid in found]
    return [iid for _, iid in sorted(found)]


def rooms_with_intruders(data: Data) -> set[str]:
    """The Rooms holding an intruder miniature now (a pass over every Room asks this once, not
    `intruders_in` of each Room)."""
    return {intruder["room"] for intruder in data["intruders"].values()}


def in_combat(data: Data, seat: int) -> bool:
    """NEM-ACTION-8: an intruder miniature shares the character's Room (Eggs are not intruders)."""
    player = data["players"][seat]
    if not in_facility(player):
        return False
    room = player["room"]
    for intruder in data["intruders"].values():
        if intruder["room"] == room:
            return True
    return False


def section_powered(data: Data, section: str | None) -> bool:
    """NEM-POWER-2: a Section is powered while its Power token is active (staircases never are)."""
    return section is not None and data["power"][section] in data["active_power"]


def room_powered(data: Data, room: str) -> bool:
    return section_powered(data, content().board.section_of(room))


def in_darkness(data: Data, seat: int) -> bool:
    """NEM-POWER-4: in an unpowered Section or an Emergency Staircase (a Glowstick lights its user
    until the end of the round)."""
    player = data["players"][seat]
    if player.get("lit_round") == data["round"]:
        return False
    return player["room"] is not None and not room_powered(data, player["room"])


def closed_corridors(data: Data) -> set[str]:
    return {cid for cid, c in data["corridors"].items() if c["door"] == "closed"}


def walkable_neighbours(data: Data, room: str) -> list[tuple[str, str]]:
    """NEM-MOVE-2: (corridor, room) pairs a character may walk to (no Closed Door between)."""
    corridors = data["corridors"]       # only this Room's Doors matter (setup lists every Corridor)
    return [(cid, other) for cid, other in content().board.neighbours(room) if corridors[cid]["door"] != "closed"]


def exits_of(room: str) -> list[str]:
    """A Room's exits for noise: its Corridors, and "TECH" for an Entrance (once)."""
    return list(content().board.noise_exits(room))


def has_noise(data: Data, exit_id: str) -> bool:
    return data["tech_noise"] if exit_id == "TECH" else data["corridors"][exit_id]["noise"]


def set_noise(data: Data, exit_id: str, on: bool) -> None:
    if exit_id == "TECH":
        data["tech_noise"] = on
    else:
        data["corridors"][exit_id]["noise"] = on


def tile_of(data: Data, room: str):
    return content().tiles[data["rooms"][room]["tile"]]


def rank(ctx: Ctx, kind: str) -> int:
    """NEM-COMBAT-4: an intruder type's rank (the effect-tree filter ``rank_le``)."""
    return next(t.rank for t in ctx.content.tokens.intruder_types if t.id == kind)


def path_destinations(ctx: Ctx, seat: int, steps: int) -> list[str]:
    """Rooms reachable in 1..steps Movements through explored Rooms (no Closed Door), every Room on
    the way free of intruders."""
    data = ctx.data
    start = ctx.player(seat)["room"]
    found: list[str] = []
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for room in frontier:
            if room != start and intruders_in(data, room):
                continue                                  # the middle Room must hold no intruder
            for _, n in walkable_neighbours(data, room):
                if n != start and n not in found and data["rooms"][n]["explored"]:
                    found.append(n)
                    nxt.append(n)
        frontier = nxt
    return sorted(found, key=ctx.content.board.order_index)
