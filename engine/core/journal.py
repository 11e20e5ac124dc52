"""A save kept up to date by appending to it: the app's crash copy of the game being played.

Writing the whole save after every command rewrites the whole history and waits for the disk
twice (the file and its folder): ~15 ms per command on a disk, the same at 10 commands as at
1,000. A journal writes the whole save only when a game starts, is opened or resumed (the base,
written atomically by `save_match`, a save like any other) and after that appends one line per
step to a file beside it, ``<save>.journal``: a command played (a JSON string in notation) or
``{"undo": 1}`` when undo took one back. Appends do not wait for the disk: `sync` does, when
the caller has a quiet moment (and the base is always on the disk).

The journal's first line names the base it continues (its number of commands and its digest);
a journal left beside another base (the app stopped between writing the new base and starting
the new journal) is ignored. `load_journaled` loads the base with every check of `load_match`,
then replays the journal's lines through the rules. A last line without its line end, or with
NUL bytes (what a system that crashed before writing it back may leave), was never finished and
is ignored; anything else amiss is a `SaveError` naming the journal and the line.
"""
from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING

from .commands import MAX_TEXT, Command
from .errors import Refused, SaveError, TablekeeperError
from .persistence import atomic_write_text, load_match, save_match

if TYPE_CHECKING:
    from .match import Match, Step

JOURNAL_FORMAT = "tablekeeper-journal"
JOURNAL_VERSION = 1
JOURNAL_SUFFIX = ".journal"
UNDO = {"undo": 1}
MAX_JOURNAL_BYTES = 32_000_000


def journal_path(path: str | os.PathLike[str]) -> str:
    return os.fspath(path) + JOURNAL_SUFFIX


class SaveJournal:
    """Keeps the save at ``path`` (and its journal) equal to a match as it is played: `write`
    after every change appends what changed, or writes the whole save when it cannot."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self.journal = journal_path(self.path)
        self._steps: list[Step] = []     # the match's history as the files hold it
        self._match: Match | None = None
        self._fd: int | None = None
        self._unsynced = False
        self.whole_writes = 0            # how often the whole save was written (for tests, benchmarks)

    def write(self, match: Match) -> None:
        """Bring the files up to ``match``: append its new commands and undos, or write the whole
        save (another match, a history changed some other way, a first write). Raises OSError
        (then the next write starts again with the whole save)."""
        history = match.history
        steps = self._steps
        if match is not self._match or self._fd is None:
            self._write_whole(match)
            return
        kept = min(len(steps), len(history))
        while kept and steps[kept - 1] is not history[kept - 1]:
            kept -= 1
        undos = len(steps) - kept
        if undos > len(match._redo):   # more taken back than undo can have done: not the same game
            self._write_whole(match)
            return
        lines = [json.dumps(UNDO)] * undos + [json.dumps(str(step.command), ensure_ascii=False)
                                              for step in history[kept:]]
        if not lines:
            return
        try:
            os.write(self._fd, ("\n".join(lines) + "\n").encode("utf-8"))
        except OSError:
            self.close()
            raise
        self._steps = list(history)
        self._unsynced = True

    def _write_whole(self, match: Match) -> None:
        self.close()
        self._match = None
        save_match(match, self.path)
        header = {"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "base_commands": len(match.history),
                  "base_digest": match.digest()}
        atomic_write_text(self.journal, json.dumps(header) + "\n")
        self._fd = os.open(self.journal, os.O_WRONLY | os.O_APPEND)
        self._match = match
        self._steps = list(match.history)
        self._unsynced = False
        self.whole_writes += 1

    def sync(self) -> None:
        """Wait until what was appended is on the disk (call it in a quiet moment)."""
        if self._fd is not None and self._unsynced:
            os.fsync(self._fd)
            self._unsynced = False

    def close(self) -> None:
        """Sync and close the journal; the next `write` writes the whole save."""
        fd, self._fd = self._fd, None
        self._match = None
        if fd is not None:
            try:
                if self._unsynced:
                    os.fsync(fd)
            finally:
                os.close(fd)
        self._unsynced = False

    def remove(self) -> None:
        """Delete the save and its journal (missing files are fine)."""
        self.close()
        for name in (self.journal, self.path):
            try:
                os.remove(name)
            except FileNotFoundError:
                pass


def load_journaled(path: str | os.PathLike[str]) -> Match:
    """The match a save and its journal hold: the save (see `load_match`), then each finished
    line of the journal played or taken back in order; no journal: the save alone."""
    match = load_match(path)
    source = journal_path(path)
    try:
        with open(source, "rb") as handle:
            raw = handle.read(MAX_JOURNAL_BYTES + 1)
    except FileNotFoundError:
        return match
    except OSError as error:
        raise SaveError(source, f"cannot be read: {error.strerror or error}") from None
    if len(raw) > MAX_JOURNAL_BYTES:
        raise SaveError(source, f"is larger than {MAX_JOURNAL_BYTES:,} bytes")
    lines = raw.split(b"\n")
    finished = lines[:-1]                  # the part after the last line end was never finished
    cut = next((i for i, line in enumerate(finished) if b"\0" in line), len(finished))
    finished = finished[:cut]              # nor what a crashed system left as NUL bytes
    if not finished:
        return match
    header = _json_line(source, 1, finished[0])
    if not isinstance(header, dict) or header.get("format") != JOURNAL_FORMAT:
        raise SaveError(source, "not a Tablekeeper journal", 1)
    if not isinstance(header.get("version"), int) or header["version"] > JOURNAL_VERSION:
        raise SaveError(source, f"journal version {header.get('version')!r} is not one this program reads", 1)
    if header.get("base_commands") != len(match.history) or header.get("base_digest") != match.digest():
        return match                        # left beside an earlier save: the save alone is current
    for number, line in enumerate(finished[1:], start=2):
        entry = _json_line(source, number, line)
        try:
            if entry == UNDO:
                match.undo()
            elif isinstance(entry, str) and len(entry) <= MAX_TEXT:
                match.apply(Command.parse(entry))
            else:
                raise SaveError(source, "expected a command in notation or {\"undo\": 1}", number)
        except Refused as refusal:
            raise SaveError(source, f"{entry!r} is refused: {refusal}", number) from None
        except SaveError:
            raise
        except TablekeeperError as error:
            raise SaveError(source, f"{entry!r}: {error}", number) from None
    return match


def _json_line(source: str, number: int, line: bytes) -> object:
    try:
        return json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise SaveError(source, f"not a JSON line ({error})", number) from None


def remove_journaled(path: str | os.PathLike[str]) -> None:
    """Delete a save and its journal (missing files are fine)."""
    for name in (journal_path(path), os.fspath(path)):
        try:
            os.remove(name)
        except FileNotFoundError:
            pass


def set_aside(path: str | os.PathLike[str], suffix: str) -> str:
    """Rename a save and its journal with ``suffix`` appended (kept for a look); the new name of
    the save (``path`` itself when it could not be renamed)."""
    target = os.fspath(path) + suffix
    try:
        os.replace(path, target)
    except OSError:
        target = os.fspath(path)
    try:
        os.replace(journal_path(path), journal_path(path) + suffix)
    except OSError:
        pass
    return target

