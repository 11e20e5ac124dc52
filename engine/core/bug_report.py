"""Bug reports: when something fails that should never fail, the player sees one line and the
developers get a file with what it takes to see it again — the program's version, what was being
done, the game's set-up and commands (a save they can load) and the traceback.

The CLI and the app both call `write_bug_report` from their last-resort handler.
"""
from __future__ import annotations

import json
import os
import platform
import sys
import time
import traceback
from collections.abc import Mapping
from pathlib import Path
from typing import Any

REPORT_PREFIX = "tablekeeper-bug-"


def write_bug_report(error: BaseException, folder: str | os.PathLike[str] | None, *, match: Any = None,
                     context: Mapping[str, Any] | None = None) -> Path:
    """Write a report of ``error`` into ``folder`` (the save's folder; None: the working folder,
    or the temp folder where that cannot be written) and return its path. Never raises for
    want of the match: a match too broken to save is reported by its set-up and commands."""
    from .persistence import atomic_write_text

    text = report_text(error, match=match, context=context)
    name = f"{REPORT_PREFIX}{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
    candidates = [Path(folder) if folder is not None else Path.cwd()]
    import tempfile
    candidates.append(Path(tempfile.gettempdir()))
    for place in candidates:
        path = place / name
        try:
            atomic_write_text(path, text)
            return path
        except OSError:
            continue
    raise OSError(f"could not write a bug report in {', '.join(map(str, candidates))}")


def report_text(error: BaseException, *, match: Any = None, context: Mapping[str, Any] | None = None) -> str:
    lines = [
        "Tablekeeper bug report",
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"version: {_version()}",
        f"python: {sys.version.split()[0]} on {platform.platform()}",
    ]
    for key, value in (context or {}).items():
        lines.append(f"{key}: {value}")
    lines += ["", "--- what failed ---", *traceback.format_exception(type(error), error, error.__traceback__)]
    if match is not None:
        lines += ["", "--- the game (load it as a .tksave) ---", _match_text(match)]
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def _match_text(match: Any) -> str:
    from .persistence import match_to_document
    try:
        document = match_to_document(match)
    except Exception:
        config = match.config
        document = {"game": config.game, "players": config.players, "mode": config.mode, "seed": config.seed,
                    "options": dict(config.options), "seats": list(match.seats),
                    "commands": [str(c) for c in match.commands], "start": match.start_document}
    return json.dumps(document, indent=1, ensure_ascii=False, default=str)


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("tablekeeper")
    except PackageNotFoundError:
        return "unknown (not installed)"
