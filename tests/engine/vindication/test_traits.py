"""Traits (VIN-TRAIT) and each of the 12 traits of spec 7.5."""
from __future__ import annotations

import pytest

from engine.vindication.content import content
from engine.vindication.counters import mastery_count
from engine.vindication.rules import move
from tests.engine.vindication.test_abilities_mechanism import force_dice, hold, stack, table, turn


def honor(game, seat=0):
    return game.data["players"][seat]["honor"]


def companions(game, seat=0):
    return {c["id"]: c["blocks"] for c in game.data["players"][seat]["companions"]}


def maw(monkeypatch, monster, attribute=("S",), **power):
    force_dice(monkeypatch, monster=monster, attribute=list(attribute))
    game = table(regions={"R08": "gaping_maw"})
    game.edit(lambda d: (hold(d, 0, **{"C": 2, **power}), stack(d, "monster", faceup=["C12"])))
    return game


@pytest.mark.rule("VIN-TRAIT-1", "VIN-REGION-10", "VIN-CARD-7")
def test_a_trait_is_gained_at_the_ancient_tomb_with_its_honor_at_once():
    game = table(regions={"R08": "ancient_tomb"})
    game.edit(lambda d: (hold(d, 0, W=2), stack(d, "trait", faceup=["W12"])))
    before = honor(game)
    game.play("visit R08")
    game.answer("faceup")
    assert game.player(0)["traits"] == ["W12"] and honor(game) == before + 5


@pytest.mark.rule("VIN-TRAIT-5")
def test_traits_count_1_each_toward_wisdom_mastery():
    game = table()
    game.edit(lambda d: hold(d, 0, traits=["W12", "W01"]))
    assert mastery_count(game.data, 0, "W") == 2


def test_enlightened_w12_has_no_ability_to_use():
    game = table()
    game.edit(lambda d: hold(d, 0, traits=["W12"]))
    game.refused("use W12", "VIN-TURN-6")


def test_iron_will_w01_gains_2_honor_each_time_a_companion_is_saved(monkeypatch):
    game = maw(monkeypatch, ["skull"], companions=["S01"], traits=["W01"], conviction=2)
    before = honor(game)
    game.play("visit R08")
    game.answer("faceup")
    assert game.prompt == "save_companion"
    game.answer("save")
    game.answer_all()
    assert honor(game) == before + 5 + 2 and "S01" in companions(game)


def test_iron_will_w01_gives_nothing_when_the_companion_is_let_die(monkeypatch):
    game = maw(monkeypatch, ["skull"], companions=["S01"], traits=["W01"], conviction=2)
    before = honor(game)
    game.play("visit R08")
    game.answer("faceup")
    game.answer("let_die")
    game.answer_all()
    assert honor(game) == before + 5 - 1


@pytest.mark.rule("VIN-TRAIT-2")
def test_quick_study_w02_adds_1_of_the_gained_basic_kind_once_per_turn():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S01", "K01"], relics=[("V04", 3)], traits=["W02"],
                             influence=8, S=0, K=0))
    game.play("activate S01")
    game.answer(["S", "S"])
    assert game.prompt == "gain" and game.options() == [(), ("S",)]
    game.answer(["S"])
    assert game.player(0)["attrs"]["S"] == 3
    game.play("use V04", "activate K01")
    game.answer(["K", "K"])
    assert game.prompt == "turn" and game.player(0)["attrs"]["K"] == 2     # used this turn already
    game.play("move T25,T13", "end_turn", "move T28,T16", "end_turn")
    game.play("activate self")
    game.answer(["K"])
    assert game.prompt == "gain" and game.options() == [(), ("K",)]           # a new turn


def test_quick_study_w02_ignores_heroic_gains_and_offers_each_basic_kind_gained():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S03"], traits=["W02"], influence=5))
    game.play("activate S03")
    game.answer([])
    game.answer(["C"])
    assert game.prompt == "turn"
    game = table()
    game.edit(lambda d: (hold(d, 0, traits=["W02"], influence=5), d["players"][0].update(vindicated=True)))
    game.play("activate self")
    game.answer(["S", "K"])
    assert game.options() == [(), ("S",), ("K",)]


def test_pathfinder_w03_adds_1_speed_for_the_move_and_keeps_it_for_the_turn():
    game = table()
    game.edit(lambda d: hold(d, 0, traits=["W03"]))
    assert move.speed(game.data, 0) == 3
    game.play("move T25,T13,T07,T01")
    assert game.data["turn"]["used_abilities"] == ["W03"]
    assert move.speed(game.data, 0) == 3           # now as a turn modifier, W03 itself is spent
    assert [m["n"] for m in game.data["turn"]["mods"] if m["kind"] == "speed"] == [1]


def test_silver_tongue_w04_cuts_one_inn_visit_a_turn_to_1_of_the_chosen_attribute():
    game = table(regions={"R08": "inn", "R09": "inn"})
    game.edit(lambda d: (hold(d, 0, traits=["W04"], S=1, K=1), turn(d, extra={"visit": 1})))
    game.play("visit R08 choice=S")
    assert game.player(0)["attrs"]["S"] == 0
    game.answer("faceup")
    game.answer_all()
    game.refused("visit R09 choice=K", "VIN-VISIT-4")                        # once per turn


