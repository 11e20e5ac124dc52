"""Monsters (VIN-MONSTER), worked examples 6 and 7 of spec 9, and the monsters' end bonuses."""
from __future__ import annotations

import pytest

from engine.core import Rng
from engine.vindication.content import content
from engine.vindication.context import Ctx
from engine.vindication.counters import mastery_count
from engine.vindication.effects import VIN
from engine.vindication.rules import abilities
from tests.engine.vindication.test_abilities_mechanism import finish, force_dice, hold, stack, table


def honor(game, seat=0):
    return game.data["players"][seat]["honor"]


def companions(game, seat=0):
    return {c["id"]: c["blocks"] for c in game.data["players"][seat]["companions"]}


def maw(monkeypatch, monster=(), attribute=("S",), **power):
    force_dice(monkeypatch, monster=monster, attribute=list(attribute))
    game = table(regions={"R08": "gaping_maw"})
    game.edit(lambda d: (hold(d, 0, **{"C": 2, **power}), stack(d, "monster", faceup=["C12"])))
    return game


@pytest.mark.rule("VIN-MONSTER-1", "VIN-REGION-8")
def test_the_gaping_maw_is_refused_without_a_companion():
    game = table(regions={"R08": "gaping_maw"})
    game.edit(lambda d: hold(d, 0, companions=[], C=2))
    game.refused("visit R08", "VIN-MONSTER-1")


@pytest.mark.rule("VIN-MONSTER-2", "VIN-MONSTER-4", "VIN-MONSTER-5", "VIN-CARD-1")
def test_the_monster_costs_2_courage_its_honor_comes_at_once_and_a_blank_does_nothing(monkeypatch):
    game = maw(monkeypatch, ["blank"], companions=["S01"], influence=2)
    before = honor(game)
    game.play("visit R08")
    assert game.player(0)["attrs"]["C"] == 0
    assert game.options() == ["faceup", "blind", "empowered"]
    game.answer("faceup")
    assert honor(game) == before + 5 and game.player(0)["monsters"] == ["C12"]
    game.answer_all()
    assert companions(game) == {"S01": 0}


@pytest.mark.rule("VIN-MONSTER-3", "VIN-DEC-29")
def test_the_elite_is_the_lowest_reaction_chosen_among_ties_before_any_die(monkeypatch):
    game = maw(monkeypatch, ["fatigue"], companions=["S07", "K08", "S01"], influence=3)
    game.play("visit R08")
    game.answer("faceup")
    assert game.prompt == "elite" and sorted(game.options()) == ["K08", "S07"]
    assert "die_rolled" not in game.kinds()
    game.answer("K08")
    game.answer_all()
    assert companions(game) == {"S07": 0, "K08": 2, "S01": 0}


@pytest.mark.rule("VIN-MONSTER-6", "VIN-MONSTER-4")
def test_without_conviction_a_skull_kills_the_elite_with_no_question(monkeypatch):
    game = maw(monkeypatch, ["skull"], companions=["S01", "S05"], conviction=0)
    game.play("visit R08")
    game.answer("faceup")
    assert game.prompt == "gain" and "companion_died" in game.kinds()
    assert companions(game) == {"S05": 0} and game.player(0)["monsters"] == ["C12"]


@pytest.mark.rule("VIN-MONSTER-6", "VIN-MONSTER-9")
def test_worked_example_6_skull_with_a_save(monkeypatch):
    """Elite K04 (reaction 2); skull; 1 conviction saves it; the attribute die shows W."""
    game = maw(monkeypatch, ["skull"], ["W"], companions=["K04", "S05"], conviction=1, influence=0)
    game.play("visit R08")
    game.answer("faceup")
    assert game.prompt == "save_companion" and game.options() == ["save", "let_die"]
    game.answer("save")
    p = game.player(0)
    assert "K04" in companions(game) and p["conviction"] == 0 and p["influence"] == 2 + 1
    assert game.options() == [(), ("W",)]
    game.answer(["W"])
    assert game.player(0)["attrs"]["W"] == 1 and game.player(0)["influence"] == 2


@pytest.mark.rule("VIN-MONSTER-7")
def test_fatigue_places_2_influence_on_the_elite(monkeypatch):
    game = maw(monkeypatch, ["fatigue"], companions=["S01"], influence=3)
    game.play("visit R08")
    game.answer("faceup")
    game.answer_all()
    assert companions(game) == {"S01": 2}


@pytest.mark.rule("VIN-MONSTER-8", "VIN-MONSTER-7", "VIN-RECOVER-8", "VIN-DEC-30")
def test_worked_example_7_fatigue_short_of_influence(monkeypatch):
    """0 influence when visiting, the Maw cut to 1 courage by the Pit Fighter (S03): 1 influence
    left; one recover first (the vision sphere, 2 blocks: influence 3), then 2 blocks on the elite."""
    game = maw(monkeypatch, ["fatigue"], ["S"], companions=["S03"], influence=1, C=1, V=2, S=0)
    game.play("activate S03", "use S03")
    assert game.player(0)["influence"] == 0
    game.play("visit R08")
    game.answer("faceup")
    assert game.player(0)["influence"] == 1
    assert game.prompt == "forced_recover" and "V" in game.options()
    game.answer("V")
    assert companions(game) == {"S03": 1 + 2} and game.player(0)["influence"] == 1
    assert game.player(0)["attrs"]["V"] == 0


