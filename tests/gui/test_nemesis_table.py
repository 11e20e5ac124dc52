"""Nemesis in the app before its board is drawn: after the hand-over the middle of the window
describes the table in words from the decider's view (Game.describe_table), in the app's language."""
from __future__ import annotations

from PySide6.QtCore import Qt

from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow


def solo() -> NewGameConfig:
    return NewGameConfig("nemesis", 1, "solo", ("human",), {}, 4)


def test_the_table_in_words_names_the_facility_and_the_players_character(window: MainWindow, qtbot,
                                                                        error_dialogs):
    assert window.start_game(solo())
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.ready_button.click()
    assert window.central_stack.currentWidget() is window.table_view
    text = window.table_view.toPlainText()
    assert "The Facility" in text and "Room 001" in text and "Intruder bag" in text
    assert "Player 1" in text
    for _ in range(3):                    # the draft, then a few clicks into the first round
        buttons = window.choice_dock.buttons or [b for b in window.actions_dock.buttons if b.isEnabled()]
        assert buttons
        qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.ready_button.click()
    assert window.central_stack.currentWidget() is window.table_view
    text = window.table_view.toPlainText()
    assert "(you)" in text and "hand:" in text and "The Facility" in text
    window.set_language("zh_TW")
    qtbot.waitUntil(lambda: "設施" in window.table_view.toPlainText(), timeout=5_000)
    assert "The Facility" not in window.table_view.toPlainText()
    window.set_language("en")
    assert not error_dialogs, error_dialogs
