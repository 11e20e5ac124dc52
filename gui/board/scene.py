"""A board drawn from a game's layout data: one dumb item per space, marks and highlights on top.

`LayoutScene` fills a `QGraphicsScene` from the plain layout the controller hands over (spaces with
a shape, a position and a size; fixed labels) and keeps `item_for_space`. It knows no rules: the
marks (what lies on a space now, from a seat's view) and the highlighted spaces come from the
controller. Labels and tokens are top-level items on their own layers, so a neighbouring space
added later never paints over them (QT_NOTES, Graphics View).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

UNIT = 60.0  # scene pixels per layout unit
SPACE_KEY = 0  # QGraphicsItem data slot holding a space id (shared with the view's click test)
SPACE_Z, TOKEN_Z, LABEL_Z = 0.0, 5.0, 10.0
TRIANGLE_Z = 1.0  # triangles sit on the hexes' corners
SMALL_RECT = 0.3  # rects smaller than this (track squares) get markers as big as the square

# Fill roles named by the game's marks; unknown roles draw as "empty".
FILLS = {
    "hex": {"empty": "#d8ccaa", "tile": "#fbf5e3", "site": "#dcd4ee"},
    "triangle": {"empty": "#ffffff", "port": "#bfe0f5"},
    "rect": {"empty": "#eceff3", "tile": "#fbf5e3", "trigger": "#f2c14e"},
}
EDGE = QColor("#7d7563")
ACTIVE_EDGE = QColor("#1b7f2a")
ACTIVE_TRIANGLE_FILL = QColor("#ffe066")
LAST_MOVE_EDGE = QColor("#1f4e9c")  # the spaces of the computer's last move: a dashed blue edge
FLASH_EDGE = QColor("#e8590c")      # a space that just changed, shown one after another
# Seat colours (teal, amber, plum, slate, as the engine names them) and a shape per seat, so
# players can be told apart without colour vision too.
SEAT_COLOURS = ("#138a8a", "#d99100", "#8e3fa8", "#4f5d6e")
SEAT_SHAPES = ("circle", "square", "diamond", "triangle")
TEXT = QColor("#2b2a26")


def seat_colour(seat: int) -> QColor:
    return QColor(SEAT_COLOURS[seat % len(SEAT_COLOURS)])


def _shape_path(space: Mapping[str, Any]) -> QPainterPath:
    x, y, size = space["x"] * UNIT, space["y"] * UNIT, space["size"] * UNIT
    path = QPainterPath()
    if space["shape"] == "hex":  # pointy-top
        corners = [QPointF(x + size * math.cos(math.radians(60 * i - 90)),
                           y + size * math.sin(math.radians(60 * i - 90))) for i in range(6)]
        path.addPolygon(QPolygonF(corners))
        path.closeSubpath()
    elif space["shape"] == "triangle":
        start = -90 if space.get("points_up") else 90
        corners = [QPointF(x + size * math.cos(math.radians(start + 120 * i)),
                           y + size * math.sin(math.radians(start + 120 * i))) for i in range(3)]
        path.addPolygon(QPolygonF(corners))
        path.closeSubpath()
    else:
        path.addRoundedRect(QRectF(x - size, y - size, 2 * size, 2 * size), 6, 6)
    return path


class SpaceItem(QGraphicsPathItem):
    """One space: paints its shape with a fill and an edge; knows nothing of the game."""

    def __init__(self, space: Mapping[str, Any]) -> None:
        super().__init__(_shape_path(space))
        self.space_id: str = space["id"]
        self.shape_kind: str = space["shape"]
        self.setData(SPACE_KEY, self.space_id)
        self.setZValue(TRIANGLE_Z if self.shape_kind == "triangle" else SPACE_Z)
        self.fill_role = "empty"
        self.owner: int | None = None
        self.active = False
        self.last_move = False
        self.flashing = False
        self.name: str = str(space.get("name") or self.space_id)  # what the space is called
        self.setToolTip(self.name)
        self._restyle()

    def set_mark(self, fill_role: str, owner: int | None) -> None:
        if (fill_role, owner) != (self.fill_role, self.owner):
            self.fill_role, self.owner = fill_role, owner
            self._restyle()

    def set_flashing(self, on: bool) -> None:
        if on != self.flashing:
            self.flashing = on
            self._restyle()

    def set_last_move(self, on: bool) -> None:
        if on != self.last_move:
            self.last_move = on
            self._restyle()

    def set_active(self, active: bool) -> None:
        if active != self.active:
            self.active = active
            self._restyle()

    def _restyle(self) -> None:
        if self.owner is not None:
            fill = seat_colour(self.owner).lighter(175)
        else:
            fills = FILLS.get(self.shape_kind, FILLS["rect"])
            fill = QColor(fills.get(self.fill_role, fills["empty"]))
        if self.active and self.shape_kind == "triangle":
            fill = ACTIVE_TRIANGLE_FILL
        self.setBrush(QBrush(fill))
        if self.active:
            self.setPen(QPen(ACTIVE_EDGE, 4.0 if self.shape_kind == "hex" else 3.0))
        elif self.flashing:
            self.setPen(QPen(FLASH_EDGE, 5.0))
        elif self.last_move:
            self.setPen(QPen(LAST_MOVE_EDGE, 3.0, Qt.PenStyle.DashLine))
        else:
            self.setPen(QPen(seat_colour(self.owner) if self.owner is not None else EDGE,
                             3.0 if self.owner is not None else 1.2))
        self.setZValue((TRIANGLE_Z if self.shape_kind == "triangle" else SPACE_Z) + (0.5 if self.active else 0))


class TokenItem(QGraphicsItem):
    """A player's token (or a controller's badge): the seat's colour, shape and number."""

    def __init__(self, seat: int, centre: QPointF, radius: float, space: str | None,
                 medallion: bool = False) -> None:
        super().__init__()
        self.seat = seat
        self.radius = radius
        self.medallion = medallion  # a player's piece on the board (not a badge or a track marker)
        self.setPos(centre)
        self.setZValue(TOKEN_Z)
        if space is not None:  # a ghost following the pointer answers for no space
            self.setData(SPACE_KEY, space)

    def boundingRect(self) -> QRectF:
        r = self.radius + 2
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        r = self.radius
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#1d1d1d"), 1.5))
        paint_seat_token(painter, self.seat, r)


