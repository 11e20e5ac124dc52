"""The shared core every game plugs into: the public API of the engine.

Callers outside `engine` (the GUI controller, the command line, bots, tests) use these names.
"""
from .commands import Command, command
from .content import ContentError, FrozenMap
from .content import load as load_content
from .content import parse as parse_content
from .documents import dump_yaml, parse_yaml, read_yaml, state_from_document, state_to_document
from .errors import (ConfigError, NotationError, Refused, SaveError, TablekeeperError,
                     UnknownGame)
from .events import Event, event, visible
from .effects import Effect, EffectInterpreter, Param, Pause
from .game import (LANGUAGES, Config, Data, Game, GameInfo, ModeSpec, OptionSpec, Outcome, Prompt,
                   Text)
from .match import BOT_PREFIX, HUMAN, Match, parse_seats
from .persistence import (SAVE_SUFFIX, atomic_write_text, load_match, match_from_document,
                          match_to_document, save_match, state_document_text)
from .registry import games, get_game, register
from .rng import Rng, weighted_choice
from .state import State

__all__ = [
    "ContentError", "FrozenMap", "load_content", "parse_content", "Effect", "EffectInterpreter", "Param",
    "Pause",
    "Command", "command", "dump_yaml", "parse_yaml", "read_yaml", "state_from_document", "state_to_document",
    "ConfigError", "NotationError", "Refused", "SaveError", "TablekeeperError", "UnknownGame",
    "Event", "event", "visible", "LANGUAGES", "Config", "Data", "Game", "GameInfo", "ModeSpec",
    "OptionSpec", "Outcome", "Prompt", "Text", "BOT_PREFIX", "HUMAN", "Match", "parse_seats", "SAVE_SUFFIX",
    "atomic_write_text", "load_match", "match_from_document", "match_to_document", "save_match",
    "state_document_text", "games", "get_game", "register", "Rng", "weighted_choice", "State",
]
