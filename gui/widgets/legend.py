"""The highlight legend: a strip under the board saying what its coloured edges mean.

The swatches are drawn with the board's own colours (read from the board's drawing module when
the strip first paints, so start-up does not load it). View ▸ Highlight Legend shows or hides it.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QWidget

from gui.widgets.status import ElidedLabel

SWATCH = QSize(26, 16)
# Which highlight each entry shows: (key, pen style, pen width)
ENTRIES = (("active", Qt.PenStyle.SolidLine, 3.0), ("last_move", Qt.PenStyle.DashLine, 2.0),
           ("flash", Qt.PenStyle.SolidLine, 3.0))


def board_colours() -> dict[str, QColor]:
    """The colours the board draws its highlights with."""
    from gui.board import scene  # the drawn boards' module: loaded once a board is shown anyway
    return {"active": QColor(scene.ACTIVE_EDGE), "last_move": QColor(scene.LAST_MOVE_EDGE),
            "flash": QColor(scene.FLASH_EDGE)}


class Swatch(QWidget):
    """A small space outline in one highlight's colour and line style."""

    def __init__(self, key: str, style: Qt.PenStyle, width: float, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key, self.pen_style, self.pen_width = key, style, width  # not `style`: QWidget.style()
        self.setFixedSize(SWATCH)

    def colour(self) -> QColor:
        return board_colours()[self.key]

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor("#fbf5e3"))
        painter.setPen(QPen(self.colour(), self.pen_width, self.pen_style))
        inset = self.pen_width / 2 + 1
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(inset, inset, -inset, -inset), 3, 3)
        painter.end()


class HighlightLegend(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("highlight_legend")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 2, 8, 2)
        row.setSpacing(6)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 0.9)
        self.setFont(font)
        # Texts shorten with "…" in a narrow window rather than widen it (the tooltips say it all).
        self.labels: dict[str, ElidedLabel] = {}
        self.swatches: dict[str, Swatch] = {}
        for key, style, width in ENTRIES:
            swatch = Swatch(key, style, width, self)
            label = self._label()
            label.setObjectName(f"legend_{key}")
            if self.labels:
                row.addSpacing(10)
            row.addWidget(swatch)
            row.addWidget(label)
            self.swatches[key], self.labels[key] = swatch, label
        row.addStretch(1)
        self.retranslateUi()

    def _label(self) -> ElidedLabel:
        return ElidedLabel(self, alignment=Qt.AlignmentFlag.AlignLeft, min_chars=4, text_as_tooltip=False)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslateUi()
        super().changeEvent(event)

    def retranslateUi(self) -> None:
        self.labels["active"].setText(self.tr("you can play"))
        self.labels["last_move"].setText(self.tr("computer's last move"))
        self.labels["flash"].setText(self.tr("just changed"))
        tips = {"active": self.tr("Green edge: click a space that has one, or drop a piece on it, to play "
                                  "there. Hover a space without one to see why not."),
                "last_move": self.tr("Dashed blue edge: the spaces of the computer's last move, until "
                                     "it moves again."),
                "flash": self.tr("Orange flash: spaces that just changed, one after another in the order "
                                 "they changed.")}
        hint = self.tr("View ▸ Highlight Legend hides or shows this line.")
        for key, tip in tips.items():
            self.labels[key].setToolTip(f"{tip}\n{hint}")
            self.swatches[key].setToolTip(f"{tip}\n{hint}")
        self.setToolTip(hint)
