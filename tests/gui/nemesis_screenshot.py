"""Offscreen screenshots of Nemesis: Lockdown on the generic table, for reviewing by eye.

    python tests/gui/nemesis_screenshot.py [FOLDER]     # default /tmp/shots

writes, from seeded games played by random legal commands (hot seat, so every seat's turn shows):
nem_solo.png, nem_standard.png, nem_coop.png (mid-game, one per mode, 1600×1000), nem_noise.png (a
decision that lights the corridors a Noise marker may take), nem_intruders.png (the shared table
with the intruder board), nem_end.png (the end screen), nem_standard_zh_TW.png (in 繁體中文) and
nem_small.png / nem_large.png (the same game at 1024×700 and 1920×1080).
tests/gui/test_nemesis_table.py runs it.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def take_screenshots(folder: Path) -> list[Path]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from engine.core import Rng, weighted_choice
    from gui.app import configure_application, load_bundled_fonts
    from gui.controller.session import GameSession
    from gui.controller.types import NewGameConfig
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import Settings

    app = QApplication.instance() or QApplication([])
    configure_application(app)
    load_bundled_fonts()
    folder.mkdir(parents=True, exist_ok=True)
    switcher = LanguageSwitcher(app)
    written: list[Path] = []

    def settle() -> None:
        for _ in range(8):
            app.processEvents()

    def shoot(name: str, mode: str, players: int, steps: int, size: tuple[int, int] = (1600, 1000),
              language: str = "en", until: str = "", end: bool = False) -> None:
        switcher.set_language(language)
        ini = folder / f".settings-{name}.ini"
        ini.unlink(missing_ok=True)
        session = GameSession(bot_delay_ms=0)
        window = MainWindow(session, Settings(QSettings(str(ini), QSettings.Format.IniFormat)), switcher)
        window.resize(*size)
        window.show()
        settle()
        session.new_game(NewGameConfig("nemesis", players, mode, ("human",) * players, {}, seed=3))
        rng = Rng(3, stream=1)
        for step in range(100_000 if end else steps):
            if window.central_stack.currentWidget() is window.handover_screen:
                window.handover_screen.confirmed.emit()
            match = session._require()
            if match.state.is_terminal():
                break
            prompt = match.state.prompt
            if until and prompt is not None and prompt.kind == until and step > 2:
                break
            legal = match.state.legal()
            session.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.confirmed.emit()
        settle()
        window.board_view.fit()
        settle()
        target = window.end_dialog if end and getattr(window, "end_dialog", None) is not None else window
        path = folder / f"nem_{name}.png"
        target.grab().save(str(path))
        written.append(path)
        if end and target is not window:
            target.close()
        window.close()
        session.shutdown()
        window.deleteLater()
        settle()

    shoot("solo", "solo", 1, 10)
    shoot("standard", "standard", 3, 40)
    shoot("coop", "coop", 2, 40)
    shoot("noise", "standard", 2, 400, until="noise_exit")
    shoot("intruders", "standard", 4, 120)
    shoot("end", "standard", 2, 0, end=True)
    shoot("standard_zh_TW", "standard", 3, 40, language="zh_TW")
    shoot("small", "standard", 3, 40, size=(1024, 700))
    shoot("large", "standard", 3, 40, size=(1920, 1080))
    switcher.set_language("en")
    return written


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    for shot in take_screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots")):
        print(shot)
