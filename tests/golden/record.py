"""Record the golden playthrough files that `test_golden.py` replays.

Each file ``tests/golden/<game>/<mode>[+<options>]-<players>p-<seed>.json`` holds one seeded bot game
(`playthrough.golden_setups` lists them: every built-in game, mode and option set): the game, mode,
players, options, seed and bot kind, the fingerprint of the start, then one line per command:

    ["<command in notation>", "<digest>", "<legal>", "<events>"]

with the first hex digits of the state's digest after the command, of every seat's legal command
list and of the command's events (`playthrough.Fingerprint`). Games stop after `MAX_COMMANDS`
commands, so the files stay small; ``end`` says whether the game ended there and how.

The test fails when a game no longer plays a file the same way. When the change is intended (a rule
fixed, a state key renamed), re-record and commit the files with the change, so its diff shows:

    python -m tests.golden.record                 # every file; stale ones are deleted
    python -m tests.golden.record nemesis         # one game's files
    python -m tests.golden.record dragonbond/humans2-2p-2    # one file (or any name prefix)
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from engine.core import Match
from tests.golden.playthrough import SHORT, Setup, bot_playthrough, golden_setups

GOLDEN = Path(__file__).resolve().parent
MAX_COMMANDS = 200
COLUMNS = ("command", "digest", "legal", "events")


def golden_path(setup: Setup) -> Path:
    return GOLDEN / setup.game / f"{setup.name}.json"


def record(setup: Setup, max_commands: int = MAX_COMMANDS) -> dict[str, Any]:
    """The golden document of one setup, played now."""
    match = setup.new_match()
    played = bot_playthrough(setup, max_commands, match=match)
    start, _ = next(played)
    steps = []
    for fingerprint, _ in played:
        short = fingerprint.short()
        steps.append([fingerprint.command, short["digest"], short["legal"], short["events"]])
    return {"game": setup.game, "mode": setup.mode, "players": setup.players, "options": dict(setup.options),
            "seed": setup.seed, "bot": setup.bot, "hash_digits": SHORT, "columns": list(COLUMNS),
            "start": {k: v for k, v in start.short().items() if k != "events"},
            "steps": steps, "end": end_of(match, max_commands)}


def end_of(match: Match, max_commands: int) -> dict[str, Any]:
    """How a golden game ended: its outcome, or that it stopped after ``max_commands``."""
    commands = len(match.history)
    outcome = match.state.outcome
    if outcome is None:
        return {"commands": commands, "finished": False, "stopped_at": max_commands}
    return {"commands": commands, "finished": True, "outcome": outcome.to_plain()}


def dumps(document: dict[str, Any]) -> str:
    """JSON with one step a line, so a behaviour change reads as a diff of the steps it changed."""
    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)

    lines = ["{"]
    for key, value in document.items():
        if key == "steps":
            lines.append('  "steps": [')
            lines += [f"    {one(step)}," for step in value]
            if value:
                lines[-1] = lines[-1].rstrip(",")
            lines.append("  ],")
        else:
            lines.append(f"  {one(key)}: {one(value)},")
    lines[-1] = lines[-1].rstrip(",")
    lines.append("}")
    return "\n".join(lines) + "\n"


def load(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return document


def setup_of(document: dict[str, Any]) -> Setup:
    """The setup a golden document was recorded from (its tag is only part of the file name)."""
    return Setup(document["game"], document["mode"], document["players"], document["seed"], document["bot"],
                 document["options"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("only", nargs="*", help="record only files whose <game>/<name> starts with one of these")
    args = parser.parse_args(argv)
    os.environ.pop("TABLEKEEPER_GAMES", None)  # the tests' toy game has no golden files: leave it unloaded
    setups = golden_setups()
    chosen = [s for s in setups if not args.only or any(f"{s.game}/{s.name}".startswith(p) for p in args.only)]
    if not chosen:
        parser.error("no golden file matches " + ", ".join(args.only))
    started = time.perf_counter()
    changed = 0
    for setup in chosen:
        path = golden_path(setup)
        text = dumps(record(setup))
        old = path.read_text("utf-8") if path.exists() else None
        if text != old:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
            changed += 1
            print(f"{'new' if old is None else 'changed'}: {path.relative_to(GOLDEN.parents[1])}")
    if not args.only:  # files of setups that are no longer played
        wanted = {golden_path(s) for s in setups}
        for path in sorted(GOLDEN.glob("*/*.json")):
            if path not in wanted:
                path.unlink()
                changed += 1
                print(f"deleted: {path.relative_to(GOLDEN.parents[1])}")
    size = sum(golden_path(s).stat().st_size for s in setups if golden_path(s).exists())
    print(f"{len(chosen)} files recorded in {time.perf_counter() - started:.1f} s, {changed} changed; "
          f"all {len(setups)} files: {size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
