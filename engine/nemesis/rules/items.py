"""The item commands: Pick Up and Drop (NEM-HEAVY, NEM-ITEM-7), item actions (NEM-ITEM), Crafting
(NEM-CRAFT), Trade (NEM-TRADE) and Activate Quest Item (NEM-ITEM-11). What a character holds, and
how a thing is received and put away, is rules/holding.py.

Commands name a held thing by its handle, as the owner's view lists it, never by a hidden id:
``h0``/``h1`` a Hand slot, ``i0``, ``i1``, … the Inventory in its order, and the item kept beside
the board (public) by its id. Notation::

  pick_up carcass pay=search.0          Pick Up Heavy Object (cost 1, out of combat)
  drop h1 | drop i0 | drop probe_arm    Drop (free, own turn): any item card or carried object
  item medkit option=0                  an item's action (its printed cost; using it shows it, NEM-ITEM-5)
  item grenade target=R002, pay=rest.4
  craft taser use=i0,i2 pay=rest.4      Craft (cost 1) from the components held there; in a working
                                        Repository one card (use=i0,)
  trade pay=rest.4                      opens the trade window; each offer is ``answer i0/to1``
  activate pay=                         Activate Quest Item (cost 0)
"""
from __future__ import annotations

from typing import Any

from engine.core import Command, Data, Refused, refuse
from engine.core.effects import Pause
from engine.core.sampling import one_group

from .. import commands
from ..content import content
from ..context import Ctx
from ..effects import NEM
from ..objectives import holds
from ..trees import check_plan, held_items, plans, run_tree, unready
from . import hand, reactions
from .actions import (
    acting,
    check_entrance,
    check_tag,
    needs_entrance,
    plan_options,
    requirement_unmet,
    tag_fits,
    values,
)
from .holding import (
    ZONES,
    drop_slot,
    drop_thing,
    droppable_slots,
    find,
    free_slots,
    handles,
    held,
    is_heavy,
    receive,
    starting_ammo,
    take_held,
    take_object,
    thing_at,
)
from .places import characters_in, in_combat, in_facility

PICK_UP_COST, TRADE_COST, CRAFT_COST = 1, 1, 1
TRADE_LIMIT = 12       # transfers in one window (a bound for bots; people stop long before)
OBJECTS = ("egg", "carcass", "corpse")


# -- Pick up and Drop (NEM-HEAVY-3/4, NEM-ITEM-7, NEM-ACTION-12) -------------------------------------

