"""The crash copy: the open game kept on disk after every change, so a crash loses nothing.

A save written whole (atomically) when a game starts, is opened or resumed, then a journal beside
it that each change appends to (`engine.core.journal`), synced to the disk in a quiet moment; a
finished game needs no copy, so it removes the files. At start-up the app offers to resume a copy
left behind; one that cannot be read is set aside as ``….broken``. A copy that cannot be written
is reported (`failed`) and play goes on.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QStandardPaths, QTimer, Signal

from .types import SessionError

if TYPE_CHECKING:
    from engine.core import Match
    from engine.core.journal import SaveJournal

# A literal, not built from engine.core.SAVE_SUFFIX: checking for it at start-up must not load the
# engine (a test keeps the two in step).
AUTOSAVE_FILE = "autosave.tksave"
BROKEN_SUFFIX = ".broken"
# The crash copy's appends reach the disk this long after the last one (a quiet moment).
AUTOSAVE_SYNC_MS = 1000

# Every player-visible word of the session's parts is translated in one context, "GameSession".
translate = QCoreApplication.translate


def default_autosave_folder() -> str:
    """Where the crash copy of the current game lives: the app's data folder."""
    return QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)


class CrashCopy(QObject):
    """The crash copy of the open game, in ``folder`` (None: `default_autosave_folder()`, looked
    up when first needed)."""

    # the crash copy could not be written; the reason in plain words (play goes on)
    failed = Signal(str)

    def __init__(self, folder: str | os.PathLike[str] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._folder = None if folder is None else os.fspath(folder)
        self._journal: SaveJournal | None = None  # keeps the copy current by appending
        self._sync_timer = QTimer(self)
        self._sync_timer.setSingleShot(True)
        self._sync_timer.timeout.connect(self._sync)

    def path(self) -> str:
        """The file the current game is copied to after every change (it may not exist)."""
        if self._folder is None:
            self._folder = default_autosave_folder()
        return os.path.join(self._folder, AUTOSAVE_FILE)

    def exists(self) -> bool:
        """A crash copy of an unfinished game is waiting (finished games leave none)."""
        return os.path.isfile(self.path())

    def write(self, match: Match) -> None:
        """Bring the copy up to ``match``: the whole save for a game it does not hold yet, else
        the commands since; a finished game removes the copy."""
        from engine.core.journal import SaveJournal
        if match.state.is_terminal():
            self.discard()
            return
        path = self.path()
        try:
            if self._journal is None or self._journal.path != path:
                self.close()
                os.makedirs(os.path.dirname(path), exist_ok=True)
                self._journal = SaveJournal(path)
            self._journal.write(match)
        except OSError as error:
            self.failed.emit(translate("GameSession", "The game could not be copied to {file}: {reason}").format(
                file=path, reason=error.strerror or error))
            return
        self._sync_timer.start(AUTOSAVE_SYNC_MS)

    def load(self) -> Match:
        """The game in the copy. A copy that cannot be read is renamed ``….broken`` (kept for a
        look, never offered again) and a `SessionError` says so."""
        from engine.core import TablekeeperError
        from engine.core.journal import load_journaled, set_aside
        path = self.path()
        self.close()
        try:
            return load_journaled(path)
        except (TablekeeperError, ValueError, KeyError, TypeError) as error:  # damaged in any way
            broken = set_aside(path, BROKEN_SUFFIX)
            reason = getattr(error, "reason", None) or str(error)
            raise SessionError(
                translate("GameSession", "Cannot resume the game"),
                translate("GameSession", "The unfinished game in {file} could not be read, so it was set aside as "
                          "{broken}.\nReason: {reason}").format(file=path, broken=broken, reason=reason),
            ) from None

    def discard(self) -> None:
        """Remove the copy (the game is over, or the player does not want to resume it)."""
        from engine.core.journal import remove_journaled
        self.close()
        try:
            remove_journaled(self.path())
        except OSError as error:
            self.failed.emit(str(error.strerror or error))

    def close(self) -> None:
        """Stop appending (the game closes, or another replaces it); what was taken goes to disk."""
        self._sync_timer.stop()
        journal, self._journal = self._journal, None
        if journal is not None:
            try:
                journal.close()
            except OSError as error:
                self.failed.emit(str(error.strerror or error))

    def _sync(self) -> None:
        """A quiet moment: what the journal took since the last one goes to the disk."""
        if self._journal is not None:
            try:
                self._journal.sync()
            except OSError as error:
                self.failed.emit(str(error.strerror or error))
