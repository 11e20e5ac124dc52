"""Villages and hamlets: spec 5.26, 5.27 and 5.35 (VVH-VILLAGE, VVH-CONTROL, VVH-SCORE), VIN-DISCOVER-6,
decisions VIN-DEC-45, -46, -65, worked example 10 (village majority)."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.vindication.content import content
from engine.vindication.setup import fresh_turn
from tests.engine.vindication.module_positions import (
    blocks,
    companion,
    controller,
    holder,
    runes,
    vh_table,
    vpower,
    zones,
)
from tests.engine.vindication.positions import events

V = "venfero_secret"
SLOTS = [f"{V}/{i}" for i in range(1, 6)]
HEX = {"R12": V}
SEVEN = ("theater", "mausoleum", "inn", "academy", "fort", "library", "shrine")
TOKENS = {0: "T17", 1: "T28", 2: "T16"}        # all three touch R12


def village(players: int = 2, slots: dict | None = None, **kw):
    """Venfero's Secret discovered on R12 with forts in every slot (or ``slots``), seat 0 next to it."""
    laid = {slot: "fort" for slot in SLOTS}
    laid.update(slots or {})
    game = vh_table(players=players, tokens={s: TOKENS[s] for s in range(players)},
                    regions={**HEX, **laid, **kw.pop("regions", {})}, **kw)
    game.edit(lambda d: [vpower(d, s, conviction=6, influence=6) for s in range(players)])
    return game


def as_next_turn(game, seat: int = 0) -> None:
    """A fresh turn for ``seat`` (the turns in between are not the point)."""
    def turn(d):
        d["current"] = d["order"].index(seat)
        d["turn"] = fresh_turn(seat)
    game.edit(turn)


def finish(game) -> list:
    """Answer every pending choice with its first option (gains: nothing); all the events."""
    happened = list(game.events)
    while game.prompt not in ("turn", None):
        happened += game.answer(game.options()[0])
    game.events = happened
    return happened


def take(game, slot: str, seat: int = 0) -> None:
    """``seat``'s turn: visit a slot and take control of it first."""
    as_next_turn(game, seat)
    game.play(f"visit {slot} control_first=1")
    finish(game)


# -- VVH-VILLAGE-1, -2, VIN-DISCOVER-6: filling the boards --------------------------------------------
@pytest.mark.rule("VVH-VILLAGE-1", "VIN-DISCOVER-6")
def test_a_village_hex_out_of_the_scumbag_fills_its_slots_in_order_from_the_villages_bag() -> None:
    patterns = set()
    for seed in range(1, 7):
        game = vh_table(seed=seed, tokens={0: "T09", 1: "T25"}, regions={"R03": "fort", "R04": "fort"},
                        bag=[V], villages_bag=list(SEVEN))
        game.play("move T09,T17")                                     # T17 discovers R12 (R13: bag empty)
        kinds = game.kinds()
        assert kinds.index("tile_discovered") < kinds.index("slot_filled")
        assert [e["place"] for e in events(game, "slot_filled")] == SLOTS
        placed = [game.data["regions"][s]["tile"] for s in SLOTS]
        assert Counter(placed) + Counter(game.data["villages_bag"]) == Counter(SEVEN)
        patterns.add(tuple(placed))
        assert all(game.data["regions"][f"dobney_wish/{i}"] is None for i in (1, 2, 3))   # its own board only
    assert len(patterns) > 1                                           # drawn at random


@pytest.mark.rule("VVH-VILLAGE-1", "VVH-VILLAGE-7")
def test_a_short_villages_bag_fills_the_first_slots_and_leaves_the_rest_empty() -> None:
    game = vh_table(tokens={0: "T09", 1: "T25"}, regions={"R03": "fort", "R04": "fort", "R13": "fort"},
                    bag=["dobney_wish"], villages_bag=["theater", "inn"])
    game.play("move T09,T17")
    assert [game.data["regions"][f"dobney_wish/{i}"] for i in (1, 2, 3)][2] is None
    assert sorted(game.data["regions"][f"dobney_wish/{i}"]["tile"] for i in (1, 2)) == ["inn", "theater"]
    assert game.data["villages_bag"] == []
    game.refused("visit dobney_wish/3", "VVH-VILLAGE-7")
    assert "visit dobney_wish/3" not in game.legal("visit")


