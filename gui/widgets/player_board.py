"""Player boards: one compact panel per player, drawn from the plain data the controller builds
from the viewer's VIEW (`GameSession.seat_summaries`), so nothing hidden can show here.

The viewing seat's board is full (power, attributes, tableau, secret quest); the others are a
short summary. Each board carries the seat's token — colour, shape and number — as on the board.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QDockWidget, QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from gui.board.scene import paint_seat_token, seat_colour
from gui.widgets.docks import side_dock_body

ATTRIBUTE_COLOURS = {"S": "#c0392b", "K": "#2e6fba", "I": "#c9a200", "C": "#e07b00", "W": "#2f9a48",
                     "V": "#8e44ad"}
TOKEN_PX = 22


def seat_pixmap(seat: int, size: int = TOKEN_PX) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(QPointF(size / 2, size / 2))
    paint_seat_token(painter, seat, size / 2 - 2)
    painter.end()
    return pixmap


class PlayerBoard(QFrame):
    """One player's board; `full` shows everything the viewer may see, else a summary."""

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
        layout.addWidget(self.body)
        self.seat = -1
        self.summary: Mapping[str, Any] = {}
        self.full = False
        self.name = ""

    def show_summary(self, name: str, summary: Mapping[str, Any], full: bool) -> None:
        self.seat, self.summary, self.full, self.name = int(summary["seat"]), summary, full, name
        self.setObjectName(f"player_board_{self.seat}")
        colour = seat_colour(self.seat).name()
        self.setStyleSheet(f"PlayerBoard {{ border: 2px solid {colour}; border-radius: 4px; }}")
        self.token.setPixmap(seat_pixmap(self.seat))
        self.retranslateUi()

    def text(self) -> str:
        """Everything the board shows, as plain text (for tests and accessibility)."""
        return f"{self.title.text()} {self.honor.text()} {self.body.text()}"

    def retranslateUi(self) -> None:
        s = self.summary
        if not s:
            return
        side = self.tr("vindicated") if s["vindicated"] else self.tr("wretched")
        self.title.setText(self.tr("<b>{player}</b> — {character} ({side})").format(
            player=escape(self.name), character=escape(s["character"]), side=side))
        self.honor.setText(self.tr("Honor <b>{honor}</b>").format(honor=s["honor"]))
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
        lines = [self._power(), self._attributes(True), self._mount()]
        none = self.tr("none")

        def listed(title: str, items: Sequence[str]) -> str:
            return f"<b>{title}</b> {escape(', '.join(items), quote=False) if items else none}"

        lines.append(listed(self.tr("Companions:"), [
            self.tr("{name} ({n} blocks)").format(name=name, n=n) if n else name for name, n in s["companions"]]))
        lines.append(listed(self.tr("Relics:"), [
            self.tr("{name} ({n} charges)").format(name=name, n=n) for name, n in s["relics"]]))
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
            self._layout.insertWidget(len(self.boards), board)
            self.boards.append(board)
        for board, (name, summary) in zip(self.boards, ordered):
            board.show_summary(name, summary, full=summary["seat"] == viewer)

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
