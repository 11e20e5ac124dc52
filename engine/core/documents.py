"""State documents: one state written out as readable YAML, and read back.

They set up scenarios for tests, settle rules disputes and let modders start a game anywhere.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from . import plain, registry
from .commands import Command
from .content import ContentError, FieldPath, render_path
from .errors import NotationError, SaveError, TablekeeperError
from .game import Config, Data
from .schema import (
    Anything,
    Bool,
    Const,
    Int,
    MapOf,
    Nullable,
    OneOf,
    Record,
    Schema,
    Str,
    Tuple,
    check,
    describe,
)
from .state import State

STATE_FORMAT = "tablekeeper-state"
STATE_VERSION = 1
MAX_DOCUMENT_BYTES = 1_000_000   # real states are 4–20 KB
MAX_DEPTH = 64                   # real states nest about 10 deep
MAX_PLAYERS = 99
MAX_LINE_SEARCH = 4_000_000      # a JSON text read again for line numbers only up to this size


def state_to_document(state: State) -> Data:
    config = state.config
    return {"format": STATE_FORMAT, "version": STATE_VERSION, "game": config.game,
            "players": config.players, "mode": config.mode, "seed": config.seed,
            "options": dict(config.options), "rng": state.rng.get_state(), "data": state.to_plain()["data"]}


def dump_yaml(document: Any) -> str:
    import yaml  # only when a document is written

    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml when there: the same text, faster
    return yaml.dump(document, Dumper=dumper, sort_keys=False, allow_unicode=True, width=100)


def read_yaml(path: Path) -> Any:
    """A state document's data, read from YAML or JSON (see `read_document`)."""
    return read_document(path)[0]


def read_document(path: Path, limit: int = MAX_DOCUMENT_BYTES) -> tuple[Any, Lines]:
    """A document file as plain data with the line of every field: JSON when it starts with
    ``{``, else safe YAML. Every failure is one `SaveError` line naming the file; a file larger
    than ``limit`` bytes is refused before it is read."""
    source = str(path)
    text = read_text(path, limit, "a state document")
    if text.lstrip().startswith("{"):
        document = parse_json(text, source)
        return document, Lines(text, source)
    return parse_yaml_lines(text, source)


