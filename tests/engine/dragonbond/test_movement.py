"""Moving, flying, arriving (DRG-MOVE, DRG-MOUNTAIN-7) and deploying units (DRG-UNIT), on the
building blocks of engine.dragonbond.rules.movement run against a live game's state."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.context import Ctx
from engine.dragonbond.invariants import check_invariants
from engine.dragonbond.rules import movement
from engine.dragonbond.rules.control import controller

from .scenario import started

HOME = "allarian_crownlands"            # elyse: infantry, cavalry, ranged 1 each; mountain to silverwood


def _game():
    state = started(("elyse",), first=0)
    return state, Ctx(state.data, state.rng, 0)


def _refused(rule, call, *args, **kw):
    with pytest.raises(Refused) as refused:
        call(*args, **kw)
    assert refused.value.rule_id == rule


@pytest.mark.rule("DRG-MOVE-1")
def test_a_move_takes_some_pieces_of_one_origin_together_to_an_adjacent_region():
    state, ctx = _game()
    movement.move(ctx, "elyse", HOME, "golden_fields", {"infantry": 1, "ranged": 1}, figure=True)
    assert movement.units_of(ctx.data, HOME, "elyse") == {"infantry": 0, "cavalry": 1, "ranged": 0}
    assert movement.units_of(ctx.data, "golden_fields", "elyse") == {"infantry": 1, "cavalry": 0, "ranged": 1}
    assert ctx.board("elyse")["region"] == "golden_fields"
    _refused("DRG-MOVE-1", movement.move, ctx, "elyse", HOME, "sunken_ruins", {"cavalry": 1})   # not adjacent
    _refused("DRG-MOVE-1", movement.move, ctx, "elyse", HOME, "willow_fords", {"cavalry": 2})   # too many
    _refused("DRG-MOVE-1", movement.move, ctx, "elyse", HOME, "willow_fords", figure=True)      # figure elsewhere
    assert "golden_fields" in movement.move_origins(ctx, "elyse") and HOME in movement.move_origins(ctx, "elyse")
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-MOVE-4")
def test_a_move_of_no_piece_or_a_fly_of_no_step_is_refused():
    state, ctx = _game()
    _refused("DRG-MOVE-4", movement.move, ctx, "elyse", HOME, "golden_fields", {"infantry": 0})
    _refused("DRG-MOVE-4", movement.fly, ctx, "ferellon", [], 2)


@pytest.mark.rule("DRG-MOVE-2", "DRG-MOVE-5", "DRG-MOVE-6", "DRG-MOUNTAIN-7")
def test_moving_crosses_mountains_and_enters_occupied_regions_without_combat():
    state, ctx = _game()
    assert ctx.content.map.is_mountain(HOME, "silverwood")
    ctx.data["regions"]["silverwood"]["neutral"] += 1
    ctx.data["supply"]["neutral"] -= 1
    ctx.board("ferellon")["region"] = "silverwood"
    movement.move(ctx, "elyse", HOME, "silverwood", {"cavalry": 1}, figure=True)
    here = ctx.data["regions"]["silverwood"]
    assert here["units"]["elyse"]["cavalry"] == 1 and here["neutral"] >= 1
    assert ctx.board("ferellon")["region"] == "silverwood"
    assert not any(e.kind.startswith("combat") for e in ctx.events)
    assert ctx.data["phase"] == "planning"
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-MOVE-8")
def test_the_storm_closes_mountain_borders_to_moving_and_flying():
    state, ctx = _game()
    _refused("DRG-MOVE-8", movement.move, ctx, "elyse", HOME, "silverwood", {"cavalry": 1},
             mountains_closed=True)
    ctx.data["modifiers"] = [{"kind": "mountains_closed"}]
    _refused("DRG-MOVE-8", movement.move, ctx, "elyse", HOME, "silverwood", {"cavalry": 1})
    _refused("DRG-MOVE-8", movement.fly, ctx, "ferellon", ["iron_hills"], 1)
    _refused("DRG-MOVE-8", movement.fly, ctx, "ferellon", ["highpass", "iron_hills", "red_moon_crags",
                                                         "highpass"], 4)
    movement.move(ctx, "elyse", HOME, "golden_fields", {"cavalry": 1})         # an open border
    movement.fly(ctx, "ferellon", ["highpass"], 1)
    assert ctx.board("ferellon")["region"] == "highpass"


@pytest.mark.rule("DRG-MOVE-3", "DRG-MOUNTAIN-7")
def test_a_dragon_flies_one_to_n_adjacent_steps_ignoring_mountains():
    state, ctx = _game()
    assert ctx.board("ferellon")["region"] == "red_moon_crags"
    movement.fly(ctx, "ferellon", ["iron_hills", "tyverian_bloodmarch"], 2)    # two mountain borders
    assert ctx.board("ferellon")["region"] == "tyverian_bloodmarch"
    _refused("DRG-MOVE-3", movement.fly, ctx, "ferellon", ["iron_hills", "saltmere", "highpass"], 2)
    _refused("DRG-MOVE-3", movement.fly, ctx, "ferellon", ["highpass"], 3)     # not adjacent
    assert ctx.board("ferellon")["region"] == "tyverian_bloodmarch"


@pytest.mark.rule("DRG-MOVE-9")
def test_a_fly_must_end_away_from_its_origin_but_may_pass_a_region_twice():
    state, ctx = _game()
    _refused("DRG-MOVE-9", movement.fly, ctx, "ferellon", ["highpass", "red_moon_crags"], 2)
    movement.fly(ctx, "ferellon", ["highpass", "red_moon_crags", "iron_hills"], 3)
    assert ctx.board("ferellon")["region"] == "iron_hills"


@pytest.mark.rule("DRG-MOVE-7")
def test_a_figure_arrives_only_where_its_movement_ends():
    state, ctx = _game()
    movement.fly(ctx, "ferellon", ["highpass", "saltmere"], 2)
    arrivals = [e.data for e in ctx.events if e.kind == "figure_arrived"]
    assert arrivals == [{"character": "ferellon", "region": "saltmere", "how": "fly"}]
    movement.move(ctx, "elyse", HOME, "golden_fields", {"infantry": 1})       # units only: no arrival
    assert len([e for e in ctx.events if e.kind == "figure_arrived"]) == 1
    movement.move(ctx, "elyse", HOME, "golden_fields", figure=True)
    assert ctx.data["arrived"] == ["ferellon", "elyse"]


@pytest.mark.rule("DRG-ACTION-4")
def test_generals_move_and_dragons_fly():
    state, ctx = _game()
    _refused("DRG-ACTION-4", movement.move, ctx, "ferellon", "red_moon_crags", "highpass", figure=True)
    _refused("DRG-ACTION-4", movement.fly, ctx, "elyse", ["golden_fields"], 1)


@pytest.mark.rule("DRG-UNIT-2", "DRG-UNIT-1")
def test_deploy_places_a_pool_unit_where_the_general_controls_or_its_figure_is():
    state, ctx = _game()
    pool = dict(ctx.board("elyse")["pool"])
    movement.deploy(ctx, "elyse", "cavalry", "cavalry", HOME)
    assert ctx.board("elyse")["pool"]["cavalry"] == pool["cavalry"] - 1
    assert movement.units_of(ctx.data, HOME, "elyse")["cavalry"] == 2
    _refused("DRG-UNIT-2", movement.deploy, ctx, "elyse", "cavalry", "ranged", HOME)          # wrong type
    _refused("DRG-UNIT-2", movement.deploy, ctx, "elyse", "any", "ranged", "golden_fields")   # not hers
    movement.move(ctx, "elyse", HOME, "golden_fields", figure=True)
    assert controller(ctx.data, "golden_fields") is None
    movement.deploy(ctx, "elyse", "any", "ranged", "golden_fields")                         # her figure
    movement.deploy(ctx, "elyse", "any", "infantry", HOME)                                  # controlled
    movement.remove_units(ctx, HOME, "elyse", {"infantry": 2})          # keep units conserved
    for _ in range(ctx.board("elyse")["pool"]["infantry"]):
        movement.deploy(ctx, "elyse", "infantry", "infantry", HOME)
    assert movement.deploy_types(ctx, "elyse", "infantry") == ()
    assert not movement.can_deploy(ctx, "elyse", "infantry") and movement.can_deploy(ctx, "elyse", "any")
    _refused("DRG-UNIT-2", movement.deploy, ctx, "elyse", "infantry", "infantry", HOME)       # pool empty


@pytest.mark.rule("DRG-UNIT-6")
def test_dragons_never_deploy():
    state, ctx = _game()
    assert not movement.can_deploy(ctx, "nagasha", "any")
    _refused("DRG-UNIT-6", movement.deploy, ctx, "nagasha", "any", "infantry", ctx.board("nagasha")["region"])


@pytest.mark.rule("DRG-UNIT-3", "DRG-UNIT-4")
def test_removed_units_return_to_the_pool_or_the_neutral_supply():
    state, ctx = _game()
    pool = ctx.board("elyse")["pool"]["ranged"]
    movement.remove_units(ctx, HOME, "elyse", {"ranged": 1})
    assert ctx.board("elyse")["pool"]["ranged"] == pool + 1
    movement.deploy(ctx, "elyse", "ranged", "ranged", HOME)                   # and may come back
    region = next(r for r in ctx.content.map.order if ctx.data["regions"][r]["neutral"])
    neutral, supply = ctx.data["regions"][region]["neutral"], ctx.data["supply"]["neutral"]
    movement.remove_units(ctx, region, "neutral", {"any": 1})
    assert ctx.data["regions"][region]["neutral"] == neutral - 1 and ctx.data["supply"]["neutral"] == supply + 1
    assert check_invariants(ctx.data) == []
