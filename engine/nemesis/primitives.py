"""The character, intruder-default, item and information primitives of spec 7.1, as tree handlers.

Each handler gets the call's arguments already resolved by the walk (selectors and ``choose`` made
into seats, Room ids, intruder ids, item ids) and the bindings (``_walk`` is the running walk). They
are registered on ``NEM`` (effects.py) through ``@trees.handles``; rule modules replace a default
here by registering the same name.
"""
from __future__ import annotations

from typing import Any

from .context import Ctx
from .trees import handles, passive_item, placer, room_of, seats_of, walk_of

Args = dict[str, Any]


def _n(value: Any, default: int = 1) -> int:
    if isinstance(value, bool) or value is None:
        return default
    return int(value) if isinstance(value, int) else default


# -- character effects ----------------------------------------------------------------------------

@handles("wound")
def _wound(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import wounds
    for seat in seats_of(ctx, args.get("who"), bindings):
        n = _n(args.get("n"))
        (wounds.serious_wound if args.get("severity") == "serious" else wounds.light_wound)(ctx, seat, n)


@handles("dress")
def _dress(ctx: Ctx, args: Args, bindings: Args) -> None:
    """NEM-HEAL-1: flip undressed Serious Wounds (n, or all)."""
    for seat in seats_of(ctx, args.get("who"), bindings):
        wounds = [w for w in ctx.player(seat)["serious"] if not w["dressed"]]
        limit = len(wounds) if args.get("n") == "all" else _n(args.get("n"))
        for wound in wounds[:limit]:
            wound["dressed"] = True
            ctx.emit("wound_dressed", seat=seat, wound=wound["type"])


@handles("heal_light")
def _heal_light(ctx: Ctx, args: Args, bindings: Args) -> None:
    """NEM-HEAL-2: the Light Wound marker steps back (to 0 for all)."""
    for seat in seats_of(ctx, args.get("who"), bindings):
        player = ctx.player(seat)
        before = player["light"]
        player["light"] = 0 if args.get("n") == "all" else max(0, before - _n(args.get("n")))
        if player["light"] != before:
            ctx.emit("light_healed", seat=seat, light=player["light"])


@handles("heal_serious")
def _heal_serious(ctx: Ctx, args: Args, bindings: Args) -> None:
    """NEM-HEAL-3: discard dressed Serious Wound cards only."""
    for seat in seats_of(ctx, args.get("who"), bindings):
        player = ctx.player(seat)
        for _ in range(_n(args.get("n"))):
            dressed = next((w for w in player["serious"] if w["dressed"]), None)
            if dressed is None:
                break
            player["serious"].remove(dressed)
            if dressed["card"]:
                ctx.data["discards"]["wound"].append(dressed["card"])
            ctx.emit("serious_healed", seat=seat, wound=dressed["type"])


@handles("gain_contamination")
def _contamination(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import hand
    for seat in seats_of(ctx, args.get("who"), bindings):
        hand.gain_contamination(ctx, seat, _n(args.get("n")))


@handles("scan")
def _scan(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import cards
    zones = args.get("zones") or ("hand",)
    zones = zones if isinstance(zones, tuple) else (zones,)
    for seat in seats_of(ctx, args.get("who"), bindings):
        cards.scan(ctx, seat, tuple(zones), str(args.get("clean", "keep")), str(args.get("infected", "infect")))


@handles("remove_larva")
def _remove_larva(ctx: Ctx, args: Args, bindings: Args) -> None:
    walk = walk_of(bindings)
    removed = False
    for seat in seats_of(ctx, args.get("who"), bindings):
        player = ctx.player(seat)
        if player["larva"]:
            player["larva"] = False
            removed = True
            ctx.emit("larva_removed", seat=seat)
    if walk is not None:
        walk.marks["removed"] = removed      # the condition ``removed`` reads it (the Scalpel)


@handles("slime")
def _slime(ctx: Ctx, args: Args, bindings: Args) -> None:
    for seat in seats_of(ctx, args.get("who"), bindings):
        player = ctx.player(seat)
        on = args.get("op", "add") != "remove"
        suit = passive_item(player, "no_slime") if on else None
        if suit is not None:                                # the Battle Suit: you never gain Slime
            ctx.emit("slime_resisted", seat=seat, item=suit)
            continue
        if player["slime"] != on:
            player["slime"] = on
            ctx.emit("slime", seat=seat, on=on)


@handles("knowledge")
def _knowledge(ctx: Ctx, args: Args, bindings: Args) -> None:
    for seat in seats_of(ctx, args.get("who"), bindings):
        player = ctx.player(seat)
        player["knowledge"] = max(0, min(10, player["knowledge"] + _n(args.get("delta"))))   # NEM-DEC-5
        ctx.emit("knowledge_changed", seat=seat, knowledge=player["knowledge"])


@handles("activate_knowledge_token")
def _activate_knowledge(ctx: Ctx, args: Args, bindings: Args) -> None:
    for seat in seats_of(ctx, args.get("who"), bindings):
        ctx.player(seat)["knowledge_active"] = True
        ctx.emit("knowledge_token_active", seat=seat)


@handles("signal")
def _signal(ctx: Ctx, args: Args, bindings: Args) -> None:
    for seat in seats_of(ctx, args.get("who"), bindings):
        ctx.player(seat)["signal"] = True
        ctx.emit("signal_sent", seat=seat)


@handles("draw")
def _draw(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import hand
    for seat in seats_of(ctx, args.get("who"), bindings):
        hand.draw(ctx, seat, _n(args.get("n"), 0))


@handles("discard_hand")
def _discard_hand(ctx: Ctx, args: Args, bindings: Args) -> None:
    """NEM-HAND-7: every card in hand to the discard pile, face up."""
    for seat in seats_of(ctx, args.get("who"), bindings):
        player = ctx.player(seat)
        n = len(player["hand"])
        player["discard"] += player["hand"]
        player["hand"] = []
        ctx.emit("hand_discarded", seat=seat, n=n)


@handles("discard_from_hand")
def _discard_from_hand(ctx: Ctx, args: Args, bindings: Args) -> None:
    """The first ``n`` cards of the named type (the owner's hand order)."""
    from .rules.hand import is_contamination
    kind = args.get("type", "any")
    for seat in seats_of(ctx, args.get("who"), bindings):
        player = ctx.player(seat)
        fit = [c for c in player["hand"] if kind == "any" or (kind == "contamination") == is_contamination(c)]
        for card in fit[:_n(args.get("n"))]:
            player["hand"].remove(card)
            player["discard"].append(card)
            ctx.emit("card_discarded", seat=seat, contamination=is_contamination(card))


@handles("shuffle_all_cards")
def _shuffle_all(ctx: Ctx, args: Args, bindings: Args) -> None:
    for seat in seats_of(ctx, args.get("who"), bindings):
        player = ctx.player(seat)
        player["deck"] = player["deck"] + player["hand"] + player["discard"]
        player["hand"], player["discard"] = [], []
        ctx.rng.shuffle(player["deck"])
        ctx.emit("deck_reshuffled", seat=seat)


@handles("force_pass")
def _force_pass(ctx: Ctx, args: Args, bindings: Args) -> None:
    """NEM-ACTION-15: the action ends the turn as the player's pass (applied when the action ends)."""
    for seat in seats_of(ctx, args.get("who"), bindings):
        ctx.player(seat)["forced_pass"] = True


@handles("move_character")
def _move_character(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import moving
    to = room_of(ctx, args.get("to"), bindings) if args.get("to") not in (None, "actor_room") else None
    for seat in seats_of(ctx, args.get("who"), bindings):
        if to is None or ctx.player(seat)["where"] != "facility":
            return
        escort = args.get("escort")
        start = ctx.player(seat)["room"]
        mode = args.get("mode", "walk")
        corridor = ctx.content.board.corridor_between(start, to)
        if mode == "walk" and args.get("attacks") != "none":
            moving.walk(ctx, seat, to)
        else:
            moving.arrive(ctx, seat, to, corridor, noise=args.get("noise") != "none")
        if isinstance(escort, dict) and escort.get("escort") is not None:
            from .rules import reactions
            reactions.offer_escort(ctx, int(escort["escort"]), start, to)


@handles("take_object")
def _take_object(ctx: Ctx, args: Args, bindings: Args) -> None:
    """An object ``ROOM/kind`` (or a kind in the actor's Room) into a free Hand slot."""
    from .rules import items
    what = args.get("kind")
    if not isinstance(what, str):
        return
    room, _, kind = what.rpartition("/")
    for seat in seats_of(ctx, args.get("who"), bindings):
        items.take_object(ctx, seat, room or ctx.player(seat)["room"], kind)


@handles("drop")
def _drop(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import items
    thing = args.get("thing")
    for seat in seats_of(ctx, args.get("who"), bindings):
        if isinstance(thing, str):
            items.drop_thing(ctx, seat, thing, used=False)


@handles("discard_item")
def _discard_item(ctx: Ctx, args: Args, bindings: Args) -> None:
    """An item spent by an effect (Distraction: the item thrown to draw the intruders off) goes face
    up to its colour's discard pile, shown to all, as one-use items and crafting components do
    (NEM-ITEM-3/8, NEM-CRAFT-4); a Crafted one back to the open Crafted deck (NEM-ITEM-9). Only
    the card a Search returns and a Drop go face down under their deck (NEM-ITEM-7/8, NEM-SEARCH-4)."""
    from .rules import items
    thing = args.get("item")
    for seat in seats_of(ctx, args.get("who"), bindings):
        if isinstance(thing, str):
            items.drop_thing(ctx, seat, thing, used=True)


# -- intruder defaults (the combat area may register its own) ---------------------------------------

def _intruders(value: Any) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value if v is not None]
    return [] if value is None else [str(value)]


@handles("injure")
def _injure(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import intruders
    n = _n(args.get("n")) + _n(args.get("plus"), 0)
    for iid in _intruders(args.get("intruder")):
        if iid in ctx.data["intruders"]:
            intruders.injure(ctx, iid, n, own_action_seat(ctx))


def own_action_seat(ctx: Ctx) -> int | None:
    """The character credited with a kill: the actor only while performing their own action in the
    Player Phase (an Event card's effect, or someone else's turn, credits nobody)."""
    data = ctx.data
    turn = data.get("turn") or {}
    if data["phase"] == "player" and turn.get("seat") == ctx.actor:
        return ctx.actor
    return None


@handles("retreat")
def _retreat(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import intruders
    for iid in _intruders(args.get("intruder")):
        if iid in ctx.data["intruders"]:
            intruders.retreat(ctx, iid)


@handles("hide")
def _hide(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import intruders
    for iid in _intruders(args.get("intruder")):
        if iid in ctx.data["intruders"]:
            intruders.hide(ctx, iid)


@handles("encounter")
def _encounter(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import intruders
    seats = seats_of(ctx, args.get("trigger"), bindings)
    room = room_of(ctx, args.get("where"), bindings)
    if seats and room is not None:
        intruders.encounter(ctx, room, seats[0])


@handles("noise_roll")
def _noise_roll(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import moving
    for seat in seats_of(ctx, args.get("who"), bindings):
        moving.noise_roll(ctx, seat)


@handles("place")
def _place(ctx: Ctx, args: Args, bindings: Args) -> None:
    """Default for Fire and Malfunction markers (the board area registers the full primitive)."""
    from .rules import board_markers
    kind, where = args.get("kind"), args.get("where")
    if kind == "noise" and where == "tech_space":
        ctx.data["tech_noise"] = True
        return
    room = room_of(ctx, where, bindings)
    if room is not None and kind in ("fire", "malfunction"):
        board_markers.place(ctx, str(kind), room, by=placer(ctx, bindings))
    else:
        ctx.emit("effect_not_ready", primitive=f"place {kind}")


# -- items and action helpers ------------------------------------------------------------------------

@handles("search")
def _search(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import cards
    cards.search(ctx, ctx.actor, bindings.get("deck"), draw=2)


@handles("gain_item")
def _gain_item(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import cards
    cards.search(ctx, ctx.actor, bindings.get("deck"), draw=_n(args.get("draw")), lower_counter=False)


@handles("item_counter")
def _item_counter(ctx: Ctx, args: Args, bindings: Args) -> None:
    room = ctx.data["rooms"][ctx.player()["room"]]
    if room["items"] is not None:
        room["items"] = max(0, room["items"] + _n(args.get("delta"), -1))
        ctx.emit("item_counter", room=ctx.player()["room"], items=room["items"])


@handles("take_crafted")
def _take_crafted(ctx: Ctx, args: Args, bindings: Args) -> None:
    from .rules import items
    item = args.get("item")
    if isinstance(item, str) and item in ctx.data["crafted"]:
        ctx.data["crafted"].remove(item)
        items.receive(ctx, ctx.actor, {"item": item, "ammo": items.starting_ammo(item)})


@handles("reload")
def _reload(ctx: Ctx, args: Args, bindings: Args) -> None:
    """Add Ammo to the first held weapon of that kind (or that id); never above its maximum (NEM-ITEM-6)."""
    want, n = args.get("weapon"), args.get("n")
    for thing in ctx.player()["hands"]:
        item = ctx.content.items.get(thing.get("item", ""))
        if item is None or item.weapon is None or want not in (item.weapon.kind, item.id):
            continue
        thing["ammo"] = item.weapon.max if n == "full" else min(item.weapon.max, (thing["ammo"] or 0) + _n(n))
        ctx.emit("reloaded", seat=ctx.actor, item=item.id, ammo=thing["ammo"])
        return


@handles("attach")
def _attach(ctx: Ctx, args: Args, bindings: Args) -> None:
    """NEM-HEAVY-6: Duct Tape joins two heavy items into one Hand slot (never objects)."""
    hands = ctx.player()["hands"]
    first = next((t for t in hands if t.get("item") == args.get("item")), None)
    second = next((t for t in hands if t is not first and t.get("item") == args.get("to")), None)
    if first is None or second is None:
        return
    hands.remove(second)
    first["taped"] = second
    ctx.emit("items_taped", seat=ctx.actor, items=[first["item"], second["item"]])


@handles("repair")
def _repair(ctx: Ctx, args: Args, bindings: Args) -> None:
    thing = ctx.player()["starting_item"]
    if thing and thing["item"] == args.get("item") and thing.get("broken"):
        thing["broken"] = False
        ctx.emit("item_repaired", seat=ctx.actor, item=thing["item"])


@handles("break")
def _break(ctx: Ctx, args: Args, bindings: Args) -> None:
    thing = ctx.player()["starting_item"]
    if thing and thing["item"] == args.get("item"):
        thing["broken"] = True
        ctx.emit("item_broken", seat=ctx.actor, item=thing["item"])


@handles("peek")
def _peek(ctx: Ctx, args: Args, bindings: Args) -> None:
    """Information for the acting player only (NEM-VIEW-1): each look is recorded in their ``known``
    as ``{"where", "what"}`` (facility.peek). A Neutral Pool token in co-op is shown to everyone
    (NEM-COOP-3, rooms.peek_contingency)."""
    from .rules import facility, rooms
    kind, target = args.get("kind"), args.get("target")
    data, seat = ctx.data, ctx.actor
    if kind == "room_tile":
        for room in [target] if isinstance(target, str) else list(target or ()):
            if room in data["rooms"] and not data["rooms"][room]["explored"]:
                facility.peek(ctx, seat, "tiles", room, data["rooms"][room]["tile"])
    elif kind == "contingency" and isinstance(target, str) and target[:1] == "N" and target[1:].isdigit():
        if int(target[1:]) < len(data["neutral"]):
            rooms.peek_contingency(ctx, seat, f"neutral.{int(target[1:])}")
    elif kind == "css_token" and target is not None and str(target) in data["css"]:
        facility.peek(ctx, seat, "css", int(str(target)), facility.css_outcome(ctx, data["css"][str(target)]))
    elif kind == "event_top":
        deck = data["decks"]["event"]
        facility.peek(ctx, seat, "events", "top", list(reversed(deck[-1:])))
    else:
        ctx.emit("effect_not_ready", primitive=f"peek {kind}")


@handles("attack_card")
def _attack_card(ctx: Ctx, args: Args, bindings: Args) -> None:
    """An Attack card against a character as an intruder type, without a miniature (Vents)."""
    from .rules import rooms
    for seat in seats_of(ctx, args.get("who"), bindings):
        rooms.attack_as(ctx, seat, str(args.get("as_type", "adult")), str(args.get("darkness", "auto")))


@handles("move_path")
def _move_path(ctx: Ctx, args: Args, bindings: Args) -> None:
    """Know the Shortcuts: the destination is the walk's target (`path_destinations`); only the
    final Room can cause a Noise roll."""
    from .rules import moving
    to = args.get("to")
    for seat in seats_of(ctx, args.get("who"), bindings):
        if isinstance(to, str) and to in ctx.data["rooms"] and ctx.player(seat)["where"] == "facility":
            moving.arrive(ctx, seat, to, ctx.content.board.corridor_between(ctx.player(seat)["room"], to))


@handles("duration")
def _duration(ctx: Ctx, args: Args, bindings: Args) -> None:
    """``duration(until_end_of_round, not_in_darkness(who))`` — the Glowstick; other timed effects
    are reported as not ready."""
    from .trees import call_of, named_args
    effect = args.get("effect")
    name, raw = call_of(effect) if effect is not None and not isinstance(effect, tuple) else ("", None)
    if args.get("until") == "until_end_of_round" and name == "not_in_darkness":
        for seat in seats_of(ctx, named_args(name, raw).get("who", "self"), bindings):
            ctx.player(seat)["lit_round"] = ctx.data["round"]
            ctx.emit("lit", seat=seat, round=ctx.data["round"])
        return
    ctx.emit("effect_not_ready", primitive=f"duration {name}")
