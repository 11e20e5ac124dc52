"""How Vindication's boards are drawn (the `Game.board_layout` / `Game.board_marks` contract).

The layout is static: the main island's 19 hexes and 36 triangles at the positions derived in
`board.py` (spec 3.2, units of the hex circumradius, y downward), start numbers as fixed labels;
with Villages & Hamlets also the Forgotten Isle (to the right of the island) and the three village
boards as rows of slots. The marks say what lies on each space now and are built from a seat's
view alone, so nothing hidden can reach the screen through them.
"""
from __future__ import annotations

import math
from typing import Any

from engine.core import Config, Data

from .board import Board, hex_centre
from .content import content
from .places import settlements, slot_id

TRIANGLE_SIZE = 0.34         # a triangle's circumradius, in hex circumradii
ISLE_OFFSET = (7.0, -2.6)    # the Forgotten Isle, up and to the right of the main island
SLOT_HALF = 0.42             # a village slot's half width
SLOT_PITCH = 0.96
SLOTS_FROM = (5.4, 1.35)     # the first village board's first slot
ROW_PITCH = 1.45


def board_layout(config: Config) -> Data:
    spaces: list[Data] = []
    labels: list[Data] = []
    c = content()
    _add_board(spaces, c.board, "island", (0.0, 0.0))
    if _module_on(config):
        dx, dy = ISLE_OFFSET
        _add_board(spaces, c.isle, "isle", ISLE_OFFSET)
        top = min(hex_centre(h)[1] for h in c.isle.regions.values()) + dy
        left = min(hex_centre(h)[0] for h in c.isle.regions.values()) + dx
        labels.append({"text": "The Forgotten Isle", "x": left + 0.85, "y": top - 1.45})
        x0, y0 = SLOTS_FROM
        for row, settlement in enumerate(settlements().values()):
            y = y0 + row * ROW_PITCH
            labels.append({"text": settlement.name.en, "x": round(x0 + (settlement.slots - 1) * SLOT_PITCH / 2, 3),
                           "y": round(y - SLOT_HALF - 0.25, 3)})
            for index in range(1, settlement.slots + 1):
                spaces.append({"id": slot_id(settlement.id, index), "shape": "rect", "group": "village",
                               "x": round(x0 + (index - 1) * SLOT_PITCH, 3), "y": round(y, 3),
                               "size": SLOT_HALF, "label": str(index)})
    return {"spaces": spaces, "labels": labels}


def _module_on(config: Config) -> bool:
    try:
        return bool(config.option("villages_hamlets"))
    except KeyError:
        return False


def _add_board(spaces: list[Data], board: Board, group: str, offset: tuple[float, float]) -> None:
    dx, dy = offset
    for region, h in board.regions.items():
        x, y = hex_centre(h)
        spaces.append({"id": region, "shape": "hex", "group": group,
                       "x": round(x + dx, 3), "y": round(y + dy, 3), "size": 1.0})
    for triangle in board.triangles.values():
        space: Data = {"id": triangle.id, "shape": "triangle", "group": group,
                       "x": round(triangle.x + dx, 3), "y": round(triangle.y + dy, 3),
                       "size": TRIANGLE_SIZE, "points_up": triangle.points_up}
        if triangle.start_position is not None:
            space["label"] = str(triangle.start_position)
        spaces.append(space)


def board_marks(view: Data) -> Data:
    """Per space: the tile's name, its fill role, its controller and the tokens on it."""
    c = content()
    marks: dict[str, Any] = {}
    for space, placed in view["regions"].items():
        marks[space] = _region_mark(placed)
    for area, site in view.get("isle", {}).items():
        if view["regions"].get(area) is None:
            marks[area] = {"label": "Ruins" if site.get("ruins") else None, "fill": "site",
                           "owner": None, "tokens": []}
    triangles = c.board.triangles | (c.isle.triangles if "isle" in view else {})
    for triangle in triangles:
        marks[triangle] = {"label": None, "fill": "empty", "owner": None, "tokens": []}
    if view.get("port") in marks:
        marks[view["port"]]["label"] = "Port"
        marks[view["port"]]["fill"] = "port"
    for player in view["players"]:
        token = player.get("token")
        if token in marks:
            marks[token]["tokens"].append(player["seat"])
    return marks


def _region_mark(placed: Data | None) -> Data:
    if placed is None:
        return {"label": None, "fill": "empty", "owner": None, "tokens": []}
    region = content().regions.get(placed["tile"])
    name = region.name.en if region else str(placed["tile"])
    owner = placed.get("controller")
    return {"label": name, "fill": "tile" if owner is None else "controlled", "owner": owner, "tokens": []}


def bounds(layout: Data) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of every space's extent: for tests and fitting."""
    xs = [s["x"] + k * s["size"] * (math.sqrt(3) / 2 if s["shape"] == "hex" else 1)
          for s in layout["spaces"] for k in (-1, 1)]
    ys = [s["y"] + k * s["size"] for s in layout["spaces"] for k in (-1, 1)]
    return min(xs), min(ys), max(xs), max(ys)
