"""Dice (DRG-DICE), combat strength (DRG-STRENGTH) and the combat sequence of spec 9.4
(DRG-COMBAT, DRG-CRIT, DRG-COUNTER, DRG-RETREAT, DRG-MOUNTAIN, DRG-CITY).

A combat is plain data in ``data["combat"]`` while it runs:
  attacker   the attacking character (general or dragon)
  target     {"kind": "neutral" | "general" | "dragon", "who": character or None for neutral}
  region     the combat region
  exchange   1, 2, ... (DRG-COMBAT-6)
  phase      "roll" | "after_crits" | "counter" | "normals" | "check" | "target_retreat"
             | "attacker_retreat" | "end" (the states of 9.4)
  mountain   whether attacking units crossed a mountain border while approaching (DRG-MOUNTAIN-2)
  held       the attacker's normal hits waiting for step 7 (DRG-CRIT-3)
  stolen     the sides that already gave an overkill steal this exchange (DRG-COMBAT-16)
  once       the target was already beaten when attacked: one exchange only (DRG-COMBAT-21)

The sequence runs as the step ``combat_step``; each decision is its own step that pauses
(``combat_target_choice``, ``combat_attacker_choice``, ``combat_assign``, ``combat_retreat``).
The pre-roll Vaala windows, rerolls and hit conversions (DRG-CRIT-5/6, DRG-COUNTER-10) are a
later slice: here a roll goes straight to the ignored hits.
"""
from __future__ import annotations

from typing import Any

from engine.core import Data, Rng
from engine.core.effects import Param, Pause

from ..context import Ctx, is_ai, refuse, seat_of
from ..content import Face
from ..setup import UNIT_TYPES
from ..steps import DRG
from . import power
from .control import controller
from .movement import arrive, remove_units, units_of

# --- dice ----------------------------------------------------------------------------------------


def roll(ctx: Ctx, dice: int, side: str = "") -> list[Face]:
    """DRG-DICE-1/3/4: roll max(0, dice) of the content's d10 with the state's generator; logged."""
    faces = ctx.content.die.faces
    rolled = [faces[ctx.rng.below(len(faces))] for _ in range(max(0, dice))]
    ctx.emit("dice_rolled", side=side, faces=[f.face for f in rolled])
    return rolled


def totals(faces: list[Face]) -> tuple[int, int]:
    """DRG-DICE-2: (N normal hits, C critical hits) summed over the dice."""
    return sum(f.normal for f in faces), sum(f.crit for f in faces)


# --- strength ------------------------------------------------------------------------------------


def general_strength(data: Data, general: str, region: str, bonus: Any) -> int:
    """DRG-STRENGTH-2..5: units in the region, +set bonus (+2 with the figure there) for an equal
    set of the three types, else +general_bonus_without_set with the figure; figure alone is 0."""
    units = units_of(data, region, general)
    n = sum(units.values())
    if n == 0:
        return 0
    figure = data["boards"][general]["region"] == region
    counts = {units[t] for t in UNIT_TYPES}
    if len(counts) == 1 and units[UNIT_TYPES[0]] >= 1:
        return n + (bonus.set_bonus_with_general if figure else bonus.set_bonus)
    return n + (bonus.general_bonus_without_set if figure else 0)


def side_strength(ctx: Ctx, side: Data, region: str) -> int:
    """DRG-STRENGTH-1 (dragon: health), -2..5 (general), -6 (neutral units, no bonus)."""
    data = ctx.data
    if side["kind"] == "neutral":
        return data["regions"][region]["neutral"]
    if side["kind"] == "dragon":
        return max(0, data["boards"][side["who"]]["health"])
    return general_strength(data, side["who"], region, ctx.content.params.strength)


def side_of(data: Data, character: str) -> Data:
    return {"kind": data["boards"][character]["role"], "who": character}


def beaten(ctx: Ctx, side: Data, region: str) -> bool:
    """DRG-COMBAT-11: nothing of the side is left to damage in the combat region."""
    data = ctx.data
    if side["kind"] == "neutral":
        return data["regions"][region]["neutral"] <= 0
    if side["kind"] == "dragon":
        return data["boards"][side["who"]]["health"] <= 0
    return sum(units_of(data, region, side["who"]).values()) == 0


