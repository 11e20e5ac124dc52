"""The golden playthroughs: every built-in game still plays its recorded seeded games the same way.

Each file under tests/golden/<game>/ (see `record.py`, which writes them) is replayed command by
command through `Match.apply`; after each command the state's digest, every seat's legal commands
and the command's events must hash as recorded, and the game must end (or go on) as it did. A
difference fails with the file, the command's number and text, and what differs. If the change is
intended, re-record the file (``python -m tests.golden.record <game>/<name>``) and commit it.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import Command, Match, Refused
from tests.golden.playthrough import Fingerprint, golden_setups
from tests.golden.record import COLUMNS, GOLDEN, MAX_COMMANDS, end_of, golden_path, load, setup_of

FILES = sorted(GOLDEN.glob("*/*.json"))
SHOWN = 12  # legal commands or events named in a failure message, at most


def _label(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def _legal_now(match: Match) -> str:
    lines = []
    for seat in range(match.config.players):
        legal = [str(command) for command in match.state.legal(seat)]
        if legal:
            more = f" … ({len(legal)} in all)" if len(legal) > SHOWN else ""
            lines.append(f"    seat {seat}: " + "; ".join(legal[:SHOWN]) + more)
    return "\n".join(lines) or "    none (the game is over)"


def replay_problem(document: dict[str, Any], name: str) -> str | None:
    """None if the game plays ``document`` as recorded, else what differs first, in words."""
    where = f"tests/golden/{name}.json"
    rerecord = f"\nIf the change is intended, re-record: python -m tests.golden.record {name}"
    if document.get("columns") != list(COLUMNS):
        return f"{where}: columns {document.get('columns')} are not {list(COLUMNS)}; re-record it" + rerecord
    match = setup_of(document).new_match()
    start = Fingerprint.of(match.state, None, []).short()
    for key in ("digest", "legal"):
        if start[key] != document["start"][key]:
            return (f"{where}, at the start: the {_what(key)} differ (recorded {document['start'][key]}, "
                    f"now {start[key]})\n  the legal commands now:\n{_legal_now(match)}" + rerecord)
    steps = document["steps"]
    for number, (text, *hashes) in enumerate(steps, start=1):
        at = f"{where}, command {number} of {len(steps)} (`{text}`)"
        try:
            events = match.apply(Command.parse(text))
        except Refused as refusal:
            return f"{at} is refused now: {refusal}\n  the legal commands now:\n{_legal_now(match)}" + rerecord
        now = Fingerprint.of(match.state, match.history[-1].command, events)
        if now.command != text:
            return f"{at}: the game lists it as `{now.command}` now" + rerecord
        short = now.short()
        differ = [key for key, recorded in zip(COLUMNS[1:], hashes) if short[key] != recorded]
        if differ:
            said = "; ".join(f"the {_what(key)} differ (recorded {recorded}, now {short[key]})"
                             for key, recorded in zip(COLUMNS[1:], hashes) if key in differ)
            detail = ""
            if "legal" in differ:
                detail += f"\n  the legal commands now:\n{_legal_now(match)}"
            if "events" in differ:
                kinds = [event.kind for event in events]
                detail += f"\n  its events now: {', '.join(kinds[:SHOWN]) or 'none'}"
            return f"{at}: {said}{detail}" + rerecord
    end = end_of(match, MAX_COMMANDS)
    if end != document["end"]:
        return (f"{where}: after its {len(steps)} commands the game ends differently\n"
                f"  recorded: {json.dumps(document['end'])}\n  now:      {json.dumps(end)}" + rerecord)
    return None


def _what(key: str) -> str:
    return {"digest": "state digests", "legal": "legal command lists", "events": "events"}[key]


def test_every_game_mode_and_option_set_has_its_golden_files() -> None:
    wanted = {golden_path(setup) for setup in golden_setups()}
    missing = sorted(_label(path) for path in wanted - set(FILES))
    stale = sorted(_label(path) for path in set(FILES) - wanted)
    assert not missing and not stale, (
        f"golden files missing: {missing}; no longer recorded: {stale} — run python -m tests.golden.record")
    assert {"vindication", "nemesis", "dragonbond"} <= {path.parent.name for path in FILES}


@pytest.mark.parametrize("path", FILES, ids=[_label(path) for path in FILES])
def test_golden_playthrough_plays_as_recorded(path: Path) -> None:
    problem = replay_problem(load(path), _label(path))
    assert problem is None, problem


def test_a_changed_playthrough_fails_with_what_changed() -> None:
    """The check itself: a file one hash off is caught at that command, naming what differs."""
    path = GOLDEN / "nemesis" / "solo-1p-1.json"
    document = load(path)
    step = document["steps"][4]
    step[2] = "00000000" if step[2] != "00000000" else "11111111"
    problem = replay_problem(document, _label(path))
    assert problem is not None
    assert problem.startswith(f"tests/golden/nemesis/solo-1p-1.json, command 5 of {len(document['steps'])} "
                              f"(`{step[0]}`): the legal command lists differ (recorded {step[2]}, now ")
    assert "state digests" not in problem and "the legal commands now:" in problem

    document = load(path)
    document["steps"][2][0] = "0: xyzzy"
    problem = replay_problem(document, _label(path))
    assert problem is not None and "command 3 of" in problem and "is refused now" in problem

    document = load(path)
    document["end"]["commands"] += 1
    problem = replay_problem(document, _label(path))
    assert problem is not None and "ends differently" in problem
