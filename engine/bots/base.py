"""What a bot is, and the registry of bot kinds that seats name as ``bot:KIND``."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from engine.core import BOT_PREFIX, Command, ConfigError, Data, Game, Rng, games, get_game

_KIND = re.compile(r"[a-z_][a-z0-9_]*\Z")  # the NAME part of a seat kind "bot:NAME"


class Bot(Protocol):
    """Plays any registered game through the contract only.

    It sees what its seat may see (the seat's view, plain data) and the seat's legal commands,
    draws any randomness from the generator it is given, and returns one of those commands.
    """

    name: str

    def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command: ...


# Makes a bot for one game (None: a bot that needs no game's knowledge).
BotFactory = Callable[["Game | None"], Bot]

# (game id or None for every game, kind) -> factory
_factories: dict[tuple[str | None, str], BotFactory] = {}


def register_bot(kind: str, factory: BotFactory, game_id: str | None = None) -> None:
    """Offer a kind of bot, for every game or for one; games add their own (heuristic, search)
    when their package loads, so several games can each have a ``heuristic``."""
    if not _KIND.match(kind):
        raise ValueError(f"bot kind {kind!r} must be lower case letters, digits and _")
    existing = _factories.get((game_id, kind))
    if existing is not None and existing is not factory:
        raise ValueError(f"two different bots use the kind {kind!r}")
    _factories[(game_id, kind)] = factory


def bot_kinds(game_id: str | None = None) -> list[str]:
    """Bot kinds for one game (its own and the general ones), or every kind when None."""
    if game_id is None:
        games()  # importing the games lets them register their bots first
    else:
        get_game(game_id)  # only this game's rules (and so its bots), not every game's
    return sorted({kind for owner, kind in _factories if game_id is None or owner in (None, game_id)})


def make_bot(kind: str, game: Game | None = None) -> Bot:
    """A new bot of ``kind``, spelled ``random`` or as a seat kind, ``bot:random``."""
    name = kind.removeprefix(BOT_PREFIX)
    game_id = game.info.id if game is not None else None
    kinds = bot_kinds(game_id)
    factory = _factories.get((game_id, name)) or _factories.get((None, name))
    if factory is None:
        where = f" for {game_id}" if game_id else ""
        raise ConfigError(f"no bot kind {kind!r}{where} (bot kinds: {', '.join(kinds) or 'none'})")
    return factory(game)


def best_scored(legal: Sequence[Command], score: Callable[[Command], float], rng: Rng,
                noise_scale: int = 100_000) -> Command:
    """The legal command with the highest ``score``: what every scoring (heuristic) bot picks. A
    tiny seeded noise (below 1000 / ``noise_scale``) breaks ties between equally good commands."""
    if not legal:
        raise ValueError("the heuristic bot needs at least one legal command")
    scored = [(score(command) + rng.below(1000) / noise_scale, i) for i, command in enumerate(legal)]
    return legal[max(scored)[1]]
