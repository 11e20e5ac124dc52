"""The derived boards against the spec: the main island of section 3.2, the Forgotten Isle of 3.9.

The main-board tables are read from the specification when it is next to the repository (so the
test follows the spec), else from the copy below.
"""
from __future__ import annotations

import re
from collections import deque
from pathlib import Path

import pytest

from engine.vindication.content import content

SPEC = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "vindication.md"

# Section 3.2 as of this writing; used only when the spec file is not there.
TABLES_COPY = """
| R01 | 0 | 0 | 0 | — |
| R02 | 1 | -1 | 1 | 30 |
| R03 | 1 | 0 | 1 | 90 |
| R04 | 0 | 1 | 1 | 150 |
| R05 | -1 | 1 | 1 | 210 |
| R06 | -1 | 0 | 1 | 270 |
| R07 | 0 | -1 | 1 | 330 |
| R08 | 1 | -2 | 2 | 0 |
| R09 | 2 | -2 | 2 | 30 |
| R10 | 2 | -1 | 2 | 60 |
| R11 | 2 | 0 | 2 | 90 |
| R12 | 1 | 1 | 2 | 120 |
| R13 | 0 | 2 | 2 | 150 |
| R14 | -1 | 2 | 2 | 180 |
| R15 | -2 | 2 | 2 | 210 |
| R16 | -2 | 1 | 2 | 240 |
| R17 | -2 | 0 | 2 | 270 |
| R18 | -1 | -1 | 2 | 300 |
| R19 | 0 | -2 | 2 | 330 |
| T01 | U(0,0) | R01, R02, R07 | T02, T06, T07 | — | 0.000 | -1.000 |
| T02 | D(1,-1) | R01, R02, R03 | T01, T03, T08 | — | 0.866 | -0.500 |
| T03 | U(0,1) | R01, R03, R04 | T02, T04, T09 | — | 0.866 | 0.500 |
| T04 | D(0,0) | R01, R04, R05 | T03, T05, T10 | — | 0.000 | 1.000 |
| T05 | U(-1,1) | R01, R05, R06 | T04, T06, T11 | — | -0.866 | 0.500 |
| T06 | D(0,-1) | R01, R06, R07 | T01, T05, T12 | — | -0.866 | -0.500 |
| T07 | D(1,-2) | R02, R07, R08 | T01, T13, T24 | — | 0.000 | -2.000 |
| T08 | U(1,0) | R02, R03, R10 | T02, T14, T15 | — | 1.732 | -1.000 |
| T09 | D(1,0) | R03, R04, R12 | T03, T16, T17 | — | 1.732 | 1.000 |
| T10 | U(-1,2) | R04, R05, R14 | T04, T18, T19 | — | 0.000 | 2.000 |
| T11 | D(-1,0) | R05, R06, R16 | T05, T20, T21 | — | -1.732 | 1.000 |
| T12 | U(-1,0) | R06, R07, R18 | T06, T22, T23 | — | -1.732 | -1.000 |
| T13 | U(1,-1) | R02, R08, R09 | T07, T14, T25 | — | 0.866 | -2.500 |
| T14 | D(2,-2) | R02, R09, R10 | T08, T13, T26 | — | 1.732 | -2.000 |
| T15 | D(2,-1) | R03, R10, R11 | T08, T16, T27 | — | 2.598 | -0.500 |
| T16 | U(1,1) | R03, R11, R12 | T09, T15, T28 | — | 2.598 | 0.500 |
| T17 | U(0,2) | R04, R12, R13 | T09, T18, T29 | — | 1.732 | 2.000 |
| T18 | D(0,1) | R04, R13, R14 | T10, T17, T30 | — | 0.866 | 2.500 |
| T19 | D(-1,1) | R05, R14, R15 | T10, T20, T31 | — | -0.866 | 2.500 |
| T20 | U(-2,2) | R05, R15, R16 | T11, T19, T32 | — | -1.732 | 2.000 |
| T21 | U(-2,1) | R06, R16, R17 | T11, T22, T33 | — | -2.598 | 0.500 |
| T22 | D(-1,-1) | R06, R17, R18 | T12, T21, T34 | — | -2.598 | -0.500 |
| T23 | D(0,-2) | R07, R18, R19 | T12, T24, T35 | — | -1.732 | -2.000 |
| T24 | U(0,-1) | R07, R08, R19 | T07, T23, T36 | — | -0.866 | -2.500 |
| T25 | D(2,-3) | R08, R09 | T13 | 1 | 0.866 | -3.500 |
| T26 | U(2,-1) | R09, R10 | T14 | 2 | 2.598 | -2.500 |
| T27 | U(2,0) | R10, R11 | T15 | 3 | 3.464 | -1.000 |
| T28 | D(2,0) | R11, R12 | T16 | 4 | 3.464 | 1.000 |
| T29 | D(1,1) | R12, R13 | T17 | 5 | 2.598 | 2.500 |
| T30 | U(-1,3) | R13, R14 | T18 | 6 | 0.866 | 3.500 |
| T31 | U(-2,3) | R14, R15 | T19 | 7 | -0.866 | 3.500 |
| T32 | D(-2,1) | R15, R16 | T20 | 8 | -2.598 | 2.500 |
| T33 | D(-2,0) | R16, R17 | T21 | 9 | -3.464 | 1.000 |
| T34 | U(-2,0) | R17, R18 | T22 | 10 | -3.464 | -1.000 |
| T35 | U(-1,-1) | R18, R19 | T23 | 11 | -2.598 | -2.500 |
| T36 | D(1,-3) | R08, R19 | T24 | 12 | -0.866 | -3.500 |
"""

