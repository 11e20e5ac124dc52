"""Start-up: the application object, fonts, language, the error hook and the main window.

`main()` is the installed entry point (`tablekeeper`) and what `python -m gui` runs.
"""
from __future__ import annotations

import sys
import traceback
from collections.abc import Sequence
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from gui.main_window import MainWindow

APP_NAME = "Tablekeeper"
ORGANIZATION = "Tablekeeper"
# DejaVu first for Latin text; Noto Sans CJK TC so Chinese gets Traditional (not Japanese) glyphs.
FONT_FAMILIES = ["DejaVu Sans", "Noto Sans CJK TC"]


def configure_application(app: QCoreApplication) -> None:
    """Names for QSettings and the font family list; safe to call again (tests, screenshots)."""
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationDisplayName(APP_NAME)
    if isinstance(app, QApplication):
        font = QFont(app.font())
        font.setFamilies(FONT_FAMILIES)
        app.setFont(font)


def report_unexpected_error(kind: type[BaseException], error: BaseException,
                            trace: TracebackType | None) -> None:
    """The last-resort hook: the traceback goes to stderr, the player gets plain words."""
    traceback.print_exception(kind, error, trace, file=sys.stderr)
    if issubclass(kind, KeyboardInterrupt) or QApplication.instance() is None:
        return
    if getattr(report_unexpected_error, "_showing", False):
        return  # an error inside the error dialog must not open dialogs forever
    report_unexpected_error._showing = True  # type: ignore[attr-defined]
    try:
        from gui.widgets import dialogs
        dialogs.show_error(
            QApplication.activeWindow(),
            QCoreApplication.translate("app", "Something went wrong"),
            QCoreApplication.translate(
                "app", "Tablekeeper ran into a problem it did not expect, so the last action was not "
                       "completed. Your game is still open; saving it now is a good idea.\n\n"
                       "Details: {error}").format(error=str(error) or kind.__name__))
    finally:
        report_unexpected_error._showing = False  # type: ignore[attr-defined]


def start(app: QApplication) -> MainWindow:
    """Build and show the main window with the saved language and settings."""
    from gui.controller.session import GameSession
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import BOT_SPEEDS, Settings

    settings = Settings()
    languages = LanguageSwitcher(app)
    languages.set_language(settings.language)
    window = MainWindow(GameSession(bot_delay_ms=BOT_SPEEDS[settings.bot_speed]), settings, languages)
    window.show()
    for path in app.arguments()[1:]:
        if not path.startswith("-"):
            window.open_game(path)  # `tablekeeper game.tksave` opens the save
            break
    else:
        window.offer_resume()  # a game left unfinished by a crash (or a normal quit mid-game)
    return window


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv if argv is None else [sys.argv[0] if sys.argv else "tablekeeper", *argv])
    app = QApplication.instance() or QApplication(args)
    configure_application(app)
    sys.excepthook = report_unexpected_error
    window = start(app)
    code = app.exec()
    window.session.shutdown()
    return code


if __name__ == "__main__":
    sys.exit(main())
