"""What a character holds (NEM-HEAVY, NEM-ITEM-2/7/8/9): two Hand slots (one with a Wounded Arm),
the Inventory and the item beside the board; receiving a thing, dropping it, and putting it away.

A held thing is a dict: ``{"item": id, "ammo": n}`` for an item card, ``{"object": kind}`` for an Egg,
Carcass or Corpse. Heavy items and objects sit in ``hands`` (public), normal items in ``inventory``
(hidden from the others, who see only the card backs, NEM-ITEM-2), the Probe Arm beside the board.
Commands name a held thing by its handle (rules/items.py): ``h0``/``h1`` a Hand slot, ``i0``, ``i1``, …
the Inventory in its order, and the item kept beside the board by its id.
"""
from __future__ import annotations

from typing import Any

from engine.core import Data
from engine.core.effects import Pause

from ..content import content
from ..context import Ctx
from ..effects import NEM

PUBLIC_DECKS = ("crafted", "quest", "starting")   # item cards whose identity every player knows


# -- Hand slots (NEM-HEAVY-1/8) ---------------------------------------------------------------------

def capacity(player: Data) -> int:
    """2 Hand slots, 1 with an undressed Wounded Arm (NEM-HEAVY-8)."""
    arm = any(w["type"] == "arm" and not w["dressed"] for w in player["serious"])
    return 1 if arm else 2


def free_slots(player: Data) -> int:
    return max(0, capacity(player) - len(player["hands"]))


def arm_wound(ctx: Ctx, seat: int) -> None:
    """NEM-HEAVY-8: with a Wounded Arm and both slots full, the player drops one at once (their choice)."""
    player = ctx.player(seat)
    if len(player["hands"]) > capacity(player):
        ctx.push("arm_drop", seat=seat)


@NEM.primitive("arm_drop")
def arm_drop(ctx: Ctx, answer: Any = None) -> Pause | None:
    player = ctx.player()
    if len(player["hands"]) <= capacity(player):
        return None
    if answer is None:
        return Pause("arm_drop", tuple(f"h{i}" for i in range(len(player["hands"]))))
    drop_thing(ctx, ctx.actor, str(answer), used=False)
    return None


def droppable_slots(player: Data) -> list[int]:
    return list(range(len(player["hands"])))


def starting_ammo(item_id: str) -> int | None:
    weapon = content().items[item_id].weapon
    return weapon.ammo if weapon else None


def is_heavy(ctx: Ctx, thing: Data) -> bool:
    return "object" in thing or ctx.content.items[thing["item"]].heavy


def receive(ctx: Ctx, seat: int, thing: Data) -> None:
    """NEM-HEAVY-5, NEM-CRAFT-7: heavy things straight into a Hand slot, normal items to the Inventory.
    With no free slot the thing is lost (callers offer a drop first)."""
    player = ctx.player(seat)
    if is_heavy(ctx, thing):
        if free_slots(player) <= 0:
            _put_away(ctx, player["room"], thing, used=False)
            ctx.emit("no_free_hand", seat=seat)
            return
        player["hands"].append(thing)
        ctx.emit("item_gained", seat=seat, heavy=True, thing=thing.get("item") or thing.get("object"))
    else:
        player["inventory"].append(thing)
        deck = ctx.content.items[thing["item"]].deck
        if deck in PUBLIC_DECKS:                         # the open Crafted deck, quest items: known to all
            ctx.emit("item_gained", seat=seat, heavy=False, thing=thing["item"])
        else:                                           # NEM-ITEM-2: the others see the card back
            ctx.emit("item_gained", seat=seat, heavy=False, deck=deck)
            ctx.emit("item_gained_private", audience=[seat], item=thing["item"])


def _put_away(ctx: Ctx, room: str | None, thing: Data, used: bool) -> None:
    """An object to the Room; an item used → face up to its discard (NEM-ITEM-3/8), unused → bottom
    of its deck face down (NEM-ITEM-7/8); Crafted items back to the open Crafted deck (NEM-ITEM-9)."""
    data = ctx.data
    if "object" in thing:
        if room is not None:
            data["rooms"][room]["objects"].append(thing["object"])
        return
    if thing.get("taped"):
        _put_away(ctx, room, thing["taped"], used)
    item = ctx.content.items[thing["item"]]
    if item.deck == "crafted":
        data["crafted"] = sorted(data["crafted"] + [item.id])
    elif item.deck in ("red", "yellow", "green"):
        if used:
            data["discards"][item.deck].append(item.id)
        else:
            data["decks"][item.deck].insert(0, item.id)
    else:
        data["removed"].append(item.id)                  # starting and quest items leave the game


