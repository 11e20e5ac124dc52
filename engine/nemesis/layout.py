"""The Facility's drawing for the generic table (`Game.board_layout`, the contract of
`engine.core.table`), built from board_basic.yaml through the content loader (`content().board_file`):
nothing here reads a file of its own.

Scale 1: coordinates are the file's scene pixels (y downward). Every space the table marks or a
command touches has an id here:

  R001 … R016, REP, ISO, BPS, ALR, EL1 … EL3, ST12, ST23   Rooms (``rect``, centre and full size)
  C01 … C33                                              Corridors (``polyline`` from Room edge to
                                                         Room edge through the file's path points;
                                                         ``exits`` show the corridor number at both ends)
  TECH                                                   the Technical Corridors (a Room's Entrances
                                                         are ``exits`` of that Room: ``T3`` / ``檢3``)
  S01 S02 S03 ELEVATOR                                   the four power slots (commands name them so)
  BUNKER GATE ROVER_FACILITY ROVER_BUNKER                the outside
  POD_A POD_B POD_C                                      the CSS Pods
  LIFT_EL1 … LIFT_EL3                                    where the Elevator token stops
  NEUTRAL CONTINGENCY COMPUTER                           the card areas beside the board
  T15 … T1, T0                                           Time track slots (T0 is slot S)
  CSS15 … CSS0                                           the CSS token band under the Time track

Only texts differ between the two languages; the geometry is the same.
"""
from __future__ import annotations

from functools import cache
from typing import Any, Literal

from engine.core import Config, Data, plain
from engine.core.language import language_key

from .board import SECTIONS, TECH, Board, Room
from .content import Pod, content
from .log import room_name

LANGS = ("en", "zh")
CORRIDOR_WIDTH = 14
EXIT_INSET = 11            # how far inside a Room an exit number sits from the Room's edge
TECH_INSET = 14
CLEARANCE = 40             # how far an Entrance's mark keeps from a corridor's end
POWER_SLOTS: tuple[Literal["S01", "S02", "S03", "ELEVATOR"], ...] = ("S01", "S02", "S03", "ELEVATOR")
PODS: tuple[Pod, ...] = ("A", "B", "C")

WORDS: dict[str, tuple[str, str]] = {
    "tech": ("Technical Corridors", "檢修通道"),
    "tech_label": ("Tech", "檢修"),
    "bunker": ("Bunker", "地堡"),
    "gate": ("Main Gate", "主入口"),
    "gate_label": ("Gate", "入口"),
    "rover_facility": ("Rover parking at the Facility", "設施旁的火星車停車處"),
    "rover_bunker": ("Rover parking at the Bunker", "地堡旁的火星車停車處"),
    "rover_label": ("Rover", "火星車"),
    "pod": ("CSS Pod {p}", "發射艙 {p}"),
    "pod_label": ("Pod {p}", "發射艙 {p}"),
    "lift": ("Elevator stop: {room}", "電梯停靠處：{room}"),
    "power": ("Power slot: Section {s}", "電源位置：區域 {s}"),
    "power_elevator": ("Power slot: Elevator", "電源位置：電梯"),
    "power_label": ("S-{n}", "S-{n}"),
    "elevator_label": ("Lift", "電梯"),
    "neutral": ("Neutral Pool", "中立池"),
    "neutral_label": ("Neutral", "中立池"),
    "contingency": ("Active Contingency", "生效的應急措施"),
    "contingency_label": ("Contingency", "應急措施"),
    "computer": ("Computer card", "電腦卡"),
    "computer_label": ("Computer", "電腦"),
    "time": ("Time track slot {slot}", "時間軸第 {slot} 格"),
    "css": ("CSS token slot {slot}", "CSS 標記位置 {slot}"),
    "section": ("Section S-{n}", "區域 S-{n}"),
    "time_track": ("Time track", "時間軸"),
    "css_band": ("CSS tokens", "CSS 標記"),
    "entrance": ("T{n}", "檢{n}"),
    "corridor": ("Corridor {n} ({id})", "通道 {id}（{n} 號）"),
}


@cache
def _words(lang: str) -> dict[str, str]:
    return {key: pair[LANGS.index(lang)] for key, pair in WORDS.items()}


def board_layout(config: Config | None = None, language: str = "en") -> Data:
    """The drawing of the Facility's basic side from board_basic.yaml: Rooms, Corridors and the
    spaces around (the same for every mode and player count)."""
    return _copy(_layout(language_key(language)))


