"""Choosing a command by touching the things it names, in any order (no Qt, no game).

Each legal command comes with the things a player touches to give it (`Game.command_touches`:
spaces, pieces, cards). After each touch the candidates are the commands whose touches hold
everything touched so far (counting repeats: a room touched twice is a careful move), and what
is lit is what those candidates still need. A command is *complete* when its touches are exactly
what was touched. One complete candidate plays; several complete ones and nothing left to
touch ask the player; a touch that fits no candidate starts afresh from itself.

Things the player cannot tell apart (two identical cards in hand: the table gives them the same
``same`` value) count as one kind of thing: a command names one of them, and touching any of
them is touching it; all of them light up while the command needs one.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Outcome(Generic[C]):
    """What a touch leads to: ``play`` one command, ``ask`` among several, or wait (both empty)
    with ``lit`` the things that may come next; ``fits`` is False when the touch fit nothing."""
    play: C | None
    ask: tuple[C, ...]
    lit: frozenset[str]
    fits: bool = True


def look_alikes(table: Mapping[str, Any]) -> dict[str, str]:
    """The things of a table description (`engine.core.table`) that look like others: item or
    piece id → its ``same`` value, for the items of the boards and the shared zones and the pieces
    on the spaces that have one."""
    zones = [z for board in table.get("boards") or () for z in board.get("zones") or ()]
    zones += list(table.get("shared") or ())
    found = {str(item["id"]): str(item["same"]) for zone in zones for item in zone.get("items") or ()
             if item.get("same")}
    for mark in (table.get("spaces") or {}).values():
        for piece in mark.get("pieces") or ():
            if piece.get("id") and piece.get("same"):
                found[str(piece["id"])] = str(piece["same"])
    return found


class TouchSelection(Generic[C]):
    """The commands on offer with their touches, and what was touched so far; ``same`` maps a
    thing to what it cannot be told apart from (see `look_alikes`)."""

    def __init__(self, offers: Iterable[tuple[C, Sequence[str]]],
                 same: Mapping[str, str] | None = None) -> None:
        self._kind_of = {thing: ("same", kind) for thing, kind in (same or {}).items()}
        self._members: dict[Any, set[str]] = {}
        for thing, kind in self._kind_of.items():
            self._members.setdefault(kind, set()).add(thing)
        listed = [(command, tuple(self._key(t) for t in touches)) for command, touches in offers if touches]
        self._offers = [(command, Counter(touches)) for command, touches in listed]
        self._first = {touches[0] for _command, touches in listed}
        self.touched: list[str] = []

    def _key(self, thing: str) -> Any:
        return self._kind_of.get(thing, thing)

    def _need(self, touched: Sequence[str]) -> Counter[Any]:
        return Counter(self._key(t) for t in touched)

    def _things(self, keys: Iterable[Any]) -> frozenset[str]:
        """The things that answer for these keys (every look-alike of a kind)."""
        found: set[str] = set()
        for key in keys:
            found |= self._members.get(key, {key} if isinstance(key, str) else set())
        return frozenset(found)

    def candidates(self, touched: Sequence[str] | None = None) -> list[C]:
        need = self._need(self.touched if touched is None else touched)
        return [command for command, touches in self._offers if not need - touches]

    def lit(self) -> frozenset[str]:
        """What the candidates still need touched; before any touch, where each command starts
        (its first touch: the room to go to, not every card that could pay)."""
        if not self.touched:
            return self._things(self._first)
        need = self._need(self.touched)
        return self._things(key for _command, touches in self._offers if not need - touches
                            for key in touches - need)

    def draggable(self) -> frozenset[str]:
        """What may be picked up and dropped on something else: a thing of a command that names
        two or more."""
        return self._things(key for _command, touches in self._offers if sum(touches.values()) > 1
                            for key in touches)

    def drop_targets(self, thing: str) -> frozenset[str]:
        """Where ``thing`` may be dropped: the other things of the commands that name it."""
        key = self._key(thing)
        found: set[Any] = set()
        for _command, touches in self._offers:
            if touches[key]:
                found |= set(touches - Counter([key]))
        return self._things(found)

    def is_touchable(self, thing: str) -> bool:
        """Whether touching ``thing`` now (or afresh) leads anywhere."""
        return bool(self.candidates([*self.touched, thing]) or self.candidates([thing]))

    def touch(self, thing: str) -> Outcome[C]:
        touched = [*self.touched, thing]
        if not self.candidates(touched):
            touched = [thing]
            if not self.candidates(touched):
                return Outcome(None, (), self.lit(), fits=False)
        self.touched = touched
        need = self._need(touched)
        complete = [command for command, touches in self._offers if touches == need]
        waiting = [command for command, touches in self._offers if not need - touches and touches != need]
        if len(complete) == 1:
            self.touched = []
            return Outcome(complete[0], (), self.lit())
        if complete and not waiting:
            self.touched = []
            return Outcome(None, tuple(complete), self.lit())
        return Outcome(None, (), self.lit())

    def reset(self) -> None:
        self.touched = []
