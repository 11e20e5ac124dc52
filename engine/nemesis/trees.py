"""Running the content's effect trees (spec 7.1) — the primitives the rules have reached so far.

A loaded tree is a call ``{name: args}`` (args named, positional or one value), a bare name, or a
tuple (a seq). `run_tree` walks it with the bindings of where it runs (``target``: the attacked
character, ``room``: the Room of the effect). A primitive without a handler yet is not silently
dropped: it is reported as an ``effect_not_ready`` event, so play and logs show what is missing.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .context import Ctx
from .vocabulary import PRIMITIVES, _param

Handler = Callable[[Ctx, dict[str, Any], dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}


def handles(name: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        HANDLERS[name] = handler
        return handler
    return register


def named_args(name: str, args: object) -> dict[str, Any]:
    """A call's arguments by parameter name, whichever way the content wrote them."""
    params = [_param(spec) for spec in PRIMITIVES.get(name, ())]
    names = [p[0] for p in params]
    if args is None or not params:
        return {}
    if isinstance(args, Mapping) and all(key in names for key in args):
        return dict(args)
    if isinstance(args, tuple) and not (len(params) == 1 and not params[0][2]):
        if params[-1][2] and len(args) >= len(params):
            return {**dict(zip(names[:-1], args)), names[-1]: args[len(params) - 1:]}
        return dict(zip(names, args))
    return {names[0]: args}


def run_tree(ctx: Ctx, tree: object, **bindings: Any) -> None:
    if tree is None or ctx.ended():
        return
    if isinstance(tree, tuple):
        for node in tree:
            run_tree(ctx, node, **bindings)
        return
    if isinstance(tree, str):
        name, args = tree, None
    else:
        [(name, args)] = tree.items()
    handler = HANDLERS.get(name)
    if handler is None:
        ctx.emit("effect_not_ready", primitive=name)
        return
    handler(ctx, named_args(name, args), bindings)


def seat_of(ctx: Ctx, who: object, bindings: dict[str, Any]) -> int | None:
    if who in ("target", None) and "target" in bindings:
        return int(bindings["target"])
    if who in ("self", None):
        return ctx.actor
    if who == "it" and "it" in bindings:
        return int(bindings["it"])
    return None


def room_of(ctx: Ctx, where: object, bindings: dict[str, Any]) -> str | None:
    if where in ("actor_room", None):
        return bindings.get("room") or ctx.player()["room"]
    if where == "it" and "it" in bindings:
        return str(bindings["it"])
    return where if isinstance(where, str) and where in ctx.data["rooms"] else None


@handles("wound")
def _wound(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    from .rules import wounds
    seat = seat_of(ctx, args.get("who"), bindings)
    if seat is None:
        return
    n = int(args.get("n", 1))
    (wounds.serious_wound if args.get("severity") == "serious" else wounds.light_wound)(ctx, seat, n)


@handles("gain_contamination")
def _contamination(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    from .rules import hand
    seat = seat_of(ctx, args.get("who"), bindings)
    if seat is not None:
        hand.gain_contamination(ctx, seat, int(args.get("n", 1)))


@handles("knowledge")
def _knowledge(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    seat = seat_of(ctx, args.get("who"), bindings)
    if seat is not None:
        player = ctx.player(seat)
        player["knowledge"] = min(10, player["knowledge"] + int(args.get("delta", 1)))   # NEM-DEC-5
        ctx.emit("knowledge_changed", seat=seat, knowledge=player["knowledge"])


@handles("slime")
def _slime(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    seat = seat_of(ctx, args.get("who"), bindings)
    if seat is not None:
        ctx.player(seat)["slime"] = args.get("op", "add") != "remove"
        ctx.emit("slime", seat=seat, on=ctx.player(seat)["slime"])


@handles("place")
def _place(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    from .rules import board_markers
    kind, where = args.get("kind"), args.get("where")
    if kind == "noise" and where == "tech_space":
        ctx.data["tech_noise"] = True
        return
    room = room_of(ctx, where, bindings)
    if room is not None and kind in ("fire", "malfunction"):
        board_markers.place(ctx, str(kind), room)
    elif room is not None:
        ctx.emit("effect_not_ready", primitive=f"place {kind}")


@handles("encounter")
def _encounter(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    from .rules import intruders
    seat = seat_of(ctx, args.get("trigger"), bindings)
    room = room_of(ctx, args.get("room"), bindings)
    if seat is not None and room is not None:
        intruders.encounter(ctx, room, seat)
