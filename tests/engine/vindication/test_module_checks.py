"""Attribute checks and the module's regions: spec 5.33–5.34 (VVH-CHECK, VVH-REGION) with decisions
VIN-DEC-59 and -66, worked example 11 (the Hearth Kitchen)."""
from __future__ import annotations

import pytest

from engine.vindication.content import content
from tests.engine.vindication.module_positions import (
    companion,
    controller,
    no_companions,
    only_attrs,
    reseeded,
    rolled,
    vh_table,
    vpower,
    with_dice,
    zones,
)
from tests.engine.vindication.positions import events

MODULE_REGIONS = ["temple_of_legends", "theater", "fear_gauntlet", "mausoleum", "tidewatch_beacon",
                  "hearth_kitchen", "wayfarers_stable", "drill_yard", "scriptorium", "observatory",
                  "guildhouse"]


def at(tile: str, controlled_by: int | None = None, **attrs: int):
    """Seat 0 on T17 next to ``tile`` on R12, holding exactly ``attrs``; plenty of power left."""
    game = vh_table(tokens={0: "T17", 1: "T28"}, regions={"R12": (tile, controlled_by)})
    game.edit(no_companions)
    game.edit(lambda d: [vpower(d, s, conviction=4, influence=4) for s in (0, 1)])
    game.edit(lambda d: only_attrs(d, 0, **attrs))
    return game


def finish(game) -> list:
    happened = list(game.events)
    while game.prompt not in ("turn", None):
        happened += game.answer(game.options()[0])
    game.events = happened
    return happened


# -- VVH-CHECK ----------------------------------------------------------------------------------------
@pytest.mark.rule("VVH-CHECK-1")
def test_one_check_die_per_attribute_held() -> None:
    for seed in range(1, 6):
        game = reseeded(at("tidewatch_beacon", S=2, I=1, C=3, V=1), seed)
        game.play("visit R12")
        assert [e["kind"] for e in events(game, "check_die_rolled")] == ["S", "I", "C", "V"]


@pytest.mark.rule("VVH-CHECK-2", "VVH-CHECK-5", "VVH-REGION-4")
def test_icons_are_hits_and_the_beacon_pays_one_honor_per_hit() -> None:
    game = at("tidewatch_beacon", S=1, K=1, I=1)
    with_dice(game, "visit R12", {"S": "hit", "K": "miss", "I": "hit"})
    honor = zones(game, 0)["honor"]
    game.answer([])
    assert events(game, "check_resolved") == [{"seat": 0, "hits": 2, "required": 0, "passed": True}]
    assert zones(game, 0)["honor"] == honor + 2


@pytest.mark.rule("VVH-CHECK-3")
def test_only_missed_dice_can_be_paid_for_each_once() -> None:
    game = at("tidewatch_beacon", S=1, K=2, I=1)
    with_dice(game, "visit R12", {"S": "hit", "K": "miss", "I": "miss"})
    assert sorted(map(list, game.options())) == sorted([[], ["K"], ["I"], ["K", "I"]])
    game.refused("answer S,", "VVH-CHECK-3")                               # its die hit
    game.refused("answer K,K", "VVH-CHECK-3")                              # at most once per die
    game.refused("answer S,K", "VVH-CHECK-3")
    before = zones(game, 0)
    game.answer(["K"])
    after = zones(game, 0)
    assert (after["K"], after["I"], after["S"]) == (1, 1, 1)
    assert after["honor"] == before["honor"] + 2                           # S hit, K converted


@pytest.mark.rule("VVH-CHECK-3", "VVH-CHECK-5")
def test_every_converted_die_counts_as_a_hit() -> None:
    game = at("tidewatch_beacon", S=1, K=1, I=1)
    with_dice(game, "visit R12", {"S": "miss", "K": "miss", "I": "miss"})
    honor = zones(game, 0)["honor"]
    game.answer(["S", "K", "I"])
    assert zones(game, 0)["honor"] == honor + 3
    assert game.player(0)["attrs"] == {"S": 0, "K": 0, "I": 0, "C": 0, "W": 0, "V": 0}


@pytest.mark.rule("VVH-CHECK-4", "VIN-DEC-59")
def test_a_check_needing_more_hits_than_dice_cannot_be_attempted() -> None:
    game = at("fear_gauntlet", S=3, K=3, I=3, C=3)
    game.refused("visit R12", "VVH-CHECK-4")
    assert game.legal("visit") == []
    game = at("fear_gauntlet", S=1, K=1, I=1, C=1, V=1)
    game.play("visit R12")                                                 # five dice: allowed
    assert len(events(game, "check_die_rolled")) == 5


