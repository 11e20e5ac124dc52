"""Intruders: the bag, Encounters, Surprise Attacks, Intruder Attacks, injuries, death and retreat
(NEM-ENCOUNTER, NEM-SURPRISE, NEM-ATTACK, NEM-INTRUDERDMG, NEM-RETREAT, NEM-BAG draws)."""
from __future__ import annotations

from ..context import Ctx
from ..trees import held_items, iter_calls, run_tree
from . import hand
from .facility import check_venting
from .places import (
    characters_in,
    exits_of,
    in_darkness,
    in_facility,
    in_order,
    intruders_in,
    rooms_with_intruders,
    set_noise,
)
from .weakness import brood_shielded, death_check_cards, ignores_darkness

NO_CARCASS = ("larva",)
ARMOR_VEST = "armor_vest"


def token_type(ctx: Ctx, token: str) -> str:
    return next(t.type for t in ctx.content.tokens.intruder_tokens if t.id == token)


def token_numbers(ctx: Ctx, token: str) -> tuple[int, int]:
    found = next(t for t in ctx.content.tokens.intruder_tokens if t.id == token)
    return found.lit or 0, found.dark or 0


def limit(ctx: Ctx, kind: str) -> int | None:
    return next(t.limit for t in ctx.content.tokens.intruder_types if t.id == kind)


def add_from_supply(ctx: Ctx, kind: str) -> bool:
    """Move one token of ``kind`` from the supply to the bag (NEM-BAG-9: nothing when none is left)."""
    supply = ctx.data["supply"]
    token = next((t for t in supply if token_type(ctx, t) == kind), None)
    if token is None:
        return False
    supply.remove(token)
    ctx.data["bag"].append(token)
    ctx.emit("bag_added", type=kind)
    return True


def draw_bag(ctx: Ctx) -> str | None:
    """NEM-ENCOUNTER-11: an empty bag first gets an Adult from the supply."""
    bag = ctx.data["bag"]
    if not bag and not add_from_supply(ctx, "adult"):
        return None
    return bag.pop(ctx.rng.below(len(bag)))


def place_intruder(ctx: Ctx, kind: str, token: str | None, room: str, then: tuple = ()) -> str | None:
    """Put a miniature in a Room; when all of its kind are out, those not in combat go back to the
    bag first (NEM-ENCOUNTER-9/10). None when no miniature is free. The first one of the game queues
    the First Encounter moment, then the steps ``then`` (the rest of the resolution, NEM-ENCOUNTER-6)."""
    data = ctx.data
    cap = limit(ctx, kind)
    mine = [iid for iid, i in data["intruders"].items() if i["type"] == kind]
    if cap is not None and len(mine) >= cap:
        for iid in mine:
            if not characters_in(data, data["intruders"][iid]["room"]):
                hide(ctx, iid)
        if len([i for i in data["intruders"].values() if i["type"] == kind]) >= cap:
            return None
    iid = f"I{data['next_intruder']}"
    data["next_intruder"] += 1
    data["arrivals"] += 1
    data["intruders"][iid] = {"type": kind, "token": token, "room": room, "injuries": 0,
                              "arrived": data["arrivals"]}
    ctx.emit("intruder_appeared", intruder=iid, type=kind, room=room)
    if not data["milestones"]["first_encounter"]:
        data["milestones"]["first_encounter"] = True        # NEM-MILESTONE-1
        ctx.push("keep_objective", *then)
    return iid


def hide(ctx: Ctx, iid: str) -> None:
    """Back to the bag: miniature off the board, Injuries discarded, token returned."""
    intruder = ctx.data["intruders"].pop(iid)
    if intruder["token"]:
        ctx.data["bag"].append(intruder["token"])
    ctx.emit("intruder_hidden", intruder=iid, room=intruder["room"])


