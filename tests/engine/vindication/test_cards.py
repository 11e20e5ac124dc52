"""Gaining and losing cards (VIN-CARD), with worked example 4 of spec 9."""
from __future__ import annotations

import pytest

from engine.vindication.content import content
from tests.engine.vindication.test_abilities_mechanism import hold, stack, table

ALL_TRAITS = [f"W{i:02}" for i in range(1, 13)]


def honor(game, seat=0):
    return game.data["players"][seat]["honor"]


def tomb(**power):
    game = table(regions={"R08": "ancient_tomb"})
    game.edit(lambda d: hold(d, 0, **{"W": 2, **power}))
    return game


@pytest.mark.rule("VIN-CARD-1")
def test_a_card_gain_offers_the_face_up_card_a_blind_draw_or_an_empowered_draw():
    game = tomb(conviction=1)
    game.play("visit R08")
    assert game.prompt == "draw_mode" and game.options() == ["faceup", "blind", "empowered"]
    game = tomb(conviction=0)
    game.play("visit R08")
    assert game.options() == ["faceup", "blind"]    # empowered needs 1 conviction


@pytest.mark.rule("VIN-CARD-2", "VIN-DEC-11")
def test_only_the_top_face_up_card_is_taken_normally():
    game = tomb()
    game.edit(lambda d: stack(d, "trait", faceup=["W05", "W02"]))
    game.play("visit R08")
    assert all(option in ("faceup", "blind", "empowered") for option in game.options())
    game.answer("faceup")
    assert game.player(0)["traits"] == ["W02"] and game.data["faceup"]["trait"] == ["W05"]


@pytest.mark.rule("VIN-CARD-3")
def test_an_emptied_face_up_pile_gets_the_decks_top_card():
    game = tomb()
    game.edit(lambda d: stack(d, "trait", faceup=["W05"], top=["W01"]))
    game.play("visit R08")
    game.answer("faceup")
    assert game.data["faceup"]["trait"] == ["W01"] and "card_turned_up" in game.kinds()


@pytest.mark.rule("VIN-CARD-4", "VIN-DEC-11", "VIN-RELIC-1")
def test_worked_example_4_empowered_draw():
    """Face-up relics V05 (top) over V02; 2 vision and 1 conviction paid; V07, V01, V10 drawn;
    any of the five may be taken; the four others go into the deck; a new card is turned up."""
    game = table(regions={"R08": "arcane_tower"})
    game.edit(lambda d: (hold(d, 0, V=2, conviction=1, influence=2),
                         stack(d, "relic", faceup=["V02", "V05"], top=["V07", "V01", "V10"])))
    deck = len(game.data["decks"]["relic"])
    game.play("visit R08")
    game.answer("empowered")
    p = game.player(0)
    assert (p["attrs"]["V"], p["conviction"], p["influence"]) == (0, 0, 2 + 2 + 1)
    assert game.prompt == "pick_card" and sorted(game.options()) == ["V01", "V02", "V05", "V07", "V10"]
    assert game.match.state.view(1)["prompt"]["options"] is None
    game.answer("V02")                               # not the top face-up card: allowed here
    assert [r["id"] for r in game.player(0)["relics"]] == ["V02"]
    faceup, rest = game.data["faceup"]["relic"], game.data["decks"]["relic"]
    assert len(faceup) == 1 and len(rest) == deck - 3 + 4 - 1
    assert {"V05", "V07", "V01", "V10"} <= set(rest + faceup)


@pytest.mark.rule("VIN-CARD-5", "VIN-DEC-41")
def test_an_empty_deck_is_rebuilt_from_its_face_up_pile_but_the_top_card():
    game = tomb()
    game.edit(lambda d: (hold(d, 1, traits=[]),
                         d["faceup"].update(trait=d["decks"]["trait"] + d["faceup"]["trait"]),
                         d["decks"].update(trait=[])))
    top = game.data["faceup"]["trait"][-1]
    game.play("visit R08")
    game.answer("blind")
    assert game.data["faceup"]["trait"] == [top]
    assert len(game.data["decks"]["trait"]) == 10 and game.player(0)["traits"][0] != top


@pytest.mark.rule("VIN-CARD-6", "VIN-DEC-41")
def test_a_visit_whose_card_gain_could_get_no_card_is_refused_before_paying():
    game = tomb()
    game.edit(lambda d: hold(d, 1, traits=ALL_TRAITS))
    game.refused("visit R08", "VIN-CARD-6")


@pytest.mark.rule("VIN-CARD-7")
def test_a_negative_honor_card_costs_its_honor_when_acquired():
    game = table(regions={"R08": "inn"})
    game.edit(lambda d: (hold(d, 0, S=2), stack(d, "companion_S", faceup=["S08"])))
    before = honor(game)
    game.play("visit R08 choice=S")
    game.answer("faceup")
    assert honor(game) == before - 2


@pytest.mark.rule("VIN-CARD-8", "VIN-CARD-9", "VIN-RECOVER-2")
def test_a_leaving_card_costs_only_positive_honor_and_tops_its_face_up_pile():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=[("S08", 2), ("S05", 1)], influence=0))
    before = honor(game)
    game.play("recover S08")
    assert honor(game) == before and game.player(0)["influence"] == 2
    game.play("recover S05")
    assert honor(game) == before - 3 and game.player(0)["influence"] == 3
    assert game.data["faceup"]["companion_S"][-2:] == ["S08", "S05"]


@pytest.mark.rule("VIN-CARD-10")
def test_tableaux_are_public_while_deck_order_is_hidden():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S01"], relics=[("V01", 1)], traits=["W01"], monsters=["C01"]))
    view = game.match.state.view(1)
    mine = view["players"][0]
    assert [c["id"] for c in mine["companions"]] == ["S01"] and mine["traits"] == ["W01"]
    assert mine["monsters"] == ["C01"] and mine["relics"] == [{"id": "V01", "charges": 1}]
    assert all(isinstance(n, int) for n in view["decks"].values())
    assert mine["quest"] == "hidden"


@pytest.mark.rule("VIN-CARD-10")
def test_a_blind_draw_uncovers_a_hidden_card_so_it_cannot_be_undone():
    game = tomb()
    game.play("visit R08")
    game.answer("blind")
    assert not game.match.can_undo()


@pytest.mark.rule("VIN-CARD-13")
def test_there_is_no_limit_on_cards_held():
    many = [f"S{i:02}" for i in range(1, 13)] + [f"K{i:02}" for i in range(1, 6)]
    game = table(regions={"R08": "inn"})
    game.edit(lambda d: (hold(d, 1, companions=[]), hold(d, 0, companions=many, K=2)))
    game.play("visit R08 choice=K")
    game.answer("faceup")
    game.answer_all()
    assert len(game.player(0)["companions"]) == len(many) + 1


@pytest.mark.rule("VIN-CARD-12")
def test_an_optional_trigger_may_be_declined():
    game = table(regions={"R08": "inn"})
    game.edit(lambda d: (hold(d, 0, I=2, potential=3), stack(d, "companion_I", faceup=["I10"])))
    game.play("visit R08 choice=I")
    game.answer("faceup")
    potential = game.player(0)["potential"]
    game.answer("decline")
    assert game.prompt == "turn" and game.player(0)["potential"] == potential


def test_every_card_ability_type_is_one_the_engine_runs():
    handled = {"none", "passive", "on_join", "activated", "passive_once", "whenever", "relic"}
    assert {c.ability.type for c in content().cards.values()} <= handled
