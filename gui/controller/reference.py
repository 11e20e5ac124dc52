"""Any game's rules reference, read from the engine into the controller's plain types for the
Help ▸ Rules dialog. Imported when the dialog first opens; a game's reference loads (once) when
the dialog first shows that game, without loading the game's rules.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core import TablekeeperError, game_infos
from engine.core.reference import RULE_ID, Reference, reference_of

from .types import Words


@dataclass(frozen=True, slots=True)
class RuleEntry:
    id: str
    text: Words


@dataclass(frozen=True, slots=True)
class AreaEntry:
    id: str  # the rule-ID prefix the area explains
    title: Words
    intro: Words
    rules: tuple[RuleEntry, ...]


class RulesBook:
    """One game's reference: areas in reading order, rule texts, search. ``error`` is the one-line
    reason when the game's reference files could not be read (then it holds no areas)."""

    def __init__(self, game: str, name: Words, reference: Reference | None = None, error: str = "") -> None:
        self.game = game
        self.name = name
        self.error = error
        self._reference = reference if reference is not None else Reference(game)
        self.areas: tuple[AreaEntry, ...] = tuple(
            AreaEntry(area.id, Words.of(area.title), Words.of(area.intro),
                      tuple(RuleEntry(rule.id, Words.of(rule.text)) for rule in area.rules))
            for area in self._reference.areas)
        self._areas = {area.id: area for area in self.areas}

    def __bool__(self) -> bool:
        return bool(self.areas)

    def has_rule(self, rule_id: str) -> bool:
        return self._reference.rule(rule_id) is not None

    def text(self, rule_id: str, language: str) -> str:
        return self._reference.text(rule_id, language)

    def area(self, area_id: str) -> AreaEntry | None:
        return self._areas.get(area_id)

    def area_of(self, rule_id: str) -> AreaEntry | None:
        """The area of ``rule_id`` (for an ID not written yet: the area its prefix names)."""
        area = self._reference.area_of(rule_id)
        return None if area is None else self._areas[area.id]

    def search(self, query: str, language: str) -> list[str]:
        return self._reference.search(query, language)


def split_rule_ids(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into pieces, each marked True when it is a rule ID (which the dialog links)."""
    pieces: list[tuple[str, bool]] = []
    position = 0
    for found in RULE_ID.finditer(text):
        if found.start() > position:
            pieces.append((text[position:found.start()], False))
        pieces.append((found.group(0), True))
        position = found.end()
    if position < len(text):
        pieces.append((text[position:], False))
    return pieces


def reference_games() -> list[tuple[str, Words]]:
    """Every game the app offers, as (id, name), for the dialog's choice of game."""
    return [(info.id, Words.of(info.name)) for info in game_infos()]


def rules_book(game_id: str) -> RulesBook:
    """The reference of ``game_id`` (empty when none is written); a file that does not fit the
    format gives an empty book with the loader's one-line reason."""
    names = dict(reference_games())
    name = names.get(game_id, Words(game_id))
    try:
        return RulesBook(game_id, name, reference_of(game_id))
    except TablekeeperError as error:
        return RulesBook(game_id, name, error=str(error))
