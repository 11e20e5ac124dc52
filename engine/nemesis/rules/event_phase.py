"""The Event Phase, steps E1-E7 (NEM-ROUND-7, NEM-CSS-7..11, NEM-TIME, NEM-SELFDESTRUCT-4/5,
NEM-ALERT-3, NEM-NOISEREMOVE, NEM-FIRE-5/9, NEM-EVENT, NEM-BAG)."""
from __future__ import annotations

from ..context import Ctx
from ..trees import run_tree
from . import end, intruders, moving
from .css import e1_css as e1_css  # step E1, run by name (EVENT_STEPS); the end of the game launches too
from .encounters import may_skip_noise
from .facility import check_nest, open_isolation, power_drop
from .places import characters_in, exits_of, in_combat, in_order, intruders_in, rooms_with_intruders, set_noise

EVENT_STEPS = ("e1_css", "e2_time", "e3_noise_removal", "e4_attacks", "e5_fire", "e6_event", "e7_bag")


def e2_time(ctx: Ctx) -> None:
    """NEM-TIME-2: move the Time token, then Autodestruction, Alert, thresholds, Isolation, S."""
    data = ctx.data
    left = data["time"]
    data["time"] = left - 1
    ctx.emit("time_advanced", slot=data["time"])
    boom = data["selfdestruct"]
    if boom is not None and boom["slot"] == left:
        if boom["colour"] == "red":                     # NEM-SELFDESTRUCT-5
            end.destroy_facility(ctx, "the Autodestruction countdown ran out")
            return
        boom["colour"], boom["slot"] = "red", max(0, left - 3)   # NEM-SELFDESTRUCT-4
        data["milestones"]["selfdestruct_red"] = True
        data["main_gate_open"] = True
        ctx.emit("selfdestruct_red", slot=boom["slot"])
    if data["alert"] is not None and data["alert"] == left:      # NEM-ALERT-3
        end.purge(ctx, "the Alert Procedure ended")
        return
    threshold = ctx.content.time_track.thresholds_after.get(left)
    if threshold == "blue" or (threshold == "red" and not data["time_active"]):
        power_drop(ctx)                                 # NEM-TIME-3
    if data["time"] <= ctx.content.time_track.white_from:
        open_isolation(ctx)                             # NEM-TIME-5
    if data["time"] == 0:
        end.purge(ctx, "time ran out")                  # NEM-END-1


def e3_noise_removal(ctx: Ctx) -> None:
    """NEM-NOISEREMOVE-1/2: powered corridors with no character at either end are cleared."""
    data = ctx.data
    board = ctx.content.board
    for cid, corridor in data["corridors"].items():
        if not corridor["noise"]:
            continue
        a, b = board.corridors[cid].ends
        section = board.corridor_section(cid)
        if section is not None and data["power"][section] in data["active_power"] \
                and not characters_in(data, a) and not characters_in(data, b):
            corridor["noise"] = False


def e4_attacks(ctx: Ctx) -> None:
    intruders.intruders_attack(ctx)


def e5_fire(ctx: Ctx) -> None:
    """NEM-FIRE-5/9: intruders in burning Rooms at the start of the step suffer 1 Injury each;
    then each burning Room with uncarried Eggs loses one."""
    data = ctx.data
    burning = [r for r in ctx.content.board.order if data["rooms"][r]["fire"]]
    targets = [iid for room in burning for iid in intruders_in(data, room)]
    for iid in targets:
        intruders.injure(ctx, iid, 1, None)
    for room in burning:
        objects = data["rooms"][room]["objects"]
        if "egg" in objects:
            objects.remove("egg")
            ctx.emit("egg_destroyed", room=room)
        elif data["rooms"][room]["tile"] == "nest" and data["nest_eggs"] > 0:
            data["nest_eggs"] -= 1
            ctx.emit("egg_destroyed", room=room)
            check_nest(ctx)                     # NEM-EGG-8, NEM-DEC-15: the last Egg burnt