# --- targets -------------------------------------------------------------------------------------


def legal_targets(ctx: Ctx, attacker: str, region: str) -> list[tuple[str, Data, int]]:
    """DRG-COMBAT-2/5, DRG-BONDED-2: (key, side, strength) of each legal target in ``region`` —
    all neutral units there ("neutral"), a general with a unit or its figure there, a dragon
    there — never the attacker itself nor its bonded ally. In board order after the neutrals."""
    data = ctx.data
    ally = ctx.board(attacker)["bonded_with"]
    out: list[tuple[str, Data, int]] = []
    if data["regions"][region]["neutral"] > 0:
        side = {"kind": "neutral", "who": None}
        out.append(("neutral", side, side_strength(ctx, side, region)))
    for who, board in data["boards"].items():
        if who in (attacker, ally):
            continue
        there = board["region"] == region or (
            board["role"] == "general" and any(units_of(data, region, who).values()))
        if there:
            side = side_of(data, who)
            out.append((who, side, side_strength(ctx, side, region)))
    return out


def _push_for(ctx: Ctx, who: str | None, step: Any) -> None:
    """Queue a step that may pause, tagged with the deciding character's human seat (an AI's
    decisions never pause, so its steps keep the running seat)."""
    seat = seat_of(ctx.data, who) if who else None
    ctx.push(step, **({"seat": seat} if seat is not None else {}))


def _damage_then_step(ctx: Ctx, combat: Data, side: str, n: int) -> None:
    """Queue ``combat_damage`` (decided by the hit general's seat) and then ``combat_step``."""
    hit = combat["target"] if side == "target" else _attacker(combat, ctx.data)
    ctx.push("combat_step")
    _push_for(ctx, hit.get("who"), {"combat_damage": {"side": side, "n": n}})


# --- starting ------------------------------------------------------------------------------------


def start(ctx: Ctx, attacker: str, target: Data, region: str, *, mountain: bool = False) -> None:
    """DRG-COMBAT-2/3/5/14: begin a combat (after any approach, DRG-COMBAT-4) and queue its steps.
    ``target`` is {"kind": "neutral"} or a character's side; ``mountain`` says whether an
    attacking unit crossed a mountain border while approaching (DRG-MOUNTAIN-2/5/6)."""
    data = ctx.data
    board = ctx.board(attacker)
    target = {"kind": target["kind"], "who": target.get("who")}
    if target["kind"] != "neutral":
        who = target["who"]
        if who == attacker:
            raise refuse("DRG-COMBAT-5", "a character cannot attack its own pieces")
        if board["bonded_with"] == who:
            raise refuse("DRG-BONDED-2", f"{attacker} may not attack its bonded ally {who}")
        target = side_of(data, who)
        there = (data["boards"][who]["region"] == region
                 or (target["kind"] == "general" and any(units_of(data, region, who).values())))
        if not there:
            raise refuse("DRG-COMBAT-5", f"{who} has neither unit nor figure in {region}")
    elif data["regions"][region]["neutral"] <= 0:
        raise refuse("DRG-COMBAT-5", f"no neutral unit stands in {region}")
    if board["role"] == "dragon" and board["region"] != region:
        raise refuse("DRG-COMBAT-3", f"a dragon attacks only in its own region, not {region}")
    if board["role"] == "general" and not any(units_of(data, region, attacker).values()):
        raise refuse("DRG-COMBAT-4", f"{attacker} has no unit in the combat region {region}")
    data["combat"] = {
        "attacker": attacker, "target": target, "region": region, "exchange": 1, "phase": "roll",
        "mountain": bool(mountain) and board["role"] == "general", "held": 0, "stolen": [],
        "once": beaten(ctx, target, region),
    }
    data.setdefault("fought", []).append([attacker, target["who"]])      # DRG-COMBAT-14
    ctx.emit("combat_started", attacker=attacker, target=target.get("who") or "neutral", region=region)
    ctx.push("combat_step")