_MINUS = str.maketrans({"−": "-"})


def _rows(text: str, first: str) -> list[list[str]]:
    """Table rows whose first cell looks like `first` (a regex), cells stripped."""
    rows = []
    for line in text.splitlines():
        cells = [cell.strip().translate(_MINUS) for cell in line.strip().strip("|").split("|")]
        if line.lstrip().startswith("|") and re.fullmatch(first, cells[0]):
            rows.append(cells)
    return rows


def _spec_section_3_2() -> str:
    if not SPEC.is_file():
        return TABLES_COPY
    text = SPEC.read_text(encoding="utf-8")
    start = text.index("### 3.2 Board geometry")
    return text[start:text.index("### 3.3", start)]


SECTION = _spec_section_3_2()
REGIONS = {cells[0]: (int(cells[1]), int(cells[2])) for cells in _rows(SECTION, r"R\d\d")}
TRIANGLES = {
    cells[0]: {"key": cells[1].replace(" ", ""),
               "touches": tuple(cells[2].split(", ")),
               "neighbours": tuple(cells[3].split(", ")),
               "start": None if cells[4] in ("—", "-") else int(cells[4]),
               "xy": (float(cells[5]), float(cells[6]))}
    for cells in _rows(SECTION, r"T\d\d")
}


def test_the_spec_tables_were_read():
    # guards the parser: a table that silently parsed to nothing would make every test below vacuous
    assert len(REGIONS) == 19 and len(TRIANGLES) == 36


@pytest.mark.rule("VIN-GEO-1", "VIN-DEC-1")
def test_region_spaces_and_coordinates():
    board = content().board
    assert dict(board.regions) == REGIONS
    assert all(max(abs(q), abs(r), abs(q + r)) <= 2 for q, r in board.regions.values())


@pytest.mark.rule("VIN-GEO-2", "VIN-DEC-2")
def test_exactly_the_36_triangles_with_their_keys():
    board = content().board
    assert sorted(board.triangles) == [f"T{i:02d}" for i in range(1, 37)]
    assert {t.id: t.key for t in board.triangles.values()} == {
        tid: row["key"] for tid, row in TRIANGLES.items()}
    interior = [t for t in board.triangles.values() if len(t.touches) == 3]
    coastal = [t for t in board.triangles.values() if len(t.touches) == 2]
    assert (len(interior), len(coastal)) == (24, 12)


@pytest.mark.rule("VIN-GEO-3")
def test_each_triangle_touches_the_listed_regions():
    board = content().board
    assert {t.id: t.touches for t in board.triangles.values()} == {
        tid: row["touches"] for tid, row in TRIANGLES.items()}
    for triangle in board.triangles.values():
        assert set(triangle.touches) <= set(board.regions)


@pytest.mark.rule("VIN-GEO-4", "VIN-DEC-3")
def test_movement_adjacency_is_as_listed_and_symmetric():
    board = content().board
    assert {t.id: t.neighbours for t in board.triangles.values()} == {
        tid: row["neighbours"] for tid, row in TRIANGLES.items()}
    for triangle in board.triangles.values():
        for other in triangle.neighbours:
            assert triangle.id in board.triangles[other].neighbours, (triangle.id, other)
        # interior triangles have 3 neighbours, coastal ones exactly 1 (spec 3.2 rule 3)
        assert len(triangle.neighbours) == (3 if len(triangle.touches) == 3 else 1), triangle.id


