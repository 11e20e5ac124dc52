"""AI seats play their action cards by the AI side of their boards (spec 5.28, 7.8)."""
from __future__ import annotations

import pytest

from engine.core import Rng
from engine.dragonbond.context import Ctx
from engine.dragonbond.rules import ai
from engine.dragonbond.rules.control import controller
from engine.dragonbond.rules.movement import units_of
from engine.dragonbond.vocabulary import Icon

from .scenario import board, play, play_settled, started


def _ctx(state):
    return Ctx(state.data, Rng(1), 0)


def _clear_power(data):
    for region in data["regions"].values():
        data["supply"]["power"] += region["power"]
        region["power"] = 0


def _put_power(data, region, n=1):
    data["supply"]["power"] -= n
    data["regions"][region]["power"] += n


def test_ai_action_cards_resolve_their_icons_instead_of_being_skipped():
    state = started(("elyse",))
    play(state, "0: place ely_a1")
    events = play_settled(state, "0: pass")
    revealed = [e.data for e in events if e.kind == "card_revealed" and e.data["owner"] != "elyse"
                and e.data["kind"] == "action"]
    assert revealed
    skipped = [e.data for e in events if e.kind == "card_effects_skipped" and e.data["kind"] == "action"]
    assert skipped == []
    ai_cards = {r["card"] for r in revealed}
    assert any(e.kind == "icon_skipped" or e.kind in ("pieces_moved", "dragon_flew", "unit_deployed",
                                                     "power_collected", "icons_skipped")
               for e in events if e.data.get("card") in ai_cards or e.data.get("character") in
               {r["owner"] for r in revealed})


def test_ai_general_moves_its_army_one_step_toward_the_nearest_uncontrolled_power():
    state = started(("elyse",))
    data, ctx = state.data, _ctx(state)
    _clear_power(data)
    origin = board(state, "adrael")["region"]
    army = units_of(data, origin, "adrael")
    assert any(army.values())
    goal = next(r for r in ctx.content.map.order if ctx.content.map.distance(origin, r) == 2)
    _put_power(data, goal)
    step = ctx.content.map.first_steps(origin, goal)[0]
    assert ai.run_icon(ctx, "adrael", Icon("move"))
    assert board(state, "adrael")["region"] == step
    assert units_of(data, step, "adrael") == army
    assert not any(units_of(data, origin, "adrael").values())


def test_ai_general_does_not_move_when_its_army_stands_on_an_objective():
    state = started(("elyse",))
    data, ctx = state.data, _ctx(state)
    _clear_power(data)
    origin = board(state, "adrael")["region"]
    data["regions"][origin]["neutral"] += 1                       # no longer controlled
    data["supply"]["neutral"] -= 1
    _put_power(data, origin)
    assert controller(data, origin) != "adrael"
    assert not ai.run_icon(ctx, "adrael", Icon("move"))
    assert board(state, "adrael")["region"] == origin


def test_ai_general_deploys_the_type_it_has_fewest_of_at_its_figure():
    state = started(("elyse",))
    data, ctx = state.data, _ctx(state)
    region = board(state, "adrael")["region"]
    data["regions"][region]["units"]["adrael"] = {"infantry": 2, "cavalry": 1, "ranged": 1}
    assert ai.run_icon(ctx, "adrael", Icon("deploy", type="any"))
    assert units_of(data, region, "adrael") == {"infantry": 2, "cavalry": 2, "ranged": 1}
    board(state, "adrael")["pool"]["ranged"] = 0
    assert ai.run_icon(ctx, "adrael", Icon("deploy", type="any"))  # ranged gone: cavalry/infantry tie
    assert units_of(data, region, "adrael") == {"infantry": 3, "cavalry": 2, "ranged": 1}


def test_ai_general_collects_from_the_controlled_region_with_most_tokens():
    state = started(("elyse",))
    data, ctx = state.data, _ctx(state)
    _clear_power(data)
    home = board(state, "adrael")["region"]
    other = next(r for r in ctx.content.map.order if r != home and not data["regions"][r]["units"]
                 and not data["regions"][r]["neutral"])
    data["regions"][other]["units"]["adrael"] = {"infantry": 1, "cavalry": 0, "ranged": 0}
    _put_power(data, home, 1)
    _put_power(data, other, 2)
    assert ai.run_icon(ctx, "adrael", Icon("collect"))
    assert data["regions"][other]["power"] == 1 and data["regions"][home]["power"] == 1


def test_ai_dragon_flies_toward_the_nearest_unguarded_power_stopping_there():
    state = started(("elyse",))
    data, ctx = state.data, _ctx(state)
    _clear_power(data)
    origin = board(state, "nagasha")["region"]
    goal = next(r for r in ctx.content.map.order if ctx.content.map.distance(origin, r) == 2)
    data["supply"]["neutral"] += data["regions"][goal]["neutral"]
    data["regions"][goal]["neutral"] = 0
    data["regions"][goal]["units"] = {}
    _put_power(data, goal)
    assert ai.run_icon(ctx, "nagasha", Icon("fly", n=3))
    assert board(state, "nagasha")["region"] == goal


def test_ai_dragon_does_not_fly_off_unguarded_power():
    state = started(("elyse",))
    data, ctx = state.data, _ctx(state)
    _clear_power(data)
    origin = board(state, "nagasha")["region"]
    data["supply"]["neutral"] += data["regions"][origin]["neutral"]
    data["regions"][origin]["neutral"] = 0
    data["regions"][origin]["units"] = {}
    _put_power(data, origin)
    assert not ai.run_icon(ctx, "nagasha", Icon("fly", n=2))
    assert board(state, "nagasha")["region"] == origin


@pytest.mark.rule("DRG-AI-22")
def test_ai_moves_measure_nearest_without_closed_mountain_borders():
    state = started(("elyse",))
    data, ctx = state.data, _ctx(state)
    m = ctx.content.map
    pair = next(((a, b) for a, b in m.borders if m.is_mountain(a, b)), None)
    if pair is None:
        pytest.skip("no mountain border on the map")
    a, b = pair
    _clear_power(data)
    data["supply"]["neutral"] += sum(r["neutral"] for r in data["regions"].values())
    for r in data["regions"].values():
        r["neutral"] = 0
        r["units"] = {}
    board(state, "nagasha")["region"] = a
    _put_power(data, b)
    data.setdefault("modifiers", []).append({"kind": "mountains_closed"})
    path = m.shortest_path(a, b, mountains_closed=True)
    moved = ai.run_icon(ctx, "nagasha", Icon("fly", n=1))
    assert moved == (path is not None)
    if path is not None:
        assert board(state, "nagasha")["region"] == path[1]
        assert not m.is_mountain(a, path[1])
