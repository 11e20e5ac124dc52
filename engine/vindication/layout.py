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
from engine.core.language import is_chinese, language_key

from .board import Board, hex_centre
from .content import content
from .places import settlement_of, settlements, slot_id

TRIANGLE_SIZE = 0.34         # a triangle's circumradius, in hex circumradii
ISLE_OFFSET = (7.0, -2.6)    # the Forgotten Isle, up and to the right of the main island
SLOT_HALF = 0.42             # a village slot's half width
SLOT_PITCH = 0.96
SLOTS_FROM = (5.4, 1.35)     # the first village board's first slot
ROW_PITCH = 1.45
HONOR_SPACES = 100           # the honor track: spaces 0–99, a marker past 99 goes round again (+100)
HONOR_PER_ROW = 20
HONOR_HALF = 0.22            # a track space's half width
HONOR_PITCH = 0.5
HONOR_GAP = 1.0              # between the lowest board space and the track
# Titles, labels and tooltips, in the glossary's terms (spec section 2).
WORDS = {
    "en": {"ruins": "Ruins", "over": "+{n}", "medallion": "Player {n}'s medallion",
           "honor_marker": "Player {n}'s honor marker ({honor})", "controlled": "Controlled by player {n}",
           "isle": "The Forgotten Isle", "honor": "Honor track",
           "region": "Region space {space}", "start": "Start position {n} ({space})",
           "triangle": "Triangle {space}", "area": "Forgotten Isle, area {space}",
           "slot": "{settlement}, slot {n}", "honor_space": "Honor {n}", "tile": "{tile} ({space})",
           "hidden_ruins": "Hidden ruins ({space})", "building_site": "Building site ({space})"},
    "zh": {"ruins": "遺跡", "over": "+{n}", "medallion": "玩家 {n} 的徽章",
           "honor_marker": "玩家 {n} 的榮耀標記（{honor}）", "controlled": "由玩家 {n} 控制",
           "isle": "遺忘之島", "honor": "榮耀軌",
           "region": "地區 {space}", "start": "出發位置 {n}（{space}）",
           "triangle": "三角格 {space}", "area": "遺忘之島 {space} 區",
           "slot": "{settlement}第 {n} 格", "honor_space": "榮耀 {n}", "tile": "{tile}（{space}）",
           "hidden_ruins": "隱藏遺跡（{space}）", "building_site": "建築工地（{space}）"},
}


def honor_space(honor: int) -> str:
    """The honor track space of a marker at ``honor`` (the track goes round every 100)."""
    return f"H{honor % HONOR_SPACES}"


def board_layout(config: Config, language: str = "en") -> Data:
    """The spaces and titles; titles and space names in ``language``, all else the same in both."""
    words = WORDS[language_key(language)]
    spaces: list[Data] = []
    labels: list[Data] = []
    c = content()
    _add_board(spaces, c.board, "island", (0.0, 0.0), words)
    if _module_on(config):
        dx, dy = ISLE_OFFSET
        _add_board(spaces, c.isle, "isle", ISLE_OFFSET, words)
        top = min(hex_centre(h)[1] for h in c.isle.regions.values()) + dy
        left = min(hex_centre(h)[0] for h in c.isle.regions.values()) + dx
        labels.append({"text": words["isle"], "x": left + 0.85, "y": top - 1.45})
        x0, y0 = SLOTS_FROM
        for row, settlement in enumerate(settlements().values()):
            y = y0 + row * ROW_PITCH
            title = settlement.name.zh if is_chinese(language) else settlement.name.en
            labels.append({"text": title, "x": round(x0 + (settlement.slots - 1) * SLOT_PITCH / 2, 3),
                           "y": round(y - SLOT_HALF - 0.25, 3)})
            for index in range(1, settlement.slots + 1):
                spaces.append({"id": slot_id(settlement.id, index), "shape": "rect", "group": "village",
                               "x": round(x0 + (index - 1) * SLOT_PITCH, 3), "y": round(y, 3),
                               "size": SLOT_HALF, "label": str(index),
                               "name": words["slot"].format(settlement=title, n=index)})
    _add_honor_track(spaces, labels, words)
    return {"spaces": spaces, "labels": labels}


def _add_honor_track(spaces: list[Data], labels: list[Data], words: dict[str, str]) -> None:
    """Rows of small squares below everything else; every tenth space and the trigger spaces
    (VIN-SETUP-8) carry their number."""
    left = min(s["x"] - s["size"] for s in spaces) + HONOR_HALF
    top = max(s["y"] + s["size"] for s in spaces) + HONOR_GAP
    triggers = set(content().board_file.honor_trigger_spaces)
    labels.append({"text": words["honor"], "x": round(left + 0.45, 3), "y": round(top - 0.55, 3)})
    for n in range(HONOR_SPACES):
        row, column = divmod(n, HONOR_PER_ROW)
        space: Data = {"id": honor_space(n), "shape": "rect", "group": "honor",
                       "x": round(left + column * HONOR_PITCH, 3), "y": round(top + row * HONOR_PITCH, 3),
                       "size": HONOR_HALF, "name": words["honor_space"].format(n=n)}
        if n % 10 == 0 or n in triggers:
            space["label"] = str(n)
        spaces.append(space)



