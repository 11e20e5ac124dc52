"""A push button whose label wraps onto more lines when its column is narrow.

A `QPushButton` draws its text on one line and will not shrink below it: in a narrow side dock a
long label ("Pass and give the first-player marker to Player 2") was cut at the dock's edge. This
button keeps its text as a normal button's (`text()`, mnemonics, accessibility, stylesheets), lets
its layout make it as narrow as its longest word, and grows taller instead (height for width).
"""
from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt, QTextBoundaryFinder
from PySide6.QtGui import QPaintEvent, QPalette
from PySide6.QtWidgets import QPushButton, QSizePolicy, QStyle, QStyleOptionButton, QStylePainter, QWidget

_FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap \
    | Qt.TextFlag.TextShowMnemonic


def _unbreakable(text: str) -> list[str]:
    """The pieces of ``text`` a line may not break inside (words; single characters in Chinese),
    as Qt's line breaking finds them, without the mnemonic marks."""
    plain = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    finder = QTextBoundaryFinder(QTextBoundaryFinder.BoundaryType.Line, plain)
    pieces, start = [], 0
    while (end := finder.toNextBoundary()) != -1:
        if end > start:
            pieces.append(plain[start:end].rstrip())
        start = end
    return pieces


class WrappingButton(QPushButton):
    """A `QPushButton` (left-aligned text) whose text wraps at word boundaries to fit its width."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    # -- geometry ----------------------------------------------------------------------------------
    def _option(self) -> QStyleOptionButton:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        return option

    def _padding(self) -> QSize:
        """What the style adds around the text (bevel, margins, stylesheet padding)."""
        option = self._option()
        option.text = ""
        return self.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, option, QSize(0, 0), self)

    def _text_rect(self, width: int) -> QRect:
        """The wrapped text's box when the text may take ``width`` pixels across."""
        return self.fontMetrics().boundingRect(QRect(0, 0, max(1, width), 100_000), _FLAGS, self.text())

    def _line_height(self) -> int:
        return self.fontMetrics().height()

    def sizeHint(self) -> QSize:
        pad = self._padding()
        one_line = self.fontMetrics().boundingRect(QRect(0, 0, 100_000, 100_000),
                                                   _FLAGS & ~Qt.TextFlag.TextWordWrap, self.text())
        return QSize(one_line.width() + pad.width() + 1, max(one_line.height(), self._line_height()) + pad.height())

    def minimumSizeHint(self) -> QSize:
        """As narrow as the longest word (no word is ever cut), one line high."""
        pad = self._padding()
        metrics = self.fontMetrics()
        widest = max((metrics.horizontalAdvance(piece) for piece in _unbreakable(self.text())), default=0)
        return QSize(widest + pad.width() + 1, self._line_height() + pad.height())

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        pad = self._padding()
        text = self._text_rect(width - pad.width())
        return max(text.height(), self._line_height()) + pad.height()

    # -- drawing -----------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = self._option()
        text = option.text
        option.text = ""
        painter.drawControl(QStyle.ControlElement.CE_PushButton, option)   # the bevel, no text
        contents = self.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self)
        if option.state & QStyle.StateFlag.State_Sunken:
            contents.translate(self.style().pixelMetric(QStyle.PixelMetric.PM_ButtonShiftHorizontal, option, self),
                               self.style().pixelMetric(QStyle.PixelMetric.PM_ButtonShiftVertical, option, self))
        self.style().drawItemText(painter, contents, int(_FLAGS.value), option.palette, self.isEnabled(), text,
                                  QPalette.ColorRole.ButtonText)