def _attacker(combat: Data, data: Data) -> Data:
    return side_of(data, combat["attacker"])


# --- ignored hits --------------------------------------------------------------------------------


def _ignore(normal: int, crit: int, n: int) -> tuple[int, int, int]:
    """DRG-CRIT-5: ignore up to n hits, critical ones first; returns (normal, crit, ignored)."""
    c = min(crit, n)
    m = min(normal, n - c)
    return normal - m, crit - c, c + m


def ignored_hits(ctx: Ctx, combat: Data, normal: int, crit: int) -> tuple[int, int]:
    """DRG-MOUNTAIN-2..4/8, DRG-CITY-3..6, DRG-COUNTER-9: applied to the attacker's roll only."""
    data, params = ctx.data, ctx.content.params
    if combat["mountain"] and combat["exchange"] == 1:
        normal, crit, n = _ignore(normal, crit, params.mountain_ignored_hits)
        if n:
            ctx.emit("hits_ignored", n=n, cause="mountain")
    target, region = combat["target"], combat["region"]
    here = data["regions"][region]
    if target["kind"] == "general" and here["city"] == target["who"] and normal + crit > 0:
        normal, crit, n = _ignore(normal, crit, params.city_ignored_hits)
        here["city"] = False                                         # DRG-CITY-3/4
        data["supply"]["cities"] += 1
        ctx.emit("hits_ignored", n=n, cause="city")
        ctx.emit("city_removed", region=region)
    return normal, crit


# --- damage --------------------------------------------------------------------------------------


def _damage_one(ctx: Ctx, combat: Data, side: Data, dealer: Data, unit: str | None) -> None:
    """One point of combat damage (DRG-COMBAT-8/9/10), overkill steal (-16) and devour (-17)."""
    data, region, params = ctx.data, combat["region"], ctx.content.params
    if beaten(ctx, side, region):
        key = side.get("who") or "neutral"
        if (side["kind"] != "neutral" and dealer["kind"] != "neutral"
                and combat["stolen"].count(key) < params.overkill_steal_per_exchange):
            combat["stolen"].append(key)
            power.steal(ctx, dealer["who"], side["who"], 1)
        return
    if side["kind"] == "dragon":
        data["boards"][side["who"]]["health"] -= 1
        ctx.emit("damage", side=side["who"], n=1, removed="health")
        return
    if side["kind"] == "neutral":
        remove_units(ctx, region, "neutral", {"neutral": 1})
    else:
        remove_units(ctx, region, side["who"], {unit or "infantry": 1})
    if dealer["kind"] == "dragon" and beaten(ctx, side, region):      # DRG-COMBAT-17: devour
        power.gain(ctx, dealer["who"], params.devour_power)


def _choices(data: Data, region: str, general: str) -> list[str]:
    return [t for t, n in units_of(data, region, general).items() if n > 0]


def _auto_units(data: Data, region: str, general: str, n: int) -> dict[str, int] | None:
    """The removal when there is nothing to choose: one type only, all units go, or an AI
    (its proxy removes in type order — a stand-in until the AI slice)."""
    here = units_of(data, region, general)
    if len(_choices(data, region, general)) <= 1 or n >= sum(here.values()) or is_ai(data, general):
        left, out = n, {}
        for t in UNIT_TYPES:
            k = min(left, here[t])
            if k:
                out[t] = k
                left -= k
        return out
    return None


@DRG.primitive("combat_damage", side=str, n=int)
def combat_damage(ctx: Ctx, side: str, n: int, answer: Any = None) -> Pause | None:
    """Deal n points to ``side`` ("attacker" or "target"); a general whose units must be picked
    chooses them (DRG-COMBAT-8): answer {type: count} with exactly min(n, units) units."""
    data = ctx.data
    combat = data["combat"]
    if combat is None or n <= 0 or ctx.ended():
        return None
    hit = combat["target"] if side == "target" else _attacker(combat, data)
    dealer = _attacker(combat, data) if side == "target" else combat["target"]
    region = combat["region"]
    units: dict[str, int] = {}
    if hit["kind"] == "general":
        absorb = min(n, sum(units_of(data, region, hit["who"]).values()))
        auto = _auto_units(data, region, hit["who"], absorb)
        if auto is not None:
            units = auto
        elif answer is None:
            return Pause("assign_hits", ())
        else:
            units = _checked(data, region, hit["who"], answer, absorb)
    order = [t for t in UNIT_TYPES for _ in range(units.get(t, 0))]
    for i in range(n):
        if ctx.ended():
            break
        _damage_one(ctx, combat, hit, dealer, order[i] if i < len(order) else None)
    return None


