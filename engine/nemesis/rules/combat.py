"""Combat: Shoot, Melee and destroying Eggs (NEM-COMBAT, NEM-SHOOT, NEM-MELEE, NEM-EGG), with the
roll modifiers of weapons and items (spec 7.1: face_map, reroll, extra_injury_on_hit,
min_injury_unless_blank, on_face, melee_no_wound_on) and of Weaknesses (rules/weakness.py).

Notation (the target is an intruder miniature id, or `eggs` for the uncarried Eggs of your Room):
  shoot target=I3 weapon=smg pay=search.0    Shoot (cost 1, in combat; a loaded weapon in a Hand slot)
  shoot target=eggs weapon=smg pay=rest.4    Shoot the Eggs (any combat state, NEM-EGG-1)
  melee target=I3 pay=search.0               Melee (cost 1, in combat); `target=eggs` smashes Eggs
`weapon=` names the item (the first loaded one of that kind) or a Hand slot index (0 or 1).

The roll is resolved in steps, so the roller decides after seeing the die (spec 9.3):
  reroll          (step combat_reroll) keep / reroll, or the Action card paying for it (SMG: Ammo; Nail Gun: a card;
                  Combat Knife: free) — offered only when the roll misses
  combat_discard  (step combat_resolve) a discard face (DISCARD_FOR_1, HIT1_OR_DISCARD_FOR_2): an Action card, or none
Shoot and Melee are declared actions (reactions.declare_action: paid, then the Interruption window,
NEM-ACTION-17); the action counts as done (finish_action) once the last step has resolved.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Command, Data, refuse
from engine.core.commands import Value
from engine.core.effects import Pause
from engine.core.sampling import Group

from ..commands import listed, verb
from ..content import content
from ..context import Ctx
from ..effects import NEM
from ..trees import handles, item_passives, named_args
from . import board_markers, hand, intruders, moving, reactions, weakness, wounds
from .facility import check_nest
from .places import in_combat, in_facility, intruders_in, room_powered

SHOOT_COST = MELEE_COST = 1
EGGS = "eggs"
DISCARD_FACES = ("DISCARD_FOR_1", "HIT1_OR_DISCARD_FOR_2")
EGG_RANK = 0                                            # NEM-COMBAT-4, NEM-DEC-36


def roll_die(ctx: Ctx, die: str) -> str:
    """One roll of the "combat" or "advantage" die (3.10). Tests replace this to script rolls."""
    return str(ctx.rng.choice(getattr(ctx.content.dice, die)))


def rank(kind: str) -> int:
    """NEM-COMBAT-4: Egg 0, Larva 1, Creeper 2, Adult 3, Breeder 4, Queen 5."""
    return next(t.rank for t in content().tokens.intruder_types if t.id == kind)


# -- what is in the Room ------------------------------------------------------------------------

def in_nest(data: Data, room: str) -> bool:
    state = data["rooms"][room]
    return state["tile"] == "nest" and state["explored"]


def uncarried_eggs(data: Data, room: str) -> int:
    """NEM-EGG-1/2/7: Eggs lying in the Room, plus the Nest's Eggs when the Room is the explored Nest."""
    lying = data["rooms"][room]["objects"].count("egg")
    return lying + (data["nest_eggs"] if in_nest(data, room) else 0)


def destroy_eggs(ctx: Ctx, room: str, n: int) -> int:
    """NEM-EGG-3/8: destroy up to ``n`` uncarried Eggs (the Nest's first, then those lying there);
    they leave the game. An emptied Nest is destroyed for good. Returns how many were destroyed."""
    data = ctx.data
    done = 0
    while done < n:
        if in_nest(data, room) and data["nest_eggs"] > 0:
            data["nest_eggs"] -= 1
        elif "egg" in data["rooms"][room]["objects"]:
            data["rooms"][room]["objects"].remove("egg")
        else:
            break
        done += 1
    if done:
        ctx.emit("eggs_destroyed", room=room, n=done, by=ctx.actor)
    check_nest(ctx)
    return done


