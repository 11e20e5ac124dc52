"""The registry of games. Everything generic — the command line, the app, the bots, the
conformance tests — finds games here and never by name."""
from __future__ import annotations

import importlib
import os

from .errors import UnknownGame
from .game import Game

# Subpackages that register a game when imported; each game adds itself here as it lands.
BUILTIN_GAME_MODULES: tuple[str, ...] = ("engine.vindication", "engine.nemesis", "engine.dragonbond")
# Extra modules to import, separated by commas: modders' games and the tests' toy game.
EXTRA_GAMES_VARIABLE = "TABLEKEEPER_GAMES"

_games: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    existing = _games.get(game.info.id)
    if existing is not None and type(existing) is not type(game):
        raise ValueError(f"two different games use the id {game.info.id!r}")
    _games[game.info.id] = game
    return game


def _load_modules() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    extra = [m.strip() for m in os.environ.get(EXTRA_GAMES_VARIABLE, "").split(",") if m.strip()]
    for module in (*BUILTIN_GAME_MODULES, *extra):
        try:
            importlib.import_module(module)
        except ImportError as error:
            raise UnknownGame(f"cannot load game module {module!r}: {error}") from None


def games() -> list[Game]:
    _load_modules()
    return sorted(_games.values(), key=lambda g: g.info.id)


def get_game(game_id: str) -> Game:
    _load_modules()
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(sorted(_games)) or "none registered"
        raise UnknownGame(f"no game {game_id!r} (games: {known})") from None
