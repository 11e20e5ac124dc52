"""Relics (VIN-RELIC) and each of the 12 relics of spec 7.6."""
from __future__ import annotations

import pytest

from engine.vindication.content import content
from engine.vindication.counters import mastery_count
from engine.vindication.rules import move
from tests.engine.vindication.test_abilities_mechanism import force_dice, hold, mods, stack, table


def honor(game, seat=0):
    return game.data["players"][seat]["honor"]


def charges(game, seat=0):
    return {r["id"]: r["charges"] for r in game.data["players"][seat]["relics"]}


def companions(game, seat=0):
    return {c["id"]: c["blocks"] for c in game.data["players"][seat]["companions"]}


def holding(relic, n=3, **power):
    game = table()
    game.edit(lambda d: hold(d, 0, relics=[(relic, n)], **power))
    return game


# -- the rules -----------------------------------------------------------------------------------------
@pytest.mark.rule("VIN-RELIC-1", "VIN-RELIC-2", "VIN-RELIC-3", "VIN-REGION-9", "VIN-CARD-7")
def test_the_arcane_tower_gives_a_relic_with_its_honor_at_least_1_charge_then_any_charges():
    game = table(regions={"R08": "arcane_tower"})
    game.edit(lambda d: (hold(d, 0, relics=[("V01", 1)], V=2, influence=1),
                         stack(d, "relic", faceup=["V07"])))
    before = honor(game)
    game.play("visit R08")
    game.answer("faceup")
    assert honor(game) == before + 4
    assert game.prompt == "initial_charge" and game.options() == [1, 2, 3]     # never 0
    game.answer(1)
    assert game.prompt == "charge_relic" and game.options() == ["V01", "V07", "done"]
    game.answer("V01")
    game.answer("done")
    assert charges(game) == {"V01": 2, "V07": 1}


@pytest.mark.rule("VIN-RELIC-4")
def test_a_relic_never_holds_more_than_3_charges():
    game = table(regions={"R08": "arcane_tower"})
    game.edit(lambda d: (hold(d, 0, relics=[("V01", 3)], V=2, influence=6),
                         stack(d, "relic", faceup=["V07"])))
    game.play("visit R08")
    game.answer("faceup")
    assert max(game.options()) == 3
    game.answer(3)
    assert game.prompt == "turn"                    # nothing left to charge: both are full
    assert charges(game) == {"V01": 3, "V07": 3}


@pytest.mark.rule("VIN-RELIC-5")
def test_using_a_relic_pays_its_charges_back_to_influence_and_needs_enough_of_them():
    game = holding("V07", 2)
    game.refused("use V07", "VIN-RELIC-5")
    game = holding("V07", 3, influence=1)
    game.play("use V07")
    assert charges(game) == {"V07": 0} and game.player(0)["influence"] == 4


@pytest.mark.rule("VIN-RELIC-6", "VIN-DEC-35")
def test_a_relic_is_used_at_most_once_per_turn_on_its_owners_turn():
    game = holding("V01", 3)
    game.play("use V01")
    game.refused("use V01", "VIN-RELIC-6")
    game.refused("1: use V01", "VIN-TURN-8")
    game.play("move T25,T13", "end_turn")
    game.refused("0: use V01", "VIN-TURN-8")       # not on another player's turn either
    game.play("move T28,T16", "end_turn")
    game.play("use V01")                           # a new turn of its owner


@pytest.mark.rule("VIN-RELIC-6")
@pytest.mark.parametrize("relic", ["V03", "V09"])
def test_reactive_relics_are_not_used_as_a_free_action(relic):
    game = holding(relic, 3)
    game.refused(f"use {relic}", "VIN-RELIC-6")


@pytest.mark.rule("VIN-RELIC-7")
def test_a_relic_can_be_used_in_the_turn_it_was_gained():
    game = table(regions={"R08": "arcane_tower"})
    game.edit(lambda d: (hold(d, 0, V=2, influence=3), stack(d, "relic", faceup=["V07"])))
    game.play("visit R08")
    game.answer("faceup")
    game.answer(3)
    before = honor(game)
    game.play("use V07")
    assert honor(game) == before + 3


@pytest.mark.rule("VIN-RELIC-8")
def test_relics_are_charged_only_at_the_tower_or_by_an_effect_that_says_so():
    game = holding("V01", 0, influence=5)
    assert not any("charge" in c or "V01" in c for c in game.legal())


@pytest.mark.rule("VIN-RELIC-9", "VIN-RECOVER-3")
def test_a_relic_stays_when_its_charges_are_used_or_recovered_and_counts_for_vision():
    game = table()
    game.edit(lambda d: hold(d, 0, relics=[("V07", 3), ("V01", 2)]))
    game.play("use V07", "recover V01")
    assert charges(game) == {"V07": 0, "V01": 0}
    assert mastery_count(game.data, 0, "V") == 2


# -- each relic ----------------------------------------------------------------------------------------
def test_lodestone_compass_v01_adds_2_speed_this_turn():
    game = holding("V01", 1)
    game.play("use V01")
    assert move.speed(game.data, 0) == 4
    game.play("move T25,T13,T07,T01,T02")