ZONES = {"h": "hands", "i": "inventory"}


def handles(player: Data) -> list[str]:
    """The handle of every item card and object the player holds (module notes): Hand slots,
    Inventory cards, the item beside the board. An inactive quest item is not held (NEM-ITEM-12)."""
    found = [f"h{i}" for i in range(len(player["hands"]))]
    found += [f"i{i}" for i in range(len(player["inventory"]))]
    if player.get("starting_item"):
        found.append(player["starting_item"]["item"])
    return found


def item_handles(player: Data) -> list[str]:
    """The handles of the item cards the player holds (objects left out)."""
    return [h for h in handles(player) if "item" in thing_at(player, held(player, h))]  # type: ignore[arg-type]


def held(player: Data, handle: object) -> tuple[str, int] | None:
    """Where the thing a handle names is held, or None when it names nothing the player holds."""
    if not isinstance(handle, str):
        return None
    zone, number = ZONES.get(handle[:1]), handle[1:]
    if zone is not None and number.isdigit() and str(int(number)) == number:
        return (zone, int(number)) if int(number) < len(player[zone]) else None
    starting = player.get("starting_item")
    return ("starting_item", 0) if starting and starting["item"] == handle else None


def thing_at(player: Data, where: tuple[str, int]) -> Data:
    zone, i = where
    return player["starting_item"] if zone == "starting_item" else player[zone][i]


def take_held(player: Data, where: tuple[str, int]) -> Data:
    """Take the thing at ``where`` out of the player's Hand slots, Inventory or board side."""
    zone, i = where
    thing: Data
    if zone == "starting_item":
        thing, player["starting_item"] = player["starting_item"], None
    else:
        thing = player[zone].pop(i)
    return thing


def find(player: Data, ref: str) -> tuple[str, int] | None:
    """Where a thing is held: by its handle, else by item id or object kind (effects name items so)."""
    where = held(player, ref)
    if where is not None:
        return where
    for zone in ("hands", "inventory"):
        for i, thing in enumerate(player[zone]):
            if ref in (thing.get("item"), thing.get("object")):
                return zone, i
    if player.get("starting_item") and player["starting_item"]["item"] == ref:
        return "starting_item", 0
    return None


def drop_thing(ctx: Ctx, seat: int, ref: str, used: bool) -> bool:
    player = ctx.player(seat)
    where = find(player, ref)
    if where is None:
        return False
    zone = where[0]
    thing = take_held(player, where)
    _put_away(ctx, player["room"], thing, used)
    name = thing.get("item") or thing["object"]
    hidden = zone == "inventory" and ctx.content.items[name].deck not in PUBLIC_DECKS
    if used:                                              # used (NEM-ITEM-5) or discarded face up: public
        ctx.emit("item_discarded", seat=seat, thing=name, room=player["room"])
    elif hidden:                                          # NEM-ITEM-2/7/8: face down; the others see its back
        ctx.emit("dropped", seat=seat, deck=ctx.content.items[name].deck, room=player["room"])
        ctx.emit("dropped_private", audience=[seat], item=name, room=player["room"])
    else:                                   # Hand slots, the board side, crafted and quest items are public
        ctx.emit("dropped", seat=seat, thing=name, room=player["room"])
    return True


def drop_slot(ctx: Ctx, seat: int, slot: int) -> None:
    player = ctx.player(seat)
    if 0 <= slot < len(player["hands"]):
        drop_thing(ctx, seat, f"h{slot}", used=False)


def take_object(ctx: Ctx, seat: int, room: str, kind: str) -> None:
    player = ctx.player(seat)
    objects = ctx.data["rooms"][room]["objects"]
    if kind not in objects or free_slots(player) <= 0:
        return
    objects.remove(kind)
    player["hands"].append({"object": kind})
    ctx.emit("object_taken", seat=seat, object=kind, room=room)
