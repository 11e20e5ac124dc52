"""Fixes found while trying the app (issue 13): status-bar messages beside the turn label, the
board re-fitted to a resized window, the highlight legend, the "your turn" banner, decision
tooltips in words, the start page."""
from __future__ import annotations

from PySide6.QtCore import Qt

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
    window.statusBar().showMessage("Not now: you have no influence left (rule VIN-ACTIVATE-2)", 4000)
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
    qtbot.waitUntil(lambda: abs(window.board_view.zoom() - _fit_zoom(window)) < 0.03, timeout=15_000)
    small = window.board_view.zoom()
    window.resize(1500, 1000)
    # grows to the new fit (which MAX_FIT_ZOOM may cap: the toy board is small)
    qtbot.waitUntil(lambda: window.board_view.zoom() > small + 0.05
                    and abs(window.board_view.zoom() - _fit_zoom(window)) < 0.03, timeout=15_000)
    large = window.board_view.zoom()
    window.resize(900, 600)   # the side docks may give way now: the fit, not the first zoom, comes back
    qtbot.waitUntil(lambda: window.board_view.zoom() < large
                    and abs(window.board_view.zoom() - _fit_zoom(window)) < 0.03, timeout=15_000)
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


# -- the highlight legend ------------------------------------------------------------------------
def test_a_legend_under_the_board_says_what_the_highlights_mean(window: MainWindow, qtbot) -> None:
    from gui.board import scene
    assert not window.legend.isVisible()  # the start page has no board to explain
    assert window.action_collection.show_legend.isChecked()  # on by default
    window.start_game(toy())
    qtbot.waitUntil(window.legend.isVisible)
    texts = {key: label.text() for key, label in window.legend.labels.items()}
    assert texts == {"active": "you can play", "last_move": "computer's last move",
                     "flash": "just changed"}
    assert window.legend.labels["active"].toolTip().startswith("Green edge: click a space")
    swatches = window.legend.swatches  # drawn in the board's own colours and line styles
    assert swatches["active"].colour() == scene.ACTIVE_EDGE
    assert swatches["last_move"].colour() == scene.LAST_MOVE_EDGE
    assert swatches["last_move"].pen_style == Qt.PenStyle.DashLine
    assert swatches["flash"].colour() == scene.FLASH_EDGE
    assert window.legend.geometry().top() >= window.central_stack.geometry().bottom()  # under the board
    window.action_collection.show_legend.trigger()  # View ▸ Highlight Legend hides it, remembered
    assert not window.legend.isVisible() and not window.settings.show_legend
    window.action_collection.show_legend.trigger()
    assert window.legend.isVisible() and window.settings.show_legend


def test_the_legend_follows_the_language(window: MainWindow, qtbot) -> None:
    window.start_game(toy())
    window.set_language("zh_TW")
    qtbot.waitUntil(lambda: window.legend.labels["active"].text() == "可以行動")
    window.set_language("en")
    qtbot.waitUntil(lambda: window.legend.labels["active"].text() == "you can play")


def test_the_legend_never_widens_the_window(window: MainWindow, qtbot) -> None:
    window.start_game(toy())
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.width() == 1024)
    assert window.legend.isVisible() and window.legend.width() <= window.central_stack.width()
    assert all(label.displayed_text() == label.text() for label in window.legend.labels.values())


def test_no_legend_behind_the_hand_over_screen(window: MainWindow) -> None:
    window.start_game(toy(seats=("human", "human")))
    assert window.central_stack.currentWidget() is window.handover_screen
    assert not window.legend.isVisible()
    window.handover_screen.ready_button.click()
    assert window.legend.isVisible()


# -- the "your turn" banner ----------------------------------------------------------------------
def test_your_turn_banner_greets_the_player_and_fades(window: MainWindow, qtbot) -> None:
    window.start_game(toy())
    banner = window.turn_banner
    qtbot.waitUntil(banner.isVisible)
    assert banner.text() == "Your turn, Player 1"
    assert banner.geometry().top() < window.central_stack.height() // 3  # over the top of the table
    qtbot.waitUntil(lambda: not banner.isVisible(), timeout=5000)  # fades by itself after ~2 s


def test_the_banner_closes_on_a_click_and_the_table_stays_live(window: MainWindow, qtbot) -> None:
    window.start_game(toy())
    banner = window.turn_banner
    qtbot.waitUntil(banner.isVisible)
    assert window.board_view.isEnabled() and not banner.isWindow()  # not modal: part of the window
    qtbot.mouseClick(banner, Qt.MouseButton.LeftButton)
    assert not banner.isVisible()


