"""Starting a combat (spec 5.20): legal targets and who decides the combat's paused choices.
The `attack` icon itself (decision 9.2 #8) is tested in test_attack_icon.py, the AI readings in
test_proxy.py."""
from __future__ import annotations

import pytest

from engine.core import Rng
from engine.dragonbond.context import Ctx
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import combat

from .scenario import started


def _game(seed: int = 1):
    state = started(("elyse",), first=0)
    ctx = Ctx(state.data, Rng(seed), 0)
    ctx.queue.clear()
    for r in ctx.data["regions"].values():
        ctx.data["supply"]["neutral"] += r["neutral"]
        r["neutral"] = 0
        r["units"] = {}
    return state, ctx


def _units(ctx, general, region, inf=0, cav=0, ran=0):
    ctx.data["regions"][region]["units"][general] = {"infantry": inf, "cavalry": cav, "ranged": ran}


@pytest.mark.rule("DRG-COMBAT-2", "DRG-COMBAT-5")
def test_legal_targets_are_neutrals_present_generals_and_dragons_never_self_or_ally():
    _, ctx = _game()
    ctx.board("elyse")["region"] = "willow_fords"
    _units(ctx, "elyse", "willow_fords", 1)
    ctx.board("adrael")["region"] = "willow_fords"                 # figure only: still a target
    ctx.board("nagasha")["region"] = "willow_fords"
    ctx.data["regions"]["willow_fords"]["neutral"] = 2
    ctx.data["supply"]["neutral"] -= 2
    keys = [k for k, _, _ in combat.legal_targets(ctx, "elyse", "willow_fords")]
    assert keys == ["neutral", "nagasha", "adrael"]
    ctx.board("elyse")["bonded_with"] = "nagasha"
    ctx.board("nagasha")["bonded_with"] = "elyse"
    keys = [k for k, _, _ in combat.legal_targets(ctx, "elyse", "willow_fords")]
    assert keys == ["neutral", "adrael"]
    assert [k for k, _, _ in combat.legal_targets(ctx, "nagasha", "willow_fords")] == ["neutral", "adrael"]


def test_an_ai_attackers_combat_pauses_for_the_human_targets_seat():
    for seed in range(50):
        _, ctx = _game(seed)
        ctx.meta = {"seat": 3}                                       # as if run from another seat's step
        ctx.board("elyse")["region"] = "willow_fords"
        _units(ctx, "elyse", "willow_fords", 4, 4, 0)
        _units(ctx, "adrael", "willow_fords", 1)
        combat.start(ctx, "adrael", {"kind": "general", "who": "elyse"}, "willow_fords")
        pause = DRG.drain(ctx)
        assert pause is not None
        if pause.kind == "counter_or_retreat":
            assert ctx.queue[0]["meta"]["seat"] == 0
            return
    raise AssertionError("no seed led to the target's choice")