def encounter(ctx: Ctx, room: str, seat: int) -> None:
    """NEM-ENCOUNTER-2..8: clear the Room's noise, draw from the bag, place, compare hands."""
    data = ctx.data
    for exit_id in exits_of(room):
        set_noise(data, exit_id, False)
    ctx.emit("encounter", room=room, seat=seat)
    token = draw_bag(ctx)
    if token is None:
        return
    kind = token_type(ctx, token)
    if kind == "blank":
        blank_encounter(ctx, room, token)
        return
    first = not data["milestones"]["first_encounter"]
    iid = place_intruder(ctx, kind, token, room, then=({"surprise_check": {"token": token, "seat": seat}},))
    if iid is None:                                     # NEM-ENCOUNTER-10: no miniature free
        blank_encounter(ctx, room, token, add_adult=False)
        return
    if not first:                                       # else step 4 runs after the First Encounter
        surprise_check(ctx, token, seat)


def surprise_check(ctx: Ctx, token: str, seat: int) -> None:
    """Step 4 (NEM-ENCOUNTER-7/8, NEM-SURPRISE-1..6): a hand smaller than the token's number means
    one Surprise Attack by the intruder of ``token`` on ``seat``; Feel of the Dark may cancel it."""
    data = ctx.data
    iid = next((i for i, x in data["intruders"].items() if x["token"] == token), None)
    player = ctx.player(seat)
    if iid is None or ctx.ended() or not in_facility(player) or data["intruders"][iid]["room"] != player["room"]:
        return
    lit, dark = token_numbers(ctx, token)
    dark_room = in_darkness(data, seat)
    number = dark if dark_room and not lit_encounters(player) else lit   # NEM-SURPRISE-3/4
    if len(player["hand"]) >= number:                   # NEM-ENCOUNTER-8
        return
    if dark_room and any(c.split(".", 1)[0] == "feel_of_the_dark" for c in player["hand"]):
        ctx.push({"feel_of_the_dark": {"intruder": iid}}, seat=seat)   # NEM-SURPRISE-5
        return
    ctx.emit("surprise_attack", intruder=iid, seat=seat)
    attack(ctx, iid, seat)


def lit_encounters(player: dict) -> bool:
    """NEM-SURPRISE-4: a Flashlight held makes Encounters use the lit number."""
    things = list(player["inventory"]) + list(player["hands"])
    return any((t.get("item") if isinstance(t, dict) else t) == "flashlight" for t in things)


def blank_encounter(ctx: Ctx, room: str, token: str, add_adult: bool = True) -> None:
    """NEM-ENCOUNTER-4: noise on every exit, the Blank back in the bag (an Adult if it was empty);
    a token with no free miniature goes back the same way, adding no Adult (NEM-ENCOUNTER-10)."""
    for exit_id in exits_of(room):
        set_noise(ctx.data, exit_id, True)
    if add_adult and not ctx.data["bag"]:
        add_from_supply(ctx, "adult")
    ctx.data["bag"].append(token)
    ctx.emit("blank_encounter", room=room)


def draw_attack_card(ctx: Ctx) -> str:
    data = ctx.data
    deck = data["decks"]["attack"]
    if not deck:                                        # NEM-ATTACK-6
        deck[:] = data["discards"]["attack"]
        data["discards"]["attack"] = []
        ctx.rng.shuffle(deck)
    card = deck.pop()
    data["discards"]["attack"].append(card)
    return card


