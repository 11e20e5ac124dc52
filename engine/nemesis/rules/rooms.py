"""Room actions (NEM-ROOM, spec 3.4 / 7.2), with the CSS pods, the Elevator, Signals, Autodestruction,
the Alert Procedure and power as far as rooms reach them.

Command:  room ACTION_ID [option=…] [target=…] pay=…
  room decontamination pay=search.0,rest.4
  room treat_wounds option=heal_light pay=…
  room move_through_tech target=R014 pay=…
  room schedule_css target=9 pay=…                     (then: answer left | right | stay)
  room restore_power target=2,1,4,3 pay=…              (tokens for S01, S02, S03, ELEVATOR)
  room use_elevator target=EL3 pay=…

Every choice of the acting player is a parameter the lister enumerates; the one decision of
other players (riding along in the Elevator, NEM-ELEVATOR-5) is a paused step.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import Command, Data, Refused, refuse
from engine.core.commands import Value
from engine.core.content_memo import ContentMemo
from engine.core.effects import Pause

from .. import commands
from ..content import content
from ..context import Ctx
from ..effects import NEM
from ..trees import Walk, call_of, iter_calls, named_args, run_tree, walk_of
from ..trees import handles as trees_handles
from . import board_markers, escape, facility, hand, intruders, items, moving, reactions, weakness, wounds
from .actions import payment
from .places import characters_in, in_combat, in_darkness, in_facility, in_order, intruders_in

Choice = tuple[Value | None, Value | None]   # (option, target); None where the action takes none
NONE: list[Choice] = [(None, None)]


@dataclass(frozen=True)
class RoomActionRule:
    """How one room action runs: ``run`` performs it; ``rule`` names the refusal of a choice its
    ``CHOICES`` entry does not list (that function lists the legal (option, target) pairs, or
    raises the refusal of the action's own precondition)."""
    rule: str
    run: Callable[[Ctx, int, Any, Any], None]
    moves: bool = False                 # a movement of your own character (NEM-MOVE-11)


ACTIONS: dict[str, RoomActionRule] = {}


def action(name: str, rule: str, moves: bool = False):
    def register(run: Callable[[Ctx, int, Any, Any], None]) -> Callable[[Ctx, int, Any, Any], None]:
        ACTIONS[name] = RoomActionRule(rule, run, moves)
        return run
    return register


CHOICES: dict[str, Callable[[Data, int], list[Choice]]] = {}


def choices(name: str):
    def register(fn: Callable[[Data, int], list[Choice]]) -> Callable[[Data, int], list[Choice]]:
        CHOICES[name] = fn
        return fn
    return register


def _player(data: Data, seat: int) -> Data:
    return data["players"][seat]


def _room(data: Data, seat: int) -> str:
    return data["players"][seat]["room"]


def undressed(player: Data, kind: str) -> bool:
    return any(w["type"] == kind and not w["dressed"] for w in player["serious"])


def room_cost(data: Data, seat: int, base: int) -> int:
    """NEM-COST-5/8: the printed cost; Concussion adds 1 (once, whatever the number of cards)."""
    return max(0, base + (1 if undressed(_player(data, seat), "head") else 0))


# -- choices and effects, action by action ---------------------------------------------------------------

def _other_contingencies(data: Data, seat: int) -> list[str]:
    spots = [f"neutral.{i}" for i in range(len(data["neutral"]))]
    for p in data["players"]:
        if p["seat"] != seat:
            spots += [f"seat{p['seat']}.{i}" for i in range(len(p["contingency"]))]
    return spots


def contingency_at(data: Data, spot: str) -> str:
    where, index = spot.split(".")
    pool = data["neutral"] if where == "neutral" else data["players"][int(where[4:])]["contingency"]
    return pool[int(index)]


def peek_contingency(ctx: Ctx, seat: int, spot: str) -> None:
    """NEM-CONTINGENCY-4; in co-op a Neutral Pool peek reveals the token to all (NEM-DEC-55)."""
    token = contingency_at(ctx.data, spot)
    colour = facility.contingency_colour(ctx, token)
    if ctx.data["mode"] == "coop" and spot.startswith("neutral"):
        if token not in ctx.data["neutral_revealed"]:
            ctx.data["neutral_revealed"].append(token)
        ctx.emit("contingency_revealed_public", where=spot, colour=colour, token=token)
        return
    facility.peek(ctx, seat, "contingency", spot, {"token": token, "colour": colour})


@choices("examine_archives")
def _archive_choices(data: Data, seat: int) -> list[Choice]:
    if _player(data, seat)["knowledge_active"]:
        raise refuse("NEM-ROOM-4", "your Knowledge token is already active")
    return [(None, spot) for spot in _other_contingencies(data, seat)] or NONE


@action("examine_archives", "NEM-ROOM-4")
def _archive(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    weakness.examine_archives(ctx, seat)
    if target is not None:
        peek_contingency(ctx, seat, str(target))


@choices("move_through_tech")
def _tech_choices(data: Data, seat: int) -> list[Choice]:
    board = content().board
    here = _room(data, seat)
    return [(None, r) for r in board.entrance_rooms if r != here and data["rooms"][r]["explored"]]


def attack_as(ctx: Ctx, seat: int, kind: str, darkness: str = "auto") -> None:
    """An Attack card resolved against ``seat`` as an attack of ``kind`` (no intruder miniature)."""
    player = ctx.player(seat)
    card_id = intruders.draw_attack_card(ctx)
    card = ctx.content.attacks[card_id]
    hit = kind in card.symbols
    ctx.emit("intruder_attack", reveals=True, intruder=None, type=kind, seat=seat, card=card_id, hit=hit)
    if not hit:
        return
    run_tree(ctx, card.effect, target=seat, room=player["room"])
    dark = darkness == "forced" or (darkness == "auto" and in_darkness(ctx.data, seat))
    if card.darkness is not None and dark and in_facility(player):
        run_tree(ctx, card.darkness, target=seat, room=player["room"])


@action("move_through_tech", "NEM-ROOM-5", moves=True)
def _tech(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    moving.arrive(ctx, seat, str(target), None, noise=False)    # NEM-DEC-47: no Noise roll
    if in_facility(ctx.player(seat)):
        attack_as(ctx, seat, "adult", darkness="forced")


@choices("initiate_autodestruction")
def _cooling_choices(data: Data, seat: int) -> list[Choice]:
    if data["selfdestruct"] is not None:
        raise refuse("NEM-SELFDESTRUCT-2", "an Autodestruction token is already on the track")
    return NONE


@action("initiate_autodestruction", "NEM-ROOM-6")
def _cooling(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    facility.autodestruct_start(ctx)


def scan(ctx: Ctx, seat: int, zones: tuple[str, ...]) -> None:
    """Scan the named zones; INFECTED cards go to the bottom of the Contamination deck (no
    Infection); clean ones stay and their owner now knows them (NEM-SCAN-2/4)."""
    player = ctx.player(seat)
    infected = {c.id for c in ctx.content.contamination if c.infected}
    removed = 0
    for zone in zones:
        for card in [c for c in player[zone] if hand.is_contamination(c)]:
            if card in infected:
                player[zone].remove(card)
                ctx.data["decks"]["contamination"].insert(0, card)
                if card in player["scanned"]:
                    player["scanned"].remove(card)
                removed += 1
            elif card not in player["scanned"]:
                player["scanned"].append(card)
    ctx.emit("scanned", seat=seat, zones=list(zones), removed=removed)


@action("decontamination", "NEM-ROOM-7")
def _decon(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    scan(ctx, seat, ("hand",))
    player = ctx.player(seat)
    player["larva"] = False
    player["slime"] = False
    ctx.emit("decontaminated", seat=seat)


CHOICES["decontamination"] = lambda data, seat: NONE


@choices("treat_wounds")
def _treat_choices(data: Data, seat: int) -> list[Choice]:
    player = _player(data, seat)
    found: list[Choice] = []
    if any(not w["dressed"] for w in player["serious"]):
        found.append(("dress", None))
    if any(w["dressed"] for w in player["serious"]):
        found.append(("heal_serious", None))
    if player["light"]:
        found.append(("heal_light", None))
    return found


@action("treat_wounds", "NEM-ROOM-8")
def _treat(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    player = ctx.player(seat)
    if option == "dress":
        for wound in player["serious"]:
            wound["dressed"] = True
    elif option == "heal_serious":
        wound = next(w for w in player["serious"] if w["dressed"])
        player["serious"].remove(wound)
        if wound["card"] is not None:
            ctx.data["discards"]["wound"].append(wound["card"])
    else:
        player["light"] = 0
    ctx.emit("wounds_treated", seat=seat, how=option)


@choices("analyze_object")
def _lab_choices(data: Data, seat: int) -> list[Choice]:
    lying = sorted(set(data["rooms"][_room(data, seat)]["objects"]))
    held = sorted({h["object"] for h in _player(data, seat)["hands"] if isinstance(h, dict) and "object" in h})
    found: list[Choice] = [(None, kind) for kind in lying]
    return found + [(None, f"held.{kind}") for kind in held]


@action("analyze_object", "NEM-ROOM-9")
def _lab(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    data, player = ctx.data, ctx.player(seat)
    target = str(target)
    if target.startswith("held."):
        kind = target[5:]
        player["hands"].remove(next(h for h in player["hands"] if h.get("object") == kind))
    else:
        kind = target
        data["rooms"][player["room"]]["objects"].remove(kind)
    weakness.research(ctx, seat, kind)


def _pod_of(data: Data, seat: int) -> str:
    return content().tiles[data["rooms"][_room(data, seat)]["tile"]].pod or ""


@choices("enter_pod")
def _pod_choices(data: Data, seat: int) -> list[Choice]:
    problem = escape.pod_problem(data, _pod_of(data, seat))
    if problem:
        raise refuse("NEM-CSS-3", problem)
    return NONE


@action("enter_pod", "NEM-CSS-3")
def _pod(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    escape.enter_pod(ctx, seat, _pod_of(ctx.data, seat))


@choices("take_egg")
def _egg_choices(data: Data, seat: int) -> list[Choice]:
    if data["nest_eggs"] <= 0:
        raise refuse("NEM-ROOM-12", "no Egg is left in the Nest")
    player = _player(data, seat)
    if items.free_slots(player) <= 0:
        raise refuse("NEM-HEAVY-4", "no free Hand slot for the Egg (drop something first)")
    return NONE


@action("take_egg", "NEM-ROOM-12")
def _egg(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    ctx.data["nest_eggs"] -= 1
    ctx.player(seat)["hands"].append({"object": "egg"})
    ctx.emit("egg_taken", seat=seat)
    facility.check_nest(ctx)                         # NEM-EGG-8, NEM-DEC-15: the last Egg taken
    moving.noise_roll(ctx, seat)


@choices("stop_autodestruction")
def _stop_choices(data: Data, seat: int) -> list[Choice]:
    boom = data["selfdestruct"]
    if boom is None or boom["colour"] != "yellow":
        raise refuse("NEM-SELFDESTRUCT-7", "no yellow Autodestruction token is on the track")
    return NONE


@action("stop_autodestruction", "NEM-ROOM-14")
def _stop(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    facility.autodestruct_stop(ctx)


CHOICES["power_section"] = lambda data, seat: NONE


@action("power_section", "NEM-ROOM-15")
def _power_section(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    facility.power_flip(ctx, str(ctx.content.board.section_of(ctx.player(seat)["room"])))


CHOICES["send_signal"] = lambda data, seat: NONE


@action("send_signal", "NEM-SIGNAL-1")
def _signal(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    player = ctx.player(seat)
    if not player["signal"]:
        player["signal"] = True
        ctx.emit("signal_sent", seat=seat)


@choices("check_objective")
def _check_choices(data: Data, seat: int) -> list[Choice]:
    found: list[Choice] = [(None, p["seat"]) for p in data["players"] if p["seat"] != seat and p["signal"]
                           and p["where"] != "dead" and p["character"] is not None]
    if not found:
        raise refuse("NEM-SIGNAL-4", "no other living character has a Signal marker")
    return found


@action("check_objective", "NEM-SIGNAL-3")
def _check(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    other = ctx.player(int(target))
    facility.peek(ctx, seat, "objectives", int(target), list(other["objectives"]))


DIRECTIONS = {"left": 1, "right": -1, "stay": 0}


@choices("schedule_css")
def _css_choices(data: Data, seat: int) -> list[Choice]:
    found: list[Choice] = [(None, slot) for slot in sorted(int(s) for s in data["css"])]
    if not found:
        raise refuse("NEM-ROOM-17", "no face-down CSS token is left")
    return found


@action("schedule_css", "NEM-ROOM-17")
def _css(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    """Look first, then decide (spec 9.3: the move of the peeked token is a choice)."""
    slot = int(target)
    facility.peek(ctx, seat, "css", slot, facility.css_outcome(ctx, ctx.data["css"][str(slot)]))
    ctx.push({"schedule_css_move": {"slot": slot}}, seat=seat)


@NEM.primitive("schedule_css_move", slot=int)
def schedule_css_move(ctx: Ctx, slot: int, answer: Any = None) -> Pause | None:
    """NEM-ROOM-17/18: one slot left (toward 15) or right (toward S), or stay."""
    moves = [o for o, delta in DIRECTIONS.items()
             if delta == 0 or facility.css_move_problem(ctx.data, slot, delta) is None]
    if len(moves) == 1:
        return None
    if answer is None:
        return Pause("css_move", tuple(moves))
    facility.css_move(ctx, slot, DIRECTIONS[str(answer)])
    return None


@choices("exterminate")
def _defense_choices(data: Data, seat: int) -> list[Choice]:
    here = _room(data, seat)
    options = ["malfunction"] + (["items"] if (data["rooms"][here]["items"] or 0) > 0 else [])
    rooms = [r for r in content().board.order if data["rooms"][r]["explored"]
             and not data["rooms"][r]["malfunction"] and intruders_in(data, r)]
    return [(o, r) for o in options for r in rooms]


@action("exterminate", "NEM-ROOM-19")
def _defense(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    data, here, room = ctx.data, ctx.player(seat)["room"], str(target)
    if option == "items":
        data["rooms"][here]["items"] -= 1
    else:
        board_markers.place(ctx, "malfunction", here, by=seat)
    if ctx.ended():
        return
    board_markers.place(ctx, "malfunction", room, by=seat)
    for iid in intruders_in(data, room):
        if not ctx.ended():
            intruders.injure(ctx, iid, 1, seat)
    for other in in_order(data, characters_in(data, room)):
        if not ctx.ended():
            wounds.serious_wound(ctx, other)


@choices("take_equipment")
def _guard_choices(data: Data, seat: int) -> list[Choice]:
    if not data["rooms"][_room(data, seat)]["items"]:
        raise refuse("NEM-ROOM-21", "the Item Counter is at 0")
    found: list[Choice] = [(item, None) for item in ("taser", "enviro_suit") if item in data["crafted"]]
    if not found:
        raise refuse("NEM-ROOM-21", "neither a Taser nor an Enviro-Suit is left in the Crafted deck")
    return found


def take_crafted(ctx: Ctx, seat: int, item: str) -> None:
    """NEM-DEC-73: from the Crafted deck into the Inventory (these items are not heavy)."""
    ctx.data["crafted"].remove(item)
    ctx.player(seat)["inventory"].append({"item": item, "ammo": None})
    ctx.emit("item_gained", seat=seat, item=item, reveals=True)


@action("take_equipment", "NEM-ROOM-21")
def _guard(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    ctx.data["rooms"][ctx.player(seat)["room"]]["items"] -= 1
    take_crafted(ctx, seat, str(option))


CHOICES["surgical_procedure"] = lambda data, seat: NONE


@action("surgical_procedure", "NEM-ROOM-23")
def _surgery(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    scan(ctx, seat, ("deck", "hand", "discard"))
    player = ctx.player(seat)
    player["larva"] = False
    wounds.light_wound(ctx, seat)
    if in_facility(player):
        player["deck"] += player["hand"] + player["discard"]
        player["hand"], player["discard"] = [], []
        ctx.rng.shuffle(player["deck"])
        ctx.emit("deck_reshuffled", seat=seat)
    escape.force_pass(ctx, seat)


@choices("take_neutralizer")
def _testing_choices(data: Data, seat: int) -> list[Choice]:
    if not weakness.meets(data, seat, 4):
        raise refuse("NEM-ROOM-24", "Take Neutralizer needs Knowledge 4 or more")
    if "neutralizer" not in data["crafted"]:
        raise refuse("NEM-ROOM-24", "no Neutralizer is left in the Crafted deck")
    return NONE


@action("take_neutralizer", "NEM-ROOM-24")
def _testing(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    take_crafted(ctx, seat, "neutralizer")


@choices("vent_out")
def _vent_choices(data: Data, seat: int) -> list[Choice]:
    if data["venting"] is not None:
        raise refuse("NEM-ROOM-25", "the Venting token is already on the board")
    return [(None, r) for r in facility.vent_rooms(data)]


@action("vent_out", "NEM-ROOM-25")
def _vent(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    board_markers.vent_out(ctx, str(target))


CHOICES["lock_in"] = lambda data, seat: NONE


@action("lock_in", "NEM-ROOM-29")
def _lock(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    escape.lock_in(ctx, seat)


CHOICES["craft_equipment"] = lambda data, seat: NONE


@action("craft_equipment", "NEM-CRAFT-6")
def _repository(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    items.craft_equipment(ctx, seat)


ARRANGEMENTS = tuple(itertools.permutations((1, 2, 3, 4)))


@choices("restore_power")
def _backup_choices(data: Data, seat: int) -> list[Choice]:
    return [(None, arrangement) for arrangement in ARRANGEMENTS]


@action("restore_power", "NEM-ROOM-34")
def _backup(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    facility.power_restore(ctx, dict(zip(facility.LOCATIONS, target)))


@choices("start_alert")
def _alert_choices(data: Data, seat: int) -> list[Choice]:
    if data["alert"] is not None:
        raise refuse("NEM-ALERT-2", "the Alert Procedure has already started")
    return NONE


@action("start_alert", "NEM-ROOM-35")
def _alert(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    facility.alert_start(ctx)


@choices("obtain_contingency")
def _obtain_choices(data: Data, seat: int) -> list[Choice]:
    if not data["neutral"]:
        raise refuse("NEM-ROOM-36", "the Neutral Pool is empty")
    return [(None, f"neutral.{i}") for i in range(len(data["neutral"]))]


@action("obtain_contingency", "NEM-ROOM-36")
def _obtain(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    if ctx.data["mode"] == "coop":                      # NEM-COOP-3: revealed to all, stays in the pool
        peek_contingency(ctx, seat, str(target))
        return
    index = int(str(target).split(".")[1])
    token = ctx.data["neutral"].pop(index)
    ctx.player(seat)["contingency"].append(token)
    if token in ctx.data["neutral_revealed"]:
        ctx.data["neutral_revealed"].remove(token)
    ctx.emit("contingency_obtained", seat=seat)
    if ctx.data["mode"] == "coop":                      # NEM-DEC-55: co-op reveals it to all
        ctx.emit("contingency_revealed_public", where=f"seat{seat}", token=token,
                 colour=facility.contingency_colour(ctx, token))
    facility.peek(ctx, seat, "contingency", f"seat{seat}.{len(ctx.player(seat)['contingency']) - 1}",
                  {"token": token, "colour": facility.contingency_colour(ctx, token)})


def _elevator_ready(data: Data, seat: int) -> None:
    if not facility.powered(data, "ELEVATOR"):
        raise refuse("NEM-ELEVATOR-2", "the Elevator has no power")


@choices("call_elevator")
def _call_choices(data: Data, seat: int) -> list[Choice]:
    _elevator_ready(data, seat)
    if data["elevator"] == _room(data, seat):
        raise refuse("NEM-ELEVATOR-3", "the Elevator is already here")
    return NONE


@action("call_elevator", "NEM-ELEVATOR-3")
def _call(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    facility.elevator_call(ctx, ctx.player(seat)["room"])


@choices("use_elevator")
def _use_choices(data: Data, seat: int) -> list[Choice]:
    _elevator_ready(data, seat)
    here = _room(data, seat)
    if data["elevator"] != here:
        raise refuse("NEM-ELEVATOR-4", "call the Elevator to this Room first")
    return [(None, stop) for stop in facility.elevator_stops().values() if stop != here]


@action("use_elevator", "NEM-ELEVATOR-4", moves=True)
def _use(ctx: Ctx, seat: int, option: Any, target: Any) -> None:
    """NEM-ELEVATOR-5: the others in the Room are asked first (in order); then everyone rides."""
    here = ctx.player(seat)["room"]
    others = [s for s in in_order(ctx.data, characters_in(ctx.data, here)) if s != seat]
    ctx.data["elevator_riders"] = []
    ctx.push({"elevator_go": {"to": str(target)}}, seat=seat)
    for other in reversed(others):
        ctx.push("elevator_rider", seat=other)


@NEM.primitive("elevator_rider")
def elevator_rider(ctx: Ctx, answer: Any = None) -> Pause | None:
    if answer is None:
        return Pause("elevator_ride", ("yes", "no"))
    if answer == "yes":
        ctx.data["elevator_riders"].append(ctx.actor)
    return None


@NEM.primitive("elevator_go", to=str)
def elevator_go(ctx: Ctx, to: str) -> None:
    """NEM-ELEVATOR-4/6: the token and the riders arrive; no Noise roll."""
    seat = ctx.actor
    riders = ctx.data.pop("elevator_riders", [])
    here = ctx.player(seat)["room"]
    facility.elevator_call(ctx, to)
    for rider in [seat] + riders:
        if in_facility(ctx.player(rider)) and ctx.player(rider)["room"] == here:
            moving.arrive(ctx, rider, to, None, noise=False)


# -- the verb ----------------------------------------------------------------------------------------------

def tile_action(data: Data, seat: int, action_id: str):
    state = data["rooms"][_room(data, seat)]
    tile = content().tiles[state["tile"]]
    return next((a for a in tile.actions if a.id == action_id
                 and (a.face is None or a.face == state["face"])), None)


def base_problem(data: Data, seat: int, action_id: str) -> tuple[str, str] | None:
    """NEM-ROOM-1: in that Room, out of combat, no Malfunction; the action exists and is ready."""
    player = _player(data, seat)
    if not in_facility(player):
        return "NEM-ACTION-10", "only a character standing in a Room can act"
    found = tile_action(data, seat, action_id)
    if found is None:
        return "NEM-ROOM-1", f"your Room offers no {action_id} action now"
    if action_id not in ACTIONS:
        return "NEM-ROOM-1", f"{action_id} is not available as a room action yet"
    if in_combat(data, seat):
        return "NEM-ROOM-1", "room actions are out of combat only"
    if data["rooms"][player["room"]]["malfunction"]:
        return "NEM-MALF-3", "a Malfunction disables this Room's action"
    return None


def _same(a: object, b: object) -> bool:
    if isinstance(a, tuple) or isinstance(b, tuple):
        return tuple(a if isinstance(a, tuple) else (a,)) == tuple(b if isinstance(b, tuple) else (b,))
    return a == b


def do_room(ctx: Ctx, cmd: Command) -> None:
    seat = ctx.seat
    data = ctx.data
    if not cmd.args:
        raise refuse("NEM-ROOM-1", "name the room action")
    action_id = str(cmd.args[0])
    problem = base_problem(data, seat, action_id)
    if problem:
        raise refuse(*problem)
    rule = ACTIONS[action_id]
    legal = CHOICES[action_id](data, seat)
    option, target = cmd.get("option", None), cmd.get("target", None)
    chosen = next(((o, t) for o, t in legal if _same(o, option) and _same(t, target)), None)
    if chosen is None:
        raise refuse(rule.rule, f"{action_id} cannot be done with option={option} target={target}")
    cost = room_cost(data, seat, tile_action(data, seat, action_id).cost)
    if rule.moves:
        cost += moving.wounded_knee_extra(data, seat)
    hand.pay(ctx, seat, payment(cmd), cost, action_id)
    if rule.moves:
        data["turn"]["first_turn_moves"] += 1
    ctx.emit("room_action", seat=seat, action=action_id, room=ctx.player(seat)["room"])
    option, target = chosen
    reactions.declare_action(ctx, seat, "room", {"action": action_id, "option": option,
                                                 "target": list(target) if isinstance(target, tuple) else target})


@reactions.resolver("room")
def _resolve_room(ctx: Ctx, seat: int, args: Data, cancelled: bool) -> None:
    """After the Interruption window (NEM-ACTION-17/20): the effect, unless cancelled."""
    if cancelled or not in_facility(ctx.player(seat)):
        return
    target = args.get("target")
    ACTIONS[args["action"]].run(ctx, seat, args.get("option"), tuple(target) if isinstance(target, list) else target)


def _params(option: Value | None, target: Value | None) -> tuple[tuple[str, Value], ...]:
    """A room command's options before its payment."""
    params: list[tuple[str, Value]] = []
    if option is not None:
        params.append(("option", option))
    if target is not None:
        params.append(("target", target))
    return tuple(params)


def _room_choices(data: Data, seat: int) -> list[commands.Paid]:
    """The room commands: for each action, option and target, its payments."""
    player = _player(data, seat)
    if not in_facility(player):
        return []
    state = data["rooms"][player["room"]]
    found: list[commands.Paid] = []
    for tile_act in content().tiles[state["tile"]].actions:
        if base_problem(data, seat, tile_act.id) is not None:
            continue
        rule = ACTIONS[tile_act.id]
        try:
            legal = CHOICES[tile_act.id](data, seat)
        except Refused:                                 # not possible now
            continue
        cost = room_cost(data, seat, tile_act.cost) + (moving.wounded_knee_extra(data, seat) if rule.moves else 0)
        pays = hand.payments(player["hand"], cost)
        args = (tile_act.id,)
        for option, target in legal:
            found.append(("room", args, _params(option, target), pays))
    return found


commands.paid_verb("room", _room_choices)(do_room)


# -- Defense Plan: the Room's action for free (room_action_free, 7.3 Sentry) --------------------------

def free_room_choices(data: Data, seat: int, walk: Any = None, conds: Any = None) -> dict[str, tuple[str, Any, Any]]:
    """The Room's actions the seat may perform now without cost, encoded ``action/option/target``;
    none when the tree's condition (``room_has: [red, white]``) fails."""
    walk = walk or Walk(Ctx(data, None, seat), None, (), planning=True)
    if conds and not walk.cond(conds, {}):
        return {}
    player = _player(data, seat)
    if not in_facility(player):
        return {}
    found: dict[str, tuple[str, Any, Any]] = {}
    for tile_act in content().tiles[data["rooms"][player["room"]]["tile"]].actions:
        if base_problem(data, seat, tile_act.id) is not None:
            continue
        try:
            legal = CHOICES[tile_act.id](data, seat)
        except Refused:
            continue
        for option, target in legal:
            text = "+".join(map(str, target)) if isinstance(target, tuple) else "-" if target is None else str(target)
            found[f"{tile_act.id}/{'-' if option is None else option}/{text}"] = (tile_act.id, option, target)
    return found


def _read_free_part(tree: object, option: int | None) -> tuple[bool, Any]:
    """(whether the part ``option`` of ``tree`` has a ``room_action_free``, the first one's filters)."""
    part = tree
    name, raw = call_of(tree) if isinstance(tree, str) or hasattr(tree, "items") else ("", None)
    if name == "choice" and option is not None:
        options = named_args(name, raw).get("options", ())
        part = options[option] if 0 <= option < len(options) else None
    return next(((True, cargs.get("filters")) for cname, cargs in iter_calls(part) if cname == "room_action_free"),
                (False, None))


_free_part = ContentMemo(_read_free_part)    # content never changes: each part read once


def free_room_unmet(ctx: Ctx, tree: object, option: int | None) -> bool:
    """A card part ``room_action_free`` with no Room action available to perform for free now."""
    free, filters = _free_part(tree, option)
    if not free:
        return False
    walk = Walk(ctx, None, (), planning=True)
    return not free_room_choices(ctx.data, ctx.actor, walk, filters)


@trees_handles("room_action_free")
def _room_action_free(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    if free_room_choices(ctx.data, ctx.actor, walk_of(bindings), args.get("filters")):
        ctx.push({"free_room_action": {"filters_met": True}}, seat=ctx.actor)


@NEM.primitive("free_room_action", filters_met=bool)
def free_room_action(ctx: Ctx, filters_met: bool, answer: Any = None) -> Pause | None:
    """The acting player picks which of the Room's actions to perform (no cost, NEM-COST)."""
    seat = ctx.actor
    options = free_room_choices(ctx.data, seat)
    if not options:
        return None
    if answer is None:
        return Pause("room_action", tuple(options) + ("skip",))
    if answer not in options:
        return None
    action_id, option, target = options[str(answer)]
    ctx.emit("room_action", seat=seat, action=action_id, room=ctx.player(seat)["room"])
    ACTIONS[action_id].run(ctx, seat, option, target)
    return None
