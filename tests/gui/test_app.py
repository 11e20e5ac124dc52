"""Start-up and the last-resort error hook."""
from __future__ import annotations

import sys

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from gui import app as app_module
from gui.main_window import MainWindow


def test_main_opens_the_window_and_returns_the_exit_code(qapp, monkeypatch, qtbot) -> None:
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    seen: list[str] = []

    def run_briefly(app) -> int:
        # Stands in for QApplication.exec(): a real exec()/quit() would leave pytest-qt's app
        # unable to run later tests' event loops.
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
        seen.extend(w.windowTitle() for w in windows)
        for window in windows:
            window.close()
        return 0

    monkeypatch.setattr(QApplication, "exec", run_briefly)
    assert app_module.main([]) == 0
    assert seen == ["Tablekeeper"]
    assert qapp.applicationName() == "Tablekeeper" and qapp.organizationName() == "Tablekeeper"
    assert sys.excepthook is app_module.report_unexpected_error


def test_font_families_prefer_traditional_chinese_glyphs(qapp) -> None:
    app_module.configure_application(qapp)
    assert QFont(qapp.font()).families() == ["DejaVu Sans", "Noto Sans CJK TC"]


def test_unexpected_errors_show_plain_words_and_log_the_traceback(qapp, error_dialogs, capsys, monkeypatch,
                                                                   autosave_folder) -> None:
    monkeypatch.setattr(app_module, "_window", None)
    try:
        raise ValueError("the dice fell off the table")
    except ValueError:
        app_module.report_unexpected_error(*sys.exc_info())
    title, message = error_dialogs[-1]
    assert title == "Something went wrong"
    assert "the dice fell off the table" in message and "Traceback" not in message
    assert "Traceback" in capsys.readouterr().err
    reports = list(autosave_folder.glob("tablekeeper-bug-*.txt"))
    assert len(reports) == 1 and str(reports[0]) in message
    assert "ValueError: the dice fell off the table" in reports[0].read_text(encoding="utf-8")


def test_python_m_gui_runs_main() -> None:
    import ast
    from pathlib import Path
    source = (Path(app_module.__file__).parent / "__main__.py").read_text(encoding="utf-8")
    assert "main()" in source and "sys.exit" in source
    ast.parse(source)
