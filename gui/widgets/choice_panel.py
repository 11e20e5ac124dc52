"""The choice panel: a pending prompt's answers as buttons, one per legal answer, under the board.

It shows what the controller hands it (label, command) and emits the chosen command; it knows no
rules. Answers that name something on the table are given by touching it: the panel then says so
beside its buttons. While it shows buttons the board takes only the touches that answer (the main
window checks `is_asking`).
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from gui.controller.types import without_seat


class ChoiceDock(QDockWidget):
    answer_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("choice_dock")
        self.setAllowedAreas(Qt.DockWidgetArea.BottomDockWidgetArea | Qt.DockWidgetArea.TopDockWidgetArea)
        self.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(8, 4, 8, 6)
        self.question = QLabel(body)
        self.question.setObjectName("choice_question")
        font = self.question.font()
        font.setBold(True)
        self.question.setFont(font)
        layout.addWidget(self.question)
        self._row_host = QWidget(body)
        self._row = QHBoxLayout(self._row_host)
        self._row.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self._row_host)
        scroll.setFixedHeight(48)
        layout.addWidget(scroll)
        self.setWidget(body)
        self.touch_hint = QLabel(self._row_host)
        self.touch_hint.setObjectName("choice_touch_hint")
        self.touch_hint.hide()
        self.buttons: list[QPushButton] = []
        self._kind = ""
        self.retranslateUi()
        self.hide()

    def set_choices(self, kind: str, choices: Sequence[tuple[str, str]], touch: bool = False) -> None:
        """Show one button per (label, command); ``touch``: other answers are given by touching
        the lit places or cards (said beside the buttons). Nothing to show hides the panel."""
        for button in self.buttons:
            self._row.removeWidget(button)
            button.deleteLater()
        self.buttons = []
        self._row.removeWidget(self.touch_hint)
        while self._row.count():
            self._row.takeAt(0)
        self._kind = kind
        for label, command in choices:
            button = QPushButton(label, self._row_host)
            button.setToolTip(self.tip(label, command))
            button.setProperty("command", command)
            button.clicked.connect(lambda _=False, c=command: self.answer_chosen.emit(c))
            self._row.addWidget(button)
            self.buttons.append(button)
        self.touch_hint.setVisible(touch)
        if touch:
            self._row.addWidget(self.touch_hint)
        self._row.addStretch(1)
        self.retranslateUi()
        self.setVisible(bool(choices) or touch)

    def tip(self, label: str, command: str) -> str:
        """An answer's tooltip: its words, then its notation as the player would type it."""
        typed = without_seat(command)
        if typed == label:
            return label
        return label + "\n" + self.tr("Notation: {command}").format(command=typed)

    def focus_first(self) -> None:
        """Put the keyboard focus on the first answer (Space or Enter then gives it)."""
        if self.buttons:
            self.buttons[0].setFocus(Qt.FocusReason.ShortcutFocusReason)

    def is_asking(self) -> bool:
        return bool(self.buttons)

    def _retitle(self) -> None:
        self.question.setText(self.tr("Choose ({kind}):").format(kind=self._kind) if self._kind
                              else self.tr("Choose:"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.setWindowTitle(self.tr("Decision"))
        self.touch_hint.setText(self.tr("or touch a lit place or card on the table")
                                if self.buttons else self.tr("Touch a lit place or card on the table"))
        self._retitle()
        for button in self.buttons:
            button.setToolTip(self.tip(button.text(), str(button.property("command"))))
