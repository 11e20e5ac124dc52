"""The map of Valerna (spec 3.5): twelve regions, their borders, mountains, city sites and start regions.

Pure data and pure queries, no game state: the map is built once from `map.yaml` (see
`engine.dragonbond.content`) and answers questions about it. Topology (which regions border which,
which borders are mountains) is kept apart from geometry (polygons, label positions, layout circles),
which only the renderer reads. ev08 ("Storm over the Peaks", DRG-MOVE-8) closes the mountain borders:
the queries that care take `mountains_closed`. Every tie is broken in map `order` (DRG-DEC-40).
"""
from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cached_property

from engine.core import paths

from .vocabulary import Name

Point = tuple[float, float]
Edge = frozenset[Point]  # an undirected polygon edge: its two end points


@dataclass(frozen=True)
class RegionSetup:
    """What setup puts on a region (DRG-SETUP-14)."""
    power_tokens: int
    neutral_units: int


@dataclass(frozen=True)
class Region:
    """One of the twelve regions: topology first, then drawing geometry."""
    id: str
    order: int                              # map order, for ties and multi-region effects (DRG-DEC-40)
    name: Name
    adjacent: tuple[str, ...]
    mountain_borders_with: tuple[str, ...]
    city_site: bool
    start_of: str | None                    # the character that starts here
    setup: RegionSetup
    polygon: tuple[Point, ...]              # clockwise on screen (y down); neighbours share vertices
    label_pos: Point
    layout_radius: float                    # a circle around label_pos that lies inside the polygon

    @property
    def edges(self) -> frozenset[Edge]:
        return polygon_edges(self.polygon)


@dataclass(frozen=True)
class MountainBorder:
    """A mountain border and the shared polygon edge to draw as a ridge."""
    between: tuple[str, str]
    edge: tuple[Point, Point]


@dataclass(frozen=True)
class Scene:
    width: float
    height: float


