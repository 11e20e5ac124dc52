"""What games can be started, read from the engine's registry into the controller's plain types.

Imported when the New Game dialog opens, not at start-up.
"""
from __future__ import annotations

from typing import Any

from engine.bots import bot_kinds as engine_bot_kinds
from engine.core import Config, TablekeeperError, games, get_game

from .types import GameChoice, ModeChoice, OptionChoice, Words


def available_games() -> list[GameChoice]:
    return [_choice(game.info) for game in games()]


def _choice(info: Any) -> GameChoice:
    modes = tuple(ModeChoice(m.id, Words.of(m.name), m.min_players, m.max_players, m.cooperative)
                  for m in info.modes)
    options = tuple(
        OptionChoice(o.key, Words.of(o.name), o.kind, o.default, tuple(o.choices),
                     tuple(Words.of(n) for n in o.choice_names), o.minimum, o.maximum, Words.of(o.help))
        for o in info.options)
    return GameChoice(info.id, Words.of(info.name), Words.of(info.summary), modes, options,
                      info.hidden_information)


def bot_kinds(game_id: str | None = None) -> tuple[str, ...]:
    """The kinds of computer player a game offers (``random`` → seat kind ``bot:random``),
    its own strongest first."""
    kinds = engine_bot_kinds(game_id)
    return tuple(sorted(kinds, key=lambda kind: kind == "random"))


def seat_names(game_id: str, players: int, mode: str) -> tuple[Words, ...]:
    """What the game calls each seat; plain numbering if the choice is not (yet) valid."""
    try:
        game = get_game(game_id)
        config = Config.build(game.info, players, mode, 0)
        return tuple(Words.of(name) for name in game.seat_names(config))
    except TablekeeperError:
        return tuple(Words(f"Player {i + 1}", f"玩家 {i + 1}") for i in range(players))
