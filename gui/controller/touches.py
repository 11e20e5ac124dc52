"""Choosing a command by touching the things it names, in any order (no Qt, no game).

Each legal command comes with the things a player touches to give it (`Game.command_touches`:
spaces, pieces, cards). After each touch the candidates are the commands whose touches hold
everything touched so far (counting repeats: a room touched twice is a careful move), and what
is lit is what those candidates still need. A command is *complete* when its touches are exactly
what was touched. One complete candidate plays; several complete ones and nothing left to
touch ask the player; a touch that fits no candidate starts afresh from itself.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Outcome(Generic[C]):
    """What a touch leads to: ``play`` one command, ``ask`` among several, or wait (both empty)
    with ``lit`` the things that may come next; ``fits`` is False when the touch fit nothing."""
    play: C | None
    ask: tuple[C, ...]
    lit: frozenset[str]
    fits: bool = True


class TouchSelection(Generic[C]):
    """The commands on offer with their touches, and what was touched so far."""

    def __init__(self, offers: Iterable[tuple[C, Sequence[str]]]) -> None:
        listed = [(command, tuple(touches)) for command, touches in offers if touches]
        self._offers = [(command, Counter(touches)) for command, touches in listed]
        self._first = {touches[0] for _command, touches in listed}
        self.touched: list[str] = []

    def candidates(self, touched: Sequence[str] | None = None) -> list[C]:
        need = Counter(self.touched if touched is None else touched)
        return [command for command, touches in self._offers if not need - touches]

    def lit(self) -> frozenset[str]:
        """What the candidates still need touched; before any touch, where each command starts
        (its first touch: the room to go to, not every card that could pay)."""
        if not self.touched:
            return frozenset(self._first)
        need = Counter(self.touched)
        return frozenset(thing for _command, touches in self._offers if not need - touches
                         for thing in touches - need)

    def draggable(self) -> frozenset[str]:
        """What may be picked up and dropped on something else: a thing of a command that names
        two or more."""
        return frozenset(thing for _command, touches in self._offers if sum(touches.values()) > 1
                         for thing in touches)

    def drop_targets(self, thing: str) -> frozenset[str]:
        """Where ``thing`` may be dropped: the other things of the commands that name it."""
        found: set[str] = set()
        for _command, touches in self._offers:
            if touches[thing]:
                rest = touches - Counter([thing])
                found |= set(rest)
        return frozenset(found)

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
        need = Counter(touched)
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
