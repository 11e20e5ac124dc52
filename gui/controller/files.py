"""Matches from a New Game choice or a file, and saved to one; what goes wrong in plain words.

Each function raises `SessionError` (a title and a message for a dialog) instead of the engine's
errors, so widgets never see an engine type.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from .types import NewGameConfig, SessionError

if TYPE_CHECKING:
    from engine.core import Match

# Every player-visible word of the session's parts is translated in one context, "GameSession".
translate = QCoreApplication.translate


def save_suffix() -> str:
    """The file name ending of saved games (``.tksave``)."""
    from engine.core import SAVE_SUFFIX
    return SAVE_SUFFIX


def new_match(config: NewGameConfig) -> Match:
    from engine.core import Match, TablekeeperError
    try:
        return Match.new(config.game, config.players, mode=config.mode, seed=config.seed,
                         options=config.options, seats=list(config.seats))
    except TablekeeperError as error:
        raise SessionError(translate("GameSession", "Cannot start this game"), str(error)) from None


def open_match(path: str | os.PathLike[str]) -> Match:
    from engine.core import SaveError, TablekeeperError, load_match
    try:
        return load_match(path)
    except SaveError as error:
        raise SessionError(
            translate("GameSession", "Cannot open the game"),
            translate("GameSession", "The file {file} could not be opened:\n{reason}").format(
                file=error.file, reason=error.reason if error.line is None
                else translate("GameSession", "line {line}: {reason}").format(line=error.line, reason=error.reason)),
        ) from None
    except TablekeeperError as error:
        raise SessionError(translate("GameSession", "Cannot open the game"),
                           translate("GameSession", "The file {file} could not be opened:\n{reason}").format(
                               file=os.fspath(path), reason=error)) from None


def save_match(match: Match, target: str | None) -> str:
    """Write ``match`` to ``target`` (None: no name chosen yet); the file's path."""
    from engine.core import save_match as save
    if target is None:
        raise SessionError(translate("GameSession", "Cannot save the game"),
                           translate("GameSession", "Choose a file name first."))
    try:
        save(match, target)
    except OSError as error:
        raise SessionError(translate("GameSession", "Cannot save the game"),
                           translate("GameSession", "The file {file} could not be written:\n{reason}").format(
                               file=target, reason=error.strerror or error)) from None
    return target

