"""The choice panel: a pending prompt's answers under the board, as buttons and rows of numbers.

It shows what the controller hands it — (label, command) for a button, an `AmountChoice` for
answers that differ only in numbers: a row with a spin box per number and one Confirm button
(Enter confirms) that plays the answer holding the chosen numbers — and emits the chosen command;
it knows no rules. Answers that name something on the table are given by touching it: the panel
then says so beside its buttons. While it asks, the board takes only the touches that answer (the
main window checks `is_asking`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.controller.types import AmountChoice, without_seat


class AmountSpin(QSpinBox):
    """A spin box over the numbers one part of the answers takes: the arrows step from one to
    the next (over any gap); Enter confirms (`confirmed`)."""

    confirmed = Signal()

    def __init__(self, values: Sequence[int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values = list(values)
        self.setRange(self.values[0], self.values[-1])
        self.setAccelerated(False)
        self.setKeyboardTracking(False)   # a typed number counts once Enter or a step confirms it

    def stepBy(self, steps: int) -> None:
        value = self.value()
        if steps > 0:
            later = [v for v in self.values if v > value]
            target = later[min(steps, len(later)) - 1] if later else value
        else:
            earlier = [v for v in self.values if v < value]
            target = earlier[max(steps, -len(earlier))] if earlier else value
        self.setValue(target)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        super().keyPressEvent(event)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.confirmed.emit()


class AmountRow(QFrame):
    """One `AmountChoice`: its title, a spin box per part, Confirm. The numbers shown always
    belong to one answer: changing one number moves the others to the nearest answer."""

    chosen = Signal(str)

    def __init__(self, choice: AmountChoice, tip: Callable[[str, str], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("amount_row")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.choice = choice
        self._tip = tip
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 0)
        self.title = QLabel(choice.title, self)
        layout.addWidget(self.title)
        self.spins: list[AmountSpin] = []
        first = choice.choices[0][0]
        for index, part in enumerate(choice.parts):
            if len(choice.parts) > 1 or part != choice.title:
                layout.addWidget(QLabel(part, self))
            spin = AmountSpin(choice.values_of(index), self)
            spin.setObjectName(f"amount_spin_{index}")
            spin.setValue(first[index])
            spin.valueChanged.connect(lambda _=0, i=index: self._changed(i))
            spin.confirmed.connect(self.confirm)
            layout.addWidget(spin)
            self.spins.append(spin)
        self.confirm_button = QPushButton(self)
        self.confirm_button.setObjectName("amount_confirm")
        self.confirm_button.clicked.connect(self.confirm)
        layout.addWidget(self.confirm_button)
        self.retranslateUi()

    def numbers(self) -> tuple[int, ...]:
        return tuple(spin.value() for spin in self.spins)

    def answer(self) -> tuple[str, str]:
        """(label, command) of the answer the spin boxes show."""
        found = self.choice.command_for(self.numbers())
        return found if found is not None else self.choice.choices[0][1:]

    def set_numbers(self, numbers: Sequence[int]) -> None:
        """Show the answer holding ``numbers`` (the nearest one when none holds them)."""
        for spin, n in zip(self.spins, numbers, strict=True):
            spin.blockSignals(True)
            spin.setValue(n)
            spin.blockSignals(False)
        self._changed(0)

    def confirm(self) -> None:
        self.chosen.emit(self.answer()[1])

    def _changed(self, part: int) -> None:
        numbers = self.numbers()
        if self.choice.command_for(numbers) is None:
            for spin, n in zip(self.spins, self.choice.nearest(numbers, part), strict=True):
                spin.blockSignals(True)
                spin.setValue(n)
                spin.blockSignals(False)
        label, command = self.answer()
        self.confirm_button.setProperty("command", command)
        self.confirm_button.setToolTip(self._tip(label, command))

    def retranslateUi(self) -> None:
        self.confirm_button.setText(self.tr("Confirm"))
        for index, spin in enumerate(self.spins):
            lines = [self.choice.parts[index], self.choice.tip,
                     self.tr("From {low} to {high}; Enter confirms").format(low=spin.values[0], high=spin.values[-1])]
            spin.setToolTip("\n".join(line for line in lines if line))
        self._changed(0)


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
        # a question and a row of answers: never taller, however much room the window leaves
        body.setMaximumHeight(2 * self.question.fontMetrics().height() + scroll.height() + 24)
        self.setWidget(body)
        self.touch_hint = QLabel(self._row_host)
        self.touch_hint.setObjectName("choice_touch_hint")
        self.touch_hint.hide()
        self.buttons: list[QPushButton] = []
        self.amount_rows: list[AmountRow] = []
        self._entries: list[QWidget] = []     # buttons and rows in the order shown
        self._kind = ""
        self.retranslateUi()
        self.hide()

    def set_choices(self, kind: str, choices: Sequence[tuple[str, str] | AmountChoice],
                    touch: bool = False) -> None:
        """Show one button per (label, command) and one row per `AmountChoice`, in order;
        ``touch``: other answers are given by touching the lit places or cards (said beside
        them). Nothing to show hides the panel."""
        for shown in self._entries:
            self._row.removeWidget(shown)
            shown.hide()  # at once: deleteLater waits for the event loop, and a stale button showed
            shown.deleteLater()
        self.buttons, self.amount_rows, self._entries = [], [], []
        self._row.removeWidget(self.touch_hint)
        while self._row.count():
            self._row.takeAt(0)
        self._kind = kind
        for choice in choices:
            if isinstance(choice, AmountChoice):
                row = AmountRow(choice, self.tip, self._row_host)
                row.chosen.connect(self.answer_chosen)
                self.amount_rows.append(row)
                entry: QWidget = row
            else:
                label, command = choice
                button = QPushButton(label, self._row_host)
                button.setToolTip(self.tip(label, command))
                button.setProperty("command", command)
                button.clicked.connect(lambda _=False, c=command: self.answer_chosen.emit(c))
                self.buttons.append(button)
                entry = button
            self._row.addWidget(entry)
            self._entries.append(entry)
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
        """Put the keyboard focus on the first answer (Space or Enter then gives it; in a row of
        numbers, on its first spin box: Enter confirms)."""
        if self._entries:
            first = self._entries[0]
            target = first.spins[0] if isinstance(first, AmountRow) else first
            target.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def is_asking(self) -> bool:
        return bool(self._entries)

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
                                if self._entries else self.tr("Touch a lit place or card on the table"))
        self._retitle()
        for button in self.buttons:
            button.setToolTip(self.tip(button.text(), str(button.property("command"))))
        for row in self.amount_rows:
            row.retranslateUi()
