"""Fixes found while trying the app (issue 13): status-bar messages beside the turn label, the
board re-fitted to a resized window, the highlight legend, the "your turn" banner, decision
tooltips in words, the start page."""
from __future__ import annotations

from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow


def toy(seats=("human", "bot:random"), seed=3, **options) -> NewGameConfig:
    return NewGameConfig("toy", len(seats), "versus", tuple(seats), options, seed)


# -- the status bar ------------------------------------------------------------------------------
def _message_room(window: MainWindow) -> int:
    """Pixels the status bar leaves for a passing message: from its left edge to the first
    widget that stays (QStatusBar paints messages only there)."""
    return window.turn_label.geometry().left()


def test_a_status_message_shows_beside_the_turn_label(window: MainWindow, qtbot) -> None:
    window.resize(1100, 700)
    window.start_game(toy())
    assert window.turn_label.text() == "Player 1 to decide"
    message = "Saved /home/someone/games/a-rather-long-file-name.tksave"
    window.statusBar().showMessage(message, 4000)
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == message)
    bar = window.statusBar()
    assert _message_room(window) >= bar.fontMetrics().horizontalAdvance(message) + 8
    assert window.turn_label.isVisible()
    assert window.turn_label.displayed_text() == "Player 1 to decide"  # whole, on the right
    assert window.turn_label.geometry().right() > bar.width() * 0.6


def test_a_long_turn_text_is_shortened_and_leaves_half_the_bar(window: MainWindow, qtbot) -> None:
    window.resize(1024, 700)
    long_text = "; ".join(f"Player {n} to decide" for n in range(1, 30))
    window.turn_label.setText(long_text)
    window.statusBar().showMessage("Not now: you have no influence left (rule VIN-ACT-2)", 4000)
    qtbot.waitUntil(lambda: window.turn_label.width() < window.width() * 0.5)
    assert _message_room(window) >= window.width() * 0.5
    shown = window.turn_label.displayed_text()
    assert shown.endswith("…") and len(shown) < len(long_text)
    assert window.turn_label.toolTip() == long_text  # the whole text on hover


def test_the_computers_move_reaches_the_status_bar(window: MainWindow, qtbot) -> None:
    window.start_game(toy())
    with qtbot.waitSignal(window.session.bot_moved, timeout=5000):
        window.session.apply("pass")
    qtbot.waitUntil(lambda: "(computer)" in window.statusBar().currentMessage())
    message = window.statusBar().currentMessage()
    assert _message_room(window) >= window.statusBar().fontMetrics().horizontalAdvance(message)

