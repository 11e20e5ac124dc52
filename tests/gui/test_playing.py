"""Playing through the window: board, hand-over, clicks, log, undo actions, files."""
from __future__ import annotations

from PySide6.QtCore import Qt

from gui.board.view import TILE_FILL
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow
from gui.widgets import dialogs


def toy(seats=("human", "bot:random"), seed=3, **options) -> NewGameConfig:
    return NewGameConfig("toy", len(seats), "versus", tuple(seats), options, seed)


def click_space(window: MainWindow, qtbot, space: str) -> None:
    view = window.board_view
    tile = view.tile_for_space(space)
    view.centerOn(tile)
    at = view.mapFromScene(tile.sceneBoundingRect().center())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)


def test_starting_a_game_draws_its_spaces(window: MainWindow, qtbot) -> None:
    assert window.start_game(toy(seats=("human", "human")))
    window.handover_screen.ready_button.click()  # two people share the screen: hand-over first
    view = window.board_view
    assert not view.is_showing_placeholder()
    assert view.space_ids() == ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    assert window.windowTitle().startswith("Toy Ridge")
    assert window.turn_label.text() == "Player 1 to decide"
    assert window.action_collection.save.isEnabled()


def test_clicking_a_space_plays_the_only_command_there(window: MainWindow, qtbot, monkeypatch) -> None:
    window.start_game(toy(seats=("human", "bot:random"), challenges=False))
    offered: list = []
    monkeypatch.setattr(dialogs, "choose_command",
                        lambda parent, commands, labels=None: offered.append(commands) or commands[0])
    with qtbot.waitSignal(window.session.command_applied):
        click_space(window, qtbot, "b2")
    assert window.log_dock.line_texts()[0].startswith("Player 1 placed")
    assert all(len(commands) > 1 for commands in offered)  # a menu only when there is a choice
    qtbot.waitUntil(lambda: window.session.deciders() == (0,), timeout=5000)  # the bot answered
    assert "b2" not in window.session.active_spaces()
    assert window.board_view.tile_for_space("b2").brush().color() == TILE_FILL


def test_several_commands_on_a_space_let_the_player_choose(window: MainWindow, qtbot, monkeypatch) -> None:
    window.start_game(toy(seats=("human", "bot:random")))
    from gui.controller.touches import Outcome
    monkeypatch.setattr(window.session, "touch",
                        lambda space: Outcome(None, ("0: claim high", "0: claim low"), frozenset()))
    monkeypatch.setattr(dialogs, "choose_command", lambda parent, commands, labels=None: commands[1])
    with qtbot.waitSignal(window.session.command_applied) as applied:
        click_space(window, qtbot, "a1")
    assert applied.args[0]["claims"] == [[0, "low"]]


def test_a_drag_pans_instead_of_playing(window: MainWindow, qtbot) -> None:
    window.start_game(toy(seats=("human", "bot:random")))
    clicked: list = []
    window.board_view.space_clicked.connect(clicked.append)
    view = window.board_view
    at = view.mapFromScene(view.tile_for_space("a1").sceneBoundingRect().center())
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseMove(view.viewport(), at + at.__class__(40, 40))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=at + at.__class__(40, 40))
    assert clicked == []


def test_typed_commands_go_to_the_session(window: MainWindow, qtbot) -> None:
    window.start_game(toy(seats=("human", "bot:random")))
    with qtbot.waitSignal(window.session.command_applied):
        window.log_dock.command_line.setText("claim high")
        qtbot.keyClick(window.log_dock.command_line, Qt.Key.Key_Return)
    assert window.log_dock.command_line.text() == ""


def test_refused_move_shows_an_error_in_plain_words(window: MainWindow, error_dialogs) -> None:
    window.start_game(toy(seats=("human", "bot:random")))
    window.session.apply("place 99 a1")
    title, message = error_dialogs[-1]
    assert title == "Move not allowed"
    assert "you hold no 99" in message and "TOY-PLACE-1" in message
    assert "Traceback" not in message


