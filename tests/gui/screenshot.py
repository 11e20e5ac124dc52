"""Offscreen screenshots of the app, for reviewing layout and Chinese glyphs by eye.

    python tests/gui/screenshot.py [FOLDER]        # default /tmp/shots

writes, in English and 繁體中文 (…_en.png, …_zh_TW.png):
main (the main window, File menu open, empty board), new_game (the New Game dialog with the toy
game), game (a toy game in progress) and handover (the hot-seat hand-over screen).
tests/gui/test_screenshots.py runs it too.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def take_screenshots(folder: Path, languages: tuple[str, ...] = ("en", "zh_TW")) -> list[Path]:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QApplication, QListWidget

    from gui.app import configure_application
    from gui.controller.session import GameSession
    from gui.controller.types import NewGameConfig
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import Settings

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    switcher = LanguageSwitcher(app)

    def settle() -> None:
        for _ in range(5):
            app.processEvents()

    for language in languages:
        switcher.set_language(language)
        settings = Settings(QSettings(str(folder / f".settings-{language}.ini"), QSettings.Format.IniFormat))
        settings.clear_recent_files()
        settings.add_recent_file(str(Path.home() / "games" / "ridge-night.tksave"))
        settings.set_new_game_choices({})
        session = GameSession(bot_delay_ms=0)
        window = MainWindow(session, settings, switcher)
        window.resize(1100, 700)
        window.show()
        settle()

        # (a) the main window with its File menu open (a popup is its own window: paint it in)
        picture = window.grab()
        bar = window.menuBar()
        corner = bar.mapTo(window, bar.actionGeometry(window.file_menu.menuAction()).bottomLeft())
        window.file_menu.popup(window.mapToGlobal(corner))
        settle()
        painter = QPainter(picture)
        painter.drawPixmap(corner, window.file_menu.grab())
        painter.end()
        window.file_menu.hide()
        written.append(_save(picture, folder / f"main_{language}.png"))

        # (b) the New Game dialog with the toy game selected
        dialog = window.create_new_game_dialog()
        games = dialog.findChild(QListWidget, "game_list")
        for row in range(games.count()):
            if dialog._games[row].id == "toy":
                games.setCurrentRow(row)
        dialog.players_spin.setValue(3)
        dialog.findChild(type(dialog.mode_combo), "seat_combo_1").setCurrentIndex(1)
        dialog.show()
        settle()
        written.append(_save(dialog.grab(), folder / f"new_game_{language}.png"))
        dialog.close()

        # (c) a game in progress: one person against two computer players
        window.start_game(NewGameConfig("toy", 3, "versus", ("human", "bot:random", "bot:random"),
                                        {"challenges": False}, 11))
        window.board_view.fit()
        session.apply(session.legal_for_space("b2")[0])
        for _ in range(200):
            settle()
            if session.deciders() == (0,) and not session.bots_thinking():
                break
        window.board_view.fit()
        settle()
        written.append(_save(window.grab(), folder / f"game_{language}.png"))

        # (d) the hand-over screen of a hot-seat game with hidden information
        window.start_game(NewGameConfig("toy", 2, "versus", ("human", "human"), {}, 11))
        settle()
        written.append(_save(window.grab(), folder / f"handover_{language}.png"))
        window.close()
        session.shutdown()
        window.deleteLater()
        settle()
    switcher.set_language("en")
    return written


def _save(picture, path: Path) -> Path:
    if not picture.save(str(path)):
        raise OSError(f"could not write {path}")
    return path


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("TABLEKEEPER_GAMES", "tests.toygame")
    sys.path.insert(0, str(ROOT))
    for shot in take_screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots")):
        print(shot)
