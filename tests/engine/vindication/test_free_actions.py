"""Free actions: upgrade, proficiency, vindicate and recover — spec 5.16–5.19 (VIN-UPGRADE,
VIN-PROFICIENCY, VIN-VINDICATE, VIN-RECOVER) with VIN-DEC-22, -25, -27 and -76."""
from __future__ import annotations

import pytest

from engine.vindication.content import content
from tests.engine.vindication.positions import events, give, load, power, snapshot, table

# seat 0 on T25 (touches R08, R09) holding K10 (honor 2); seat 1 on T28 holding S11
TOKENS = {0: "T25", 1: "T28"}


def at(players: int = 2, regions: dict | None = None, **kw):
    tokens = {0: "T25", 1: "T28", 2: "T31", 3: "T34"}
    return table(players=players, tokens={s: tokens[s] for s in range(players)}, regions=regions or {}, **kw)


def attrs(game, seat: int = 0) -> dict[str, int]:
    return dict(game.player(seat)["attrs"])


# -- VIN-UPGRADE ---------------------------------------------------------------------------------
@pytest.mark.rule("VIN-UPGRADE-1", "VIN-UPGRADE-2", "VIN-UPGRADE-3", "VIN-DEC-76")
@pytest.mark.parametrize(("heroic", "used"), [("C", ("I", "S")), ("W", ("K", "I")), ("V", ("K", "S"))])
def test_an_upgrade_turns_two_basic_points_into_one_heroic_point_and_one_influence(heroic, used) -> None:
    game = at()
    game.edit(lambda d: power(d, 0, influence=5, S=2, K=2, I=2))
    game.play(f"upgrade {heroic}")
    expected = {"S": 2, "K": 2, "I": 2, "C": 0, "W": 0, "V": 0}
    for kind in used:
        expected[kind] -= 1
    expected[heroic] = 1
    assert attrs(game) == expected
    assert game.player(0)["influence"] == 6


@pytest.mark.rule("VIN-UPGRADE-4")
@pytest.mark.parametrize(("heroic", "have"), [
    ("C", {"S": 1, "I": 0}), ("C", {"S": 0, "I": 1}),
    ("W", {"K": 1, "I": 0}), ("W", {"K": 0, "I": 1}),
    ("V", {"K": 1, "S": 0}), ("V", {"K": 0, "S": 1}),
])
def test_an_upgrade_missing_an_ingredient_is_refused(heroic: str, have: dict) -> None:
    game = at()
    game.edit(lambda d: power(d, 0, **{"S": 3, "K": 3, "I": 3, **have}))
    game.refused(f"upgrade {heroic}", "VIN-UPGRADE-4")
    assert f"upgrade {heroic}" not in game.legal()


@pytest.mark.rule("VIN-UPGRADE-5")
@pytest.mark.parametrize("kind", ["S", "K", "I", "X"])
def test_there_is_no_reverse_or_other_conversion(kind: str) -> None:
    game = at()
    game.edit(lambda d: power(d, 0, C=3, W=3, V=3))
    game.refused(f"upgrade {kind}", "VIN-UPGRADE-5")


@pytest.mark.rule("VIN-UPGRADE-6")
def test_upgrades_have_no_per_turn_limit() -> None:
    game = at()
    game.edit(lambda d: power(d, 0, influence=0, conviction=0, S=5, K=5, I=5))
    game.play(*["upgrade C"] * 3, *["upgrade W"] * 2, "upgrade V")
    assert attrs(game) == {"S": 1, "K": 2, "I": 0, "C": 3, "W": 2, "V": 1}
    assert game.player(0)["influence"] == 6


# -- VIN-PROFICIENCY ------------------------------------------------------------------------------
@pytest.mark.rule("VIN-PROFICIENCY-1")
def test_three_points_buy_a_proficiency_tile() -> None:
    game = at()
    game.edit(lambda d: power(d, 0, influence=2, S=4))
    game.play("proficiency S")
    p = game.player(0)
    assert (p["attrs"]["S"], p["influence"], p["proficiencies"]["S"]) == (1, 5, 1)
    assert game.data["proficiency_supply"]["S"] == 0
    game.play("move T25,T13")                                 # no turn action was used
    poor = at()
    poor.edit(lambda d: power(d, 0, K=2))
    poor.refused("proficiency K", "VIN-PROFICIENCY-1")


@pytest.mark.rule("VIN-PROFICIENCY-2")
def test_a_purchase_from_an_empty_supply_is_refused() -> None:
    game = at()
    game.edit(lambda d: (power(d, 0, S=6), power(d, 1, S=3)))
    game.play("proficiency S")
    game.refused("proficiency S", "VIN-PROFICIENCY-2")       # 2 players: one tile per attribute
    game.play("move T25,T13", "end_turn")
    game.refused("proficiency S", "VIN-PROFICIENCY-2")


