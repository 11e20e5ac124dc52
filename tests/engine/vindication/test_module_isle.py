"""The Forgotten Isle and Thwynn's Landing: spec 5.23–5.25 (VVH-GEO-4, -5, VVH-PORT, VVH-ISLE),
decisions VIN-DEC-47..49 and -64, worked example 12 (the port on start 5, T29)."""
from __future__ import annotations

import pytest

from engine.vindication.content import content
from tests.engine.vindication.module_positions import PORT, vh_table, vpower
from tests.engine.vindication.positions import events

MAIN = list(content().board.regions)
OUTER = ["F2", "F3", "F4"]


def token(game, seat: int = 0) -> str:
    return game.player(seat)["token"]


def filled(game) -> set[str]:
    return {place for place, r in game.data["regions"].items() if r}


# -- VVH-PORT ----------------------------------------------------------------------------------------
@pytest.mark.rule("VVH-PORT-1")
def test_the_port_triangle_keeps_its_main_board_links_and_its_two_regions() -> None:
    triangle = content().board.triangles[PORT]
    assert (triangle.touches, triangle.neighbours) == (("R12", "R13"), ("T17",))
    game = vh_table(tokens={0: PORT, 1: "T25"}, regions={"R12": "fort", "R13": "library"})
    assert {c for c in game.legal("visit")} >= {"visit R12", "visit R13"}
    assert [m for m in game.legal("move") if "relocate" not in m][0].startswith(f"move {PORT},T17")
    game.play(f"move {PORT},T17")
    assert token(game) == "T17"


@pytest.mark.rule("VVH-PORT-2", "VIN-DEC-47")
@pytest.mark.parametrize("outer", OUTER)
def test_a_move_ending_on_the_port_may_relocate_to_any_outer_isle_triangle(outer) -> None:
    game = vh_table(tokens={0: "T17", 1: "T25"})
    game.play(f"move T17,{PORT} relocate={outer}")
    assert token(game) == outer
    assert events(game, "token_relocated") == [{"seat": 0, "to": outer}]
    assert game.data["turn"]["used"]["move"] == 1


@pytest.mark.rule("VVH-PORT-2", "VVH-PORT-4")
def test_relocation_to_the_centre_or_an_occupied_outer_triangle_is_refused() -> None:
    game = vh_table(tokens={0: "T17", 1: "F3"})
    game.refused(f"move T17,{PORT} relocate=F1", "VVH-PORT-4")            # not an outer intersection
    game.refused(f"move T17,{PORT} relocate=F3", "VVH-PORT-4")            # occupied
    assert sorted(m for m in game.legal("move") if m.startswith(f"move T17,{PORT} ")) == [
        f"move T17,{PORT} relocate=F2", f"move T17,{PORT} relocate=F4"]


@pytest.mark.rule("VVH-PORT-3")
@pytest.mark.parametrize("start", OUTER)
def test_a_move_ending_on_an_outer_isle_triangle_may_relocate_to_the_port(start) -> None:
    end = next(o for o in OUTER if o != start)
    game = vh_table(tokens={0: start, 1: "T25"})
    game.play(f"move {start},F1,{end} relocate=port")
    assert token(game) == PORT


@pytest.mark.rule("VVH-PORT-3", "VVH-PORT-4")
def test_relocation_to_an_occupied_port_or_from_the_isle_centre_is_refused() -> None:
    game = vh_table(tokens={0: "F2", 1: PORT})
    game.refused("move F2,F1,F3 relocate=port", "VVH-PORT-4")
    assert not [m for m in game.legal("move") if "relocate" in m]
    game = vh_table(tokens={0: "F2", 1: "T25"})
    game.refused("move F2,F1 relocate=port", "VVH-PORT-4")                 # F1 is not an outer triangle


@pytest.mark.rule("VVH-PORT-4")
def test_relocation_is_optional_and_happens_once_per_move() -> None:
    game = vh_table(tokens={0: "T17", 1: "T25"})
    game.play(f"move T17,{PORT}")                                         # staying on the port is fine
    assert token(game) == PORT
    game.refused("move T29,T17", "VIN-TURN-5")                            # the move action is spent
    game = vh_table(tokens={0: "T17", 1: "T25"})
    game.play(f"move T17,{PORT} relocate=F2")
    assert token(game) == "F2"                                            # not back to the port again
    game.refused("move F2,F1", "VIN-TURN-5")
    game = vh_table(tokens={0: "T09", 1: "T25"})
    game.refused("move T09,T17 relocate=F2", "VVH-PORT-4")                # only from the port's triangle


