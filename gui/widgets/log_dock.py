"""The log dock: what happened, one line per event, and a line to type a command into."""
from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QDockWidget, QLineEdit, QListWidget, QVBoxLayout, QWidget

MAX_LINES = 5000  # a very long game must not make the list slow


class LogDock(QDockWidget):
    command_entered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("log_dock")  # saveState() needs a name to restore the dock
        self.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
                             | Qt.DockWidgetArea.BottomDockWidgetArea)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.lines = QListWidget(body)
        self.lines.setObjectName("log_lines")
        self.lines.setWordWrap(True)
        self.lines.setAlternatingRowColors(True)
        self.command_line = QLineEdit(body)
        self.command_line.setObjectName("command_line")
        self.command_line.setClearButtonEnabled(True)
        self.command_line.returnPressed.connect(self._on_return_pressed)
        layout.addWidget(self.lines)
        layout.addWidget(self.command_line)
        self.setWidget(body)
        self.retranslateUi()

    def set_lines(self, lines: Iterable[str]) -> None:
        self.lines.clear()
        self.append_lines(lines)

    def append_lines(self, lines: Iterable[str]) -> None:
        self.lines.addItems(list(lines))
        overflow = self.lines.count() - MAX_LINES
        for _ in range(max(0, overflow)):
            self.lines.takeItem(0)
        self.lines.scrollToBottom()

    def line_texts(self) -> list[str]:
        return [self.lines.item(i).text() for i in range(self.lines.count())]

    def set_command_entry_enabled(self, enabled: bool) -> None:
        self.command_line.setEnabled(enabled)

    def _on_return_pressed(self) -> None:
        text = self.command_line.text().strip()
        if text:
            self.command_line.clear()
            self.command_entered.emit(text)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Log"))
        self.command_line.setPlaceholderText(self.tr("Type a command and press Enter"))
        self.command_line.setToolTip(self.tr("Commands use the game's notation, for example: pass"))