def attack(ctx: Ctx, iid: str, seat: int, window: bool = True) -> None:
    """NEM-ATTACK-4/8: a Larva infests; others draw an Attack card and hit if their type is on it.
    With ``window``, a target holding Inconspicuous beside another character is asked first (NEM-ATTACK-7)."""
    intruder = ctx.data["intruders"].get(iid)
    player = ctx.player(seat)
    if intruder is None or not in_facility(player):
        return
    if window and player["room"] == intruder["room"] and len(characters_in(ctx.data, player["room"])) > 1 \
            and any(c.split(".", 1)[0] == "inconspicuous" for c in player["hand"]):
        ctx.push({"inconspicuous": {"intruder": iid}}, seat=seat)
        return
    if intruder["type"] == "larva":
        infest(ctx, iid, seat)
        return
    card_id = draw_attack_card(ctx)
    card = ctx.content.attacks[card_id]
    hit = intruder["type"] in card.symbols
    ctx.emit("intruder_attack", reveals=True, intruder=iid, type=intruder["type"], seat=seat, card=card_id, hit=hit)
    if not hit:
        return
    if armor_vest_window(ctx, iid, seat, card_id):      # 7.4 Armor Vest: the holder answers first
        ctx.push({"armor_vest": {"intruder": iid, "card": card_id}}, seat=seat)
        return
    resolve_hit(ctx, iid, seat, card_id)


def armor_vest_window(ctx: Ctx, iid: str, seat: int, card_id: str) -> bool:
    """7.4 Armor Vest (reaction ``serious_wound_from_attack``): its holder is asked when the hit
    would give them a Serious Wound (a serious wound, or Light Wounds past the second)."""
    player = ctx.player(seat)
    if ARMOR_VEST not in held_items(player):
        return False
    light = player["light"]
    for tree in hit_trees(ctx, iid, seat, card_id):
        for name, args in iter_calls(tree):
            if name != "wound" or args.get("who") not in ("target", None):
                continue
            n = args.get("n") if isinstance(args.get("n"), int) else 1
            if args.get("severity") == "serious":
                return True
            light += n
            if light > 2:
                return True
    return False


def hit_trees(ctx: Ctx, iid: str, seat: int, card_id: str) -> list:
    """The effect trees a hit by Attack card ``card_id`` runs on ``seat`` (its darkness part in Darkness)."""
    card = ctx.content.attacks[card_id]
    intruder = ctx.data["intruders"].get(iid)
    trees = [card.effect]
    if card.darkness is not None and in_darkness(ctx.data, seat) \
            and not ignores_darkness(ctx.data, seat, card_id, intruder["type"] if intruder else "adult"):
        trees.append(card.darkness)
    return trees


def resolve_hit(ctx: Ctx, iid: str, seat: int, card_id: str) -> None:
    card = ctx.content.attacks[card_id]
    player = ctx.player(seat)
    intruder = ctx.data["intruders"].get(iid)
    run_tree(ctx, card.effect, target=seat, room=player["room"])
    if card.darkness is not None and in_darkness(ctx.data, seat) and in_facility(player) \
            and not ignores_darkness(ctx.data, seat, card_id, intruder["type"] if intruder else "adult"):
        run_tree(ctx, card.darkness, target=seat, room=player["room"])


def infest(ctx: Ctx, iid: str, seat: int) -> None:
    """NEM-ATTACK-8/9: the Larva leaves the board for good; a Larva on the board; 1 Contamination."""
    intruder = ctx.data["intruders"].pop(iid)
    ctx.data["out_tokens"].append(intruder["token"])
    player = ctx.player(seat)
    ctx.emit("infested", seat=seat, intruder=iid)
    if not player["larva"]:
        player["larva"] = True
    hand.gain_contamination(ctx, seat, 1)


def injure(ctx: Ctx, iid: str, n: int, by: int | None) -> None:
    """NEM-INTRUDERDMG: place the Injuries, then one death check."""
    data = ctx.data
    intruder = data["intruders"].get(iid)
    if intruder is None or n <= 0:
        return
    intruder["injuries"] += n
    ctx.emit("intruder_injured", intruder=iid, n=n, injuries=intruder["injuries"])
    if intruder["type"] == "larva":                     # NEM-INTRUDERDMG-1
        kill(ctx, iid, by)
        return
    normal = 2 if intruder["type"] in ("breeder", "queen") else 1
    cards = [draw_attack_card(ctx) for _ in range(death_check_cards(data, by, intruder["type"], normal))]
    bloods = [ctx.content.attacks[c].blood for c in cards]
    if "retreat" in bloods:                             # NEM-INTRUDERDMG-4
        retreat(ctx, iid)
    elif sum(int(b) for b in bloods) <= intruder["injuries"]:
        kill(ctx, iid, by)