@pytest.mark.rule("VIN-PROFICIENCY-3", "VIN-PROFICIENCY-4", "VIN-DEC-27")
def test_one_attribute_per_turn_but_several_tiles_of_it() -> None:
    game = at(players=4)
    game.edit(lambda d: power(d, 0, influence=0, conviction=0, S=9, K=3))
    game.play("proficiency S")
    game.refused("proficiency K", "VIN-PROFICIENCY-3")
    game.play("proficiency S", "proficiency S")
    assert game.player(0)["proficiencies"]["S"] == 3
    game.refused("proficiency S", "VIN-PROFICIENCY-2")           # the 3 tiles of 4 players are gone
    game.play("move T25,T13", "end_turn")
    for _seat in (1, 2, 3):
        game.play(game.legal("move")[0], "end_turn")
    game.play("proficiency K")                               # a new turn, a new kind
    assert game.player(0)["proficiencies"]["K"] == 1


@pytest.mark.rule("VIN-PROFICIENCY-6", "VIN-DEC-27")
def test_a_discarded_tile_returns_to_the_supply_for_up_to_two_points() -> None:
    game = at(players=3)
    game.edit(lambda d: (d["players"][0]["proficiencies"].update(W=1),
                         d["proficiency_supply"].update(W=1), power(d, 0, influence=5)))
    game.play("discard_proficiency W")
    assert game.data["proficiency_supply"]["W"] == 2 and game.player(0)["proficiencies"]["W"] == 0
    assert game.options() == [(), ("W",), ("W", "W")]
    game.answer(["W", "W"])
    assert (attrs(game)["W"], game.player(0)["influence"]) == (2, 3)
    game.refused("discard_proficiency W", "VIN-PROFICIENCY-6")


@pytest.mark.rule("VIN-PROFICIENCY-7")
def test_discarding_is_not_a_purchase() -> None:
    game = at(players=3)
    game.edit(lambda d: (d["players"][0]["proficiencies"].update(K=1), d["proficiency_supply"].update(K=1),
                         power(d, 0, S=6)))
    game.play("discard_proficiency K")
    game.answer([])
    game.play("proficiency S")                                # the discard fixed no kind
    game.play("discard_proficiency S")
    game.answer([])
    game.refused("proficiency K", "VIN-PROFICIENCY-3")        # the purchase did
    game.play("proficiency S")
    assert game.player(0)["proficiencies"] == {"S": 1, "K": 0, "I": 0, "C": 0, "W": 0, "V": 0}


@pytest.mark.rule("VIN-DEC-22")
def test_a_proficiency_refund_costs_influence() -> None:
    game = at(players=3)
    game.edit(lambda d: (d["players"][0]["proficiencies"].update(W=1),
                         d["proficiency_supply"].update(W=1), power(d, 0, influence=1)))
    game.play("discard_proficiency W")
    assert game.options() == [(), ("W",)]
    game.answer(["W"])
    assert (attrs(game)["W"], game.player(0)["influence"]) == (1, 0)


# -- VIN-VINDICATE --------------------------------------------------------------------------------
def ready(game, honor: int = 25, potential: int = 0) -> None:
    game.edit(lambda d: (d["players"][0].update(honor=honor), power(d, 0, potential=potential)))


@pytest.mark.rule("VIN-VINDICATE-1", "VIN-VINDICATE-2")
def test_vindicating_with_empty_potential_and_25_honor_flips_the_board_for_5_honor() -> None:
    game = at()
    ready(game)
    game.play("vindicate")
    assert game.player(0)["vindicated"] is True
    assert game.player(0)["honor"] == 30
    assert events(game, "vindicated") == [{"seat": 0}]
    game.answer("decline")                                     # the 30 token is offered
    game.play("move T25,T13")


@pytest.mark.rule("VIN-VINDICATE-1")
@pytest.mark.parametrize(("honor", "potential"), [(24, 0), (40, 1), (10, 5)])
def test_vindicating_needs_empty_potential_and_25_honor(honor: int, potential: int) -> None:
    game = at()
    ready(game, honor, potential)
    game.refused("vindicate", "VIN-VINDICATE-1")
    assert "vindicate" not in game.legal()


@pytest.mark.rule("VIN-VINDICATE-3", "VIN-VINDICATE-4", "VIN-VINDICATE-5")
def test_vindication_is_permanent_and_happens_once() -> None:
    game = table(players=4, tokens={0: "T25", 1: "T13", 2: "T07", 3: "T14"})
    game.edit(lambda d: (d["players"][0].update(honor=26), power(d, 0, potential=0, influence=5)))
    game.play("vindicate")
    game.answer("decline")
    game.refused("vindicate", "VIN-VINDICATE-4")
    game.play("move T25,T13,T14,T26 extension=1 dilute=inf_to_pot")     # potential again
    assert game.player(0)["potential"] == 1 and game.player(0)["vindicated"] is True
    game.play("activate self")
    assert max(len(o) for o in game.options()) == 2
    game.answer([])
    game.edit(lambda d: d["players"][0].update(honor=3))
    game.refused("vindicate", "VIN-VINDICATE-4")
    assert game.player(0)["vindicated"] is True


