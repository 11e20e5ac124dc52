"""State documents: one state written out as readable YAML, and read back.

They set up scenarios for tests, settle rules disputes and let modders start a game anywhere.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from . import plain, registry
from .content import ContentError
from .errors import SaveError, TablekeeperError
from .game import Config, Data
from .state import State

STATE_FORMAT = "tablekeeper-state"
STATE_VERSION = 1


def state_to_document(state: State) -> Data:
    config = state.config
    return {"format": STATE_FORMAT, "version": STATE_VERSION, "game": config.game,
            "players": config.players, "mode": config.mode, "seed": config.seed,
            "options": dict(config.options), "rng": state.rng.get_state(), "data": state.to_plain()["data"]}


def dump_yaml(document: Any) -> str:
    import yaml  # only when a document is written

    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)


def read_yaml(path: Path) -> Any:
    """Read YAML with safe semantics only, turning every failure into one `SaveError` line."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(str(path), "file not found") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(str(path), f"cannot read the file ({error})") from None
    return parse_yaml(text, str(path))


def parse_yaml(text: str, source: str) -> Any:
    """Plain data from YAML text, through the one safe loader that also reads content files."""
    from .safe_yaml import read_yaml  # PyYAML loads when a document is first read

    try:
        data, _lines = read_yaml(text, source)
    except ContentError as error:
        raise SaveError(source, error.reason, error.line) from None
    return data


def _need(document: Any, key: str, kind: type | tuple[type, ...], source: str) -> Any:
    if not isinstance(document, dict) or key not in document:
        raise SaveError(source, f"field {key!r} is missing")
    value = document[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise SaveError(source, f"field {key!r} should be {names}, not {type(value).__name__}")
    return value


def state_from_document(document: Any, source: str) -> State:
    """Build a state from a state document, checking everything a hand edit could break."""
    if not isinstance(document, dict):
        raise SaveError(source, "a state document is a mapping with format, game, players, … and data")
    fmt = document.get("format")
    if fmt != STATE_FORMAT:
        raise SaveError(source, f"format should be {STATE_FORMAT!r}, not {fmt!r}")
    version = _need(document, "version", int, source)
    if version > STATE_VERSION:
        raise SaveError(source, f"version {version} is newer than this program reads ({STATE_VERSION})")
    try:
        game = registry.get_game(_need(document, "game", str, source))
        config = Config.build(game.info, _need(document, "players", int, source),
                              document.get("mode"), _need(document, "seed", int, source),
                              document.get("options") or {})
    except SaveError:
        raise
    except TablekeeperError as error:
        raise SaveError(source, str(error)) from None
    rng = _need(document, "rng", list, source)
    data = _need(document, "data", dict, source)
    problems = plain.plain_problems(data)
    if problems:
        raise SaveError(source, "the data must be plain YAML values: " + "; ".join(problems[:3]))
    try:
        state = State.from_plain(game, config, rng, data)
    except (TypeError, ValueError) as error:
        raise SaveError(source, f"field 'rng' is not a generator state ({error})") from None
    problems = state.invariant_problems()
    if problems:
        raise SaveError(source, "the state breaks the rules: " + "; ".join(problems[:5]))
    return state