@pytest.mark.rule("VVH-VILLAGE-2")
def test_preconfigured_boards_draw_nothing_when_their_hex_is_discovered() -> None:
    slots = {f"tarcee_riddle/{i}": tile for i, tile in enumerate(["theater", "inn", "fort"], 1)}
    game = vh_table(tokens={0: "T09", 1: "T25"},
                    regions={"R03": "fort", "R04": "fort", "R13": "fort", **slots}, bag=["tarcee_riddle"],
                    villages_bag=["library", "shrine", "academy"], vh_setup="preconfigured")
    game.play("move T09,T17")
    assert game.data["regions"]["R12"]["tile"] == "tarcee_riddle"
    assert not game.kinds("slot_filled")
    assert game.data["villages_bag"] == ["library", "shrine", "academy"]
    assert {s: game.data["regions"][s]["tile"] for s in slots} == slots


# -- VVH-VILLAGE-3..7, VIN-DEC-65: visiting ------------------------------------------------------------
@pytest.mark.rule("VVH-VILLAGE-3")
def test_a_player_next_to_the_hex_visits_exactly_one_slot_region() -> None:
    game = village(slots={f"{V}/2": "library", f"{V}/4": "drill_yard"})
    game.edit(lambda d: vpower(d, 0, S=2))
    assert {f"visit {s}" for s in SLOTS} <= set(game.legal("visit"))
    before = zones(game, 0)
    game.play(f"visit {V}/4")                                          # Drill Yard: 2 strength
    assert events(game, "region_visited") == [{"seat": 0, "space": f"{V}/4", "tile": "drill_yard",
                                               "units": 0}]
    game.answer(["C"])
    after = zones(game, 0)
    assert (after["S"], after["C"]) == (before["S"] - 2, before["C"] + 1)
    game.refused(f"visit {V}/2", "VIN-TURN-5")                         # one slot per visit action


@pytest.mark.rule("VVH-VILLAGE-4", "VIN-DEC-65")
def test_the_village_hex_itself_is_neither_visited_nor_controlled() -> None:
    for hex_tile in ("venfero_secret", "dobney_wish", "tarcee_riddle"):
        region = content().regions[hex_tile]
        assert not region.controllable and not region.cost and not region.effect
    game = village()
    game.refused("visit R12", "VVH-VILLAGE-4")
    game.refused("visit R12 control_first=1", "VVH-VILLAGE-4")
    assert not [c for c in game.legal() if c.split(" ")[1:2] == ["R12"]]


@pytest.mark.rule("VVH-VILLAGE-5", "VIN-DEC-65")
def test_a_slot_is_a_region_of_its_own_tile_for_triggers() -> None:
    game = village(slots={f"{V}/3": "monastery"})
    game.edit(lambda d: companion(d, 0, "K09"))                       # augment on visiting a Monastery
    game.edit(lambda d: vpower(d, 0, K=1, potential=3))
    game.play(f"visit {V}/3 units=1")
    finish(game)                                                      # augments: the unit, then K09
    assert events(game, "region_visited")[0]["tile"] == "monastery"
    assert [e["card"] for e in events(game, "ability_used")] == ["K09"]
    assert len(events(game, "power_step")) == 2


@pytest.mark.rule("VVH-VILLAGE-5", "VVH-CONTROL-1")
def test_each_slot_is_controlled_and_visited_on_its_own() -> None:
    game = village(regions={f"{V}/2": ("fort", 1)}, holders={V: 1})
    game.edit(lambda d: runes(d, 0, "devotion"))
    before = zones(game, 0)
    take(game, f"{V}/1")
    assert controller(game, f"{V}/1") == 0 and controller(game, f"{V}/2") == 1
    assert zones(game, 0)["honor"] == before["honor"] + 2                # VIN-CONTROL-5
    game.play("rune devotion")
    game.refused(f"visit {V}/2", "VIN-VISIT-9")                          # another region after control
    as_next_turn(game, 0)
    them = zones(game, 1)["honor"]
    game.play(f"visit {V}/2")                                            # seat 1's slot: visit honor
    finish(game)
    assert zones(game, 1)["honor"] == them + 2


@pytest.mark.rule("VVH-VILLAGE-6")
def test_slots_are_out_of_reach_before_the_hex_is_discovered_or_from_far_away() -> None:
    game = village(regions={}, vh_setup="preconfigured")
    game.edit(lambda d: d["regions"].update({"R12": None}))             # slots filled, hex not out
    game.refused(f"visit {V}/1", "VVH-VILLAGE-6")
    game = village()
    game.edit(lambda d: d["players"][0].update(token="T07"))            # far from R12
    game.refused(f"visit {V}/1", "VVH-VILLAGE-6")
    assert not [c for c in game.legal("visit") if V in c]


