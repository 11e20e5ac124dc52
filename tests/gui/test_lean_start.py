"""The first window loads only what it shows (tests/benchmarks/gui_speed.py times it): modules and
Qt classes that only a game, a drawn board, a message box, a file dialog or stored settings need
wait for them. The start page lists the games, so their descriptions load (`engine.core.info`, the
registry, each game's `info`), never their rules."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

START = """
    import json as _json_for_the_result, sys, tempfile
    del sys.modules["json"]  # only the report below may need it
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication
    from gui.app import configure_application
    from gui.controller.session import GameSession
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import Settings
    app = QApplication([])
    configure_application(app)
    settings = Settings(QSettings(tempfile.mktemp(suffix=".ini"), QSettings.Format.IniFormat))
    window = MainWindow(GameSession(), settings, LanguageSwitcher(app))
    window.show()
    app.processEvents()
    viewport_is_ours = window.board_view.viewport() is window.board_view._own_viewport
    print(_json_for_the_result.dumps({"modules": sorted(sys.modules), "viewport_is_ours": viewport_is_ours}))
"""


def test_the_first_window_loads_only_what_it_shows() -> None:
    # the built-in games only: the test-only toy game has no separate description to list it by
    env = {key: value for key, value in os.environ.items() if key != "TABLEKEEPER_GAMES"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(START)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout.strip().splitlines()[-1])
    loaded = set(found["modules"])
    never = {"html", "html.entities", "json", "yaml", "pyqtgraph", "gui.board.scene"}
    assert not loaded & never, sorted(loaded)
    engine = sorted(m for m in loaded if m.split(".")[0] == "engine")
    # engine, engine.core with its errors, info, registry and language pick; each game's package and its info
    rules = [m for m in engine if m not in ("engine.core.errors", "engine.core.registry", "engine.core.language")
             and not re.fullmatch(r"engine(\.\w+)?(\.info)?", m)]
    assert not rules, rules  # no game's rules, no state, no commands: only what lists the games
    assert "engine.vindication.info" in engine  # the start page did list them
    # The board view's viewport is a wrapper made in Python: asking Qt's own for it would make
    # PySide6 initialise every QWidget subclass to find its type (~10 ms).
    assert found["viewport_is_ours"]
