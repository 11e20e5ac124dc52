"""A game's rules reference: the player's short text for every rule ID, by area, in every language.

The text is data: every ``*.yaml`` file in ``resources/<game id>/reference/``, read in file-name
order (the format is in the files' own heading comments)::

    areas:
      - area: NEM-MOVE                          # the rule-ID prefix the area explains
        title: {en: "Movement", zh_TW: "移動"}
        intro: {en: "…", zh_TW: "…"}             # optional
        rules:
          - id: NEM-MOVE-1
            en: "Movement costs one card and …"
            zh_TW: "移動花費 1 張卡 …"

Files are read with the content loader's safe YAML reader (`safe_yaml.read_yaml`), so every
problem is one `ContentError` line naming the file, the line and what to write instead. A game
without a ``reference`` folder has an empty reference. `reference_of` is the one way in: keyed by
the game's id, cached per game, so the app finds any game's reference without knowing the game.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .content import ContentError, FieldError, FieldPath, did_you_mean, render_path, show_value
from .info import LANGUAGES, Text

if TYPE_CHECKING:  # importlib.resources pulls in tempfile, zipfile and random: only when a reference loads
    from importlib.resources.abc import Traversable

FOLDER = "reference"  # resources/<game id>/reference/*.yaml
SUFFIX = ".yaml"
# A rule ID anywhere in a text ("see NEM-ESCAPE-1"): game code, area, number.
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*-[A-Z][A-Z0-9]*-[0-9]+\b")
_AREA_ID = re.compile(r"[A-Z][A-Z0-9]*-[A-Z][A-Z0-9]*")
_RULE_ID = re.compile(r"[A-Z][A-Z0-9]*-[A-Z][A-Z0-9]*-[1-9][0-9]*")
_GAME_ID = re.compile(r"[a-z0-9_]+")
# Markup a plain text must not hold: HTML tags and entities, Markdown emphasis, code, links, headings.
_MARKUP = re.compile(r"<[A-Za-z/!]|&#?[A-Za-z0-9]+;|\*\*|__|`|\]\(|^#+\s", re.MULTILINE)
_PLACEHOLDERS = frozenset({"…", "...", "todo", "tbd", "tk"})
_LANGUAGE_LIST = ", ".join(LANGUAGES)


@dataclass(frozen=True, slots=True)
class RuleText:
    """One rule's text for the player; ``file`` and ``line`` say where it is written."""

    id: str
    text: Text
    area: str
    file: str = ""
    line: int = 0


@dataclass(frozen=True, slots=True)
class Area:
    """The rules of one ID prefix (``NEM-MOVE``), in the order the files give them."""

    id: str
    title: Text
    rules: tuple[RuleText, ...]
    intro: Text | None = None
    file: str = ""
    line: int = 0


class Reference:
    """A game's whole reference: its areas in order, and each rule's text by ID."""

    def __init__(self, game: str, areas: Iterable[Area] = ()) -> None:
        self.game = game
        self.areas: tuple[Area, ...] = tuple(areas)
        self._areas = {area.id: area for area in self.areas}
        self._rules = {rule.id: rule for area in self.areas for rule in area.rules}

    def __bool__(self) -> bool:
        return bool(self.areas)

    def __len__(self) -> int:
        """The number of rules."""
        return len(self._rules)

    def __repr__(self) -> str:
        return f"Reference({self.game!r}, {len(self.areas)} areas, {len(self._rules)} rules)"

    def rule_ids(self) -> tuple[str, ...]:
        """Every rule ID, in reading order."""
        return tuple(self._rules)

    def rule(self, rule_id: str) -> RuleText | None:
        return self._rules.get(rule_id)

    def text(self, rule_id: str, language: str = "en") -> str:
        """What ``rule_id`` says, in ``language`` (one of `LANGUAGES`); "" for an unknown ID."""
        rule = self._rules.get(rule_id)
        return rule.text.get(language) if rule else ""

    def area(self, area_id: str) -> Area | None:
        return self._areas.get(area_id)

    def area_of(self, rule_id: str) -> Area | None:
        """The area holding ``rule_id``; for an ID the reference lacks, the area its prefix names
        (so a link to a rule not written yet still opens the right area); else None."""
        rule = self._rules.get(rule_id)
        if rule is not None:
            return self._areas[rule.area]
        prefix = rule_id.rpartition("-")[0]
        return self._areas.get(prefix)

    def search(self, query: str, language: str = "en") -> list[str]:
        """The IDs of the rules matching ``query``, in reading order.

        A query that is a rule ID finds that rule, an area's ID its rules; otherwise every word of
        it (case-insensitive, any part of a word: "移動" finds "移動到") must appear in the rule's
        ID, its text in ``language`` or its area's title and ID.
        """
        words = query.casefold().split()
        if not words:
            return []
        exact = query.strip().upper()
        if exact in self._rules:
            return [exact]
        if exact in self._areas:
            return [rule.id for rule in self._areas[exact].rules]
        found = []
        for area in self.areas:
            heading = f"{area.id} {area.title.get(language)}".casefold()
            for rule in area.rules:
                haystack = f"{rule.id} {rule.text.get(language)} {heading}".casefold()
                if all(word in haystack for word in words):
                    found.append(rule.id)
        return found


