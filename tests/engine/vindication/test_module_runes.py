"""Empowered runes: spec 5.32 (VVH-RUNE-1..7) with decisions VIN-DEC-54..58."""
from __future__ import annotations

import pytest

from engine.vindication.counters import mastery_count
from engine.vindication.rules.move import speed
from engine.vindication.vocabulary import ATTRIBUTES
from tests.engine.vindication.module_positions import (
    companion,
    controller,
    no_companions,
    runes,
    vh_table,
    vpower,
    with_dice,
    zones,
)
from tests.engine.vindication.positions import events

TOKENS = {0: "T17", 1: "T28"}                      # both touch R12; T17 also R04 and R13


def table(regions: dict | None = None, held: tuple[str, ...] = (), **kw):
    game = vh_table(tokens=TOKENS, regions=regions or {}, **kw)
    game.edit(no_companions)
    game.edit(lambda d: [vpower(d, s, conviction=4, influence=6) for s in (0, 1)])
    game.edit(lambda d: runes(d, 0, *held))
    return game


def tiles(d, seat: int, **held: int) -> None:
    """Proficiency tiles held by ``seat``, out of the supply."""
    d["players"][seat]["proficiencies"].update(held)
    for kind, n in held.items():
        d["proficiency_supply"][kind] -= n


def finish(game) -> list:
    happened = list(game.events)
    while game.prompt not in ("turn", None):
        happened += game.answer(game.options()[0])
    game.events = happened
    return happened


# -- VVH-RUNE-1 ------------------------------------------------------------------------------------
@pytest.mark.rule("VVH-RUNE-1")
def test_a_rune_works_only_while_held_and_is_worth_no_honor_or_mastery() -> None:
    game = table(regions={"R12": "temple_of_legends"}, held=("zeal",))
    game.edit(lambda d: tiles(d, 0, S=1))
    data = game.data
    assert speed(data, 0) == 3
    assert [mastery_count(data, 0, a) for a in ATTRIBUTES] == [2, 0, 0, 0, 0, 0]
    game.play("visit R12 choice=donate_zeal")
    assert speed(game.data, 0) == 2                                       # gone with the rune
    game = table(regions={"A2": "fort"}, held=())
    game.edit(lambda d: d["players"][0].update(token="F3", rune_map=True))
    before = zones(game, 0)["honor"]
    game.play("dig A2")
    assert game.player(0)["runes"] and zones(game, 0)["honor"] == before   # no honor for a rune
    assert [mastery_count(game.data, 0, a) for a in ATTRIBUTES] == [0] * 6


# -- VVH-RUNE-2, VIN-DEC-54: Benevolence -------------------------------------------------------------
@pytest.mark.rule("VVH-RUNE-2")
def test_benevolence_augments_on_visiting_a_region_you_control() -> None:
    for held, augments in ((("benevolence",), 1), ((), 0)):
        game = table(regions={"R12": ("fort", 0), "R13": "library"}, held=held)
        game.play("visit R12")
        game.answer([])                                                   # the Fort's gain
        assert (game.prompt == "augment") == bool(augments)
        finish(game)
        assert len(events(game, "power_step")) == augments


@pytest.mark.rule("VVH-RUNE-2")
def test_benevolence_ignores_regions_you_do_not_control() -> None:
    game = table(regions={"R12": ("fort", 1), "R13": "library"}, held=("benevolence",))
    game.play("visit R13")
    finish(game)
    game = table(regions={"R12": ("fort", 1)}, held=("benevolence",))
    game.play("visit R12")
    finish(game)
    assert not events(game, "power_step")


@pytest.mark.rule("VVH-RUNE-2", "VIN-DEC-54")
def test_benevolence_skips_a_region_taken_this_turn() -> None:
    game = table(regions={"R12": "fort"}, held=("benevolence", "devotion"))
    game.play("visit R12 control_first=1")
    finish(game)
    assert controller(game, "R12") == 0 and not events(game, "power_step")
    game.play("rune devotion")
    game.play("visit R12")                                                # again, with Devotion
    finish(game)
    assert not events(game, "power_step")


# -- VVH-RUNE-3, VIN-DEC-55: Ingenuity ---------------------------------------------------------------
@pytest.mark.rule("VVH-RUNE-3", "VIN-DEC-55")
def test_ingenuity_puts_one_potential_on_a_companion_once_per_turn_without_activating_it() -> None:
    game = table(held=("ingenuity",))
    game.edit(lambda d: companion(d, 0, "S01"))
    game.edit(lambda d: companion(d, 1, "K01"))
    before = zones(game, 0)
    assert game.legal("rune") == ["rune ingenuity S01"]
    game.play("rune ingenuity S01")
    assert zones(game, 0)["potential"] == before["potential"] - 1
    assert game.player(0)["companions"] == [{"id": "S01", "blocks": 1}]
    assert events(game, "rune_used") == [{"seat": 0, "rune": "ingenuity"}]
    assert game.data["turn"]["activated"] == [] and game.data["turn"]["used"]["activate"] == 0
    game.refused("rune ingenuity S01", "VVH-RUNE-3")                      # once per turn
    game.play("activate S01")                                             # still free to activate it
    assert game.player(0)["companions"] == [{"id": "S01", "blocks": 2}]


