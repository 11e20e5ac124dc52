"""Dragonbond in hot-seat play: whenever the deciding human changes, the app shows the neutral
hand-over screen first (no log, no boards, no choices), then the new decider's screen (DRG-HIDDEN-11)."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow


def two_humans() -> NewGameConfig:
    return NewGameConfig("dragonbond", 2, "humans2", ("human", "human"), {"characters": "in_order"}, 4)


def hidden_behind_handover(window: MainWindow) -> bool:
    return (window.central_stack.currentWidget() is window.handover_screen
            and window.log_dock.line_texts() == [] and not window.choice_dock.is_asking()
            and not window.log_dock.command_line.isEnabled())


@pytest.mark.rule("DRG-HIDDEN-11")
def test_a_change_of_deciding_human_shows_the_hand_over_screen_first(window: MainWindow, qtbot, error_dialogs):
    assert window.start_game(two_humans())
    session = window.session
    first = session.deciders()[0]
    assert hidden_behind_handover(window)
    assert f"Player {first + 1}" in window.handover_screen.headline.text()
    window.handover_screen.ready_button.click()
    assert window.central_stack.currentWidget() is window.table_view     # the map in words, until drawn
    assert window.turn_label.text() == f"Player {first + 1} to decide"

    changes = 0
    for _ in range(12):                   # the two humans take turns placing cards
        decider = session.deciders()[0]
        buttons = window.choice_dock.buttons or [b for b in window.actions_dock.buttons if b.isEnabled()]
        assert buttons, "the decider's screen offers nothing to click"
        qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
        if session.is_over():
            break
        now = session.deciders()[0]
        if now != decider:
            changes += 1
            assert hidden_behind_handover(window), "the next human saw the screen before the hand-over"
            assert f"Player {now + 1}" in window.handover_screen.headline.text()
            window.handover_screen.ready_button.click()
            assert window.turn_label.text() == f"Player {now + 1} to decide"
        else:
            assert window.central_stack.currentWidget() is window.table_view   # same human: no hand-over
    assert changes >= 2
    assert not error_dialogs, error_dialogs


def test_the_table_in_words_shows_the_deciders_own_cards_and_only_counts_of_the_others(
        window: MainWindow, qtbot, error_dialogs):
    """Until the map is drawn, the table is described in words from the decider's view alone: its
    own hand by name, the other human's as counts (DRG-HIDDEN-2), shown only after the hand-over."""
    assert window.start_game(two_humans())           # in_order: seat 0 Elyse, seat 1 Nagasha
    assert window.central_stack.currentWidget() is window.handover_screen
    window.handover_screen.ready_button.click()
    seat = window.session.deciders()[0]
    text = window.table_view.toPlainText()
    assert "Valerna" in text and "Allarian Crownlands" in text
    own, other = (("Royal Advance", "Serpent Glide") if seat == 0 else ("Serpent Glide", "Royal Advance"))
    assert own in text and other not in text
    assert "hand: 6 action, 0 region cards" in text or "hand: 5 action, 1 region cards" in text
    assert not error_dialogs, error_dialogs
