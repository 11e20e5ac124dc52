"""Fixtures for the GUI tests: isolated settings, recorded (never modal) dialogs, a ready window."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QSettings

from gui.app import configure_application
from gui.controller.session import GameSession
from gui.i18n import LanguageSwitcher
from gui.main_window import MainWindow
from gui.settings import Settings
from gui.widgets import dialogs

HERE = Path(__file__).parent
# The offscreen platform warns whenever a window's size limits change, a popup opens or a window is
# raised: it has no window manager. The warnings mean nothing there (xcb does not print them).
OFFSCREEN_NOISE = r"This plugin does not support (propagateSizeHints\(\)|raise\(\)|grabbing the keyboard)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE, extend=True))
            item.add_marker(pytest.mark.gui)


@pytest.fixture(scope="session", autouse=True)
def _isolated_user_settings(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Any QSettings() made without a file writes under a temp folder, never the tester's own."""
    folder = tmp_path_factory.mktemp("user-settings")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(folder))


@pytest.fixture(autouse=True)
def _configured_app(qapp) -> None:
    configure_application(qapp)


@pytest.fixture(autouse=True)
def _earlier_windows_deleted(qapp) -> None:
    """pytest-qt closes a test's widgets and calls deleteLater() on them, but no event loop runs
    between tests to delete them: without this every window of a worker's earlier tests stayed
    alive, and each language switch (every `languages` fixture) retranslated all of them."""
    qapp.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture(autouse=True)
def error_dialogs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every error dialog the code opens, as (title, message); none of them blocks a test."""
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, message: shown.append((title, message)))
    monkeypatch.setattr(dialogs, "show_about", lambda parent, title, text: shown.append((title, text)))
    # a refused move's box (with its "Rule …" button) counts as an error dialog: through show_error,
    # so a test that records show_error itself sees it too; the player never asks for the rule
    monkeypatch.setattr(dialogs, "show_refusal", lambda parent, title, message, rule_button:
                        dialogs.show_error(parent, title, message))
    return shown


@pytest.fixture(autouse=True)
def rule_menus(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each one-entry "Rule …" menu offered at the pointer (it would be modal), by rule ID."""
    from gui.widgets import rule_links
    offered: list[str] = []
    monkeypatch.setattr(rule_links, "offer_rule_menu", lambda parent, rule, open_rule: offered.append(rule))
    return offered


@pytest.fixture(autouse=True)
def autosave_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Sessions made without a folder keep their crash copy here, never in the tester's data."""
    from gui.controller import autosave
    folder = tmp_path / "autosave"
    monkeypatch.setattr(autosave, "default_autosave_folder", lambda: str(folder))
    return folder


@pytest.fixture(autouse=True)
def resume_questions(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each "Resume the unfinished game?" asked; answered No unless a test patches it again."""
    asked: list[bool] = []

    def answer(parent) -> bool:
        asked.append(False)
        return False
    monkeypatch.setattr(dialogs, "ask_resume", answer)
    return asked


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(QSettings(str(tmp_path / "tablekeeper.ini"), QSettings.Format.IniFormat))


@pytest.fixture
def languages(qapp):
    switcher = LanguageSwitcher(qapp)
    switcher.set_language("en")
    yield switcher
    switcher.set_language("en")


@pytest.fixture
def session(qtbot):
    game_session = GameSession(bot_delay_ms=0)
    yield game_session
    game_session.shutdown()


@pytest.fixture
def make_session(qtbot):
    """Sessions with injected bots; their worker threads are stopped after the test."""
    made: list[GameSession] = []

    def make(**kwargs) -> GameSession:
        kwargs.setdefault("bot_delay_ms", 0)
        made.append(GameSession(**kwargs))
        return made[-1]

    yield make
    for game_session in made:
        game_session.shutdown()


@pytest.fixture
def window(qtbot, session: GameSession, settings: Settings,
           languages: LanguageSwitcher) -> MainWindow:
    main_window = MainWindow(session, settings, languages)
    qtbot.addWidget(main_window)
    main_window.show()
    qtbot.waitExposed(main_window)
    return main_window
