"""Saves and state documents: readable, verified on load, never half-written."""
from __future__ import annotations

import json
import os

import pytest

import tests.toygame  # noqa: F401  (registers the toy game)
from engine.core import (
    Command,
    Match,
    SaveError,
    load_match,
    read_yaml,
    save_match,
    state_document_text,
    state_from_document,
)


@pytest.fixture
def played(tmp_path):
    match = Match.new("toy", 2, seed=11, seats=["human", "bot:random"])
    hand = match.state.data["hands"][0]
    match.apply(Command.parse(f"0: place {hand[0]} b2"))
    match.apply(Command.parse("1: pass"))
    path = tmp_path / "game.tksave"
    save_match(match, path)
    return match, path


def test_save_is_readable_json_with_format_and_version(played):
    match, path = played
    document = json.loads(path.read_text())
    assert document["format"] == "tablekeeper-save" and document["version"] == 1
    assert document["commands"] == [str(c) for c in match.commands]
    assert document["seats"] == ["human", "bot:random"]
    loaded = load_match(path)
    assert loaded.digest() == match.digest() and loaded.seats == match.seats


def test_truncated_save_names_the_file_and_line(played):
    _, path = played
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(SaveError) as error:
        load_match(path)
    message = str(error.value)
    assert str(path) in message and "line" in message and "damaged" in message


def test_a_changed_command_is_caught_by_the_replay(played):
    _, path = played
    document = json.loads(path.read_text())
    document["commands"][1] = "1: place 6 b2"
    path.write_text(json.dumps(document))
    with pytest.raises(SaveError, match=r"command 2 .* is refused: TOY-"):
        load_match(path)


def test_a_changed_digest_is_caught(played):
    _, path = played
    document = json.loads(path.read_text())
    document["seed"] += 1
    path.write_text(json.dumps(document))
    with pytest.raises(SaveError, match="does not match|refused"):
        load_match(path)


@pytest.mark.parametrize(("change", "message"), [
    ({"format": "something-else"}, "not a Tablekeeper save"),
    ({"version": 99}, "version 99"),
    ({"players": "two"}, r"line 5: field players: expected an int from 1 to 99, not 'two'"),
    ({"game": "nope"}, r"line 4: field game: 'nope' is not the id of an installed game"),
    ({"commands": "0: pass"}, r"field commands: expected a list of at most .*, not '0: pass'"),
    ({"version": 0}, r"line 3: field version: expected an int from 1 to 1, not 0"),
    ({"version": True}, "field version: expected an int from 1 to 1, not true"),
    ({"options": [1]}, "field options: expected a mapping"),
    ({"seats": 5}, "field seats: expected a list of at most 2"),
    ({"seats": ["human", "robot"]}, r"field seats\[1\]: 'robot' breaks the rule: human or bot:NAME"),
    ({"seed": 10**5000 // 10**4000}, "field seed: expected an int from"),
    ({"digest": "abc"}, "field digest: 'abc' breaks the rule: 64 hex digits"),
    ({"extra": 1}, "unknown field 'extra'"),
])
def test_wrong_fields_are_named(played, change, message):
    _, path = played
    document = json.loads(path.read_text())
    document.update(change)
    path.write_text(json.dumps(document, indent=1))
    with pytest.raises(SaveError, match=message) as error:
        load_match(path)
    assert str(path) in str(error.value)


def test_missing_save_file(tmp_path):
    with pytest.raises(SaveError, match="no-such.tksave: file not found"):
        load_match(tmp_path / "no-such.tksave")


def test_a_crash_mid_write_leaves_the_old_save_whole(played, monkeypatch):
    match, path = played
    before = path.read_bytes()
    match.apply(Command.parse("0: pass"))

    def crash(*_args):
        raise OSError("disk pulled out")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError):
        save_match(match, path)
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == [path.name], "no temp file may be left behind"


def test_state_document_round_trip(played, tmp_path):
    match, _ = played
    path = tmp_path / "state.yaml"
    path.write_text(state_document_text(match.state), encoding="utf-8")
    assert "format: tablekeeper-state" in path.read_text()
    assert state_from_document(read_yaml(path), str(path)).digest() == match.digest()


def test_truncated_state_yaml_names_file_and_line(played, tmp_path):
    match, _ = played
    path = tmp_path / "state.yaml"
    text = state_document_text(match.state)
    path.write_text(text[: text.index("data:")] + "data:\n  board: {a1: [1, 2\n")
    with pytest.raises(SaveError) as error:
        state_from_document(read_yaml(path), str(path))
    assert str(path) in str(error.value) and "line" in str(error.value) and "YAML syntax error" in str(error.value)


def test_unknown_yaml_tags_are_refused_and_never_run(tmp_path):
    marker = tmp_path / "pwned"
    path = tmp_path / "state.yaml"
    path.write_text(f"format: tablekeeper-state\ndata: !!python/object/apply:os.system ['touch {marker}']\n")
    with pytest.raises(SaveError, match=r"line 2: field data: custom YAML tags are not allowed "
                                        r"\(found !!python/object/apply:os.system\)"):
        read_yaml(path)
    assert not marker.exists()
    path.write_text("format: !custom tablekeeper-state\n")
    with pytest.raises(SaveError, match=r"line 1: field format: custom YAML tags are not allowed \(found !custom\)"):
        read_yaml(path)


@pytest.mark.parametrize(("edit", "message"), [
    (("players: 2", "players: two"), "field players: expected an int from 1 to 99, not 'two'"),
    (("format: tablekeeper-state", "format: tablekeeper-save"), "field format: should be 'tablekeeper-state'"),
    (("version: 1", "version: 7"), "version 7 is newer"),
    (("challenges: true", "challenges: 3"), "yes or no"),
])
def test_wrong_types_in_a_state_document_are_named(played, tmp_path, edit, message):
    match, _ = played
    path = tmp_path / "state.yaml"
    text = state_document_text(match.state)
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1], 1))
    with pytest.raises(SaveError, match=message) as error:
        state_from_document(read_yaml(path), str(path))
    assert str(path) in str(error.value)