@pytest.mark.rule("VVH-VILLAGE-7")
def test_an_empty_slot_cannot_be_visited() -> None:
    game = village()
    game.edit(lambda d: d["regions"].update({f"{V}/5": None}))
    game.refused(f"visit {V}/5", "VVH-VILLAGE-7")
    assert f"visit {V}/5" not in game.legal("visit")


# -- VVH-CONTROL: village majority ---------------------------------------------------------------------
@pytest.mark.rule("VVH-CONTROL-2", "VVH-CONTROL-6", "VVH-CONTROL-8", "VIN-DEC-45")
def test_the_first_slot_controlled_takes_the_village_with_a_block_from_influence() -> None:
    game = village()
    before = zones(game, 0)
    take(game, f"{V}/1")
    assert holder(game, V) == (0, True)
    after = zones(game, 0)
    assert after["conviction"] == before["conviction"] - 1             # the slot's marker
    assert after["influence"] == before["influence"] - 1               # the village's marker
    assert blocks(game.data, 0) == 21
    assert events(game, "village_control_changed") == [{"settlement": V, "previous": None, "holder": 0}]


@pytest.mark.rule("VVH-CONTROL-7")
def test_taking_a_village_gives_no_honor_and_costs_no_conviction() -> None:
    game = village()
    before = zones(game, 0)
    take(game, f"{V}/1")
    after = zones(game, 0)
    assert holder(game, V)[0] == 0
    assert after["honor"] - before["honor"] == 2                       # the slot's control honor only
    assert before["conviction"] - after["conviction"] == 1             # the slot's marker only


@pytest.mark.rule("VVH-CONTROL-6", "VIN-DEC-45")
def test_a_village_taken_without_influence_is_recorded_without_a_block() -> None:
    game = village()
    game.edit(lambda d: vpower(d, 0, influence=0, conviction=3))
    take(game, f"{V}/1")
    assert holder(game, V) == (0, False)
    assert blocks(game.data, 0) == 21


@pytest.mark.rule("VVH-CONTROL-3", "VIN-DEC-46")
def test_a_tie_leaves_the_village_with_its_holder() -> None:
    game = village(regions={f"{V}/1": ("fort", 0)}, holders={V: 0})
    take(game, f"{V}/2", seat=1)
    assert holder(game, V) == (0, True)
    assert not game.kinds("village_control_changed")


@pytest.mark.rule("VVH-CONTROL-4", "VIN-DEC-46")
def test_a_tie_among_challengers_leaves_the_village_vacant_until_one_leads_alone() -> None:
    game = village(players=3)
    take(game, f"{V}/1", seat=0)
    take(game, f"{V}/2", seat=1)
    assert holder(game, V)[0] == 0                                    # 1-1: the holder keeps it
    influence = zones(game, 0)["influence"]
    game.edit(lambda d: vpower(d, 2, conviction=6))
    take(game, f"{V}/1", seat=2)                                      # displaces seat 0: 0, 1, 1
    assert holder(game, V) == (None, False)
    assert zones(game, 0)["influence"] == influence + 2               # slot marker and village block
    take(game, f"{V}/3", seat=1)                                      # seat 1 leads alone: 0, 2, 1
    assert holder(game, V) == (1, True)


@pytest.mark.rule("VVH-CONTROL-4", "VVH-CONTROL-6")
def test_a_challenger_with_strictly_more_takes_the_village_at_once() -> None:
    game = village()
    take(game, f"{V}/1", seat=0)
    take(game, f"{V}/2", seat=1)
    influence = zones(game, 0)["influence"]
    take(game, f"{V}/3", seat=1)
    assert holder(game, V) == (1, True)
    assert zones(game, 0)["influence"] == influence + 1               # seat 0's village block comes home
    assert [blocks(game.data, s) for s in (0, 1)] == [21, 21]


@pytest.mark.rule("VVH-CONTROL-5", "VVH-CONTROL-8")
def test_a_holder_left_with_no_slot_loses_the_village() -> None:
    game = village()
    take(game, f"{V}/1")
    influence = zones(game, 0)["influence"]
    game.play(f"recover {V}/1")                                        # the slot's marker comes back
    assert holder(game, V) == (None, False)
    assert zones(game, 0)["influence"] == influence + 2
    assert blocks(game.data, 0) == 21


