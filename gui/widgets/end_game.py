"""The end-of-game screen: who won, the score breakdown (categories × seats, winners highlighted)
and each seat's honor over the rounds. It gets plain data from the session and knows no rules;
the plot (pyqtgraph) is built when the dialog opens, never at start-up."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

WINNER_FILL = QColor("#fff1c2")


class EndGameDialog(QDialog):
    def __init__(self, scores: Mapping[str, Any], honor: Mapping[str, Sequence[float]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("end_game_dialog")
        self.setWindowTitle(self.tr("Game over"))
        self.resize(720, 640)
        layout = QVBoxLayout(self)
        self.summary = QLabel(str(scores.get("text", "")))
        self.summary.setObjectName("end_game_summary")
        self.summary.setWordWrap(True)
        font = QFont(self.summary.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.summary.setFont(font)
        layout.addWidget(self.summary)
        self.table = self._build_table(scores)
        layout.addWidget(self.table)
        self.plot: QWidget | None = None
        if honor and any(len(values) > 1 for values in honor.values()):
            from .plots import build_score_plot
            self.plot = build_score_plot(honor, self, self.tr("Honor at the end of each round"))
            self.plot.setMinimumHeight(260)
            layout.addWidget(self.plot, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def category_name(self, key: str) -> str:
        """A score category's name in the current language (unknown ones: the key in words)."""
        names = {"before": self.tr("Honor before scoring"), "monsters": self.tr("Monsters"),
                 "quest": self.tr("Secret quest"), "regions": self.tr("Controlled regions"),
                 "villages": self.tr("Villages"), "mastery": self.tr("Mastery"), "total": self.tr("Total")}
        return names.get(key, key.replace("_", " ").capitalize())

    def _build_table(self, scores: Mapping[str, Any]) -> QTableWidget:
        seats = list(scores.get("seats") or [])
        categories = list(scores.get("categories") or [])
        if not categories and scores.get("totals") is not None:
            categories = [("total", list(scores["totals"]))]
        winners = set(scores.get("winners") or [])
        table = QTableWidget(len(categories), len(seats), self)
        table.setObjectName("end_game_table")
        table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        headers = [("★ " + name) if seat in winners else name for seat, name in enumerate(seats)]
        table.setHorizontalHeaderLabels(headers)
        table.setVerticalHeaderLabels([self.category_name(str(key)) for key, _ in categories])
        for row, (key, values) in enumerate(categories):
            for column, value in enumerate(values):
                item = QTableWidgetItem(f"{value:g}" if isinstance(value, float) else str(value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if column in winners:
                    item.setBackground(QBrush(WINNER_FILL))
                if key == "total" or column in winners:
                    bold = QFont(item.font())
                    bold.setBold(True)
                    item.setFont(bold)
                table.setItem(row, column, item)
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        table.setMinimumHeight(table.verticalHeader().length() + table.horizontalHeader().height() + 6)
        return table

    def value(self, category: str, seat: int) -> str:
        """The text shown for one category and seat (for tests and screen readers)."""
        for row in range(self.table.rowCount()):
            if self.table.verticalHeaderItem(row).text() == self.category_name(category):
                return self.table.item(row, seat).text()
        raise KeyError(category)
