"""Dragon healing (DRG-HEAL, DRG-AI-21) on the building blocks of engine.dragonbond.rules.heal,
run against a live game's state: Nagasha is a human dragon (seat 1), Ferellon an AI one."""
from __future__ import annotations

import pytest

from engine.core import Refused, Rng
from engine.dragonbond.context import Ctx
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import heal

from .scenario import started


def _game():
    state = started(("elyse", "nagasha"), first=0)
    ctx = Ctx(state.data, Rng(1), 1)
    ctx.queue.clear()
    return state, ctx


def _up(ctx, owner):
    ctx.push({"card_comes_up": {"owner": owner}})
    return DRG.drain(ctx)


@pytest.mark.rule("DRG-HEAL-1")
def test_a_damaged_dragon_may_heal_one_instead_of_executing():
    _, ctx = _game()
    ctx.board("nagasha")["health"] = 3
    pause = _up(ctx, "nagasha")
    assert pause.kind == "heal_or_execute"
    assert DRG.resume(ctx, "heal") is None
    assert ctx.board("nagasha")["health"] == 4 and ctx.data["card_mode"] == "heal"
    ctx.board("nagasha")["health"] = 3
    _up(ctx, "nagasha")
    assert DRG.resume(ctx, "execute") is None
    assert ctx.board("nagasha")["health"] == 3 and ctx.data["card_mode"] == "execute"


@pytest.mark.rule("DRG-HEAL-2", "DRG-DEC-29")
def test_a_dragon_at_full_health_cannot_heal_instead():
    _, ctx = _game()
    assert ctx.board("nagasha")["health"] == 5
    with pytest.raises(Refused) as refused:
        heal.declare_heal(ctx, "nagasha")
    assert refused.value.rule_id == "DRG-HEAL-2"
    assert _up(ctx, "nagasha") is None and ctx.data["card_mode"] == "execute"


@pytest.mark.rule("DRG-HEAL-3", "DRG-DEC-29")
def test_a_dragon_at_zero_heals_two_automatically_and_executes_nothing():
    _, ctx = _game()
    ctx.board("nagasha")["health"] = 0
    assert _up(ctx, "nagasha") is None                            # no choice is offered
    assert ctx.board("nagasha")["health"] == 2 and ctx.data["card_mode"] == "heal"


@pytest.mark.rule("DRG-HEAL-4")
def test_health_never_exceeds_the_maximum():
    _, ctx = _game()
    ctx.board("ferellon")["health"] = 5
    assert heal.heal(ctx, "ferellon", 2) == 1
    assert ctx.board("ferellon")["health"] == 6


@pytest.mark.rule("DRG-HEAL-5")
def test_a_dragon_at_zero_executes_no_icon_until_healed():
    _, ctx = _game()
    ctx.board("nagasha")["health"] = 0
    assert not heal.can_execute_icons(ctx.data, "nagasha")
    assert heal.can_execute_icons(ctx.data, "elyse")              # generals have no health
    heal.heal(ctx, "nagasha", 1)
    assert heal.can_execute_icons(ctx.data, "nagasha")


@pytest.mark.rule("DRG-HEAL-7")
def test_health_is_checked_as_each_card_comes_up():
    _, ctx = _game()
    ctx.board("nagasha")["health"] = 0
    assert _up(ctx, "nagasha") is None                            # first card: the automatic heal
    assert _up(ctx, "nagasha").kind == "heal_or_execute"          # second card: health 2, a choice
    assert DRG.resume(ctx, "execute") is None
    assert ctx.data["card_mode"] == "execute"


@pytest.mark.rule("DRG-AI-21")
def test_an_ai_dragon_heals_at_or_below_half_health_and_executes_above():
    _, ctx = _game()
    ctx.board("ferellon")["health"] = 3                           # floor(6 / 2)
    assert _up(ctx, "ferellon") is None and ctx.data["card_mode"] == "heal"
    assert ctx.board("ferellon")["health"] == 4
    assert _up(ctx, "ferellon") is None and ctx.data["card_mode"] == "execute"
    assert ctx.board("ferellon")["health"] == 4
