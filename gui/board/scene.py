"""A board drawn from a game's layout data: one dumb item per space, marks and highlights on top.

`LayoutScene` fills a `QGraphicsScene` from the plain layout the controller hands over (spaces of
any shape of the presentation contract, `engine.core.table`: hexes, triangles, rects, polygons,
polylines; fixed labels and exit numbers; borders, lines that are no space) and keeps
`item_for_space`. It knows no rules and no
game: the marks (how each space looks now and the pieces on it, from a seat's view) and the
highlighted spaces come from the controller. Labels and pieces are top-level items on their own
layers, so a neighbouring space added later never paints over them (QT_NOTES, Graphics View).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

UNIT = 60.0  # scene pixels per layout unit, unless the layout names its own "scale"
SPACE_KEY = 0  # QGraphicsItem data slot holding a space id (shared with the view's click test)
PIECE_KEY = 1  # data slot holding a piece's id, for pieces one touches
LINE_Z, SPACE_Z, TOKEN_Z, LABEL_Z = -1.0, 0.0, 5.0, 10.0
BORDER_Z = 2.0  # borders lie over every space (lit ones too) and under the pieces and labels
TRIANGLE_Z = 1.0  # triangles sit on the hexes' corners
SMALL_RECT = 0.3  # rects smaller than this (track squares) get markers as big as the square

# How a game's looks (engine.core.table.LOOKS) are coloured; "plain" depends on the shape.
PLAIN = {"hex": "#d8ccaa", "triangle": "#ffffff", "rect": "#eceff3", "polygon": "#eceff3",
         "polyline": "#b9b4a6"}
LOOK_COLOURS = {
    "light": "#f7f5ef", "dark": "#4a4f57", "paper": "#fbf5e3", "sand": "#d8ccaa", "water": "#bfe0f5",
    "stone": "#c4c4bd", "gold": "#f2c14e", "red": "#e57368", "orange": "#f0a04b", "yellow": "#f2d65c",
    "green": "#6fbf73", "blue": "#6d9fd8", "purple": "#dcd4ee", "grey": "#a8a8a8", "danger": "#d9480f",
    "warning": "#f08c00", "good": "#2f9e44", "muted": "#e6e3dc",
}
EDGE = QColor("#7d7563")
ACTIVE_EDGE = QColor("#1b7f2a")
ACTIVE_TRIANGLE_FILL = QColor("#ffe066")
LAST_MOVE_EDGE = QColor("#1f4e9c")  # the spaces of the computer's last move: a dashed blue edge
FLASH_EDGE = QColor("#e8590c")      # a space that just changed, shown one after another
# Seat colours (teal, amber, plum, slate, brick, as the engines name them) and a shape per seat,
# so players can be told apart without colour vision too.
SEAT_COLOURS = ("#138a8a", "#d99100", "#8e3fa8", "#4f5d6e", "#b5432f")
SEAT_SHAPES = ("circle", "square", "diamond", "triangle", "hexagon")
NEUTRAL = QColor("#3d3d3d")  # a piece that belongs to no seat
TEXT = QColor("#2b2a26")
POLYGON_TINT = 0.4  # how much of its owner's colour an owned polygon (a region) takes


def look_colour(look: str | None, shape: str = "rect") -> QColor:
    """The colour of a look; "plain" and unknown looks take the shape's plain colour."""
    return QColor(LOOK_COLOURS.get(look or "plain") or PLAIN.get(shape, PLAIN["rect"]))


def seat_colour(seat: int) -> QColor:
    return QColor(SEAT_COLOURS[seat % len(SEAT_COLOURS)])


def _mix(base: QColor, tint: QColor, share: float) -> QColor:
    """``base`` with ``share`` of ``tint`` blended in."""
    return QColor(*(round(a * (1 - share) + b * share) for a, b in
                    ((base.red(), tint.red()), (base.green(), tint.green()), (base.blue(), tint.blue()))))


def _points(space: Mapping[str, Any], unit: float) -> list[QPointF]:
    return [QPointF(x * unit, y * unit) for x, y in space["points"]]