@pytest.mark.rule("VVH-CHECK-4", "VVH-REGION-2")
def test_the_fear_gauntlet_gives_9_honor_at_5_hits_and_nothing_below() -> None:
    dice = {k: "hit" for k in "SKICV"}
    for converted, honor in ((["C"], 9), ([], 0)):
        game = at("fear_gauntlet", S=1, K=1, I=1, C=1, V=1)
        with_dice(game, "visit R12", {**dice, "C": "miss"})
        before = zones(game, 0)["honor"]
        game.answer(converted)
        assert zones(game, 0)["honor"] == before + honor
        assert events(game, "check_resolved")[0]["passed"] == bool(honor)


@pytest.mark.rule("VVH-CHECK-6")
def test_a_failed_check_still_uses_the_visit_and_pays_the_controller() -> None:
    game = at("hearth_kitchen", controlled_by=1, S=1, K=1)
    them = zones(game, 1)["honor"]
    with_dice(game, "visit R12", {"S": "miss", "K": "miss"})
    assert zones(game, 1)["honor"] == them + 2
    game.answer([])
    assert events(game, "check_resolved")[0]["passed"] is False
    game.refused("rest pot_to_inf", "VIN-VISIT-2")


@pytest.mark.rule("VVH-CHECK-7", "VVH-REGION-3")
def test_conversions_are_paid_before_the_mausoleum_moves_blocks_to_conviction() -> None:
    game = at("mausoleum", S=1)
    game.edit(lambda d: vpower(d, 0, influence=0, conviction=4))
    with_dice(game, "visit R12", {"S": "miss"})
    game.answer(["S"])                                                     # the strength block → influence
    assert game.prompt == "augment" and game.options() == ["inf_to_conv", "stop"]
    game.answer("inf_to_conv")
    assert (zones(game, 0)["influence"], zones(game, 0)["conviction"]) == (0, 5)


# -- VVH-REGION ----------------------------------------------------------------------------------------
@pytest.mark.rule("VVH-REGION-1")
def test_the_theater_takes_up_to_2_blocks_per_hit_back_from_companions_which_stay() -> None:
    game = at("theater", S=1, K=1)
    game.edit(lambda d: companion(d, 0, "S01", 3))
    game.edit(lambda d: companion(d, 0, "K01", 2))
    influence = zones(game, 0)["influence"]
    with_dice(game, "visit R12", {"S": "hit", "K": "hit"})
    assert game.prompt == "return_block"
    for card in ("S01", "S01", "S01", "K01"):                              # 2 hits: 4 blocks at most
        game.answer(card)
    assert game.prompt == "turn"
    assert game.player(0)["companions"] == [{"id": "S01", "blocks": 0}, {"id": "K01", "blocks": 1}]
    assert zones(game, 0)["influence"] == influence + 4


@pytest.mark.rule("VVH-REGION-3")
def test_the_mausoleum_moves_one_block_to_conviction_per_hit() -> None:
    game = at("mausoleum", S=1, K=1, I=1)
    with_dice(game, "visit R12", {"S": "hit", "K": "hit", "I": "miss"})
    before = zones(game, 0)
    game.answer([])
    steps = 0
    while game.prompt == "augment":
        assert game.options() == ["inf_to_conv", "stop"]
        game.answer("inf_to_conv")
        steps += 1
    assert steps == 2 and zones(game, 0)["conviction"] == before["conviction"] + 2


@pytest.mark.rule("VVH-REGION-5")
def test_the_hearth_kitchen_augments_up_to_2_on_2_hits() -> None:
    for faces, augments in (({"S": "hit", "K": "hit"}, 2), ({"S": "hit", "K": "miss"}, 0)):
        game = at("hearth_kitchen", S=1, K=1)
        with_dice(game, "visit R12", faces)
        if game.prompt == "check_conversions":
            game.answer([])
        made = 0
        while game.prompt == "augment":
            game.answer("pot_to_inf")
            made += 1
        assert made == augments and game.prompt == "turn"


@pytest.mark.rule("VVH-REGION-6")
def test_the_wayfarers_stable_raises_the_mount_one_rank_on_4_hits() -> None:
    game = at("wayfarers_stable", S=1, K=1, I=1, C=1)
    with_dice(game, "visit R12", {"S": "hit", "K": "hit", "I": "hit", "C": "miss"})
    before = zones(game, 0)["honor"]
    game.answer(["C"])
    assert game.player(0)["mount"] == 2 and zones(game, 0)["honor"] == before + 1   # rank 2's honor
    game = at("wayfarers_stable", S=1, K=1, I=1, C=1)
    with_dice(game, "visit R12", {"S": "hit", "K": "hit", "I": "hit", "C": "miss"})
    game.answer([])
    assert game.player(0)["mount"] == 1