@pytest.mark.rule("VVH-CONTROL-9", "VIN-DEC-25")
def test_a_village_marker_is_not_a_recover_location() -> None:
    game = village()
    take(game, f"{V}/1")
    game.refused(f"recover {V}", "VVH-CONTROL-9")
    assert f"recover {V}" not in game.legal("recover")
    assert f"recover {V}/1" in game.legal("recover")


@pytest.mark.rule("VVH-CONTROL-1")
def test_a_built_isle_region_is_controlled_like_any_region() -> None:
    game = vh_table(tokens={0: "F3", 1: "T25"}, regions={"A2": ("fort", 1)})
    game.edit(lambda d: [vpower(d, s, conviction=4, influence=5) for s in (0, 1)])
    them, me = zones(game, 1)["honor"], zones(game, 0)["honor"]
    game.play("visit A2")
    assert zones(game, 1)["honor"] == them + 2                         # visit honor to the controller
    finish(game)
    game.play("control A2")                                            # displacing costs 2
    assert controller(game, "A2") == 0 and zones(game, 0)["honor"] == me + 2


# -- worked example 10 ---------------------------------------------------------------------------------
@pytest.mark.rule("VVH-CONTROL-2", "VVH-CONTROL-3", "VVH-CONTROL-4", "VVH-SCORE-1", "VVH-SCORE-2")
def test_worked_example_10_village_majority() -> None:
    red, blue = 0, 1
    game = village()
    take(game, f"{V}/1", seat=red)
    take(game, f"{V}/2", seat=red)
    take(game, f"{V}/3", seat=blue)
    take(game, f"{V}/4", seat=blue)                                    # 2-2: Red got there first
    assert holder(game, V) == (red, True)
    red_influence = zones(game, red)["influence"]
    take(game, f"{V}/5", seat=blue)                                    # Blue 3 > Red 2
    assert holder(game, V) == (blue, True)
    assert zones(game, red)["influence"] == red_influence + 1
    before = zones(game, blue)["honor"]
    game.edit(lambda d: [p.update(quest=None) for p in d["players"]])
    end_now(game)
    scores = game.data["scores"][blue]
    assert (scores["regions"], scores["villages"]) == (6, 3)
    assert game.data["scores"][red]["villages"] == 0
    assert game.player(blue)["honor"] == before + 6 + 3 + scores["mastery"] + scores["monsters"]


def end_now(game) -> None:
    def last_turn(d):
        d["end_round"] = d["round"]
        d["current"] = len(d["order"]) - 1
        d["turn"] = fresh_turn(d["order"][-1])
        d["turn"]["used"]["move"] = 1
    game.edit(last_turn)
    game.play("end_turn")
    assert game.data["phase"] == "over"


# -- VVH-SCORE -----------------------------------------------------------------------------------------
@pytest.mark.rule("VVH-SCORE-1", "VVH-SCORE-2")
def test_holders_score_their_slots_and_every_module_region_counts_two() -> None:
    game = village(regions={"A1": ("inn", 1), "dobney_wish/1": ("fort", 1), "dobney_wish/2": ("fort", 0),
                            f"{V}/1": ("fort", 0), f"{V}/2": ("fort", 0), f"{V}/3": ("fort", 1)},
                   holders={V: 0, "dobney_wish": (1, False)})
    game.edit(lambda d: [p.update(quest=None) for p in d["players"]])
    end_now(game)
    scores = game.data["scores"]
    assert (scores[0]["regions"], scores[0]["villages"]) == (2 * 3, 2)      # V/1, V/2, dobney/2; Venfero 2
    assert (scores[1]["regions"], scores[1]["villages"]) == (2 * 3, 1)      # A1, dobney/1, V/3; Dobney 1


@pytest.mark.rule("VVH-SCORE-3")
def test_runes_and_rune_maps_score_nothing() -> None:
    totals = []
    for held, rune_map in (([], False), (["zeal", "devotion"], True)):
        game = village()
        game.edit(lambda d: [p.update(quest=None) for p in d["players"]])
        game.edit(lambda d, held=held, rune_map=rune_map: (runes(d, 0, *held, rune_map=rune_map),
                                                           d.update(rune_maps=6 - rune_map)))
        end_now(game)
        totals.append(game.data["scores"][0])
    assert totals[0] == totals[1]
