"""The language the app speaks, switched live.

Installing or removing a `QTranslator` makes Qt send `QEvent.LanguageChange` to every widget;
windows and dialogs answer it in `changeEvent` by calling their `retranslateUi()`.
Game names come from the engine in every language, so widgets also ask `current_language()`.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QLibraryInfo, QLocale, QTranslator

# Each language is offered under its own name, untranslated, so a player can always find theirs.
LANGUAGES: tuple[tuple[str, str], ...] = (("en", "English"), ("zh_TW", "繁體中文"))
SOURCE_LANGUAGE = "en"
TRANSLATION_BASENAME = "tablekeeper"

_current = SOURCE_LANGUAGE


def current_language() -> str:
    return _current


def language_codes() -> tuple[str, ...]:
    return tuple(code for code, _ in LANGUAGES)


class LanguageSwitcher:
    """Owns the installed translators: ours, plus Qt's own for standard buttons and dialogs."""

    def __init__(self, app: QCoreApplication | None = None) -> None:
        app = app or QCoreApplication.instance()
        if app is None:
            raise RuntimeError("LanguageSwitcher needs the Qt application: create it first")
        self._app: QCoreApplication = app
        self._translators: list[QTranslator] = []

    @property
    def language(self) -> str:
        return _current

    def set_language(self, code: str) -> None:
        global _current
        if code not in language_codes():
            code = SOURCE_LANGUAGE
        changed_translators = bool(self._translators)
        for translator in self._translators:
            self._app.removeTranslator(translator)
            translator.deleteLater()
        self._translators = []
        _current = code  # set first: LanguageChange handlers read it
        QLocale.setDefault(QLocale(code))
        if code != SOURCE_LANGUAGE:
            for loaded in (self._ours(code), self._qts(code)):
                if loaded is not None:
                    self._app.installTranslator(loaded)
                    self._translators.append(loaded)
                    changed_translators = True
        if not changed_translators:
            # No translator came or went, so Qt sends nothing; game names still follow the language.
            QCoreApplication.sendEvent(self._app, QEvent(QEvent.Type.LanguageChange))

    def _ours(self, code: str) -> QTranslator | None:
        from importlib.resources import as_file, files  # not needed for English: keep start-up light
        translator = QTranslator(self._app)
        resource = files("resources") / "translations" / f"{TRANSLATION_BASENAME}_{code}.qm"
        with as_file(resource) as path:
            if translator.load(str(path)):
                return translator
        translator.deleteLater()
        return None

    def _qts(self, code: str) -> QTranslator | None:
        translator = QTranslator(self._app)
        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if translator.load(f"qtbase_{code}", folder):
            return translator
        translator.deleteLater()
        return None

