"""Wounds and death (NEM-WOUND, NEM-HEAL-1..3)."""
from __future__ import annotations

from ..context import Ctx
from .holding import arm_wound
from .places import in_facility

SERIOUS_LIMIT = 3


def light_wound(ctx: Ctx, seat: int, n: int = 1) -> None:
    """NEM-WOUND-2: step 0→1→2; a third turns into a Serious Wound."""
    for _ in range(n):
        player = ctx.player(seat)
        if not in_facility(player):
            return
        if len(player["serious"]) >= SERIOUS_LIMIT:
            die(ctx, seat, "wounds")                   # NEM-WOUND-5
            return
        if player["light"] < 2:
            player["light"] += 1
            ctx.emit("light_wound", seat=seat, light=player["light"])
        else:
            player["light"] = 0
            serious_wound(ctx, seat)


def serious_wound(ctx: Ctx, seat: int, n: int = 1) -> None:
    """NEM-WOUND-3/5/10: draw a Serious Wound card; with three already, the character dies. With the
    option ``death_at_three_serious`` (the seed's reading, NEM-DEC-70) the third card itself kills."""
    for _ in range(n):
        player = ctx.player(seat)
        if not in_facility(player):
            return
        if getattr(ctx, "armor_vest", None) == seat:         # 7.4 Armor Vest: a Light Wound instead
            ctx.armor_vest = None
            ctx.emit("wound_absorbed", seat=seat)
            light_wound(ctx, seat)
            continue
        if len(player["serious"]) >= SERIOUS_LIMIT:
            die(ctx, seat, "wounds")
            return
        deck = ctx.data["decks"]["wound"]
        if not deck and ctx.data["discards"]["wound"]:
            deck[:] = ctx.data["discards"]["wound"]
            ctx.data["discards"]["wound"] = []
            ctx.rng.shuffle(deck)
        card = deck.pop() if deck else None
        kind = ctx.content.serious_wounds[card].id if card else "generic"
        player["serious"].append({"card": card, "type": kind, "dressed": False})
        ctx.emit("serious_wound", seat=seat, wound=kind)
        if ctx.data.get("death_at_three") and len(player["serious"]) >= SERIOUS_LIMIT:
            die(ctx, seat, "wounds")                        # NEM-DEC-70: three cards collected
            return
        if kind == "arm":
            arm_wound(ctx, seat)                            # NEM-HEAVY-8


def die(ctx: Ctx, seat: int, cause: str) -> None:
    """NEM-WOUND-6/8: corpse, dropped objects, items gone, contingencies to the Neutral Pool."""
    player = ctx.player(seat)
    if player["where"] in ("dead", "evacuated", "bunker"):
        return
    room = player["room"]
    if player["where"] == "facility" and room is not None:
        rooms = ctx.data["rooms"]
        rooms[room]["objects"] += [h["object"] for h in player["hands"] if "object" in h]
        if ctx.data["corpse_supply"] > 0:
            ctx.data["corpse_supply"] -= 1
            rooms[room]["objects"].append("corpse")
    things = player["hands"] + player["inventory"] + ([player["starting_item"]] if player["starting_item"] else [])
    ctx.data["removed"] += [held["item"] for thing in things          # NEM-WOUND-6: out of the game
                            for held in (thing, thing.get("taped") or {}) if held.get("item")]
    player["hands"], player["inventory"], player["starting_item"] = [], [], None
    player["quest"] = None if player["quest"] and not player["quest"]["active"] else player["quest"]
    player["larva"] = False
    ctx.data["neutral"] += player["contingency"]
    player["contingency"] = []
    player["where"], player["cause"] = "dead", cause
    ctx.emit("character_died", seat=seat, cause=cause, room=room)
    if not ctx.data["milestones"]["first_death"]:
        ctx.data["milestones"]["first_death"] = True       # NEM-MILESTONE-3
        if not ctx.data["main_gate_open"]:
            ctx.data["main_gate_open"] = True
            ctx.emit("main_gate_opened")
