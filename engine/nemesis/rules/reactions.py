"""Reaction windows (NEM-ACTION-13/17/18/20, NEM-DEC-44/69/78) and other players' consents.

An action that can be interrupted is *declared*: its cost is paid, then `declare` queues an
Interruption window before the action's own step. The window asks, one at a time, each other
character in the actor's Room who holds an Interruption card (option ``reaction_prompt``:
``only_when_playable``, the default, NEM-DEC-44), starting with the player after the actor
(NEM-ACTION-18). A played Interruption opens the same question for a counter-Interruption by anyone
else in that Room. When nobody answers any more, an odd number of Interruptions cancels the action
(its cost stays paid, NEM-COST-6); an even number lets it resolve.
"""
from __future__ import annotations

from typing import Any

from engine.core.effects import Param, Pause, to_plain

from ..context import Ctx
from ..effects import NEM
from .hand import card_kind
from .places import characters_in, in_facility

INTERRUPTION = "interruption"
PLAY, PASS = "play", "pass"


def interruption_card(player: dict[str, Any]) -> str | None:
    return next((c for c in player["hand"] if card_kind(c) == INTERRUPTION), None)


def _after(n: int, seat: int, seats: list[int]) -> list[int]:
    """``seats`` in table order starting with the player after ``seat``."""
    order = [(seat + step) % n for step in range(1, n + 1)]
    return [s for s in order if s in seats]


def eligible(data: dict[str, Any], room: str, against: int, asked: list[int]) -> list[int]:
    """Who may still answer: characters in ``room`` other than ``against`` holding an Interruption."""
    seats = [s for s in characters_in(data, room) if s != against and s not in asked
             and interruption_card(data["players"][s]) is not None]
    if data.get("reaction_prompt") == "always":
        seats = [s for s in characters_in(data, room) if s != against and s not in asked]
    return _after(len(data["players"]), against, seats)


def _waiting(data: dict[str, Any], room: str, against: int, asked: list[int]) -> list[int]:
    """Who the window asks next, in order: `eligible` characters still standing in the Facility."""
    return [s for s in eligible(data, room, against, asked) if in_facility(data["players"][s])]


def declare(ctx: Ctx, seat: int, action: dict[str, Any]) -> None:
    """The action is declared and paid: open the Interruption window, then resolve ``action`` (a step).

    Declaring is the last thing an action's command does, so the window's step would run next on this
    very state: when it would ask nobody, it would only queue ``action`` to run next, which runs at once
    (its step never pauses)."""
    room = ctx.player(seat)["room"]
    if not _waiting(ctx.data, room, seat, []):
        [(name, params)] = action.items()
        ctx.run_now(name, params, seat=seat)
        return
    ctx.push({"interruption": {"actor": seat, "room": room, "action": action, "chain": [], "asked": []}},
             seat=seat)


@NEM.primitive("interruption", actor=int, room=str, action=object, chain=tuple[int, ...], asked=tuple[int, ...])
def interruption(ctx: Ctx, actor: int, room: str, action: Any, chain: tuple[int, ...], asked: tuple[int, ...],
                 answer: Any = None) -> Pause | None:
    data = ctx.data
    against = chain[-1] if chain else actor
    waiting = _waiting(data, room, against, list(asked))
    if answer is None:
        if waiting:
            ctx.meta = {**ctx.meta, "seat": waiting[0]}
            return Pause("interruption", (PLAY, PASS))
        if len(chain) % 2:
            ctx.emit("action_cancelled", seat=actor, by=chain[-1])
            cancelled = dict(to_plain(action))
            [(name, params)] = cancelled.items()
            ctx.push({name: {**params, "cancelled": True}}, seat=actor)
        else:
            ctx.push(to_plain(action), seat=actor)
        return None
    seat = waiting[0]
    player = data["players"][seat]
    card = interruption_card(player)
    if answer == PLAY and card is not None:         # "always" mode: a play without the card is a pass
        player["hand"].remove(card)
        player["discard"].append(card)                      # NEM-HAND-7
        ctx.emit("interruption_played", seat=seat, against=against, cancels="action" if not chain else "interruption")
        ctx.push({"interruption": {"actor": actor, "room": room, "action": to_plain(action),
                                   "chain": list(chain) + [seat], "asked": []}}, seat=actor)
    else:
        ctx.push({"interruption": {"actor": actor, "room": room, "action": to_plain(action), "chain": list(chain),
                                   "asked": list(asked) + [seat]}}, seat=actor)
    return None


def offer_escort(ctx: Ctx, seat: int, start: str, to: str) -> None:
    """Facility Tour: the chosen character moves along if their player agrees (no noise roll for them)."""
    player = ctx.player(seat)
    if in_facility(player) and player["room"] == start:
        ctx.push({"escort": {"start": start, "to": to}}, seat=seat)


# -- declared actions of any verb ------------------------------------------------------------------------

Resolver = Any   # (ctx, seat, args: dict, cancelled: bool) -> None
RESOLVERS: dict[str, Resolver] = {}


def resolver(verb: str):
    """Register how a declared action of ``verb`` resolves (``cancelled`` when an Interruption won)."""
    def register(fn: Resolver) -> Resolver:
        RESOLVERS[verb] = fn
        return fn
    return register


def declare_action(ctx: Ctx, seat: int, verb: str, args: dict[str, Any]) -> None:
    """Declared and paid: the Interruption window, then the resolver of ``verb``, then the action counts."""
    ctx.emit("action_declared", seat=seat, action=verb)
    declare(ctx, seat, {"declared_action": {"seat": seat, "verb": verb, "args": args}})


@NEM.primitive("declared_action", seat=int, verb=str, args=object, cancelled=Param(bool, False))
def declared_action(ctx: Ctx, seat: int, verb: str, args: Any, cancelled: bool) -> None:
    queued = len(ctx.queue)
    RESOLVERS[verb](ctx, seat, dict(to_plain(args)), cancelled)
    ctx.run_after(queued, "finish_action", {"seat": seat}, seat=seat)    # once what the action queued is done