def paint_seat_token(painter: QPainter, seat: int, r: float) -> None:
    """A seat's token centred on (0, 0): its colour, its shape and its number (also used by the
    player boards, so a seat looks the same everywhere)."""
    painter.setBrush(QBrush(seat_colour(seat)))
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    if shape == "circle":
        painter.drawEllipse(QPointF(0, 0), r, r)
    elif shape == "square":
        painter.drawRect(QRectF(-r * 0.85, -r * 0.85, r * 1.7, r * 1.7))
    elif shape == "diamond":
        painter.drawPolygon(QPolygonF([QPointF(0, -r), QPointF(r, 0), QPointF(0, r), QPointF(-r, 0)]))
    else:
        painter.drawPolygon(QPolygonF([QPointF(0, -r), QPointF(r * 0.95, r * 0.7), QPointF(-r * 0.95, r * 0.7)]))
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(8, int(r * 1.1)))
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, str(seat + 1))


class LayoutScene:
    """Builds a layout into a scene and mirrors marks and highlights onto its items."""

    def __init__(self, scene: QGraphicsScene, layout: Mapping[str, Any], font: QFont) -> None:
        self.scene = scene
        self.layout = layout
        self.item_for_space: dict[str, SpaceItem] = {}
        self._spaces = {s["id"]: s for s in layout.get("spaces", [])}
        self._mark_items: list[QGraphicsItem] = []
        self._marks: Mapping[str, Any] = {}
        self._font = QFont(font)
        self._font.setPixelSize(12)
        scene.clear()
        for space in layout.get("spaces", []):
            item = SpaceItem(space)
            scene.addItem(item)
            self.item_for_space[space["id"]] = item
            if space.get("label"):
                self._label(space["label"], space, small=True, fixed=True)
        title_font = QFont(self._font)
        title_font.setPixelSize(15)
        title_font.setBold(True)
        for label in layout.get("labels", []):
            text = QGraphicsSimpleTextItem(label["text"])
            text.setFont(title_font)
            text.setBrush(QBrush(TEXT))
            text.setZValue(LABEL_Z)
            box = text.boundingRect()
            text.setPos(label["x"] * UNIT - box.width() / 2, label["y"] * UNIT - box.height() / 2)
            scene.addItem(text)
        bounds = scene.itemsBoundingRect()
        scene.setSceneRect(bounds.adjusted(-30, -30, 30, 30))

    def space_ids(self) -> list[str]:
        return list(self.item_for_space)

    def medallion_of(self, seat: int) -> TokenItem | None:
        return next((item for item in self._mark_items
                     if isinstance(item, TokenItem) and item.medallion and item.seat == seat), None)

    def apply_marks(self, marks: Mapping[str, Any]) -> None:
        """Redraw what lies on the spaces; only the mark layer is rebuilt."""
        if marks == self._marks:
            return
        self._marks = marks
        for item in self._mark_items:
            self.scene.removeItem(item)
        self._mark_items = []
        for space_id, item in self.item_for_space.items():
            mark = marks.get(space_id) or {}
            item.set_mark(str(mark.get("fill") or "empty"), mark.get("owner"))
            item.setToolTip(str(mark.get("name") or item.name))  # e.g. the tile on it, by name
            space = self._spaces[space_id]
            if mark.get("label"):
                self._label(str(mark["label"]), space, small=space["shape"] == "triangle")
            tokens = list(mark.get("tokens") or [])
            radius = space["size"] * UNIT * (0.5 if space["shape"] == "triangle" else 0.3)
            if space["shape"] == "rect" and space["size"] < SMALL_RECT:
                radius = space["size"] * UNIT * 0.6  # a marker on a track square: about its size
            for index, seat in enumerate(tokens):
                shift = (index - (len(tokens) - 1) / 2) * radius * 1.6
                dy = radius * 0.25 if space["shape"] == "triangle" and space.get("points_up") else (
                    -radius * 0.25 if space["shape"] == "triangle" else 0)
                self._add_mark(TokenItem(int(seat), QPointF(space["x"] * UNIT + shift, space["y"] * UNIT + dy),
                                         radius, space_id, medallion=space["shape"] == "triangle"))
            owner = mark.get("owner")
            if owner is not None and space["shape"] in ("hex", "rect"):
                badge = space["size"] * UNIT * (0.17 if space["shape"] == "hex" else 0.22)
                below = space["size"] * UNIT * (0.55 if space["shape"] == "hex" else 0.6)
                self._add_mark(TokenItem(int(owner), QPointF(space["x"] * UNIT, space["y"] * UNIT + below),
                                         badge, space_id))

    def show_last_move(self, spaces: Iterable[str]) -> None:
        spaces = set(spaces)
        for space_id, item in self.item_for_space.items():
            item.set_last_move(space_id in spaces)

    def highlight(self, active: Iterable[str]) -> None:
        active = set(active)
        for space_id, item in self.item_for_space.items():
            item.set_active(space_id in active)

    # -- helpers -------------------------------------------------------------------------------
    def _add_mark(self, item: QGraphicsItem) -> None:
        self.scene.addItem(item)
        self._mark_items.append(item)

    def _label(self, text: str, space: Mapping[str, Any], small: bool, fixed: bool = False) -> None:
        font = QFont(self._font)
        if small:
            font.setPixelSize(10)
        width = space["size"] * UNIT * (1.5 if space["shape"] == "hex" else 1.6)
        label = QGraphicsSimpleTextItem(_wrap(text, font, width))
        label.setFont(font)
        label.setBrush(QBrush(TEXT))
        label.setZValue(LABEL_Z)
        label.setData(SPACE_KEY, space["id"])
        box = label.boundingRect()
        x, y = space["x"] * UNIT, space["y"] * UNIT
        if space["shape"] == "triangle" and fixed:  # a start number beside its triangle's point
            y += space["size"] * UNIT * (0.2 if space.get("points_up") else -0.2)
        elif space["shape"] == "rect" and fixed:  # a slot number in its corner
            x -= space["size"] * UNIT * 0.7 - box.width() / 2
            y -= space["size"] * UNIT * 0.7 - box.height() / 2
        label.setPos(x - box.width() / 2, y - box.height() / 2)
        if fixed:  # under the tokens: a token standing on its start covers the number
            label.setBrush(QBrush(QColor("#6b604a")))
            label.setZValue(TOKEN_Z - 0.5)
            self.scene.addItem(label)
        else:
            self._add_mark(label)


def _wrap(text: str, font: QFont, width: float) -> str:
    """Break a name into lines no wider than ``width`` (at spaces)."""
    from PySide6.QtGui import QFontMetricsF
    metrics = QFontMetricsF(font)
    lines: list[str] = []
    for word in text.split():
        if lines and metrics.horizontalAdvance(lines[-1] + " " + word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)
