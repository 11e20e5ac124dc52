"""Modifiers (spec 7.1.2) in combat: dice, rerolls, conversions, ignored hits, upgrades, Dragonbond
cards, and the pre-roll Vaala windows (DRG-DEC-50). Fixed dice by seed search, as in
test_combat_sequence."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import combat, modifiers

from .test_combat_sequence import WF, _bond, _exact, _game, _here, _mod, _neutral, _rolls, _units

# --- the modifier table ---------------------------------------------------------------------------

def test_modifiers_apply_by_side_and_condition_and_clear_by_duration():
    _, ctx = _game()
    _units(ctx, "elyse", WF, 1)
    _units(ctx, "adrael", WF, 1)
    fight = {"attacker": "elyse", "target": {"kind": "general", "who": "adrael"}, "region": WF,
             "exchange": 1, "rolling": "attack"}
    _mod(ctx, "elyse", kind="dice", value=2, side="self")
    modifiers.add(ctx, "adrael", {"kind": "no_retreat", "side": "opponent", "duration": "round",
                                  "when": {"role": "target"}}, "test")
    assert modifiers.values(ctx, "elyse", "dice", fight) == [2]
    assert modifiers.values(ctx, "adrael", "dice", fight) == []
    assert modifiers.values(ctx, "elyse", "no_retreat", fight) == [True]          # adrael is the target
    modifiers.clear_exchange(ctx.data)
    assert modifiers.values(ctx, "elyse", "dice", fight) == []
    assert modifiers.values(ctx, "elyse", "no_retreat", fight) == [True]
    modifiers.clear_round(ctx.data)
    assert modifiers.values(ctx, "elyse", "no_retreat", fight) == []


@pytest.mark.rule("DRG-UPGRADE-5", "DRG-STRENGTH-8", "DRG-DICE-3")
def test_longbows_add_a_die_only_when_attacking_with_ranged_and_strength_is_unchanged():
    _, ctx = _game(_exact("blank", "blank", "blank"))
    ctx.board("elyse")["upgrades"] = ["up_longbows"]
    _units(ctx, "elyse", WF, 1, 0, 1)
    _neutral(ctx, WF, 1)
    combat.start(ctx, "elyse", {"kind": "neutral"}, WF)
    assert combat.side_strength(ctx, {"kind": "general", "who": "elyse"}, WF) == 2
    DRG.drain(ctx)
    assert _rolls(ctx)[0] == ("elyse", 3)
    _, ctx = _game(_exact("blank", "blank"))
    ctx.board("elyse")["upgrades"] = ["up_longbows"]
    _units(ctx, "elyse", WF, 2)                                      # no ranged unit: no extra die
    _neutral(ctx, WF, 1)
    combat.start(ctx, "elyse", {"kind": "neutral"}, WF)
    DRG.drain(ctx)
    assert _rolls(ctx)[0] == ("elyse", 2)


@pytest.mark.rule("DRG-UPGRADE-5")
def test_shieldwall_ignores_one_hit_as_target_in_the_first_exchange_only():
    _, ctx = _game(_exact("hit1"))
    ctx.board("elyse")["upgrades"] = ["up_shieldwall"]
    _units(ctx, "elyse", WF, 2)
    _units(ctx, "adrael", WF, 0, 1)
    combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, WF)
    assert DRG.drain(ctx).kind == "counter_or_retreat"
    assert [e.data for e in ctx.events if e.kind == "hits_ignored"] == [{"n": 1, "cause": "effect"}]
    assert ctx.data["combat"]["held"] == 0
    ctx.data["combat"]["exchange"] = 2
    assert modifiers.values(ctx, "elyse", "ignore_hits", ctx.data["combat"]) == []


@pytest.mark.rule("DRG-DEC-4", "DRG-DICE-3")
def test_dice_have_no_cap():
    _, ctx = _game()
    ctx.board("elyse")["region"] = WF
    _units(ctx, "elyse", WF, 2, 2, 2)
    _neutral(ctx, WF, 1)
    combat.start(ctx, "elyse", {"kind": "neutral"}, WF)
    _mod(ctx, "elyse", kind="dice", value=2, side="self")
    assert combat.dice_for(ctx, ctx.data["combat"], {"kind": "general", "who": "elyse"}) == 10
    DRG.drain(ctx)
    assert _rolls(ctx)[0] == ("elyse", 10)


@pytest.mark.rule("DRG-DICE-5")
def test_reroll_blanks_rerolls_each_blank_once_and_keeps_the_new_faces():
    _, ctx = _game(_exact("blank", "blank", "crit1", "blank"))
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 2
    _neutral(ctx, WF, 3)
    combat.start(ctx, "nagasha", {"kind": "neutral"}, WF)
    _mod(ctx, "nagasha", kind="reroll_blanks", side="self")          # nag_v1
    DRG.drain(ctx)
    first = [e for e in ctx.events if e.kind in ("dice_rolled", "dice_rerolled")][:3]
    assert [(e.kind, e.data["faces"]) for e in first[:2]] == [
        ("dice_rolled", ["blank", "blank"]), ("dice_rerolled", ["crit1", "blank"])]
    assert first[2].kind == "dice_rolled" and first[2].data["side"] == "neutral"   # the blank stays
    assert len(first[2].data["faces"]) == 2                          # the crit removed one neutral


@pytest.mark.rule("DRG-CRIT-6", "DRG-DEC-57", "DRG-CRIT-5")
def test_crit_conversion_applies_before_crits_as_normal():
    _, ctx = _game(_exact("hit1", "crit1"))
    _units(ctx, "adrael", WF, 2)
    ctx.board("ferellon")["region"] = WF
    combat.start(ctx, "adrael", {"kind": "dragon", "who": "ferellon"}, WF)
    _mod(ctx, "adrael", kind="crit_conversion", value=2, side="self", when={"role": "attacker"})   # adr_v1
    _mod(ctx, "ferellon", kind="crits_as_normal", side="opponent", when={"role": "target"})      # fer_v2
    DRG.drain(ctx)
    converted = [(e.data["n"], e.data["to"]) for e in ctx.events if e.kind == "hits_converted"]
    assert converted[:2] == [(1, "crit"), (2, "normal")]
    counter = next(i for i, e in enumerate(ctx.events) if e.kind == "dice_rolled" and e.data["side"] == "ferellon")
    assert not [e for e in ctx.events[:counter] if e.kind == "damage"]      # no critical damage


@pytest.mark.rule("DRG-AI-17", "DRG-BONDED-6")
def test_a_bonded_ai_dragons_card_protects_its_human_general():
    _, ctx = _game(_exact("hit1"))
    _bond(ctx, "elyse", "nagasha")                                   # Nagasha is an AI here
    ctx.board("nagasha")["region"] = WF
    _units(ctx, "elyse", WF, 2)
    _units(ctx, "adrael", WF, 0, 1)
    combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, WF)
    assert DRG.drain(ctx).kind == "counter_or_retreat"
    assert [e.data for e in ctx.events if e.kind == "hits_ignored"] == [{"n": 1, "cause": "effect"}]
    ctx.board("nagasha")["region"] = "serpent_mire"                  # Nagasha not there: nothing
    assert modifiers.values(ctx, "elyse", "ignore_hits", ctx.data["combat"]) == []


@pytest.mark.rule("DRG-MOUNTAIN-6")
def test_a_dragons_attack_never_carries_the_mountain_protection():
    _, ctx = _game()
    ctx.board("nagasha")["region"] = WF
    _neutral(ctx, WF, 1)
    combat.start(ctx, "nagasha", {"kind": "neutral"}, WF, mountain=True)
    assert ctx.data["combat"]["mountain"] is False


# --- pre-roll Vaala windows -----------------------------------------------------------------------

def _two_humans(seed):
    state, ctx = _game(seed, humans=("elyse", "nagasha"))
    for ch, hand in (("elyse", ["ely_v1", "ely_v2"]), ("nagasha", ["nag_v1"])):
        b = ctx.board(ch)
        b["vaala_deck"] = [c for c in b["vaala_deck"] if c not in hand]
        b["vaala_hand"] = list(hand)
        b["power"]["unspent"] = 2
        ctx.data["supply"]["power"] -= 2
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 1
    _units(ctx, "elyse", WF, 1)
    return state, ctx


@pytest.mark.rule("DRG-DEC-50", "DRG-VAALA-5", "DRG-COMBAT-6", "DRG-VAALA-3")
def test_the_attacker_then_the_target_may_cast_one_combat_card_before_the_roll():
    _, ctx = _two_humans(_exact("blank", "blank", "blank", "blank"))
    combat.start(ctx, "elyse", {"kind": "dragon", "who": "nagasha"}, WF)
    pause = DRG.drain(ctx)
    assert pause.kind == "combat_vaala" and ctx.queue[0]["meta"]["seat"] == 0
    assert pause.options == ("decline", "cast/ely_v1/pay/own.1")      # ely_v2 is an icon card
    pause = DRG.resume(ctx, "cast/ely_v1/pay/own.1")
    assert ctx.board("elyse")["power"] == {"unspent": 1, "spent": 1}
    assert "ely_v1" in ctx.board("elyse")["vaala_discard"]
    assert pause.kind == "combat_vaala" and ctx.queue[0]["meta"]["seat"] == 1
    assert [e.data["side"] for e in ctx.events if e.kind == "dice_rolled"] == []   # not rolled yet
    pause = DRG.resume(ctx, "decline")
    assert _rolls(ctx)[0] == ("elyse", 3)                            # strength 1 + 2 (ely_v1)
    assert pause.kind == "counter_or_retreat"
    assert DRG.resume(ctx, "counter").kind == "continue_or_retreat"
    assert modifiers.values(ctx, "elyse", "dice", ctx.data["combat"]) == [2]   # still this exchange
    pause = DRG.resume(ctx, "continue")                              # exchange 2: a new window
    assert modifiers.values(ctx, "elyse", "dice", ctx.data["combat"]) == []
    assert pause.kind == "combat_vaala" and ctx.queue[0]["meta"]["seat"] == 0
    assert pause.options == ("decline",)                             # ely_v2 is an icon card
    pause = DRG.resume(ctx, "decline")
    assert pause.kind == "combat_vaala" and ctx.queue[0]["meta"]["seat"] == 1


@pytest.mark.rule("DRG-VAALA-5", "DRG-HIDDEN-2")
def test_a_role_bound_card_is_not_offered_to_the_other_role_but_the_window_still_opens():
    state, ctx = _game(_exact("blank"), humans=("elyse", "adrael"))
    b = ctx.board("adrael")
    b["vaala_hand"] = ["adr_v1"]                                     # "as attacker" only
    b["vaala_deck"].remove("adr_v1")
    b["power"]["unspent"] = 1
    ctx.data["supply"]["power"] -= 1
    _units(ctx, "elyse", WF, 1)
    _units(ctx, "adrael", WF, 1)
    combat.start(ctx, "elyse", {"kind": "general", "who": "adrael"}, WF)
    assert combat.combat_cast_options(ctx, "adrael") == ()
    pause = DRG.drain(ctx)                                           # asked all the same: whether it
    assert (pause.kind, pause.options) == ("combat_vaala", ("decline",))   # is would show its hand
    assert DRG.resume(ctx, "decline").kind == "counter_or_retreat"
    ctx.board("adrael")["vaala_hand"] = []                           # an empty hand (a public count):
    ctx.board("adrael")["vaala_deck"].append("adr_v1")
    ctx.data["combat"]["phase"] = "pre_target"                       # its window is not opened
    ctx.queue[:] = []
    ctx.push("combat_step")
    assert DRG.drain(ctx).kind == "counter_or_retreat"


@pytest.mark.rule("DRG-COUNTER-1")
def test_terror_leaves_the_target_no_retreat_this_exchange():
    state, ctx = _game(_exact("blank", "blank"), humans=("elyse", "adrael"))
    _units(ctx, "elyse", WF, 2)
    _units(ctx, "adrael", WF, 1)
    combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, WF)
    _mod(ctx, "adrael", kind="no_retreat", side="opponent", when={"role": "attacker"})   # adr_v2
    pause = DRG.drain(ctx)
    assert pause.kind == "counter_or_retreat" and pause.options == ("counter",)
    with pytest.raises(Refused) as refused:
        combat.combat_target_choice(ctx, answer="retreat")
    assert refused.value.rule_id == "DRG-COUNTER-1"
    assert _here(ctx, "elyse", WF)["infantry"] == 2
