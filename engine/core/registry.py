"""The registry of games. Everything generic — the command line, the app, the bots, the
conformance tests — finds games here and never by name.

A game is known in two steps, so that listing the games costs nothing of their rules:

- its **description** (`GameInfo`): a game package ``P`` with a module ``P.info`` holding
  ``INFO`` is listed from there (`game_infos`, `game_info`); nothing else of ``P`` is imported;
- its **rules** (`Game`): ``P.game`` is imported the first time the game itself is asked for
  (`get_game`, `games`); importing it registers the game (`register`) and its own bots.

A module without an ``info`` submodule (a modder's single-file game, the tests' toy game) is
imported whole at once and described by its registered game's ``info``.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
from typing import TYPE_CHECKING

from .errors import UnknownGame
from .info import GameInfo

if TYPE_CHECKING:
    from .game import Game

# Game packages; each game adds itself here as it lands.
BUILTIN_GAME_MODULES: tuple[str, ...] = ("engine.vindication", "engine.nemesis", "engine.dragonbond")
# Extra modules to import, separated by commas: modders' games and the tests' toy game.
EXTRA_GAMES_VARIABLE = "TABLEKEEPER_GAMES"
INFO_MODULE = "info"   # P.info: INFO, the game's GameInfo
RULES_MODULE = "game"  # P.game: the rules; importing it registers the game

_games: dict[str, Game] = {}            # games whose rules are loaded
_infos: dict[str, GameInfo] = {}        # every known game's description
_rules_modules: dict[str, str] = {}     # game id -> the module that loads its rules
_described = False


def register(game: Game) -> Game:
    existing = _games.get(game.info.id)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"two different games use the id {game.info.id!r}")
    described = _infos.get(game.info.id)
    if described is not None and described != game.info:
        raise ValueError(f"game {game.info.id!r} differs from its description (its info.py)")
    _games[game.info.id] = game
    _infos[game.info.id] = game.info
    return game


def _has_submodule(module: str, name: str) -> bool:
    try:
        return importlib.util.find_spec(f"{module}.{name}") is not None
    except ModuleNotFoundError:  # ``module`` is missing (importing it says so) or not a package
        return False


def _describe(module: str) -> None:
    """Learn one module's game: from its light description if it has one, else by importing it."""
    try:
        if _has_submodule(module, INFO_MODULE):
            info = getattr(importlib.import_module(f"{module}.{INFO_MODULE}"), "INFO", None)
            if not isinstance(info, GameInfo):
                raise UnknownGame(f"{module}.{INFO_MODULE} has no INFO (the game's GameInfo)")
            known = _rules_modules.get(info.id)
            if known is not None and known != f"{module}.{RULES_MODULE}":
                raise ValueError(f"two different games use the id {info.id!r}")
            _infos.setdefault(info.id, info)
            _rules_modules[info.id] = f"{module}.{RULES_MODULE}"
        else:
            importlib.import_module(module)  # registers its game(s) as it loads
    except ImportError as error:
        raise UnknownGame(f"cannot load game module {module!r}: {error}") from None


def _describe_modules() -> None:
    global _described
    if _described:
        return
    _described = True
    extra = [m.strip() for m in os.environ.get(EXTRA_GAMES_VARIABLE, "").split(",") if m.strip()]
    for module in (*BUILTIN_GAME_MODULES, *extra):
        _describe(module)


def game_infos() -> list[GameInfo]:
    """Every game's description, by id, without loading any game's rules."""
    _describe_modules()
    return [_infos[game_id] for game_id in sorted(_infos)]


def game_info(game_id: str) -> GameInfo:
    """One game's description, without loading its rules."""
    _describe_modules()
    try:
        return _infos[game_id]
    except KeyError:
        raise _unknown(game_id) from None


def games() -> list[Game]:
    """Every game, its rules loaded."""
    return [get_game(info.id) for info in game_infos()]


def get_game(game_id: str) -> Game:
    """The game with this id; its rules are imported on first use."""
    _describe_modules()
    game = _games.get(game_id)
    if game is not None:
        return game
    module = _rules_modules.get(game_id)
    if module is None:
        raise _unknown(game_id)
    try:
        importlib.import_module(module)
    except ImportError as error:
        raise UnknownGame(f"cannot load game module {module!r}: {error}") from None
    try:
        return _games[game_id]
    except KeyError:
        raise UnknownGame(f"{module} did not register the game {game_id!r}") from None


def _unknown(game_id: str) -> UnknownGame:
    known = ", ".join(sorted(_infos)) or "none registered"
    return UnknownGame(f"no game {game_id!r} (games: {known})")
