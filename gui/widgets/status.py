"""A one-line label that never crowds out its neighbours: it asks for no more than the width it is
given and shortens its text with "…" (the whole text is then its tooltip). The status bar's turn
label uses it, so passing messages keep their room, and so does the highlight legend."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

MIN_CHARS = 12  # the label shrinks to about this many characters before the message does


class ElidedLabel(QWidget):
    """One line of text, shortened to fit (right-aligned unless told otherwise)."""

    def __init__(self, parent: QWidget | None = None, *,
                 alignment: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignRight, min_chars: int = MIN_CHARS,
                 text_as_tooltip: bool = True) -> None:
        super().__init__(parent)
        self._text = ""
        self._alignment = alignment
        self._min_chars = min_chars
        self._text_as_tooltip = text_as_tooltip  # else the caller sets its own tooltip
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:
        if text == self._text:
            return
        self._text = text
        if self._text_as_tooltip:
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
        least = metrics.averageCharWidth() * self._min_chars
        return QSize(min(self.sizeHint().width(), least), metrics.height() + 2)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().windowText().color())
        painter.drawText(self.rect(), self._alignment | Qt.AlignmentFlag.AlignVCenter,
                         self.displayed_text())
        painter.end()
