"""Offscreen screenshots of a Vindication game in progress, for reviewing the island by eye.

    python tests/gui/vindication_screenshot.py [FOLDER]     # default /tmp/shots

writes vin_base.png (the main island after a few turns) and vin_module.png (with Villages &
Hamlets: the Forgotten Isle and the village boards). tests/gui/test_vindication_board.py runs it.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def take_screenshots(folder: Path) -> list[Path]:
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

    for name, options in (("base", {}), ("module", {"villages_hamlets": True})):
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
        path = folder / f"vin_{name}.png"
        window.grab().save(str(path))
        written.append(path)
        window.close()
        session.shutdown()
        window.deleteLater()
        settle()
    return written


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(ROOT))
    for shot in take_screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots")):
        print(shot)
