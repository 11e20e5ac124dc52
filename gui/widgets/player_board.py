"""Player boards: one compact panel per player, drawn from the plain data the controller builds
from the viewer's VIEW (`GameSession.seat_summaries`), so nothing hidden can show here.

The viewing seat's board is full (power, attributes, tableau, secret quest); the others are a
short summary. Each board carries the seat's token — colour, shape and number — as on the board.

On the full board the power zones, attributes, companions and relics are pieces: a block can be
dragged from one to another (or onto the island), and the controller asks the engine what that
means. Pieces that can be picked up now look raised; while one is carried, the places it may be
dropped are lit.
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

ATTRIBUTE_COLOURS = {"S": "#c0392b", "K": "#2e6fba", "I": "#c9a200", "C": "#e07b00", "W": "#2f9a48",
                     "V": "#8e44ad"}
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
    """One player's board; `full` shows everything the viewer may see, else a summary."""

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
        self.honor = QLabel(self)
        self.honor.setObjectName("honor")
        top.addWidget(self.token)
        top.addWidget(self.title, 1)
        top.addWidget(self.honor)
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
        self.seat = -1
        self.summary: Mapping[str, Any] = {}
        self.full = False
        self.name = ""

    def show_summary(self, name: str, summary: Mapping[str, Any], full: bool) -> None:
        self.seat, self.summary, self.full, self.name = int(summary["seat"]), summary, full, name
        self.setObjectName(f"player_board_{self.seat}")
        from gui.board.scene import seat_colour
        colour = seat_colour(self.seat).name()
        self.setStyleSheet(f"PlayerBoard {{ border: 2px solid {colour}; border-radius: 4px; }}")
        self.token.setPixmap(seat_pixmap(self.seat))
        self.retranslateUi()

    def text(self) -> str:
        """Everything the board shows, as plain text (for tests and accessibility)."""
        pieces = " ".join(p.text().replace("<br>", " ") for p in self.pieces.values())
        return f"{self.title.text()} {self.honor.text()} {pieces} {self.body.text()}".replace("  ", " ")

    def piece(self, name: str) -> PieceLabel | None:
        return self.pieces.get(name)

    def _piece_texts(self) -> list[tuple[str, str, int, int]]:
        """(piece, words, row, column) for every piece of the full board."""
        s = self.summary
        names = {"potential": self.tr("Potential"), "influence": self.tr("Influence"),
                 "conviction": self.tr("Conviction")}
        found = [(zone, f"{names.get(zone, zone)}<br><b>{n}</b>", 0, column)
                 for column, (zone, n) in enumerate(s["power"])]
        for index, (kind, name, n, tiles) in enumerate(s["attributes"]):
            tile = self.tr(" +{n}▣").format(n=tiles) if tiles else ""
            colour = ATTRIBUTE_COLOURS.get(kind, "#333")
            found.append((f"attr:{kind}", f"<span style='color:{colour}'>{escape(name)}<br><b>{n}</b>{tile}</span>",
                          1 + index // 3, index % 3))
        row = 3
        side = self.tr("vindicated") if s["vindicated"] else self.tr("wretched")
        cards = [("character", f"<b>{escape(s['character'])}</b><br>{side}")]
        cards += [(f"companion:{card}", self.tr("{name} ({n} blocks)").format(name=escape(name), n=n) if n
                  else escape(name)) for card, (name, n) in zip(s.get("companion_ids", []), s["companions"])]
        cards += [(f"relic:{card}", self.tr("{name} ({n} charges)").format(name=escape(name), n=n))
                  for card, (name, n) in zip(s.get("relic_ids", []), s["relics"])]
        for index, (piece, words) in enumerate(cards):
            found.append((piece, words, row + index // 3, index % 3))
        return found

    def _rebuild_pieces(self) -> None:
        wanted = self._piece_texts() if self.full else []
        if [w[0] for w in wanted] != list(self.pieces):
            for piece in self.pieces.values():
                self.pieces_grid.removeWidget(piece)
                piece.hide()
                piece.deleteLater()
            self.pieces = {}
            for name, _words, row, column in wanted:
                piece = PieceLabel(name, self.pieces_box)
                piece.picked.connect(self.piece_picked)
                piece.dropped.connect(self.piece_dropped)
                piece.released.connect(self.piece_released)
                piece.clicked.connect(self.piece_clicked)
                self.pieces_grid.addWidget(piece, row, column)
                self.pieces[name] = piece
        for name, words, _row, _column in wanted:
            self.pieces[name].setText(words)
        self.pieces_box.setVisible(bool(self.pieces))

    def retranslateUi(self) -> None:
        s = self.summary
        if not s:
            return
        side = self.tr("vindicated") if s["vindicated"] else self.tr("wretched")
        self.title.setText(self.tr("<b>{player}</b> — {character} ({side})").format(
            player=escape(self.name), character=escape(s["character"]), side=side))
        self.honor.setText(self.tr("Honor <b>{honor}</b>").format(honor=s["honor"]))
        self._rebuild_pieces()
        self.body.setText(self._details() if self.full else self._compact())

    def _power(self) -> str:
        names = {"potential": self.tr("Potential"), "influence": self.tr("Influence"),
                 "conviction": self.tr("Conviction")}
        return " · ".join(f"{names.get(zone, zone)} <b>{n}</b>" for zone, n in self.summary["power"])

    def _attributes(self, with_names: bool) -> str:
        cells = []
        for kind, name, n, tiles in self.summary["attributes"]:
            word = escape(name) if with_names else kind
            tile = self.tr(" +{n}▣").format(n=tiles) if tiles else ""
            cells.append(f"<span style='color:{ATTRIBUTE_COLOURS.get(kind, '#333')}'>{word} <b>{n}</b>{tile}</span>")
        return "&nbsp; ".join(cells)

    def _mount(self) -> str:
        s = self.summary
        return self.tr("Mount: {name} (rank {rank}, speed {speed})").format(
            name=escape(s["mount_name"]), rank=s["mount"], speed=s["speed"])

    def _details(self) -> str:
        s = self.summary
        lines = [self._mount()]  # power, attributes and cards are the pieces above
        none = self.tr("none")

        def listed(title: str, items: Sequence[str]) -> str:
            return f"<b>{title}</b> {escape(', '.join(items), quote=False) if items else none}"

        if not s["companions"] and not s["relics"]:
            lines.append(listed(self.tr("Companions:"), []))
        lines.append(listed(self.tr("Traits:"), s["traits"]))
        lines.append(listed(self.tr("Monsters:"), s["monsters"]))
        if s["runes"] or s["rune_map"]:
            runes = list(s["runes"]) + ([self.tr("a rune map")] if s["rune_map"] else [])
            lines.append(listed(self.tr("Runes:"), runes))
        if s["quest"]:
            lines.append(listed(self.tr("Secret quest:"), [s["quest"]]))
        return "<br>".join(lines)

    def _compact(self) -> str:
        s = self.summary
        counts = self.tr("{companions} companions · {relics} relics · {traits} traits · {monsters} monsters").format(
            companions=len(s["companions"]), relics=len(s["relics"]), traits=len(s["traits"]),
            monsters=len(s["monsters"]))
        extra = self.tr(" · {n} runes").format(n=len(s["runes"])) if s["runes"] else ""
        return "<br>".join([self._power(), self._attributes(False), counts + extra,
                            self.tr("Mount rank {rank}").format(rank=s["mount"])])


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
        """(seat name, summary) per player; the viewer's board comes first, in full."""
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
            board.show_summary(name, summary, full=summary["seat"] == viewer)

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