def test_stoic_w05_fatigue_places_1_block(monkeypatch):
    game = maw(monkeypatch, ["fatigue"], companions=["S01"], traits=["W05"], influence=4)
    game.play("visit R08")
    game.answer("faceup")
    game.answer_all()
    assert companions(game)["S01"] == 1


@pytest.mark.rule("VIN-TRAIT-3")
def test_devout_w06_augments_once_more_every_time_the_player_rests():
    game = table()
    game.edit(lambda d: (hold(d, 0, traits=["W06"], potential=5, influence=0), turn(d, extra={"visit": 1})))
    for _ in range(2):
        game.play("rest pot_to_inf")
        assert game.prompt == "augment"
        game.answer("pot_to_inf")
    assert game.player(0)["potential"] == 1


def test_cunning_w07_draws_2_blind_keeps_1_privately_and_shuffles_the_other_back():
    game = table(regions={"R08": "ancient_tomb"})
    game.edit(lambda d: (hold(d, 0, traits=["W07"], W=2), stack(d, "trait", top=["W01", "W12"])))
    deck_size = len(game.data["decks"]["trait"])
    game.play("visit R08")
    game.answer("blind")
    assert game.prompt == "blind_keep" and game.options() == ["W01", "W12"]
    assert next(e for e in game.events if e.kind == "cards_drawn").audience == frozenset({0})
    assert game.match.state.view(1)["prompt"]["options"] is None
    assert game.match.state.view(1)["drawn"] == {"deck": "trait", "count": 2}
    game.answer("W12")
    assert game.player(0)["traits"] == ["W07", "W12"]
    assert len(game.data["decks"]["trait"]) == deck_size - 1 and "W01" in game.data["decks"]["trait"]


def test_without_cunning_a_blind_draw_takes_the_top_card():
    game = table(regions={"R08": "ancient_tomb"})
    game.edit(lambda d: (hold(d, 0, W=2), stack(d, "trait", top=["W01", "W12"])))
    game.play("visit R08")
    game.answer("blind")
    assert game.player(0)["traits"] == ["W01"]


@pytest.mark.rule("VIN-TRAIT-4", "VIN-CARD-11")
def test_dominion_w08_gained_this_turn_adds_1_honor_to_a_control_gained_the_same_turn():
    game = table(regions={"R08": "ancient_tomb"})
    game.edit(lambda d: (hold(d, 0, W=2, conviction=2), stack(d, "trait", faceup=["W08"])))
    game.play("visit R08")
    game.answer("faceup")
    before = honor(game)
    game.play("control R08")
    assert honor(game) == before + 2 + 1


def test_patience_w09_takes_1_more_block_back_at_the_shrine_once_per_turn():
    game = table(regions={"R08": "shrine", "R09": "shrine"})
    game.edit(lambda d: (hold(d, 0, companions=[("S01", 6)], traits=["W09"], I=2),
                         turn(d, extra={"visit": 1})))
    game.play("visit R08 units=1")
    for _ in range(3):
        game.answer("S01")
    assert game.prompt == "turn" and companions(game)["S01"] == 3
    game.play("visit R09 units=1")
    game.answer("S01")
    game.answer("S01")
    assert game.prompt == "turn" and companions(game)["S01"] == 1


def test_monster_lore_w10_rerolls_the_monster_die_once_per_turn(monkeypatch):
    game = maw(monkeypatch, ["skull", "blank"], companions=["S01"], traits=["W10"], conviction=0)
    game.play("visit R08")
    game.answer("faceup")
    assert game.prompt == "monster_die" and game.options() == ["keep", "W10"]
    game.answer("W10")
    assert game.prompt == "gain"                   # the blank stands: no second reroll offered
    game.answer_all()
    assert "S01" in companions(game)


def test_monster_lore_w10_may_keep_the_first_result(monkeypatch):
    game = maw(monkeypatch, ["fatigue"], companions=["S01"], traits=["W10"], influence=3)
    game.play("visit R08")
    game.answer("faceup")
    game.answer("keep")
    game.answer_all()
    assert companions(game)["S01"] == 2 and "W10" not in game.data["turn"]["used_abilities"]


@pytest.mark.rule("VIN-POWER-2", "VIN-RECOVER-6")
def test_natural_leader_w11_pays_an_activation_from_potential_once_declared():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S01", "K01"], relics=[("V04", 3)], traits=["W11"],
                             influence=0, potential=3))
    assert "activate S01 from_potential=1" in game.legal("activate")
    game.refused("activate S01", "VIN-ACTIVATE-3")
    game.play("activate S01 from_potential=1")
    assert game.player(0)["potential"] == 2 and companions(game)["S01"] == 1
    game.play("use V04")                           # V04's charges came back to influence
    game.refused("activate K01 from_potential=1", "VIN-POWER-2")    # once per turn


def test_without_natural_leader_potential_never_pays_an_activation():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S01"], influence=2, potential=3))
    game.refused("activate S01 from_potential=1", "VIN-POWER-2")
    assert all("from_potential" not in c for c in game.legal("activate"))


def test_every_trait_is_covered():
    traits = sorted(c.id for c in content().cards.values() if c.deck == "trait")
    assert traits == [f"W{i:02}" for i in range(1, 13)]
