"""Nemesis in the app: after the hand-over the middle of the window draws the Facility (the game's
board_layout and table, built from the decider's view), its space names in the app's language."""
from __future__ import annotations

from PySide6.QtCore import Qt

from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow


def solo() -> NewGameConfig:
    return NewGameConfig("nemesis", 1, "solo", ("human",), {}, 4)


def test_the_facility_is_drawn_rooms_corridors_and_the_time_track(window: MainWindow, qtbot, error_dialogs):
    assert window.start_game(solo())
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.ready_button.click()
    assert window.central_stack.currentWidget() is window.board_view
    assert window.board_view.is_showing_layout()
    assert window.board_view.item_for_space("R001").name == "Room 001"
    assert window.board_view.item_for_space("C01").shape_kind == "polyline"
    assert window.board_view.item_for_space("T15").shape_kind == "rect"
    for _ in range(3):                    # the draft, then a few clicks into the first round
        buttons = window.choice_dock.buttons or [b for b in window.actions_dock.buttons if b.isEnabled()]
        if not buttons:
            break
        qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.ready_button.click()
    assert window.central_stack.currentWidget() is window.board_view
    window.set_language("zh_TW")
    qtbot.waitUntil(lambda: window.board_view.item_for_space("R001").name == "房間 001", timeout=5_000)
    window.set_language("en")
    assert not error_dialogs, error_dialogs
