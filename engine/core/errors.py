"""The errors the engine reports. Each prints as one clear line meant for a person."""
from __future__ import annotations

from typing import Any

FieldPath = tuple[Any, ...]  # mapping keys and list indexes, e.g. ("cards", 3, "cost")


class TablekeeperError(Exception):
    """Base of every error a player or modder may see; str() is one readable line."""


class Refused(TablekeeperError):
    """A command broke a rule. The state it was applied to is left exactly as it was."""

    def __init__(self, rule_id: str, reason: str) -> None:
        super().__init__(f"{rule_id}: {reason}")
        self.rule_id = rule_id
        self.reason = reason


def refuse(rule_id: str, reason: str) -> Refused:
    """The error for a command that breaks ``rule_id``, to raise where the rule is checked:
    ``raise refuse("VIN-TURN-7", "answer with exactly one choice")`` reads as the rule saying no.
    Every game's rules raise through it, so a refusal always carries its rule ID."""
    return Refused(rule_id, reason)


class StateBroken(RuntimeError):
    """A state whose rules failed midway through a command the game itself had listed as legal.

    Not a player's mistake but an engine bug: the data may be half-changed, so every further use
    of that state raises this error, naming the command and the failure (`State.apply`). A `Match`
    rebuilds the state before the command from its history instead (`Match.apply`)."""


class NotationError(TablekeeperError):
    """Text that does not spell a command."""


class UnknownGame(TablekeeperError):
    """A game id that no registered game has."""


class ConfigError(TablekeeperError):
    """Players, mode, options or seats that the game does not offer."""


class SaveError(TablekeeperError):
    """A save or state file that cannot be read, names the file (and line where there is one)."""

    def __init__(self, file: str, reason: str, line: int | None = None) -> None:
        where = f"{file}, line {line}" if line else file
        super().__init__(f"{where}: {reason}")
        self.file = file
        self.line = line
        self.reason = reason


class ContentError(TablekeeperError):
    """A content file that does not fit its schema; str() is one line naming file, line and field."""

    def __init__(self, file: str, reason: str, *, line: int | None = None, field: str | None = None,
                 expected: str | None = None) -> None:
        self.file = file
        self.line = line  # 1-based
        self.field = field  # dotted path, e.g. cards[3].effects[0].amount
        self.expected = expected
        self.reason = reason
        parts = [file] + ([f"line {line}"] if line else []) + ([f"field {field}"] if field else [])
        super().__init__(f"{', '.join(parts)}: {reason}")


def render_path(path: FieldPath) -> str:
    """("cards", 3, "cost") -> 'cards[3].cost'."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) and not isinstance(part, bool) else (
            f".{part}" if text else str(part))
    return text
