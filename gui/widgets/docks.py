"""Shared scaffolding for the side docks (actions, player boards)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QScrollArea, QVBoxLayout, QWidget


def side_dock_body(dock: QDockWidget, object_name: str, margins: int) -> tuple[QWidget, QVBoxLayout]:
    """Make ``dock`` a movable left/right dock whose content scrolls vertically; return the
    content widget and its layout (the caller adds rows, then a stretch)."""
    dock.setObjectName(object_name)
    dock.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea)
    dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
    scroll = QScrollArea(dock)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    body = QWidget(scroll)
    layout = QVBoxLayout(body)
    layout.setContentsMargins(margins, 4, margins, 4)
    scroll.setWidget(body)
    dock.setWidget(scroll)
    return body, layout
