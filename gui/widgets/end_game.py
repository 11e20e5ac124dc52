"""The end-of-game screen: who won, the score breakdown (categories × seats, winners highlighted)
and the curve the game draws (each seat over the rounds). It gets plain data from the session and
knows no rules;
the plot (pyqtgraph) is built when the dialog opens, never at start-up. The game names the score
categories (`GameSession.final_scores`); on a language switch the main window hands the same game's
data over again in the new language."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEvent, Qt
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
    def __init__(self, scores: Mapping[str, Any], plot: Mapping[str, Any],
                 parent: QWidget | None = None, chances: Mapping[str, Any] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("end_game_dialog")
        self.resize(720, 640)
        self._layout = QVBoxLayout(self)
        self.summary = QLabel()
        self.summary.setObjectName("end_game_summary")
        self.summary.setWordWrap(True)
        font = QFont(self.summary.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.summary.setFont(font)
        self._layout.addWidget(self.summary)
        self.table = QTableWidget(self)
        self.table.setObjectName("end_game_table")
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # no current cell framed: nothing to pick here
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self._layout.addWidget(self.table)
        self.plot: QWidget | None = None
        self.chance_plot: QWidget | None = None   # the whole game's win chances, as estimated
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        self._layout.addWidget(buttons)
        self._names: dict[str, str] = {}
        self.retranslateUi()
        self.set_data(scores, plot, chances)

    def set_data(self, scores: Mapping[str, Any], plot: Mapping[str, Any],
                 chances: Mapping[str, Any] | None = None) -> None:
        """Show a finished game's scores (`GameSession.final_scores`), the game's curve
        (`GameSession.progress_plot`) and its win chances (`GameSession.win_chances`); called
        again with the same game in another language, it redraws everything in that language."""
        self.summary.setText(str(scores.get("text", "")))
        self._names = {str(k): str(v) for k, v in (scores.get("category_names") or {}).items()}
        self._fill_table(scores)
        if self.plot is not None:
            self._layout.removeWidget(self.plot)
            self.plot.deleteLater()
            self.plot = None
        series: Mapping[str, Sequence[float]] = plot.get("series") or {}
        if series and any(len(values) > 1 for values in series.values()):
            from .plots import build_score_plot
            self.plot = build_score_plot(series, self, str(plot.get("title", "")),
                                         str(plot.get("x_title", "")), str(plot.get("y_title", "")),
                                         plot.get("seats"))
            self.plot.setMinimumHeight(260)
            self._layout.insertWidget(2, self.plot, 1)
        self.set_chances(chances or {})

    def set_chances(self, chances: Mapping[str, Any]) -> None:
        """The whole game's win chances (`GameSession.win_chances`), under the game's own curve;
        drawn when they hold two points or more."""
        from .win_chances import build_chance_plot, has_curve, update_chance_plot
        if not has_curve(chances):
            if self.chance_plot is not None:
                self._layout.removeWidget(self.chance_plot)
                self.chance_plot.deleteLater()
                self.chance_plot = None
            return
        if self.chance_plot is None:
            self.chance_plot = build_chance_plot(chances, self)
            self.chance_plot.setMinimumHeight(220)
            self._layout.insertWidget(self._layout.count() - 1, self.chance_plot, 1)
        else:   # more points of the same game (estimated after its end), or another language
            update_chance_plot(self.chance_plot, chances)
        self.chance_plot.show()

    def category_name(self, key: str) -> str:
        """A score category's name as the game words it (unknown ones: the key in words)."""
        return self._names.get(key) or key.replace("_", " ").capitalize()

    def _fill_table(self, scores: Mapping[str, Any]) -> None:
        table = self.table
        seats = list(scores.get("seats") or [])
        rows = [(str(title), list(values)) for title, values in scores.get("rows") or []]
        categories = [] if rows else list(scores.get("categories") or [])
        if not categories and not rows and scores.get("totals") is not None:
            categories = [("total", list(scores["totals"]))]
        winners = set(scores.get("winners") or [])
        table.clear()
        table.setRowCount(len(rows) + len(categories))
        table.setColumnCount(len(seats))
        headers = [("★ " + name) if seat in winners else name for seat, name in enumerate(seats)]
        table.setHorizontalHeaderLabels(headers)
        table.setVerticalHeaderLabels([title for title, _ in rows]
                                      + [self.category_name(str(key)) for key, _ in categories])
        for row, (_title, texts) in enumerate(rows):  # the game's own words: a fate, a route
            for column, text in enumerate(texts):
                item = QTableWidgetItem(str(text))
                item.setToolTip(str(text))
                if column in winners:
                    item.setBackground(QBrush(WINNER_FILL))
                table.setItem(row, column, item)
        for row, (key, values) in enumerate(categories, start=len(rows)):
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
        table.setMinimumHeight(table.verticalHeader().length() + table.horizontalHeader().height() + 6)

    def value(self, category: str, seat: int) -> str:
        """The text shown for one category and seat (for tests and screen readers)."""
        for row in range(self.table.rowCount()):
            if self.table.verticalHeaderItem(row).text() == self.category_name(category):
                cell = self.table.item(row, seat)
                return cell.text() if cell is not None else ""  # a seat the category gave no value
        raise KeyError(category)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Game over"))
