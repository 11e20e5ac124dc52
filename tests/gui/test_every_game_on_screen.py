"""Every registered game can be started and played a little through the generic screen parts
(decision buttons and rows of numbers, action buttons, lit spaces and lit pieces), even before it
has a board of its own."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from engine.core import games
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow

GAME_IDS = [game.info.id for game in games()]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_game_starts_and_takes_clicks(game_id: str, window: MainWindow, qtbot, error_dialogs) -> None:
    game = next(g for g in games() if g.info.id == game_id)
    mode = game.info.modes[0]
    players = max(2, mode.min_players) if mode.max_players >= 2 else mode.min_players
    seats = ("human",) + ("bot:random",) * (players - 1)
    assert window.start_game(NewGameConfig(game_id, players, mode.id, seats, {}, seed=5))
    session = window.session
    clicks = 0
    for _ in range(60):
        qtbot.waitUntil(lambda: session.is_over() or 0 in session.deciders(), timeout=10_000)
        if session.is_over():
            break
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.ready_button.click()
        rows = window.choice_dock.amount_rows
        buttons = window.choice_dock.buttons or [b for b in window.actions_dock.buttons if b.isEnabled()]
        spaces = sorted(session.active_spaces())
        if rows and (not buttons or clicks % 2):     # answers that differ only in numbers
            before = len(session._require().commands)
            rows[-1].spins[-1].stepBy(1)
            wanted = rows[-1].confirm_button.property("command")
            qtbot.mouseClick(rows[-1].confirm_button, Qt.MouseButton.LeftButton)
            assert str(session._require().commands[before]) == wanted
            clicks += 1
        elif buttons:
            before = len(session._require().commands)
            qtbot.mouseClick(buttons[-1], Qt.MouseButton.LeftButton)
            clicks += len(session._require().commands) > before
        elif spaces:
            session.apply(session.legal_for_space(spaces[0])[0])
            clicks += 1
        elif session.touchable():               # an answer given by touching a card or a piece
            before = len(session._require().commands)
            for _ in range(8):                  # touch what is lit until a command plays
                window._on_piece_clicked(sorted(session.touchable())[0])
                if len(session._require().commands) > before:
                    break
            clicks += len(session._require().commands) > before
        else:
            pytest.fail(f"{game_id}: the viewer decides but the screen offers nothing to click")
    assert clicks >= 5, f"{game_id}: only {clicks} clicks played"
    assert not error_dialogs, error_dialogs