def _module_on(config: Config) -> bool:
    try:
        return bool(config.option("villages_hamlets"))
    except KeyError:
        return False


def _add_board(spaces: list[Data], board: Board, group: str, offset: tuple[float, float],
               words: dict[str, str]) -> None:
    dx, dy = offset
    for region, h in board.regions.items():
        x, y = hex_centre(h)
        spaces.append({"id": region, "shape": "hex", "group": group,
                       "x": round(x + dx, 3), "y": round(y + dy, 3), "size": 1.0,
                       "name": words["area" if group == "isle" else "region"].format(space=region)})
    for triangle in board.triangles.values():
        space: Data = {"id": triangle.id, "shape": "triangle", "group": group,
                       "x": round(triangle.x + dx, 3), "y": round(triangle.y + dy, 3),
                       "size": TRIANGLE_SIZE, "points_up": triangle.points_up,
                       "name": words["triangle"].format(space=triangle.id)}
        if triangle.start_position is not None:
            space["label"] = str(triangle.start_position)
            space["name"] = words["start"].format(n=triangle.start_position, space=triangle.id)
        spaces.append(space)


def board_marks(view: Data, language: str = "en") -> Data:
    """Per space, as `engine.core.table` marks: the tile's name (in ``language``), its look, its
    controller's marker, the medallions on it; on the honor track each player's marker and the
    trigger tokens still there."""
    c = content()
    lang = language_key(language)
    marks: dict[str, Any] = {}
    for space, placed in view["regions"].items():
        marks[space] = _region_mark(space, placed, lang)
    for area, site in view.get("isle", {}).items():
        if view["regions"].get(area) is None:
            what = "hidden_ruins" if site.get("ruins") else "building_site"
            marks[area] = {"label": WORDS[lang]["ruins"] if site.get("ruins") else None, "fill": "purple",
                           "owner": None, "pieces": [], "tip": WORDS[lang][what].format(space=area)}
    triangles = c.board.triangles | (c.isle.triangles if "isle" in view else {})
    for triangle in triangles:
        marks[triangle] = {"label": None, "fill": "plain", "owner": None, "pieces": []}
    if view.get("port") in marks:
        port = c.module.port_name
        marks[view["port"]]["label"] = port.zh if lang == "zh" else "Port"
        marks[view["port"]]["fill"] = "water"
        marks[view["port"]]["tip"] = WORDS[lang]["tile"].format(tile=port.zh if lang == "zh" else port.en,
                                                                space=view["port"])
    for player in view["players"]:
        token = player.get("token")
        if token in marks:
            marks[token]["pieces"].append({"kind": "figure", "owner": player["seat"], "walks": True,
                                           "tip": WORDS[lang]["medallion"].format(n=player["seat"] + 1)})
    _honor_marks(marks, view, lang)
    return marks


def _honor_marks(marks: dict[str, Any], view: Data, lang: str) -> None:
    for n in range(HONOR_SPACES):
        marks[honor_space(n)] = {"label": None, "fill": "plain", "owner": None, "pieces": []}
    for n in view.get("trigger_spaces", []):
        if 0 <= n < HONOR_SPACES:
            marks[honor_space(n)]["fill"] = "gold"
    for player in view["players"]:
        honor = int(player.get("honor", 0))
        mark = marks[honor_space(honor)]
        mark["pieces"].append({"kind": "marker", "owner": player["seat"],
                               "tip": WORDS[lang]["honor_marker"].format(n=player["seat"] + 1, honor=honor)})
        if honor >= HONOR_SPACES:
            mark["label"] = WORDS[lang]["over"].format(n=honor // HONOR_SPACES * HONOR_SPACES)


def _region_mark(space: str, placed: Data | None, lang: str = "en") -> Data:
    if placed is None:
        return {"label": None, "fill": "plain", "owner": None, "pieces": []}
    region = content().regions.get(placed["tile"])
    name = (region.name.zh if lang == "zh" else region.name.en) if region else str(placed["tile"])
    owner = placed.get("controller")
    home = settlements().get(settlement_of(space) or "")
    where = space if home is None else WORDS[lang]["slot"].format(
        settlement=home.name.zh if lang == "zh" else home.name.en, n=space.split("/", 1)[1])
    tip = WORDS[lang]["tile"].format(tile=name, space=where)
    pieces = [] if owner is None else [{"kind": "marker", "owner": owner,
                                        "tip": WORDS[lang]["controlled"].format(n=owner + 1)}]
    return {"label": name, "fill": "paper", "owner": owner, "pieces": pieces, "tip": tip}


def bounds(layout: Data) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of every space's extent: for tests and fitting."""
    xs = [s["x"] + k * s["size"] * (math.sqrt(3) / 2 if s["shape"] == "hex" else 1)
          for s in layout["spaces"] for k in (-1, 1)]
    ys = [s["y"] + k * s["size"] for s in layout["spaces"] for k in (-1, 1)]
    return min(xs), min(ys), max(xs), max(ys)
