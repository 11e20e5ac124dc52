"""Full co-operative mode: reviving the dead in the Emergency Room (NEM-COOP-6..9).

Corpse tokens are plain "corpse" objects (wounds.die), so a Corpse in the Emergency Room — on the
floor or carried by a character standing there — revives the dead characters in Player Number order,
one Corpse each.
"""
from __future__ import annotations

from ..content import content
from ..context import Ctx
from ..vocabulary import CONDITION, names_in
from .places import intruders_in

EMERGENCY_ROOM = "emergency_room"


def emergency_room(ctx: Ctx) -> str | None:
    """The Room holding the Emergency Room tile, when it is explored."""
    for room, state in ctx.data["rooms"].items():
        if state["tile"] == EMERGENCY_ROOM and state["explored"]:
            return room
    return None


def take_corpse(ctx: Ctx, room: str) -> bool:
    """Remove one Corpse from the Room's floor, else from a character standing there (NEM-COOP-7)."""
    data = ctx.data
    if "corpse" in data["rooms"][room]["objects"]:
        data["rooms"][room]["objects"].remove("corpse")
        return True
    for player in data["players"]:
        if player["where"] == "facility" and player["room"] == room:
            for thing in player["hands"]:
                if thing.get("object") == "corpse":
                    player["hands"].remove(thing)
                    return True
    return False


def revive(ctx: Ctx) -> None:
    """NEM-COOP-6/7/8: at the start of a round, before drawing, in co-op only."""
    data = ctx.data
    if data["mode"] != "coop":
        return
    room = emergency_room(ctx)
    if room is None or data["rooms"][room]["malfunction"] or intruders_in(data, room):
        return
    for player in data["players"]:
        if player["where"] != "dead" or player["character"] is None or not take_corpse(ctx, room):
            continue
        data["corpse_supply"] += 1
        player["where"], player["room"], player["pod"], player["cause"] = "facility", room, None, None
        player["light"] = 0
        for wound in player["serious"]:
            wound["dressed"] = True
        player["hands"], player["inventory"], player["starting_item"] = [], [], None
        ctx.emit("character_revived", seat=player["seat"], room=room)


SIGNAL_CONDITIONS = frozenset({"signal", "has_signal"})


def needs_signal(objective: str) -> bool:
    return bool(names_in(content().objectives[objective].condition, CONDITION) & SIGNAL_CONDITIONS)


def signal_shortfall(data: dict, result: dict) -> None:
    """NEM-COOP-5: each met objective requiring the Signal needs a different signalling character
    (alive after the checks); with fewer signallers than such objectives, none of them is met."""
    met = [(str(p["seat"]), o) for p in data["players"] for o in p["objectives"]
           if result[str(p["seat"])]["objective_met"] and needs_signal(o)]
    signallers = [p for p in data["players"] if p["signal"] and result[str(p["seat"])]["alive"]]
    if len(met) > len(signallers):
        for seat, _ in met:
            result[seat]["objective_met"] = False
            result[seat]["won"] = False