def _copy(layout: Data) -> Data:
    """A fresh copy for each caller (the cached one stays untouched)."""
    return plain.thaw(plain.freeze(layout))


def space_name(space: str, language: str = "en") -> str:
    """What the layout calls a space (its tooltip name)."""
    return _names(language_key(language)).get(space, space)


@cache
def _names(lang: str) -> dict[str, str]:
    return {space["id"]: space["name"] for space in _layout(lang)["spaces"]}


def room_label(room: str, lang: str) -> str:
    """A Room slot by its printed name (fixed tiles: ``Repository``, ``Elevator Room S-01``) or its
    number (``Room 001``), as the log and the buttons name it."""
    return room_name(room, lang)


@cache
def _layout(lang: str) -> Data:
    c = content()
    words = _words(lang)
    board = c.board
    spaces: list[Data] = []
    for room in board.rooms.values():
        spaces.append(_room_space(board, room, lang))
    for corridor in board.corridors.values():
        spaces.append(_corridor_space(board, corridor.id, lang))
    geometry = c.board_file.spaces
    spaces.append(_rect("TECH", geometry.tech_space, words["tech"], words["tech_label"], "board"))
    spaces.append(_rect("BUNKER", geometry.bunker, words["bunker"], words["bunker"], "outside"))
    spaces.append(_rect("GATE", geometry.main_gate, words["gate"], words["gate_label"], "outside"))
    for where in ("facility", "bunker"):
        rect = getattr(geometry, f"rover_{where}")
        name = words[f"rover_{where}"]
        spaces.append(_rect(f"ROVER_{where.upper()}", rect, name, words["rover_label"], "outside"))
    for pod in PODS:
        spaces.append(_rect(f"POD_{pod}", geometry.css_pods[pod], words["pod"].format(p=pod),
                            words["pod_label"].format(p=pod), "pods"))
    for stop, rect in geometry.elevator_stops.items():
        name = words["lift"].format(room=room_name(stop, lang))
        spaces.append(_rect(f"LIFT_{stop}", rect, name, None, "elevator"))
    for slot in POWER_SLOTS:
        rect = geometry.power_slots[slot]
        if slot == "ELEVATOR":
            spaces.append(_rect(slot, rect, words["power_elevator"], words["elevator_label"], "power"))
        else:
            n = slot[1:]
            name, label = words["power"].format(s=f"S-{n}"), words["power_label"].format(n=n)
            spaces.append(_rect(slot, rect, name, label, "power"))
    for space, rect, key in (("NEUTRAL", geometry.neutral_pool, "neutral"),
                             ("CONTINGENCY", geometry.active_contingency, "contingency"),
                             ("COMPUTER", geometry.computer_card, "computer")):
        spaces.append(_rect(space, rect, words[key], words[f"{key}_label"], "cards"))
    track, band = geometry.time_track, geometry.css_token_slots
    for k, time_slot in enumerate(c.time_track.slots):
        index = c.time_track.index(time_slot)
        x = track.x + track.step * k
        spaces.append(_rect(f"T{index}", (x, track.y, track.w, track.h), words["time"].format(slot=time_slot),
                            str(time_slot), "time"))
        name = words["css"].format(slot=time_slot)
        spaces.append(_rect(f"CSS{index}", (x, band.y, band.w, band.h), name, None, "css"))
    labels = _section_labels(board, lang)
    labels.append({"text": words["time_track"], "x": track.x + track.w / 2, "y": track.y - 12})
    labels.append({"text": words["css_band"], "x": track.x + band.w / 2, "y": band.y + band.h + 14})
    return {"scale": 1, "spaces": spaces, "labels": labels}


def _rect(space: str, rect: Any, name: str, label: str | None, group: str) -> Data:
    x, y, w, h = rect
    found: Data = {"id": space, "shape": "rect", "name": name, "group": group,
                   "x": x + w / 2, "y": y + h / 2, "w": w, "h": h}
    if label:
        found["label"] = label
    return found


def _room_space(board: Board, room: Room, lang: str) -> Data:
    space = _rect(room.id, room.rect, room_label(room.id, lang), room.number, room.section or "staircase")
    tech = [n for n, target in sorted(room.exits.items()) if target == TECH]
    if tech:
        space["exits"] = _tech_exits(board, room, tech, lang)
    return space


