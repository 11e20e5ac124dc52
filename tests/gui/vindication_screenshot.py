"""Offscreen screenshots of a Vindication game in progress, for reviewing the island by eye.

    python tests/gui/vindication_screenshot.py [FOLDER]     # default /tmp/shots

writes vin_base.png (the main island after a few turns) and vin_module.png (with Villages &
Hamlets: the Forgotten Isle and the village boards), tests/gui/test_vindication_board.py runs it;
and vin_panels_en.png / vin_panels_zh_TW.png (mid-game, with the actions dock, the player boards
and readable choices, in both languages), which tests/gui/test_vindication_panels.py runs.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def take_screenshots(folder: Path, languages: tuple[str, ...] = ("en",)) -> list[Path]:
    """The island after a few turns, without and with the module: vin_base.png and vin_module.png
    in English, vin_base_zh_TW.png … in another language."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gui.app import configure_application
    from gui.controller.session import GameSession
    from gui.controller.types import NewGameConfig
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import Settings

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    folder.mkdir(parents=True, exist_ok=True)
    switcher = LanguageSwitcher(app)
    switcher.set_language("en")
    written: list[Path] = []

    def settle() -> None:
        for _ in range(5):
            app.processEvents()

    def confirm(window: MainWindow) -> None:
        """Hot seat: the next player takes the device."""
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.confirmed.emit()

    shots = [(name, options, language) for language in languages
             for name, options in (("base", {}), ("module", {"villages_hamlets": True}))]
    for name, options, language in shots:
        switcher.set_language(language)
        settings = Settings(QSettings(str(folder / ".settings-vin.ini"), QSettings.Format.IniFormat))
        session = GameSession(bot_delay_ms=0)
        window = MainWindow(session, settings, switcher)
        window.resize(1280, 820)
        window.show()
        settle()
        def play(command: str, window: MainWindow = window, session: GameSession = session) -> None:
            session.apply(command)
            confirm(window)

        session.new_game(NewGameConfig("vindication", 3, "standard", ("human",) * 3, options, seed=5))
        confirm(window)
        # set-up answered with the first choice, then a few turns: moves and visits where possible
        for _ in range(60):
            answers = session.pending_answers()
            if answers:
                play(answers[0][1])
                continue
            if session.deciders() and session.active_spaces():
                break
        for _turn in range(4):
            for space in sorted(session.active_spaces()):
                if space.startswith("R") and session.legal_for_space(space):
                    play(session.legal_for_space(space)[0])
                    break
            while session.pending_answers():
                play(session.pending_answers()[0][1])
            moves = [s for s in sorted(session.active_spaces()) if s.startswith("T")]
            if moves:
                play(session.legal_for_space(moves[-1])[0])
            while session.pending_answers():
                play(session.pending_answers()[0][1])
            play("end_turn")
            while session.pending_answers():
                play(session.pending_answers()[0][1])
        window.board_view.fit()
        settle()
        path = folder / (f"vin_{name}.png" if language == "en" else f"vin_{name}_{language}.png")
        window.board_view.flash_in_turn([])  # a still picture: no space half-way through a flash
        window.grab().save(str(path))
        written.append(path)
        window.close()
        session.shutdown()
        window.deleteLater()
        settle()
    switcher.set_language("en")
    return written