def do_pick_up(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    player = acting(ctx, seat)
    kind = cmd.args[0] if cmd.args else None
    if in_combat(ctx.data, seat):
        raise refuse("NEM-HEAVY-3", "Pick Up Heavy Object is out of combat only")
    if kind not in OBJECTS or kind not in ctx.data["rooms"][player["room"]]["objects"]:
        raise refuse("NEM-HEAVY-3", f"there is no {kind} lying in your Room")
    if free_slots(player) <= 0:
        raise refuse("NEM-HEAVY-4", "both Hand slots are full: drop something first")
    hand.pay(ctx, seat, [str(v) for v in values(cmd, "pay")], PICK_UP_COST, "Pick Up Heavy Object")
    reactions.declare_action(ctx, seat, "pick_up", {"kind": kind})


@reactions.resolver("pick_up")
def _resolve_pick_up(ctx: Ctx, seat: int, args: Data, cancelled: bool) -> None:
    if not cancelled:
        take_object(ctx, seat, ctx.player(seat)["room"], args["kind"])


def _pick_up_commands(data: Data, seat: int) -> list[Command]:
    player = data["players"][seat]
    if in_combat(data, seat) or free_slots(player) <= 0:
        return []
    found = []
    for kind in sorted(set(data["rooms"][player["room"]]["objects"])):
        for pay in hand.payments(player["hand"], PICK_UP_COST):
            found.append(commands.listed("pick_up", (kind,), (("pay", pay),), seat))
    return found


def do_drop(ctx: Ctx, cmd: Command) -> None:
    """NEM-ITEM-7/8, NEM-ACTION-12: free, own turn only, any item card or carried object, named by
    its handle; never an inactive quest item (NEM-ITEM-12)."""
    seat = ctx.seat
    player = ctx.player(seat)
    ref = cmd.args[0] if len(cmd.args) == 1 else None
    quest = player.get("quest") or {}
    if ref == quest.get("id") and not quest.get("active"):
        raise refuse("NEM-ITEM-12", "an inactive quest item cannot be dropped")
    if held(player, ref) is None:
        raise refuse("NEM-ITEM-7", f"you hold nothing at {ref}: name a Hand slot (h0, h1), an Inventory "
                                   f"card (i0, i1, …) or the item beside your board")
    drop_thing(ctx, seat, str(ref), used=False)


def _drop_commands(data: Data, seat: int) -> list[Command]:
    """Every thing the player holds (NEM-ITEM-7): each Hand slot, each Inventory card, the item beside
    the board."""
    return [commands.listed("drop", (ref,), (), seat) for ref in handles(data["players"][seat])]


# -- Item actions (NEM-ITEM-3..5/13/14, NEM-COST-5/7) -------------------------------------------------

def do_item(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    player = acting(ctx, seat)
    ref = cmd.args[0] if cmd.args else None
    if not isinstance(ref, str) or ref not in held_items(player):
        raise refuse("NEM-ITEM-4", f"you do not hold {ref}: only the holder can use an item")
    item = ctx.content.items[ref]
    if item.cost is None or item.tag == "reaction":
        raise refuse("NEM-ITEM-10", f"{item.id} has no action to perform")
    starting = player.get("starting_item")
    if starting and starting["item"] == ref and starting.get("broken"):
        raise refuse("NEM-ITEM-14", f"{item.id} is broken until repaired")
    check_tag(ctx.data, seat, item.tag)
    option = cmd.get("option")
    option = option if isinstance(option, int) else None
    targets = values(cmd, "target")
    if requirement_unmet(ctx, item.effect, option):
        raise refuse("NEM-ITEM-13", "your Knowledge is too low for this part of the item")
    check_entrance(ctx, seat, item.effect)
    check_plan(ctx, item.effect, option, targets)
    hand.pay(ctx, seat, [str(v) for v in values(cmd, "pay")], item.cost, item.id)
    ctx.emit("item_used", seat=seat, item=item.id, reveals=True)          # NEM-ITEM-5
    reactions.declare_action(ctx, seat, "item", {"item": ref, "option": option, "targets": list(targets)})


@reactions.resolver("item")
def _resolve_item(ctx: Ctx, seat: int, args: Data, cancelled: bool) -> None:
    item = ctx.content.items[args["item"]]
    if not cancelled:
        run_tree(ctx, item.effect, args.get("option"), tuple(args.get("targets") or ()))
    if item.one_use:                                       # NEM-ITEM-3, NEM-COST-7
        drop_thing(ctx, seat, item.id, used=True)


def _item_choices(data: Data, seat: int) -> list[commands.Paid]:
    """The item commands: for each item and plan, its payments."""
    ctx = Ctx(data, None, seat)  # planning draws nothing
    player = data["players"][seat]
    found: list[commands.Paid] = []
    for ref in dict.fromkeys(held_items(player)):
        item = content().items[ref]
        if item.cost is None or item.tag == "reaction" or not tag_fits(data, seat, item.tag):
            continue
        pays = hand.payments(player["hand"], item.cost)
        if not pays:                                        # unaffordable: no need to plan it
            continue
        if needs_entrance(item.effect) and not content().board.has_entrance(player["room"]):
            continue
        starting = player.get("starting_item")
        if starting and starting["item"] == ref and starting.get("broken"):
            continue
        for option, targets in plans(ctx, item.effect):
            if requirement_unmet(ctx, item.effect, option) or unready(item.effect, option):
                continue
            found.append(("item", (ref,), plan_options(option, targets), pays))
    return found


# -- Crafting (NEM-CRAFT) --------------------------------------------------------------------------

def repository_discount(ctx: Ctx, seat: int) -> bool:
    """NEM-CRAFT-5: in a working Repository one card showing one of the two symbols is enough."""
    room = ctx.player(seat)["room"]
    state = ctx.data["rooms"][room]
    return state["tile"] == "repository" and not state["malfunction"]


def components_fit(ctx: Ctx, crafted: str, used: list[str], discount: bool) -> bool:
    recipe = set(ctx.content.recipe(crafted))
    symbols = [ctx.content.items[u].component for u in used]
    if discount and len(used) == 1:
        return symbols[0] in recipe
    return len(used) == 2 and set(symbols) == recipe


def components(player: Data, used: list[str]) -> list[Data] | None:
    """The item cards the handles ``used`` name (each once, Hand slots or Inventory), or None."""
    where = [held(player, u) for u in used]
    found = [w for w in where if w is not None and w[0] != "starting_item"]
    if len(found) != len(where) or len(set(found)) != len(found):
        return None
    things = [thing_at(player, w) for w in found]
    return things if all("item" in t for t in things) else None


def check_craft(ctx: Ctx, seat: int, crafted: Any, used: list[str], free: bool = False) -> None:
    player = ctx.player(seat)
    if not free and in_combat(ctx.data, seat):
        raise refuse("NEM-CRAFT-1", "Craft is out of combat only")
    if not isinstance(crafted, str) or crafted not in ctx.content.items or ctx.content.items[crafted].deck != "crafted":
        raise refuse("NEM-CRAFT-8", f"{crafted} is not a Crafted item")
    if crafted not in ctx.data["crafted"]:
        raise refuse("NEM-CRAFT-2", f"no {crafted} is left in the Crafted deck")
    things = components(player, used)
    if things is None:
        raise refuse("NEM-CRAFT-1", f"name the component cards you hold by Hand slot or Inventory place "
                                    f"(h0, i1, …), each once, not {','.join(used) or 'none'}")
    if not components_fit(ctx, crafted, [t["item"] for t in things], repository_discount(ctx, seat)):
        raise refuse("NEM-CRAFT-5" if len(used) == 1 else "NEM-CRAFT-1",
                     f"{crafted} needs the symbols {' + '.join(ctx.content.recipe(crafted))}, one card each"
                     + (" (one card in a working Repository)" if len(used) == 1 else ""))
    if ctx.content.items[crafted].heavy:
        freed = sum(1 for u in used if u.startswith("h"))
        if free_slots(player) + freed <= 0:
            raise refuse("NEM-HEAVY-4", "both Hand slots are full: drop something first")


def _discard_held(ctx: Ctx, seat: int, thing: Data) -> None:
    """Discard face up the very card ``thing`` (wherever it now lies in the Hand slots or Inventory)."""
    player = ctx.player(seat)
    for prefix, zone in ZONES.items():
        for i, other in enumerate(player[zone]):
            if other is thing:
                drop_thing(ctx, seat, f"{prefix}{i}", used=True)
                return


def craft(ctx: Ctx, seat: int, crafted: str, used: list[str]) -> None:
    things = components(ctx.player(seat), used)
    if crafted not in ctx.data["crafted"] or things is None:
        return
    for thing in things:
        _discard_held(ctx, seat, thing)                  # NEM-CRAFT-4: face up to their discards
    ctx.data["crafted"].remove(crafted)
    ctx.emit("crafted", seat=seat, item=crafted)
    receive(ctx, seat, {"item": crafted, "ammo": starting_ammo(crafted)})


def do_craft(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    acting(ctx, seat)
    crafted = cmd.args[0] if cmd.args else None
    used = [str(v) for v in values(cmd, "use")]
    check_craft(ctx, seat, crafted, used)
    hand.pay(ctx, seat, [str(v) for v in values(cmd, "pay")], CRAFT_COST, "Craft")
    reactions.declare_action(ctx, seat, "craft", {"item": crafted, "use": used})


@reactions.resolver("craft")
def _resolve_craft(ctx: Ctx, seat: int, args: Data, cancelled: bool) -> None:
    if not cancelled:
        craft(ctx, seat, args["item"], list(args["use"]))


def craft_options(ctx: Ctx, seat: int, free: bool = False) -> list[tuple[str, tuple[str, ...]]]:
    """(Crafted item, component handles) of every craft the player can make now."""
    player = ctx.player(seat)
    owned = [f"{prefix}{i}" for prefix, zone in ZONES.items() for i, t in enumerate(player[zone]) if "item" in t]
    found: list[tuple[str, tuple[str, ...]]] = []
    if not owned:                                          # no component to craft with
        return found
    discount = repository_discount(ctx, seat)
    for crafted in sorted(set(ctx.data["crafted"])):
        combos: list[tuple[str, ...]] = [(a,) for a in owned] if discount else []
        combos += [(a, b) for i, a in enumerate(owned) for b in owned[i + 1:]]
        for combo in combos:
            try:
                check_craft(ctx, seat, crafted, list(combo), free)
            except Refused:
                continue                                   # not a legal recipe here
            found.append((crafted, combo))
    return found


def _craft_choices(data: Data, seat: int) -> list[commands.Paid]:
    """The craft commands: for each recipe and components, its payments (never of no card:
    crafting costs 1)."""
    if in_combat(data, seat):
        return []
    crafts = craft_options(Ctx(data, None, seat), seat)
    if not crafts:
        return []
    pays = hand.payments(data["players"][seat]["hand"], CRAFT_COST)
    return [("craft", (crafted,), (("use", combo),), pays) for crafted, combo in crafts]


def craft_equipment(ctx: Ctx, actor: int) -> None:
    """NEM-CRAFT-6 (Repository room action, NEM-DEC-17): every character in the Room, in order
    starting with the actor, may craft one item with the discount, without action or cost."""
    room = ctx.player(actor)["room"]
    n = len(ctx.data["players"])
    order = [s for s in ((actor + i) % n for i in range(n)) if s in characters_in(ctx.data, room)]
    for seat in reversed(order):
        ctx.push({"craft_equipment": {"room": room}}, seat=seat)


@NEM.primitive("craft_equipment", room=str)
def craft_equipment_offer(ctx: Ctx, room: str, answer: Any = None) -> Pause | None:
    seat = ctx.actor
    player = ctx.player(seat)
    if not in_facility(player) or player["room"] != room:
        return None
    options = [f"{crafted}/{'+'.join(combo)}" for crafted, combo in craft_options(ctx, seat, free=True)]
    if answer is None:
        return Pause("craft_equipment", tuple(options + ["skip"])) if options else None
    if answer != "skip":
        crafted, _, combo = str(answer).partition("/")
        craft(ctx, seat, crafted, combo.split("+"))
    return None


# -- Trade (NEM-TRADE) --------------------------------------------------------------------------------

def tradable(ctx: Ctx, seat: int) -> list[str]:
    """NEM-TRADE-3/5: any item card and object, by handle — the item beside the board (the Probe
    Arm) too; an inactive quest item is not held as an item."""
    return handles(ctx.player(seat))


def do_trade(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    player = acting(ctx, seat)
    if in_combat(ctx.data, seat):
        raise refuse("NEM-TRADE-1", "Trade is out of combat only")
    if len(characters_in(ctx.data, player["room"])) < 2:
        raise refuse("NEM-TRADE-2", "nobody else is in your Room to trade with")
    hand.pay(ctx, seat, [str(v) for v in values(cmd, "pay")], TRADE_COST, "Trade")   # the initiator only
    reactions.declare_action(ctx, seat, "trade", {})


@reactions.resolver("trade")
def _resolve_trade(ctx: Ctx, seat: int, args: Data, cancelled: bool) -> None:
    if cancelled:
        return
    room = ctx.player(seat)["room"]
    n = len(ctx.data["players"])
    order = [s for s in ((seat + i) % n for i in range(n)) if s in characters_in(ctx.data, room)]
    ctx.emit("trade_opened", seat=seat, participants=order)
    ctx.push({"trade_turn": {"room": room, "order": order, "at": 0, "done": [], "moves": 0}}, seat=order[0])


def _trade_commands(data: Data, seat: int) -> list[Command]:
    player = data["players"][seat]
    if in_combat(data, seat) or len(characters_in(data, player["room"])) < 2:
        return []
    return [commands.listed("trade", (), (("pay", pay),), seat) for pay in hand.payments(player["hand"], TRADE_COST)]


@NEM.primitive("trade_turn", room=str, order=tuple[int, ...], at=int, done=tuple[int, ...], moves=int)
def trade_turn(ctx: Ctx, room: str, order: tuple[int, ...], at: int, done: tuple[int, ...], moves: int,
               answer: Any = None) -> Pause | None:
    """Each participant in turn offers one of their things to another participant, or is done."""
    data = ctx.data
    present = [s for s in order if in_facility(data["players"][s]) and data["players"][s]["room"] == room]
    active = [s for s in present if s not in done]
    if len(present) < 2 or not active or moves >= TRADE_LIMIT:
        ctx.emit("trade_closed", moves=moves)
        return None
    giver = next(s for s in (order[(at + i) % len(order)] for i in range(len(order))) if s in active)
    if answer is None:
        ctx.meta = {**ctx.meta, "seat": giver}
        options = [f"{ref}/to{r}" for ref in tradable(ctx, giver) for r in present if r != giver]
        return Pause("trade", tuple(options + ["done"]))
    nxt = {"room": room, "order": list(order), "at": order.index(giver) + 1, "moves": moves}
    if answer == "done":
        ctx.push({"trade_turn": {**nxt, "done": list(done) + [giver]}}, seat=giver)
        return None
    ref, _, to = str(answer).rpartition("/to")
    ctx.push({"trade_accept": {"giver": giver, "thing": ref}}, seat=int(to))
    ctx.push({"trade_turn": {**nxt, "done": [], "moves": moves + 1}}, seat=giver)
    # the acceptance runs first: ctx.push puts each batch in front, so queue the turn, then re-order
    ctx.queue[0], ctx.queue[1] = ctx.queue[1], ctx.queue[0]
    return None


@NEM.primitive("trade_accept", giver=int, thing=str)
def trade_accept(ctx: Ctx, giver: int, thing: str, answer: Any = None) -> Pause | None:
    """NEM-TRADE-2/6, NEM-DEC-81: the receiver consents; a full-handed receiver may drop one heavy thing."""
    receiver = ctx.actor
    giving = ctx.player(giver)
    where = find(giving, thing)
    if where is None:
        return None
    given = thing_at(giving, where)
    heavy = is_heavy(ctx, given)
    beside = "item" in given and ctx.content.items[given["item"]].beside_board
    player = ctx.player(receiver)
    if answer is None:
        if heavy and free_slots(player) <= 0:
            options = [f"accept/drop{s}" for s in droppable_slots(player)]
        else:
            options = ["accept"]
        return Pause("trade_accept", tuple(options + ["decline"]))
    if answer == "decline":
        ctx.emit("trade_declined", seat=receiver, giver=giver)
        return None
    if "/drop" in str(answer):
        drop_slot(ctx, receiver, int(str(answer).rpartition("/drop")[2]))
    take_held(giving, where)
    if beside and player["starting_item"] is None:                  # beside the new holder's board
        player["starting_item"] = given                             # (broken or not, as it was)
    else:
        player["hands" if heavy else "inventory"].append(given)     # NEM-TRADE-4: Ammo moves with it
    name = given.get("item") or given["object"]
    if heavy or beside:                                             # NEM-HEAVY-7: public things
        ctx.emit("traded", giver=giver, receiver=receiver, thing=name)
    else:                                                           # NEM-TRADE-7
        ctx.emit("traded", giver=giver, receiver=receiver, deck=ctx.content.items[name].deck)
        ctx.emit("traded_item", audience=[giver, receiver], item=name)
    return None


# -- Activate Quest Item (NEM-ITEM-11/12, NEM-DEC-63) -------------------------------------------------

def quest_ready(ctx: Ctx, seat: int) -> bool:
    player = ctx.player(seat)
    quest = player.get("quest")
    if not quest or quest["active"]:
        return False
    item = ctx.content.items[quest["id"]]
    return holds(ctx.data, seat, item.unlock)


def activation_refusal(ctx: Ctx, seat: int) -> Refused | None:
    """Why the quest item cannot be activated now (None: it can) — one check for the handler
    and the lister, so the legal list never offers a refused activation."""
    player = ctx.player(seat)
    quest = player.get("quest")
    if not quest or quest["active"]:
        return refuse("NEM-ITEM-11", "you have no inactive quest item")
    if not quest_ready(ctx, seat):
        return refuse("NEM-ITEM-11", f"the condition printed on {quest['id']} is not met yet")
    if ctx.content.items[quest["id"]].heavy and free_slots(player) <= 0:
        return refuse("NEM-HEAVY-4", "both Hand slots are full: drop something first")
    return None


def do_activate(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    acting(ctx, seat)
    refusal = activation_refusal(ctx, seat)
    if refusal is not None:
        raise refusal
    hand.pay(ctx, seat, [str(v) for v in values(cmd, "pay")], 0, "Activate Quest Item")
    reactions.declare_action(ctx, seat, "activate", {})


@reactions.resolver("activate")
def _resolve_activate(ctx: Ctx, seat: int, args: Data, cancelled: bool) -> None:
    player = ctx.player(seat)
    quest = player["quest"]
    if cancelled or quest is None or quest["active"]:
        return
    quest["active"] = True
    ctx.emit("quest_activated", seat=seat, item=quest["id"])
    receive(ctx, seat, {"item": quest["id"], "ammo": starting_ammo(quest["id"])})


def _activate_commands(data: Data, seat: int) -> list[Command]:
    ctx = Ctx(data, None, seat)
    if not quest_ready(ctx, seat):                         # refused: no need to word why
        return []
    return [commands.listed("activate", (), (), seat)] if activation_refusal(ctx, seat) is None else []


commands.verb("pick_up", _pick_up_commands, groups=one_group(_pick_up_commands))(do_pick_up)
commands.verb("drop", _drop_commands, groups=one_group(_drop_commands))(do_drop)
commands.paid_verb("item", _item_choices)(do_item)
commands.paid_verb("craft", _craft_choices)(do_craft)
commands.verb("trade", _trade_commands, groups=one_group(_trade_commands))(do_trade)
commands.verb("activate", _activate_commands, groups=one_group(_activate_commands))(do_activate)
