"""Moving and discovering (VIN-MOVE, VIN-DISCOVER, VIN-GEO-8/9)."""
from __future__ import annotations

from collections.abc import Iterator

from engine.core import Data, refuse

from ..content import content
from ..context import Ctx
from ..setup import draw_random
from .abilities import passive_speed
from .module import fill_settlement

MAX_EXTENSION = 2


def speed(data: Data, seat: int) -> int:
    """VIN-MOVE-2: the mount's speed plus every active modifier."""
    player = data["players"][seat]
    turn_mods = sum(m["n"] for m in data["turn"]["mods"] if m["kind"] == "speed" and data["turn"]["seat"] == seat)
    zeal = sum(player["proficiencies"].values()) if "zeal" in player["runes"] else 0   # VVH-RUNE-7
    return content().mounts[player["mount"]].speed + turn_mods + passive_speed(data, seat) + zeal


def occupied(data: Data, seat: int) -> set[str]:
    return {p["token"] for p in data["players"] if p["seat"] != seat}


def paths(start: str, length: int) -> Iterator[tuple[str, ...]]:
    """Every path of exactly ``length`` steps from ``start`` (revisits allowed, VIN-MOVE-6), on
    the board ``start`` is on (VVH-ISLE-1)."""
    triangles = content().triangles

    def extend(path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        if len(path) == length + 1:
            yield path
            return
        for step in triangles[path[-1]].neighbours:
            yield from extend(path + (step,))

    yield from extend((start,))


def legal_paths(data: Data, seat: int) -> tuple[int, list[tuple[str, ...]]]:
    """(extension, paths): the legal move paths, with the extra steps a surrounded player needs
    (VIN-MOVE-8); (0, []) when no end is reachable even with 2 extra steps (VIN-MOVE-10)."""
    start = data["players"][seat]["token"]
    if start not in content().triangles:
        return 0, []
    blocked = occupied(data, seat) | {start}
    reach = speed(data, seat)
    for extension in range(MAX_EXTENSION + 1):
        found = [p for n in range(1, reach + extension + 1) for p in paths(start, n) if p[-1] not in blocked]
        if extension:
            found = [p for p in found if len(p) - 1 > reach]  # the extra steps must be used
        if found:
            return extension, found
    return 0, []


def check_path(data: Data, seat: int, path: tuple[str, ...], extension: int) -> None:
    triangles = content().triangles
    player = data["players"][seat]
    if not path or path[0] != player["token"]:
        raise refuse("VIN-MOVE-11", "a path starts with the triangle your token stands on")
    if len(path) < 2:
        raise refuse("VIN-MOVE-7", "a move takes at least one step")
    for here, there in zip(path, path[1:]):
        if there not in triangles or there not in triangles[here].neighbours:
            raise refuse("VIN-MOVE-1", f"{there} is not next to {here}")
    if path[-1] == path[0]:
        raise refuse("VIN-MOVE-5", "a move may not end where it began")
    if path[-1] in occupied(data, seat):
        raise refuse("VIN-MOVE-4", f"another token stands on {path[-1]}")
    reach = speed(data, seat)
    needed, _ = legal_paths(data, seat)
    if extension and needed == 0:
        raise refuse("VIN-MOVE-9", "you are not surrounded: a legal end lies within your speed")
    if extension and extension != needed:
        raise refuse("VIN-MOVE-9", f"you need exactly {needed} extra step(s) to escape")
    if len(path) - 1 > reach + extension:
        raise refuse("VIN-MOVE-1", f"your speed is {reach}; that path takes {len(path) - 1} steps")


def discover(ctx: Ctx, triangles: list[str]) -> None:
    """VIN-DISCOVER-1: empty spaces touched along the path, in path order then by region id.
    Isle triangles discover nothing (VVH-GEO-5)."""
    board = content().board
    for triangle in triangles:
        if triangle not in board.triangles:
            continue
        for region in board.triangles[triangle].touches:
            if ctx.data["regions"][region] is None and ctx.data["bag"]:   # VIN-DISCOVER-4
                tile = draw_random(ctx.data["bag"], ctx.rng)
                ctx.data["regions"][region] = {"tile": tile, "controller": None}
                ctx.emit("tile_discovered", space=region, tile=tile)
                if content().regions[tile].settlement:                     # VIN-DISCOVER-6
                    fill_settlement(ctx, tile)


def relocations(data: Data, seat: int, end: str) -> list[str]:
    """VVH-PORT-2, -3: where a move ending on ``end`` may be relocated (port ↔ outer Isle)."""
    port = data.get("port")
    if port is None:
        return []
    taken = occupied(data, seat)
    outer = [t.id for t in content().isle.triangles.values() if len(t.touches) == 2]
    if end == port:
        return [t for t in outer if t not in taken]
    if end in outer and port not in taken:
        return ["port"]
    return []