# -- finding and loading ------------------------------------------------------------------------

def reference_folder(game_id: str) -> Traversable | None:
    """Where a game's reference files live: ``resources/<game id>/reference`` (None for an id
    that cannot name a folder there)."""
    if not _GAME_ID.fullmatch(game_id):
        return None
    from importlib import resources
    return resources.files("resources").joinpath(game_id, FOLDER)


@functools.cache
def reference_of(game_id: str) -> Reference:
    """The reference of the game ``game_id``, loaded once; empty when the game has no reference
    folder. Raises `ContentError` for a file that does not fit the format."""
    folder = reference_folder(game_id)
    if folder is None:
        return Reference(game_id)
    return load_reference(folder, game_id, f"resources/{game_id}/{FOLDER}")


def load_reference(folder: Traversable | Path, game_id: str = "", shown_as: str | None = None) -> Reference:
    """Read every ``*.yaml`` file of ``folder`` in file-name order; ``shown_as`` stands for the
    folder in messages. A missing folder is an empty reference."""
    if not folder.is_dir():
        return Reference(game_id)
    prefix = shown_as if shown_as is not None else str(folder)
    files = sorted((entry for entry in folder.iterdir() if entry.name.endswith(SUFFIX) and entry.is_file()),
                   key=lambda entry: entry.name)
    texts = []
    for entry in files:
        name = f"{prefix}/{entry.name}"
        try:
            texts.append((name, entry.read_text(encoding="utf-8")))
        except UnicodeDecodeError as exc:
            raise ContentError(name, f"not UTF-8 text ({exc.reason} at byte {exc.start}); "
                                     "save the file as UTF-8") from None
        except OSError as exc:
            raise ContentError(name, f"cannot read the file ({exc.strerror or exc})") from None
    return parse_reference(texts, game_id)


def parse_reference(files: Iterable[tuple[str, str]], game_id: str = "") -> Reference:
    """A reference from (file name, YAML text) pairs, in the order given."""
    from .safe_yaml import read_yaml  # PyYAML loads with the first reference, not at start-up

    areas: list[Area] = []
    seen_areas: dict[str, Area] = {}
    seen_rules: dict[str, RuleText] = {}
    for name, text in files:
        raw, lines = read_yaml(text, name)
        try:
            file_areas = _read_file(raw, name, lines)
            for index, area in enumerate(file_areas):
                first = seen_areas.get(area.id)
                if first is not None:
                    raise FieldError(("areas", index, "area"),
                                     f"area {area.id} is already written at {first.file}, line {first.line}: "
                                     "put all of its rules under that one entry")
                seen_areas[area.id] = area
                for number, rule in enumerate(area.rules):
                    earlier = seen_rules.get(rule.id)
                    if earlier is not None:
                        raise FieldError(("areas", index, "rules", number, "id"),
                                         f"rule {rule.id} is already written at {earlier.file}, line "
                                         f"{earlier.line}: keep one entry per rule ID")
                    seen_rules[rule.id] = rule
        except FieldError as exc:
            raise exc.located(name, lines) from None
        areas.extend(file_areas)
    return Reference(game_id, areas)


# -- the format ---------------------------------------------------------------------------------

def _read_file(raw: object, name: str, lines: Mapping[FieldPath, int]) -> list[Area]:
    _mapping(raw, (), required=("areas",), optional=(), what="the file (it holds `areas:`, a list)")
    assert isinstance(raw, dict)
    items = raw["areas"]
    if not isinstance(items, list) or not items:
        raise FieldError(("areas",), f"expected a list of areas (- area: …), got {show_value(items)}")
    return [_read_area(item, ("areas", index), name, lines) for index, item in enumerate(items)]