def _shape_path(space: Mapping[str, Any], unit: float = UNIT) -> QPainterPath:
    path = QPainterPath()
    shape = space["shape"]
    if shape in ("polygon", "polyline"):
        points = _points(space, unit)
        if shape == "polygon":
            path.addPolygon(QPolygonF(points))
            path.closeSubpath()
            return path
        line = QPainterPath(points[0])
        for point in points[1:]:
            line.lineTo(point)
        stroker = QPainterPathStroker()
        stroker.setWidth(float(space.get("width", 0.2)) * unit)
        stroker.setCapStyle(Qt.PenCapStyle.FlatCap)
        stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        return stroker.createStroke(line)
    x, y = space["x"] * unit, space["y"] * unit
    if shape == "hex":  # pointy-top
        size = space["size"] * unit
        corners = [QPointF(x + size * math.cos(math.radians(60 * i - 90)),
                           y + size * math.sin(math.radians(60 * i - 90))) for i in range(6)]
        path.addPolygon(QPolygonF(corners))
        path.closeSubpath()
    elif shape == "triangle":
        size = space["size"] * unit
        start = -90 if space.get("points_up") else 90
        corners = [QPointF(x + size * math.cos(math.radians(start + 120 * i)),
                           y + size * math.sin(math.radians(start + 120 * i))) for i in range(3)]
        path.addPolygon(QPolygonF(corners))
        path.closeSubpath()
    else:
        half_w, half_h = _half_size(space, unit)
        path.addRoundedRect(QRectF(x - half_w, y - half_h, 2 * half_w, 2 * half_h), 6, 6)
    return path


def _half_size(space: Mapping[str, Any], unit: float) -> tuple[float, float]:
    """Half the width and height of a rect space, in scene pixels."""
    if "w" in space:
        return space["w"] * unit / 2, space["h"] * unit / 2
    return space["size"] * unit, space["size"] * unit


