"""Offscreen screenshots of Dragonbond: Lords of Vaala on the generic table, for reviewing by eye.

    python tests/gui/dragonbond_screenshot.py [FOLDER]     # default /tmp/shots

writes, from seeded games played by random legal commands (hot seat, so every seat's turn shows):
drg_planning.png (planning, the command stack half built, 1600×1000), drg_execution.png (the stack
resolving: a decision of an icon, with the first thing of a gesture touched so what may follow is
lit), drg_four.png (four humans), drg_zh_TW.png (the execution in 繁體中文) and drg_small.png /
drg_large.png (the execution at 1024×700 and 1920×1080).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GESTURE_KINDS = ("icon_fly", "icon_move", "icon_deploy", "icon_attack")


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

    def past_handover(window: MainWindow) -> None:
        if window.central_stack.currentWidget() is window.handover_screen:
            window.handover_screen.confirmed.emit()

    def shoot(name: str, players: int, until: str, size: tuple[int, int] = (1600, 1000),
              language: str = "en", seed: int = 3) -> None:
        switcher.set_language(language)
        ini = folder / f".settings-drg-{name}.ini"
        ini.unlink(missing_ok=True)
        session = GameSession(bot_delay_ms=0)
        window = MainWindow(session, Settings(QSettings(str(ini), QSettings.Format.IniFormat)), switcher)
        window.resize(*size)
        window.show()
        settle()
        session.new_game(NewGameConfig("dragonbond", players, f"humans{players}", ("human",) * players, {},
                                       seed=seed))
        rng = Rng(seed, stream=1)
        for step in range(3000):
            past_handover(window)
            match = session._require()
            if match.state.is_terminal():
                break
            data, prompt = match.state.data, match.state.prompt
            if until == "planning" and prompt.kind == "plan_turn" and len(data["stack"]) >= 5:
                break
            if until == "execution" and prompt.kind in GESTURE_KINDS and data["round"] >= 2 and any(
                    len(match.game.command_touches(c, match.state.view(prompt.seats[0]))) > 1
                    for c in match.state.legal()):
                break
            legal = match.state.legal()
            session.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
        past_handover(window)
        settle()
        if until == "execution":                  # the first thing of a gesture touched: what follows is lit
            match = session._require()
            view = match.state.view(session.viewer)
            first = next((t for c in match.state.legal(session.viewer)
                          if len(t := match.game.command_touches(c, view)) > 1), ())
            if first:
                window._on_piece_clicked(first[0])
        settle()
        window.board_view.fit()
        settle()
        path = folder / f"drg_{name}.png"
        window.grab().save(str(path))
        written.append(path)
        window.close()
        session.shutdown()
        window.deleteLater()
        settle()

    shoot("planning", 2, "planning")
    shoot("execution", 2, "execution")
    shoot("four", 4, "execution", seed=5)
    shoot("zh_TW", 2, "execution", language="zh_TW")
    shoot("small", 2, "execution", size=(1024, 700))
    shoot("large", 2, "execution", size=(1920, 1080))
    switcher.set_language("en")
    return written


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    for shot in take_screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots")):
        print(shot)
