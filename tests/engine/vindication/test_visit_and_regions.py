"""Visit, rest and the base regions: spec 5.8 (VIN-VISIT) and 5.9 (VIN-REGION)."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.vindication.content import content
from tests.engine.vindication.positions import FIRST_GAME_BAG, events, give, load, power, reseed, snapshot, table

# seat 0 on start 1 (T25 touches R08 and R09), seat 1 on start 4 (T28 touches R11 and R12);
# with seed 1 seat 0 holds the companion K10 and seat 1 holds S11
TOKENS = {0: "T25", 1: "T28"}


def at(regions: dict, **kw):
    return table(tokens=kw.pop("tokens", TOKENS), regions=regions, **kw)


def refused_as(game, text: str, rules: tuple[str, ...]) -> None:
    before = game.match.digest()
    with pytest.raises(Refused) as refusal:
        game.play(text)
    assert refusal.value.rule_id in rules
    assert game.match.digest() == before


# -- VIN-VISIT -----------------------------------------------------------------------------------
@pytest.mark.rule("VIN-VISIT-1", "VIN-REGION-4")
def test_a_visit_uses_a_region_touched_by_the_token() -> None:
    game = at({"R08": "library", "R09": "fort"})
    game.play("visit R08")
    assert game.options() == [(), ("K",), ("K", "K")]
    game.answer(["K", "K"])
    p = game.player(0)
    assert (p["attrs"]["K"], p["influence"]) == (3, 6)
    assert game.data["turn"]["used"]["visit"] == 1


@pytest.mark.rule("VIN-VISIT-2")
def test_visit_and_rest_share_one_action() -> None:
    game = at({"R08": "library"})
    game.play("visit R08")
    game.answer([])
    game.refused("rest pot_to_inf", "VIN-VISIT-2")
    rested = at({"R08": "library"})
    rested.play("rest pot_to_inf")
    assert (rested.player(0)["potential"], rested.player(0)["influence"]) == (7, 9)
    refused_as(rested, "visit R08", ("VIN-VISIT-2", "VIN-TURN-5"))
    rested.refused("rest inf_to_conv", "VIN-VISIT-2")


@pytest.mark.rule("VIN-VISIT-2")
def test_an_extra_visit_action_may_be_used_to_rest() -> None:
    game = at({"R08": "library"})
    game.edit(lambda d: d["turn"]["extra"].update(visit=1))
    game.play("visit R08")
    game.answer([])
    game.play("rest inf_to_conv")
    assert game.player(0)["conviction"] == 3


@pytest.mark.rule("VIN-VISIT-3")
def test_a_visit_may_come_before_the_move() -> None:
    game = at({"R08": "fort", "R02": "library"})
    game.play("visit R08")
    game.answer(["S"])
    game.play("move T25,T13,T14", "end_turn")
    assert game.player(0)["attrs"]["S"] == 2


@pytest.mark.rule("VIN-VISIT-3", "VIN-VISIT-4")
def test_adjacency_is_checked_where_the_token_is_when_visiting() -> None:
    game = at({"R08": "fort", "R10": "library"})
    game.refused("visit R10", "VIN-VISIT-4")              # not touched by T25
    game.play("move T25,T13,T14")
    game.refused("visit R08", "VIN-VISIT-4")              # T14 touches R02, R09, R10
    game.play("visit R10")
    game.answer(["K"])
    assert game.player(0)["attrs"]["K"] == 2


@pytest.mark.rule("VIN-VISIT-4")
def test_visiting_an_empty_space_or_a_non_region_is_refused() -> None:
    game = at({"R08": "fort"}, bag=[])
    game.refused("visit R09", "VIN-VISIT-4")              # touched, but empty
    game.refused("visit R20", "VIN-VISIT-4")
    game.refused("visit T13", "VIN-VISIT-4")
    assert game.legal("visit") == ["visit R08", "visit R08 control_first=1"]


@pytest.mark.rule("VIN-VISIT-4")
@pytest.mark.parametrize(("tile", "text", "attrs"), [
    ("inn", "visit R08 choice=K", {"K": 1}),
    ("gaping_maw", "visit R08", {"C": 1}),
    ("arcane_tower", "visit R08", {"V": 1}),
    ("ancient_tomb", "visit R08", {"W": 1}),
    ("command_post", "visit R08 units=1", {"S": 2}),
    ("monastery", "visit R08 units=2", {"K": 1}),
    ("shrine", "visit R08 units=2", {"I": 1}),
])
def test_a_region_whose_cost_cannot_be_paid_is_refused(tile: str, text: str, attrs: dict) -> None:
    game = at({"R08": tile})
    game.edit(lambda d: power(d, 0, **attrs))
    game.refused(text, "VIN-VISIT-4")


@pytest.mark.rule("VIN-VISIT-5")
def test_other_tokens_never_block_a_visit_and_a_region_may_be_visited_twice_a_round() -> None:
    game = at({"R09": "fort"}, tokens={0: "T13", 1: "T14"})     # both touch R09
    game.play("visit R09")
    game.answer(["S", "S"])
    game.play("move T13,T07", "end_turn")
    game.play("visit R09")
    game.answer(["S"])
    assert (game.player(0)["attrs"]["S"], game.player(1)["attrs"]["S"]) == (3, 2)
    assert game.data["round"] == 1


@pytest.mark.rule("VIN-VISIT-6", "VIN-REGION-2", "VIN-DEC-36")
def test_unit_regions_need_at_least_one_declared_unit() -> None:
    game = at({"R08": "command_post", "R09": "monastery"})
    game.edit(lambda d: power(d, 0, S=6, K=3))
    for text in ("visit R08", "visit R08 units=0", "visit R09", "visit R09 units=-1"):
        game.refused(text, "VIN-VISIT-6")


@pytest.mark.rule("VIN-VISIT-6", "VIN-REGION-2")
def test_all_declared_units_are_paid_before_the_effect() -> None:
    game = at({"R08": "command_post"})
    game.edit(lambda d: power(d, 0, S=7))
    game.play("visit R08 units=2")
    kinds = game.kinds()
    assert kinds.index("region_visited") < kinds.index("mount_changed")
    p = game.player(0)
    assert (p["attrs"]["S"], p["mount"]) == (1, 3)


@pytest.mark.rule("VIN-VISIT-7", "VIN-CONTROL-7", "VIN-DEC-37")
def test_the_controller_gains_two_honor_when_another_player_visits() -> None:
    game = at({"R08": ("library", 1)})
    me, them = snapshot(game, 0), snapshot(game, 1)
    game.play("visit R08")
    assert game.player(1)["honor"] == them["honor"] + 2
    game.answer(["K"])
    assert game.player(0)["honor"] == me["honor"]                 # the visitor loses nothing
    assert snapshot(game, 1) == {**them, "honor": them["honor"] + 2}
    assert game.data["regions"]["R08"]["controller"] == 1


@pytest.mark.rule("VIN-VISIT-8")
def test_visiting_your_own_region_gives_no_control_honor() -> None:
    game = at({"R08": ("library", 0)})
    honor = game.player(0)["honor"]
    game.play("visit R08")
    game.answer(["K"])
    assert game.player(0)["honor"] == honor
    assert "honor_changed" not in game.kinds()


@pytest.mark.rule("VIN-VISIT-9", "VIN-CONTROL-9")
def test_after_taking_control_no_other_region_may_be_visited() -> None:
    game = at({"R08": "library", "R09": "fort"})
    game.edit(lambda d: d["turn"]["extra"].update(visit=2))      # extra visits granted by effects
    game.play("visit R08")
    game.answer([])
    game.play("control R08")
    game.refused("visit R09", "VIN-VISIT-9")
    game.refused("visit R09 control_first=1", "VIN-VISIT-9")
    game.play("visit R08")                                       # the same region is fine
    game.answer(["K"])
    assert game.player(0)["attrs"]["K"] == 2


@pytest.mark.rule("VIN-VISIT-9", "VIN-CONTROL-9")
def test_control_first_also_locks_other_visits() -> None:
    game = at({"R08": "library", "R09": "fort"})
    game.edit(lambda d: d["turn"]["extra"].update(visit=1))
    game.play("visit R09 control_first=1")
    game.answer([])
    game.refused("visit R08", "VIN-VISIT-9")


@pytest.mark.rule("VIN-VISIT-9")
def test_visiting_another_region_first_and_then_controlling_is_allowed() -> None:
    game = at({"R08": "library", "R09": "fort"})
    game.edit(lambda d: d["turn"]["extra"].update(visit=1))
    game.play("visit R09")
    game.answer([])
    game.play("visit R08")
    game.answer([])
    game.play("control R09")                                     # no visit comes after it
    assert game.data["regions"]["R09"]["controller"] == 0


@pytest.mark.rule("VIN-VISIT-10", "VIN-REGION-12")
def test_a_visit_is_complete_once_its_card_gain_is_resolved() -> None:
    game = at({"R08": "inn"})
    game.edit(lambda d: power(d, 0, S=2))
    top = game.data["faceup"]["companion_S"][-1]
    game.play("visit R08 choice=S")
    assert game.prompt == "draw_mode"
    game.refused("move T25,T13", "VIN-TURN-7")
    game.refused("end_turn", "VIN-TURN-7")
    game.answer("faceup")
    assert game.prompt == "turn"
    assert [c["id"] for c in game.player(0)["companions"]] == ["K10", top]
    game.play("move T25,T13")


@pytest.mark.rule("VIN-VISIT-10")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_gaping_maw_visit_includes_its_dice(seed: int) -> None:
    game = at({"R08": "gaping_maw"})
    game.edit(lambda d: power(d, 0, C=2))
    reseed(game, seed)
    game.play("visit R08")
    game.answer("faceup")
    game.answer_all(lambda options: options[0])
    dice = [e.data["die"] for step in game.match.history for e in step.events if e.kind == "die_rolled"]
    assert dice == ["monster", "attribute"]
    assert game.prompt == "turn"


@pytest.mark.rule("VIN-VISIT-11", "VIN-DEC-73")
def test_visit_honor_is_paid_after_the_cost_and_before_the_effect() -> None:
    game = at({"R08": ("inn", 1)})
    game.edit(lambda d: power(d, 0, K=2))
    honor = game.player(1)["honor"]
    game.play("visit R08 choice=K")
    assert game.prompt == "draw_mode"                           # the effect has not resolved yet
    assert game.player(0)["attrs"]["K"] == 0                    # the cost is paid
    assert game.player(1)["honor"] == honor + 2                 # and the controller already paid
    kinds = game.kinds()
    assert kinds.index("region_visited") < kinds.index("honor_changed")


@pytest.mark.rule("VIN-VISIT-11", "VIN-DEC-73", "VIN-CONTROL-10")
def test_a_control_first_takeover_pays_the_displaced_player_nothing() -> None:
    game = at({"R08": ("fort", 1)})
    before = snapshot(game, 1)
    game.play("visit R08 control_first=1")
    game.answer([])
    assert game.data["regions"]["R08"]["controller"] == 0
    assert game.player(1)["honor"] == before["honor"]
    assert game.player(1)["influence"] == before["influence"] + 1


# -- VIN-REGION ----------------------------------------------------------------------------------
@pytest.mark.rule("VIN-REGION-1")
def test_fort_gains_strength() -> None:
    game = at({"R09": "fort"})
    game.play("visit R09")
    game.answer(["S", "S"])
    assert game.player(0)["attrs"] == {"S": 3, "K": 1, "I": 1, "C": 0, "W": 0, "V": 0}


@pytest.mark.rule("VIN-DEC-36")
@pytest.mark.parametrize(("tile", "kind"), [("fort", "S"), ("library", "K"), ("holy_spire", "I")])
def test_fort_library_spire_gain_up_to_two(tile: str, kind: str) -> None:
    game = at({"R08": tile})
    game.play("visit R08")
    assert game.options() == [(), (kind,), (kind, kind)]
    game.answer([kind, kind])
    assert (game.player(0)["attrs"][kind], game.player(0)["influence"]) == (3, 6)


@pytest.mark.rule("VIN-REGION-4")
def test_library_gains_knowledge() -> None:
    game = at({"R09": "library"})
    game.play("visit R09")
    game.answer(["K"])
    assert game.player(0)["attrs"] == {"S": 1, "K": 2, "I": 1, "C": 0, "W": 0, "V": 0}


@pytest.mark.rule("VIN-REGION-6")
def test_holy_spire_gains_inspiration() -> None:
    game = at({"R09": "holy_spire"})
    game.play("visit R09")
    game.answer(["I", "I"])
    assert game.player(0)["attrs"] == {"S": 1, "K": 1, "I": 3, "C": 0, "W": 0, "V": 0}


@pytest.mark.rule("VIN-DEC-36")
def test_a_gain_region_may_be_visited_for_nothing() -> None:
    game = at({"R08": ("holy_spire", 1)})
    honor = game.player(1)["honor"]
    before = snapshot(game, 0)
    game.play("visit R08")
    game.answer([])
    assert snapshot(game, 0) == before
    assert game.player(1)["honor"] == honor + 2
    assert game.data["turn"]["used"]["visit"] == 1


@pytest.mark.rule("VIN-REGION-2", "VIN-REGION-3")
def test_command_post_raises_the_mount_per_three_strength_with_each_ranks_honor() -> None:
    game = at({"R08": "command_post"})
    game.edit(lambda d: power(d, 0, S=9))
    honor = game.player(0)["honor"]
    game.play("visit R08 units=3")
    p = game.player(0)
    assert (p["mount"], p["attrs"]["S"], p["influence"]) == (4, 0, 17)
    assert [e["delta"] for e in events(game, "honor_changed")] == [1, 2, 3]
    assert p["honor"] == honor + 6


@pytest.mark.rule("VIN-REGION-2", "VIN-REGION-3", "VIN-DEC-8")
def test_command_post_honor_for_each_rank_up_to_the_moth() -> None:
    game = at({"R08": "command_post"})
    game.edit(lambda d: power(d, 0, S=12))
    honor = game.player(0)["honor"]
    game.play("visit R08 units=4")
    assert [e["rank"] for e in events(game, "mount_changed")] == [2, 3, 4, 5]
    assert [e["delta"] for e in events(game, "honor_changed")] == [1, 2, 3, 4]
    assert game.player(0)["honor"] == honor + 10


@pytest.mark.rule("VIN-REGION-3")
def test_command_post_refuses_ranks_above_five() -> None:
    game = at({"R08": "command_post"})
    game.edit(lambda d: (power(d, 0, S=6), d["players"][0].update(mount=4)))
    game.refused("visit R08 units=2", "VIN-REGION-3")
    assert [c for c in game.legal("visit") if "units=2" in c] == []
    honor = game.player(0)["honor"]
    game.play("visit R08 units=1")
    assert game.player(0)["mount"] == 5 and game.player(0)["honor"] == honor + 4
    top = at({"R08": "command_post"})
    top.edit(lambda d: (power(d, 0, S=6), d["players"][0].update(mount=5)))
    top.refused("visit R08 units=1", "VIN-REGION-3")


@pytest.mark.rule("VIN-REGION-5")
def test_monastery_augments_once_per_knowledge_spent() -> None:
    game = at({"R08": "monastery"})
    game.edit(lambda d: power(d, 0, influence=4, conviction=2, K=3))
    potential = game.player(0)["potential"]
    game.play("visit R08 units=3")
    assert game.player(0)["attrs"]["K"] == 0 and game.player(0)["influence"] == 7
    for step in ("pot_to_inf", "inf_to_conv", "inf_to_conv"):
        assert game.prompt == "augment"
        game.answer(step)
    assert game.prompt == "turn"
    p = game.player(0)
    assert (p["potential"], p["influence"], p["conviction"]) == (potential - 1, 6, 4)


@pytest.mark.rule("VIN-REGION-7")
def test_shrine_takes_up_to_two_blocks_back_per_inspiration_and_companions_stay() -> None:
    game = at({"R08": "shrine"})
    game.edit(lambda d: (give(d, 0, "K04", blocks=1), load(d, 0, "K10", 4), power(d, 0, influence=2, I=2)))
    game.play("visit R08 units=2")
    assert game.player(0)["influence"] == 4
    for card in ("K10", "K04", "K10", "K10"):
        assert set(game.options()) >= {card, "done"}
        game.answer(card)
    assert game.prompt == "turn"                                  # 4 blocks for 2 inspiration
    p = game.player(0)
    assert [(c["id"], c["blocks"]) for c in p["companions"]] == [("K10", 1), ("K04", 0)]
    assert (p["influence"], p["attrs"]["I"]) == (8, 0)


@pytest.mark.rule("VIN-REGION-7")
def test_shrine_returns_are_optional() -> None:
    game = at({"R08": "shrine"})
    game.edit(lambda d: (load(d, 0, "K10", 3), power(d, 0, influence=2, I=1)))
    game.play("visit R08 units=1")
    game.answer("K10")
    game.answer("done")
    assert game.player(0)["companions"] == [{"id": "K10", "blocks": 2}]
    assert game.player(0)["influence"] == 4


@pytest.mark.rule("VIN-REGION-8")
def test_gaping_maw_needs_a_companion() -> None:
    game = at({"R08": "gaping_maw"})
    game.edit(lambda d: (give(d, 1, "K10"), power(d, 0, C=2)))
    assert game.player(0)["companions"] == []
    game.refused("visit R08", "VIN-MONSTER-1")


@pytest.mark.rule("VIN-REGION-8")
def test_gaping_maw_spends_two_courage_for_a_monster() -> None:
    game = at({"R08": "gaping_maw"})
    game.edit(lambda d: power(d, 0, C=3))
    top = game.data["faceup"]["monster"][-1]
    game.play("visit R08")
    assert game.player(0)["attrs"]["C"] == 1
    game.answer("faceup")
    game.answer_all(lambda options: options[0])
    assert game.player(0)["monsters"] == [top]
    assert game.player(0)["attrs"]["C"] == 1


@pytest.mark.rule("VIN-REGION-9")
def test_arcane_tower_gives_a_charged_relic_then_charges_any_relics() -> None:
    game = at({"R08": "arcane_tower"})
    game.edit(lambda d: (give(d, 0, "V01"), power(d, 0, influence=3, V=2)))
    top = game.data["faceup"]["relic"][-1]
    game.play("visit R08")
    assert game.player(0)["attrs"]["V"] == 0
    game.answer("faceup")
    assert game.prompt == "initial_charge" and game.options() == [1, 2, 3]     # at least 1
    game.answer(1)
    assert game.prompt == "charge_relic" and set(game.options()) == {"V01", top, "done"}
    game.answer("V01")
    game.answer("V01")
    game.answer("done")
    relics = {r["id"]: r["charges"] for r in game.player(0)["relics"]}
    assert relics == {"V01": 2, top: 1}
    assert game.player(0)["influence"] == 2


@pytest.mark.rule("VIN-REGION-10")
def test_ancient_tomb_spends_two_wisdom_for_a_trait() -> None:
    game = at({"R08": "ancient_tomb"})
    game.edit(lambda d: power(d, 0, W=2))
    top = game.data["faceup"]["trait"][-1]
    game.play("visit R08")
    assert game.player(0)["attrs"]["W"] == 0
    game.answer("faceup")
    game.answer_all(lambda options: options[0])
    assert game.player(0)["traits"] == [top]


def academy_visit(seed: int):
    game = at({"R08": "academy"})
    reseed(game, seed)
    game.play("visit R08")
    return game


@pytest.mark.rule("VIN-REGION-11", "VIN-DEC-31", "VIN-DEC-77")
def test_academy_bonus_roll_only_when_the_rolled_attribute_was_zero() -> None:
    outcomes = set()
    for seed in range(30):
        game = academy_visit(seed)
        face = events(game, "die_rolled")[0]["face"]
        had = game.player(0)["attrs"][face]
        assert game.prompt == "gain" and game.options() == [(), (face,)]      # up to 1
        game.answer([face])
        assert game.player(0)["attrs"][face] == had + 1
        if had:                                              # S, K, I: 1 each at start
            assert game.prompt == "turn"
            outcomes.add("no bonus")
            continue
        assert game.prompt == "bonus_roll" and game.options() == ["roll", "stop"]
        game.answer("roll")
        second = events(game, "die_rolled")[0]["face"]
        assert game.prompt == "gain" and game.options() == [(), (second,)]
        game.answer([second])
        assert game.prompt == "turn"                         # never a third roll
        outcomes.add("bonus")
    assert outcomes == {"bonus", "no bonus"}


@pytest.mark.rule("VIN-REGION-11")
def test_academy_bonus_roll_may_be_declined() -> None:
    seed = next(s for s in range(60) if events(academy_visit(s), "die_rolled")[0]["face"] in "CWV")
    game = academy_visit(seed)
    game.answer([])
    game.answer("stop")
    assert game.prompt == "turn"
    assert len([e for step in game.match.history for e in step.events if e.kind == "die_rolled"]) == 1


@pytest.mark.rule("VIN-REGION-12")
@pytest.mark.parametrize("kind", ["S", "K", "I"])
def test_inn_spends_two_of_a_basic_attribute_for_a_companion_of_that_colour(kind: str) -> None:
    game = at({"R08": "inn"})
    game.edit(lambda d: power(d, 0, **{kind: 3}))
    deck = f"companion_{kind}"
    top = game.data["faceup"][deck][-1]
    game.play(f"visit R08 choice={kind}")
    game.answer("faceup")
    game.answer_all(lambda options: options[0])
    assert game.player(0)["attrs"][kind] == 1
    assert top in [c["id"] for c in game.player(0)["companions"]]
    assert content().cards[top].deck == deck


@pytest.mark.rule("VIN-REGION-12")
@pytest.mark.parametrize("text", ["visit R08", "visit R08 choice=C", "visit R08 choice=V"])
def test_inn_needs_a_basic_attribute_choice(text: str) -> None:
    game = at({"R08": "inn"})
    game.edit(lambda d: power(d, 0, S=2, K=2, I=2, C=2, V=2))
    game.refused(text, "VIN-REGION-12")


BASE_VISITS = {
    "fort": "visit R08", "command_post": "visit R08 units=1", "library": "visit R08",
    "monastery": "visit R08 units=1", "holy_spire": "visit R08", "shrine": "visit R08 units=1",
    "gaping_maw": "visit R08", "arcane_tower": "visit R08", "ancient_tomb": "visit R08",
    "academy": "visit R08", "inn": "visit R08 choice=S",
}


@pytest.mark.rule("VIN-REGION-13")
@pytest.mark.parametrize("tile", sorted(set(FIRST_GAME_BAG)))
def test_every_base_region_is_controllable(tile: str) -> None:
    game = at({"R08": tile})
    game.edit(lambda d: power(d, 0, S=3, K=1, I=1, C=2, W=2, V=2))
    game.play(BASE_VISITS[tile] + " control_first=1")
    game.answer_all(lambda options: options[0])
    assert game.data["regions"]["R08"]["controller"] == 0
    assert content().regions[tile].controllable


@pytest.mark.rule("VIN-DEC-22", "VIN-DEC-77")
def test_region_and_die_gains_need_influence() -> None:
    game = at({"R08": "academy", "R09": "fort"})
    game.edit(lambda d: power(d, 0, influence=0))
    before = snapshot(game, 0)
    game.play("visit R08")
    game.answer_all(lambda options: "roll" if "roll" in options else options[-1])
    assert snapshot(game, 0) == before                  # a roll without influence gains nothing
