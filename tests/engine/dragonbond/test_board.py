"""The map of Valerna (spec 3.5), derived from map.yaml: regions, borders, mountains, cities, start
regions, geometry, and the pure distance queries the rules and the AI use."""
from __future__ import annotations

import pytest

from engine.dragonbond.board import Map, inner_clearance, polygon_edges, signed_area
from engine.dragonbond.content import content

STARTS = {"elyse": "allarian_crownlands", "adrael": "tyverian_bloodmarch", "ferellon": "red_moon_crags",
          "nagasha": "serpent_mire"}
# West <-> east mirror of valerna_v1 (spec 3.5: symmetric left-right, Elyse <-> Adrael).
MIRROR = {"allarian_crownlands": "tyverian_bloodmarch", "silverwood": "iron_hills", "willow_fords": "saltmere",
          "golden_fields": "ember_coast", "red_moon_crags": "red_moon_crags", "highpass": "highpass",
          "sunken_ruins": "sunken_ruins", "serpent_mire": "serpent_mire"}
MIRROR |= {b: a for a, b in MIRROR.items()}


def board() -> Map:
    """The map of the shipped content (valerna_v1)."""
    return content().map


@pytest.mark.rule("DRG-DEC-2")
def test_twelve_regions_in_map_order_with_six_mountains_and_six_city_sites():
    m = board()
    assert m.id == "valerna_v1" and len(m.regions) == 12
    assert m.order == ("allarian_crownlands", "silverwood", "willow_fords", "golden_fields", "red_moon_crags",
                       "highpass", "sunken_ruins", "serpent_mire", "iron_hills", "saltmere", "ember_coast",
                       "tyverian_bloodmarch")
    assert len(m.borders) == 25 and len(m.mountain_borders) == 6
    assert m.city_sites == ("allarian_crownlands", "willow_fords", "golden_fields", "saltmere", "ember_coast",
                            "tyverian_bloodmarch")
    assert m.regions["serpent_mire"].name.zh_TW == "巨蛇沼澤" and m.regions["highpass"].name.en == "Highpass"
    assert m.is_connected()


def test_the_border_table_of_spec_3_5():
    m = board()
    assert m.borders[:3] == (("allarian_crownlands", "silverwood"), ("allarian_crownlands", "willow_fords"),
                             ("allarian_crownlands", "golden_fields"))
    assert ("red_moon_crags", "highpass") in m.borders and ("ember_coast", "tyverian_bloodmarch") in m.borders
    assert not m.is_adjacent("red_moon_crags", "serpent_mire") and not m.is_adjacent("silverwood", "golden_fields")
    assert m.neighbours("highpass") == ("silverwood", "willow_fords", "red_moon_crags", "sunken_ruins",
                                        "iron_hills", "saltmere")
    assert m.neighbours("serpent_mire") == ("golden_fields", "sunken_ruins", "ember_coast")
    assert sum(len(r.adjacent) for r in m.regions.values()) == 50


@pytest.mark.rule("DRG-MOUNTAIN-1")
def test_mountain_borders_are_the_six_listed():
    m = board()
    mountains = {frozenset(b.between) for b in m.mountain_borders}
    assert mountains == {frozenset(p) for p in (
        ("allarian_crownlands", "silverwood"), ("silverwood", "red_moon_crags"), ("willow_fords", "highpass"),
        ("red_moon_crags", "iron_hills"), ("highpass", "saltmere"), ("iron_hills", "tyverian_bloodmarch"))}
    assert all(m.is_mountain(a, b) == (frozenset((a, b)) in mountains) for a, b in m.borders)
    assert m.is_mountain("silverwood", "allarian_crownlands") and not m.is_mountain("highpass", "sunken_ruins")


def test_start_regions_and_the_eight_seeded_regions():
    m = board()
    assert m.start_regions == STARTS
    assert m.start_region("nagasha") == "serpent_mire"
    assert len(m.non_start_regions) == 8
    for rid, region in m.regions.items():
        expected = (0, 0) if rid in STARTS.values() else (1, 1)
        assert (region.setup.power_tokens, region.setup.neutral_units) == expected, rid


