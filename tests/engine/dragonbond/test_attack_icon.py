"""The `attack` icon (spec 7.1.1, decision 9.2 #8): targets, approach, mountains (rules/attack.py)."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import attack

from .scenario import answer_move, board, pending, play, started
from .test_combat_sequence import WF, _bond, _exact, _game, _here, _neutral, _units

GF, HP = "golden_fields", "highpass"                                # WF-GF open, WF-HP a mountain


def _refused(fn, *args):
    with pytest.raises(Refused) as refused:
        fn(*args)
    return refused.value.rule_id


@pytest.mark.rule("DRG-COMBAT-1", "DRG-MOVE-5")
def test_entering_a_region_never_fights_only_the_attack_icon_starts_a_combat():
    state = started(("elyse",))
    play(state, "0: place ely_a1")                                   # move, then attack
    events = play(state, "0: pass")
    kind, seat, options = pending(state)
    assert kind == "icon_move"
    assert f"move/allarian_crownlands/{WF}" in options
    events = answer_move(state, "allarian_crownlands", WF, {"infantry": 1, "cavalry": 1, "ranged": 1}, figure=True)
    assert "combat_started" not in [e.kind for e in events]          # neutral units there: no fight
    kind, seat, options = pending(state)
    assert kind == "icon_attack" and f"attack/{WF}/neutral" in options
    assert all(o.startswith("attack/") for o in options)
    events = play(state, f"0: answer attack/{WF}/neutral")
    started_ = [e.data for e in events if e.kind == "combat_started"]
    assert started_ == [{"attacker": "elyse", "target": "neutral", "region": WF}]
    assert board(state, "elyse")["region"] == WF


@pytest.mark.rule("DRG-COMBAT-4", "DRG-DEC-19", "DRG-COMBAT-19", "DRG-MOVE-7")
def test_a_general_attacks_with_units_approaching_from_an_adjacent_region_and_they_stay():
    _, ctx = _game(_exact("crit1", "crit1"))
    ctx.board("elyse")["region"] = GF
    _units(ctx, "elyse", GF, 2)
    _neutral(ctx, WF, 1)
    options = attack.options(ctx, "elyse")
    assert f"attack/{WF}/neutral" in options and all(o.count("/") == 2 for o in options)
    ctx.data["arrived"] = []
    attack.begin(ctx, "elyse", f"attack/{WF}/neutral")
    pause = DRG.drain(ctx)
    assert (pause.kind, pause.options) == ("attack_approach", (f"{GF}.infantry.1", f"{GF}.infantry.2"))  # no 0
    pause = DRG.resume(ctx, f"{GF}.infantry.2")
    assert (pause.kind, pause.options) == ("attack_approach", (f"figure.{GF}", "no_figure"))
    assert DRG.resume(ctx, f"figure.{GF}") is None
    assert ctx.data["regions"][WF]["neutral"] == 0
    assert _here(ctx, "elyse", WF)["infantry"] == 2 and not any(_here(ctx, "elyse", GF).values())
    assert ctx.board("elyse")["region"] == WF and "elyse" in ctx.data["arrived"]


@pytest.mark.rule("DRG-COMBAT-4")
def test_an_approach_from_afar_or_leaving_no_unit_in_the_combat_region_is_refused():
    _, ctx = _game()
    _units(ctx, "elyse", "serpent_mire", 2)                          # not adjacent to WF
    _units(ctx, "elyse", GF, 1)
    _neutral(ctx, WF, 1)
    assert _refused(attack.apply, ctx, "elyse", f"attack/{WF}/neutral/serpent_mire.infantry.2") == "DRG-COMBAT-4"
    assert _refused(attack.apply, ctx, "elyse", f"attack/{WF}/neutral") == "DRG-COMBAT-4"
    assert _refused(attack.apply, ctx, "elyse", f"attack/{WF}/neutral/{GF}.infantry.5") == "DRG-COMBAT-4"


@pytest.mark.rule("DRG-COMBAT-3", "DRG-COMBAT-5")
def test_a_dragon_attacks_only_in_its_own_region():
    _, ctx = _game()
    ctx.board("nagasha")["region"] = WF
    _neutral(ctx, WF, 1)
    _neutral(ctx, GF, 1)
    _units(ctx, "adrael", WF, 1)
    assert attack.options(ctx, "nagasha") == (f"attack/{WF}/neutral", f"attack/{WF}/adrael")
    assert _refused(attack.apply, ctx, "nagasha", f"attack/{GF}/neutral") == "DRG-COMBAT-3"
    assert _refused(attack.apply, ctx, "nagasha", f"attack/{WF}/elyse") == "DRG-COMBAT-5"


@pytest.mark.rule("DRG-BONDED-2")
def test_the_bonded_ally_is_never_offered_nor_accepted_as_a_target():
    _, ctx = _game()
    _bond(ctx, "elyse", "nagasha")
    ctx.board("nagasha")["region"] = WF
    _units(ctx, "elyse", WF, 1)
    assert attack.options(ctx, "elyse") == ()
    assert _refused(attack.apply, ctx, "elyse", f"attack/{WF}/nagasha") == "DRG-BONDED-2"


@pytest.mark.rule("DRG-MOUNTAIN-5", "DRG-DEC-52", "DRG-MOUNTAIN-2")
def test_only_units_crossing_a_mountain_border_give_the_target_the_mountain():
    _, ctx = _game()
    ctx.board("elyse")["region"] = HP                                # the figure crosses...
    _units(ctx, "elyse", GF, 1)                                      # ...the units do not
    _neutral(ctx, WF, 1)
    attack.apply(ctx, "elyse", f"attack/{WF}/neutral/{GF}.infantry.1+figure.{HP}")
    assert ctx.data["combat"]["mountain"] is False
    _, ctx = _game()
    _units(ctx, "elyse", HP, 1)
    _neutral(ctx, WF, 1)
    attack.apply(ctx, "elyse", f"attack/{WF}/neutral/{HP}.infantry.1")
    assert ctx.data["combat"]["mountain"] is True


@pytest.mark.rule("DRG-UPGRADE-5")
def test_mountain_riders_exempt_crossing_cavalry_only():
    for units, mountain in (((0, 2), False), ((1, 2), True)):
        _, ctx = _game()
        ctx.board("elyse")["upgrades"] = ["up_mountain_riders"]
        _units(ctx, "elyse", HP, *units)
        _neutral(ctx, WF, 1)
        text = "+".join(f"{HP}.{t}.{n}" for t, n in zip(("infantry", "cavalry"), units) if n)
        attack.apply(ctx, "elyse", f"attack/{WF}/neutral/{text}")
        assert ctx.data["combat"]["mountain"] is mountain


@pytest.mark.rule("DRG-MOVE-8", "DRG-DEC-47")
def test_no_approach_crosses_a_mountain_while_the_storm_blows():
    _, ctx = _game()
    ctx.data.setdefault("modifiers", []).append({"kind": "mountains_closed", "duration": "round",
                                                 "side": None, "holder": None, "when": {}})
    _units(ctx, "elyse", HP, 1)
    _units(ctx, "elyse", GF, 1)
    _neutral(ctx, WF, 1)
    attack.begin(ctx, "elyse", f"attack/{WF}/neutral")
    assert [s for s in attack.approach_stages(ctx, "elyse", WF, {}, None)] == [
        (GF, "infantry"), ("figure", "allarian_crownlands")]           # no stage for HP's unit
    pause = DRG.drain(ctx)                                           # GF's 1 infantry must come
    assert (pause.kind, pause.options) == ("attack_approach", ("figure.allarian_crownlands", "no_figure"))
    DRG.resume(ctx, "no_figure")
    assert _here(ctx, "elyse", WF)["infantry"] == 1 and _here(ctx, "elyse", HP)["infantry"] == 1
    _, ctx = _game()
    ctx.data.setdefault("modifiers", []).append({"kind": "mountains_closed", "duration": "round",
                                                 "side": None, "holder": None, "when": {}})
    _units(ctx, "elyse", HP, 1)
    _neutral(ctx, WF, 1)
    assert f"attack/{WF}/neutral" not in attack.options(ctx, "elyse")   # HP's unit may not approach
    assert _refused(attack.apply, ctx, "elyse", f"attack/{WF}/neutral/{HP}.infantry.1") == "DRG-MOVE-8"


@pytest.mark.rule("DRG-COMBAT-4")
def test_an_approach_brings_part_of_a_neighbours_units_in_staged_decisions():
    from engine.dragonbond.vocabulary import Icon

    from .effect_helpers import kinds_of, run_icon
    state, ctx = _game()
    _units(ctx, "elyse", GF, 2)                                      # the figure is in allarian_crownlands
    _neutral(ctx, WF, 1)
    run_icon(state, "elyse", Icon("attack"))
    kind, seat, options = pending(state)
    assert (kind, seat) == ("icon_attack", 0) and f"attack/{WF}/neutral" in options
    play(state, f"0: answer attack/{WF}/neutral")
    assert pending(state) == ("attack_approach", 0, (f"{GF}.infantry.1", f"{GF}.infantry.2"))   # one must come
    with pytest.raises(Refused) as refused:
        play(state, f"0: answer {GF}.infantry.0")
    assert refused.value.rule_id == "DRG-COMBAT-4"
    play(state, f"0: answer {GF}.infantry.1")
    assert pending(state) == ("attack_approach", 0, ("figure.allarian_crownlands", "no_figure"))
    events = play(state, "0: answer no_figure")
    approach = [e for e in kinds_of(events, "pieces_moved") if e.get("cause") == "approach"]
    assert approach == [{"character": "elyse", "origin": GF, "destination": WF, "units": {"infantry": 1},
                         "figure": False, "cause": "approach"}]
    assert kinds_of(events, "combat_started")[0]["region"] == WF
    assert _here(state_ctx(state), "elyse", GF)["infantry"] == 1      # one stayed behind
    assert board(state, "elyse")["region"] == "allarian_crownlands"


def state_ctx(state):
    from engine.core import Rng
    from engine.dragonbond.context import Ctx
    return Ctx(state.data, Rng(1), 0)


@pytest.mark.rule("DRG-COMBAT-4")
def test_units_already_in_the_combat_region_let_every_approach_stage_offer_none():
    _, ctx = _game()
    _units(ctx, "elyse", WF, 1)
    _units(ctx, "elyse", GF, 2)
    _neutral(ctx, WF, 1)
    ctx.board("elyse")["region"] = WF                                # the figure is already in T: no stage
    attack.begin(ctx, "elyse", f"attack/{WF}/neutral")
    pause = DRG.drain(ctx)
    assert (pause.kind, pause.options) == ("attack_approach", (f"{GF}.infantry.0", f"{GF}.infantry.1",
                                                               f"{GF}.infantry.2"))
    DRG.resume(ctx, f"{GF}.infantry.0")
    assert _here(ctx, "elyse", GF)["infantry"] == 2


@pytest.mark.rule("DRG-MOUNTAIN-2", "DRG-MOUNTAIN-5")
def test_a_staged_approach_keeps_the_mountain_for_crossing_units_only():
    for taken, figure, mountain in (({HP: {"infantry": 1}, GF: {"cavalry": 0}}, "", True),
                                    ({HP: {"infantry": 0}, GF: {"cavalry": 1}}, "", False)):
        _, ctx = _game()
        _units(ctx, "elyse", HP, 2)
        _units(ctx, "elyse", GF, 0, 1)
        _neutral(ctx, WF, 1)
        assert attack.attack_approach(ctx, "elyse", WF, "neutral", taken=taken, figure=figure) is None
        assert ctx.data["combat"]["mountain"] is mountain
        assert _here(ctx, "elyse", HP)["infantry"] == 2 - taken[HP]["infantry"]


@pytest.mark.rule("DRG-COMBAT-4")
def test_the_first_stage_answer_names_no_approach():
    _, ctx = _game()
    _units(ctx, "elyse", GF, 1)
    _neutral(ctx, WF, 1)
    assert _refused(attack.begin, ctx, "elyse", f"attack/{WF}/neutral/{GF}.infantry.1") == "DRG-COMBAT-4"
    assert _refused(attack.begin, ctx, "elyse", f"attack/{HP}/neutral") == "DRG-COMBAT-5"
