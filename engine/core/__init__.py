"""The shared core every game plugs into: the public API of the engine.

Callers outside `engine` (the GUI controller, the command line, bots, tests) use these names.
Each name loads its module on first use (PEP 562), so listing the games (`game_infos`) does not
pay for the rules machinery, PyYAML or the content loader.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .amounts import Amounts
    from .commands import Command, command
    from .content import FrozenMap
    from .content import load as load_content
    from .content import parse as parse_content
    from .documents import (
        dump_yaml,
        parse_yaml,
        read_document,
        read_yaml,
        state_from_document,
        state_to_document,
    )
    from .effects import Effect, EffectInterpreter, Param, Pause
    from .errors import (
        ConfigError,
        ContentError,
        NotationError,
        Refused,
        SaveError,
        StateBroken,
        TablekeeperError,
        UnknownGame,
        refuse,
    )
    from .events import Event, event, visible
    from .game import Config, Data, Game, Outcome, Prompt
    from .info import LANGUAGES, GameInfo, ModeSpec, OptionSpec, Text
    from .match import BOT_PREFIX, HUMAN, Match, parse_seats
    from .persistence import (
        SAVE_SUFFIX,
        atomic_write_text,
        load_match,
        match_from_document,
        match_to_document,
        save_match,
        state_document_text,
    )
    from .registry import game_info, game_infos, games, get_game, register
    from .rng import Rng, weighted_choice
    from .state import State

# public name -> (module in this package, its name there)
_EXPORTS: dict[str, tuple[str, str]] = {
    "Amounts": ("amounts", "Amounts"),
    **{name: ("commands", name) for name in ("Command", "command")},
    "FrozenMap": ("content", "FrozenMap"),
    "load_content": ("content", "load"), "parse_content": ("content", "parse"),
    **{name: ("documents", name) for name in ("dump_yaml", "parse_yaml", "read_document", "read_yaml",
                                              "state_from_document", "state_to_document")},
    **{name: ("effects", name) for name in ("Effect", "EffectInterpreter", "Param", "Pause")},
    **{name: ("errors", name) for name in ("ConfigError", "ContentError", "NotationError", "Refused", "SaveError",
                                           "StateBroken", "TablekeeperError", "UnknownGame", "refuse")},
    **{name: ("events", name) for name in ("Event", "event", "visible")},
    **{name: ("game", name) for name in ("Config", "Data", "Game", "Outcome", "Prompt")},
    **{name: ("info", name) for name in ("LANGUAGES", "GameInfo", "ModeSpec", "OptionSpec", "Text")},
    **{name: ("match", name) for name in ("BOT_PREFIX", "HUMAN", "Match", "parse_seats")},
    **{name: ("persistence", name) for name in ("SAVE_SUFFIX", "atomic_write_text", "load_match",
                                                "match_from_document", "match_to_document", "save_match",
                                                "state_document_text")},
    **{name: ("registry", name) for name in ("game_info", "game_infos", "games", "get_game", "register")},
    **{name: ("rng", name) for name in ("Rng", "weighted_choice")},
    "State": ("state", "State"),
}

__all__ = [
    "BOT_PREFIX",
    "HUMAN",
    "LANGUAGES",
    "SAVE_SUFFIX",
    "Amounts",
    "Command",
    "Config",
    "ConfigError",
    "ContentError",
    "Data",
    "Effect",
    "EffectInterpreter",
    "Event",
    "FrozenMap",
    "Game",
    "GameInfo",
    "Match",
    "ModeSpec",
    "NotationError",
    "OptionSpec",
    "Outcome",
    "Param",
    "Pause",
    "Prompt",
    "Refused",
    "Rng",
    "SaveError",
    "State",
    "StateBroken",
    "TablekeeperError",
    "Text",
    "UnknownGame",
    "atomic_write_text",
    "command",
    "dump_yaml",
    "event",
    "game_info",
    "game_infos",
    "games",
    "get_game",
    "load_content",
    "load_match",
    "match_from_document",
    "match_to_document",
    "parse_content",
    "parse_seats",
    "parse_yaml",
    "read_document",
    "read_yaml",
    "refuse",
    "register",
    "save_match",
    "state_document_text",
    "state_from_document",
    "state_to_document",
    "visible",
    "weighted_choice",
]


def __getattr__(name: str) -> Any:
    try:
        module, attribute = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"{__name__}.{module}"), attribute)
    globals()[name] = value  # the next look-up is a plain module attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