@pytest.mark.rule("VIN-VINDICATE-4")
def test_meeting_the_conditions_does_not_vindicate_by_itself() -> None:
    game = at(regions={"R08": "fort"})
    game.edit(lambda d: (d["players"][0].update(honor=23), power(d, 0, potential=0)))
    game.play("visit R08 control_first=1")                     # honor 25 and no potential
    game.answer([])
    game.play("move T25,T13", "end_turn")
    p = game.player(0)
    assert (p["honor"], p["potential"], p["vindicated"]) == (25, 0, False)


# -- VIN-RECOVER ----------------------------------------------------------------------------------
def recover_table(**kw):
    game = at(regions={"R12": ("fort", 0)})
    game.edit(lambda d: (give(d, 0, "V01", blocks=2), load(d, 0, "K10", 3), power(d, 0, influence=2, S=3)))
    return game


@pytest.mark.rule("VIN-RECOVER-1", "VIN-DEC-25")
def test_the_recover_locations_are_companions_relics_spheres_and_markers() -> None:
    game = recover_table()
    assert sorted(game.legal("recover")) == sorted(
        ["recover K10", "recover V01", "recover S", "recover K", "recover I", "recover R12"])


@pytest.mark.rule("VIN-RECOVER-1", "VIN-RECOVER-4")
def test_recovering_a_sphere_brings_all_its_blocks_to_influence() -> None:
    game = recover_table()
    before = snapshot(game, 0)
    game.play("recover S")
    after = snapshot(game, 0)
    assert (after["S"], after["influence"]) == (0, before["influence"] + 3)
    assert {k: v for k, v in after.items() if k not in ("S", "influence")} == \
           {k: v for k, v in before.items() if k not in ("S", "influence")}
    game.play("move T25,T13")                                  # a free action


@pytest.mark.rule("VIN-RECOVER-1", "VIN-RECOVER-2", "VIN-DEC-42")
def test_recovering_a_companion_discards_it() -> None:
    game = recover_table()
    game.edit(lambda d: load(d, 0, "K10", 1))
    honor = game.player(0)["honor"]
    influence = game.player(0)["influence"]
    game.play("recover K10")
    assert game.player(0)["companions"] == []
    assert game.player(0)["influence"] == influence + 1
    assert game.player(0)["honor"] == honor - content().cards["K10"].honor
    assert game.data["faceup"]["companion_K"][-1] == "K10"


@pytest.mark.rule("VIN-RECOVER-3")
def test_recovering_a_relic_keeps_it_with_no_charge() -> None:
    game = recover_table()
    influence = game.player(0)["influence"]
    game.play("recover V01")
    assert game.player(0)["relics"] == [{"id": "V01", "charges": 0}]
    assert game.player(0)["influence"] == influence + 2


@pytest.mark.rule("VIN-RECOVER-5")
def test_recovering_a_marker_ends_control_and_nothing_else() -> None:
    game = recover_table()
    before = snapshot(game, 0)
    game.play("recover R12")
    assert game.data["regions"]["R12"] == {"tile": "fort", "controller": None}
    assert snapshot(game, 0) == {**before, "influence": before["influence"] + 1}


@pytest.mark.rule("VIN-RECOVER-6", "VIN-DEC-25")
@pytest.mark.parametrize("zone", ["potential", "conviction"])
def test_potential_and_conviction_are_not_recover_locations(zone: str) -> None:
    game = recover_table()
    game.refused(f"recover {zone}", "VIN-RECOVER-6")


@pytest.mark.rule("VIN-RECOVER-7")
@pytest.mark.parametrize("location", ["C", "R08", "R11", "S11", "V02", "nowhere"])
def test_recover_is_refused_without_your_blocks_there(location: str) -> None:
    game = recover_table()
    game.edit(lambda d: (d["regions"].update(R11={"tile": "fort", "controller": 1}), load(d, 1, "S11", 2)))
    game.refused(f"recover {location}", "VIN-RECOVER-7")


@pytest.mark.rule("VIN-RECOVER-7")
def test_a_companion_without_blocks_cannot_be_recovered() -> None:
    game = recover_table()
    game.edit(lambda d: load(d, 0, "K10", 0))
    game.refused("recover K10", "VIN-RECOVER-7")
    assert [c["id"] for c in game.player(0)["companions"]] == ["K10"]