def test_the_banner_comes_back_after_the_computer_moved(window: MainWindow, qtbot) -> None:
    window.start_game(toy())
    banner = window.turn_banner
    qtbot.waitUntil(banner.isVisible)
    banner.dismiss()
    window.session.apply("pass")  # the computer decides now, then Player 1 again
    qtbot.waitUntil(lambda: window.session.deciders() == (0,), timeout=5000)
    qtbot.waitUntil(banner.isVisible)
    assert banner.text() == "Your turn, Player 1"


def test_no_banner_when_the_same_person_decides_again(window: MainWindow, qtbot) -> None:
    window.start_game(NewGameConfig("toy", 1, "solo", ("human",), {}, 3))
    banner = window.turn_banner
    qtbot.waitUntil(banner.isVisible)
    banner.dismiss()
    place = next(c for c in window.session.legal_for_space("a1"))
    window.session.apply(place)  # still Player 1's decision
    assert window.session.deciders() == (0,)
    qtbot.wait(50)
    assert not banner.isVisible()


def test_in_hot_seat_the_banner_waits_for_the_hand_over(window: MainWindow, qtbot) -> None:
    window.start_game(toy(seats=("human", "human")))
    banner = window.turn_banner
    assert window.central_stack.currentWidget() is window.handover_screen
    assert not banner.isVisible()
    window.handover_screen.ready_button.click()
    qtbot.waitUntil(banner.isVisible)
    assert banner.text() == "Your turn, Player 1"
    window.session.apply("pass")
    assert window.central_stack.currentWidget() is window.handover_screen
    assert not banner.isVisible()  # nothing of the next player shows before they confirm
    window.handover_screen.ready_button.click()
    qtbot.waitUntil(lambda: banner.isVisible() and banner.text() == "Your turn, Player 2")


# -- decisions in words --------------------------------------------------------------------------
def test_decision_tooltips_are_words_then_the_notation_without_a_seat_from_0(window: MainWindow,
                                                                            qtbot) -> None:
    window.start_game(NewGameConfig("vindication", 2, "standard", ("human", "bot:heuristic"), {}, 7))
    qtbot.waitUntil(lambda: bool(window.choice_dock.buttons), timeout=5000)
    for button in window.choice_dock.buttons:
        command = str(button.property("command"))
        assert command.startswith("0: answer ")  # what the engine is sent is unchanged
        words, notation = button.toolTip().split("\n")
        assert words == button.text() and not words.startswith("0:")  # the game's words first
        assert notation == "Notation: " + command.removeprefix("0: ")
    window.set_language("zh_TW")
    qtbot.waitUntil(lambda: window.choice_dock.buttons[0].toolTip().split("\n")[1].startswith("記譜："))
    window.set_language("en")


def test_the_choice_menu_shows_words_and_typed_notation(window: MainWindow) -> None:
    from gui.widgets import dialogs
    menu = dialogs.command_menu(window, ["0: move T25,T13", "2: pass"], ["Walk to T13", "Pass"])
    seen = [(a.text(), a.toolTip(), a.data()) for a in menu.actions()]
    assert seen == [("Walk to T13", "Notation: move T25,T13", "0: move T25,T13"),
                    ("Pass", "Notation: pass", "2: pass")]
    menu.deleteLater()


def test_undo_says_what_it_takes_back_in_words(window: MainWindow, qtbot) -> None:
    window.start_game(toy(seats=("human", "human", "human")))
    window.handover_screen.ready_button.click()
    window.session.apply("pass")
    assert window.action_collection.undo.statusTip() == "Take back pass"  # not "Take back 0: pass"


def test_compact_zones_reflow_to_the_width_of_their_dock(qtbot) -> None:
    """A zone of five pieces in a narrow dock wraps onto more rows instead of squeezing each
    title to a letter a line; given room, it takes its own column count again."""
    from gui.widgets.zones import PIECE_MIN_WIDTH, ZoneGrid
    grid = ZoneGrid()
    qtbot.addWidget(grid)
    items = [{"id": f"p{i}", "title": f"Piece number {i}"} for i in range(5)]
    grid.resize(2 * PIECE_MIN_WIDTH + 10, 400)
    grid.show()
    grid.set_zones([{"id": "z", "title": "Zone", "items": items, "columns": 5}])
    grid.set_state({"p3"}, set())

    def columns() -> int:
        return len({grid.grid.getItemPosition(grid.grid.indexOf(p))[1] for p in grid.pieces.values()})
    assert columns() == 2
    grid.resize(8 * PIECE_MIN_WIDTH, 400)
    qtbot.waitUntil(lambda: columns() == 5)
    assert grid.pieces["p3"].draggable   # the lit state survives the rebuild