def _centre(space: Mapping[str, Any], unit: float) -> QPointF:
    """Where a space's text and pieces go: its x, y, or the middle of its points."""
    if "x" in space:
        return QPointF(space["x"] * unit, space["y"] * unit)
    points = _points(space, unit)
    middle = points[len(points) // 2] if space["shape"] == "polyline" and len(points) % 2 else None
    if middle is not None:
        return middle
    return QPointF(sum(p.x() for p in points) / len(points), sum(p.y() for p in points) / len(points))


class SpaceItem(QGraphicsPathItem):
    """One space: paints its shape with a fill, an edge and bands for extra looks; knows nothing
    of the game."""

    def __init__(self, space: Mapping[str, Any], unit: float = UNIT) -> None:
        super().__init__(_shape_path(space, unit))
        self.space_id: str = space["id"]
        self.shape_kind: str = space["shape"]
        self.setData(SPACE_KEY, self.space_id)
        self._base_z = {"triangle": TRIANGLE_Z, "polyline": LINE_Z}.get(self.shape_kind, SPACE_Z)
        self.fill_role = "plain"
        self.looks: tuple[str, ...] = ()
        self.owner: int | None = None
        self.active = False
        self.last_move = False
        self.flashing = False
        self.name: str = str(space.get("name") or self.space_id)  # what the space is called
        self.setToolTip(self.name)
        self._restyle()

    def set_mark(self, fill_role: str, owner: int | None, looks: Sequence[str] = ()) -> None:
        if (fill_role, owner, tuple(looks)) != (self.fill_role, self.owner, self.looks):
            self.fill_role, self.owner, self.looks = fill_role, owner, tuple(looks)
            self._restyle()
            self.update()

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
        if self.owner is not None and self.shape_kind == "polygon":  # a big area: its ground, tinted
            fill = _mix(look_colour(self.fill_role, self.shape_kind), seat_colour(self.owner), POLYGON_TINT)
        elif self.owner is not None and self.shape_kind != "polyline":
            fill = seat_colour(self.owner).lighter(175)
        else:
            fill = look_colour(self.fill_role, self.shape_kind)
        if self.active and self.shape_kind in ("triangle", "polyline"):
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
        self.setZValue(self._base_z + (0.5 if self.active else 0))

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        super().paint(painter, option, widget)
        if not self.looks:
            return
        painter.save()
        painter.setClipPath(self.path())
        box = self.path().boundingRect()
        band = max(4.0, min(box.width(), box.height()) * 0.09)
        extras = [look for look in self.looks if look != "dark"]
        if "dark" in self.looks:  # no power, no light: the whole space shaded
            painter.fillPath(self.path(), QBrush(QColor(20, 24, 30, 110)))
        for index, look in enumerate(extras):  # one band per state along the bottom edge
            painter.fillRect(QRectF(box.left(), box.bottom() - band * (index + 1), box.width(), band),
                             look_colour(look))
        painter.restore()


class TokenItem(QGraphicsItem):
    """A piece on the board: a seat's figure (its colour, shape and number), a neutral figure or
    token with a short label, or a marker (a small flag in the owner's colour); a count above one
    shows as a badge."""

    def __init__(self, seat: int | None, centre: QPointF, radius: float, space: str | None,
                 kind: str = "figure", label: str | None = None, count: int = 1,
                 look: str | None = None, walks: bool = False, piece_id: str | None = None) -> None:
        super().__init__()
        self.seat = seat
        self.radius = radius
        self.kind = kind
        self.label = label
        self.count = count
        self.look = look
        self.walks = walks  # the owner drags it along a path of spaces
        self.piece_id = piece_id
        self.lit = False  # a click on it touches it now: a green ring
        self.setPos(centre)
        # a figure stands over tokens; a count's badge over the piece beside it
        self.setZValue(TOKEN_Z + (0.2 if kind == "figure" else 0) + (0.1 if count > 1 else 0))
        if space is not None:  # a ghost following the pointer answers for no space
            self.setData(SPACE_KEY, space)
        if piece_id is not None:
            self.setData(PIECE_KEY, piece_id)

    def set_lit(self, on: bool) -> None:
        if on != self.lit:
            self.lit = on
            self.update()

    def boundingRect(self) -> QRectF:
        r = self.radius + 2
        return QRectF(-r, -r, 2 * r + (r if self.count > 1 else 0), 2 * r)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        r = self.radius
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#1d1d1d"), 1.5))
        if self.kind == "marker":
            paint_marker(painter, self.seat, r, self.look)
        elif self.seat is not None and self.kind == "figure":
            paint_seat_token(painter, self.seat, r, self.label)
        elif self.seat is not None:
            paint_seat_disc(painter, self.seat, r, self.label)
        else:
            paint_neutral(painter, r, self.label, self.look, self.kind)
        if self.lit:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(ACTIVE_EDGE, 3.0))
            painter.drawEllipse(QPointF(0, 0), r + 1, r + 1)
        if self.count > 1:
            font = QFont(painter.font())
            font.setBold(True)
            font.setPixelSize(max(8, int(r * 0.8)))
            painter.setFont(font)
            badge = QRectF(r * 0.55, -r * 1.05, r * 1.1, r * 0.9)
            painter.setBrush(QBrush(QColor("#fffbe6")))
            painter.setPen(QPen(QColor("#1d1d1d"), 1))
            painter.drawRoundedRect(badge, 3, 3)
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, f"×{self.count}")


def paint_seat_token(painter: QPainter, seat: int, r: float, label: str | None = None) -> None:
    """A seat's token centred on (0, 0): its colour, its shape and its number (also used by the
    player boards, so a seat looks the same everywhere)."""
    painter.setBrush(QBrush(seat_colour(seat)))
    _seat_shape(painter, seat, r)
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(8, int(r * 1.1)))
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, label or str(seat + 1))


