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



# -- the board follows the window's size ---------------------------------------------------------
def _fit_zoom(window: MainWindow) -> float:
    """The zoom that shows the whole board in the view as it is now (as BoardView.fit computes it)."""
    from gui.board.view import MAX_FIT_ZOOM
    view = window.board_view
    rect, port = view.sceneRect(), view.viewport().rect()
    return min(MAX_FIT_ZOOM, (port.width() - 2) / rect.width(), (port.height() - 2) / rect.height())


def test_a_resized_window_fits_the_board_again(window: MainWindow, qtbot) -> None:
    window.resize(900, 600)
    window.start_game(toy())
    qtbot.waitUntil(lambda: abs(window.board_view.zoom() - _fit_zoom(window)) < 0.03)
    small = window.board_view.zoom()
    window.resize(1500, 1000)
    qtbot.waitUntil(lambda: window.board_view.zoom() > small * 1.2)
    qtbot.waitUntil(lambda: abs(window.board_view.zoom() - _fit_zoom(window)) < 0.03)
    window.resize(900, 600)
    qtbot.waitUntil(lambda: abs(window.board_view.zoom() - small) < 0.03)
    assert window.zoom_label.text() == f"Zoom {round(window.board_view.zoom() * 100)}%"


def test_a_zoom_the_player_chose_survives_a_resize(window: MainWindow, qtbot) -> None:
    window.resize(900, 600)
    window.start_game(toy())
    qtbot.waitUntil(lambda: abs(window.board_view.zoom() - _fit_zoom(window)) < 0.03)
    window.action_collection.zoom_in.trigger()
    chosen = window.board_view.zoom()
    window.resize(1500, 1000)
    qtbot.wait(50)
    assert window.board_view.zoom() == chosen
    window.action_collection.fit.trigger()  # fitted again: from now on it follows the window
    window.resize(900, 600)
    qtbot.waitUntil(lambda: abs(window.board_view.zoom() - _fit_zoom(window)) < 0.03)
