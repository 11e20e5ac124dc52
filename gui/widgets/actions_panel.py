"""The actions dock: the active human seat's turn commands that are not played on the board,
as labelled buttons in collapsible groups, one per verb, titled in the game's own words. A long
label wraps onto more lines rather than being cut at the dock's edge (`WrappingButton`).

It shows what the controller hands it — `ActionGroup`s and the command that ends the turn — and
emits the chosen command; it knows no rules and no game. The main window disables it while a
prompt waits or a hand-over shows.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gui.controller.types import ActionGroup
from gui.widgets.docks import side_dock_body
from gui.widgets.wrapping_button import WrappingButton


def _bare(command: str) -> str:
    """A command without its seat prefix: ``0: rest 1`` → ``rest 1``."""
    return command.split(":", 1)[1].strip() if ":" in command.split(" ", 1)[0] else command


class ActionsDock(QDockWidget):
    action_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._body, self._layout = side_dock_body(self, "actions_dock", margins=6)
        self._layout.setSpacing(2)
        self.empty_label = QLabel(self._body)
        self.empty_label.setObjectName("actions_empty")
        self.empty_label.setWordWrap(True)
        self.empty_label.setEnabled(False)
        self._layout.addWidget(self.empty_label)
        self._layout.addStretch(1)
        self.setMinimumWidth(200)
        self.buttons: list[QPushButton] = []
        self.headers: dict[str, QToolButton] = {}
        self._groups: list[ActionGroup] = []
        self.turn_end: str | None = None  # the listed command that ends the turn
        self._collapsed: set[str] = set()
        self._items: list[QWidget] = []
        self.end_turn_keys = ""  # the End turn shortcut as text, for the tooltip
        self.retranslateUi()

    # -- contents --------------------------------------------------------------------------------
    def set_actions(self, groups: Sequence[ActionGroup], turn_end: str | None = None) -> None:
        """One collapsible group per verb, one button per (label, command); ``turn_end`` is the
        command the End Turn shortcut plays (one of the buttons)."""
        self._groups, self.turn_end = list(groups), turn_end
        self._rebuild()

    def commands(self) -> list[str]:
        return [str(b.property("command")) for b in self.buttons]

    def button_for(self, command: str) -> QPushButton | None:
        """The button of ``command``, written with or without the seat prefix."""
        return next((b for b in self.buttons if _bare(str(b.property("command"))) == _bare(command)), None)

    def can_end_turn(self) -> bool:
        return self.turn_end is not None and self.isEnabled()

    def finish_turn(self) -> None:
        """The End turn shortcut: plays it when the panel offers it."""
        if self.turn_end is not None and self.isEnabled():
            self.action_chosen.emit(self.turn_end)

    def _rebuild(self) -> None:
        for item in self._items:
            self._layout.removeWidget(item)
            item.hide()  # at once: deleteLater waits for the event loop
            item.deleteLater()
        self._items, self.buttons, self.headers = [], [], {}
        at = 1  # after the "nothing to do" line, before the stretch
        for group in self._groups:
            verb = group.key
            header = QToolButton(self._body)
            header.setObjectName(f"actions_group_{verb}")
            header.setCheckable(True)
            header.setChecked(verb not in self._collapsed)
            header.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            header.setAutoRaise(True)
            header.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            header.setStyleSheet("QToolButton { font-weight: bold; text-align: left; }")
            box = QWidget(self._body)
            box_layout = QVBoxLayout(box)
            box_layout.setContentsMargins(14, 0, 0, 4)
            box_layout.setSpacing(2)
            for label, command in group.actions:
                button = WrappingButton(label, box)
                button.setProperty("command", command)
                button.setStyleSheet("QPushButton { text-align: left; padding: 3px 6px; }")
                button.clicked.connect(lambda _=False, c=command: self.action_chosen.emit(c))
                box_layout.addWidget(button)
                self.buttons.append(button)
            header.toggled.connect(lambda on, v=verb, b=box, h=header: self._toggle(v, b, h, on))
            box.setVisible(header.isChecked())
            self._layout.insertWidget(at, header)
            self._layout.insertWidget(at + 1, box)
            at += 2
            self._items += [header, box]
            self.headers[verb] = header
        self.empty_label.setVisible(not self._groups)
        self.retranslateUi()

    def _toggle(self, verb: str, box: QWidget, header: QToolButton, on: bool) -> None:
        box.setVisible(on)
        header.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        (self._collapsed.discard if on else self._collapsed.add)(verb)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Actions"))
        self.empty_label.setText(self.tr("No actions to take now."))
        tips = {}
        for group in self._groups:
            header = self.headers.get(group.key)
            if header is None:
                continue
            header.setText(f"{group.title} ({len(group.actions)})")
            header.setArrowType(Qt.ArrowType.DownArrow if header.isChecked() else Qt.ArrowType.RightArrow)
            header.setToolTip(group.tip)
            tips.update({command: group.tip for _label, command in group.actions})
        for button in self.buttons:
            command = str(button.property("command"))
            tip = tips.get(command, "")
            if command == self.turn_end and self.end_turn_keys:
                tip = f"{tip} ({self.end_turn_keys})"
            button.setToolTip(f"{button.text()}\n{tip}".strip())