def kill(ctx: Ctx, iid: str, by: int | None) -> None:
    """NEM-INTRUDERDMG-1/7/8: gone for good; a Carcass unless a Larva; the killer recorded."""
    data = ctx.data
    intruder = data["intruders"].pop(iid)
    if intruder["token"]:
        data["out_tokens"].append(intruder["token"])
    if intruder["type"] not in NO_CARCASS and data["carcass_supply"] > 0:
        data["carcass_supply"] -= 1
        data["rooms"][intruder["room"]]["objects"].append("carcass")
    if intruder["type"] == "queen":
        data["queen_killed"] = True
    if by is not None:
        kills = data["players"][by]["stats"]["kills"]
        kills[intruder["type"]] = kills.get(intruder["type"], 0) + 1
    ctx.emit("intruder_killed", intruder=iid, type=intruder["type"], room=intruder["room"], by=by)


def draw_event(ctx: Ctx) -> str:
    data = ctx.data
    deck = data["decks"]["event"]
    if not deck:                                        # NEM-RETREAT-6, NEM-EVENT-9
        deck[:] = data["discards"]["event"]
        data["discards"]["event"] = []
        ctx.rng.shuffle(deck)
    return deck.pop()


def move_through(ctx: Ctx, iid: str, number: int) -> None:
    """An intruder leaves by its Room's exit ``number``: a Closed Door breaks, TECH hides it
    (NEM-EVENT-5/6, NEM-RETREAT-2..4, NEM-DOOR-4)."""
    data = ctx.data
    intruder = data["intruders"][iid]
    exit_id = ctx.content.board.exit(intruder["room"], number)
    if exit_id == "TECH":
        hide(ctx, iid)
        return
    corridor = data["corridors"][exit_id]
    if corridor["door"] == "closed":
        corridor["door"] = "destroyed"
        ctx.emit("door_destroyed", corridor=exit_id, by=iid)
        check_venting(ctx)                              # NEM-ROOM-26: at once
        return
    target = ctx.content.board.corridors[exit_id].other(intruder["room"])
    intruder["room"] = target
    data["arrivals"] += 1
    intruder["arrived"] = data["arrivals"]
    ctx.emit("intruder_moved", intruder=iid, to=target)


def retreat(ctx: Ctx, iid: str) -> None:
    """NEM-RETREAT-1: an Event card's first number, the card discarded unresolved."""
    card = draw_event(ctx)
    ctx.data["discards"]["event"].append(card)
    ctx.emit("intruder_retreats", intruder=iid)
    move_through(ctx, iid, ctx.content.events[card].move[0])


def attack_target(ctx: Ctx, room: str) -> int | None:
    """NEM-ATTACK-3: the fewest cards in hand; ties to the First Player, then clockwise."""
    seats = characters_in(ctx.data, room)
    if not seats:
        return None
    ordered = in_order(ctx.data, seats)
    shielded = [s for s in ordered if brood_shielded(ctx.data, s)]
    if len(shielded) < len(ordered):
        ordered = [s for s in ordered if s not in shielded]
    return min(ordered, key=lambda s: (len(ctx.player(s)["hand"]), ordered.index(s)))


def intruders_attack(ctx: Ctx) -> None:
    """E4 (NEM-ATTACK-3/10/11): Rooms in board order, intruders in arrival order, one attack each."""
    occupied = rooms_with_intruders(ctx.data)
    for room in ctx.content.board.order:
        if room not in occupied:
            continue
        for iid in intruders_in(ctx.data, room):
            target = attack_target(ctx, room)
            if target is None or ctx.ended():
                break
            attack(ctx, iid, target)
        occupied = rooms_with_intruders(ctx.data)          # an attack may have moved or killed some
