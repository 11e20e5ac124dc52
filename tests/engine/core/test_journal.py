"""The crash copy's journal (engine/core/journal.py): a whole save now and then, one appended line
per command or undo, loaded back to the same match; unfinished lines left out, damage named."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import tests.toygame  # noqa: F401  (registers the toy game)
from engine.core import Match, Rng, SaveError, weighted_choice
from engine.core.journal import SaveJournal, journal_path, load_journaled


def play(match: Match, count: int, seed: int = 1) -> None:
    rng = Rng(seed, stream=3)
    for _ in range(count):
        legal = [c for c in match.state.legal() if c.verb != "claim"]
        match.apply(weighted_choice(rng, legal, [1.0] * len(legal)))


def test_appends_load_back_to_the_same_match_through_commands_undo_and_redo(tmp_path):
    match = Match.new("toy", 2, seed=11, seats=["human", "human"], options={"challenges": False})
    path = tmp_path / "crash.tksave"
    journal = SaveJournal(path)
    journal.write(match)
    base = path.read_bytes()
    for _ in range(3):
        play(match, 1)
        journal.write(match)
    match.apply(match.state.legal(match.state.deciders()[0])[-1])   # a claim: no chance, undoable
    journal.write(match)
    match.undo()
    journal.write(match)
    assert load_journaled(path).digest() == match.digest()
    match.redo()
    journal.write(match)
    journal.close()
    assert path.read_bytes() == base and journal.whole_writes == 1
    lines = Path(journal_path(path)).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + 3 + 3 and lines[5] == json.dumps({"undo": 1})
    loaded = load_journaled(path)
    assert loaded.digest() == match.digest()
    assert [str(c) for c in loaded.commands] == [str(c) for c in match.commands]


def test_another_match_or_a_changed_history_writes_the_whole_save_again(tmp_path):
    path = tmp_path / "crash.tksave"
    journal = SaveJournal(path)
    first = Match.new("toy", 2, seed=1, seats=["human", "human"])
    journal.write(first)
    second = Match.new("toy", 2, seed=2, seats=["human", "human"])
    play(second, 2)
    journal.write(second)
    assert journal.whole_writes == 2 and load_journaled(path).digest() == second.digest()
    second.history.pop()   # not through undo: the journal cannot tell what happened
    second.history.pop()
    play(second, 1, seed=9)
    journal.write(second)
    assert journal.whole_writes == 3


def test_unfinished_lines_are_left_out_and_a_journal_beside_another_save_is_ignored(tmp_path):
    path = tmp_path / "crash.tksave"
    match = Match.new("toy", 2, seed=4, seats=["human", "human"])
    journal = SaveJournal(path)
    journal.write(match)
    play(match, 2)
    journal.write(match)
    journal.close()
    name = Path(journal_path(path))
    whole = name.read_bytes()
    name.write_bytes(whole + b'"0: pla')                             # cut short by a crash
    assert load_journaled(path).digest() == match.digest()
    name.write_bytes(whole + b"\0" * 20 + b"\n")                     # never written back
    assert load_journaled(path).digest() == match.digest()
    other = Match.new("toy", 2, seed=5, seats=["human", "human"])
    from engine.core import save_match
    save_match(other, path)                                          # a new save, the old journal beside it
    name.write_bytes(whole)
    assert load_journaled(path).digest() == other.digest()


@pytest.mark.parametrize(("line", "message"), [
    (b'"0: place 9 z9"\n', "line 2: '0: place 9 z9' is refused"),
    (b"{not json\n", "line 2: not a JSON line"),
    (b'{"undo": 2}\n', "line 2: expected a command in notation"),
])
def test_a_damaged_whole_line_is_named(tmp_path, line, message):
    path = tmp_path / "crash.tksave"
    journal = SaveJournal(path)
    journal.write(Match.new("toy", 2, seed=4, seats=["human", "human"]))
    journal.close()
    with open(journal_path(path), "ab") as handle:
        handle.write(line)
    with pytest.raises(SaveError, match=message):
        load_journaled(path)
