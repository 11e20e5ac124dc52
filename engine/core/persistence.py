"""Save files: readable JSON holding the match's config, seats and commands.

Loading replays every command from the seed and checks the final digest, so a save cannot
smuggle in a position the rules never reached. Writes are atomic: a crash mid-write leaves the
old file, never half a file.
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from . import registry
from .commands import MAX_TEXT, Command
from .content import FieldPath
from .documents import (
    MAX_PLAYERS,
    NO_LINES,
    Lines,
    config_fields,
    dump_yaml,
    field_error,
    parse_json,
    read_text,
    state_from_document,
    state_to_document,
)
from .errors import Refused, SaveError, TablekeeperError
from .game import Config, Data
from .match import Match
from .schema import (
    Anything,
    Const,
    Int,
    ListOf,
    Nullable,
    Record,
    Schema,
    Str,
    Where,
    check,
    describe,
)
from .state import State

SAVE_FORMAT = "tablekeeper-save"
SAVE_VERSION = 1
SAVE_SUFFIX = ".tksave"
MAX_SAVE_BYTES = 32_000_000   # a game of 30,000 commands is about 1.5 MB
MAX_COMMANDS = 200_000


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write a whole file or nothing: temp file in the same folder, fsync, rename, fsync folder.
    A file written over keeps its permissions; temp files that an interrupted earlier write of
    the same file left behind are removed."""
    import tempfile  # here: it imports random and more, which start-up does not need

    target = Path(path)
    folder = target.parent
    prefix = f".{target.name}."
    try:
        mode: int | None = stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mode = None  # a new file: the temp file's private 0600 would be surprising, so use the umask
    fd, temp_name = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    try:
        os.chmod(temp_name, mode if mode is not None else 0o666 & ~_umask())
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
    _remove_stale_temps(folder, prefix)
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some platforms cannot open folders; the rename is still atomic
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _remove_stale_temps(folder: Path, prefix: str) -> None:
    """Temp files of this target that a killed writer left (ours is already renamed)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if name.startswith(prefix) and name.endswith(".tmp"):
            try:
                os.unlink(folder / name)
            except OSError:
                pass


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


def _save_schema(players: int | None = None) -> Schema:
    from .match import SEAT_KIND_PATTERN
    required, optional = config_fields()
    seat = Where(Str(max_len=64), lambda kind: bool(SEAT_KIND_PATTERN.match(kind)), "human or bot:NAME")
    return Record({
        "format": Const(SAVE_FORMAT), "version": Int(1, SAVE_VERSION), **required,
        "commands": ListOf(Str(max_len=MAX_TEXT), max_len=MAX_COMMANDS),
    }, optional={
        **optional,
        "seats": Nullable(ListOf(seat, max_len=players if players is not None else MAX_PLAYERS)),
        "start": Nullable(Record({}, extra=Anything(), what="a state document")),
        "digest": Nullable(Where(Str(max_len=64), lambda text: len(text) == 64 and
                                 all(c in "0123456789abcdef" for c in text), "64 hex digits")),
        "outcome": Nullable(Record({}, extra=Anything(), what="the outcome")),
    }, what="a Tablekeeper save")


def match_from_document(document: Any, source: str, lines: Lines = NO_LINES) -> Match:
    """The match a save describes, replayed command by command from its start and checked
    against its digest; every problem is one `SaveError` naming the field and its line."""
    if not isinstance(document, dict):
        raise SaveError(source, "not a Tablekeeper save (expected a JSON object)")
    if document.get("format") != SAVE_FORMAT:
        raise SaveError(source, f"not a Tablekeeper save (format is {describe(document.get('format'))})")
    version = document.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
        raise field_error(source, lines, ("version",),
                          f"save version {version} is newer than this program reads ({SAVE_VERSION})")
    players = document.get("players")
    problems = check(_save_schema(players if isinstance(players, int) else None), document)
    if problems:
        raise field_error(source, lines, problems[0].path, problems[0].message)
    try:
        if document.get("start") is not None:
            initial = state_from_document(document["start"], f"{source} (start)", _Within(lines, ("start",)))
            config = initial.config
            if (config.game, config.players) != (document["game"], document["players"]):
                raise field_error(source, lines, ("start",), "its game and players differ from the save's")
        else:
            game = registry.get_game(document["game"])
            config = Config.build(game.info, document["players"], document.get("mode"), document["seed"],
                                  document.get("options") or {})
            initial = State.new(game, config)
        match = Match(initial, document.get("seats") or [], document.get("start"))
    except SaveError:
        raise
    except TablekeeperError as error:
        raise SaveError(source, str(error)) from None
    for number, text in enumerate(document["commands"], start=1):
        try:
            match.apply(Command.parse(text))
        except Refused as refusal:
            raise field_error(source, lines, ("commands", number - 1),
                              f"command {number} ({text!r}) is refused: {refusal}") from None
        except TablekeeperError as error:
            raise field_error(source, lines, ("commands", number - 1),
                              f"command {number} ({text!r}): {error}") from None
    expected = document.get("digest")
    if expected is not None and expected != match.digest():
        raise SaveError(source, "the replayed game does not match the saved digest: the file was changed "
                                "or written by an incompatible version", lines.of(("digest",)))
    return match


class _Within(Lines):
    """The lines of a document nested in another (a save's start state), for its messages."""

    def __init__(self, outer: Lines, prefix: FieldPath) -> None:
        self._outer, self._prefix = outer, prefix

    def of(self, path: FieldPath) -> int | None:
        return self._outer.of(self._prefix + path)


def load_match(path: str | os.PathLike[str]) -> Match:
    """The match a save file holds (see `match_from_document`); a file larger than
    MAX_SAVE_BYTES is refused before it is read."""
    source = str(path)
    text = read_text(Path(path), MAX_SAVE_BYTES, "a save")
    document = parse_json(text, source)
    return match_from_document(document, source, Lines(text, source))


def state_document_text(state: State) -> str:
    return dump_yaml(state_to_document(state))
