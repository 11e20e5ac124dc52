"""Answers that say how many: a game names the numbers in an answer, the screen asks for them with
spin boxes instead of one button per number.

``Game.command_amounts(command, view, language)`` reads one answer as numbers: ``Amounts`` with a
``group`` (answers of one group are the same question with other numbers), the group's ``title``
and its ``parts`` — (part id, part title, how many) — in the game's order. The answers of one group
form one row: a spin box per part whose number differs between them, limited to the numbers
they hold, and one button that plays the answer with the chosen numbers. So ``move 0…5 infantry``
is one spin box, and ``lose 1 infantry + 1 ranged`` among the other ways to lose 2 units is a spin
box per unit type (changing one number moves the others to the nearest answer there is).

`amount_rows` makes the rows from the answers of one decision; `amount_problems` says what would
make a group unfit for a row (the conformance tests run it over every game).
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

A = TypeVar("A", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Amounts:
    """One answer as numbers: ``parts`` are (part id, part title, how many), the titles in the
    language asked for; a part left out of one answer of the group counts as 0 there."""

    group: str
    title: str
    parts: tuple[tuple[str, str, int], ...]
    tip: str = ""

    def values(self) -> dict[str, int]:
        return {part: n for part, _, n in self.parts}


@dataclass(frozen=True, slots=True)
class AmountRow(Generic[A]):
    """The answers of one group as one row: the titles of the parts whose numbers differ between
    them and, per answer, its numbers of those parts (in the same order)."""

    at: int                                   # where the group's first answer stood in the list
    group: str
    title: str
    tip: str
    parts: tuple[str, ...]
    choices: tuple[tuple[tuple[int, ...], A], ...]


def _groups(answers: Sequence[tuple[A, Amounts | None]]) -> dict[str, list[tuple[int, A, Amounts]]]:
    groups: dict[str, list[tuple[int, A, Amounts]]] = {}
    for at, (answer, amounts) in enumerate(answers):
        if amounts is not None:
            groups.setdefault(amounts.group, []).append((at, answer, amounts))
    return groups


def _table(members: list[tuple[int, A, Amounts]]) -> tuple[list[tuple[str, str]], list[tuple[int, ...]]]:
    """The parts (id, title) of a group in order of first appearance, and each answer's numbers."""
    parts: dict[str, str] = {}
    for _, _, amounts in members:
        for part, title, _ in amounts.parts:
            parts.setdefault(part, title)
    values = [tuple(amounts.values().get(part, 0) for part in parts) for _, _, amounts in members]
    return list(parts.items()), values


def amount_rows(answers: Sequence[tuple[A, Amounts | None]]) -> list[AmountRow[A]]:
    """The rows of spin boxes for one decision's answers (each with what `Game.command_amounts`
    says of it, or None), in the order of their first answers. A group of one answer, or one
    where two answers hold the same numbers, makes no row: its answers stay buttons."""
    rows: list[AmountRow[A]] = []
    for group, members in _groups(answers).items():
        parts, values = _table(members)
        varying = [i for i in range(len(parts)) if len({v[i] for v in values}) > 1]
        numbers = [tuple(v[i] for i in varying) for v in values]
        if len(members) < 2 or len(set(numbers)) < len(numbers):
            continue
        first = members[0][2]
        rows.append(AmountRow(members[0][0], group, first.title, first.tip,
                              tuple(parts[i][1] for i in varying),
                              tuple((n, answer) for n, (_, answer, _) in zip(numbers, members, strict=True))))
    return rows


def amount_problems(answers: Sequence[tuple[A, Amounts | None]]) -> list[str]:
    """What makes a group unfit for one row, in words: answers that read as the same numbers, a
    negative number, a part named twice in one answer, or titles that differ within a group."""
    found: list[str] = []
    for group, members in _groups(answers).items():
        titles = {amounts.title for _, _, amounts in members}
        if len(titles) > 1:
            found.append(f"group {group!r} has several titles: {sorted(titles)}")
        for _, answer, amounts in members:
            ids = [part for part, _, _ in amounts.parts]
            if len(set(ids)) < len(ids):
                found.append(f"{answer!r} names a part twice: {ids}")
            if any(n < 0 for _, _, n in amounts.parts):
                found.append(f"{answer!r} has a negative amount")
        _, values = _table(members)
        seen: dict[tuple[int, ...], A] = {}
        for (_, answer, _), v in zip(members, values, strict=True):
            if v in seen:
                found.append(f"{seen[v]!r} and {answer!r} of group {group!r} hold the same numbers {v}")
            seen.setdefault(v, answer)
    return found
