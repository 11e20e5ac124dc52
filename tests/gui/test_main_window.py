"""The main window: menus, actions, board placeholder, log dock, status bar, zoom."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QDockWidget

from gui.main_window import MainWindow

REPOSITORY = Path(__file__).resolve().parents[2]
MENU_ACTIONS = {
    "file_menu": ["New Game…", "Open…", "Open Replay…", "Open Recent", "Save", "Save As…", "Close Game", "Quit"],
    "game_menu": ["Undo", "Redo", "End Turn", "Cancel Move", "Go to Decision", "Confirm End of Turn",
                  "Computer Speed", "Skip Computer Moves", "Hint", "Review Game", "Play Online…"],
    "view_menu": ["Zoom In", "Zoom Out", "Fit to Window", "Show Log", "Highlight Legend", "Win Chances",
                  "Language"],
    "help_menu": ["Rules", "Learn to Play", "About Tablekeeper"],
}


def _plain(text: str) -> str:
    return text.replace("&", "")


def test_window_has_title_and_four_menus(window: MainWindow) -> None:
    assert window.windowTitle() == "Tablekeeper"
    titles = [_plain(a.text()) for a in window.menuBar().actions()]
    assert titles == ["File", "Game", "View", "Help"]


def test_menus_hold_their_actions(window: MainWindow) -> None:
    for menu_name, expected in MENU_ACTIONS.items():
        menu = getattr(window, menu_name)
        texts = [_plain(a.text()) for a in menu.actions() if not a.isSeparator()]
        assert texts == expected, menu_name


def test_language_submenu_is_an_exclusive_choice(window: MainWindow) -> None:
    texts = [a.text() for a in window.language_menu.actions()]
    assert texts == ["English", "繁體中文"]
    group = window.action_collection.language_group
    assert group.isExclusive()
    assert [a.isChecked() for a in window.language_menu.actions()] == [True, False]


def test_empty_window_shows_the_start_page_and_ready_status(window: MainWindow) -> None:
    assert window.central_stack.currentWidget() is window.start_page
    assert window.board_view.is_showing_placeholder()  # nothing of an earlier game stays drawn
    assert not window.actions_dock.isVisible() and not window.log_dock.isVisible()
    assert window.turn_label.text().startswith("Ready")
    assert not window.action_collection.save.isEnabled()
    assert not window.action_collection.undo.isEnabled()


def test_board_scene_is_kept_alive_by_the_view(window: MainWindow) -> None:
    import gc
    gc.collect()
    assert window.board_view.scene() is window.board_view.board_scene
    assert window.board_view.scene().parent() is window.board_view


def test_log_dock_toggles_with_show_log(window: MainWindow, qtbot) -> None:
    from gui.controller.types import NewGameConfig
    window.start_game(NewGameConfig("toy", 2, "versus", ("human", "bot:random"), {}, 1))
    dock = window.findChild(QDockWidget, "log_dock")
    assert dock is window.log_dock and dock.isVisible()
    window.action_collection.show_log.trigger()
    qtbot.waitUntil(lambda: not dock.isVisible())
    assert not window.action_collection.show_log.isChecked()
    window.action_collection.show_log.trigger()
    qtbot.waitUntil(dock.isVisible)


def _activate(window: MainWindow, qtbot) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def test_zoom_shortcuts_change_the_view_transform(window: MainWindow, qtbot) -> None:
    _activate(window, qtbot)
    view = window.board_view
    start = view.zoom()
    qtbot.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom() > start
    qtbot.keyClick(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    bigger = view.zoom()
    assert bigger > start
    qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom() < bigger
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    fitted = view.zoom()
    assert fitted != bigger
    assert window.zoom_label.text() == f"Zoom {round(fitted * 100)}%"


def _wheel(view, steps: int) -> None:
    centre = view.viewport().rect().center()
    event = QWheelEvent(QPointF(centre), QPointF(view.viewport().mapToGlobal(centre)), QPoint(0, 0),
                        QPoint(0, 120 * steps), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def test_wheel_zooms_in_and_out(window: MainWindow) -> None:
    view = window.board_view
    start = view.zoom()
    _wheel(view, 1)
    assert view.zoom() > start
    _wheel(view, -2)
    assert view.zoom() < start


def test_zoom_is_bounded(window: MainWindow) -> None:
    view = window.board_view
    for _ in range(60):
        view.zoom_in()
    assert view.zoom() <= 8.0 + 1e-9
    for _ in range(120):
        view.zoom_out()
    assert view.zoom() >= 0.1 - 1e-9


def test_about_uses_the_dialog_helper(window: MainWindow, error_dialogs) -> None:
    window.action_collection.about.trigger()
    assert error_dialogs and error_dialogs[-1][0] == "About Tablekeeper"


def test_window_geometry_is_remembered(window: MainWindow, settings) -> None:
    window.resize(900, 650)
    window.close()
    assert settings.window_geometry() is not None
    assert settings.window_state() is not None


def test_pyqtgraph_and_engine_are_not_imported_at_start_up(tmp_path) -> None:
    # A fresh interpreter: other tests in this process may have imported pyqtgraph already.
    script = textwrap.dedent("""
        import sys
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication
        from gui.app import configure_application
        from gui.controller.session import GameSession
        from gui.i18n import LanguageSwitcher
        from gui.main_window import MainWindow
        from gui.settings import Settings
        app = QApplication([])
        configure_application(app)
        window = MainWindow(GameSession(), Settings(QSettings(sys.argv[1], QSettings.Format.IniFormat)),
                            LanguageSwitcher(app))
        window.show()
        app.processEvents()
        rules = ("engine.core.state", "engine.core.match")
        print("pyqtgraph" in sys.modules, any(m in sys.modules for m in rules))
        window.close()
    """)
    env = {key: value for key, value in os.environ.items() if key != "TABLEKEEPER_GAMES"}  # built-in games
    result = subprocess.run([sys.executable, "-c", script, str(tmp_path / "s.ini")], capture_output=True,
                            text=True, timeout=60, check=True, cwd=REPOSITORY, env=env)
    # Neither the plotting library nor the engine's rules load before they are needed (start-up
    # time, memory); the start page reads only the games' descriptions.
    assert result.stdout.split() == ["False", "False"]
