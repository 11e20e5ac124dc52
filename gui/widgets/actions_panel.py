"""The actions dock: the active human seat's turn commands that are not played on the board,
as labelled buttons in collapsible groups, one per verb, each headed by the game's name for it.

It shows what the controller hands it — [(verb, [(label, command), …]), …] — and emits the chosen
command; it knows no rules. The main window disables it while a prompt waits or a hand-over shows.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

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

from gui.widgets.docks import side_dock_body

END_TURN = "end_turn"


def _bare(command: str) -> str:
    """A command without its seat prefix: ``0: end_turn`` → ``end_turn``."""
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
        self.setMinimumWidth(250)
        self.buttons: list[QPushButton] = []
        self.headers: dict[str, QToolButton] = {}
        self._groups: list[tuple[str, list[tuple[str, str]]]] = []
        self._collapsed: set[str] = set()
        self._items: list[QWidget] = []
        self.end_turn_keys = ""  # the End turn shortcut as text, for the tooltip
        # verb -> (heading, help) in the game's words and the app's language (the session asks the game)
        self.verb_words: Callable[[str], tuple[str, str]] | None = None
        self.retranslateUi()

    # -- contents --------------------------------------------------------------------------------
    def set_actions(self, groups: Sequence[tuple[str, Sequence[tuple[str, str]]]]) -> None:
        """One collapsible group per verb, one button per (label, command)."""
        self._groups = [(verb, list(actions)) for verb, actions in groups]
        self._rebuild()

    def commands(self) -> list[str]:
        return [str(b.property("command")) for b in self.buttons]

    def button_for(self, command: str) -> QPushButton | None:
        """The button of ``command``, written with or without the seat prefix."""
        return next((b for b in self.buttons if _bare(str(b.property("command"))) == _bare(command)), None)

    def can_end_turn(self) -> bool:
        button = self.button_for(END_TURN)
        return button is not None and self.isEnabled()

    def end_turn(self) -> None:
        """The End turn shortcut: plays it when the panel offers it."""
        button = self.button_for(END_TURN)
        if button is not None and self.isEnabled():
            self.action_chosen.emit(str(button.property("command")))

    def _rebuild(self) -> None:
        for item in self._items:
            self._layout.removeWidget(item)
            item.hide()  # at once: deleteLater waits for the event loop
            item.deleteLater()
        self._items, self.buttons, self.headers = [], [], {}
        at = 1  # after the "nothing to do" line, before the stretch
        for verb, actions in self._groups:
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
            for label, command in actions:
                button = QPushButton(label, box)
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

    # -- words -----------------------------------------------------------------------------------
    def verb_title(self, verb: str) -> str:
        """A group's heading: the game's name for the verb, in the app's language."""
        title = self.verb_words(verb)[0] if self.verb_words is not None else ""
        return title or verb.replace("_", " ").capitalize()

    def verb_tip(self, verb: str) -> str:
        return self.verb_words(verb)[1] if self.verb_words is not None else ""

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Actions"))
        self.empty_label.setText(self.tr("No actions to take now."))
        for verb, actions in self._groups:
            header = self.headers.get(verb)
            if header is None:
                continue
            header.setText(f"{self.verb_title(verb)} ({len(actions)})")
            header.setArrowType(Qt.ArrowType.DownArrow if header.isChecked() else Qt.ArrowType.RightArrow)
            header.setToolTip(self.verb_tip(verb))
        for button in self.buttons:
            command = _bare(str(button.property("command")))
            verb = command.split()[0] if command else ""
            tip = self.verb_tip(verb)
            if command == END_TURN and self.end_turn_keys:
                tip = f"{tip} ({self.end_turn_keys})"
            button.setToolTip(f"{button.text()}\n{tip}".strip())