@pytest.mark.rule("VIN-MONSTER-8")
def test_a_forced_recover_that_discards_the_elite_ends_the_fatigue(monkeypatch):
    game = maw(monkeypatch, ["fatigue"], companions=["S03"], influence=1, C=1, V=0, S=0, K=0, I=0, W=0)
    game.play("activate S03", "use S03", "visit R08")
    game.answer("faceup")
    assert game.options() == ["S03"]                 # the only place holding blocks
    game.answer("S03")
    assert companions(game) == {} and "fatigue_placed" not in game.kinds()


@pytest.mark.rule("VIN-MONSTER-9", "VIN-MONSTER-11")
def test_after_the_monster_die_the_attribute_die_then_one_monster_defeated(monkeypatch):
    game = maw(monkeypatch, ["blank"], ["V"], companions=["S01"], influence=1)
    game.play("visit R08")
    events = game.answer("faceup")
    events += game.answer(["V"])
    kinds = [e.kind for e in events]
    assert game.player(0)["attrs"]["V"] == 1
    assert kinds.count("monster_defeated") == 1
    assert kinds.index("attributes_gained") < kinds.index("monster_defeated")


@pytest.mark.rule("VIN-MONSTER-10")
def test_monsters_count_1_each_toward_courage_mastery():
    game = table()
    game.edit(lambda d: hold(d, 0, monsters=["C12", "C05"]))
    assert mastery_count(game.data, 0, "C") == 2


# -- end bonuses (VIN-SCORE-2) -------------------------------------------------------------------------
def _proficient(d, kinds):
    for kind in kinds:
        d["players"][0]["proficiencies"][kind] = 1
        d["proficiency_supply"][kind] -= 1


BONUSES = [
    ("C01", lambda d: hold(d, 0, companions=["K01", "K02", "K03", "K04", "K05"]), 4),
    ("C01", lambda d: hold(d, 0, companions=["K01", "S01"]), 1),
    ("C02", lambda d: hold(d, 0), 3),
    ("C03", lambda d: hold(d, 0, companions=["S01", "S02"]), 2),
    ("C04", lambda d: hold(d, 0, relics=["V01", "V02"]), 2),
    ("C05", lambda d: hold(d, 0, monsters=["C05", "C12"]), 2),
    ("C06", lambda d: d["players"][0].update(mount=4), 4),
    ("C06", lambda d: d["players"][0].update(mount=3), 0),
    ("C07", lambda d: hold(d, 0, traits=["W01", "W02", "W03"]), 3),
    ("C08", lambda d: hold(d, 0, companions=["I01"]), 1),
    ("C09", lambda d: d["players"][0].update(vindicated=True), 3),
    ("C09", lambda d: None, 0),
    ("C10", lambda d: _proficient(d, "SKICW"), 4),
    ("C11", lambda d: hold(d, 0, conviction=3), 3),
    ("C11", lambda d: hold(d, 0, conviction=7), 4),
]


@pytest.mark.rule("VIN-SCORE-2", "VIN-MONSTER-10")
@pytest.mark.parametrize(("monster", "arrange", "bonus"), BONUSES, ids=[f"{m}-{b}" for m, _, b in BONUSES])
def test_monster_end_bonuses_are_scored_on_the_final_state(monster, arrange, bonus):
    controlled = {"R02": ("fort", 0), "R03": ("fort", 0), "R04": ("fort", 0)} if monster == "C02" else {}
    game = table(regions=controlled)
    game.edit(lambda d: (hold(d, 0, companions=[], monsters=[monster]), arrange(d), hold(d, 0)))
    data = game.data
    # the end_score primitives give the same number when run as effects (they score at once)
    ctx = Ctx(data, Rng(1), 0)
    before = data["players"][0]["honor"]
    VIN.run(ctx, content().cards[monster].end_bonus, {"seat": 0, "source": monster})
    assert data["players"][0]["honor"] - before == bonus
    assert finish(game)["scores"][0]["monsters"] == bonus


def test_a_monster_without_an_end_bonus_scores_nothing():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=[], monsters=["C12"]))
    assert finish(game)["scores"][0]["monsters"] == 0


def test_two_regions_are_not_enough_for_the_ash_wyrmling():
    game = table(regions={"R02": ("fort", 0), "R03": ("fort", 0)})
    game.edit(lambda d: hold(d, 0, monsters=["C02"]))
    assert finish(game)["scores"][0]["monsters"] == 0
    params = {"condition": "regions_controlled >= 3", "honor": 3}
    assert abilities.end_bonus(game.data, 0, "end_score_if", params) == 0