@dataclass(frozen=True)
class Map:
    """The region graph of one map (spec 3.5); regions are kept in map order."""
    id: str
    scene: Scene
    outline: tuple[Point, ...]
    regions: dict[str, Region]
    mountain_borders: tuple[MountainBorder, ...]

    # -- regions ---------------------------------------------------------------------------------

    @cached_property
    def order(self) -> tuple[str, ...]:
        """Region ids in map order (DRG-DEC-40)."""
        return tuple(sorted(self.regions, key=lambda r: self.regions[r].order))

    @cached_property
    def _rank(self) -> dict[str, int]:
        """Region id -> its place in map order (read-only; built once, as sorting is frequent)."""
        return {r: i for i, r in enumerate(self.order)}

    def sort_regions(self, ids: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted(set(ids), key=self._rank.__getitem__))

    @cached_property
    def start_regions(self) -> dict[str, str]:
        """character id -> its start region (DRG-SETUP-5)."""
        return {r.start_of: r.id for r in (self.regions[i] for i in self.order) if r.start_of is not None}

    def start_region(self, character: str) -> str:
        return self.start_regions[character]

    @cached_property
    def non_start_regions(self) -> tuple[str, ...]:
        """The regions that are no character's start position, in map order."""
        return tuple(r for r in self.order if self.regions[r].start_of is None)

    @cached_property
    def city_sites(self) -> tuple[str, ...]:
        return tuple(r for r in self.order if self.regions[r].city_site)

    # -- borders -----------------------------------------------------------------------------------

    @cached_property
    def borders(self) -> tuple[tuple[str, str], ...]:
        """Every border once, as (earlier, later) in map order, sorted."""
        rank = {r: i for i, r in enumerate(self.order)}
        pairs = {(a, b) if rank[a] <= rank[b] else (b, a) for a in self.order for b in self.regions[a].adjacent}
        return tuple(sorted(pairs, key=lambda p: (rank[p[0]], rank[p[1]])))

    @cached_property
    def _mountains(self) -> frozenset[frozenset[str]]:
        return frozenset(frozenset((a, b)) for a in self.regions for b in self.regions[a].mountain_borders_with)

    def is_adjacent(self, a: str, b: str) -> bool:
        return b in self.regions[a].adjacent

    @cached_property
    def _mountain_pairs(self) -> frozenset[tuple[str, str]]:
        """Both (a, b) and (b, a) of every mountain border: asked often, without building a set."""
        pairs = [(a, b) for a, b in map(sorted, self._mountains)]
        return frozenset(pairs + [(b, a) for a, b in pairs])

    def is_mountain(self, a: str, b: str) -> bool:
        """Whether the border between a and b is a mountain border (DRG-MOUNTAIN-1)."""
        return (a, b) in self._mountain_pairs

    def neighbours(self, region: str, *, mountains_closed: bool = False) -> tuple[str, ...]:
        """Adjacent regions in map order; with `mountains_closed` (ev08) the mountain borders are shut."""
        return (self._closed_neighbours if mountains_closed else self._open_neighbours)[region]

    @cached_property
    def _open_neighbours(self) -> dict[str, tuple[str, ...]]:
        """Region id -> its adjacent regions in map order, every border open (asked very often)."""
        return {r: self.sort_regions(self.regions[r].adjacent) for r in self.regions}

    @cached_property
    def _closed_neighbours(self) -> dict[str, tuple[str, ...]]:
        """Region id -> its adjacent regions in map order across no mountain border (ev08)."""
        return {r: self.sort_regions(b for b in self.regions[r].adjacent if not self.is_mountain(r, b))
                for r in self.regions}

    def shared_edges(self, a: str, b: str) -> frozenset[Edge]:
        """The polygon edges two regions share (empty unless adjacent)."""
        return self.regions[a].edges & self.regions[b].edges

    # -- distances ---------------------------------------------------------------------------------

    def distances_from(self, start: str, *, mountains_closed: bool = False) -> dict[str, int]:
        """Steps from `start` to every region it can reach (DRG-DEC-27: any regions count)."""
        return dict(self._distances(start, mountains_closed))

    def _distances(self, start: str, mountains_closed: bool) -> dict[str, int]:
        """`distances_from`, searched once per start and border state (the map never changes):
        the kept dict itself, which callers here only read."""
        key = (start, bool(mountains_closed))
        found = self._distance_memo.get(key)
        if found is None:
            neighbours = self._closed_neighbours if mountains_closed else self._open_neighbours
            found = self._distance_memo[key] = paths.distances_from(start, neighbours.__getitem__)
        return found

    @cached_property
    def _distance_memo(self) -> dict[tuple[str, bool], dict[str, int]]:
        return {}

    @cached_property
    def memo(self) -> dict[object, object]:
        """Answers the rules work out from the map alone, kept by their question (a tuple starting
        with the asking function's name): the map never changes, so they never go stale."""
        return {}

    def distance(self, a: str, b: str, *, mountains_closed: bool = False) -> int | None:
        return self._distances(a, mountains_closed).get(b)

    def nearest(self, start: str, candidates: Collection[str], *, mountains_closed: bool = False) -> tuple[str, ...]:
        """The candidates at the fewest steps from `start`, all of them if tied, in map order (DRG-DEC-27)."""
        dist = self._distances(start, mountains_closed)
        reachable = [c for c in candidates if c in dist]
        if not reachable:
            return ()
        best = min(dist[c] for c in reachable)
        return self.sort_regions(c for c in reachable if dist[c] == best)

    def first_steps(self, start: str, goal: str, *, mountains_closed: bool = False) -> tuple[str, ...]:
        """The neighbours of `start` that lie on some shortest path to `goal` (AI moves, spec 7.8)."""
        back = self._distances(goal, mountains_closed)
        if start == goal or start not in back:
            return ()
        return tuple(n for n in self.neighbours(start, mountains_closed=mountains_closed)
                     if back.get(n) == back[start] - 1)

    def shortest_path(self, a: str, b: str, *, mountains_closed: bool = False) -> tuple[str, ...] | None:
        """Region ids from a to b inclusive; ties taken in map order (deterministic)."""
        if self.distance(a, b, mountains_closed=mountains_closed) is None:
            return None
        path = [a]
        while path[-1] != b:
            path.append(self.first_steps(path[-1], b, mountains_closed=mountains_closed)[0])
        return tuple(path)

    def within(self, start: str, steps: int, *, mountains_closed: bool = False) -> tuple[str, ...]:
        """Regions 1..steps away, in map order: the ends of a fly(steps) (DRG-MOVE-3, DRG-MOVE-9)."""
        dist = self._distances(start, mountains_closed)
        return self.sort_regions(r for r, d in dist.items() if 1 <= d <= steps)

    def is_connected(self) -> bool:
        return not self.regions or len(self.distances_from(self.order[0])) == len(self.regions)


# -- geometry helpers (pure functions of coordinates) ----------------------------------------------------

def polygon_edges(polygon: tuple[Point, ...]) -> frozenset[Edge]:
    return frozenset(frozenset((polygon[i], polygon[(i + 1) % len(polygon)])) for i in range(len(polygon)))


def signed_area(polygon: tuple[Point, ...]) -> float:
    """Twice the signed area; positive when the vertices run clockwise on a y-down screen."""
    n = len(polygon)
    return sum(polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1] for i in range(n))


def inner_clearance(polygon: tuple[Point, ...], point: Point) -> float:
    """For a convex clockwise polygon: the distance from `point` to the nearest edge line, negative outside."""
    px, py = point
    n = len(polygon)
    best = float("inf")
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        best = min(best, ((x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)) / length)
    return best


def is_convex(polygon: tuple[Point, ...]) -> bool:
    n = len(polygon)
    turns = [(polygon[(i + 1) % n][0] - polygon[i][0]) * (polygon[(i + 2) % n][1] - polygon[(i + 1) % n][1])
             - (polygon[(i + 1) % n][1] - polygon[i][1]) * (polygon[(i + 2) % n][0] - polygon[(i + 1) % n][0])
             for i in range(n)]
    return all(t > 0 for t in turns) or all(t < 0 for t in turns)


__all__ = ["Map", "MountainBorder", "Point", "Region", "RegionSetup", "Scene", "inner_clearance",
           "is_convex", "polygon_edges", "signed_area"]
