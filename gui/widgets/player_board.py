"""Player boards: one panel per player, drawn from the boards of the game's table
(`engine.core.table`), which the controller builds from the viewer's VIEW — so nothing hidden
can show here, and nothing here knows which game it is.

The viewing seat's board is full: each zone's items are pieces (a power zone, an attribute, a
card) with their words on hover. The others show one line per zone. Each board carries the
seat's token — colour, shape and number — as on the board.

A piece can be dragged onto another piece or onto the board, or clicked; the controller asks
the engine what that means. Pieces that can be picked up now look raised; while one is carried,
the places it may be dropped are lit.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent, QPainter, QPixmap
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from gui.dragdrop import piece_of, start_piece_drag
from gui.widgets.docks import side_dock_body

TOKEN_PX = 22


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
        if piece_of(event.mimeData()) not in (None, self.piece):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self.dragEnterEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        piece = piece_of(event.mimeData())
        if piece is None or piece == self.piece:
            event.ignore()
            return
        event.acceptProposedAction()
        self.dropped.emit(piece, self.piece)


class PlayerBoard(QFrame):
    """One player's board as the game describes it (`engine.core.table`: a title, a score, zones
    of items, notes); `full` shows each zone's items as pieces one can drag, click or hover (the
    viewer's own board), else one line per zone."""

    piece_picked = Signal(str)
    piece_dropped = Signal(str, str)
    piece_released = Signal()
    piece_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        top = QHBoxLayout()
        self.token = QLabel(self)
        self.title = QLabel(self)
        self.title.setWordWrap(True)
        self.score = QLabel(self)
        self.score.setObjectName("score")
        top.addWidget(self.token)
        top.addWidget(self.title, 1)
        top.addWidget(self.score)
        layout.addLayout(top)
        self.body = QLabel(self)
        self.body.setObjectName("board_body")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.pieces_box = QWidget(self)
        self.pieces_box.setObjectName("pieces")
        self.pieces_grid = QGridLayout(self.pieces_box)
        self.pieces_grid.setContentsMargins(0, 2, 0, 2)
        self.pieces_grid.setSpacing(3)
        layout.addWidget(self.pieces_box)
        layout.addWidget(self.body)
        self.pieces: dict[str, PieceLabel] = {}
        self._zone_titles: list[QLabel] = []
        self.seat = -1
        self.board: Mapping[str, Any] = {}
        self.full = False
        self.name = ""

    def show_board(self, name: str, board: Mapping[str, Any], full: bool) -> None:
        if (name, board, full) == (self.name, self.board, self.full):
            return
        self.seat, self.board, self.full, self.name = int(board["seat"]), board, full, name
        self.setObjectName(f"player_board_{self.seat}")
        from gui.board.scene import seat_colour
        colour = seat_colour(self.seat).name()
        self.setStyleSheet(f"PlayerBoard {{ border: 2px solid {colour}; border-radius: 4px; }}")
        self.token.setPixmap(seat_pixmap(self.seat))
        self.retranslateUi()

    def text(self) -> str:
        """Everything the board shows, as plain text (for tests and accessibility)."""
        pieces = " ".join(p.text().replace("<br>", " ") for p in self.pieces.values())
        zones = " ".join(t.text() for t in self._zone_titles)
        words = f"{self.title.text()} {self.score.text()} {zones} {pieces} {self.body.text()}"
        return words.replace("  ", " ")

    def tooltips(self) -> list[str]:
        """Every tooltip the board holds (what hovering shows), for tests."""
        return [self.toolTip(), self.title.toolTip()] + [p.toolTip() for p in self.pieces.values()]

    def piece(self, name: str) -> PieceLabel | None:
        return self.pieces.get(name)

    def _rebuild_pieces(self) -> None:
        """One titled grid of pieces per zone that shows its items."""
        zones = [z for z in self.board.get("zones", []) if z.get("items")] if self.full else []
        for piece in self.pieces.values():
            self.pieces_grid.removeWidget(piece)
            piece.hide()  # at once: deleteLater waits for the event loop
            piece.deleteLater()
        for title in self._zone_titles:
            self.pieces_grid.removeWidget(title)
            title.hide()
            title.deleteLater()
        self.pieces, self._zone_titles = {}, []
        row = 0
        for zone in zones:
            columns = int(zone.get("columns", 3))
            heading = QLabel(escape(str(zone["title"]), False), self.pieces_box)
            heading.setObjectName(f"zone_{zone['id']}")
            heading.setStyleSheet("QLabel { color: #5b5648; font-weight: bold; }")
            heading.setToolTip(str(zone.get("tip") or ""))
            self.pieces_grid.addWidget(heading, row, 0, 1, max(1, columns))
            self._zone_titles.append(heading)
            row += 1
            for index, item in enumerate(zone["items"]):
                piece = PieceLabel(item["id"], self.pieces_box)
                piece.picked.connect(self.piece_picked)
                piece.dropped.connect(self.piece_dropped)
                piece.released.connect(self.piece_released)
                piece.clicked.connect(self.piece_clicked)
                piece.setText(_item_words(item))
                piece.setToolTip(_item_tip(item))
                self.pieces_grid.addWidget(piece, row + index // columns, index % columns)
                self.pieces[item["id"]] = piece
            row += (len(zone["items"]) + columns - 1) // columns
        self.pieces_box.setVisible(bool(self.pieces))

    def retranslateUi(self) -> None:
        b = self.board
        if not b:
            return
        self.title.setText(f"<b>{escape(self.name, False)}</b> — {escape(str(b.get('title', '')), False)}")
        self.score.setText(f"<b>{escape(str(b.get('score', '')), False)}</b>")
        self._rebuild_pieces()
        lines = [self._zone_line(z) for z in b.get("zones", []) if not (self.full and z.get("items"))]
        lines += [escape(str(note), False) for note in b.get("notes", [])]
        self.body.setText("<br>".join(line for line in lines if line))

    def _zone_line(self, zone: Mapping[str, Any]) -> str:
        """A zone in one line: its items' words, or how many it holds, or none."""
        items = zone.get("items") or []
        if items:
            words = " · ".join(_item_words(i).replace("<br>", " ") for i in items)
        elif zone.get("count") is not None:
            words = self.tr("{n} face down").format(n=zone["count"]) if zone["count"] else self.tr("none")
        else:
            words = self.tr("none")
        return f"<b>{escape(str(zone['title']), False)}:</b> {words}"


def _item_words(item: Mapping[str, Any]) -> str:
    """An item's face as rich text: its title (in its look's colour) and its value below;
    a face-down item shows only its title, greyed."""
    from gui.board.scene import LOOK_COLOURS
    title = escape(str(item["title"]), quote=False)
    look = item.get("look")
    if look in LOOK_COLOURS and look not in ("plain", "light", "paper", "muted"):
        title = f"<span style='color:{_readable(LOOK_COLOURS[look])}'>{title}</span>"
    if item.get("face_up") is False:
        title = f"<span style='color:#777'>▮ {title}</span>"
    value = item.get("value")
    return f"{title}<br><b>{escape(str(value))}</b>" if value else title


def _item_tip(item: Mapping[str, Any]) -> str:
    """What hovering an item shows: its tip, else its title and text."""
    if item.get("tip"):
        tip = str(item["tip"])
        return f"{tip}\n{item['text']}" if item.get("text") and str(item["text"]) not in tip else tip
    return "\n".join(str(part) for part in (item["title"], item.get("text")) if part)


def _readable(colour: str) -> str:
    """A look's colour darkened enough to read as text on a light board."""
    from PySide6.QtGui import QColor
    shade = QColor(colour)
    return shade.darker(140).name() if shade.lightness() > 140 else shade.name()


class PlayerBoardsDock(QDockWidget):
    """Every player's board, the viewer's first and in full."""

    piece_picked = Signal(str)         # a piece of the viewer's board was picked up
    piece_dropped = Signal(str, str)   # (piece, the piece it was dropped on)
    piece_released = Signal()          # the drag is over (dropped anywhere, or given up)
    piece_clicked = Signal(str)        # a click on a piece of the viewer's board

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._body, self._layout = side_dock_body(self, "player_boards_dock", margins=4)
        self._layout.addStretch(1)
        self.setMinimumWidth(300)
        self.boards: list[PlayerBoard] = []
        self.retranslateUi()

    def set_boards(self, boards: Sequence[tuple[str, Mapping[str, Any]]], viewer: int | None) -> None:
        """(seat name, board) per player; the viewer's board comes first, in full."""
        ordered = sorted(boards, key=lambda b: (b[1]["seat"] != viewer, b[1]["seat"]))
        while len(self.boards) > len(ordered):
            board = self.boards.pop()
            self._layout.removeWidget(board)
            board.hide()  # at once: deleteLater waits for the event loop
            board.deleteLater()
        while len(self.boards) < len(ordered):
            board = PlayerBoard(self._body)
            board.piece_picked.connect(self.piece_picked)
            board.piece_dropped.connect(self.piece_dropped)
            board.piece_released.connect(self.piece_released)
            board.piece_clicked.connect(self.piece_clicked)
            self._layout.insertWidget(len(self.boards), board)
            self.boards.append(board)
        for board, (name, summary) in zip(self.boards, ordered):
            board.show_board(name, summary, full=summary["seat"] == viewer)

    def set_drag_state(self, sources: set[str], targets: set[str], clickable: set[str] = frozenset()) -> None:
        """Raise the pieces that can be picked up or clicked now and light those a carried piece
        may be dropped on (only the full board — the viewer's — has pieces)."""
        for board in self.boards:
            for name, piece in board.pieces.items():
                piece.set_state(name in sources, name in targets, name in clickable)

    def board_for(self, seat: int) -> PlayerBoard | None:
        return next((b for b in self.boards if b.seat == seat), None)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Players"))
        for board in self.boards:
            board.retranslateUi()
