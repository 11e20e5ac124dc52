"""The crash copy: written after every change, cleared when the game ends, offered at start-up."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from gui import app as app_module
from gui.controller import session as session_module
from gui.controller.session import GameSession, SessionError, save_suffix
from gui.controller.types import NewGameConfig
from gui.main_window import MainWindow
from gui.widgets import dialogs


def toy(seats=("human", "human"), seed=3, **options) -> NewGameConfig:
    return NewGameConfig("toy", len(seats), "versus", tuple(seats), options, seed)


def play_one(session: GameSession) -> None:
    space = sorted(session.active_spaces())[0]
    session.apply(session.legal_for_space(space)[0])


def fresh_copy_digest(path: str, folder: Path) -> str:
    """Resume the crash copy at ``path`` (its save and journal) in a separate session, from a copy
    of its folder, and give its digest."""
    import shutil
    copy = folder / "copy"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(Path(path).parent, copy)
    other = GameSession(bot_delay_ms=0, autosave_folder=copy)
    try:
        other.resume_autosave()
        return other.digest()
    finally:
        other.shutdown()


def test_autosave_file_name_uses_the_save_suffix() -> None:
    assert session_module.AUTOSAVE_FILE.endswith(save_suffix())


def test_constructor_folder_overrides_the_default(make_session, tmp_path: Path) -> None:
    session = make_session(autosave_folder=tmp_path / "mine")
    assert session.autosave_path() == str(tmp_path / "mine" / session_module.AUTOSAVE_FILE)


def test_commands_undo_and_redo_write_the_autosave(session: GameSession, autosave_folder: Path,
                                                   tmp_path: Path) -> None:
    session.new_game(toy(challenges=False))
    path = session.autosave_path()
    assert Path(path).parent == autosave_folder and os.path.isfile(path)  # a new game replaces it
    assert fresh_copy_digest(path, tmp_path) == session.digest()
    play_one(session)
    assert fresh_copy_digest(path, tmp_path) == session.digest()
    session.apply("claim high")  # no chance involved: it can be taken back
    after_claim = session.digest()
    assert fresh_copy_digest(path, tmp_path) == after_claim
    assert session.can_undo()
    session.undo()
    assert fresh_copy_digest(path, tmp_path) == session.digest() != after_claim
    session.redo()
    assert fresh_copy_digest(path, tmp_path) == session.digest() == after_claim


def test_explicit_save_keeps_the_autosave(session: GameSession, tmp_path: Path) -> None:
    session.new_game(toy(challenges=False))
    play_one(session)
    session.save(str(tmp_path / f"mine{save_suffix()}"))
    assert session.has_autosave()
    assert fresh_copy_digest(session.autosave_path(), tmp_path) == session.digest()


def test_a_finished_game_clears_the_autosave(session: GameSession) -> None:
    session.new_game(toy(challenges=False))
    play_one(session)
    assert session.has_autosave()
    for _ in range(200):
        if session.is_over():
            break
        play_one(session)
    assert session.is_over()
    assert not session.has_autosave()


def test_opening_another_game_replaces_the_autosave(session: GameSession, tmp_path: Path) -> None:
    session.new_game(toy(challenges=False, seed=5))
    saved = session.save(str(tmp_path / f"first{save_suffix()}"))
    first = session.digest()
    session.new_game(toy(challenges=False, seed=6))
    play_one(session)
    assert fresh_copy_digest(session.autosave_path(), tmp_path) != first
    session.open(saved)
    assert fresh_copy_digest(session.autosave_path(), tmp_path) == first


def _run_start(qapp, monkeypatch, qtbot) -> MainWindow:
    monkeypatch.setattr(qapp, "arguments", lambda: ["tablekeeper"])
    window = app_module.start(qapp)
    qtbot.addWidget(window)
    return window


def test_start_up_offers_to_resume_and_resumes_the_same_position(qapp, monkeypatch, qtbot,
                                                                 make_session) -> None:
    crashed = make_session()
    crashed.new_game(toy(challenges=False))
    play_one(crashed)
    play_one(crashed)
    position = crashed.digest()
    crashed.shutdown()  # the app "crashed": the autosave is all that is left
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_resume", lambda parent: asked.append("asked") or True)
    window = _run_start(qapp, monkeypatch, qtbot)
    try:
        assert asked == ["asked"]
        assert window.session.has_game() and window.session.digest() == position
        assert window.session.path is None and window.session.is_modified
        assert window.session.has_autosave()
    finally:
        window.close()
    assert window.session.has_autosave()  # a normal quit mid-game keeps it for the next start


def test_declining_removes_the_autosave(qapp, monkeypatch, qtbot, make_session,
                                        resume_questions: list[bool]) -> None:
    crashed = make_session()
    crashed.new_game(toy(challenges=False))
    play_one(crashed)
    window = _run_start(qapp, monkeypatch, qtbot)
    try:
        assert resume_questions == [False]
        assert not window.session.has_game() and not window.session.has_autosave()
    finally:
        window.close()


def test_no_question_without_an_autosave(qapp, monkeypatch, qtbot, resume_questions) -> None:
    window = _run_start(qapp, monkeypatch, qtbot)
    window.close()
    assert resume_questions == []


def test_a_corrupt_autosave_is_reported_and_set_aside(qapp, monkeypatch, qtbot, autosave_folder: Path,
                                                      error_dialogs, tmp_path: Path) -> None:
    autosave_folder.mkdir(parents=True)
    path = autosave_folder / session_module.AUTOSAVE_FILE
    path.write_text("{ this is not a save", encoding="utf-8")
    other = tmp_path / f"keep{save_suffix()}"
    other.write_text("untouched", encoding="utf-8")
    monkeypatch.setattr(dialogs, "ask_resume", lambda parent: True)
    window = _run_start(qapp, monkeypatch, qtbot)
    try:
        title, message = error_dialogs[-1]
        assert title == "Cannot resume the game"
        assert str(path) in message and "Traceback" not in message
        assert not path.exists()
        assert Path(str(path) + ".broken").read_text(encoding="utf-8") == "{ this is not a save"
        assert other.read_text(encoding="utf-8") == "untouched"
        assert not window.session.has_game()
    finally:
        window.close()
    window2 = _run_start(qapp, monkeypatch, qtbot)  # set aside: not offered again
    window2.close()
    assert len(error_dialogs) == 1


def test_an_autosave_that_cannot_be_written_does_not_stop_play(make_session, tmp_path: Path,
                                                               qtbot) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("", encoding="utf-8")
    session = make_session(autosave_folder=blocker / "sub")  # a folder inside a file: cannot exist
    with qtbot.waitSignal(session.autosave_failed):
        session.new_game(toy(challenges=False))
    play_one(session)
    assert session.has_game() and not session.has_autosave()


def test_each_command_is_appended_to_the_journal_without_rewriting_the_save(session: GameSession,
                                                                            tmp_path: Path) -> None:
    from engine.core.journal import journal_path
    session.new_game(toy(challenges=False))
    path = Path(session.autosave_path())
    base = path.read_bytes()
    journal = Path(journal_path(path))
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 and '"base_commands": 0' in lines[0]   # the header names the save it continues
    play_one(session)
    session.apply("claim high")
    session.undo()
    session.redo()
    assert path.read_bytes() == base                                # the save was not written again
    added = journal.read_text(encoding="utf-8").splitlines()[1:]
    assert len(added) == 4 and added[2] == '{"undo": 1}' and added[1] == added[3] == '"1: claim high"'
    assert fresh_copy_digest(str(path), tmp_path) == session.digest()


def test_a_line_the_crash_cut_short_is_left_out_and_a_damaged_one_sets_the_copy_aside(
        make_session, autosave_folder: Path, tmp_path: Path) -> None:
    from engine.core.journal import journal_path
    crashed = make_session()
    crashed.new_game(toy(challenges=False))
    play_one(crashed)
    position = crashed.digest()
    play_one(crashed)
    crashed.shutdown()
    journal = Path(journal_path(crashed.autosave_path()))
    whole = journal.read_bytes()
    journal.write_bytes(whole[:-3])                                 # the last line, cut short
    assert fresh_copy_digest(crashed.autosave_path(), tmp_path) == position
    journal.write_bytes(whole[:-1] + b"\x00" * 8)                   # a system crash left NUL bytes
    assert fresh_copy_digest(crashed.autosave_path(), tmp_path) == position
    journal.write_bytes(whole + b'"0: place 9 z9"\n')               # a whole line the rules refuse
    resumed = make_session()
    with pytest.raises(SessionError, match="could not be read"):
        resumed.resume_autosave()
    assert not resumed.has_autosave()
    assert Path(journal_path(crashed.autosave_path()) + ".broken").exists()