def paint_seat_disc(painter: QPainter, seat: int, r: float, label: str | None) -> None:
    """A token of a seat (not its figure): a white disc ringed in the seat's colour, its label in
    that colour, so a seat's tokens read as its own yet never as its figure, on any ground."""
    colour = seat_colour(seat)
    painter.setBrush(QBrush(QColor("#fffdf5")))
    painter.setPen(QPen(colour, max(2.0, r * 0.25)))
    painter.drawEllipse(QPointF(0, 0), r * 0.88, r * 0.88)
    if label:
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(max(7, int(r * (1.0 if len(label) < 2 else 0.75))))
        painter.setFont(font)
        painter.setPen(colour.darker(130))
        painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, label)


def _seat_shape(painter: QPainter, seat: int, r: float) -> None:
    shape = SEAT_SHAPES[seat % len(SEAT_SHAPES)]
    if shape == "circle":
        painter.drawEllipse(QPointF(0, 0), r, r)
    elif shape == "square":
        painter.drawRect(QRectF(-r * 0.85, -r * 0.85, r * 1.7, r * 1.7))
    elif shape == "diamond":
        painter.drawPolygon(QPolygonF([QPointF(0, -r), QPointF(r, 0), QPointF(0, r), QPointF(-r, 0)]))
    elif shape == "triangle":
        painter.drawPolygon(QPolygonF([QPointF(0, -r), QPointF(r * 0.95, r * 0.7),
                                       QPointF(-r * 0.95, r * 0.7)]))
    else:
        painter.drawPolygon(QPolygonF([QPointF(r * math.cos(math.radians(60 * i)),
                                               r * math.sin(math.radians(60 * i))) for i in range(6)]))


def paint_marker(painter: QPainter, seat: int | None, r: float, look: str | None) -> None:
    """A marker: the owner's shape and colour, small, on a white tile — so it never reads as a
    figure, and seats still differ by shape as well as colour. A marker of nobody: its look."""
    painter.setBrush(QBrush(QColor("white")))
    painter.drawRoundedRect(QRectF(-r * 0.9, -r * 0.9, r * 1.8, r * 1.8), 2, 2)
    painter.setPen(QPen(QColor("#1d1d1d"), 0.8))
    if seat is None:
        painter.setBrush(QBrush(look_colour(look, "rect")))
        painter.drawRect(QRectF(-r * 0.55, -r * 0.55, r * 1.1, r * 1.1))
        return
    painter.setBrush(QBrush(seat_colour(seat)))
    _seat_shape(painter, seat, r * 0.62)


