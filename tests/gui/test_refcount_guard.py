"""Guard against the PySide6 6.12.0 bug on Python 3.11 (see QT_NOTES.md): every void Qt call
dropped one reference to None until the interpreter aborted. 6.11.3 is clean."""
from __future__ import annotations

import sys

from PySide6.QtWidgets import QGraphicsRectItem

CALLS = 100_000
TOLERANCE = 10  # other code may take or drop a few references meanwhile; the bug drops 100,000


def test_void_qt_calls_leave_the_refcount_of_none_alone(qapp) -> None:
    item = QGraphicsRectItem(0, 0, 10, 10)
    before = sys.getrefcount(None)
    for i in range(CALLS):
        item.setPos(i % 97, i % 89)
    after = sys.getrefcount(None)
    assert abs(after - before) <= TOLERANCE, f"None lost {before - after} references"
