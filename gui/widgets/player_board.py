"""Player boards: one panel per player, drawn from the boards of the game's table
(`engine.core.table`), which the controller builds from the viewer's VIEW — so nothing hidden
can show here, and nothing here knows which game it is.

The viewing seat's board is full: each zone's items are pieces (a power zone, an attribute, a
card) with their words on hover. The others show one line per zone, and as pieces only what the
viewer may touch there now (a token of theirs a rule lets the viewer look at). Each board carries
the seat's token — colour, shape and number — as on the board.

A piece can be dragged onto another piece or onto the board, or clicked; the controller asks
the engine what that means. Pieces that can be picked up now look raised; while one is carried,
the places it may be dropped are lit.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from gui.widgets.docks import side_dock_body
from gui.widgets.zones import PieceLabel, ZoneGrid, escape, item_words, seat_pixmap


class PlayerBoard(QFrame):
    """One player's board as the game describes it (`engine.core.table`: a title, a score, zones
    of items, notes); `full` shows each zone's items as pieces one can drag, click or hover (the
    viewer's own board; its hand zones show in the hand dock instead), else one line per zone."""

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
        self.zones = ZoneGrid(self)
        self.zones.setObjectName("pieces")
        self.zones.picked.connect(self.piece_picked)
        self.zones.dropped.connect(self.piece_dropped)
        self.zones.released.connect(self.piece_released)
        self.zones.clicked.connect(self.piece_clicked)
        layout.addWidget(self.zones)
        layout.addWidget(self.body)
        self.seat = -1
        self.board: Mapping[str, Any] = {}
        self.full = False
        self.name = ""

    @property
    def pieces(self) -> dict[str, PieceLabel]:
        return self.zones.pieces

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
        words = f"{self.title.text()} {self.score.text()} {self.zones.text()} {self.body.text()}"
        return words.replace("  ", " ")

    def tooltips(self) -> list[str]:
        """Every tooltip the board holds (what hovering shows), for tests."""
        return [self.toolTip(), self.title.toolTip()] + [p.toolTip() for p in self.pieces.values()]

    def piece(self, name: str) -> PieceLabel | None:
        return self.pieces.get(name)

    def show_touchable(self, things: set[str]) -> None:
        """Another seat's board: show as pieces the items among ``things`` (what the viewer may
        touch or drop on now), none when there are none."""
        zones = [{**zone, "items": [i for i in zone.get("items") or () if i["id"] in things]}
                 for zone in self.board.get("zones", [])]
        self.zones.set_zones([z for z in zones if z["items"]])

    def _shown_zones(self) -> list[Mapping[str, Any]]:
        """The zones drawn here: a full board leaves its hand to the hand dock."""
        return [z for z in self.board.get("zones", []) if not (self.full and z.get("hand"))]

    def retranslateUi(self) -> None:
        b = self.board
        if not b:
            return
        self.title.setText(f"<b>{escape(self.name, False)}</b> — {escape(str(b.get('title', '')), False)}")
        self.score.setText(f"<b>{escape(str(b.get('score', '')), False)}</b>")
        zones = self._shown_zones()
        self.zones.set_zones(zones if self.full else [])
        lines = [self._zone_line(z) for z in zones if not (self.full and z.get("items"))]
        lines += [escape(str(note), False) for note in b.get("notes", [])]
        self.body.setText("<br>".join(line for line in lines if line))

    def _zone_line(self, zone: Mapping[str, Any]) -> str:
        """A zone in one line: its items' words, or how many it holds, or none."""
        items = zone.get("items") or []
        if items:
            words = " · ".join(item_words(i).replace("<br>", " ") for i in items)
        elif zone.get("count") is not None:
            words = self.tr("{n} face down").format(n=zone["count"]) if zone["count"] else self.tr("none")
        else:
            words = self.tr("none")
        return f"<b>{escape(str(zone['title']), False)}:</b> {words}"


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
        self.setMinimumWidth(240)
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

    def set_drag_state(self, sources: set[str], targets: set[str],
                       clickable: AbstractSet[str] = frozenset()) -> None:
        """Raise the pieces that can be picked up or clicked now and light those a carried piece
        may be dropped on (only the full board — the viewer's — has pieces)."""
        for board in self.boards:
            if not board.full:
                board.show_touchable(sources | targets | clickable)
            board.zones.set_state(sources, targets, clickable)

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
