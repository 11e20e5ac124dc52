"""A status-bar label that never crowds out the bar's messages: it asks for no more than the
width it is given and shortens its text with "…" (the whole text is its tooltip)."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPaintEvent, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

MIN_CHARS = 12  # the label shrinks to about this many characters before the message does


class ElidedLabel(QWidget):
    """One line of text, right-aligned, shortened to fit."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:  # noqa: N802 - QLabel's name, so callers need not care
        if text == self._text:
            return
        self._text = text
        self.setToolTip(text)
        self.setAccessibleName(text)
        self.updateGeometry()
        self.update()

    def displayed_text(self) -> str:
        """The text as painted: whole, or shortened with "…" to the label's width."""
        return self.fontMetrics().elidedText(self._text, Qt.TextElideMode.ElideRight, self.width())

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance(self._text) + 4, metrics.height() + 2)

    def minimumSizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(min(self.sizeHint().width(), metrics.averageCharWidth() * MIN_CHARS), metrics.height() + 2)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().windowText().color())
        painter.drawText(self.rect(), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         self.displayed_text())
        painter.end()
