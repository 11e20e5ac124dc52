"""A game's static description: what the New Game dialog and ``python -m engine games`` list.

It imports nothing of the rules (only the engine's errors and language pick), so the registry can list every game
without loading one. Each game keeps its `GameInfo` in ``engine/<game>/info.py``; the game's
``Game`` class takes it from there (`engine.core.game` names these types too).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .errors import ConfigError
from .language import is_chinese

LANGUAGES = ("en", "zh_TW")
# Kinds of computer player that play every game (`engine.bots` registers them); a game's own kinds
# are in its `GameInfo.bots`.
# ``search`` and ``search_hard`` are the Normal and Hard levels of the search player (engine/bots/search.py).
GENERAL_BOTS: tuple[str, ...] = ("random", "search", "search_hard")


@dataclass(frozen=True, slots=True)
class Text:
    """A name or message in every language the app speaks."""

    en: str
    zh_TW: str = ""

    def get(self, language: str = "en") -> str:
        return (self.zh_TW or self.en) if is_chinese(language) else self.en


@dataclass(frozen=True, slots=True)
class OptionSpec:
    key: str
    name: Text
    kind: Literal["choice", "bool", "int"]
    default: str | bool | int
    choices: tuple[str, ...] = ()
    choice_names: tuple[Text, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: Text | None = None

    def parse(self, raw: str | bool | int) -> str | bool | int:
        """Turn a typed or command-line value into the option's type, or raise ConfigError."""
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise ConfigError(f"option {self.key} is yes or no, not {raw!r}")
        if self.kind == "int":
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise ConfigError(f"option {self.key} is a whole number, not {raw!r}") from None
            if (self.minimum is not None and value < self.minimum) or (
                    self.maximum is not None and value > self.maximum):
                raise ConfigError(f"option {self.key} must be between {self.minimum} and {self.maximum}")
            return value
        if raw not in self.choices:
            raise ConfigError(f"option {self.key} is one of {', '.join(self.choices)}, not {raw!r}")
        return str(raw)


@dataclass(frozen=True, slots=True)
class ModeSpec:
    id: str
    name: Text
    min_players: int
    max_players: int
    cooperative: bool = False


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    name: Text
    modes: tuple[ModeSpec, ...]
    options: tuple[OptionSpec, ...] = ()
    rules_prefix: str = ""
    has_chance: bool = True
    hidden_information: bool = True
    summary: Text = Text("")
    # The game's own kinds of computer player (seat kind ``bot:NAME``), strongest first. The game
    # registers them (`engine.bots.register_bot`) when its rules load; kinds that every game has
    # (``random``) are not listed here.
    bots: tuple[str, ...] = ()
    # What the seats are called, in seat order; seats past the end are "Player N".
    seat_names: tuple[Text, ...] = ()

    @property
    def min_players(self) -> int:
        return min(m.min_players for m in self.modes)

    @property
    def max_players(self) -> int:
        return max(m.max_players for m in self.modes)

    def bot_kinds(self) -> tuple[str, ...]:
        """Every kind of computer player the game offers, its own first (as `engine.bots.bot_kinds`
        lists them once the rules are loaded)."""
        return (*self.bots, *(kind for kind in GENERAL_BOTS if kind not in self.bots))

    def seat_name(self, seat: int) -> Text:
        if seat < len(self.seat_names):
            return self.seat_names[seat]
        return Text(f"Player {seat + 1}", f"玩家 {seat + 1}")

    def mode(self, mode_id: str) -> ModeSpec:
        for mode in self.modes:
            if mode.id == mode_id:
                return mode
        raise ConfigError(f"{self.id} has no mode {mode_id!r}; modes: {', '.join(m.id for m in self.modes)}")

    def option(self, key: str) -> OptionSpec:
        for spec in self.options:
            if spec.key == key:
                return spec
        known = ", ".join(o.key for o in self.options) or "none"
        raise ConfigError(f"{self.id} has no option {key!r}; options: {known}")

    def default_mode(self, players: int) -> ModeSpec:
        for mode in self.modes:
            if mode.min_players <= players <= mode.max_players:
                return mode
        raise ConfigError(
            f"{self.id} is for {self.min_players}–{self.max_players} players, not {players}")