def e6_event(ctx: Ctx) -> None:
    """NEM-EVENT-1..9: move intruders of the card's types (Rooms without characters), then its effects."""
    data = ctx.data
    card_id = intruders.draw_event(ctx)
    card = ctx.content.events[card_id]
    ctx.emit("event_card", card=card_id, reveals=True)
    for number in card.move:
        occupied = rooms_with_intruders(data)
        movers = [iid for room in ctx.content.board.order if room in occupied for iid in intruders_in(data, room)
                  if data["intruders"][iid]["type"] in card.symbols and not characters_in(data, room)]
        broken: set[tuple[str, str]] = set()           # NEM-DOOR-4: one Door, broken once, all stay
        for iid in movers:
            if iid not in data["intruders"]:
                continue
            room = data["intruders"][iid]["room"]
            exit_id = ctx.content.board.exit(room, number)
            if (room, exit_id) in broken:
                continue
            if exit_id != "TECH" and data["corridors"][exit_id]["door"] == "closed":
                broken.add((room, exit_id))
            intruders.move_through(ctx, iid, number)
    if ctx.ended():
        return
    run_tree(ctx, card.effect, room=None, by=None)     # nobody's effect (no Heat Aversion for its Fire)
    if card.darkness is not None and not ctx.ended():  # NEM-EVENT-8: its selectors pick the dark ones
        run_tree(ctx, card.darkness, room=None, by=None)
    (data["removed"] if card.remove_after else data["discards"]["event"]).append(card_id)   # NEM-EVENT-9


def e7_bag(ctx: Ctx) -> None:
    """NEM-BAG-1..8: draw one token and grow the colony."""
    data = ctx.data
    token = intruders.draw_bag(ctx)
    if token is None:
        return
    kind = intruders.token_type(ctx, token)
    ctx.emit("bag_development", type=kind)
    if kind == "larva":
        data["out_tokens"].append(token)
        intruders.add_from_supply(ctx, "adult")
    elif kind == "creeper":
        data["out_tokens"].append(token)
        intruders.add_from_supply(ctx, "breeder")
    elif kind in ("adult", "breeder"):
        data["bag"].append(token)
        order = in_order(data)
        for i, seat in enumerate(order):
            if ctx.ended():
                break
            if may_skip_noise(ctx, seat):               # Inconspicuous: from here on, rolls wait as steps
                for rest in reversed(order[i:]):         # in order (each push goes first)
                    ctx.push("bag_noise_roll", seat=rest)
                break
            if not in_combat(data, seat):
                moving.noise_roll(ctx, seat)            # NEM-BAG-4
    elif kind == "blank":
        data["bag"].append(token)
        intruders.add_from_supply(ctx, "adult")
    elif kind == "queen":
        nest = next((r for r in ctx.content.board.order if data["rooms"][r]["tile"] == "nest"), None)
        inside = characters_in(data, nest) if nest and data["rooms"][nest]["explored"] else []
        if nest is not None and inside:                 # NEM-BAG-6/8: Encounter steps 1, 3 and 4
            for exit_id in exits_of(nest):
                set_noise(data, exit_id, False)
            ordered = in_order(data, inside)
            seat = min(ordered, key=lambda s: (len(ctx.player(s)["hand"]), ordered.index(s)))
            first = not data["milestones"]["first_encounter"]
            iid = intruders.place_intruder(ctx, "queen", token, nest,
                                           then=({"surprise_check": {"token": token, "seat": seat}},))
            if iid is None:
                data["bag"].append(token)
                return
            if not first:                               # NEM-SURPRISE-6: one Surprise Attack at most
                intruders.surprise_check(ctx, token, seat)
        else:                                           # NEM-BAG-7
            data["bag"].append(token)
            if not data["nest_destroyed"] and data["eggs_supply"] > 0:
                data["eggs_supply"] -= 1
                data["nest_eggs"] += 1