def test_a_state_that_breaks_invariants_is_refused(played, tmp_path):
    match, _ = played
    text = state_document_text(match.state).replace("discard: []", "discard: [6, 6, 6, 6]")
    path = tmp_path / "state.yaml"
    path.write_text(text)
    with pytest.raises(SaveError, match="breaks the rules: TOY-SETUP-1"):
        state_from_document(read_yaml(path), str(path))


def test_duplicate_keys_in_a_state_document_are_refused(tmp_path):
    path = tmp_path / "state.yaml"
    path.write_text("format: tablekeeper-state\nseed: 1\nseed: 2\n")
    with pytest.raises(SaveError, match="line 3: field seed: duplicate key 'seed'"):
        read_yaml(path)


def test_missing_state_file(tmp_path):
    with pytest.raises(SaveError, match="file not found"):
        read_yaml(tmp_path / "nothing.yaml")


# -- hostile files ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "message"), [
    ('{"format": "tablekeeper-save", "format": "x"}', "damaged JSON: duplicate key 'format'"),
    ('{"seed": NaN}', "damaged JSON: NaN is not a number JSON allows"),
    ("[" * 100_000 + "]" * 100_000, "nested more than"),
    ('{"seed": ' + "9" * 5000 + "}", "damaged JSON: .*digits"),
    ("[" * 70 + "]" * 70, "nested more than 64 levels deep"),
])
def test_hostile_json_saves_are_refused_in_one_line(tmp_path, text, message):
    path = tmp_path / "bad.tksave"
    path.write_text(text)
    with pytest.raises(SaveError, match=message) as error:
        load_match(path)
    assert "\n" not in str(error.value)


def test_a_state_document_too_large_is_refused_before_it_is_read(tmp_path, monkeypatch):
    from engine.core import documents
    path = tmp_path / "huge.yaml"
    path.write_text("format: tablekeeper-state\n" + "# padding\n" * 200_000)
    read = []
    monkeypatch.setattr(documents, "parse_yaml_lines", lambda *args: read.append(1))
    with pytest.raises(SaveError, match=r"too large for a state document \(2.0 MB; at most 1 MB\)"):
        read_yaml(path)
    assert read == []


def test_a_state_document_may_be_json_and_its_errors_name_the_line(played, tmp_path):
    from engine.core import read_document, state_to_document
    match, _ = played
    document = state_to_document(match.state)
    path = tmp_path / "state.json"
    path.write_text(json.dumps(document, indent=1))
    loaded, lines = read_document(path)
    assert state_from_document(loaded, str(path), lines).digest() == match.digest()
    document["data"]["turn"] = 7
    path.write_text(json.dumps(document, indent=1))
    loaded, lines = read_document(path)
    with pytest.raises(SaveError, match=r"state.json, line \d+: field data.turn: expected an int from 0 to 1, not 7"):
        state_from_document(loaded, str(path), lines)


def test_a_state_nobody_can_act_in_is_refused(played, tmp_path, monkeypatch):
    from engine.core import state_to_document
    match, _ = played
    document = state_to_document(match.state)
    monkeypatch.setattr(type(match.game), "legal_commands", lambda self, data, seat: [])
    with pytest.raises(SaveError, match=r"nobody can act: seats \[\d\] have no legal command"):
        state_from_document(document, "state.yaml")


def test_a_state_the_rules_cannot_read_is_refused_not_raised(played, monkeypatch):
    from engine.core import state_to_document
    match, _ = played
    document = state_to_document(match.state)

    def broken_view(self, data, seat):
        raise KeyError("hand")
    monkeypatch.setattr(type(match.game), "view", broken_view)
    with pytest.raises(SaveError, match=r"the rules cannot play this state \(KeyError: 'hand'\)"):
        state_from_document(document, "state.yaml")


def test_a_save_written_over_keeps_its_permissions(played):
    match, path = played
    os.chmod(path, 0o644)
    save_match(match, path)
    assert os.stat(path).st_mode & 0o777 == 0o644
    os.chmod(path, 0o640)
    save_match(match, path)
    assert os.stat(path).st_mode & 0o777 == 0o640


def test_a_new_save_follows_the_umask(played, tmp_path):
    match, _ = played
    old = os.umask(0o022)
    try:
        save_match(match, tmp_path / "new.tksave")
    finally:
        os.umask(old)
    assert os.stat(tmp_path / "new.tksave").st_mode & 0o777 == 0o644


def test_temp_files_a_killed_write_left_are_removed_by_the_next_write(played):
    match, path = played
    stale = [path.parent / f".{path.name}.abc{i}.tmp" for i in range(3)]
    for file in stale:
        file.write_text("half a save")
    other = path.parent / ".other.tksave.abc.tmp"
    other.write_text("another file's")
    save_match(match, path)
    assert not any(file.exists() for file in stale) and other.exists()
