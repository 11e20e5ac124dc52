"""What a bot is, and the registry of bot kinds that seats name as ``bot:KIND``."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from engine.core import BOT_PREFIX, Command, ConfigError, Data, Rng, games

_KIND = re.compile(r"[a-z_][a-z0-9_]*\Z")  # the NAME part of a seat kind "bot:NAME"


class Bot(Protocol):
    """Plays any registered game through the contract only.

    It sees what its seat may see (the seat's view, plain data) and the seat's legal commands,
    draws any randomness from the generator it is given, and returns one of those commands.
    """

    name: str

    def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command: ...


BotFactory = Callable[[], Bot]

_factories: dict[str, BotFactory] = {}


def register_bot(kind: str, factory: BotFactory) -> None:
    """Offer a kind of bot; games add their own (heuristic, search) when their package loads."""
    if not _KIND.match(kind):
        raise ValueError(f"bot kind {kind!r} must be lower case letters, digits and _")
    existing = _factories.get(kind)
    if existing is not None and existing is not factory:
        raise ValueError(f"two different bots use the kind {kind!r}")
    _factories[kind] = factory


def bot_kinds() -> list[str]:
    games()  # importing the games lets them register their bots first
    return sorted(_factories)


def make_bot(kind: str) -> Bot:
    """A new bot of ``kind``, spelled ``random`` or as a seat kind, ``bot:random``."""
    name = kind.removeprefix(BOT_PREFIX)
    kinds = bot_kinds()
    if name not in _factories:
        raise ConfigError(f"no bot kind {kind!r} (bot kinds: {', '.join(kinds) or 'none'})")
    return _factories[name]()
