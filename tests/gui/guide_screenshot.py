"""Offscreen screenshots of the guided first games (Help ▸ Learn to Play), for reviewing by eye.

    python tests/gui/guide_screenshot.py [FOLDER]     # default /tmp/shots

writes guide_<game>.png for each game with a guide, its callout at a step that points at the board
or a card (1400×900), and guide_nemesis_zh_TW.png (the same in 繁體中文). The steps before it are
played through the session (a screenshot, not a test: tests/gui/test_guides.py plays them by
gestures). tests/gui/test_guides.py runs it.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOWN_STEP = {"dragonbond": 5, "nemesis": 2, "vindication": 5}   # the step each picture shows (from 1)


def take_screenshots(folder: Path) -> list[Path]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from engine.core.guide import guide_of, matching
    from gui.app import configure_application, load_bundled_fonts
    from gui.controller.session import GameSession
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import Settings

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    load_bundled_fonts()
    folder.mkdir(parents=True, exist_ok=True)
    switcher = LanguageSwitcher(app)
    written: list[Path] = []

    def settle(rounds: int = 8) -> None:
        for _ in range(rounds):
            app.processEvents()

    def shoot(game: str, language: str = "en") -> None:
        switcher.set_language(language)
        ini = folder / f".settings-guide-{game}-{language}.ini"
        ini.unlink(missing_ok=True)
        session = GameSession(bot_delay_ms=0)
        window = MainWindow(session, Settings(QSettings(str(ini), QSettings.Format.IniFormat)), switcher)
        window.resize(1400, 900)
        window.show()
        settle()
        guide = guide_of(game)
        learn = window.learn_to_play
        assert learn.start(game)
        runner = learn.runner
        for _ in range(SHOWN_STEP[game] - 1):
            for _ in range(2000):           # the computer seats move on worker threads
                settle(1)
                if runner.tracker.active and runner.learner_decides():
                    break
            step = runner.tracker.step
            legal = session._match.state.legal(guide.learner)
            session.apply(matching(step.expect, legal)[0])
        for _ in range(2000):
            settle(1)
            if learn.callout.isVisible() and learn.callout.callout is not None:
                break
        window.fit_board()
        settle()
        learn.reposition()
        settle()
        suffix = "" if language == "en" else f"_{language}"
        path = folder / f"guide_{game}{suffix}.png"
        if not window.grab().save(str(path)):
            raise OSError(f"could not write {path}")
        written.append(path)
        window.close()
        session.shutdown()
        window.deleteLater()
        settle()

    for game in sorted(SHOWN_STEP):
        shoot(game)
    shoot("nemesis", "zh_TW")
    switcher.set_language("en")
    return written


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    for shot in take_screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots")):
        print(shot)
