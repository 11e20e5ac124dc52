"""The AI's proxy and the AI's attack and casualty readings (DRG-AI-7..18, spec 7.8, rules/proxy.py)."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import ai, combat, proxy
from engine.dragonbond.vocabulary import Icon

from .scenario import pending, play
from .test_combat_sequence import WF, _bond, _exact, _game, _here, _neutral, _pw, _set_power, _units

GF, SR = "golden_fields", "sunken_ruins"


@pytest.mark.rule("DRG-AI-10", "DRG-AI-13", "DRG-DEC-36")
def test_the_proxy_is_the_human_bonded_ally_else_the_first_player():
    state, ctx = _game(humans=("elyse", "nagasha"))
    data = ctx.data
    assert data["first"] == "elyse"
    assert proxy.proxy_seat(data, "ferellon") == 0                   # unbonded: the first player
    _bond(ctx, "nagasha", "adrael")
    assert proxy.proxy_seat(data, "adrael") == 1                     # its human ally (seat 1)
    _bond(ctx, "elyse", "ferellon")
    data["boards"]["ferellon"]["bonded_with"] = None
    _bond(ctx, "adrael", "ferellon")                                 # an AI ally: the first player
    assert proxy.proxy_seat(data, "ferellon") == 0


def _tied_dragon(seed=1, **options):
    state, ctx = _game(seed, humans=("elyse", "nagasha"))
    ctx.data["options"].update(options)
    ctx.board("ferellon")["region"] = WF
    ctx.board("ferellon")["health"] = 1
    _neutral(ctx, WF, 1)                                             # strength 1 ...
    _units(ctx, "adrael", WF, 1)                                     # ... and strength 1: a tie
    _set_power(ctx, "ferellon", 0)
    _set_power(ctx, "elyse", 0)
    return state, ctx


@pytest.mark.rule("DRG-AI-11", "DRG-DEC-37", "DRG-AI-10")
def test_an_ai_tie_is_the_proxys_choice_among_exactly_the_tied_options():
    state, ctx = _tied_dragon()
    assert ai.dragon_attack_options(ctx, "ferellon") == (f"attack/{WF}/neutral", f"attack/{WF}/adrael")
    assert ai.run_icon(ctx, "ferellon", Icon("attack"))
    DRG.drain(ctx)
    kind, seat, options = pending(state)
    assert (kind, seat) == ("ai_tie", 0) and options == (f"attack/{WF}/neutral", f"attack/{WF}/adrael")
    with pytest.raises(Refused) as refused:
        play(state, f"0: answer attack/{WF}/elyse")
    assert refused.value.rule_id == "DRG-AI-11"
    with pytest.raises(Refused):
        play(state, f"1: answer attack/{WF}/neutral")                # not the proxy's seat
    events = play(state, f"0: answer attack/{WF}/neutral")
    assert [e.data["attacker"] for e in events if e.kind == "combat_started"] == ["ferellon"]


@pytest.mark.rule("DRG-AI-12")
def test_the_results_of_a_proxys_choice_belong_to_the_ai():
    _, ctx = _tied_dragon(_exact("crit1"))
    ai.run_icon(ctx, "ferellon", Icon("attack"))
    assert DRG.drain(ctx).kind == "ai_tie"
    assert DRG.resume(ctx, f"attack/{WF}/neutral") is None
    assert ctx.data["regions"][WF]["neutral"] == 0
    assert _pw(ctx, "ferellon") == 1 and _pw(ctx, "elyse") == 0     # devour: the AI's, not the proxy's


@pytest.mark.rule("DRG-AI-14")
def test_with_ai_tie_break_random_the_tie_is_drawn_not_asked():
    _, ctx = _tied_dragon(ai_tie_break="random")
    ai.run_icon(ctx, "ferellon", Icon("attack"))
    broken = [e.data for e in ctx.events if e.kind == "ai_tie_broken"]
    assert len(broken) == 1 and broken[0]["by"] == "random"
    assert ctx.data["combat"]["attacker"] == "ferellon"
    assert DRG.pending(ctx) is None


@pytest.mark.rule("DRG-AI-18", "DRG-AI-10")
def test_an_ai_general_loses_its_most_numerous_type_and_a_tie_goes_to_the_proxy():
    _, ctx = _game(_exact("crit1"))
    _units(ctx, "adrael", WF, 2, 1, 1)
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 1
    combat.start(ctx, "nagasha", {"kind": "general", "who": "adrael"}, WF)
    DRG.drain(ctx)
    removed = [e.data["units"] for e in ctx.events if e.kind == "units_removed"]
    assert removed[0] == {"infantry": 1}                            # 2 infantry: no choice
    _, ctx = _game(_exact("crit1"))
    _units(ctx, "adrael", WF, 1, 1, 0)
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 1
    combat.start(ctx, "nagasha", {"kind": "general", "who": "adrael"}, WF)
    pause = DRG.drain(ctx)
    assert pause.kind == "allocate_damage" and ctx.queue[0]["meta"]["seat"] == 0
    assert pause.options == ("lose/infantry.1", "lose/cavalry.1")
    DRG.resume(ctx, "lose/cavalry.1")
    removed = [e.data["units"] for e in ctx.events if e.kind == "units_removed"]
    assert removed[0] == {"cavalry": 1}


@pytest.mark.rule("DRG-DEC-37", "DRG-AI-6")
def test_the_ai_general_attacks_the_weakest_target_where_its_army_stands():
    _, ctx = _game()
    ctx.board("adrael")["region"] = WF
    _units(ctx, "adrael", WF, 3)
    _neutral(ctx, WF, 2)
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 1
    assert ai.general_attack_options(ctx, "adrael") == (f"attack/{WF}/nagasha",)
    assert ai.run_icon(ctx, "adrael", Icon("attack"))
    assert ctx.data["combat"]["target"] == {"kind": "dragon", "who": "nagasha"}


@pytest.mark.rule("DRG-DEC-37", "DRG-DEC-19")
def test_the_ai_general_approaches_an_adjacent_target_preferring_power_then_the_weakest():
    _, ctx = _game()
    ctx.board("adrael")["region"] = WF
    _units(ctx, "adrael", WF, 2, 1)
    _neutral(ctx, GF, 1)                                             # weaker, but no power
    _neutral(ctx, SR, 3)
    ctx.data["regions"][SR]["power"] = 1
    ctx.data["supply"]["power"] -= 1
    assert ai.general_attack_options(ctx, "adrael") == (
        f"attack/{SR}/neutral/{WF}.infantry.2+{WF}.cavalry.1+figure.{WF}",)
    assert ai.run_icon(ctx, "adrael", Icon("attack"))
    assert ctx.board("adrael")["region"] == SR
    assert _here(ctx, "adrael", SR) == {"infantry": 2, "cavalry": 1, "ranged": 0}
    assert ctx.data["combat"]["target"]["kind"] == "neutral"


def test_an_ai_general_with_no_unit_on_the_map_skips_attack():
    _, ctx = _game()
    ctx.board("adrael")["region"] = WF
    _neutral(ctx, WF, 1)
    assert ai.general_attack_options(ctx, "adrael") == ()


@pytest.mark.rule("DRG-AI-10", "DRG-DEC-37")
def test_a_tie_in_an_ai_move_goes_to_the_proxy():
    state, ctx = _game()
    ctx.board("adrael")["region"] = WF
    _units(ctx, "adrael", WF, 1)
    for region in (GF, SR):                                         # two nearest objectives
        ctx.data["regions"][region]["power"] = 1
        ctx.data["supply"]["power"] -= 1
    options = ai.move_options(ctx, "adrael")
    assert options == (f"move/{WF}/{GF}/infantry.1+figure", f"move/{WF}/{SR}/infantry.1+figure")
    ai.run_icon(ctx, "adrael", Icon("move"))
    DRG.drain(ctx)
    assert pending(state)[:2] == ("ai_tie", 0)
    play(state, f"0: answer move/{WF}/{SR}/infantry.1+figure")
    assert ctx.board("adrael")["region"] == SR