def weapon_of(thing: object) -> Any:
    """The content Item of a Hand-slot entry when it is a weapon, else None."""
    if isinstance(thing, Mapping) and thing.get("item"):
        item = content().items.get(thing["item"])
        if item is not None and item.weapon is not None:
            return item
    return None


TAPED = 10    # slot TAPED + i: the weapon Duct-Taped to the one in Hand slot i (NEM-HEAVY-6)


def slot_thing(player: Data, slot: int) -> Data:
    """The thing in a weapon slot: Hand slot ``slot``, or for ``TAPED + i`` the item taped to slot i."""
    hands = player["hands"]
    if 0 <= slot < len(hands):
        return hands[slot]
    if 0 <= slot - TAPED < len(hands):
        return hands[slot - TAPED].get("taped") or {}
    return {}


def weapon_slots(player: Data) -> list[int]:
    """Every slot holding a weapon, taped second weapons included."""
    slots = [i for i, thing in enumerate(player["hands"]) if weapon_of(thing)]
    return slots + [TAPED + i for i, thing in enumerate(player["hands"]) if weapon_of(thing.get("taped"))]


def loaded_slots(player: Data) -> list[int]:
    return [i for i in weapon_slots(player) if (slot_thing(player, i).get("ammo") or 0) > 0]


def weapon_slot(player: Data, value: object) -> int:
    """The Hand slot named by ``weapon=`` (an index, or an item id: its first loaded slot)."""
    if isinstance(value, int):
        if value in weapon_slots(player):
            return value
        raise refuse("NEM-SHOOT-1", f"Hand slot {value} holds no weapon")
    slots = [i for i in weapon_slots(player) if slot_thing(player, i)["item"] == value]
    if not slots:
        raise refuse("NEM-SHOOT-1", f"Shoot needs a weapon in a Hand slot; you hold no {value}")
    loaded = [i for i in slots if (slot_thing(player, i).get("ammo") or 0) > 0]
    return loaded[0] if loaded else slots[0]


def modifiers(effect: object, room: str, data: Data) -> list[tuple[str, dict[str, Any]]]:
    """A weapon's roll modifiers as (primitive, named args), `if(powered, …)` decided for ``room``."""
    found: list[tuple[str, dict[str, Any]]] = []
    if effect is None:
        return found
    if isinstance(effect, tuple):
        for node in effect:
            found += modifiers(node, room, data)
        return found
    if isinstance(effect, str):
        return [(effect, {})]
    if not isinstance(effect, Mapping):
        raise TypeError(f"not an effect tree: {effect!r}")
    for name, args in effect.items():
        if name == "if":
            cond, then = args[0], args[1]
            if cond == "powered" and room_powered(data, room):
                found += modifiers(then, room, data)
            elif cond == "powered" and len(args) > 2:
                found += modifiers(args[2], room, data)
        else:
            found.append((name, named_args(name, args)))
    return found


# -- the dice ----------------------------------------------------------------------------------

def injuries(face: str, target_rank: int, attack: str, discarded: bool) -> int:
    """NEM-SHOOT-4..6, NEM-MELEE-4..7, NEM-EGG-4: the Injuries one (modified) face deals."""
    if face == "CREEPER":
        n = 1 if target_rank <= 2 else 0
    elif face == "ADULT":
        n = 1 if target_rank <= 3 else 0
    elif face == "HIT1":
        n = 1
    elif face == "HIT2":
        n = 2
    elif face == "DISCARD_FOR_1":
        n = 1 if discarded else 0
    elif face == "HIT1_OR_DISCARD_FOR_2":
        n = 2 if discarded else 1
    else:                                               # BLANK
        n = 0
    return min(n, 1) if attack == "melee" else n        # NEM-MELEE-7


def die_for(data: Data, seat: int, attack: str) -> str:
    """NEM-SHOOT-3, NEM-MELEE-3: the Advantage die for a shot in a powered Section, else the Combat die."""
    room = data["players"][seat]["room"]
    return "advantage" if attack == "shoot" and room_powered(data, room) else "combat"


