"""What games can be started, read from the engine's registry into the controller's plain types.

Imported when the New Game dialog opens, not at start-up. It reads only the games' descriptions
(`engine.core.game_infos`): no game's rules are loaded until a game starts.
"""
from __future__ import annotations

from typing import Any

from engine.core import TablekeeperError, game_info, game_infos

from .types import GameChoice, ModeChoice, OptionChoice, Words


def available_games() -> list[GameChoice]:
    return [_choice(info) for info in game_infos()]


def listed_games() -> list[GameChoice]:
    """The games to offer on the start page; none when a game module named in the environment
    cannot be loaded (the New Game dialog then says why)."""
    try:
        return available_games()
    except TablekeeperError:
        return []


def _choice(info: Any) -> GameChoice:
    modes = tuple(ModeChoice(m.id, Words.of(m.name), m.min_players, m.max_players, m.cooperative)
                  for m in info.modes)
    options = tuple(
        OptionChoice(o.key, Words.of(o.name), o.kind, o.default, tuple(o.choices),
                     tuple(Words.of(n) for n in o.choice_names), o.minimum, o.maximum, Words.of(o.help))
        for o in info.options)
    return GameChoice(info.id, Words.of(info.name), Words.of(info.summary), modes, options,
                      info.hidden_information)


def bot_kinds(game_id: str) -> tuple[str, ...]:
    """The kinds of computer player a game offers (``random`` → seat kind ``bot:random``),
    its own strongest first."""
    try:
        return game_info(game_id).bot_kinds()
    except TablekeeperError:
        return ()


def seat_names(game_id: str, players: int, mode: str) -> tuple[Words, ...]:
    """What the game calls each seat (as its description names them); plain numbering for an
    unknown game."""
    try:
        info = game_info(game_id)
        return tuple(Words.of(info.seat_name(i)) for i in range(players))
    except TablekeeperError:
        return tuple(Words(f"Player {i + 1}", f"玩家 {i + 1}") for i in range(players))


def game_with_board(wanted: str = "", players: int = 2) -> tuple[str, str]:
    """(game id, mode) for a self-check: ``wanted``, else the first registered game that draws a
    board; its first mode that seats ``players``. Loads the games' rules (not for start-up)."""
    from engine.core import Config, games
    found = [g for g in games() if g.info.id == wanted] if wanted else [
        g for g in games() if g.board_layout(Config.build(g.info, players)).get("spaces")]
    game = found[0] if found else games()[0]
    mode = next(m.id for m in game.info.modes if m.min_players <= players <= m.max_players)
    return game.info.id, mode