@pytest.mark.rule("VVH-PORT-5")
def test_the_path_must_end_legally_on_the_port_before_relocating() -> None:
    game = vh_table(tokens={0: "T17", 1: PORT})
    game.refused(f"move T17,{PORT} relocate=F2", "VIN-MOVE-4")            # the port is taken
    game = vh_table(tokens={0: PORT, 1: "T25"})
    game.refused(f"move {PORT},T17,{PORT} relocate=F2", "VIN-MOVE-5")     # back where it began


@pytest.mark.rule("VVH-PORT-5")
def test_relocation_is_not_a_step() -> None:
    game = vh_table(tokens={0: "T09", 1: "T25"})                          # speed 2: T09→T17→T29 is all
    game.play(f"move T09,T17,{PORT} relocate=F4")
    assert token(game) == "F4"


@pytest.mark.rule("VVH-PORT-6", "VIN-DEC-48")
def test_relocating_to_the_port_discovers_its_empty_spaces_after_the_path() -> None:
    game = vh_table(tokens={0: "F2", 1: "T25"}, bag=["fort", "library"])
    game.play("move F2,F1,F3 relocate=port")
    assert [(e["space"], e["tile"]) for e in events(game, "tile_discovered")] and \
        [e["space"] for e in events(game, "tile_discovered")] == ["R12", "R13"]
    assert game.kinds()[:2] == ["token_moved", "token_relocated"]


@pytest.mark.rule("VVH-PORT-2", "VVH-PORT-3", "VIN-DEC-48")
def test_a_moth_flight_may_relocate_too() -> None:
    game = vh_table(tokens={0: "T25", 1: "T28"}, bag=["fort", "library"])
    game.edit(lambda d: d["players"][0].update(mount=5))
    game.play(f"fly {PORT} relocate=F3")
    assert token(game) == "F3"
    assert [e["space"] for e in events(game, "tile_discovered")] == ["R12", "R13"]
    game = vh_table(tokens={0: "T25", 1: "T28"}, bag=["fort", "library"])
    game.edit(lambda d: d["players"][0].update(mount=5))
    game.play("fly F2 relocate=port")
    assert token(game) == PORT
    assert [e["space"] for e in events(game, "tile_discovered")] == ["R12", "R13"]


# -- VVH-GEO-4, VVH-ISLE-1: moves on the Isle --------------------------------------------------------
@pytest.mark.rule("VVH-ISLE-1")
def test_isle_moves_follow_the_isle_graph_and_never_mix_boards() -> None:
    game = vh_table(tokens={0: "F2", 1: "T25"})
    assert sorted(m for m in game.legal("move") if "relocate" not in m) == [
        "move F2,F1", "move F2,F1,F3", "move F2,F1,F4"]
    game.refused(f"move F2,{PORT}", "VIN-MOVE-1")                         # no link to the main board
    game.refused("move F2,F3", "VIN-MOVE-1")                              # outer triangles are not linked
    game = vh_table(tokens={0: "T17", 1: "T25"})
    game.refused(f"move T17,{PORT},F2", "VIN-MOVE-1")
    game.play("move T17,T09")


@pytest.mark.rule("VVH-GEO-4")
def test_one_token_per_isle_triangle_and_no_ending_where_the_move_began() -> None:
    game = vh_table(tokens={0: "F2", 1: "F1"})
    game.refused("move F2,F1", "VIN-MOVE-4")
    game.refused("move F2,F1,F2", "VIN-MOVE-5")
    game.play("move F2,F1,F4")                                            # passing through F1 is fine
    assert token(game) == "F4"


@pytest.mark.rule("VVH-GEO-4")
def test_a_boxed_in_isle_token_gets_no_escape_path_and_skips_its_move() -> None:
    game = vh_table(players=4, tokens={0: "F1", 1: "F2", 2: "F3", 3: "F4"})
    assert game.legal("move") == []                                       # even 2 extra steps end on F1..F4
    game.refused("move F1,F2,F1,F3 extension=1 dilute=conv_to_inf", "VIN-MOVE-4")
    game.play("end_turn")                                                 # VIN-MOVE-10 on the Isle graph
    assert game.kinds("move_skipped")


