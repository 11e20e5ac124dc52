"""View ▸ Win Chances: each seat's chance to win after each command, as the search estimates it,
drawn live as one line per seat. The data comes from the session as plain numbers
(`GameSession.win_chances`); pyqtgraph is imported when the plot is first drawn, never at
start-up, and the plot is redrawn only while the dock shows."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDockWidget, QLabel, QVBoxLayout, QWidget

CHANCE_RANGE = (0.0, 100.0)   # percent


def has_curve(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` (`GameSession.win_chances`) holds a line to draw: two points or more."""
    return len(data.get("x") or []) > 1


def build_chance_plot(data: Mapping[str, Any], parent: QWidget | None = None) -> QWidget:
    """The win-chance plot of ``data`` (`GameSession.win_chances`): a line per seat, 0–100 %."""
    from .plots import build_score_plot
    return build_score_plot(data.get("series") or {}, parent, str(data.get("title", "")),
                            str(data.get("x_title", "")), str(data.get("y_title", "")), data.get("seats"),
                            data.get("x"), CHANCE_RANGE, name="win_chance_plot")


def update_chance_plot(plot: QWidget, data: Mapping[str, Any]) -> None:
    """Draw a plot `build_chance_plot` made again from ``data``: its lines and its words."""
    from .plots import set_lines
    set_lines(plot, data.get("series") or {}, data.get("seats"), data.get("x"))
    plot.setTitle(str(data.get("title", "")), color="k")  # type: ignore[attr-defined]
    plot.setLabel("bottom", str(data.get("x_title", "")), color="k")  # type: ignore[attr-defined]
    plot.setLabel("left", str(data.get("y_title", "")), color="k")  # type: ignore[attr-defined]
    xs = list(data.get("x") or [])
    axis = plot.getAxis("bottom")  # type: ignore[attr-defined]
    if xs and max(xs) - min(xs) > 30:
        axis.setTickSpacing()       # a long game: pyqtgraph's own spacing again
    else:
        axis.setTickSpacing(5, 1)   # whole commands


class WinChanceDock(QDockWidget):
    """The live win-chance plot beside the board."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("win_chance_dock")
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        body = QWidget(self)
        self._layout = QVBoxLayout(body)
        self._layout.setContentsMargins(4, 4, 4, 4)
        self.empty_label = QLabel(body)
        self.empty_label.setObjectName("win_chance_empty")
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._layout.addWidget(self.empty_label)
        self.plot: QWidget | None = None
        self.setWidget(body)
        self.setMinimumHeight(180)
        self._data: Mapping[str, Any] = {}
        self._drawn: Mapping[str, Any] | None = None
        self.retranslateUi()

    def set_chances(self, data: Mapping[str, Any]) -> None:
        """The chances so far (`GameSession.win_chances`); drawn now if the dock shows, else when it does."""
        self._data = data
        if self.isVisible():
            self._draw()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._draw()

    def _draw(self) -> None:
        data = self._data
        if data is self._drawn:
            return
        self._drawn = data
        shown = has_curve(data)
        self.empty_label.setVisible(not shown)
        if not shown:
            if self.plot is not None:
                self.plot.hide()
            return
        if self.plot is None:
            self.plot = build_chance_plot(data, self.widget())
            self._layout.addWidget(self.plot, 1)
        else:
            update_chance_plot(self.plot, data)
        self.plot.show()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Win Chances"))
        self.empty_label.setText(self.tr("Each player's chance to win shows here after the first moves, "
                                         "as the computer estimates it from what everyone can see."))
