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
    assert window.central_stack.currentWidget() is window.board_view     # Valerna, drawn
    assert window.turn_label.text() == f"Player {first + 1} to decide"

    changes = 0
    for _ in range(12):                   # the two humans take turns placing cards
        decider = session.deciders()[0]
        buttons = window.choice_dock.buttons or [b for b in window.actions_dock.buttons if b.isEnabled()]
        cards = [p for p in window.hand_dock.cards.pieces.values() if p.clickable]
        assert buttons or cards, "the decider's screen offers nothing to click"
        if cards:                         # a card of the hand, then the command stack: placed
            qtbot.mouseClick(cards[0], Qt.MouseButton.LeftButton)
            qtbot.mouseClick(window.table_dock.zones.pieces["stack"], Qt.MouseButton.LeftButton)
        else:
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
            assert window.central_stack.currentWidget() is window.board_view   # same human: no hand-over
    assert changes >= 2
    assert not error_dialogs, error_dialogs


def test_the_table_shows_the_deciders_own_cards_and_only_counts_of_the_others(
        window: MainWindow, qtbot, error_dialogs):
    """The table is drawn from the decider's view alone: its own hand by name in the hand dock, the
    other human's as a count on its board (DRG-HIDDEN-2), shown only after the hand-over."""
    assert window.start_game(two_humans())           # in_order: seat 0 Elyse, seat 1 Nagasha
    assert window.central_stack.currentWidget() is window.handover_screen
    window.handover_screen.ready_button.click()
    seat = window.session.deciders()[0]
    spaces = window.board_view.space_ids()
    assert "allarian_crownlands" in spaces and len(spaces) == 12
    hand = window.hand_dock.cards.text()
    own, other = (("Royal Advance", "Serpent Glide") if seat == 0 else ("Serpent Glide", "Royal Advance"))
    assert own in hand and other not in hand
    boards = " ".join(board.text() for board in window.player_boards_dock.boards)
    assert other not in boards and "face down" in boards
    assert not error_dialogs, error_dialogs