@pytest.mark.rule("VVH-RUNE-3")
def test_ingenuity_needs_potential_and_one_of_your_own_companions() -> None:
    game = table(held=("ingenuity",))
    game.edit(lambda d: companion(d, 0, "S01"))
    game.edit(lambda d: companion(d, 1, "K01"))
    game.refused("rune ingenuity K01", "VVH-RUNE-3")
    game.refused("rune ingenuity", "VVH-RUNE-3")
    game.edit(lambda d: vpower(d, 0, potential=0))
    game.refused("rune ingenuity S01", "VVH-RUNE-3")
    assert game.legal("rune") == []
    game = table()
    game.edit(lambda d: companion(d, 0, "S01"))
    game.refused("rune ingenuity S01", "VVH-RUNE-1")                      # not held


# -- VVH-RUNE-4, VIN-DEC-56: Devotion ----------------------------------------------------------------
@pytest.mark.rule("VVH-RUNE-4", "VIN-DEC-56")
@pytest.mark.parametrize("second", ["visit R13", "rest pot_to_inf", "build A2", "dig A2"])
def test_devotion_pays_2_conviction_for_a_second_visit_action_of_any_use(second) -> None:
    isle = second.split(" ")[0] in ("build", "dig")
    game = table(regions={"R12": "fort", "R13": "library", "A3": "fort"}, held=("devotion",))
    if isle:
        game.edit(lambda d: d["players"][0].update(token="F3", rune_map=True))
    game.play("visit A3" if isle else "visit R12")
    finish(game)
    game.refused(second, "VIN-VISIT-2" if second.startswith("rest") else "VIN-TURN-5")
    before = zones(game, 0)
    game.play("rune devotion")
    after = zones(game, 0)
    assert (after["conviction"], after["influence"]) == (before["conviction"] - 2, before["influence"] + 2)
    game.play(second)
    finish(game)
    game.refused("rest inf_to_conv", "VIN-VISIT-2")                       # two and no more
    game.refused("rune devotion", "VVH-RUNE-4")                           # once per turn


@pytest.mark.rule("VVH-RUNE-4")
def test_devotion_needs_2_conviction_and_keeps_the_control_lock() -> None:
    game = table(regions={"R12": "fort", "R13": "library"}, held=("devotion",))
    game.edit(lambda d: vpower(d, 0, conviction=1))
    game.refused("rune devotion", "VVH-RUNE-4")
    assert game.legal("rune") == []
    game = table(regions={"R12": "fort", "R13": "library"}, held=("devotion",))
    game.play("visit R12 control_first=1")
    finish(game)
    game.play("rune devotion")
    game.refused("visit R13", "VIN-VISIT-9")


# -- VVH-RUNE-5, VIN-DEC-57: Leadership --------------------------------------------------------------
def leader(held=("leadership",)):
    game = table(held=held)
    game.edit(lambda d: companion(d, 0, "S01", 2))
    game.edit(lambda d: companion(d, 1, "K01", 1))
    game.edit(lambda d: companion(d, 1, "K04", 0))
    return game


@pytest.mark.rule("VVH-RUNE-5", "VIN-DEC-57")
def test_leadership_takes_a_block_off_another_players_companion_back_to_its_owner() -> None:
    game = leader()
    mine, theirs = zones(game, 0), zones(game, 1)
    game.play("activate self")
    assert game.prompt == "leadership" and game.options() == ["S01", "K01", "decline"]
    game.answer("K01")
    assert game.player(1)["companions"] == [{"id": "K01", "blocks": 0}, {"id": "K04", "blocks": 0}]
    assert zones(game, 1)["influence"] == theirs["influence"] + 1
    assert zones(game, 0)["influence"] == mine["influence"]
    assert events(game, "rune_used") == [{"seat": 0, "rune": "leadership", "card": "K01"}]
    finish(game)                                                          # then the character's yield
    assert game.data["turn"]["activated"] == ["self"]


@pytest.mark.rule("VVH-RUNE-5", "VIN-DEC-57")
def test_leadership_on_your_own_companion_and_declining() -> None:
    game = leader()
    influence = zones(game, 0)["influence"]
    game.play("activate self")
    game.answer("S01")
    assert game.player(0)["companions"] == [{"id": "S01", "blocks": 1}]   # the companion stays
    assert zones(game, 0)["influence"] == influence + 1
    game = leader()
    before = [zones(game, s) for s in (0, 1)]
    game.play("activate self")
    game.answer("decline")
    assert [zones(game, s) for s in (0, 1)] == before and not events(game, "rune_used")