def paint_neutral(painter: QPainter, r: float, label: str | None, look: str | None, kind: str) -> None:
    """A piece of nobody: a dark figure (an octagon) or a round token, with its short label."""
    fill = look_colour(look, "rect") if look else (NEUTRAL if kind == "figure" else QColor("#f4ecd8"))
    painter.setBrush(QBrush(fill))
    if kind == "figure":
        painter.drawPolygon(QPolygonF([QPointF(r * math.cos(math.radians(22.5 + 45 * i)),
                                               r * math.sin(math.radians(22.5 + 45 * i))) for i in range(8)]))
    else:
        painter.drawEllipse(QPointF(0, 0), r, r)
    if label:
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(max(7, int(r * (1.0 if len(label) < 2 else 0.75))))
        painter.setFont(font)
        painter.setPen(QColor("white") if fill.lightness() < 128 else TEXT)
        painter.drawText(QRectF(-r, -r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, label)


class LayoutScene:
    """Builds a layout into a scene and mirrors marks and highlights onto its items."""

    def __init__(self, scene: QGraphicsScene, layout: Mapping[str, Any], font: QFont) -> None:
        self.scene = scene
        self.layout = layout
        self.unit = float(layout.get("scale", UNIT))
        self.item_for_space: dict[str, SpaceItem] = {}
        self._spaces = {s["id"]: s for s in layout.get("spaces", [])}
        self._mark_items: list[QGraphicsItem] = []
        self._marks: Mapping[str, Any] = {}
        self._font = QFont(font)
        self._font.setPixelSize(12)
        scene.clear()
        for space in layout.get("spaces", []):
            item = SpaceItem(space, self.unit)
            scene.addItem(item)
            self.item_for_space[space["id"]] = item
            if space.get("label"):
                self._label(space["label"], space, small=True, fixed=True)
            for exit_ in space.get("exits", []):
                self._exit(exit_, space["id"])
        for border in layout.get("borders", []):
            self._border(border)
        title_font = QFont(self._font)
        title_font.setPixelSize(15)
        title_font.setBold(True)
        for label in layout.get("labels", []):
            text = QGraphicsSimpleTextItem(label["text"])
            text.setFont(title_font)
            text.setBrush(QBrush(TEXT))
            text.setZValue(LABEL_Z)
            box = text.boundingRect()
            text.setPos(label["x"] * self.unit - box.width() / 2, label["y"] * self.unit - box.height() / 2)
            scene.addItem(text)
        bounds = scene.itemsBoundingRect()
        scene.setSceneRect(bounds.adjusted(-30, -30, 30, 30))

    def space_ids(self) -> list[str]:
        return list(self.item_for_space)

    def walker_of(self, seat: int) -> TokenItem | None:
        """The piece ``seat`` walks along paths, if it is on the board."""
        return next((item for item in self._mark_items
                     if isinstance(item, TokenItem) and item.walks and item.seat == seat), None)

    def pieces(self) -> list[TokenItem]:
        return [item for item in self._mark_items if isinstance(item, TokenItem)]

    def piece_item(self, piece_id: str) -> TokenItem | None:
        """The drawn piece with id ``piece_id``, if it is on the board."""
        return next((item for item in self.pieces() if item.piece_id == piece_id), None)

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
            item.set_mark(str(mark.get("fill") or "plain"), mark.get("owner"), mark.get("looks") or ())
            item.setToolTip(str(mark.get("tip") or item.name))  # e.g. the tile on it, by name
            space = self._spaces[space_id]
            if mark.get("label"):
                self._label(str(mark["label"]), space, small=space["shape"] in ("triangle", "polyline"))
            self._place_pieces(space, mark.get("pieces") or [])

    def _place_pieces(self, space: Mapping[str, Any], pieces: Sequence[Mapping[str, Any]]) -> None:
        """Figures and tokens in a row through the middle, markers in a row below it."""
        if not pieces:
            return
        unit, shape = self.unit, space["shape"]
        centre = _centre(space, unit)
        if shape in ("hex", "triangle"):
            size = space["size"] * unit
        elif shape == "rect":
            size = min(_half_size(space, unit))
        else:
            box = self.item_for_space[space["id"]].path().boundingRect()
            size = max(12.0, min(box.width(), box.height()) / 2)
        radius = size * (0.5 if shape == "triangle" else 0.3)
        small = shape == "rect" and "w" not in space and space["size"] < SMALL_RECT
        if small:
            radius = space["size"] * unit * 0.6  # a marker on a track square: about its size
        elif shape in ("polygon", "polyline", "rect"):
            radius = min(radius, 14.0)
        dy = radius * 0.25 if shape == "triangle" and space.get("points_up") else (
            -radius * 0.25 if shape == "triangle" else 0)
        standing = [p for p in pieces if p["kind"] != "marker" or small]
        markers = [p for p in pieces if p["kind"] == "marker" and not small]
        rows = [(standing, dy, radius), (markers, size * (0.55 if shape == "hex" else 0.6),
                                         size * (0.17 if shape == "hex" else 0.22) if shape in ("hex", "rect")
                                         and "w" not in space else radius * 0.7)]
        width = _half_size(space, unit)[0] if shape == "rect" else size  # a wide room fits more in a row
        for row, shift_y, r in rows:
            wide = shape in ("rect", "polygon")
            per_row = max(1, int((width * 1.8) // (r * 2.2))) if wide else len(row) or 1
            for index, piece in enumerate(row):
                line, column = divmod(index, per_row)
                in_line = min(per_row, len(row) - line * per_row)
                shift_x = (column - (in_line - 1) / 2) * r * 2.2
                at = QPointF(centre.x() + shift_x, centre.y() + shift_y + line * r * 2.2)
                token = TokenItem(piece.get("owner"), at, r, space["id"], kind=piece["kind"],
                                  label=piece.get("label"), count=int(piece.get("count", 1)),
                                  look=piece.get("look"), walks=bool(piece.get("walks")),
                                  piece_id=piece.get("id"))
                if piece.get("tip"):
                    token.setToolTip(str(piece["tip"]))
                self._add_mark(token)

    def show_last_move(self, spaces: Iterable[str]) -> None:
        spaces = set(spaces)
        for space_id, item in self.item_for_space.items():
            item.set_last_move(space_id in spaces)

    def highlight(self, active: Iterable[str]) -> None:
        active = set(active)
        for space_id, item in self.item_for_space.items():
            item.set_active(space_id in active)

    def highlight_pieces(self, active: set[str]) -> set[str]:
        """Ring the pieces whose ids are in ``active``; the ids of those lit."""
        lit = set()
        for piece in self.pieces():
            on = piece.piece_id is not None and piece.piece_id in active
            piece.set_lit(on)
            if on:
                lit.add(str(piece.piece_id))
        return lit

    # -- helpers -------------------------------------------------------------------------------
    def _border(self, border: Mapping[str, Any]) -> None:
        """A line over the spaces that is no space (a ridge between two regions): drawn thick and
        dark, answering for nothing — a click or a hover there is one on the space below."""
        points = [QPointF(x * self.unit, y * self.unit) for x, y in border["points"]]
        path = QPainterPath(points[0])
        for point in points[1:]:
            path.lineTo(point)
        line = QGraphicsPathItem(path)
        colour = QColor(LOOK_COLOURS.get(str(border.get("look") or "dark"), LOOK_COLOURS["dark"]))
        pen = QPen(colour, float(border.get("width", 0.1)) * self.unit)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        line.setPen(pen)
        line.setZValue(BORDER_Z)
        line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        line.setAcceptHoverEvents(False)
        self.scene.addItem(line)

    def _add_mark(self, item: QGraphicsItem) -> None:
        self.scene.addItem(item)
        self._mark_items.append(item)

    def _exit(self, exit_: Mapping[str, Any], space: str) -> None:
        """A number where a line meets a space (an exit): small, answering for its space."""
        font = QFont(self._font)
        font.setPixelSize(10)
        font.setBold(True)
        text = QGraphicsSimpleTextItem(str(exit_["text"]))
        text.setFont(font)
        text.setBrush(QBrush(TEXT))
        text.setZValue(LABEL_Z)
        text.setData(SPACE_KEY, space)
        box = text.boundingRect()
        text.setPos(exit_["x"] * self.unit - box.width() / 2, exit_["y"] * self.unit - box.height() / 2)
        self.scene.addItem(text)

    def _label(self, text: str, space: Mapping[str, Any], small: bool, fixed: bool = False) -> None:
        font = QFont(self._font)
        if small:
            font.setPixelSize(10)
        unit, shape = self.unit, space["shape"]
        if shape in ("hex", "triangle"):
            width = space["size"] * unit * (1.5 if shape == "hex" else 1.6)
        elif shape == "rect":
            width = _half_size(space, unit)[0] * 1.6
        else:
            width = max(60.0, self.item_for_space[space["id"]].path().boundingRect().width() * 0.8)
        label = QGraphicsSimpleTextItem(_wrap(text, font, width))
        label.setFont(font)
        label.setBrush(QBrush(TEXT))
        label.setZValue(LABEL_Z)
        label.setData(SPACE_KEY, space["id"])
        box = label.boundingRect()
        centre = _centre(space, unit)
        x, y = centre.x(), centre.y()
        if shape == "triangle" and fixed:  # a start number beside its triangle's point
            y += space["size"] * unit * (0.2 if space.get("points_up") else -0.2)
        elif shape == "rect" and fixed:  # a slot number in its corner
            half_w, half_h = _half_size(space, unit)
            x -= half_w * 0.7 - box.width() / 2
            y -= half_h * 0.7 - box.height() / 2
        elif shape == "rect" and "w" in space:  # a name at the top of a big rect, pieces below
            y -= _half_size(space, unit)[1] * 0.55
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
