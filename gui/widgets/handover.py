"""The neutral hand-over screen of hot-seat games with hidden information.

Shown instead of the board when the deciding person changes, so the next player's secrets appear
only after the previous player has looked away and the next one has confirmed.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class HandoverScreen(QWidget):
    confirmed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handover_screen")
        self._player = ""
        self.setAutoFillBackground(True)
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        self.headline = QLabel(self)
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.headline.font())
        font.setPointSizeF(font.pointSizeF() * 2)
        font.setBold(True)
        self.headline.setFont(font)
        self.explanation = QLabel(self)
        self.explanation.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.explanation.setWordWrap(True)
        self.ready_button = QPushButton(self)
        self.ready_button.setObjectName("handover_ready")
        self.ready_button.setDefault(True)
        self.ready_button.clicked.connect(self.confirmed)
        layout.addWidget(self.headline)
        layout.addSpacing(12)
        layout.addWidget(self.explanation)
        layout.addSpacing(24)
        layout.addWidget(self.ready_button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(3)
        self.retranslateUi()

    def set_player(self, name: str) -> None:
        self._player = name
        self.retranslateUi()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.headline.setText(self.tr("Pass the device to {player}").format(player=self._player))
        self.explanation.setText(self.tr(
            "The next view shows what only {player} may see. Everyone else, please look away.").format(
            player=self._player))
        self.ready_button.setText(self.tr("I am {player} — show my view").format(player=self._player))
