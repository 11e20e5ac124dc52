"""Everything the app remembers between runs, behind one typed wrapper over `QSettings`.

Lists and mappings are stored as JSON text: QSettings' own list handling differs between the
INI, registry and plist back ends (a one-item list comes back as a plain string from INI).
"""
from __future__ import annotations

import os
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

RECENT_FILES_LIMIT = 8
DEFAULT_LANGUAGE = "en"
# Pause before each computer move, so people can follow them (the "instant" speed skips it).
BOT_SPEEDS = {"slow": 1200, "normal": 500, "fast": 150, "instant": 0}
DEFAULT_BOT_SPEED = "normal"


class Settings:
    """Typed access to the app's settings; pass a `QSettings` to keep tests away from the user's."""

    def __init__(self, store: QSettings | None = None) -> None:
        self._store = store if store is not None else QSettings()

    @property
    def store(self) -> QSettings:
        return self._store

    def sync(self) -> None:
        self._store.sync()

    # -- language ------------------------------------------------------------------------------
    @property
    def language(self) -> str:
        value = self._store.value("ui/language", DEFAULT_LANGUAGE)
        return value if isinstance(value, str) and value else DEFAULT_LANGUAGE

    @language.setter
    def language(self, code: str) -> None:
        self._store.setValue("ui/language", code)

    @property
    def show_legend(self) -> bool:
        """The strip under the board that explains its highlight colours (on by default)."""
        return self._store.value("ui/show_legend", "true") in (True, "true", "1")

    @show_legend.setter
    def show_legend(self, on: bool) -> None:
        self._store.setValue("ui/show_legend", "true" if on else "false")

    # -- play ----------------------------------------------------------------------------------
    @property
    def confirm_end_turn(self) -> bool:
        """Ask "End your turn?" before a turn ends (off by default)."""
        return self._store.value("play/confirm_end_turn", "false") in (True, "true", "1")

    @confirm_end_turn.setter
    def confirm_end_turn(self, on: bool) -> None:
        self._store.setValue("play/confirm_end_turn", "true" if on else "false")

    @property
    def bot_speed(self) -> str:
        """How fast computer moves follow each other: a key of `BOT_SPEEDS`."""
        value = self._store.value("play/bot_speed", DEFAULT_BOT_SPEED)
        return value if value in BOT_SPEEDS else DEFAULT_BOT_SPEED

    @bot_speed.setter
    def bot_speed(self, speed: str) -> None:
        self._store.setValue("play/bot_speed", speed if speed in BOT_SPEEDS else DEFAULT_BOT_SPEED)

    # -- recent files --------------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        """Most recent first, without duplicates, at most `RECENT_FILES_LIMIT`."""
        paths = self._json("files/recent", [])
        if not isinstance(paths, list):
            return []
        return [p for p in paths if isinstance(p, str)][:RECENT_FILES_LIMIT]

    def add_recent_file(self, path: str | os.PathLike[str]) -> None:
        full = os.path.abspath(os.fspath(path))
        paths = [full] + [p for p in self.recent_files() if p != full]
        self._set_json("files/recent", paths[:RECENT_FILES_LIMIT])

    def remove_recent_file(self, path: str | os.PathLike[str]) -> None:
        full = os.path.abspath(os.fspath(path))
        self._set_json("files/recent", [p for p in self.recent_files() if p != full])

    def clear_recent_files(self) -> None:
        self._set_json("files/recent", [])

    # -- window --------------------------------------------------------------------------------
    def window_geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    def set_window_geometry(self, geometry: QByteArray) -> None:
        self._store.setValue("window/geometry", geometry)

    def window_state(self) -> QByteArray | None:
        return self._bytes("window/state")

    def set_window_state(self, state: QByteArray) -> None:
        self._store.setValue("window/state", state)

    # -- New Game dialog -----------------------------------------------------------------------
    def new_game_choices(self) -> dict[str, Any]:
        """The last choices made in the New Game dialog (empty before the first game)."""
        choices = self._json("new_game/last", {})
        return choices if isinstance(choices, dict) else {}

    def set_new_game_choices(self, choices: dict[str, Any]) -> None:
        self._set_json("new_game/last", choices)

    # -- storage helpers -----------------------------------------------------------------------
    def _json(self, key: str, default: Any) -> Any:
        text = self._store.value(key, "")
        if not isinstance(text, str) or not text:
            return default
        import json  # only once something was stored: a first start has nothing to decode
        try:
            return json.loads(text)
        except ValueError:
            return default  # a hand-edited or damaged settings file must not stop the app

    def _set_json(self, key: str, value: Any) -> None:
        import json
        self._store.setValue(key, json.dumps(value, ensure_ascii=False))

    def _bytes(self, key: str) -> QByteArray | None:
        value = self._store.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None