def _read_area(raw: object, path: FieldPath, name: str, lines: Mapping[FieldPath, int]) -> Area:
    _mapping(raw, path, required=("area", "title", "rules"), optional=("intro",), what="an area")
    assert isinstance(raw, dict)
    area_id = _plain(raw["area"], path + ("area",), check_markup=False)
    if not _AREA_ID.fullmatch(area_id):
        raise FieldError(path + ("area",), f"area {area_id!r} is not a rule-ID prefix: write the game "
                                           "code and the area in capitals, e.g. NEM-MOVE")
    title = _texts(raw["title"], path + ("title",))
    intro = _texts(raw["intro"], path + ("intro",)) if "intro" in raw else None
    items = raw["rules"]
    if not isinstance(items, list) or not items:
        raise FieldError(path + ("rules",), f"expected a list of rules (- id: {area_id}-1 …), "
                                            f"got {show_value(items)}")
    rules = tuple(_read_rule(item, path + ("rules", index), area_id, name, lines)
                  for index, item in enumerate(items))
    return Area(area_id, title, rules, intro, name, lines.get(path, 0))


def _read_rule(raw: object, path: FieldPath, area_id: str, name: str,
               lines: Mapping[FieldPath, int]) -> RuleText:
    _mapping(raw, path, required=("id", *LANGUAGES), optional=(), what="a rule")
    assert isinstance(raw, dict)
    rule_id = _plain(raw["id"], path + ("id",), check_markup=False)
    if not _RULE_ID.fullmatch(rule_id):
        raise FieldError(path + ("id",), f"rule id {rule_id!r} is not a rule ID: write it as in the "
                                         f"specification, e.g. {area_id}-1")
    if not rule_id.startswith(area_id + "-"):
        raise FieldError(path + ("id",), f"rule {rule_id} does not belong to area {area_id}: move it under "
                                         f"the area {rule_id.rpartition('-')[0]}")
    text = Text(**{language: _plain(raw[language], path + (language,)) for language in LANGUAGES})
    return RuleText(rule_id, text, area_id, name, lines.get(path + ("id",), 0))


def _texts(raw: object, path: FieldPath) -> Text:
    """``{en: "…", zh_TW: "…"}``: one plain text in every language."""
    _mapping(raw, path, required=LANGUAGES, optional=(), what=f"a text in every language ({_LANGUAGE_LIST})")
    assert isinstance(raw, dict)
    return Text(**{language: _plain(raw[language], path + (language,)) for language in LANGUAGES})


def _mapping(raw: object, path: FieldPath, *, required: tuple[str, ...], optional: tuple[str, ...],
             what: str) -> None:
    if not isinstance(raw, dict):
        keys = ", ".join(required)
        raise FieldError(path, f"expected {what} with {keys}, got {show_value(raw)}")
    known = (*required, *optional)
    for key in raw:
        if key not in known:
            raise FieldError(path + (key,), f"unknown field {str(key)!r}{did_you_mean(str(key), known)}; "
                                            f"{what} has {', '.join(known)}")
    for key in required:
        if key not in raw:
            place = render_path(path) or "the file"
            raise FieldError(path, f"{place} lacks {key!r}: {what} needs {', '.join(required)}")


def _plain(raw: object, path: FieldPath, *, check_markup: bool = True) -> str:
    """A non-empty plain-text string."""
    if not isinstance(raw, str):
        quotable = isinstance(raw, (bool, int, float))
        hint = " (quote it with double quotes to keep it as text)" if quotable else ""
        raise FieldError(path, f"expected a string, got {show_value(raw)}{hint}", "a string")
    if not raw.strip():
        raise FieldError(path, "the text is empty: write it (a sentence or two for a player)")
    if raw.strip().casefold() in _PLACEHOLDERS:
        raise FieldError(path, f"{raw.strip()!r} is a placeholder: write the text")
    if check_markup and (markup := _MARKUP.search(raw)):
        raise FieldError(path, f"plain text only: {markup.group(0).strip()!r} looks like HTML or Markdown; "
                               "write words (a rule ID as is, e.g. NEM-MOVE-1)")
    return raw