def take_panel_screenshots(folder: Path) -> list[Path]:
    """A 2-player game some turns in, its viewer to play with the move done: once per language."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gui.app import configure_application
    from gui.controller.session import GameSession
    from gui.controller.types import NewGameConfig
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import Settings

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    folder.mkdir(parents=True, exist_ok=True)
    switcher = LanguageSwitcher(app)
    written: list[Path] = []
    for language in ("en", "zh_TW"):
        switcher.set_language(language)
        ini = folder / f".settings-panels-{language}.ini"
        ini.unlink(missing_ok=True)  # a window state saved by an earlier run would fix the dock sizes
        settings = Settings(QSettings(str(ini), QSettings.Format.IniFormat))
        session = GameSession(bot_delay_ms=0)
        window = MainWindow(session, settings, switcher)
        window.resize(1440, 900)
        window.show()

        def play(command: str, window: MainWindow = window, session: GameSession = session) -> None:
            session.apply(command)
            if window.central_stack.currentWidget() is window.handover_screen:
                window.handover_screen.confirmed.emit()

        def answer_all(session: GameSession = session) -> None:
            while session.pending_answers():
                play(session.pending_answers()[0][1])

        session.new_game(NewGameConfig("vindication", 2, "standard", ("human", "human"), {}, seed=8))
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.confirmed.emit()
        answer_all()
        for turn in range(7):
            regions = [s for s in sorted(session.active_spaces()) if s.startswith("R")]
            if regions:
                play(session.legal_for_space(regions[0])[0])
                answer_all()
            for action in ("activate",):
                for group in session.turn_actions():
                    if group.key == action:
                        play(group.actions[-1][1])
                        answer_all()
                        break
            moves = [s for s in sorted(session.active_spaces()) if s.startswith("T")]
            if moves:
                play(session.legal_for_space(moves[turn % len(moves)])[0])
                answer_all()
            if turn < 6:
                play("end_turn")
                answer_all()
        for _ in range(5):
            app.processEvents()
        window.board_view.fit()
        for _ in range(5):
            app.processEvents()
        window.player_boards_dock.widget().verticalScrollBar().setValue(0)
        path = folder / f"vin_panels_{language}.png"
        window.board_view.flash_in_turn([])
        window.grab().save(str(path))
        written.append(path)
        window.close()
        session.shutdown()
        window.deleteLater()
        app.processEvents()
    switcher.set_language("en")
    return written


def take_end_screenshots(folder: Path) -> list[Path]:
    """A seeded 2-player game of heuristic bots (short) played to the end: the end-of-game screen,
    once per language."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gui.app import configure_application
    from gui.controller.session import GameSession
    from gui.controller.types import NewGameConfig
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import Settings

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    folder.mkdir(parents=True, exist_ok=True)
    switcher = LanguageSwitcher(app)
    written: list[Path] = []
    for language in ("en", "zh_TW"):
        switcher.set_language(language)
        ini = folder / f".settings-end-{language}.ini"
        ini.unlink(missing_ok=True)
        session = GameSession(bot_delay_ms=0)
        window = MainWindow(session, Settings(QSettings(str(ini), QSettings.Format.IniFormat)), switcher)
        window.set_language(language)
        window.resize(1280, 820)
        window.show()
        session.new_game(NewGameConfig("vindication", 2, "standard", ("bot:heuristic", "bot:heuristic"), {}, seed=1))
        deadline = time.monotonic() + 120
        while not (session.is_over() and window.end_dialog is not None) and time.monotonic() < deadline:
            app.processEvents()
            time.sleep(0.001)
        dialog = window.end_dialog
        assert dialog is not None, "the bot game did not end"
        for _ in range(5):
            app.processEvents()
        path = folder / f"vin_end_{language}.png"
        dialog.grab().save(str(path))
        written.append(path)
        dialog.close()
        window.close()
        session.shutdown()
        window.deleteLater()
        app.processEvents()
    switcher.set_language("en")
    return written


def take_handover_screenshot(folder: Path) -> list[Path]:
    """A hot-seat Vindication game (two people, secret quests): the hand-over screen that hides
    everything until the next player confirms: vin_handover.png."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gui.app import configure_application
    from gui.controller.session import GameSession
    from gui.controller.types import NewGameConfig
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import Settings

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    folder.mkdir(parents=True, exist_ok=True)
    LanguageSwitcher(app).set_language("en")
    ini = folder / ".settings-handover.ini"
    ini.unlink(missing_ok=True)
    session = GameSession(bot_delay_ms=0)
    window = MainWindow(session, Settings(QSettings(str(ini), QSettings.Format.IniFormat)), LanguageSwitcher(app))
    window.resize(1280, 820)
    window.show()
    window.start_game(NewGameConfig("vindication", 2, "standard", ("human", "human"), {}, seed=3))
    for _ in range(5):
        app.processEvents()
    assert window.central_stack.currentWidget() is window.handover_screen
    path = folder / "vin_handover.png"
    window.grab().save(str(path))
    window.close()
    session.shutdown()
    window.deleteLater()
    app.processEvents()
    return [path]


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots")
    shots = (take_screenshots(target, ("en", "zh_TW")) + take_panel_screenshots(target)
             + take_handover_screenshot(target) + take_end_screenshots(target))
    for shot in shots:
        print(shot)