def _checked(data: Data, region: str, general: str, answer: Any, absorb: int) -> dict[str, int]:
    here = units_of(data, region, general)
    if not isinstance(answer, dict) or any(t not in UNIT_TYPES for t in answer):
        raise refuse("DRG-COMBAT-8", "name the units to remove as {type: count}")
    units = {t: int(k) for t, k in answer.items() if int(k)}
    if any(k < 0 or k > here[t] for t, k in units.items()) or sum(units.values()) != absorb:
        raise refuse("DRG-COMBAT-8", f"remove exactly {absorb} of your units in {region}")
    return units


# --- the sequence --------------------------------------------------------------------------------


@DRG.primitive("combat_step")
def combat_step(ctx: Ctx) -> None:
    """One state of the exchange (spec 9.4); each queues what follows it."""
    data = ctx.data
    combat = data.get("combat")
    if combat is None:
        return
    if ctx.ended():
        data["combat"] = None
        return
    region, target = combat["region"], combat["target"]
    attacker = _attacker(combat, data)
    phase = combat["phase"]
    if phase == "roll":                                               # DRG-COMBAT-6 (2)..(4)
        combat["stolen"] = []
        faces = roll(ctx, side_strength(ctx, attacker, region), combat["attacker"])   # DRG-STRENGTH-7
        normal, crit = ignored_hits(ctx, combat, *totals(faces))
        combat["held"] = normal                                       # DRG-CRIT-3
        combat["phase"] = "after_crits"
        _damage_then_step(ctx, combat, "target", crit)                # DRG-CRIT-1
    elif phase == "after_crits":                                      # DRG-COMBAT-7, DRG-COUNTER-1/2
        if combat["once"] or beaten(ctx, target, region):
            combat["phase"] = "normals"
            ctx.push("combat_step")
        elif target["kind"] == "neutral" or is_ai(data, target["who"]):
            combat["phase"] = "counter"
            ctx.push("combat_step")
        else:
            ctx.push("combat_step")
            _push_for(ctx, target["who"], "combat_target_choice")
    elif phase == "counter":                                          # DRG-COUNTER-3/5, DRG-CRIT-4
        normal, crit = totals(roll(ctx, side_strength(ctx, target, region), target.get("who") or "neutral"))
        combat["phase"] = "normals"
        _damage_then_step(ctx, combat, "attacker", normal + crit)
    elif phase == "normals":                                          # DRG-COUNTER-4
        held, combat["held"] = combat["held"], 0
        combat["phase"] = "check"
        _damage_then_step(ctx, combat, "target", held)
    elif phase == "check":                                            # DRG-COMBAT-12, DRG-COUNTER-6/7
        if combat["once"] or beaten(ctx, target, region) or beaten(ctx, attacker, region):
            combat["phase"] = "end"
            ctx.push("combat_step")
        elif is_ai(data, combat["attacker"]):
            _next_exchange(combat)
            ctx.push("combat_step")
        else:
            ctx.push("combat_step")
            _push_for(ctx, combat["attacker"], "combat_attacker_choice")
    elif phase in ("target_retreat", "attacker_retreat"):             # DRG-RETREAT-6/8
        who = target["who"] if phase == "target_retreat" else combat["attacker"]
        combat["held"] = 0
        combat["phase"] = "end"
        ctx.push("combat_step")
        _push_for(ctx, who, {"combat_retreat": {"character": who, "forced": False}})
    elif phase == "end":                                              # DRG-COMBAT-15, DRG-RETREAT-7
        data["combat"] = None
        ctx.emit("combat_ended", region=region)
        forced = [side["who"] for side in (attacker, target)
                  if side["kind"] == "general" and data["boards"][side["who"]]["region"] == region
                  and beaten(ctx, side, region)]
        for who in reversed(forced):
            _push_for(ctx, who, {"combat_retreat": {"character": who, "forced": True, "origin": region}})


