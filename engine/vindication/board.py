"""Board geometry: hex region spaces in, triangle spaces and their links out (spec 3.2).

Boards list only their hexes (axial q, r on a pointy-top grid); every triangle, what it touches,
its movement links, start numbers and drawing positions are derived here with the spec's rules,
so a modder who reshapes the island edits hexes only.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from engine.core import paths

Hex = tuple[int, int]
Corner = tuple[str, int, int]  # ("U" | "D", q, r): the top or bottom corner of hex (q, r)

NEIGHBOUR_OFFSETS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def corner_hexes(corner: Corner) -> frozenset[Hex]:
    kind, q, r = corner
    if kind == "U":
        return frozenset({(q, r), (q, r - 1), (q + 1, r - 1)})
    return frozenset({(q, r), (q, r + 1), (q - 1, r + 1)})


def hex_centre(h: Hex) -> tuple[float, float]:
    """Screen position in units of the hex circumradius (y grows downward)."""
    q, r = h
    return math.sqrt(3) * (q + r / 2), 1.5 * r


def bearing(x: float, y: float) -> float:
    """Degrees clockwise from screen-up, in [0, 360)."""
    return math.degrees(math.atan2(x, -y)) % 360


@dataclass(frozen=True)
class Triangle:
    id: str
    key: str                      # "U(q,r)" / "D(q,r)" as in the spec
    touches: tuple[str, ...]      # region spaces (or areas), ascending
    neighbours: tuple[str, ...]   # movement-adjacent triangles, ascending
    x: float
    y: float
    points_up: bool
    start_position: int | None = None


@dataclass(frozen=True)
class Board:
    """One board's spaces: region spaces (hexes) and the triangles tokens stand on."""

    id: str
    regions: dict[str, Hex]           # region id -> axial coordinates
    triangles: dict[str, Triangle]

    @cached_property
    def starts(self) -> dict[int, str]:
        """Start position number -> triangle id."""
        return {t.start_position: t.id for t in self.triangles.values() if t.start_position is not None}

    def distances_from(self, triangle: str) -> dict[str, int]:
        """Steps to every reachable triangle (tokens ignored, VIN-GEO-6)."""
        triangles = self.triangles
        return paths.distances_from(triangle, lambda here: triangles[here].neighbours)


def derive_board(board_id: str, hexes: dict[str, Hex], *, triangle_prefix: str,
                 number_starts: bool, id_digits: int = 2) -> Board:
    """Triangles at every corner shared by at least two of ``hexes`` (spec 3.2 rules 1–5).

    Triangle ids run in the spec's order: interior triangles by distance from the board's
    centre, then by bearing; coastal (two-region) triangles after them, clockwise from north.
    """
    by_hex = {h: region for region, h in hexes.items()}
    corners: set[Corner] = set()
    for q, r in hexes.values():
        # every corner of hex (q, r) is the U or D corner of it or of a neighbour
        for kind, dq, dr in (("U", 0, 0), ("D", 0, 0), ("D", 0, -1), ("D", 1, -1), ("U", 0, 1), ("U", -1, 1)):
            corners.add((kind, q + dq, r + dr))
    kept = [c for c in corners if sum(h in by_hex for h in corner_hexes(c)) >= 2]

    def position(corner: Corner) -> tuple[float, float]:
        centres = [hex_centre(h) for h in corner_hexes(corner)]
        return sum(x for x, _ in centres) / 3, sum(y for _, y in centres) / 3

    centres = [hex_centre(h) for h in hexes.values()]
    cx, cy = sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres)

    def polar(corner: Corner) -> tuple[float, float]:
        x, y = position(corner)
        dx, dy = round(x - cx, 9), round(y - cy, 9)  # so due north is 0°, not 359.999…°
        return round(math.hypot(dx, dy), 6), round(bearing(dx, dy), 6)

    def order(corner: Corner) -> tuple[int, float, float]:
        interior = all(h in by_hex for h in corner_hexes(corner))
        return (0 if interior else 1, *polar(corner))

    kept.sort(key=order)
    ids = {corner: f"{triangle_prefix}{i:0{id_digits}d}" for i, corner in enumerate(kept, start=1)}
    coastal = [c for c in kept if not all(h in by_hex for h in corner_hexes(c))]
    starts = {c: n for n, c in enumerate(sorted(coastal, key=lambda c: polar(c)[1]), 1)}

    triangles: dict[str, Triangle] = {}
    for corner in kept:
        mine = corner_hexes(corner)
        neighbours = sorted(
            ids[other] for other in kept if other != corner
            and len(shared := mine & corner_hexes(other)) == 2 and all(h in by_hex for h in shared))
        x, y = position(corner)
        kind, q, r = corner
        triangles[ids[corner]] = Triangle(
            id=ids[corner], key=f"{kind}({q},{r})",
            touches=tuple(sorted(by_hex[h] for h in mine if h in by_hex)),
            neighbours=tuple(neighbours), x=round(x, 3), y=round(y, 3), points_up=kind == "U",
            start_position=starts.get(corner) if number_starts else None)
    return Board(board_id, dict(hexes), dict(sorted(triangles.items())))


def ring_region_ids(radius: int) -> dict[str, Hex]:
    """R01 the centre, then each ring clockwise from the smallest bearing (spec 3.2)."""
    cells = [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
             if max(abs(q), abs(r), abs(q + r)) <= radius]

    def key(h: Hex) -> tuple[int, float]:
        q, r = h
        ring = max(abs(q), abs(r), abs(q + r))
        return ring, round(bearing(*hex_centre(h)), 6) if ring else 0.0

    return {f"R{i:02d}": h for i, h in enumerate(sorted(cells, key=key), start=1)}