@pytest.mark.rule("VVH-RUNE-5")
def test_leadership_is_offered_only_on_a_self_activation_with_a_loaded_companion() -> None:
    game = leader()
    game.play("activate S01")
    assert game.prompt != "leadership"
    game = leader(held=())
    game.play("activate self")
    assert game.prompt != "leadership"
    game = table(held=("leadership",))
    game.edit(lambda d: companion(d, 1, "K04", 0))
    game.play("activate self")
    assert game.prompt != "leadership"


# -- VVH-RUNE-6, VIN-DEC-58: Discipline --------------------------------------------------------------
@pytest.mark.rule("VVH-RUNE-6", "VIN-DEC-58")
def test_discipline_pays_one_conviction_for_one_point_of_a_visit_cost() -> None:
    game = table(regions={"R12": "inn"}, held=("discipline",))
    game.edit(lambda d: vpower(d, 0, S=1))
    game.refused("visit R12 choice=S", "VIN-VISIT-4")                     # 2 strength, 1 held
    assert "visit R12 choice=S discipline=S" in game.legal("visit")
    before = zones(game, 0)
    game.play("visit R12 choice=S discipline=S")
    after = zones(game, 0)
    assert (after["S"], after["conviction"]) == (0, before["conviction"] - 1)
    assert after["influence"] == before["influence"] + 2                  # the point and the conviction
    assert events(game, "rune_used") == [{"seat": 0, "rune": "discipline", "kind": "S"}]


@pytest.mark.rule("VVH-RUNE-6")
def test_discipline_pays_for_one_point_of_a_unit_cost() -> None:
    game = table(regions={"R12": "command_post"}, held=("discipline",))
    game.edit(lambda d: vpower(d, 0, S=5))
    game.refused("visit R12 units=2", "VIN-VISIT-4")
    assert "visit R12 discipline=S units=2" in game.legal("visit")
    game.play("visit R12 discipline=S units=2")
    assert game.player(0)["attrs"]["S"] == 0 and game.player(0)["mount"] == 3


@pytest.mark.rule("VVH-RUNE-6")
def test_discipline_works_once_per_turn_for_a_point_of_that_payment_and_needs_conviction() -> None:
    game = table(regions={"R12": "inn", "R13": "drill_yard"}, held=("discipline",))
    game.edit(lambda d: vpower(d, 0, S=3, K=3))
    game.refused("visit R12 choice=S discipline=K", "VVH-RUNE-6")         # K is not part of the payment
    game.refused("visit R13 discipline=I", "VVH-RUNE-6")
    game.edit(lambda d: vpower(d, 0, conviction=1))
    game.refused("visit R12 choice=S control_first=1 discipline=S", "VVH-RUNE-6")   # 1 + 1 conviction
    game.play("proficiency S discipline=S")                               # 2 strength + 1 conviction
    assert game.player(0)["proficiencies"]["S"] == 1 and game.player(0)["attrs"]["S"] == 1
    game.edit(lambda d: vpower(d, 0, conviction=3, S=3))
    game.refused("visit R12 choice=S discipline=S", "VVH-RUNE-6")         # used this turn
    assert not [c for c in game.legal() if "discipline" in c]
    game = table(regions={"R12": "inn"})
    game.edit(lambda d: vpower(d, 0, S=3))
    game.refused("visit R12 choice=S discipline=S", "VVH-RUNE-6")         # not held


@pytest.mark.rule("VVH-RUNE-6", "VIN-DEC-58")
def test_discipline_pays_a_check_conversion_with_conviction() -> None:
    game = table(regions={"R12": "tidewatch_beacon"}, held=("discipline",))
    game.edit(lambda d: vpower(d, 0, S=1, K=1, I=1))
    with_dice(game, "visit R12", {"S": "hit", "K": "miss", "I": "miss"})
    options = [list(o) for o in game.options()]
    assert ["K@discipline", "I"] in options and ["K", "I@discipline"] in options
    assert not [o for o in options if sum(x.endswith("@discipline") for x in o) > 1]
    assert not [o for o in options if "S" in o or "S@discipline" in o]    # S hit: nothing to pay
    before = zones(game, 0)
    game.answer(["K@discipline", "I"])
    after = zones(game, 0)
    assert (after["K"], after["I"], after["conviction"]) == (1, 0, before["conviction"] - 1)
    assert after["honor"] == before["honor"] + 3                          # three hits


# -- VVH-RUNE-7: Zeal ------------------------------------------------------------------------------
@pytest.mark.rule("VVH-RUNE-7")
def test_zeal_adds_one_speed_per_proficiency_tile_on_top_of_other_modifiers() -> None:
    game = table(held=("zeal",))
    game.edit(lambda d: tiles(d, 0, S=1, K=1))
    game.edit(lambda d: companion(d, 0, "S02"))                           # +1 speed while held
    assert speed(game.data, 0) == 2 + 1 + 2
    game.play("move T17,T09,T03,T04,T10,T18")                             # 5 steps
    game = table()
    game.edit(lambda d: tiles(d, 0, S=1, K=1))
    game.refused("move T17,T09,T03,T04", "VIN-MOVE-1")                    # speed 2 without the rune
