"""Readings of read-only content worked out once: what a rule reads off a card's effect tree (or
one part of it) never changes, so it is read at the first decision that asks, not at every one.

Entries are keyed by the tree's identity (a bare name by its text) and a detail such as the part
chosen; each entry keeps its tree alive, so no other object can take over its id. Only frozen
content (`FrozenMap`, tuples, names) is kept: anything else is read afresh every time.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from .content import FrozenMap

V = TypeVar("V")
D = TypeVar("D", bound=Hashable)


class ContentMemo(Generic[D, V]):
    """``read(tree, detail)`` remembered per content tree and detail (at most ``most`` entries:
    emptied when full, as a guard; content is finite)."""

    __slots__ = ("_read", "_entries", "_most")

    def __init__(self, read: Callable[[object, D], V], most: int = 10_000) -> None:
        self._read = read
        self._entries: dict[tuple[object, D], tuple[object, V]] = {}
        self._most = most

    def __call__(self, tree: object, detail: D) -> V:
        named = isinstance(tree, str)
        key = (tree if named else id(tree), detail)
        entry = self._entries.get(key)
        if entry is not None and (named or entry[0] is tree):
            return entry[1]
        value = self._read(tree, detail)
        if named or isinstance(tree, (FrozenMap, tuple)):
            if len(self._entries) >= self._most:
                self._entries.clear()
            self._entries[key] = (tree, value)
        return value
