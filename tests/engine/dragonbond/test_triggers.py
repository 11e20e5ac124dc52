"""Triggers, carried pieces, extra steps and effects that are not combat (spec 7.1.2, 7.5, 7.7)."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.rules import card_effects as fx
from engine.dragonbond.rules import movement
from engine.dragonbond.rules.movement import units_of
from engine.dragonbond.vocabulary import Icon

from .effect_helpers import (
    answer,
    bond,
    clear_map,
    ctx_of,
    event,
    kinds_of,
    put_neutral,
    put_units,
    run_icon,
)
from .scenario import board, pending, started
from .test_vaala import _cast


def hold_upgrade(state, general, card):
    data = state.data
    pile = data["market"] if card in data["market"] else data["decks"]["upgrade"]
    pile.remove(card)
    board(state, general)["upgrades"].append(card)


@pytest.mark.rule("DRG-COMBAT-18", "DRG-DEC-51", "DRG-UNIT-3")
def test_removing_units_by_a_vaala_card_is_not_combat_no_devour_no_steal():
    state = started(("nagasha",))
    clear_map(state)
    put_units(state, "adrael", "serpent_mire", infantry=1)
    board(state, "adrael")["power"]["unspent"] = 0
    pool = board(state, "adrael")["pool"]["infantry"]
    events = _cast(state, "nagasha", "nag_v4")
    events += answer(state, "adrael-infantry.1")                           # the last unit there
    assert units_of(state.data, "serpent_mire", "adrael")["infantry"] == 0
    assert board(state, "adrael")["pool"]["infantry"] == pool + 1
    assert board(state, "nagasha")["power"] == {"unspent": 0, "spent": 2}  # no devour gain
    assert not kinds_of(events, "power_stolen") and not kinds_of(events, "power_gained")
    assert kinds_of(events, "units_removed")[-1]["cause"] == "effect"


@pytest.mark.rule("DRG-UNIT-5", "DRG-MOVE-8")
def test_neutral_units_move_only_when_an_effect_pushes_them_even_across_a_closed_mountain():
    state = started(("ferellon",))
    clear_map(state)
    put_neutral(state, "red_moon_crags", 2)
    event(state, "ev08")                                                  # the storm closes mountains
    _cast(state, "ferellon", "fer_v4")
    kind, _, options = pending(state)
    assert "silverwood/neutral.2" in options                               # a mountain border
    answer(state, "silverwood/neutral.2")
    assert state.data["regions"]["silverwood"]["neutral"] == 2
    assert state.data["regions"]["red_moon_crags"]["neutral"] == 0
    event(state, "ev05")                                                   # a move for everyone
    assert state.data["regions"]["silverwood"]["neutral"] == 2           # neutrals never move themselves


@pytest.mark.rule("DRG-DEC-56", "DRG-MOVE-9")
def test_a_fly_that_ends_where_it_began_is_refused():
    state = started(("nagasha",))
    with pytest.raises(Refused) as refused:
        movement.fly(ctx_of(state), "nagasha", ["golden_fields", "serpent_mire"], 2)
    assert refused.value.rule_id == "DRG-MOVE-9"
    run_icon(state, "nagasha", Icon("fly", n=2))
    assert all(o.split("/")[-1] != "serpent_mire" for o in pending(state)[2])


@pytest.mark.rule("DRG-DEC-44", "DRG-AI-17", "DRG-BONDED-6")
def test_every_character_has_its_dragonbond_card_and_an_ais_applies_once_face_up():
    state = started(("elyse",))
    assert all(board(state, ch)["bond_card"] == "down" for ch in state.data["seating"])
    before = board(state, "adrael")["power"]["unspent"]
    ctx = ctx_of(state)
    fx.fire_triggers(ctx, "adrael", "beat_neutral", "silverwood")          # face down: nothing
    assert not ctx.queue
    bond(state, "adrael", "ferellon")
    ctx = ctx_of(state)
    fx.fire_triggers(ctx, "adrael", "beat_neutral", "silverwood")          # adr_bond: gain 1
    from engine.dragonbond.effects import DRG
    DRG.drain(ctx)
    assert board(state, "adrael")["power"]["unspent"] == before + 1
    assert kinds_of(ctx.events, "trigger_fired")[0]["card"] == "adr_bond"


def test_up_militia_adds_an_infantry_wherever_a_deploy_icon_deploys():
    state = started(("elyse",))
    hold_upgrade(state, "elyse", "up_militia")
    run_icon(state, "elyse", Icon("deploy", type="cavalry"))
    answer(state, "deploy/cavalry@allarian_crownlands")
    assert units_of(state.data, "allarian_crownlands", "elyse") == {"infantry": 2, "cavalry": 2, "ranged": 1}


def test_up_outriders_cavalry_takes_one_extra_step_together():
    state = started(("elyse",))
    hold_upgrade(state, "elyse", "up_outriders")
    run_icon(state, "elyse", Icon("move"))
    answer(state, "move/allarian_crownlands/golden_fields")
    answer(state, "infantry.1")
    answer(state, "cavalry.1")
    answer(state, "ranged.0")
    answer(state, "no_figure")
    kind, seat, options = pending(state)                                   # the extra step (spec 7.1.2)
    assert (kind, seat) == ("icon_move_pieces", 0) and options[0] == "stay" and "on/serpent_mire" in options
    answer(state, "on/serpent_mire")
    assert units_of(state.data, "golden_fields", "elyse")["infantry"] == 1
    assert units_of(state.data, "serpent_mire", "elyse")["cavalry"] == 1
    assert pending(state) is None


def test_up_outriders_offers_no_extra_step_when_no_cavalry_moved():
    state = started(("elyse",))
    hold_upgrade(state, "elyse", "up_outriders")
    run_icon(state, "elyse", Icon("move"))
    answer(state, "move/allarian_crownlands/golden_fields")
    answer(state, "infantry.1")
    answer(state, "cavalry.0")
    answer(state, "ranged.0")
    answer(state, "no_figure")
    assert pending(state) is None
    assert units_of(state.data, "golden_fields", "elyse")["infantry"] == 1


@pytest.mark.rule("DRG-MOVE-7", "DRG-BONDED-6")
def test_fer_bond_carries_the_bonded_generals_figure_and_units_on_the_fly():
    state = started(("elyse", "ferellon"), first=0)
    bond(state, "elyse", "ferellon")
    board(state, "ferellon")["region"] = "allarian_crownlands"
    run_icon(state, "ferellon", Icon("fly", n=2), seat=1)
    assert pending(state)[:2] == ("optional_icon", 1) and pending(state)[2] == ("use", "decline")
    answer(state, "use")
    kind, seat, options = pending(state)
    assert (kind, seat) == ("effect_choice", 1) and "figure+infantry.1+cavalry.1+ranged.1" in options
    answer(state, "figure+infantry.1+cavalry.1")
    assert pending(state)[0] == "icon_fly"
    events = answer(state, "fly/golden_fields/serpent_mire")
    assert board(state, "elyse")["region"] == "serpent_mire"
    assert units_of(state.data, "serpent_mire", "elyse") == {"infantry": 1, "cavalry": 1, "ranged": 0}
    assert units_of(state.data, "allarian_crownlands", "elyse")["ranged"] == 1
    assert {"character": "elyse", "region": "serpent_mire", "how": "carry"} in kinds_of(events, "figure_arrived")


@pytest.mark.rule("DRG-BONDED-6")
def test_a_carry_prepared_for_a_fly_that_does_not_happen_carries_nobody_later():
    state = started(("elyse", "ferellon"), first=0)
    bond(state, "elyse", "ferellon")
    board(state, "ferellon")["region"] = "allarian_crownlands"
    run_icon(state, "ferellon", Icon("fly", n=2), optional=True, seat=1)      # a granted "may" fly
    answer(state, "use")
    answer(state, "figure")
    assert state.data["carry"]["general"] == "elyse"
    answer(state, "decline")                                                  # no fly after all
    assert "carry" not in state.data
    run_icon(state, "ferellon", Icon("fly", n=2), seat=1)                     # a later fly from there
    answer(state, "decline")                                                  # this time no carry
    answer(state, "fly/golden_fields")
    assert board(state, "elyse")["region"] == "allarian_crownlands"


@pytest.mark.rule("DRG-AI-16", "DRG-AI-17", "DRG-AI-10")
def test_an_ai_always_uses_its_optional_trigger_and_its_proxy_makes_the_choices():
    state = started(("elyse",))
    bond(state, "elyse", "ferellon")
    board(state, "ferellon")["region"] = "allarian_crownlands"
    event(state, "ev12")                                                   # each dragon may fly 1
    while pending(state)[0] == "ai_tie":                                   # Nagasha's reading, if tied
        answer(state, pending(state)[2][0])
    kind, seat, options = pending(state)
    assert (kind, seat) == ("effect_choice", 0)                            # no use/decline: always used
    assert options[0] == "figure"
    answer(state, "figure+ranged.1")
    while pending(state) and pending(state)[0] == "ai_tie":
        answer(state, pending(state)[2][0])
    where = board(state, "ferellon")["region"]
    assert where != "allarian_crownlands" and board(state, "elyse")["region"] == where
    assert units_of(state.data, where, "elyse")["ranged"] == 1


@pytest.mark.rule("DRG-AI-16", "DRG-AI-6")
def test_an_ais_own_fly_card_fires_its_fly_start_trigger_too():
    """An AI's action card runs through the same icon step as a human's, so AI Ferellon's own
    fer_a1 fly carries his bonded general exactly as a granted fly does."""
    from engine.dragonbond.effects import DRG
    from engine.dragonbond.rules import actions

    state = started(("elyse",))
    bond(state, "elyse", "ferellon")
    board(state, "ferellon")["region"] = "allarian_crownlands"
    ctx = ctx_of(state)
    actions.queue_ai_card(ctx, "ferellon", "fer_a1")                     # fly(2), collect
    DRG.drain(ctx)
    while pending(state) and pending(state)[0] == "ai_tie":
        answer(state, pending(state)[2][0])
    kind, seat, options = pending(state)
    assert (kind, seat) == ("effect_choice", 0) and options[0] == "figure"   # carried, never declined
    answer(state, "figure")
    while pending(state) and pending(state)[0] == "ai_tie":
        answer(state, pending(state)[2][0])
    assert board(state, "ferellon")["region"] != "allarian_crownlands"
    assert board(state, "elyse")["region"] == board(state, "ferellon")["region"]
