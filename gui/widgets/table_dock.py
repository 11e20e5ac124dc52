"""The shared table and the viewer's hand, as the game describes them (`engine.core.table`).

`TableDock` shows what belongs to nobody — the status line, the tracks (a round, a clock, a
power level) and the shared zones (decks and discard piles with their counts, a market, a
foe's board) — and `HandDock` the viewer's cards in hand along the bottom, each with its words,
ready to be dragged onto the board or clicked. Both are built from the viewer's view only and
know no game.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QDockWidget, QLabel, QScrollArea, QWidget

from gui.widgets.docks import side_dock_body
from gui.widgets.zones import ZoneGrid, escape, readable


def _face(die: Mapping[str, Any]) -> str:
    """A die's face as rich text, coloured by its look (``danger``, ``good``; ``muted`` greyed)."""
    from gui.board.scene import LOOK_COLOURS
    face = escape(str(die["face"]), False)
    look = die.get("look")
    if look == "muted":
        return f"<span style='color:#777'>{face}</span>"
    if look in LOOK_COLOURS and look not in ("plain", "light", "paper"):
        return f"<span style='color:{readable(LOOK_COLOURS[look])}'>{face}</span>"
    return face


class PieceDock(QDockWidget):
    """A dock whose zone grids' pieces act like a board's: it passes their signals on."""

    piece_picked = Signal(str)
    piece_dropped = Signal(str, str)
    piece_released = Signal()
    piece_clicked = Signal(str)

    def relay(self, grid: ZoneGrid) -> None:
        grid.picked.connect(self.piece_picked)
        grid.dropped.connect(self.piece_dropped)
        grid.released.connect(self.piece_released)
        grid.clicked.connect(self.piece_clicked)


class TableDock(PieceDock):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._body, self._layout = side_dock_body(self, "table_dock", margins=6)
        self.status = QLabel(self._body)
        self.status.setObjectName("table_status")
        self.status.setWordWrap(True)
        self.tracks = QLabel(self._body)
        self.tracks.setObjectName("table_tracks")
        self.tracks.setWordWrap(True)
        self.tracks.setTextFormat(Qt.TextFormat.RichText)
        self.dice = QLabel(self._body)
        self.dice.setObjectName("table_dice")
        self.dice.setWordWrap(True)
        self.dice.setTextFormat(Qt.TextFormat.RichText)
        self.dice.hide()
        self.counts = QLabel(self._body)
        self.counts.setObjectName("table_counts")
        self.counts.setWordWrap(True)
        self.counts.setTextFormat(Qt.TextFormat.RichText)
        self.zones = ZoneGrid(self._body)
        self.relay(self.zones)
        for widget in (self.status, self.tracks, self.dice, self.counts, self.zones):
            self._layout.addWidget(widget)
        self._layout.addStretch(1)
        self.setMinimumWidth(200)
        self._table: Mapping[str, Any] = {}
        self.retranslateUi()

    def set_table(self, table: Mapping[str, Any]) -> None:
        """The status, tracks and shared zones of a table description; hidden when it has none."""
        self._table = table
        self.status.setText(str(table.get("status") or ""))
        self.status.setVisible(bool(table.get("status")))
        self.tracks.setText("<br>".join(_track_line(t) for t in table.get("tracks") or []))
        self.tracks.setVisible(bool(table.get("tracks")))
        shared = list(table.get("shared") or [])
        self.zones.set_zones(shared)
        counted = [z for z in shared if not z.get("items")]
        self.counts.setText("<br>".join(self._count_line(z) for z in counted))
        self.counts.setVisible(bool(counted))
        self.counts.setToolTip("\n".join(str(z.get("tip") or "") for z in counted if z.get("tip")))

    def set_dice(self, dice: Sequence[Mapping[str, Any]]) -> None:
        """The dice the last command rolled: who, which die, the face (in its look's colour, when
        the die has one: a critical hit, a die that deals nothing)."""
        lines = [self.tr("{who}: {die} — <b>{face}</b>").format(
            who=escape(str(d.get("who") or ""), False), die=escape(str(d["title"]), False),
            face=_face(d)) if d.get("who") else
            f"{escape(str(d['title']), False)} — <b>{_face(d)}</b>" for d in dice]
        self.dice.setText(self.tr("Last roll:") + "<br>" + "<br>".join(lines) if lines else "")
        self.dice.setVisible(bool(lines))

    def has_contents(self) -> bool:
        """Whether there is anything to show: the table's status, tracks or shared zones, or dice."""
        t = self._table
        return bool(t.get("status") or t.get("tracks") or t.get("shared") or self.dice.text())

    def set_state(self, sources: Iterable[str], targets: Iterable[str],
                  clickable: Iterable[str] = ()) -> None:
        self.zones.set_state(sources, targets, clickable)

    def text(self) -> str:
        return " ".join([self.status.text(), self.tracks.text(), self.dice.text(), self.counts.text(),
                         self.zones.text()])

    def _count_line(self, zone: Mapping[str, Any]) -> str:
        count = zone.get("count")
        words = self.tr("none") if not count else self.tr("{n} cards").format(n=count)
        return f"<b>{escape(str(zone['title']), False)}:</b> {words}"

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Table"))
        if self._table:
            self.set_table(self._table)


def _track_line(track: Mapping[str, Any]) -> str:
    """A track as words and a bar of its steps: "Time 9 ▰▰▰▰▰▰▰▰▰▱▱▱▱▱▱ (0–15)"."""
    value, low, high = int(track["value"]), track.get("low"), track.get("high")
    title = f"<b>{escape(str(track['title']), False)}</b> {value}"
    if low is None or high is None or not int(low) <= value <= int(high) or int(high) - int(low) > 40:
        return title
    steps = int(high) - int(low)
    done = value - int(low)
    return (f"{title} <span style='color:#1b7f2a'>{'▰' * done}</span>"
            f"<span style='color:#bbb'>{'▱' * (steps - done)}</span>")


class HandDock(PieceDock):
    """The viewer's cards in hand, along the bottom of the window."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hand_dock")
        self.setAllowedAreas(Qt.DockWidgetArea.BottomDockWidgetArea
                             | Qt.DockWidgetArea.TopDockWidgetArea)
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.cards = ZoneGrid(scroll, cards=True)
        self.cards.setObjectName("hand_cards")
        self.relay(self.cards)
        scroll.setWidget(self.cards)
        scroll.setMinimumHeight(150)  # a card's title, cost and a few lines of its words
        scroll.setMaximumHeight(230)
        self.setWidget(scroll)
        self.retranslateUi()

    def set_boards(self, boards: Sequence[Mapping[str, Any]], viewer: int | None) -> None:
        """Show the hand zones of the viewer's board; the dock hides when there are none."""
        own = next((b for b in boards if b.get("seat") == viewer), None)
        hands = [z for z in (own or {}).get("zones", []) if z.get("hand")]
        self.cards.set_zones(hands)
        self.setVisible(any(z.get("items") for z in hands))

    def set_state(self, sources: Iterable[str], targets: Iterable[str],
                  clickable: Iterable[str] = ()) -> None:
        self.cards.set_state(sources, targets, clickable)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Hand"))
