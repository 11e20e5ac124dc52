"""The log dock: what happened, one line per event, and a line to type a command into.

Lines can be narrowed to one player's (lines that belong to nobody, such as a round starting,
always show); each line's tooltip names the rule it comes from, and clicking a line shows that
rule under the list, as a link to its text in the rules reference (so does a line's context menu
and a double click: `rule_requested`).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from gui.controller.types import LogEntry
from gui.widgets import rule_links

MAX_LINES = 5000  # a very long game must not make the list slow
ALL_SEATS = -1  # the filter's data for "All players"
ENTRY_ROLE = Qt.ItemDataRole.UserRole  # each line keeps its `LogEntry`


class LogDock(QDockWidget):
    command_entered = Signal(str)
    rule_requested = Signal(str)  # the player asked to read a line's rule

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("log_dock")  # saveState() needs a name to restore the dock
        self.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea
                             | Qt.DockWidgetArea.BottomDockWidgetArea)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.seat_filter = QComboBox(body)
        self.seat_filter.setObjectName("log_filter")
        self.seat_filter.addItem("", ALL_SEATS)
        self.seat_filter.currentIndexChanged.connect(self._apply_filter)
        self.lines = QListWidget(body)
        self.lines.setObjectName("log_lines")
        self.lines.setWordWrap(True)
        self.lines.setAlternatingRowColors(True)
        self.lines.currentItemChanged.connect(self._show_rule)
        self.lines.itemClicked.connect(self._show_rule)
        self.lines.itemActivated.connect(self._open_rule_of)
        self.lines.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.lines.customContextMenuRequested.connect(self._line_menu)
        self.rule_label = QLabel(body)
        self.rule_label.setObjectName("log_rule")
        self.rule_label.setWordWrap(True)
        self.rule_label.setTextFormat(Qt.TextFormat.RichText)
        self.rule_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.rule_label.linkActivated.connect(self._on_rule_link)
        self.command_line = QLineEdit(body)
        self.command_line.setObjectName("command_line")
        self.command_line.setClearButtonEnabled(True)
        self.command_line.returnPressed.connect(self._on_return_pressed)
        layout.addWidget(self.seat_filter)
        layout.addWidget(self.lines)
        layout.addWidget(self.rule_label)
        layout.addWidget(self.command_line)
        self.setWidget(body)
        self.retranslateUi()

    # -- the lines -----------------------------------------------------------------------------
    def set_entries(self, entries: Iterable[LogEntry | str]) -> None:
        self.lines.clear()
        self.append_entries(entries)
        self._show_rule(self.lines.currentItem())

    def append_entries(self, entries: Iterable[LogEntry | str]) -> None:
        """Add lines at the end; plain strings are lines of nobody's with no rule."""
        seat = self.filter_seat()
        for entry in entries:
            if not isinstance(entry, LogEntry):
                entry = LogEntry(str(entry))
            item = QListWidgetItem(entry.text)
            item.setData(ENTRY_ROLE, entry)
            if entry.rule:
                item.setToolTip(self._rule_words(entry))
            self.lines.addItem(item)
            item.setHidden(not _shows(entry, seat))
        overflow = self.lines.count() - MAX_LINES
        for _ in range(max(0, overflow)):
            self.lines.takeItem(0)
        self.lines.scrollToBottom()

    # plain lines (and `set_lines([])` to empty the log) work as before
    set_lines = set_entries
    append_lines = append_entries

    def entries(self) -> list[LogEntry]:
        return [self.lines.item(i).data(ENTRY_ROLE) for i in range(self.lines.count())]

    def line_texts(self) -> list[str]:
        return [self.lines.item(i).text() for i in range(self.lines.count())]

    def visible_line_texts(self) -> list[str]:
        """The lines the filter lets through."""
        return [self.lines.item(i).text() for i in range(self.lines.count()) if not self.lines.item(i).isHidden()]

    # -- the filter ----------------------------------------------------------------------------
    def set_seat_names(self, names: Sequence[str]) -> None:
        """One filter item per seat, after "All players"; the chosen seat stays chosen."""
        seat = self.filter_seat()
        self.seat_filter.blockSignals(True)
        while self.seat_filter.count() > 1:
            self.seat_filter.removeItem(1)
        for index, name in enumerate(names):
            self.seat_filter.addItem(name, index)
        self.seat_filter.setCurrentIndex(seat + 1 if 0 <= seat < len(names) else 0)
        self.seat_filter.blockSignals(False)
        self._apply_filter()

    def filter_seat(self) -> int:
        """The seat whose lines are shown, or `ALL_SEATS`."""
        seat = self.seat_filter.currentData()
        return seat if isinstance(seat, int) else ALL_SEATS

    def set_filter_seat(self, seat: int) -> None:
        index = self.seat_filter.findData(seat)
        self.seat_filter.setCurrentIndex(max(0, index))

    def _apply_filter(self) -> None:
        seat = self.filter_seat()
        for i in range(self.lines.count()):
            item = self.lines.item(i)
            item.setHidden(not _shows(item.data(ENTRY_ROLE), seat))

    # -- the rule of a line --------------------------------------------------------------------
    def _rule_words(self, entry: LogEntry) -> str:
        if entry.rule_title:
            return self.tr("Rule {rule} — {title}").format(rule=entry.rule, title=entry.rule_title)
        return self.tr("Rule {rule}").format(rule=entry.rule)

    def _show_rule(self, item: QListWidgetItem | None, previous: QListWidgetItem | None = None) -> None:
        entry = None if item is None else item.data(ENTRY_ROLE)
        if not isinstance(entry, LogEntry):
            self.rule_label.setText(self.tr("Click a line to see the rule it comes from."))
        elif not entry.rule:
            self.rule_label.setText(self.tr("This line comes from no rule."))
        else:
            self.rule_label.setText(self._rule_link(entry))

    def _rule_link(self, entry: LogEntry) -> str:
        """The line's rule as rich text, its ID a link to the rules reference."""
        link = rule_links.rule_link(entry.rule)
        if entry.rule_title:
            title = rule_links.escape(entry.rule_title)
            return self.tr("Rule {rule} — {title}").format(rule=link, title=title)
        return self.tr("Rule {rule}").format(rule=link)

    def _on_rule_link(self, href: str) -> None:
        rule = rule_links.rule_of_href(href)
        if rule:
            self.rule_requested.emit(rule)

    def _open_rule_of(self, item: QListWidgetItem | None) -> None:
        entry = None if item is None else item.data(ENTRY_ROLE)
        if isinstance(entry, LogEntry) and entry.rule:
            self.rule_requested.emit(entry.rule)

    def rule_menu(self, item: QListWidgetItem | None) -> QMenu | None:
        """The context menu of a line: "Rule ID…" opens its rule (None for a line of no rule)."""
        entry = None if item is None else item.data(ENTRY_ROLE)
        if not isinstance(entry, LogEntry) or not entry.rule:
            return None
        menu = QMenu(self.lines)
        rule_links.add_rule_action(menu, entry.rule, self.rule_requested.emit)
        return menu

    def _line_menu(self, position) -> None:
        menu = self.rule_menu(self.lines.itemAt(position))
        if menu is not None:
            menu.exec(self.lines.viewport().mapToGlobal(position))
            menu.deleteLater()

    # -- typing commands -----------------------------------------------------------------------
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
        self.seat_filter.setItemText(0, self.tr("All players"))
        self.seat_filter.setToolTip(self.tr("Show the lines of one player only"))
        self.command_line.setPlaceholderText(self.tr("Type a command and press Enter"))
        self.command_line.setToolTip(self.tr("Commands use the game's notation, for example: pass"))
        for i in range(self.lines.count()):
            item = self.lines.item(i)
            entry = item.data(ENTRY_ROLE)
            if isinstance(entry, LogEntry) and entry.rule:
                item.setToolTip(self._rule_words(entry))
        self._show_rule(self.lines.currentItem())


def _shows(entry: LogEntry, seat: int) -> bool:
    return seat == ALL_SEATS or entry.seat is None or entry.seat == seat