def read_text(path: Path, limit: int, what: str) -> str:
    """A whole text file of at most ``limit`` bytes, or one `SaveError` line."""
    source = str(path)
    try:
        size = path.stat().st_size
        if size > limit:
            raise SaveError(source, f"too large for {what} "
                                    f"({size / 1e6:.1f} MB; at most {limit / 1e6:.0f} MB)")
        with path.open("rb") as handle:
            raw = handle.read(limit + 1)  # the file may have grown since stat
    except FileNotFoundError:
        raise SaveError(source, "file not found") from None
    except IsADirectoryError:
        raise SaveError(source, "is a folder, not a file") from None
    except OSError as error:
        reason = error.strerror or error.__class__.__name__
        raise SaveError(source, f"cannot read the file ({reason})") from None
    if len(raw) > limit:
        raise SaveError(source, f"too large for {what} (more than {limit / 1e6:.0f} MB)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        raise SaveError(source, "not UTF-8 text (a binary or damaged file?)", line) from None


def parse_json(text: str, source: str) -> Any:
    """Plain data from JSON text, refusing what JSON readers disagree on or choke on: duplicate
    keys, NaN and infinities, numbers of thousands of digits, nesting deeper than MAX_DEPTH."""
    import json  # here: start-up reads no document

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in pairs:
            if key in result:
                raise _JsonProblem(f"duplicate key {key!r}")
            result[key] = value
        return result

    def no_constant(name: str) -> Any:
        raise _JsonProblem(f"{name} is not a number JSON allows")

    try:
        document = json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant)
    except json.JSONDecodeError as error:
        raise SaveError(source, f"damaged JSON: {error.msg}", error.lineno) from None
    except _JsonProblem as problem:
        raise SaveError(source, f"damaged JSON: {problem}") from None
    except RecursionError:
        raise SaveError(source, f"damaged JSON: nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as error:  # e.g. Python's limit on the digits of one int
        raise SaveError(source, f"damaged JSON: {error}") from None
    _check_depth(document, source)
    return document


class _JsonProblem(ValueError):
    pass


def parse_yaml(text: str, source: str) -> Any:
    """Plain data from YAML text, through the one safe loader that also reads content files."""
    return parse_yaml_lines(text, source)[0]


def parse_yaml_lines(text: str, source: str) -> tuple[Any, Lines]:
    from .safe_yaml import read_yaml  # PyYAML loads when a document is first read

    try:
        data, lines = read_yaml(text, source)
    except ContentError as error:
        raise SaveError(source, error.reason if not error.field else f"field {error.field}: {error.reason}",
                        error.line) from None
    _check_depth(data, source)
    return data, Lines(text, source, lines)


def _check_depth(document: Any, source: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH: every later step walks the data recursively."""
    stack = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise SaveError(source, f"nested more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)


class Lines:
    """The line of each field of a document, for messages; for JSON worked out only when a
    message needs one (by reading the text again as YAML, which gives lines)."""

    def __init__(self, text: str, source: str, lines: dict[FieldPath, int] | None = None) -> None:
        self._text, self._source, self._lines = text, source, lines

    def of(self, path: FieldPath) -> int | None:
        if self._lines is None:
            self._lines = {}
            if len(self._text) <= MAX_LINE_SEARCH:
                from .safe_yaml import read_yaml
                try:
                    self._lines = read_yaml(self._text, self._source)[1]
                except (ContentError, RecursionError):
                    pass
        for end in range(len(path), -1, -1):
            if path[:end] in self._lines:
                return self._lines[path[:end]]
        return None


NO_LINES = Lines("", "")


def field_error(source: str, lines: Lines, path: FieldPath, message: str) -> SaveError:
    """A `SaveError` naming the field at ``path`` and its line."""
    where = render_path(path)
    return SaveError(source, f"field {where}: {message}" if where else message, lines.of(path))


def config_fields() -> tuple[dict[str, Schema], dict[str, Schema]]:
    """The fields a save and a state document share (game, players, seed; mode and options),
    required and optional."""
    from .registry import game_infos
    required = {"game": Str(lambda: {info.id for info in game_infos()}, what="the id of an installed game"),
                "players": Int(1, MAX_PLAYERS), "seed": Int(-2**63, 2**64 - 1)}
    optional: dict[str, Schema] = {"mode": Nullable(Str(max_len=64)),
                                   "options": Nullable(MapOf(Str(max_len=64),
                                                             OneOf(Bool(), Int(-2**31, 2**31), Str(max_len=256))))}
    return required, optional


def _header_schema() -> Schema:
    required, optional = config_fields()
    return Record({
        "format": Const(STATE_FORMAT), "version": Int(1, STATE_VERSION), **required,
        "rng": Tuple(Int(0, 2**64 - 1), Int(0, 2**64 - 1)), "data": Record({}, extra=Anything()),
    }, optional=optional, what="a state document")


def state_from_document(document: Any, source: str, lines: Lines = NO_LINES) -> State:
    """Build a state from a state document, checking everything a hand edit could break: the
    header's fields, the shape of the data (the game's schema), the game's invariants, and that
    the position can be played on."""
    if not isinstance(document, dict):
        raise SaveError(source, "a state document is a mapping with format, game, players, … and data")
    fmt = document.get("format")
    if fmt != STATE_FORMAT:
        raise field_error(source, lines, ("format",), f"should be {STATE_FORMAT!r}, not {describe(fmt)}")
    version = document.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > STATE_VERSION:
        raise field_error(source, lines, ("version",),
                          f"version {version} is newer than this program reads ({STATE_VERSION})")
    problems = check(_header_schema(), document)
    if problems:
        raise field_error(source, lines, problems[0].path, problems[0].message)
    try:
        game = registry.get_game(document["game"])
        config = Config.build(game.info, document["players"], document.get("mode"), document["seed"],
                              document.get("options") or {})
    except TablekeeperError as error:
        raise SaveError(source, str(error), lines.of(("options",))) from None
    data = document["data"]
    not_plain = plain.plain_problems(data)
    if not_plain:
        raise SaveError(source, "the data must be plain YAML values: " + "; ".join(not_plain[:3]))
    schema = game.data_schema(config)
    if schema is not None:
        problems = check(schema, data, ("data",))
        if problems:
            raise field_error(source, lines, problems[0].path, problems[0].message)
    try:
        state = State.from_plain(game, config, document["rng"], data)
    except (TypeError, ValueError) as error:
        raise field_error(source, lines, ("rng",), f"not a generator state ({error})") from None
    broken = state.invariant_problems()
    if broken:
        raise SaveError(source, "the state breaks the rules: " + "; ".join(broken[:5]))
    check_playable(state, source)
    return state


def check_playable(state: State, source: str) -> None:
    """Refuse a state nobody can go on from: a game not over that waits on no seat, or on seats
    with nothing to do, or whose rules fail on it (every view and legal list is built once)."""
    players = state.config.players
    try:
        if not state.is_terminal():
            deciders = state.deciders()
            if not deciders:
                raise SaveError(source, "nobody can act: the game is not over but waits on no seat")
            if any(not 0 <= seat < players for seat in deciders):
                raise SaveError(source, f"the game waits on seats {list(deciders)}, "
                                        f"but seats are 0 to {players - 1}")
            if not any(state.legal(seat) for seat in deciders):
                raise SaveError(source, f"nobody can act: seats {list(deciders)} have no legal command")
            for seat in deciders:   # listers build commands unchecked (`Command.trusted`): check the words here
                for listed in state.legal(seat):
                    try:
                        Command(listed.verb, listed.args, listed.options, listed.seat)
                    except NotationError as error:
                        raise SaveError(source, f"a legal command holds a word no command may ({error}); "
                                                "was a field changed by hand?") from None
        for seat in (None, *range(players)):
            state.view(seat)
    except TablekeeperError:
        raise
    except Exception as error:
        raise SaveError(source, f"the rules cannot play this state ({type(error).__name__}: {error}); "
                                "was a field changed by hand?") from None
