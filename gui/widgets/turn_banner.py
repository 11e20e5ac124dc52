"""The "your turn" banner: a short notice over the top of the table when a person must decide.

It is not modal: the table under it stays live. It fades away after a moment, or at once when
clicked. The main window decides when to show it (when the seat that must decide becomes a
person's, after the hand-over screen when there is one).
"""
from __future__ import annotations

from PySide6.QtCore import QEasingCurve, QEvent, QObject, QPropertyAnimation, Qt, QTimer
from PySide6.QtGui import QFont, QMouseEvent
from PySide6.QtWidgets import QGraphicsOpacityEffect, QLabel, QWidget

SHOW_MS = 2000  # fully shown this long, then it fades
FADE_MS = 450
TOP_GAP = 18    # pixels between the top of the table and the banner


class TurnBanner(QLabel):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("turn_banner")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.setFont(font)
        self.setStyleSheet("QLabel#turn_banner { color: white; background: rgba(27, 94, 32, 232);"
                           " border-radius: 10px; padding: 10px 28px; }")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._opacity = QGraphicsOpacityEffect(self)
        self._opacity.setOpacity(1.0)
        self.setGraphicsEffect(self._opacity)
        self._fade = QPropertyAnimation(self._opacity, b"opacity", self)
        self._fade.setDuration(FADE_MS)
        self._fade.setStartValue(1.0)
        self._fade.setEndValue(0.0)
        self._fade.setEasingCurve(QEasingCurve.Type.InQuad)
        self._fade.finished.connect(self.hide)
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.timeout.connect(self._fade.start)
        parent.installEventFilter(self)  # stay centred when the table is resized
        self.hide()

    def show_message(self, text: str, hold_ms: int = SHOW_MS) -> None:
        """Show ``text`` now (replacing any message still showing); it fades after ``hold_ms``."""
        self._fade.stop()
        self._opacity.setOpacity(1.0)
        self.setText(text)
        self.setToolTip(self.tr("Click to close"))
        self.adjustSize()
        self._place()
        self.show()
        self.raise_()
        self._hold.start(hold_ms)

    def dismiss(self) -> None:
        """Away at once."""
        self._hold.stop()
        self._fade.stop()
        self.hide()

    def is_fading(self) -> bool:
        return self._fade.state() == QPropertyAnimation.State.Running

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.dismiss()
        event.accept()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.parent() and event.type() == QEvent.Type.Resize and not self.isHidden():
            self._place()
        return super().eventFilter(watched, event)

    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is not None:
            width = min(self.sizeHint().width(), max(120, parent.width() - 2 * TOP_GAP))
            self.resize(width, self.sizeHint().height())
            self.move((parent.width() - width) // 2, TOP_GAP)
