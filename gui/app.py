"""Start-up: the application object, fonts, language, the error hook and the main window.

`main()` is the installed entry point (`tablekeeper`) and what `python -m gui` runs.
"""
from __future__ import annotations

import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSize
from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication, QIcon, QPixmap
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from gui.main_window import MainWindow

APP_NAME = "Tablekeeper"
ORGANIZATION = "Tablekeeper"
# The desktop entry's name (packaging/linux/tablekeeper.desktop): window managers match windows to it.
DESKTOP_FILE = "tablekeeper"
CJK_FAMILY = "Noto Sans CJK TC"
# DejaVu first for Latin text; Noto Sans CJK TC so Chinese gets Traditional (not Japanese) glyphs.
FONT_FAMILIES = ["DejaVu Sans", CJK_FAMILY]
# A Traditional Chinese subset of Noto Sans CJK TC (packaging/make_font.py), for machines without it.
BUNDLED_FONTS = ("NotoSansCJKtc-Tablekeeper.otf",)
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)

_icon: QIcon | None = None
_loaded_fonts: list[str] = []  # families registered from resources/fonts by this process
_reporting = False  # report_unexpected_error is showing its dialog


def configure_application(app: QCoreApplication) -> None:
    """Names for QSettings, the icon and the font family list; safe to call again (tests, screenshots)."""
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    if isinstance(app, QGuiApplication):
        app.setApplicationDisplayName(APP_NAME)
        app.setDesktopFileName(DESKTOP_FILE)
        app.setWindowIcon(application_icon())
    if isinstance(app, QApplication):
        font = QFont(app.font())
        font.setFamilies(FONT_FAMILIES)
        app.setFont(font)


def application_icon() -> QIcon:
    """The app icon in every drawn size (resources/icons, made by packaging/make_icons.py)."""
    global _icon
    if _icon is None:
        from importlib.resources import files
        icons = files("resources") / "icons"
        _icon = QIcon()
        for size in ICON_SIZES:
            resource = icons / f"tablekeeper-{size}.png"
            if isinstance(resource, Path):  # a real file (development, installs, bundles): read when drawn
                _icon.addFile(str(resource), QSize(size, size))
            else:  # e.g. inside a zip: decode now
                pixmap = QPixmap()
                if pixmap.loadFromData(resource.read_bytes(), "PNG"):
                    _icon.addPixmap(pixmap)
    return _icon


def load_bundled_fonts(force: bool = False) -> list[str]:
    """Register the shipped Traditional Chinese font when the system has no Noto Sans CJK TC (or
    when forced); returns the families added. Without it zh-TW text shows as empty boxes."""
    if not force and QFontDatabase.hasFamily(CJK_FAMILY):
        return []
    from importlib.resources import files
    added: list[str] = []
    for name in BUNDLED_FONTS:
        font_id = QFontDatabase.addApplicationFontFromData((files("resources") / "fonts" / name).read_bytes())
        if font_id >= 0:
            added.extend(QFontDatabase.applicationFontFamilies(font_id))
        else:
            print(f"tablekeeper: could not load the font {name}", file=sys.stderr)
    _loaded_fonts.extend(added)
    return added


def loaded_fonts() -> list[str]:
    """The font families `load_bundled_fonts` registered (empty: the system's fonts serve)."""
    return list(_loaded_fonts)


def report_unexpected_error(kind: type[BaseException], error: BaseException,
                            trace: TracebackType | None) -> None:
    """The last-resort hook: the traceback goes to stderr and into a bug report beside the game's
    save, the player gets plain words and where the report is."""
    traceback.print_exception(kind, error, trace, file=sys.stderr)
    if issubclass(kind, KeyboardInterrupt) or QApplication.instance() is None:
        return
    global _reporting
    if _reporting:
        return  # an error inside the error dialog must not open dialogs forever
    _reporting = True
    try:
        from gui.widgets import dialogs
        if error.__traceback__ is None:
            error = error.with_traceback(trace)
        try:
            report = QCoreApplication.translate(
                "app", "A report for the developers was saved as {path}; please send it to us.").format(
                    path=_bug_report(error))
        except OSError:
            report = QCoreApplication.translate("app", "No report could be saved.")
        dialogs.show_error(
            QApplication.activeWindow(),
            QCoreApplication.translate("app", "Something went wrong"),
            QCoreApplication.translate(
                "app", "Tablekeeper ran into a problem it did not expect, so the last action was not "
                       "completed. Your game is still open; saving it now is a good idea.\n\n"
                       "Details: {error}").format(error=str(error) or kind.__name__) + "\n\n" + report)
    finally:
        _reporting = False


_window: MainWindow | None = None  # the window whose game a bug report describes


def _bug_report(error: BaseException) -> str:
    from gui.controller.session import write_bug_report
    return write_bug_report(error, _window.session if _window is not None else None)


def start(app: QApplication, resume: bool = True) -> MainWindow:
    """Build and show the main window with the saved language and settings; ``resume`` offers
    the game a crash left unfinished."""
    from gui.controller.session import GameSession
    from gui.i18n import LanguageSwitcher
    from gui.main_window import MainWindow
    from gui.settings import BOT_SPEEDS, Settings

    settings = Settings()
    languages = LanguageSwitcher(app)
    languages.set_language(settings.language)
    global _window
    window = MainWindow(GameSession(bot_delay_ms=BOT_SPEEDS[settings.bot_speed]), settings, languages)
    _window = window
    window.show()
    for path in app.arguments()[1:]:
        if not path.startswith("-"):
            window.open_game(path)  # `tablekeeper game.tksave` opens the save
            break
    else:
        if resume:
            window.offer_resume()  # a game left unfinished by a crash (or a normal quit mid-game)
    return window


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv if argv is None else [sys.argv[0] if sys.argv else "tablekeeper", *argv])
    existing = QApplication.instance()
    # Windows need a QApplication; a bare QCoreApplication made earlier makes QApplication() raise, as it should.
    app = existing if isinstance(existing, QApplication) else QApplication(args)
    configure_application(app)
    load_bundled_fonts()
    if any(arg.startswith("--smoke") for arg in app.arguments()[1:]):
        from gui import smoke  # the bundle's self-check (packaging/smoke.py): play, save, quit
        return smoke.run(app, app.arguments()[1:])
    sys.excepthook = report_unexpected_error
    window = start(app)
    code = app.exec()
    window.session.shutdown()
    return code


if __name__ == "__main__":
    sys.exit(main())
