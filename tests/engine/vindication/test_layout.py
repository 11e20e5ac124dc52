"""The board drawing contract for Vindication: the static layout and the marks built from a view."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core import Match, Rng
from engine.vindication.board import hex_centre
from engine.vindication.content import content
from tests.engine.vindication.scenario import Scenario
from tests.engine.vindication.test_geometry import REGIONS, TRIANGLES


def layout(**options: object) -> dict:
    match = Match.new("vindication", 2, seed=1, options=options or None)
    return match.game.board_layout(match.config)


def by_id(spaces: list[dict]) -> dict[str, dict]:
    return {s["id"]: s for s in spaces}


def board_spaces(spaces: list[dict]) -> list[dict]:
    """Every space but the honor track's."""
    return [s for s in spaces if s["group"] != "honor"]


def test_the_base_island_has_19_hexes_and_36_triangles():
    spaces = layout()["spaces"]
    assert Counter(s["shape"] for s in board_spaces(spaces)) == {"hex": 19, "triangle": 36}
    assert {s["group"] for s in spaces} == {"island", "honor"}
    assert len(by_id(spaces)) == len(spaces)


def test_positions_equal_the_spec_tables():
    spaces = by_id(layout()["spaces"])
    for tid, row in TRIANGLES.items():
        assert (spaces[tid]["x"], spaces[tid]["y"]) == pytest.approx(row["xy"], abs=0.001), tid
        assert spaces[tid]["points_up"] == row["key"].startswith("U")
    for rid, axial in REGIONS.items():
        assert (spaces[rid]["x"], spaces[rid]["y"]) == pytest.approx(hex_centre(axial), abs=0.001), rid


def test_start_numbers_are_fixed_labels():
    spaces = by_id(board_spaces(layout()["spaces"]))
    starts = content().board.starts
    assert {int(s["label"]) for s in spaces.values() if "label" in s} == set(starts)
    assert all(spaces[tid]["label"] == str(n) for n, tid in starts.items())


def test_the_module_adds_the_isle_right_of_the_island_and_the_village_slots():
    spaces = layout(villages_hamlets=True)["spaces"]
    groups = Counter((s["group"], s["shape"]) for s in spaces)
    assert groups[("isle", "hex")] == 3 and groups[("isle", "triangle")] == len(content().isle.triangles)
    slots = sum(s.slots for s in content().module.settlements)
    assert groups[("village", "rect")] == slots == 11
    island_right = max(s["x"] for s in spaces if s["group"] == "island") + 1
    assert min(s["x"] for s in spaces if s["group"] == "isle") > island_right - 0.5
    ids = by_id(spaces)
    assert "venfero_secret/5" in ids and "A2" in ids
    assert ids["venfero_secret/1"]["y"] < ids["dobney_wish/1"]["y"] < ids["tarcee_riddle/1"]["y"]


def seats(mark: dict, kind: str) -> list[int]:
    """The owners of the pieces of ``kind`` on a space."""
    return [p["owner"] for p in mark["pieces"] if p["kind"] == kind]


def test_marks_show_tiles_controllers_and_tokens():
    game = Scenario.start(players=2, seed=1)
    data = game.data
    tile_space = next(s for s, r in data["regions"].items() if r)
    def controlled(d: dict) -> None:   # the marker is one of player 1's blocks (VIN-POWER-1)
        d["regions"][tile_space].update(controller=1)
        d["players"][1]["potential"] -= 1
    game.edit(controlled)
    match = game.match
    marks = match.game.table(match.state.view(0))["spaces"]
    placed = match.state.data["regions"][tile_space]
    name = content().regions[placed["tile"]].name.en
    assert marks[tile_space] == {"label": name, "fill": "paper", "owner": 1, "tip": f"{name} ({tile_space})",
                                 "pieces": [{"kind": "marker", "owner": 1, "tip": "Controlled by player 2"}]}
    empty = next(s for s, r in match.state.data["regions"].items() if r is None)
    assert marks[empty]["fill"] == "plain" and marks[empty]["label"] is None
    for player in match.state.data["players"]:
        assert player["seat"] in seats(marks[player["token"]], "figure")
    # each token on the island and each honor marker on the track
    assert sum(len(seats(m, "figure")) for s, m in marks.items() if not s.startswith("H")) == 2
    assert sum(len(seats(m, "marker")) for s, m in marks.items() if s.startswith("H")) == 2


def test_marks_with_the_module_show_the_port_and_unbuilt_sites():
    match = Match.new("vindication", 2, seed=4, options={"villages_hamlets": True})
    marks = match.game.table(match.state.view(0))["spaces"]
    assert marks[match.state.data["port"]]["label"] == "Port"
    assert all(marks[a]["fill"] == "purple" for a in ("A1", "A2", "A3"))
    assert "venfero_secret/1" in marks


@pytest.mark.parametrize("options", [{}, {"villages_hamlets": True}])
def test_marks_from_a_view_never_include_hidden_data(options: dict):
    game = Scenario.start(players=3, seed=7, **options)
    match = game.match
    data = match.state.data
    for seat in range(3):
        marks = match.game.table(match.game.view(data, seat))["spaces"]
        # deal the hidden things again: what the marks show must not change
        for salt in range(3):
            other = match.game.resample_hidden(data, seat, Rng(salt))
            assert match.game.table(match.game.view(other, seat))["spaces"] == marks
        text = repr(marks)
        for rune in data.get("isle", {}).values():
            assert rune["ruins"] is None or rune["ruins"] not in text
        for quest in data["quest_deck"]:
            assert f"'{quest}'" not in text