def _tech_exits(board: Board, room: Room, numbers: list[int], lang: str) -> list[Data]:
    """The Room's Technical Corridors Entrances along its edge, clear of its corridors' ends and of
    the top-left corner (where a Room's number or name is written)."""
    x, y, w, h = room.rect
    left, right, middle = x + TECH_INSET, x + w - TECH_INSET, x + w / 2
    top, bottom = y + TECH_INSET, y + h - TECH_INSET
    spots = [(right, top), (right, bottom), (middle, top), (middle, bottom), (left, bottom), (left, top)]
    ends = [_end_point(board, room.id, cid) for cid in board.corridors_of(room.id)]

    def clearance(spot: tuple[float, float]) -> float:
        return min((_distance(spot, end) for end in ends), default=w)
    clear = [spot for spot in spots if clearance(spot) >= CLEARANCE]
    rest = sorted((spot for spot in spots if spot not in clear), key=lambda spot: -clearance(spot))
    chosen = (clear + rest)[:len(numbers)]
    text = _words(lang)["entrance"]
    return [{"text": text.format(n=n), "x": px, "y": py} for n, (px, py) in zip(numbers, chosen)]


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


def _corridor_points(board: Board, corridor: str) -> list[tuple[float, float]]:
    """From the edge of one Room to the edge of the other, through the file's path points."""
    c = board.corridors[corridor]
    a, b = board.rooms[c.a], board.rooms[c.b]
    middle = [(float(px), float(py)) for px, py in c.path]
    first = middle[0] if middle else b.centre
    last = middle[-1] if middle else a.centre
    return [_edge(a, first), *middle, _edge(b, last)]


def _end_point(board: Board, room: str, corridor: str) -> tuple[float, float]:
    points = _corridor_points(board, corridor)
    return points[0] if board.corridors[corridor].a == room else points[-1]


def _edge(room: Room, toward: tuple[float, float]) -> tuple[float, float]:
    """Where the ray from the Room's centre toward a point leaves the Room's rectangle."""
    cx, cy = room.centre
    dx, dy = toward[0] - cx, toward[1] - cy
    _, _, w, h = room.rect
    scale = min(w / 2 / abs(dx) if dx else float("inf"), h / 2 / abs(dy) if dy else float("inf"))
    return cx + dx * scale, cy + dy * scale


def _inward(room: Room, point: tuple[float, float]) -> tuple[float, float]:
    """A point ``EXIT_INSET`` inside the Room from ``point`` on its edge, toward its centre."""
    cx, cy = room.centre
    dx, dy = cx - point[0], cy - point[1]
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    return point[0] + dx / length * EXIT_INSET, point[1] + dy / length * EXIT_INSET


def _corridor_space(board: Board, corridor: str, lang: str) -> Data:
    c = board.corridors[corridor]
    points = _corridor_points(board, corridor)
    ends = (_inward(board.rooms[c.a], points[0]), _inward(board.rooms[c.b], points[-1]))
    mid = _midpoint(points)
    name = _words(lang)["corridor"].format(n=c.number, id=corridor)
    return {"id": corridor, "shape": "polyline", "name": name, "group": "corridor",
            "points": [[round(x, 1), round(y, 1)] for x, y in points], "width": CORRIDOR_WIDTH,
            "x": round(mid[0], 1), "y": round(mid[1], 1),
            "exits": [{"text": str(c.number), "x": round(x, 1), "y": round(y, 1)} for x, y in ends]}


def _midpoint(points: list[tuple[float, float]]) -> tuple[float, float]:
    """The point halfway along a polyline."""
    lengths = [_distance(a, b) for a, b in zip(points, points[1:])]
    half = sum(lengths) / 2
    for (a, b), length in zip(zip(points, points[1:]), lengths):
        if half <= length and length:
            t = half / length
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        half -= length
    return points[-1]


def _section_labels(board: Board, lang: str) -> list[Data]:
    """A label above the top-left Room of each Section (texts are centred on their point)."""
    found = []
    for section in SECTIONS:
        rects = [board.rooms[r].rect for r in board.section_rooms(section)]
        left = min(r[0] for r in rects)
        top = min(r[1] for r in rects)
        width = min(r[2] for r in rects if r[0] == left)
        text = _words(lang)["section"].format(n=section[1:])
        found.append({"text": text, "x": left + width / 2, "y": top - 14})
    return found


__all__ = ["POWER_SLOTS", "board_layout", "room_label", "space_name"]