def test_steps_between_start_regions_match_the_graph_summary():
    m = board()
    steps = {("elyse", "adrael"): 4, ("elyse", "ferellon"): 2, ("elyse", "nagasha"): 2, ("adrael", "ferellon"): 2,
             ("adrael", "nagasha"): 2, ("ferellon", "nagasha"): 3}
    for (a, b), n in steps.items():
        assert m.distance(STARTS[a], STARTS[b]) == n == m.distance(STARTS[b], STARTS[a])


def test_the_map_is_symmetric_left_right():
    m = board()
    for a, b in m.borders:
        assert m.is_adjacent(MIRROR[a], MIRROR[b])
        assert m.is_mountain(a, b) == m.is_mountain(MIRROR[a], MIRROR[b])
    for rid, region in m.regions.items():
        twin = m.regions[MIRROR[rid]]
        assert region.city_site == twin.city_site
        assert {(1200 - x, y) for x, y in region.polygon} == set(twin.polygon)
        assert (1200 - region.label_pos[0], region.label_pos[1]) == twin.label_pos


def test_ev08_closes_mountain_borders_in_the_queries():
    m = board()
    assert m.neighbours("silverwood", mountains_closed=True) == ("willow_fords", "highpass")
    assert m.distance("allarian_crownlands", "silverwood") == 1
    assert m.distance("allarian_crownlands", "silverwood", mountains_closed=True) == 2
    assert m.distance("red_moon_crags", "iron_hills", mountains_closed=True) == 2  # through highpass
    assert m.distances_from("highpass", mountains_closed=True)["saltmere"] == 2


@pytest.mark.rule("DRG-DEC-27")
def test_nearest_counts_steps_through_any_region_and_keeps_ties():
    m = board()
    assert m.nearest("allarian_crownlands", ["sunken_ruins", "highpass", "serpent_mire"]) == (
        "highpass", "sunken_ruins", "serpent_mire")
    assert m.nearest("allarian_crownlands", ["tyverian_bloodmarch", "highpass"]) == ("highpass",)
    assert m.nearest("serpent_mire", ["serpent_mire", "ember_coast"]) == ("serpent_mire",)
    assert m.nearest("serpent_mire", []) == ()


def test_first_steps_and_shortest_paths():
    m = board()
    assert m.first_steps("allarian_crownlands", "tyverian_bloodmarch") == ("silverwood", "willow_fords",
                                                                          "golden_fields")
    assert m.first_steps("serpent_mire", "serpent_mire") == ()
    assert m.shortest_path("allarian_crownlands", "tyverian_bloodmarch") == (
        "allarian_crownlands", "silverwood", "red_moon_crags", "iron_hills", "tyverian_bloodmarch")  # map order
    assert m.shortest_path("highpass", "highpass") == ("highpass",)


def test_fly_range_is_one_to_n_steps_never_the_origin():
    m = board()
    assert m.within("red_moon_crags", 1) == ("silverwood", "highpass", "iron_hills")  # mountains ignored
    two = m.within("red_moon_crags", 2)
    assert "red_moon_crags" not in two and len(two) == 8
    assert set(two) - set(m.within("red_moon_crags", 1)) == {"allarian_crownlands", "willow_fords", "sunken_ruins",
                                                             "saltmere", "tyverian_bloodmarch"}
    assert set(m.within("highpass", 3)) == set(m.regions) - {"highpass"}


def test_geometry_shared_edges_labels_and_layout_circles():
    m = board()
    assert m.scene.width == 1200 and m.scene.height == 800 and len(m.outline) == 12
    for a, b in m.borders:
        assert m.shared_edges(a, b), (a, b)
    assert not m.shared_edges("silverwood", "golden_fields")
    for border in m.mountain_borders:
        assert frozenset(border.edge) in m.shared_edges(*border.between)
    for region in m.regions.values():
        assert signed_area(region.polygon) > 0  # clockwise on a y-down screen
        assert inner_clearance(region.polygon, region.label_pos) >= region.layout_radius - 0.5
        assert len(polygon_edges(region.polygon)) == len(region.polygon)
    assert m.regions["allarian_crownlands"].label_pos == (130, 400)
    assert m.regions["allarian_crownlands"].layout_radius == 115


def test_sort_regions_uses_map_order():
    m = board()
    assert m.sort_regions({"tyverian_bloodmarch", "silverwood", "highpass"}) == (
        "silverwood", "highpass", "tyverian_bloodmarch")
