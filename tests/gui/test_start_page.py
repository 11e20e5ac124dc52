"""The start page (gui/widgets/start_page.py): the first window lists every registered game with
its modes and player counts, Resume when a game was left unfinished and the recent saves, each
one click from playing; it gives way to the board when a game starts and returns when it closes."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from gui.controller.catalog import available_games
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow


def toy(seats=("human", "bot:random"), seed=3) -> NewGameConfig:
    return NewGameConfig("toy", len(seats), "versus", tuple(seats), {}, seed)


def test_the_first_window_lists_every_registered_game(window: MainWindow) -> None:
    page = window.start_page
    assert window.central_stack.currentWidget() is page
    games = available_games()
    assert {g.id for g in games} >= {"toy", "vindication", "nemesis", "dragonbond"}
    assert set(page.game_buttons) == {g.id for g in games}
    toy_button = page.game_buttons["toy"]
    assert toy_button.text() == "Toy Ridge"
    assert toy_button.description() == ("A test game for the shared core.\n"
                                        "Versus: 2–4 players · Solo: 1 player")
    for game in games:  # names, summaries and modes come from the games' descriptions
        description = page.game_buttons[game.id].description()
        assert page.game_buttons[game.id].text() == game.name.en
        assert all(mode.name.en in description for mode in game.modes)
    assert not page.resume_button.isVisible()  # nothing was left unfinished
    assert not page.recent_header.isVisible()


def test_a_click_on_a_game_opens_the_new_game_dialog_with_it_chosen(window: MainWindow, qtbot,
                                                                    monkeypatch) -> None:
    chosen: list[str] = []
    real = window.create_new_game_dialog

    def dialog_that_starts():
        dialog = real()
        def exec_() -> int:
            chosen.append(dialog.selected_game().id)
            dialog.players_spin.setValue(2)
            dialog.findChild(type(dialog.mode_combo), "seat_combo_1").setCurrentIndex(1)  # a computer
            return dialog.DialogCode.Accepted
        dialog.exec = exec_
        return dialog
    monkeypatch.setattr(window, "create_new_game_dialog", dialog_that_starts)
    with qtbot.waitSignal(window.session.game_started):
        qtbot.mouseClick(window.start_page.game_buttons["toy"], Qt.MouseButton.LeftButton)
    assert chosen == ["toy"]
    assert window.session.game_name().en == "Toy Ridge"
    assert window.central_stack.currentWidget() is window.board_view
    assert window.actions_dock.isVisible() and window.log_dock.isVisible()


def test_closing_the_game_brings_the_start_page_back_with_resume(window: MainWindow, qtbot) -> None:
    window.start_game(toy())
    assert window.central_stack.currentWidget() is window.board_view
    window.session.apply("pass")
    qtbot.waitUntil(lambda: window.session.deciders() == (0,), timeout=5000)  # the computer answered
    digest = window.session.digest()
    window.action_collection.close_game.trigger()
    assert not window.session.has_game()
    assert window.central_stack.currentWidget() is window.start_page
    assert not window.actions_dock.isVisible() and not window.log_dock.isVisible()
    assert window.start_page.resume_button.isVisible()  # the crash copy keeps the unfinished game
    with qtbot.waitSignal(window.session.game_started):
        qtbot.mouseClick(window.start_page.resume_button, Qt.MouseButton.LeftButton)
    assert window.session.digest() == digest
    assert window.central_stack.currentWidget() is window.board_view
    assert window.log_dock.isVisible()


def test_recent_saves_open_with_one_click_and_missing_ones_are_left_out(window: MainWindow, qtbot,
                                                                       tmp_path: Path) -> None:
    window.start_game(toy())
    kept = str(tmp_path / "evening game.tksave")
    window.session.save(kept)
    digest = window.session.digest()
    window.settings.add_recent_file(str(tmp_path / "gone.tksave"))
    window.settings.add_recent_file(kept)
    window.close_game()
    page = window.start_page
    assert list(page.recent_buttons) == [kept]
    assert page.recent_header.isVisible()
    button = page.recent_buttons[kept]
    assert button.text() == "evening game" and button.description() == str(tmp_path)
    with qtbot.waitSignal(window.session.game_started):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.session.path == kept and window.session.digest() == digest


def test_the_log_choice_survives_the_start_page(window: MainWindow, qtbot) -> None:
    window.start_game(toy())
    window.action_collection.show_log.trigger()  # the player hides the log
    qtbot.waitUntil(lambda: not window.log_dock.isVisible())
    window.close_game()
    assert not window.action_collection.show_log.isChecked()
    window.start_game(toy())
    assert window.actions_dock.isVisible() and not window.log_dock.isVisible()
    window.action_collection.show_log.trigger()
    qtbot.waitUntil(window.log_dock.isVisible)


def test_the_start_page_speaks_chinese(window: MainWindow, qtbot) -> None:
    window.set_language("zh_TW")
    page = window.start_page
    qtbot.waitUntil(lambda: page.games_header.text() == "新遊戲")
    assert page.game_buttons["toy"].text() == "玩具山脊"
    assert page.game_buttons["toy"].description() == "測試用的小遊戲。\n對戰：2–4 位玩家 · 單人：1 位玩家"
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: page.width() < 1100)
    for card in page.game_buttons.values():  # every line of every description shows (Chinese lines
        body = card.body                      # are taller than the Latin font's: nothing cut off)
        qtbot.waitUntil(lambda b=body: b.height() >= b.heightForWidth(b.width()))
    window.set_language("en")
    qtbot.waitUntil(lambda: page.games_header.text() == "New game")
