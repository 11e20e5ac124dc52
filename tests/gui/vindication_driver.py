"""Helpers that drive a Vindication game through the real widgets (shared by the GUI game tests).

Everything here acts the way a person does: it fills the New Game dialog with its widgets, clicks
inside a space's shape on the board view's viewport, and presses Decision and Actions panel buttons.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialogButtonBox

from gui.main_window import MainWindow
from gui.widgets.new_game_dialog import NewGameDialog

ISLE_AREAS = ("A1", "A2", "A3")          # the Forgotten Isle's building sites (Villages & Hamlets)


def fill_new_game_dialog(window: MainWindow, qtbot, done: list[bool], *, seed: int,
                         options: Mapping[str, bool] = (), seats: tuple[str, str] = ("human", "bot:heuristic"),
                         ) -> None:
    """Runs inside the dialog's exec(): choose Vindication, two seats, ``seed`` and the boolean
    ``options`` (their checkboxes, found by object name ``option_KEY``), then press Start Game."""
    dialog = window.findChild(NewGameDialog)
    assert dialog is not None and dialog.isVisible()
    ids = [dialog.game_list.item(r).data(Qt.ItemDataRole.UserRole) for r in range(dialog.game_list.count())]
    dialog.game_list.setCurrentRow(ids.index("vindication"))
    dialog.mode_combo.setCurrentIndex(dialog.mode_combo.findData("standard"))
    dialog.players_spin.setValue(2)
    for index, kind in enumerate(seats):
        combo = dialog.findChild(QComboBox, f"seat_combo_{index}")
        combo.setCurrentIndex(combo.findData(kind))
        assert combo.currentData() == kind
    dialog.seed_edit.clear()
    qtbot.keyClicks(dialog.seed_edit, str(seed))
    for key, value in dict(options).items():
        box = dialog.findChild(QCheckBox, f"option_{key}")
        assert box is not None, f"the dialog has no checkbox option_{key}"
        box.setChecked(value)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    done.append(True)


def space_point(window: MainWindow, space: str) -> QPoint:
    """A viewport point inside ``space``'s shape (its corners' centroid), after centring on it."""
    view = window.board_view
    item = view.item_for_space(space)
    view.centerOn(item)
    polygon = item.mapToScene(item.path().toFillPolygon())
    points = [polygon.at(i) for i in range(polygon.count())]
    if len(points) > 1 and points[0] == points[-1]:
        points = points[:-1]
    centre = QPointF(sum(p.x() for p in points) / len(points), sum(p.y() for p in points) / len(points))
    return view.mapFromScene(centre)


def click_space(window: MainWindow, qtbot, space: str) -> None:
    at = space_point(window, space)
    assert window.board_view.space_at(at) == space
    qtbot.mouseClick(window.board_view.viewport(), Qt.MouseButton.LeftButton, pos=at)


def clickable(window: MainWindow, shapes: str | Iterable[str]) -> list[str]:
    """Highlighted spaces of the given shape(s) ("hex", "triangle", "rect") where a click plays
    something, sorted."""
    wanted = {shapes} if isinstance(shapes, str) else set(shapes)
    view, session = window.board_view, window.session
    found = []
    for space in sorted(session.active_spaces()):
        item = view.item_for_space(space)
        if item.shape_kind not in wanted or not item.active:
            continue
        if session.legal_for_space(space):
            found.append(space)
    return found


def button_verb(button) -> str:
    """The verb of a panel button's command (``0: build A2`` → ``build``)."""
    text = str(button.property("command"))
    bare = text.split(":", 1)[1].strip() if ":" in text.split(" ", 1)[0] else text
    return bare.split()[0] if bare else ""


def is_module_space(space: str) -> bool:
    """A Forgotten Isle area or a village slot (``venfero_secret/3``)."""
    return space in ISLE_AREAS or "/" in space


def port_space(window: MainWindow) -> str | None:
    """The triangle the board labels "Port" (Villages & Hamlets), once it is on the board."""
    marks = window.session.board_marks()
    return next((space for space, mark in marks.items()
                 if isinstance(mark, dict) and mark.get("label") == "Port"), None)
