"""The flow of the game as steps on the shared effect queue (DRG, engine/dragonbond/effects.py):
set-up picks (spec 4), planning turns, the execution of the stack and cleanup (spec 5). A step that
needs a player pauses with a prompt; its answer resumes it — all kept as plain data in the state."""
from __future__ import annotations

from typing import Any

from engine.core.effects import Pause

from ..context import Ctx
from ..effects import DRG
from ..setup import deal, take_character
from . import planning, stack
from . import round as rounds


@DRG.primitive("choose_character")
def choose_character(ctx: Ctx, answer: Any = None) -> Pause | None:
    """DRG-SETUP-2: each human picks a character nobody has taken."""
    free = [ch for ch in ctx.data["seating"] if ch not in ctx.data["humans"]]
    if answer is None:
        return Pause("choose_character", tuple(free))
    take_character(ctx.data, ctx.actor, str(answer))
    ctx.emit("character_chosen", seat=ctx.actor, character=answer)
    return None


@DRG.primitive("deal")
def deal_step(ctx: Ctx) -> None:
    """DRG-SETUP-8..11 once the characters are known; DRG-SETUP-16 the first player at random."""
    data = ctx.data
    deal(data, ctx.rng)
    for ch in data["seating"]:
        if data["boards"][ch]["seat"] is None:
            ctx.emit("ai_player", character=ch)            # DRG-SETUP-2, DRG-AI-1
    if data["options"]["first_player"] == "random":
        seats = [s for s, ch in enumerate(data["humans"])]
        data["first"] = data["humans"][seats[ctx.rng.below(len(seats))]]
        ctx.emit("marker_moved", owner=data["first"])


@DRG.primitive("choose_first_player")
def choose_first_player(ctx: Ctx, answer: Any = None) -> Pause | None:
    """DRG-SETUP-16: the players give the marker to one of the humans (never an AI)."""
    if answer is None:
        return Pause("choose_first_player", tuple(range(len(ctx.data["humans"]))))
    ctx.data["first"] = ctx.data["humans"][int(answer)]
    ctx.emit("marker_moved", owner=ctx.data["first"])
    return None


@DRG.primitive("begin")
def begin(ctx: Ctx) -> None:
    """DRG-SETUP-17: round 1, the planning phase."""
    ctx.data["round"] = 1
    rounds.start_round(ctx)


@DRG.primitive("planning_turn")
def planning_turn(ctx: Ctx) -> None:
    if not ctx.ended():
        planning.planning_turn(ctx)


@DRG.primitive("execute")
def execute(ctx: Ctx) -> None:
    if not ctx.ended():
        stack.start_execution(ctx)


@DRG.primitive("resolve_next")
def resolve_next(ctx: Ctx) -> None:
    stack.resolve_cards(ctx)                # stack.resolve_next, its queued steps run at once


@DRG.primitive("resolve_card")
def resolve_card(ctx: Ctx) -> None:
    if not ctx.ended():
        stack.resolve_card(ctx)


@DRG.primitive("finish_card")
def finish_card(ctx: Ctx) -> None:
    stack.finish_card(ctx)
    if ctx.run_queued("oath_check"):        # queued behind it with the card, so they run next:
        ctx.run_queued("resolve_next")      # here at once


@DRG.primitive("end_execution")
def end_execution(ctx: Ctx) -> None:
    rounds.end_execution(ctx)


@DRG.primitive("cleanup")
def cleanup(ctx: Ctx) -> None:
    if not ctx.ended():
        rounds.cleanup(ctx)


@DRG.primitive("start_round")
def start_round(ctx: Ctx) -> None:
    rounds.start_round(ctx)
