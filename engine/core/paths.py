"""Breadth-first search over a board: how many steps away every space lies, and a shortest way.

Every game measures its board in steps between spaces (regions, triangles, rooms) and each has
its own idea of which spaces touch now (mountain borders shut, doors closed); it passes that as
``neighbours``, a function from a space to the spaces one step away. The search itself is the
same everywhere, so it is written once. Ties go to the neighbour listed first: a game that
breaks ties by a rule (map order, exit number) lists neighbours in that order.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

Space = TypeVar("Space", bound=Hashable)


def distances_from(start: Space, neighbours: Callable[[Space], Iterable[Space]]) -> dict[Space, int]:
    """Steps from ``start`` to every space it can reach (``start`` itself at 0), nearest first."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours(here):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def shortest_path(start: Space, goal: Space,
                  neighbours: Callable[[Space], Iterable[Space]]) -> tuple[Space, ...] | None:
    """The spaces of a shortest way from ``start`` to ``goal``, both included; None when ``goal``
    cannot be reached."""
    came_from: dict[Space, Space | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            path = [here]
            while (previous := came_from[path[-1]]) is not None:
                path.append(previous)
            return tuple(reversed(path))
        for there in neighbours(here):
            if there not in came_from:
                came_from[there] = here
                queue.append(there)
    return None