def test_chalice_of_dawn_v02_augments_up_to_twice():
    game = holding("V02", 2, potential=3, influence=0)
    game.play("use V02")                            # its 2 charges are now influence
    game.answer("pot_to_inf")
    game.answer("stop")
    assert game.player(0)["potential"] == 2 and game.prompt == "turn"


@pytest.mark.rule("VIN-MONSTER-6")
def test_warding_amulet_v03_is_offered_when_a_skull_is_rolled_and_keeps_the_elite(monkeypatch):
    force_dice(monkeypatch, monster=["skull"], attribute=["S"])
    game = table(regions={"R08": "gaping_maw"})
    game.edit(lambda d: hold(d, 0, companions=["S01"], relics=[("V03", 1)], traits=["W01"], C=2,
                             conviction=0))
    before = honor(game)
    game.play("visit R08")
    game.answer("faceup")
    monster = game.player(0)["monsters"][0]
    assert game.prompt == "save_companion" and game.options() == ["V03", "let_die"]
    game.answer("V03")
    game.answer_all()
    assert "S01" in companions(game) and charges(game) == {"V03": 0}
    assert honor(game) == before + content().cards[monster].honor     # a prevention is no "save" (W01)


def test_hourglass_v04_grants_one_extra_activation():
    game = holding("V04", 3, influence=2)
    game.edit(lambda d: hold(d, 0, companions=["S01"]))
    game.play("activate self")
    game.answer_all()
    game.refused("activate S01", "VIN-TURN-5")
    game.play("use V04", "activate S01")
    assert game.data["turn"]["activated"] == ["self", "S01"]


def test_seekers_lens_v05_shows_the_top_3_of_a_deck_to_its_holder_only_and_reorders_them():
    game = holding("V05", 1)
    game.edit(lambda d: stack(d, "monster", top=["C01", "C02", "C03"]))
    game.play("use V05")
    assert game.prompt == "peek_deck"
    game.answer("monster")
    peek = next(e for e in game.events if e.kind == "cards_peeked")
    assert peek.audience == frozenset({0}) and peek.data["cards"] == ["C01", "C02", "C03"]
    assert game.prompt == "peek_order" and len(game.options()) == 6
    assert game.match.state.view(1)["prompt"]["options"] is None
    assert game.match.state.view(0)["prompt"]["options"]
    game.answer(["C03", "C01", "C02"])
    assert game.data["decks"]["monster"][-3:] == ["C02", "C01", "C03"]      # C03 on top


def test_banner_v06_gains_up_to_2_of_one_basic_attribute():
    game = holding("V06", 2, influence=0)
    game.play("use V06")
    assert ("S", "K") not in game.options() and ("K", "K") in game.options()
    game.answer(["K", "K"])
    assert game.player(0)["attrs"]["K"] >= 2


def test_thorn_crown_v07_gains_3_honor():
    game = holding("V07", 3)
    before = honor(game)
    game.play("use V07")
    assert honor(game) == before + 3


@pytest.mark.rule("VIN-COMPANION-5")
def test_mirror_v08_uses_again_the_ability_of_a_companion_activated_and_used_this_turn():
    game = table(regions={"R02": ("fort", 0)})
    game.edit(lambda d: hold(d, 0, companions=["S12"], relics=[("V08", 2)], influence=2))
    game.refused("use V08", "VIN-COMPANION-5")
    game.play("activate S12")
    game.answer_all()
    before = honor(game)
    game.play("use S12", "use V08")
    assert honor(game) == before + 2 and charges(game) == {"V08": 0}


def test_bone_flute_v09_pays_a_charge_to_reroll_the_monster_die(monkeypatch):
    force_dice(monkeypatch, monster=["skull", "fatigue"], attribute=["S"])
    game = table(regions={"R08": "gaping_maw"})
    game.edit(lambda d: hold(d, 0, companions=["S01"], relics=[("V09", 1)], C=2, conviction=0, influence=2))
    game.play("visit R08")
    game.answer("faceup")
    assert game.prompt == "monster_die" and game.options() == ["keep", "V09"]
    game.answer("V09")
    game.answer_all()
    assert companions(game) == {"S01": 2} and charges(game) == {"V09": 0}


def test_gilded_spur_v10_makes_command_post_ranks_cost_2_strength():
    game = table(regions={"R08": "command_post"})
    game.edit(lambda d: hold(d, 0, relics=[("V10", 2)], S=2))
    game.play("use V10", "visit R08 units=1")
    assert game.player(0)["mount"] == 2 and game.player(0)["attrs"]["S"] == 0
    assert mods(game, "unit_cost")[0]["n"] == 2


def test_sunstone_v11_takes_1_block_back_from_a_companion():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=[("S01", 2)], relics=[("V11", 1)]))
    game.play("use V11")
    game.answer("S01")
    assert companions(game) == {"S01": 1} and game.prompt == "turn"


def test_ember_orb_v12_rolls_the_attribute_die_and_gains_1_honor(monkeypatch):
    force_dice(monkeypatch, attribute=["W"])
    game = holding("V12", 3, influence=0)
    before = honor(game)
    game.play("use V12")
    assert game.options() == [(), ("W",)]
    game.answer(["W"])
    assert game.player(0)["attrs"]["W"] == 1 and honor(game) == before + 1


def test_every_relic_is_covered():
    relics = sorted(c.id for c in content().cards.values() if c.deck == "relic")
    assert relics == [f"V{i:02}" for i in range(1, 13)]
