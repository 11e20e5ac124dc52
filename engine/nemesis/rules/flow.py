"""The flow of the game as steps on the shared effect queue (engine.core.effects): set-up picks,
rounds, the Event Phase and the small decisions inside them. A step that needs a player pauses
with a prompt; its answer resumes it — all kept as plain data in the state. The interpreter, ``NEM``,
is effects.py's (the game's one)."""
from __future__ import annotations

from typing import Any

from engine.core.effects import Pause

from ..context import Ctx
from ..effects import NEM
from ..setup import CHARACTER_ORDER, start_character
from . import end, event_phase, turns
from .places import exits_of, has_noise, in_order, set_noise


@NEM.primitive("draft")
def draft(ctx: Ctx, answer: Any = None) -> Pause | None:
    """NEM-SETUP-11: draw two unpicked characters, keep one (option draft=free: any unpicked)."""
    data = ctx.data
    taken = {p["character"] for p in data["players"]}
    free = [c for c in CHARACTER_ORDER if c not in taken]
    offer = data.setdefault("draft_offer", {})
    key = str(ctx.actor)
    if key not in offer:
        if data["draft"] == "free":
            offer[key] = free
        else:
            picks = list(free)
            ctx.rng.shuffle(picks)
            offer[key] = sorted(picks[:2], key=CHARACTER_ORDER.index)
    if answer is None:
        return Pause("draft", tuple(offer[key]))
    del offer[key]
    start_character(data, ctx.actor, str(answer))
    ctx.emit("character_drafted", seat=ctx.actor, character=answer)
    return None


@NEM.primitive("begin")
def begin(ctx: Ctx) -> None:
    """After the draft: round 1 (NEM-SETUP-19, NEM-ROUND-3)."""
    ctx.data.pop("draft_offer", None)
    turns.start_round(ctx)


@NEM.primitive("start_round")
def start_round(ctx: Ctx) -> None:
    if not ctx.ended():
        turns.start_round(ctx)


@NEM.primitive("end_player_phase")
def end_player_phase(ctx: Ctx) -> None:
    if not ctx.ended():
        turns.end_player_phase(ctx)
        queued = len(ctx.queue)
        end.check_last_out(ctx)
        # the Event Phase, then the next round, as if queued before the check (what it queues goes first)
        ctx.run_each(queued, *event_phase.EVENT_STEPS, "start_round")


def _event_step(name: str) -> None:
    step = getattr(event_phase, name)

    @NEM.primitive(name)
    def run(ctx: Ctx) -> None:
        if not ctx.ended():
            step(ctx)
            end.check_last_out(ctx)


for _name in event_phase.EVENT_STEPS:
    _event_step(_name)


@NEM.primitive("keep_objective")
def keep_objective(ctx: Ctx) -> None:
    """NEM-MILESTONE-1/2: everyone holding two objectives keeps one (in order, privately)."""
    holders = [p["seat"] for p in ctx.data["players"] if len(p["objectives"]) > 1 and p["where"] != "dead"]
    for seat in reversed(in_order(ctx.data, holders)):  # each push goes first: push the last first
        ctx.push("keep_one_objective", seat=seat)


@NEM.primitive("keep_one_objective")
def keep_one_objective(ctx: Ctx, answer: Any = None) -> Pause | None:
    """The answer names the kept card by its place among the player's objectives (``o0``, ``o1``, as
    their view lists them), never by id: commands are public (NEM-OBJECTIVE-1)."""
    player = ctx.player()
    if answer is None:
        return Pause("keep_objective", tuple(f"o{i}" for i in range(len(player["objectives"]))))
    kept = player["objectives"][int(str(answer)[1:])]
    removed = [o for o in player["objectives"] if o != kept]
    player["objectives"] = [kept]
    ctx.data["removed"] += removed
    ctx.emit("objective_kept", seat=ctx.actor)
    return None


@NEM.primitive("careful_noise", room=str)
def careful_noise(ctx: Ctx, room: str, answer: Any = None) -> Pause | None:
    """NEM-SNEAK-3/8: the mover marks an empty exit of the Room instead of rolling."""
    empty = [e for e in exits_of(room) if not has_noise(ctx.data, e)]
    if not empty or ctx.player()["room"] != room:
        return None
    if answer is None:
        return Pause("noise_exit", tuple(empty))
    set_noise(ctx.data, str(answer), True)
    ctx.emit("noise_placed", exit=answer)
    return None
