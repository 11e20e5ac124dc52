"""Zones of pieces, as a game's table describes them (`engine.core.table`): each zone a titled
grid of its items — a power zone, an attribute, a card — with the item's words on hover. Used by
the player boards, the shared table and the hand. Nothing here knows a game or a rule.

A piece can be dragged onto another piece or onto the board, or clicked; the controller asks the
engine what that means. Pieces that can be picked up now look raised; while one is carried, the
places it may be dropped are lit.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QPoint, QPointF, Qt, Signal
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QMouseEvent,
    QPainter,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import QApplication, QGridLayout, QLabel, QScrollArea, QSizePolicy, QWidget

from gui.dragdrop import piece_of, start_piece_drag

TOKEN_PX = 22
CARD_WIDTH = 150  # a card of a hand: wide enough for a few lines of its words
PIECE_MIN_WIDTH = 84  # a compact piece: narrower, and a two-word title breaks a letter a line


def escape(text: str, quote: bool = True) -> str:
    """`html.escape`, imported when a board is first drawn: html loads its entity table (~2 ms)."""
    from html import escape as html_escape
    return html_escape(text, quote)


def seat_pixmap(seat: int, size: int = TOKEN_PX) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(QPointF(size / 2, size / 2))
    from gui.board.scene import paint_seat_token  # the board's items load with the first board drawn
    paint_seat_token(painter, seat, size / 2 - 2)
    painter.end()
    return pixmap


PIECE_STYLE = {  # (can be picked up or clicked, may be dropped on) -> look
    (False, False): "border: 1px solid #c9c4b5; background: #faf8f2;",
    (True, False): "border: 2px solid #8a7f62; background: #fffdf5;",
    (False, True): "border: 2px solid #1b7f2a; background: #dcefdc;",
    (True, True): "border: 2px solid #1b7f2a; background: #dcefdc;",
}


class PieceLabel(QLabel):
    """One piece of a player board (a power zone, an attribute, a card): shows its words, can be
    dragged when the game offers something for it, and takes drops of other pieces."""

    picked = Signal(str)          # this piece was picked up
    dropped = Signal(str, str)    # (piece dropped here, this piece)
    released = Signal()           # the drag that picked this piece up is over
    clicked = Signal(str)         # a click (press and release without a drag) on this piece

    def __init__(self, piece: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.piece = piece
        self.setObjectName(f"piece_{piece}")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setAcceptDrops(True)
        self.draggable = False
        self.clickable = False
        self.lit = False
        self._pressed_at: QPoint | None = None
        self._restyle()

    def set_state(self, draggable: bool, lit: bool, clickable: bool = False) -> None:
        if (draggable, lit, clickable) != (self.draggable, self.lit, self.clickable):
            self.draggable, self.lit, self.clickable = draggable, lit, clickable
            self._restyle()

    def _restyle(self) -> None:
        look = PIECE_STYLE[(self.draggable or self.clickable, self.lit)]
        self.setStyleSheet(f"PieceLabel {{ {look} border-radius: 4px; padding: 2px 4px; }}")
        self.setCursor(Qt.CursorShape.OpenHandCursor if self.draggable else
                       Qt.CursorShape.PointingHandCursor if self.clickable else Qt.CursorShape.ArrowCursor)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and (self.draggable or self.clickable):
            self._pressed_at = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pressed = self._pressed_at
        if pressed is None or not event.buttons() & Qt.MouseButton.LeftButton or not self.draggable:
            return
        if (event.position().toPoint() - pressed).manhattanLength() < QApplication.startDragDistance():
            return
        self._pressed_at = None
        self.picked.emit(self.piece)
        try:
            start_piece_drag(self, self.piece, self.grab())
        finally:
            self.released.emit()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        pressed, self._pressed_at = self._pressed_at, None
        super().mouseReleaseEvent(event)
        if pressed is not None and event.button() == Qt.MouseButton.LeftButton and self.clickable:
            self.clicked.emit(self.piece)   # no drag started: a click

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self._accept_other_piece(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self._accept_other_piece(event)

    def _accept_other_piece(self, event: QDragMoveEvent) -> None:
        """Any piece but this one may be dropped here (QDragEnterEvent is a QDragMoveEvent)."""
        if piece_of(event.mimeData()) not in (None, self.piece):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        piece = piece_of(event.mimeData())
        if piece is None or piece == self.piece:
            event.ignore()
            return
        event.acceptProposedAction()
        self.dropped.emit(piece, self.piece)


class ZoneGrid(QWidget):
    """Zones as titled grids of pieces; ``cards`` draws every item as a card with its words
    showing (a hand), else as a compact piece (its title and value; words on hover)."""

    picked = Signal(str)
    dropped = Signal(str, str)
    released = Signal()
    clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None, cards: bool = False) -> None:
        super().__init__(parent)
        self.cards = cards
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 2, 0, 2)
        self.grid.setSpacing(3)
        self.pieces: dict[str, PieceLabel] = {}
        self.titles: list[QLabel] = []
        self._zones: list[Mapping[str, Any]] = []
        self._fit = 0           # compact pieces that fit side by side in the width we have
        self._state: tuple[set[str], set[str], set[str]] = (set(), set(), set())

    def _fitting_columns(self) -> int:
        """How many compact pieces fit side by side in the width one sees: that of the scrolled
        dock when there is one, less its scroll bar whether it shows or not (reflowing to the grid's
        own width, which may be wider, or to a width the scroll bar takes and gives back, would
        reflow again, round and round)."""
        width = self.width()
        area = self._scroll_area()
        if area is not None:
            bar = area.verticalScrollBar().sizeHint().width()
            width = min(width, area.width() - 2 * area.frameWidth() - bar)
        return max(1, (width + self.grid.spacing()) // (PIECE_MIN_WIDTH + self.grid.spacing()))

    def _scroll_area(self) -> QScrollArea | None:
        parent = self.parentWidget()
        while parent is not None and not isinstance(parent, QScrollArea):
            parent = parent.parentWidget()
        return parent

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if not self.cards and self._fitting_columns() != self._fit and self._zones:
            self._build(self._zones)   # reflow: fewer columns in a narrow dock, more in a wide one
            self.set_state(*self._state)

    def set_zones(self, zones: Sequence[Mapping[str, Any]]) -> None:
        """Show these zones (only those with items); rebuilt only when they changed."""
        zones = [z for z in zones if z.get("items")]
        if zones == self._zones:
            return
        self._build(zones)

    def _build(self, zones: list[Mapping[str, Any]]) -> None:
        self._zones = zones
        self._fit = self._fitting_columns()
        for widget in [*self.pieces.values(), *self.titles]:
            self.grid.removeWidget(widget)
            widget.hide()  # at once: deleteLater waits for the event loop
            widget.deleteLater()
        self.pieces, self.titles = {}, []
        row = 0
        for zone in zones:
            columns = len(zone["items"]) if self.cards else min(int(zone.get("columns", 3)), self._fit)
            heading = QLabel(escape(str(zone["title"]), False), self)
            heading.setObjectName(f"zone_{zone['id']}")
            heading.setStyleSheet("QLabel { color: #5b5648; font-weight: bold; }")
            heading.setToolTip(str(zone.get("tip") or ""))
            heading.setWordWrap(True)   # a long title breaks into lines instead of widening the grid
            self.titles.append(heading)
            if self.cards and len(zones) == 1:
                heading.hide()  # one hand: the dock's own title names it
            else:
                self.grid.addWidget(heading, row, 0, 1, max(1, columns))
                row += 1
            for index, item in enumerate(zone["items"]):
                piece = PieceLabel(item["id"], self)
                piece.picked.connect(self.picked)
                piece.dropped.connect(self.dropped)
                piece.released.connect(self.released)
                piece.clicked.connect(self.clicked)
                piece.setText(card_words(item) if self.cards else item_words(item))
                piece.setToolTip(item_tip(item))
                if self.cards:
                    piece.setFixedWidth(CARD_WIDTH)
                    piece.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
                    piece.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
                self.grid.addWidget(piece, row + index // columns, index % columns)
                self.pieces[item["id"]] = piece
            row += (len(zone["items"]) + columns - 1) // columns
        if self.cards:  # cards keep their width, side by side from the left
            widest = max((len(z["items"]) for z in zones), default=0)
            for column in range(widest + 1):
                self.grid.setColumnStretch(column, 1 if column == widest else 0)
        self.setVisible(bool(self.pieces))

    def set_state(self, sources: Iterable[str], targets: Iterable[str],
                  clickable: Iterable[str] = ()) -> None:
        sources, targets, clickable = set(sources), set(targets), set(clickable)
        self._state = (sources, targets, clickable)
        for name, piece in self.pieces.items():
            piece.set_state(name in sources, name in targets, name in clickable)

    def text(self) -> str:
        titles = " ".join(t.text() for t in self.titles)
        return titles + " " + " ".join(p.text().replace("<br>", " ") for p in self.pieces.values())


def item_words(item: Mapping[str, Any]) -> str:
    """An item's face as rich text: its title (in its look's colour) and its value below;
    a face-down item shows only its title, greyed."""
    from gui.board.scene import LOOK_COLOURS
    title = escape(str(item["title"]), quote=False)
    look = item.get("look")
    if look in LOOK_COLOURS and look not in ("plain", "light", "paper", "muted"):
        title = f"<span style='color:{readable(LOOK_COLOURS[look])}'>{title}</span>"
    if item.get("face_up") is False:
        title = f"<span style='color:#777'>▮ {title}</span>"
    value = item.get("value")
    return f"{title}<br><b>{escape(str(value))}</b>" if value else title


def item_tip(item: Mapping[str, Any]) -> str:
    """What hovering an item shows: its tip, else its title and text."""
    if item.get("tip"):
        tip = str(item["tip"])
        return f"{tip}\n{item['text']}" if item.get("text") and str(item["text"]) not in tip else tip
    return "\n".join(str(part) for part in (item["title"], item.get("text")) if part)


def readable(colour: str) -> str:
    """A look's colour darkened enough to read as text on a light board."""
    from PySide6.QtGui import QColor
    shade = QColor(colour)
    return shade.darker(140).name() if shade.lightness() > 140 else shade.name()


def card_words(item: Mapping[str, Any]) -> str:
    """A card of a hand: its title in bold, its value, and its words below."""
    words = item_words(item).replace("<br>", " ", 1) if item.get("value") else item_words(item)
    text = escape(str(item.get("text") or ""), False).replace("\n", "<br>")
    return f"<b>{words}</b>" + (f"<br><small>{text}</small>" if text else "")