@pytest.mark.rule("VVH-REGION-6", "VIN-DEC-66")
def test_the_wayfarers_stable_is_refused_at_rank_5() -> None:
    game = at("wayfarers_stable", S=1, K=1, I=1, C=1)
    game.edit(lambda d: d["players"][0].update(mount=5))
    game.refused("visit R12", "VVH-REGION-6")
    game.refused("visit R12 control_first=1", "VVH-REGION-6")
    assert game.legal("visit") == []


@pytest.mark.rule("VVH-REGION-7", "VVH-REGION-8", "VVH-REGION-9")
@pytest.mark.parametrize(("tile", "paid", "gained"), [("drill_yard", "S", "C"), ("scriptorium", "I", "W"),
                                                    ("observatory", "K", "V")])
def test_drill_yard_scriptorium_and_observatory_turn_2_basics_into_up_to_1_heroic(tile, paid, gained) -> None:
    game = at(tile, **{paid: 1})
    game.refused("visit R12", "VIN-VISIT-4")
    game = at(tile, **{paid: 3})
    game.play("visit R12")
    assert game.options() == [(), (gained,)]
    game.answer([gained])
    assert (game.player(0)["attrs"][paid], game.player(0)["attrs"][gained]) == (1, 1)


@pytest.mark.rule("VVH-REGION-10")
def test_the_guildhouse_sells_a_heroic_proficiency_for_2_points() -> None:
    game = at("guildhouse", W=3)
    game.refused("visit R12", "VIN-REGION-12")                             # the kind must be chosen
    game.refused("visit R12 choice=S", "VIN-REGION-12")                    # heroic only
    assert game.legal("visit") == ["visit R12 choice=W", "visit R12 choice=W control_first=1"]
    supply = game.data["proficiency_supply"]["W"]
    game.play("visit R12 choice=W")
    assert game.prompt == "turn"
    assert game.player(0)["attrs"]["W"] == 1 and game.player(0)["proficiencies"]["W"] == 1
    assert game.data["proficiency_supply"]["W"] == supply - 1


@pytest.mark.rule("VVH-REGION-10")
def test_the_guildhouse_counts_as_the_turns_proficiency_purchase() -> None:
    game = at("guildhouse", W=2, K=3, V=2)
    game.play("visit R12 choice=W")
    game.refused("proficiency K", "VIN-PROFICIENCY-3")
    game = at("guildhouse", W=2, K=3)
    game.play("proficiency K")
    before = zones(game, 0)
    game.refused("visit R12 choice=W", "VIN-PROFICIENCY-3")                # refused before paying
    assert zones(game, 0) == before
    game = at("guildhouse", W=2)
    game.edit(lambda d: (d["players"][1]["proficiencies"].update(W=1), d["proficiency_supply"].update(W=0)))
    game.refused("visit R12 choice=W", "VIN-PROFICIENCY-2")                # the supply is empty
    assert game.legal("visit") == []


@pytest.mark.rule("VVH-REGION-11")
def test_module_regions_are_controllable_and_village_hexes_are_not() -> None:
    regions = content().regions
    assert all(regions[r].controllable for r in MODULE_REGIONS)
    assert not any(regions[s.hex_tile].controllable for s in content().module.settlements)
    game = at("drill_yard", S=2)
    game.play("visit R12 control_first=1")
    assert controller(game, "R12") == 0


# -- worked example 11 ---------------------------------------------------------------------------------
@pytest.mark.rule("VVH-CHECK-3", "VVH-CHECK-4", "VVH-REGION-5")
def test_worked_example_11_hearth_kitchen() -> None:
    game = at("hearth_kitchen", S=3, V=1, C=1)
    with_dice(game, "visit R12", {"S": "hit", "V": "miss", "C": "miss"})
    assert rolled(game) == {"S": "hit", "V": "miss", "C": "miss"}
    game.refused("answer S,", "VVH-CHECK-3")                               # strength hit: refused
    game.answer(["C"])
    assert events(game, "check_resolved") == [{"seat": 0, "hits": 2, "required": 2, "passed": True}]
    assert game.player(0)["attrs"]["C"] == 0
    assert game.prompt == "augment"                                        # up to 2 augments
    game.answer("pot_to_inf")
    game.answer("stop")
    assert game.prompt == "turn"
