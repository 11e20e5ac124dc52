"""The end of the game and the Victory Check (NEM-END, NEM-SURVIVE, NEM-VICTORY, NEM-CONTINGENCY-6,
NEM-OBJECTIVE)."""
from __future__ import annotations

from engine.core import Data

from ..content import content
from ..context import Ctx
from ..objectives import holds, objective_met
from . import hand
from .coop import signal_shortfall
from .css import e1_css
from .places import active_seats

OUTSIDE = ("bunker", "evacuated")


def destroy_facility(ctx: Ctx, why: str) -> None:
    """NEM-END-3: everyone in a Facility Room or locked in dies, every intruder dies (the Queen too)."""
    ctx.data["facility_destroyed"] = True
    ctx.data["queen_killed"] = True                     # NEM-INTRUDERDMG-9
    ctx.data["out_tokens"] += [i["token"] for i in ctx.data["intruders"].values() if i["token"]]
    ctx.data["intruders"] = {}
    finish(ctx, "destroyed", why)


def purge(ctx: Ctx, why: str) -> None:
    """NEM-END-1: the game ends; whoever is still in a Facility Room dies; intruders survive.
    An Autodestruction token on the track makes it a destruction instead (NEM-END-4, NEM-ALERT-3)."""
    if ctx.data["selfdestruct"] is not None:
        destroy_facility(ctx, why)
    else:
        finish(ctx, "purge", why)


def finish(ctx: Ctx, kind: str, why: str) -> None:
    """Resolve the end (NEM-END-5/6 pods die unless launched), then the Victory Check."""
    data = ctx.data
    if data["phase"] == "over":
        return
    if any(seat is not None for seat in data["pods"].values()) and str(data["time"]) in data["css"]:
        e1_css(ctx)                                     # NEM-END-5: the pending launch first
    for pod, seat in data["pods"].items():
        if seat is not None:                            # NEM-END-6: still in a pod, dies with the rest
            data["pods"][pod] = None
    for player in data["players"]:
        dies = player["where"] in ("facility", "pod") or (kind == "destroyed" and player["where"] == "locked")
        if dies and player["character"] is not None:
            player["where"], player["cause"] = "dead", kind
            ctx.emit("character_died", seat=player["seat"], cause=kind, room=player["room"])
    data["phase"] = "over"
    data["end"] = {"kind": kind, "why": why}
    ctx.emit("game_ended", kind=kind, why=why)
    victory_check(ctx)


def check_last_out(ctx: Ctx) -> None:
    """NEM-END-4: no living character left in a Facility Room ends the game at once."""
    data = ctx.data
    if data["phase"] in ("player", "event") and not active_seats(data):
        purge(ctx, "no one is left in the Facility")


def contamination_check(ctx: Ctx, seat: int) -> bool:
    """NEM-VICTORY-2..4: True when the character passes."""
    player = ctx.player(seat)
    cards = player["deck"] + player["hand"] + player["discard"]
    infected = {c.id for c in ctx.content.contamination if c.infected}
    if not player["larva"] and not any(card in infected for card in cards):
        return True
    ctx.rng.shuffle(cards)
    return not any(hand.is_contamination(card) for card in cards[:4])


def survives_contingency(data: Data, player: Data, colour: str) -> bool:
    """NEM-CONTINGENCY-6: the colour's `kills` condition from the YAML (Yellow: Knowledge <= 4,
    NEM-DEC-29); no condition kills nobody."""
    kills = next(c.kills for c in content().tokens.contingency_colours if c.colour == colour)
    return kills is None or not holds(data, player["seat"], kills)


def victory_check(ctx: Ctx) -> None:
    """NEM-VICTORY: contingency, contamination, then objectives; the results go to ``data["result"]``
    (NEM-VICTORY-8: per player the route, each check's outcome and the objective verdict)."""
    data = ctx.data
    colour = next(t.colour for t in ctx.content.tokens.contingency_tokens if t.id == data["contingency_active"])
    ctx.emit("contingency_revealed", colour=colour, reveals=True)
    result = {}
    for player in data["players"]:                      # NEM-VICTORY-2: in Player Number order
        seat = player["seat"]
        route = player["where"]
        alive = route in ("locked", "bunker", "evacuated")
        entry = {"route": route, "alive": alive, "contingency": None, "contamination": None,
                 "reason": "" if alive else f"died ({player.get('cause') or 'in the Facility'})"}
        if alive:
            entry["contingency"] = survives_contingency(data, player, colour)
            if not entry["contingency"]:
                entry["alive"], entry["reason"] = False, f"the {colour.lower()} contingency"
        if entry["alive"]:
            entry["contamination"] = contamination_check(ctx, seat)
            if not entry["contamination"]:
                entry["alive"], entry["reason"] = False, "contamination"
        result[str(seat)] = entry
    data["result"] = result
    for player in data["players"]:
        entry = result[str(player["seat"])]
        kept = player["objectives"]
        entry["objective"] = kept[0] if kept else None
        entry["objective_met"] = bool(kept) and all(objective_met(data, player["seat"], o) for o in kept)
        entry["won"] = entry["alive"] and entry["objective_met"]
    if data["mode"] == "coop":                          # NEM-VICTORY-7
        signal_shortfall(data, result)                  # NEM-COOP-5
        team = any(e["alive"] for e in result.values()) and all(e["objective_met"] for e in result.values())
        for entry in result.values():
            entry["won"] = team
    ctx.emit("victory_check", result=result, reveals=True)
