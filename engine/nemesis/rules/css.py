"""The Cargo Sending System's launch (NEM-CSS-7..11): step E1 of the Event Phase, which the end of
the game also runs first for a launch still pending (NEM-END-5)."""
from __future__ import annotations

from ..context import Ctx
from . import wounds


def e1_css(ctx: Ctx) -> None:
    """NEM-CSS-7..11: a face-down CSS token on the Time slot launches the pods."""
    data = ctx.data
    token_id = data["css"].pop(str(data["time"]), None)
    if token_id is None:
        return
    token = next(t for t in ctx.content.tokens.css_tokens if t.id == token_id)
    data["css_launched"].append(token_id)
    ctx.emit("css_launch", token=token_id, outcome=token.outcome, reveals=True)
    for pod, seat in data["pods"].items():
        if seat is None:
            continue
        data["pods"][pod] = None
        player = ctx.player(seat)
        if pod in token.evacuates:
            player["where"] = "evacuated"
            ctx.emit("evacuated", seat=seat, pod=pod)
        else:
            room = next(r for r in ctx.content.board.order
                        if ctx.content.tiles[data["rooms"][r]["tile"]].pod == pod)
            player["where"], player["room"], player["pod"] = "facility", room, None
            ctx.emit("pod_failed", seat=seat, pod=pod)
            wounds.serious_wound(ctx, seat)             # NEM-CSS-11