def final_face(data: Data, seat: int, attack: str, slot: int, face: str, unmodified: str) -> str:
    """NEM-SHOOT-7: weapon face maps (an "unmodified" map looks at the face as rolled), then Weakness maps."""
    if attack != "shoot":
        return face
    player = data["players"][seat]
    item = weapon_of(slot_thing(player, slot))
    if item is not None:
        for name, args in modifiers(item.effect, player["room"], data):
            if name == "face_map":
                source = unmodified if args.get("unmodified") else face
                if source == args.get("from"):
                    face = str(args.get("to"))
    for source, to in weakness.shoot_face_maps(data, seat):
        if face == source:
            face = to
    return face


def shot_injuries(data: Data, seat: int, attack: str, slot: int, face: str, target_rank: int,
                  discarded: bool) -> int:
    """The Injuries of a resolved roll, weapon rules applied after the face (NEM-SHOOT-7)."""
    n = injuries(face, target_rank, attack, discarded)
    if attack != "shoot":
        return n
    player = data["players"][seat]
    item = weapon_of(slot_thing(player, slot))
    mods = modifiers(item.effect, player["room"], data) if item is not None else []
    for name, args in mods:
        if name == "min_injury_unless_blank" and face != "BLANK":
            n = max(n, int(args.get("n", 1)))
    for name, args in mods:
        if name == "extra_injury_on_hit" and n > 0:
            n += int(args.get("n", 1))
    return n


def target_rank(data: Data, target: str) -> int:
    if target == EGGS:
        return EGG_RANK
    intruder = data["intruders"].get(target)
    return rank(intruder["type"]) if intruder else EGG_RANK


def misses(data: Data, seat: int, attack: str, slot: int, face: str, unmodified: str, target: str) -> bool:
    """Whether the roll as it stands would deal nothing (before any discard)."""
    final = final_face(data, seat, attack, slot, face, unmodified)
    return shot_injuries(data, seat, attack, slot, final, target_rank(data, target), False) == 0 \
        and final not in DISCARD_FACES


def reroll_offer(data: Data, seat: int, attack: str, slot: int, face: str, used: int) -> tuple[str, int] | None:
    """A reroll the roller may take now: (cost kind, times allowed), or None.
    Shoot: the weapon's `reroll` after a BLANK (SMG pays Ammo, Nail Gun a card). Melee: a held item's
    `melee: reroll(n)` (Combat Knife), free. NEM-COMBAT-5: the same on either die."""
    player = data["players"][seat]
    if attack == "shoot":
        item = weapon_of(slot_thing(player, slot))
        for name, args in modifiers(item.effect if item else None, player["room"], data):
            if name == "reroll" and face == "BLANK" and used < int(args.get("times", 1)):
                return str(args.get("cost", "none")), int(args.get("times", 1))
        return None
    for key, value in item_passives(player):
        if key == "melee" and isinstance(value, Mapping) and "reroll" in value:
            times = int(value["reroll"]) if not isinstance(value["reroll"], Mapping) else int(
                value["reroll"].get("times", 1))
            if used < times:
                return "none", times
    return None


# -- the verbs ---------------------------------------------------------------------------------

def _acting(ctx: Ctx, seat: int) -> Data:
    player = ctx.player(seat)
    if not in_facility(player):
        raise refuse("NEM-ACTION-10", "only a character standing in a Room can act")
    return player


def _payment(cmd: Command) -> list[str]:
    value = cmd.get("pay", ())
    return [str(v) for v in (value if isinstance(value, tuple) else (value,))]