def _next_exchange(combat: Data) -> None:
    combat["exchange"] += 1                                           # DRG-COUNTER-8
    combat["phase"] = "roll"


@DRG.primitive("combat_target_choice")
def combat_target_choice(ctx: Ctx, answer: Any = None) -> Pause | None:
    """DRG-COUNTER-1/5: the target counter-attacks or retreats."""
    if answer is None:
        return Pause("counter_or_retreat", ("counter", "retreat"))
    ctx.data["combat"]["phase"] = "counter" if answer == "counter" else "target_retreat"
    return None


@DRG.primitive("combat_attacker_choice")
def combat_attacker_choice(ctx: Ctx, answer: Any = None) -> Pause | None:
    """DRG-COUNTER-6: the attacker continues (a new exchange) or retreats."""
    if answer is None:
        return Pause("continue_or_retreat", ("continue", "retreat"))
    combat = ctx.data["combat"]
    if answer == "continue":
        _next_exchange(combat)
    else:
        combat["phase"] = "attacker_retreat"
    return None


# --- retreat -------------------------------------------------------------------------------------


def retreat_destinations(ctx: Ctx, character: str, origin: str) -> tuple[str, ...]:
    """DRG-RETREAT-1..3/5/9/12: a dragon, any adjacent region; a general, the adjacent regions it
    controls or nobody controls, else the nearest such regions (mountains ignored); never origin."""
    m = ctx.content.map
    if ctx.board(character)["role"] == "dragon":
        return m.neighbours(origin)
    ok = [r for r in m.order if r != origin and controller(ctx.data, r) in (None, character)]
    near = [r for r in m.neighbours(origin) if r in ok]
    return tuple(near) if near else tuple(m.nearest(origin, ok))


@DRG.primitive("combat_retreat", character=str, forced=bool, origin=Param(str | None, None))
def combat_retreat(ctx: Ctx, character: str, forced: bool, origin: str | None = None,
                   answer: Any = None) -> Pause | None:
    """DRG-RETREAT-1/3/4/5/7/8: move the retreating pieces (units and figure, or the figure alone
    when forced) together to a qualifying region, chosen when several qualify."""
    data = ctx.data
    board = ctx.board(character)
    origin = origin or data["combat"]["region"]
    options = retreat_destinations(ctx, character, origin)
    if not options:                                                   # DRG-RETREAT-4
        from .round import finish
        finish(ctx, "general_defeated")                               # DRG-END-4 scores
        return None
    if len(options) == 1 or is_ai(data, character):                  # DRG-RETREAT-11: AI proxy
        dest = options[0]
    elif answer is None:
        return Pause("retreat_to", options)
    elif answer not in options:
        raise refuse("DRG-RETREAT-1", f"{answer} is not a retreat destination from {origin}")
    else:
        dest = str(answer)
    if board["role"] == "general" and not forced:
        units = units_of(data, origin, character)
        if any(units.values()):
            from .movement import _add_units
            _add_units(data, origin, character, units, -1)
            _add_units(data, dest, character, units, +1)
    moved_figure = board["region"] == origin
    if moved_figure:
        board["region"] = dest
    ctx.emit("retreated", character=character, origin=origin, destination=dest, forced=forced)
    if moved_figure:
        arrive(ctx, character, dest, "retreat")                       # DRG-RETREAT-10
    return None


def seeded(faces: list[str], attempts: int = 200_000) -> int:
    """A seed whose first rolls show ``faces`` (for tests and worked examples), by search."""
    from ..content import content
    die = content().die.faces
    for seed in range(attempts):
        rng = Rng(seed)
        if all(die[rng.below(len(die))].face == f for f in faces):
            return seed
    raise ValueError(f"no seed below {attempts} rolls {faces}")
