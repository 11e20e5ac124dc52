"""Save files: readable JSON holding the match's config, seats and commands.

Loading replays every command from the seed and checks the final digest, so a save cannot
smuggle in a position the rules never reached. Writes are atomic: a crash mid-write leaves the
old file, never half a file.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from . import registry
from .commands import Command
from .documents import dump_yaml, state_from_document, state_to_document
from .errors import Refused, SaveError, TablekeeperError
from .game import Config, Data
from .match import Match
from .state import State

SAVE_FORMAT = "tablekeeper-save"
SAVE_VERSION = 1
SAVE_SUFFIX = ".tksave"


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write a whole file or nothing: temp file in the same folder, fsync, rename, fsync folder."""
    import tempfile  # here: it imports random and more, which start-up does not need

    target = Path(path)
    folder = target.parent
    fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, target)
    except BaseException:
        try:
            os.unlink(temp_name)
        except FileNotFoundError:
            pass
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some platforms cannot open folders; the rename is still atomic
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def match_to_document(match: Match) -> Data:
    config = match.config
    outcome = match.state.outcome
    return {
        "format": SAVE_FORMAT, "version": SAVE_VERSION,
        "game": config.game, "players": config.players, "mode": config.mode, "seed": config.seed,
        "options": dict(config.options), "seats": list(match.seats),
        "start": match.start_document,
        "commands": [str(c) for c in match.commands],
        "digest": match.digest(),
        "outcome": None if outcome is None else outcome.to_plain(),
    }


def save_match(match: Match, path: str | os.PathLike[str]) -> None:
    text = json.dumps(match_to_document(match), indent=1, ensure_ascii=False) + "\n"
    atomic_write_text(path, text)


def match_from_document(document: Any, source: str) -> Match:
    if not isinstance(document, dict):
        raise SaveError(source, "not a Tablekeeper save (expected a JSON object)")
    if document.get("format") != SAVE_FORMAT:
        raise SaveError(source, f"not a Tablekeeper save (format is {document.get('format')!r})")
    version = document.get("version")
    if not isinstance(version, int) or version > SAVE_VERSION:
        raise SaveError(source, f"save version {version!r} is not one this program reads ({SAVE_VERSION})")
    try:
        if document.get("start") is not None:
            initial = state_from_document(document["start"], f"{source} (start)")
        else:
            initial = _new_state(document, source)
        match = Match(initial, document.get("seats") or [], document.get("start"))
    except SaveError:
        raise
    except TablekeeperError as error:
        raise SaveError(source, str(error)) from None
    commands = document.get("commands")
    if not isinstance(commands, list):
        raise SaveError(source, "field 'commands' should be a list of commands")
    for number, text in enumerate(commands, start=1):
        try:
            match.apply(Command.parse(str(text)))
        except Refused as refusal:
            raise SaveError(source, f"command {number} ({text!r}) is refused: {refusal}") from None
        except TablekeeperError as error:
            raise SaveError(source, f"command {number} ({text!r}): {error}") from None
    expected = document.get("digest")
    if expected is not None and expected != match.digest():
        raise SaveError(source, "the replayed game does not match the saved digest: the file was changed "
                                "or written by an incompatible version")
    return match


def _new_state(document: Data, source: str) -> State:
    for key, kind in (("game", str), ("players", int), ("seed", int)):
        if not isinstance(document.get(key), kind) or isinstance(document.get(key), bool):
            raise SaveError(source, f"field {key!r} is missing or not {kind.__name__}")
    game = registry.get_game(document["game"])
    config = Config.build(game.info, document["players"], document.get("mode"), document["seed"],
                          document.get("options") or {})
    return State.new(game, config)


def load_match(path: str | os.PathLike[str]) -> Match:
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(source, "file not found") from None
    except IsADirectoryError:
        raise SaveError(source, "is a folder, not a save file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(source, f"cannot read the file ({error.__class__.__name__})") from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(source, f"the save is damaged: {error.msg}", error.lineno) from None
    return match_from_document(document, source)


def state_document_text(state: State) -> str:
    return dump_yaml(state_to_document(state))
