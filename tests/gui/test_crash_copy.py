"""The crash copy alone, without a session: written whole once, then appended to; read back as
the same game; removed when the game ends; a copy that cannot be written only says so."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import Match
from engine.core.journal import journal_path
from gui.controller.autosave import AUTOSAVE_FILE, CrashCopy
from gui.controller.types import SessionError


def toy() -> Match:
    return Match.new("toy", 2, mode="versus", seed=3, options={"challenges": False}, seats=["human", "human"])


def place(match: Match) -> None:
    match.apply(next(c for c in match.state.legal(match.state.deciders()[0]) if c.verb == "place"))


def test_the_copy_is_the_game_and_grows_by_appending(qapp, tmp_path: Path) -> None:
    match, copy = toy(), CrashCopy(tmp_path / "copies")
    assert copy.path() == str(tmp_path / "copies" / AUTOSAVE_FILE) and not copy.exists()
    copy.write(match)
    save = Path(copy.path()).read_bytes()
    place(match)
    copy.write(match)
    place(match)
    copy.write(match)
    copy.close()
    assert Path(copy.path()).read_bytes() == save  # the commands went to the journal beside it
    assert len(Path(journal_path(copy.path())).read_text(encoding="utf-8").splitlines()) == 3
    assert CrashCopy(tmp_path / "copies").load().digest() == match.digest()


def test_a_finished_game_removes_the_copy(qapp, tmp_path: Path) -> None:
    match, copy = toy(), CrashCopy(tmp_path)
    copy.write(match)
    while not match.state.is_terminal():
        legal = match.state.legal(match.state.deciders()[0])
        match.apply(next((c for c in legal if c.verb == "place"), legal[0]))
    copy.write(match)
    assert not copy.exists() and not Path(journal_path(copy.path())).exists()


def test_a_copy_that_cannot_be_written_says_so_and_raises_nothing(qapp, qtbot, tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")
    copy = CrashCopy(blocker / "sub")  # a folder inside a file cannot exist
    with qtbot.waitSignal(copy.failed) as failed:
        copy.write(toy())
    assert str(blocker / "sub") in failed.args[0] and not copy.exists()


def test_a_damaged_copy_is_set_aside_with_a_reason(qapp, tmp_path: Path) -> None:
    copy = CrashCopy(tmp_path)
    Path(copy.path()).write_text("not a save", encoding="utf-8")
    with pytest.raises(SessionError, match="could not be read") as caught:
        copy.load()
    assert caught.value.title == "Cannot resume the game"
    assert not copy.exists() and Path(copy.path() + ".broken").exists()
