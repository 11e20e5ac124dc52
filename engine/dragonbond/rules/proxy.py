"""The AI's proxy (DRG-AI-10..14, DRG-DEC-36): who decides what an AI's rules leave open.

`proxy_seat(data, ai)` is the seat of the AI's bonded ally when that ally is human, otherwise the
seat of the current first player (DRG-AI-10, -13).

How a rule asks (the `ask_proxy` pattern): a rule that reaches a choice for an AI character lists
the legal options as strings and calls ``ask_proxy(ctx, ai, purpose, options)``; ``purpose`` names
a finisher registered with `@finisher("purpose")`: a function ``(ctx, ai, option) -> None`` that
carries the choice out *for the AI* (DRG-AI-12: every result belongs to the AI). Then:
- one option: the finisher runs at once, nobody is asked;
- option ``ai_tie_break: random`` (``data["options"]``; the spec's parameter is the default): the
  option is drawn with the game's generator and logged (DRG-AI-14);
- otherwise the step ``ai_tie`` is queued to run next, for the proxy's seat: it pauses as the
  decision ``ai_tie`` (9.2 #20) with exactly those options (DRG-AI-11) and runs the finisher with
  the answer. Because the step is queued, the caller must do nothing after ``ask_proxy`` in the
  same step that depends on the choice; queue such work before calling (it runs after).

Decisions a proxy answers under their own kind (not ``ai_tie``) — the retreat destination of an
AI (``choose_retreat_region``) and the units an AI general loses on a tie (``allocate_damage``) —
are paused by their rule with ``seat=proxy_seat(...)``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Data, refuse
from engine.core.effects import Pause

from ..context import ANSWER_RULES, Ctx
from ..effects import DRG

Finisher = Callable[[Ctx, str, str], None]
FINISHERS: dict[str, Finisher] = {}

ANSWER_RULES.update({"ai_tie": "DRG-AI-11"})


def proxy_seat(data: Data, ai_character: str) -> int:
    """DRG-AI-10/13: the bonded ally's seat if the ally is human, else the first player's seat."""
    ally = data["boards"][ai_character]["bonded_with"]
    if ally is not None and data["boards"][ally]["seat"] is not None:
        return data["boards"][ally]["seat"]
    return data["boards"][data["first"]]["seat"]


def tie_break(ctx: Ctx) -> str:
    """DRG-AI-14: the game option ``ai_tie_break`` if set, else the parameter (default "proxy")."""
    return (ctx.data.get("options") or {}).get("ai_tie_break") or ctx.content.params.ai_tie_break


def finisher(purpose: str) -> Callable[[Finisher], Finisher]:
    def register(fn: Finisher) -> Finisher:
        FINISHERS[purpose] = fn
        return fn
    return register


def ask_proxy(ctx: Ctx, ai_character: str, purpose: str, options: tuple[str, ...]) -> None:
    """Settle an AI's open choice among ``options`` (see the module text)."""
    options = tuple(options)
    if not options:
        return
    if len(options) == 1:
        FINISHERS[purpose](ctx, ai_character, options[0])
        return
    if tie_break(ctx) == "random":
        chosen = options[ctx.rng.below(len(options))]
        ctx.emit("ai_tie_broken", character=ai_character, purpose=purpose, options=list(options),
                 chosen=chosen, by="random")
        FINISHERS[purpose](ctx, ai_character, chosen)
        return
    ctx.push({"ai_tie": {"character": ai_character, "purpose": purpose, "options": list(options)}},
             seat=proxy_seat(ctx.data, ai_character))


@DRG.primitive("ai_tie", character=str, purpose=str, options=tuple[str, ...])
def ai_tie(ctx: Ctx, character: str, purpose: str, options: tuple[str, ...],
           answer: Any = None) -> Pause | None:
    """9.2 #20: the proxy picks one of the tied options; the choice is the AI's (DRG-AI-12)."""
    if ctx.ended():
        return None
    if answer is None:
        return Pause("ai_tie", tuple(options))
    if answer not in options:
        raise refuse("DRG-AI-11", f"{answer!r} is not one of the AI's tied options")
    ctx.emit("ai_tie_broken", character=character, purpose=purpose, options=list(options),
             chosen=answer, by="proxy")
    FINISHERS[purpose](ctx, character, str(answer))
    return None
