"""The parts every game's rules share (engine/core/effects.py, errors.py): a context that reads the
game's content once, the pending choice read from the effect queue in plain data, and `refuse`."""
from __future__ import annotations

import pytest

from engine.core import Refused, refuse
from engine.core.effects import EffectInterpreter, Pause, RuleContext, pending_choice

LOADS: list[str] = []


def toy_content() -> dict[str, str]:
    LOADS.append("loaded")
    return {"board": "a toy board"}


class ToyCtx(RuleContext):
    content_loader = toy_content


def test_a_context_reads_its_games_content_through_the_loader_it_names() -> None:
    LOADS.clear()
    ctx = ToyCtx({"effects": []}, None, 0)
    assert ctx.content == {"board": "a toy board"} and LOADS == ["loaded"]
    assert RuleContext({"effects": []}, None, 0).content is None   # a game without content files


def test_the_pending_choice_is_the_paused_front_of_the_queue_with_its_seat() -> None:
    interp = EffectInterpreter("TOY")

    @interp.primitive("ask")
    def ask(ctx: RuleContext, answer: object = None) -> Pause | None:
        return Pause("colour", ("red", "blue")) if answer is None else None

    data: dict = {"effects": []}
    ctx = RuleContext(data, None, 0)
    assert pending_choice(data) is None
    interp.push(ctx, interp.parse(["ask"], "test"), {"seat": 2})
    interp.drain(ctx)
    assert pending_choice(data) == ("colour", 2, ("red", "blue"))
    interp.resume(ctx, "red")
    assert pending_choice(data) is None


def test_refuse_names_the_rule_broken() -> None:
    with pytest.raises(Refused) as refused:
        raise refuse("TOY-MOVE-1", "a move takes at least one step")
    assert refused.value.rule_id == "TOY-MOVE-1" and str(refused.value) == "TOY-MOVE-1: a move takes at least one step"


def test_a_pending_decision_must_be_the_one_its_step_asks_now() -> None:
    interp = EffectInterpreter("TOY")

    @interp.primitive("ask")
    def ask(ctx: RuleContext, answer: object = None) -> Pause | None:
        if ctx.data["broken"]:
            raise KeyError("no colours left")
        return Pause("colour", tuple(ctx.data["colours"])) if answer is None else None

    data: dict = {"effects": [], "colours": ["red", "blue"], "broken": False}
    interp.push(RuleContext(data, None, 0), interp.parse(["ask"], "test"), {"seat": 1})
    interp.drain(RuleContext(data, None, 0))
    assert interp.decision_problems(data, RuleContext) == []
    data["colours"].append("green")                         # the step would now offer three colours
    assert interp.decision_problems(data, RuleContext) == ["the pending colour is not the decision its step asks now"]
    data["broken"] = True
    assert interp.decision_problems(data, RuleContext) == [
        "the pending colour cannot be asked on this state (KeyError)"]
    assert interp.decision_problems({"effects": []}, RuleContext) == []   # nothing waits: nothing to check
