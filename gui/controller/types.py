"""Plain values the controller hands to widgets: what can be chosen for a new game, and the choice;
the log's lines, the buttons' groups, and the error a player's request ends in.

Importing this module loads no engine code, so widgets can use these types freely and the app
starts without paying for the engine until the first game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

HUMAN_SEAT = "human"
BOT_SEAT_PREFIX = "bot:"
REMOTE_SEAT_KIND = "remote"  # online: a seat another app plays
YOU_SEAT = "you"             # online: the seat this app plays


class SessionError(Exception):
    """Something the player asked for could not be done; title and message are plain words."""

    def __init__(self, title: str, message: str) -> None:
        super().__init__(message)
        self.title = title
        self.message = message


def without_seat(notation: str) -> str:
    """A command's notation as its player types it: without the seat prefix, which counts seats
    from 0 (``0: answer CH1`` → ``answer CH1``; the app plays a typed command for the player
    whose view shows)."""
    head, colon, rest = notation.partition(":")
    return rest.strip() if colon and head.strip().isdigit() else notation


@dataclass(frozen=True, slots=True)
class Words:
    """A name in every language the app speaks; `get()` picks one (English when missing)."""

    en: str
    zh_TW: str = ""

    def get(self, language: str = "en") -> str:
        return (self.zh_TW or self.en) if language.startswith("zh") else self.en

    @classmethod
    def of(cls, text: Any) -> Words:
        """From the engine's `Text` (anything with ``en`` and ``zh_TW``); None gives no words."""
        return cls("") if text is None else cls(text.en, text.zh_TW)


@dataclass(frozen=True, slots=True)
class ModeChoice:
    id: str
    name: Words
    min_players: int
    max_players: int
    cooperative: bool


@dataclass(frozen=True, slots=True)
class OptionChoice:
    key: str
    name: Words
    kind: str  # "bool", "int" or "choice"
    default: str | bool | int
    choices: tuple[str, ...] = ()
    choice_names: tuple[Words, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: Words = Words("")


@dataclass(frozen=True, slots=True)
class GameChoice:
    id: str
    name: Words
    summary: Words
    modes: tuple[ModeChoice, ...]
    options: tuple[OptionChoice, ...]
    hidden_information: bool


@dataclass(frozen=True, slots=True)
class NewGameConfig:
    """Everything the New Game dialog decides. ``seed`` None means a random one."""

    game: str
    players: int
    mode: str
    seats: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class ActionGroup:
    """Button commands of one verb, with the game's words for the group."""
    key: str                            # the verb
    title: str
    tip: str
    actions: tuple[tuple[str, str], ...]  # (label, command)


@dataclass(frozen=True, slots=True)
class AmountChoice:
    """Answers of one decision that differ only in numbers, asked as one row: a spin box per
    part (``parts``: their titles) and a button that plays the answer holding the chosen numbers.
    ``choices``: (numbers, label, command) per answer, the numbers in the order of ``parts``."""

    title: str
    tip: str
    parts: tuple[str, ...]
    choices: tuple[tuple[tuple[int, ...], str, str], ...]

    def command_for(self, numbers: tuple[int, ...]) -> tuple[str, str] | None:
        """(label, command) of the answer holding exactly ``numbers``; None when none does."""
        return next(((label, command) for n, label, command in self.choices if n == numbers), None)

    def values_of(self, part: int) -> list[int]:
        """The numbers part ``part`` takes in the answers, ascending."""
        return sorted({n[part] for n, _, _ in self.choices})

    def nearest(self, numbers: tuple[int, ...], part: int) -> tuple[int, ...]:
        """The answer's numbers closest to ``numbers`` among those that keep part ``part``'s
        number (the first listed on a tie); ``numbers`` themselves when an answer holds them."""
        fits = [n for n, _, _ in self.choices if n[part] == numbers[part]] or [n for n, _, _ in self.choices]
        return min(fits, key=lambda n: (n != numbers, sum(abs(a - b) for a, b in zip(n, numbers, strict=True))))


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log: its words, whose line it is (None: nobody's, e.g. a round
    starting), and the spec rule it comes from with the short name of that rule's area ("" when
    the game names none)."""

    text: str
    seat: int | None = None
    rule: str = ""
    rule_title: str = ""