# -- VVH-ISLE-2, VIN-DEC-49: the moth ------------------------------------------------------------------
@pytest.mark.rule("VVH-ISLE-2", "VIN-DEC-49")
def test_a_moth_flies_between_the_boards_in_both_directions() -> None:
    game = vh_table(tokens={0: "T25", 1: "F2"})
    game.edit(lambda d: d["players"][0].update(mount=5))
    flights = game.legal("fly")
    assert {"fly F1", "fly F3", "fly F4"} <= set(flights) and "fly F2" not in flights
    game.refused("fly F2", "VIN-MOVE-4")
    game.play("fly F1")                                                   # the centre too, not only outer
    assert token(game) == "F1"
    game = vh_table(tokens={0: "F1", 1: "T28"})
    game.edit(lambda d: d["players"][0].update(mount=5))
    game.play("fly T07")
    assert token(game) == "T07"


# -- VVH-ISLE-3, -4: what can be done from the Isle --------------------------------------------------
@pytest.mark.rule("VVH-ISLE-3")
def test_from_an_isle_triangle_a_player_builds_digs_or_visits_only_touched_areas() -> None:
    game = vh_table(tokens={0: "F3", 1: "T25"}, regions={"A2": "fort", "A1": "library"})
    game.edit(lambda d: d["players"][0].update(rune_map=True))
    game.edit(lambda d: vpower(d, 0, conviction=2, influence=5))
    legal = set(game.legal())
    assert {"visit A2", "build A3", "dig A2", "dig A3"} <= legal           # F3 touches A2 and A3
    assert not {"visit A1", "build A1", "dig A1", "build A2"} & legal
    game.refused("build A1", "VVH-ISLE-3")
    game.refused("dig A1", "VVH-ISLE-3")
    game.refused("visit A1", "VIN-VISIT-4")
    game.play("visit A2")
    assert events(game, "region_visited")[0]["tile"] == "fort"


@pytest.mark.rule("VVH-ISLE-4")
def test_an_unbuilt_isle_area_cannot_be_visited() -> None:
    game = vh_table(tokens={0: "F3", 1: "T25"})
    game.refused("visit A2", "VVH-ISLE-4")
    assert game.legal("visit") == []


# -- VVH-GEO-5, VIN-DEC-64: Isle areas are not island spaces ------------------------------------------
@pytest.mark.rule("VVH-GEO-5", "VIN-DEC-64")
def test_moving_on_the_isle_discovers_nothing() -> None:
    game = vh_table(tokens={0: "F2", 1: "T25"})
    bag = list(game.data["bag"])
    game.play("move F2,F1,F3")
    assert game.data["bag"] == bag and not filled(game)
    assert not game.kinds("tile_discovered")


def end_trigger_position(empty_main: int) -> object:
    game = vh_table(tokens={0: "T25", 1: "T28"})
    def fill(d):
        for space in MAIN[empty_main:]:
            d["regions"][space] = {"tile": "fort", "controller": None}
        d["end_deck"] = [card for card in d["end_deck"] + d["end_faceup"] if card != "E09"]
        d["end_faceup"] = ["E09"]
        d["bag"] = []
    game.edit(fill)
    return game


@pytest.mark.rule("VVH-GEO-5", "VIN-DEC-64")
def test_every_main_space_filled_meets_e09_although_slots_and_isle_are_empty() -> None:
    game = end_trigger_position(0)
    assert all(game.data["regions"][p] is None for p in ("A1", "A2", "A3", "venfero_secret/1"))
    game.play("rest pot_to_inf")
    assert game.data["end_round"] == 2
    game = end_trigger_position(1)                                        # R01 still empty
    game.play("rest pot_to_inf")
    assert game.data["end_round"] is None


# -- worked example 12 ---------------------------------------------------------------------------------
@pytest.mark.rule("VVH-PORT-2", "VVH-PORT-5", "VVH-PORT-6")
def test_worked_example_12_port_on_start_5() -> None:
    game = vh_table(tokens={0: "T17", 1: "T25"}, regions={"R04": "fort"}, bag=["library", "inn"])
    game.edit(lambda d: vpower(d, 0, conviction=2))
    game.edit(lambda d: d["players"][0].update(rune_map=True))
    game.play(f"move T17,{PORT} relocate=F3")
    assert token(game) == "F3"
    assert [e["space"] for e in events(game, "tile_discovered")] == ["R12", "R13"]   # T17's, then T29's
    assert {"build A2", "build A3", "dig A2", "dig A3"} <= set(game.legal())
    assert not {"build A1", "dig A1"} & set(game.legal())