def _target(ctx: Ctx, seat: int, cmd: Command, verb: str) -> str:
    """NEM-COMBAT-3, NEM-SHOOT-1, NEM-MELEE-1, NEM-EGG-1/7: an intruder in your Room, or its Eggs."""
    data = ctx.data
    player = ctx.player(seat)
    value = cmd.get("target", cmd.args[0] if cmd.args else None)
    rule = "NEM-SHOOT-1" if verb == "shoot" else "NEM-MELEE-1"
    if value is None:
        raise refuse(rule, f"{verb} needs a target: an intruder in your Room, or eggs")
    characters = {p["character"] for p in data["players"] if p["character"]}
    if isinstance(value, int) or value in characters or (isinstance(value, str) and value[:1] == "P"
                                                        and value[1:].isdigit()):
        raise refuse("NEM-COMBAT-3", "characters never attack characters")
    if value == EGGS:
        if uncarried_eggs(data, player["room"]) == 0:
            carried = any(weakness.carrying(p, "egg") for p in data["players"]
                          if in_facility(p) and p["room"] == player["room"])
            if carried:
                raise refuse("NEM-EGG-7", "carried Eggs cannot be targeted")
            raise refuse("NEM-EGG-1", "there is no uncarried Egg in your Room")
        return EGGS
    intruder = data["intruders"].get(str(value))
    if intruder is None or intruder["room"] != player["room"]:
        raise refuse(rule, f"{value} is not an intruder in your Room")
    return str(value)


def do_shoot(ctx: Ctx, cmd: Command) -> None:
    """NEM-SHOOT-1/2, NEM-EGG-1: validate, pay, spend 1 Ammo, then roll (steps)."""
    seat = ctx.seat
    player = _acting(ctx, seat)
    target = _target(ctx, seat, cmd, "shoot")
    if cmd.get("weapon") is None:
        raise refuse("NEM-SHOOT-1", "Shoot needs a weapon: weapon=<item>")
    slot = weapon_slot(player, cmd.get("weapon"))
    thing = slot_thing(player, slot)
    if (thing.get("ammo") or 0) < 1:
        raise refuse("NEM-SHOOT-1", f"your {thing['item']} has no Ammo")
    hand.pay(ctx, seat, _payment(cmd), SHOOT_COST, "Shoot")
    reactions.declare_action(ctx, seat, "shoot", {"target": target, "slot": slot})


def do_melee(ctx: Ctx, cmd: Command) -> None:
    """NEM-MELEE-1/2, NEM-EGG-1/5: validate, pay, gain 1 Contamination (not against Eggs), then roll."""
    seat = ctx.seat
    _acting(ctx, seat)
    target = _target(ctx, seat, cmd, "melee")
    hand.pay(ctx, seat, _payment(cmd), MELEE_COST, "Melee")
    reactions.declare_action(ctx, seat, "melee", {"target": target, "slot": -1})


@reactions.resolver("shoot")
def _resolve_shoot(ctx: Ctx, seat: int, args: Data, cancelled: bool) -> None:
    """NEM-SHOOT-2: 1 Ammo leaves the weapon, then the roll (nothing when interrupted, NEM-ACTION-17)."""
    thing = slot_thing(ctx.player(seat), args["slot"])
    if cancelled or not in_facility(ctx.player(seat)) or not (thing.get("ammo") or 0):
        return
    thing["ammo"] -= 1
    ctx.emit("shot", seat=seat, weapon=thing["item"], target=args["target"], ammo=thing["ammo"])
    ctx.push({"combat_roll": {"attack": "shoot", "target": args["target"], "slot": args["slot"]}}, seat=seat)


@reactions.resolver("melee")
def _resolve_melee(ctx: Ctx, seat: int, args: Data, cancelled: bool) -> None:
    """NEM-MELEE-2: first 1 Contamination (not against Eggs, NEM-EGG-5), then the roll."""
    if cancelled or not in_facility(ctx.player(seat)):
        return
    ctx.emit("melee", seat=seat, target=args["target"])
    if args["target"] != EGGS:
        hand.gain_contamination(ctx, seat, 1)
    ctx.push({"combat_roll": {"attack": "melee", "target": args["target"], "slot": -1}}, seat=seat)


def _targets(data: Data, seat: int) -> list[str]:
    room = data["players"][seat]["room"]
    found = list(intruders_in(data, room))
    if uncarried_eggs(data, room):
        found.append(EGGS)
    return found