def test_hot_seat_hides_the_board_until_the_next_player_confirms(window: MainWindow, qtbot) -> None:
    window.start_game(toy(seats=("human", "human")))
    assert window.central_stack.currentWidget() is window.handover_screen
    assert window.handover_screen.headline.text() == "Pass the device to Player 1"
    window.handover_screen.ready_button.click()
    assert window.central_stack.currentWidget() is window.board_view
    window.session.apply("pass")
    assert window.central_stack.currentWidget() is window.handover_screen
    assert "Player 2" in window.handover_screen.headline.text()
    assert window.log_dock.line_texts() == []  # Player 1's log is hidden too
    assert not window.log_dock.command_line.isEnabled()
    window.handover_screen.ready_button.click()
    assert window.central_stack.currentWidget() is window.board_view
    assert window.turn_label.text() == "Player 2 to decide"


def test_one_human_against_computers_needs_no_hand_over(window: MainWindow) -> None:
    window.start_game(toy(seats=("human", "bot:random")))
    assert window.central_stack.currentWidget() is window.board_view


def test_undo_actions_follow_the_engine(window: MainWindow, qtbot) -> None:
    window.start_game(toy(seats=("human", "human", "human")))
    window.handover_screen.ready_button.click()
    undo, redo = window.action_collection.undo, window.action_collection.redo
    assert not undo.isEnabled() and not redo.isEnabled()
    window.session.apply("pass")
    assert undo.isEnabled()
    undo.trigger()
    assert window.session.deciders() == (0,)
    assert redo.isEnabled() and not undo.isEnabled()
    redo.trigger()
    assert window.session.deciders() == (1,)


def test_save_then_open_through_the_window(window: MainWindow, tmp_path, monkeypatch, qtbot) -> None:
    window.start_game(toy(seats=("human", "bot:random")))
    path = str(tmp_path / "kept.tksave")
    monkeypatch.setattr(dialogs, "ask_save_path", lambda parent, suffix, suggested="": path)
    assert window.action_collection.save.isEnabled()
    window.action_collection.save.trigger()
    assert window.session.path == path
    assert window.settings.recent_files() == [path]
    recent = [a.data() for a in window.recent_menu.actions() if a.data()]
    assert recent == [path]
    window.session.close_game()
    monkeypatch.setattr(dialogs, "ask_open_path", lambda parent, suffix, folder="": path)
    with qtbot.waitSignal(window.session.game_started):
        window.action_collection.open.trigger()
    assert window.session.path == path


def test_corrupt_save_shows_an_error_naming_the_file(window: MainWindow, tmp_path, error_dialogs) -> None:
    path = tmp_path / "damaged.tksave"
    path.write_text('{"format": "tablekeeper-save", "version": 1, "game": "toy"', encoding="utf-8")
    assert not window.open_game(str(path))
    title, message = error_dialogs[-1]
    assert title == "Cannot open the game"
    assert str(path) in message and "damaged" in message
    assert "Traceback" not in message
    assert window.board_view.is_showing_placeholder()


def test_recent_files_menu_opens_clears_and_forgets_missing(window: MainWindow, tmp_path,
                                                            error_dialogs) -> None:
    window.start_game(toy(seats=("human", "bot:random")))
    path = str(tmp_path / "recent.tksave")
    window.session.save(path)
    missing = str(tmp_path / "gone.tksave")
    window.settings.add_recent_file(path)
    window.settings.add_recent_file(missing)
    window._rebuild_recent_menu()
    assert window.recent_menu.isEnabled()
    entries = [a for a in window.recent_menu.actions() if a.data()]
    assert [a.data() for a in entries] == [missing, path]
    entries[0].trigger()  # the missing file: an error, and it leaves the list
    assert error_dialogs and "gone.tksave" in error_dialogs[-1][1]
    assert window.settings.recent_files() == [path]
    [a for a in window.recent_menu.actions() if a.data()][0].trigger()
    assert window.session.path == path
    window.action_collection.clear_recent.trigger()
    assert window.settings.recent_files() == []
    assert not window.recent_menu.isEnabled()


def test_game_over_reaches_log_and_status(window: MainWindow) -> None:
    window.start_game(toy(seats=("human", "human")))
    window.handover_screen.ready_button.click()
    window.session.apply("pass")
    window.handover_screen.ready_button.click()
    window.session.apply("pass")
    assert window.turn_label.text().startswith("Game over:")
    assert window.log_dock.line_texts()[-1].startswith("Game over:")
    assert not window.log_dock.command_line.isEnabled()