@pytest.mark.rule("VIN-GEO-5", "VIN-DEC-4")
def test_start_positions_are_T25_to_T36():
    board = content().board
    assert board.starts == {n: f"T{24 + n}" for n in range(1, 13)}
    assert board.starts == {row["start"]: tid for tid, row in TRIANGLES.items() if row["start"] is not None}
    for n, tid in board.starts.items():
        assert board.triangles[tid].touches == TRIANGLES[tid]["touches"]
        assert len(board.triangles[tid].touches) == 2
        following = board.starts[n % 12 + 1]  # 12 wraps to 1
        shared = set(board.triangles[tid].touches) & set(board.triangles[following].touches)
        assert len(shared) == 1, (n, shared)
    assert all(t.start_position is None for t in board.triangles.values() if len(t.touches) == 3)


def _bfs(adjacency: dict[str, tuple[str, ...]], start: str) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in adjacency[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


@pytest.mark.rule("VIN-GEO-6")
def test_distance_is_shortest_path_steps_and_the_diameter_is_9():
    board = content().board
    adjacency = {tid: row["neighbours"] for tid, row in TRIANGLES.items()}
    for tid in TRIANGLES:
        assert board.distances_from(tid) == _bfs(adjacency, tid)
    distances = [d for tid in board.triangles for d in board.distances_from(tid).values()]
    assert len(distances) == 36 * 36  # connected
    assert max(distances) == 9
    # worked example 1: from start 1, T13 is 1 step away, T07 and T14 are 2
    from_start_1 = board.distances_from("T25")
    assert (from_start_1["T13"], from_start_1["T07"], from_start_1["T14"]) == (1, 2, 2)


def test_triangle_drawing_positions_match_the_table():
    board = content().board
    for tid, row in TRIANGLES.items():
        triangle = board.triangles[tid]
        assert (triangle.x, triangle.y) == pytest.approx(row["xy"], abs=0.001), tid
        assert triangle.points_up == row["key"].startswith("U")


# -- the Forgotten Isle (module) ------------------------------------------------------------------

ISLE_TOUCHES = {"F1": ("A1", "A2", "A3"), "F2": ("A1", "A2"), "F3": ("A2", "A3"), "F4": ("A1", "A3")}
ISLE_KEYS = {"F1": "U(0,1)", "F2": "D(1,-1)", "F3": "D(1,0)", "F4": "D(0,0)"}


@pytest.mark.rule("VVH-GEO-1")
def test_isle_areas_and_what_each_triangle_touches():
    isle = content().isle
    assert dict(isle.regions) == {"A1": (0, 0), "A2": (1, 0), "A3": (0, 1)}
    # by what they touch, whatever the derivation calls them
    assert sorted(t.touches for t in isle.triangles.values()) == sorted(ISLE_TOUCHES.values())
    assert {t.key: t.touches for t in isle.triangles.values()} == {
        ISLE_KEYS[f]: touches for f, touches in ISLE_TOUCHES.items()}


@pytest.mark.rule("VVH-GEO-2")
def test_isle_adjacency_is_a_star_around_the_centre():
    isle = content().isle
    [centre] = [t for t in isle.triangles.values() if len(t.touches) == 3]
    outer = {t.id for t in isle.triangles.values() if len(t.touches) == 2}
    assert len(outer) == 3
    assert set(centre.neighbours) == outer
    for tid in outer:
        assert isle.triangles[tid].neighbours == (centre.id,)


@pytest.mark.rule("VVH-GEO-1", "VVH-GEO-2")
def test_isle_triangles_carry_the_spec_ids():
    isle = content().isle
    assert {t.id: t.key for t in isle.triangles.values()} == ISLE_KEYS
    assert {t.id: t.touches for t in isle.triangles.values()} == ISLE_TOUCHES
    assert {t.id: t.neighbours for t in isle.triangles.values()} == {
        "F1": ("F2", "F3", "F4"), "F2": ("F1",), "F3": ("F1",), "F4": ("F1",)}


@pytest.mark.rule("VVH-GEO-3")
def test_isle_and_main_board_share_no_triangle_or_link():
    main, isle = content().board, content().isle
    assert not set(main.triangles) & set(isle.triangles)
    assert not set(main.regions) & set(isle.regions)
    for triangle in isle.triangles.values():
        assert set(triangle.neighbours) <= set(isle.triangles)
    for triangle in main.triangles.values():
        assert set(triangle.neighbours) <= set(main.triangles)
    assert all(t.start_position is None for t in isle.triangles.values())