def _combat_groups(data: Data, seat: int) -> list[Group]:
    """The attacks: for each target, one group of every payment, each with a shot per loaded weapon
    then a melee attack."""
    player = data["players"][seat]
    targets = _targets(data, seat)
    if not targets:
        return []
    pays = hand.payments(player["hand"], SHOOT_COST)
    weapons = sorted({slot_thing(player, i)["item"] for i in loaded_slots(player)})
    per_pay = len(weapons) + 1

    def attacks(target: Value) -> Group:
        def build(k: int) -> Command:
            pay, w = pays[k // per_pay], k % per_pay                 # options sorted by name
            if w < len(weapons):
                return listed("shoot", (), (("pay", pay), ("target", target), ("weapon", weapons[w])), seat)
            return listed("melee", (), (("pay", pay), ("target", target)), seat)
        return len(pays) * per_pay, 1.0, build
    return [attacks(target) for target in targets]


# -- the roll, as steps --------------------------------------------------------------------------

def _next(ctx: Ctx, params: dict[str, Any]) -> None:
    """After a roll: offer a reroll when one is available and the roll misses, else resolve."""
    data, seat = ctx.data, ctx.actor
    offer = reroll_offer(data, seat, params["attack"], params["slot"], params["face"], params["used"])
    if offer is not None and misses(data, seat, params["attack"], params["slot"], params["face"],
                                    params["face"], params["target"]):
        ctx.push({"combat_reroll": params}, seat=seat)
    else:
        ctx.push({"combat_resolve": {k: params[k] for k in ("attack", "target", "slot", "face")}}, seat=seat)


@NEM.primitive("combat_roll", attack=str, target=str, slot=int)
def combat_roll(ctx: Ctx, attack: str, target: str, slot: int) -> None:
    """NEM-SHOOT-3, NEM-MELEE-3: roll the Advantage or the Combat die."""
    seat = ctx.actor
    if not in_facility(ctx.player()):
        return
    die = die_for(ctx.data, seat, attack)
    face = roll_die(ctx, die)
    ctx.emit("combat_roll", seat=seat, die=die, face=face)
    _next(ctx, {"attack": attack, "target": target, "slot": slot, "face": face, "used": 0})


@NEM.primitive("combat_reroll", attack=str, target=str, slot=int, face=str, used=int)
def reroll(ctx: Ctx, attack: str, target: str, slot: int, face: str, used: int,
           answer: Any = None) -> Pause | None:
    """Reroll offers (SMG, Nail Gun, Combat Knife): keep the face, or pay and roll again."""
    seat = ctx.actor
    player = ctx.player()
    offer = reroll_offer(ctx.data, seat, attack, slot, face, used)
    cost = offer[0] if offer else "none"
    if cost == "ammo":
        options: tuple[str, ...] = ("keep", "reroll") if (slot_thing(player, slot).get("ammo") or 0) > 0 else ("keep",)
    elif cost == "card":
        options = ("keep", *(pay[0] for pay in hand.payments(player["hand"], 1)))
    else:
        options = ("keep", "reroll")
    if offer is None or len(options) == 1:
        answer = "keep"
    if answer is None:
        return Pause("reroll", options)
    params = {"attack": attack, "target": target, "slot": slot, "face": face, "used": used}
    if answer == "keep":
        ctx.push({"combat_resolve": {k: params[k] for k in ("attack", "target", "slot", "face")}}, seat=seat)
        return None
    if cost == "ammo":
        slot_thing(player, slot)["ammo"] -= 1
    elif cost == "card":
        hand.pay(ctx, seat, [str(answer)], 1, "the reroll")
    new = roll_die(ctx, die_for(ctx.data, seat, attack))
    ctx.emit("die_rerolled", seat=seat, face=new, was=face)
    _next(ctx, {**params, "face": new, "used": used + 1})
    return None


@NEM.primitive("combat_resolve", attack=str, target=str, slot=int, face=str)
def combat_resolve(ctx: Ctx, attack: str, target: str, slot: int, face: str,
                   answer: Any = None) -> Pause | None:
    """Apply the roll: discard faces (ask), Injuries and one death check, a Melee miss's Serious
    Wound, weapon effects on faces; after Eggs a Noise roll; then the action is done."""
    data, seat = ctx.data, ctx.actor
    player = ctx.player()
    final = final_face(data, seat, attack, slot, face, face)
    discarded = False
    if attack == "shoot" and final in DISCARD_FACES and in_facility(player):
        cards = tuple(pay[0] for pay in hand.payments(player["hand"], 1))
        if cards and answer is None:
            return Pause("combat_discard", ("none", *cards))
        if cards and answer != "none":
            hand.pay(ctx, seat, [str(answer)], 1, "the die face")   # NEM-SHOOT-5/6
            discarded = True
    if not in_facility(player):
        return None
    room = player["room"]
    n = shot_injuries(data, seat, attack, slot, final, target_rank(data, target), discarded)
    ctx.emit("combat_result", seat=seat, attack=attack, target=target, face=final, injuries=n)
    if target == EGGS:
        destroy_eggs(ctx, room, min(n, 1) if attack == "melee" else n)      # NEM-EGG-3/5
    elif target in data["intruders"] and data["intruders"][target]["room"] == room:
        if n > 0:
            intruders.injure(ctx, target, n, seat)     # NEM-SHOOT-8, NEM-INTRUDERDMG-5
            _after_hit(ctx, seat, slot, attack, target, room)
        elif attack == "melee" and not _no_wound(player, final):
            wounds.serious_wound(ctx, seat)            # NEM-MELEE-4..6
    if attack == "shoot":
        _on_faces(ctx, seat, slot, final, room)
    if target == EGGS and in_facility(player) and not ctx.ended():
        moving.noise_roll(ctx, seat)                   # NEM-EGG-6
    return None


def _no_wound(player: Data, face: str) -> bool:
    """Wrench: a Melee BLANK does not wound you (melee_no_wound_on)."""
    return any(key == "melee_no_wound_on" and value == face for key, value in item_passives(player))


def _after_hit(ctx: Ctx, seat: int, slot: int, attack: str, target: str, room: str) -> None:
    """on_face(hit, retreat target) (Stun Pistol): a target that took Injuries and still stands here retreats."""
    if attack != "shoot":
        return
    player = ctx.player(seat)
    item = weapon_of(slot_thing(player, slot))
    for name, args in modifiers(item.effect if item else None, room, ctx.data):
        if name == "on_face" and args.get("face") == "hit":
            intruder = ctx.data["intruders"].get(target)
            if intruder is not None and intruder["room"] == room:
                intruders.retreat(ctx, target)


def _on_faces(ctx: Ctx, seat: int, slot: int, face: str, room: str) -> None:
    """on_face(FACE, effect) of the weapon (Flamethrower: HIT2 places Fire in your Room)."""
    player = ctx.player(seat)
    item = weapon_of(slot_thing(player, slot))
    for name, args in modifiers(item.effect if item else None, room, ctx.data):
        if name == "on_face" and args.get("face") == face:
            effect = args.get("effect")
            if isinstance(effect, Mapping) and "place" in effect:
                kind = named_args("place", effect["place"]).get("kind")
                if kind == "fire":
                    board_markers.place(ctx, "fire", room, by=seat)


def combat_state(data: Data, seat: int) -> bool:
    """NEM-COMBAT-1: combat needs no declaration — an intruder in the Room is enough."""
    return in_combat(data, seat)


# -- effect-tree primitives (spec 7.1; injure/retreat/hide are primitives.py defaults) ------------

@handles("destroy_eggs")
def _destroy_eggs(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    where = args.get("where")
    room = where if isinstance(where, str) and where in ctx.data["rooms"] else ctx.player()["room"]
    destroy_eggs(ctx, room, int(args.get("n") or 1))


verb("shoot", groups=_combat_groups)(do_shoot)
verb("melee")(do_melee)
