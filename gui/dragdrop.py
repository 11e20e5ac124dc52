"""Dragging game pieces between widgets: one MIME type naming the piece, one way to start a drag.

A piece is the game's own name for what is picked up (an item id of its table, "token"); the
widget it is dropped on names the target the same way, and the controller asks the engine what
the drop means. Nothing here knows a rule.

Offscreen (tests) there is no drag manager and `QDrag.exec` returns at once; tests deliver the
drop events themselves (../shared/QT_NOTES.md), so `start_piece_drag` is the one call to patch.
"""
from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QDrag, QPixmap
from PySide6.QtWidgets import QWidget

PIECE_MIME = "application/x-tablekeeper-piece"


def piece_mime(piece: str) -> QMimeData:
    mime = QMimeData()
    mime.setData(PIECE_MIME, piece.encode("utf-8"))
    return mime


def piece_of(mime: QMimeData | None) -> str | None:
    """The piece a drag carries, or None when it carries something else."""
    if mime is None or not mime.hasFormat(PIECE_MIME):
        return None
    return bytes(mime.data(PIECE_MIME).data()).decode("utf-8") or None


def start_piece_drag(source: QWidget, piece: str, pixmap: QPixmap | None = None) -> Qt.DropAction:
    """Drag ``piece`` from ``source`` until it is dropped (blocks, like `QDrag.exec`)."""
    drag = QDrag(source)
    drag.setMimeData(piece_mime(piece))
    if pixmap is not None and not pixmap.isNull():
        drag.setPixmap(pixmap)
        drag.setHotSpot(QPoint(pixmap.width() // 2, pixmap.height() // 2))
    return drag.exec(Qt.DropAction.MoveAction)
