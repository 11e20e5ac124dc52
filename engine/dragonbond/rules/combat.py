"""Dice (DRG-DICE), combat strength (DRG-STRENGTH) and the combat sequence of spec 9.4
(DRG-COMBAT, DRG-CRIT, DRG-COUNTER, DRG-RETREAT, DRG-MOUNTAIN, DRG-CITY).

A combat is plain data in ``data["combat"]`` while it runs:
  attacker   the attacking character (general or dragon)
  target     {"kind": "neutral" | "general" | "dragon", "who": character or None for neutral}
  region     the combat region
  exchange   1, 2, ... (DRG-COMBAT-6)
  phase      "pre_attacker" | "pre_target" | "roll" | "after_crits" | "counter" | "normals"
             | "check" | "target_retreat" | "attacker_retreat" | "end" (the states of 9.4)
  mountain   whether attacking units crossed a mountain border while approaching (DRG-MOUNTAIN-2)
  held       the attacker's normal hits waiting for step 7 (DRG-CRIT-3)
  stolen     the sides that already gave an overkill steal this exchange (DRG-COMBAT-16)
  once       the target was already beaten when attacked: one exchange only (DRG-COMBAT-21)
  rolling    "attack" | "counter" while a side rolls (modifier conditions), else None
  rolls      what the rolls of the latest exchange showed, for the table (never read by a rule): one
             record per roll, {"by": "attack" | "counter", "exchange", "first": the faces first
             rolled, "rerolled": whether its blanks were rerolled, "dice": the faces kept,
             "to_crit"/"to_normal": hits converted,
             "ignored": [{"cause": "effect" | "mountain" | "city", "crit", "normal"}] in order,
             "normal"/"crit": the hits that land, "bonus": extra damage per critical hit,
             "dealt": {what each damage point did: a unit type, "neutral", "health", "stolen",
             "nothing"; "devoured": power gained by devouring}}; emptied when an exchange rolls

The sequence runs as the step ``combat_step``; each decision is its own step that pauses for the
deciding seat (a human's own, an AI's proxy's for what its rules leave open, DRG-AI-10):
``combat_vaala`` (9.2 #14 `combat_vaala`: ``decline`` or ``cast/<card>/pay/own.<a>+ally.<b>``),
``combat_target_choice`` (`counter_or_retreat`), ``combat_damage`` (`allocate_damage`:
``lose/<type>.<n>+...``), ``combat_attacker_choice`` (`continue_or_retreat`) and ``combat_retreat``
(`choose_retreat_region`). A roll runs the order of 7.5 (`resolve_roll`): dice modifiers, roll,
``reroll_blanks``, ``crit_conversion`` then ``crits_as_normal``, ignored hits (effects, mountain,
city; critical first), ``crit_damage_bonus``; the counter-attack roll the same (DRG-COUNTER-10).
Modifiers come from rules/modifiers.py; "this exchange" ones end with the exchange.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Data, Rng, refuse
from engine.core.effects import EffectError, Param, Pause

from ..content import Face
from ..context import ANSWER_RULES, Ctx, is_ai, seat_of
from ..effects import DRG
from ..setup import UNIT_TYPES
from ..vocabulary import primitive
from . import modifiers, power, vaala
from .card_effects import fire_triggers, queue_effects
from .control import controller
from .movement import _add_units, arrive, has_units, remove_units, unit_count, units_of
from .proxy import proxy_seat
from .round import defeat

ANSWER_RULES.update({
    "counter_or_retreat": "DRG-COUNTER-1",       # ERR_NO_RETREAT included (DRG-COUNTER-1, adr_v2)
    "continue_or_retreat": "DRG-COUNTER-6",
    "allocate_damage": "DRG-COMBAT-8",
    "choose_retreat_region": "DRG-RETREAT-1",
    "combat_vaala": "DRG-VAALA-5",
})

# --- dice ----------------------------------------------------------------------------------------


def roll(ctx: Ctx, dice: int, side: str = "", *, reroll: bool = False) -> list[Face]:
    """DRG-DICE-1/3/4: roll max(0, dice) of the content's d10 with the state's generator; logged
    (``reroll`` marks the blank rerolls of DRG-DICE-5)."""
    faces = ctx.content.die.faces
    rolled = [faces[ctx.rng.below(len(faces))] for _ in range(max(0, dice))]
    ctx.emit("dice_rerolled" if reroll else "dice_rolled", side=side, faces=[f.face for f in rolled])
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
    return unit_count(data, region, side["who"]) == 0


# --- targets -------------------------------------------------------------------------------------


def legal_targets(ctx: Ctx, attacker: str, region: str) -> list[tuple[str, Data, int]]:
    """DRG-COMBAT-2/5, DRG-BONDED-2: (key, side, strength) of each legal target in ``region`` —
    all neutral units there ("neutral"), a general with a unit or its figure there, a dragon
    there — never the attacker itself nor its bonded ally. In board order after the neutrals."""
    return list(each_target(ctx, attacker, region))


def each_target(ctx: Ctx, attacker: str, region: str) -> Iterator[tuple[str, Data, int]]:
    """`legal_targets` one at a time, each strength found only when its target is reached."""
    data = ctx.data
    for key in target_keys(data, attacker, region):
        side = {"kind": "neutral", "who": None} if key == "neutral" else side_of(data, key)
        yield key, side, side_strength(ctx, side, region)


def target_keys(data: Data, attacker: str, region: str) -> list[str]:
    """The keys of `legal_targets` alone ("neutral" or a character), without their strengths."""
    boards = data["boards"]
    ally = boards[attacker]["bonded_with"]
    here = data["regions"][region]
    out = ["neutral"] if here["neutral"] > 0 else []
    parties = here["units"]                              # who has units listed here (maybe none left)
    for who, board in boards.items():
        there = board["region"] == region
        if not there and who not in parties:
            continue                                     # nothing of theirs here: the common case
        if who == attacker or who == ally:
            continue
        if there or (board["role"] == "general" and has_units(data, region, who)):
            out.append(who)
    return out


def _tag_for(ctx: Ctx, who: str | None) -> dict[str, Any]:
    """The tag of a step that may pause, deciding seat: a human character's own seat; for an AI
    character, its proxy's (its own choices never pause; only what its rules leave open does,
    DRG-AI-10); none given: the acting seat's."""
    if not who:
        return {}
    seat = seat_of(ctx.data, who)
    return {"seat": seat if seat is not None else proxy_seat(ctx.data, who)}


def _push_for(ctx: Ctx, who: str | None, step: Any) -> None:
    """Queue a step that may pause, tagged with the deciding seat (`_tag_for`)."""
    ctx.push(step, **_tag_for(ctx, who))


def _damage_then_step(ctx: Ctx, combat: Data, side: str, n: int) -> bool:
    """``combat_damage`` (decided by the hit general's seat), then the next ``combat_step``. The
    damage is dealt at once unless it waits for a decision (then both are queued, as always);
    True when the next state may then run at once too (nothing was queued before it)."""
    if n <= 0:
        return True                                      # no damage: the step would do nothing
    hit = combat["target"] if side == "target" else _attacker(combat, ctx.data)
    tag, damage = _tag_for(ctx, hit.get("who")), {"side": side, "n": n}
    before = len(ctx.queue)
    if not ctx.try_now("combat_damage", damage, **tag):
        ctx.push("combat_step")
        ctx.push({"combat_damage": damage}, **tag)
        return False
    added = len(ctx.queue) - before
    if added:                                            # it queued steps: they run before the next state
        ctx.push("combat_step")
        ctx.queue.insert(added, ctx.queue.pop(0))
        return False
    return True


# --- starting ------------------------------------------------------------------------------------


def start(ctx: Ctx, attacker: str, target: Data, region: str, *, mountain: bool = False) -> None:
    """DRG-COMBAT-1/2/3/5/14: begin a combat (after any approach, DRG-COMBAT-4) and queue its
    steps. ``target`` is {"kind": "neutral"} or a character's side; ``mountain`` says whether an
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
                 or (target["kind"] == "general" and has_units(data, region, who)))
        if not there:
            raise refuse("DRG-COMBAT-5", f"{who} has neither unit nor figure in {region}")
    elif data["regions"][region]["neutral"] <= 0:
        raise refuse("DRG-COMBAT-5", f"no neutral unit stands in {region}")
    if board["role"] == "dragon" and board["region"] != region:
        raise refuse("DRG-COMBAT-3", f"a dragon attacks only in its own region, not {region}")
    if board["role"] == "general" and not has_units(data, region, attacker):
        raise refuse("DRG-COMBAT-4", f"{attacker} has no unit in the combat region {region}")
    data["combat"] = {
        "attacker": attacker, "target": target, "region": region, "exchange": 1, "phase": "pre_attacker",
        "mountain": bool(mountain) and board["role"] == "general", "held": 0, "stolen": [],
        "once": beaten(ctx, target, region), "rolling": None, "rolls": [],
    }
    data.setdefault("fought", []).append([attacker, target["who"]])      # DRG-COMBAT-14
    ctx.emit("combat_started", attacker=attacker, target=target.get("who") or "neutral", region=region)
    ctx.push("combat_step")


def _attacker(combat: Data, data: Data) -> Data:
    return side_of(data, combat["attacker"])


# --- one roll: dice modifiers, rerolls, conversions, ignored hits (7.5 order) --------------------


def _ignore(normal: int, crit: int, n: int) -> tuple[int, int, int]:
    """DRG-CRIT-5, DRG-DEC-21: ignore up to n hits, critical ones first; (normal, crit, ignored)."""
    c = min(crit, n)
    m = min(normal, n - c)
    return normal - m, crit - c, c + m


def dice_for(ctx: Ctx, combat: Data, side: Data, force: modifiers.InForce | None = None) -> int:
    """DRG-DICE-3, DRG-STRENGTH-7/8: strength now plus dice modifiers (strength itself unchanged).
    ``force`` (here and below): the modifiers in force, when the caller has them (`in_force`)."""
    return side_strength(ctx, side, combat["region"]) + modifiers.total(ctx, side.get("who"), "dice", combat, force)


def reroll_blanks(ctx: Ctx, combat: Data, side: Data, faces: list[Face],
                  force: modifiers.InForce | None = None) -> list[Face]:
    """DRG-DICE-5: with `reroll_blanks`, each blank die is rerolled once and the new face kept."""
    if not modifiers.values(ctx, side.get("who"), "reroll_blanks", combat, force):
        return faces
    blanks = [i for i, f in enumerate(faces) if f.normal + f.crit == 0]
    if not blanks:
        return faces
    again = roll(ctx, len(blanks), side.get("who") or "neutral", reroll=True)
    faces = list(faces)
    for i, face in zip(blanks, again):
        faces[i] = face
    return faces


def convert(ctx: Ctx, combat: Data, side: Data, normal: int, crit: int,
            note: Data | None = None, force: modifiers.InForce | None = None) -> tuple[int, int]:
    """DRG-CRIT-5/6, DRG-DEC-57: `crit_conversion` (up to value normal hits become critical) first,
    then `crits_as_normal` (all critical hits become normal). ``note`` (a roll record) counts them."""
    who = side.get("who")
    note = {} if note is None else note
    k = min(normal, modifiers.total(ctx, who, "crit_conversion", combat, force))
    if k:
        normal, crit = normal - k, crit + k
        note["to_crit"] = k
        ctx.emit("hits_converted", side=who or "neutral", n=k, to="crit")
    if crit and modifiers.values(ctx, who, "crits_as_normal", combat, force):
        note["to_normal"] = crit
        ctx.emit("hits_converted", side=who or "neutral", n=crit, to="normal")
        normal, crit = normal + crit, 0
    return normal, crit


def _ignored(note: Data | None, cause: str, before: tuple[int, int], after: tuple[int, int]) -> None:
    """Count in a roll record which hits ``cause`` made ignored (critical and normal)."""
    if note is not None:
        note.setdefault("ignored", []).append(
            {"cause": cause, "crit": before[1] - after[1], "normal": before[0] - after[0]})


def ignored_hits(ctx: Ctx, combat: Data, normal: int, crit: int, receiver: Data | None = None,
                 note: Data | None = None, force: modifiers.InForce | None = None) -> tuple[int, int]:
    """Ignored hits, critical first (DRG-CRIT-5): the receiver's `ignore_hits` modifiers; then, on
    the attacker's roll only (DRG-COUNTER-9), the mountain (exchange 1, DRG-MOUNTAIN-2..4) and the
    target's own city (DRG-CITY-3..6, DRG-DEC-22; not against `ignore_city`). They add up
    (DRG-MOUNTAIN-8). ``note`` (a roll record) lists them by cause."""
    data, params = ctx.data, ctx.content.params
    target, region = combat["target"], combat["region"]
    receiver = receiver or target
    by_effects = modifiers.total(ctx, receiver.get("who"), "ignore_hits", combat, force)
    if by_effects and normal + crit:
        before = (normal, crit)
        normal, crit, n = _ignore(normal, crit, by_effects)
        _ignored(note, "effect", before, (normal, crit))
        ctx.emit("hits_ignored", n=n, cause="effect")
    if receiver is not target:
        return normal, crit
    if combat["mountain"] and combat["exchange"] == 1 and normal + crit:
        before = (normal, crit)
        normal, crit, n = _ignore(normal, crit, params.mountain_ignored_hits)
        _ignored(note, "mountain", before, (normal, crit))
        ctx.emit("hits_ignored", n=n, cause="mountain")
    here = data["regions"][region]
    if (target["kind"] == "general" and here["city"] == target["who"] and normal + crit > 0
            and not modifiers.values(ctx, combat["attacker"], "ignore_city", combat, force)):
        before = (normal, crit)
        normal, crit, n = _ignore(normal, crit, params.city_ignored_hits)
        _ignored(note, "city", before, (normal, crit))
        here["city"] = False                                         # DRG-CITY-3/4
        data["supply"]["cities"] += 1
        ctx.emit("hits_ignored", n=n, cause="city")
        ctx.emit("city_removed", region=region)
    return normal, crit


def resolve_roll(ctx: Ctx, combat: Data, roller: Data, receiver: Data, rolling: str) -> tuple[int, int]:
    """A side's roll through the order of 7.5 (DRG-COUNTER-10 for the counter-attack): dice
    modifiers, roll, blank rerolls, conversions, ignored hits, then `crit_damage_bonus` (each
    critical hit deals value extra damage). Returns (normal damage, critical damage)."""
    combat["rolling"] = rolling
    force = modifiers.in_force(ctx)                  # no modifier comes or goes during a roll
    faces = roll(ctx, dice_for(ctx, combat, roller, force), roller.get("who") or "neutral")
    kept = reroll_blanks(ctx, combat, roller, faces, force)
    note: Data = {"by": rolling, "exchange": combat["exchange"], "first": [f.face for f in faces],
                  "rerolled": kept is not faces, "dice": [f.face for f in kept], "to_crit": 0, "to_normal": 0,
                  "ignored": []}
    faces = kept
    normal, crit = convert(ctx, combat, roller, *totals(faces), note=note, force=force)
    normal, crit = ignored_hits(ctx, combat, normal, crit, receiver, note=note, force=force)
    bonus = modifiers.total(ctx, roller.get("who"), "crit_damage_bonus", combat, force)
    note.update(normal=normal, crit=crit, bonus=bonus, dealt={})
    combat.setdefault("rolls", []).append(note)                        # for the table only
    combat["rolling"] = None
    return normal, crit * (1 + bonus)


# --- damage --------------------------------------------------------------------------------------


def _dealt(dealt: Data | None, key: str, n: int = 1) -> None:
    if dealt is not None:
        dealt[key] = dealt.get(key, 0) + n


def _damage_one(ctx: Ctx, combat: Data, side: Data, dealer: Data, unit: str | None,
                dealt: Data | None = None) -> None:
    """One point of combat damage (DRG-COMBAT-8/9/10), overkill steal (-16) and devour (-17);
    ``dealt`` (a roll record's) counts what it did."""
    data, region, params = ctx.data, combat["region"], ctx.content.params
    if beaten(ctx, side, region):
        key = side.get("who") or "neutral"
        if (side["kind"] != "neutral" and dealer["kind"] != "neutral"
                and combat["stolen"].count(key) < params.overkill_steal_per_exchange):
            combat["stolen"].append(key)
            took = power.steal(ctx, dealer["who"], side["who"], 1)
            _dealt(dealt, "stolen" if took else "nothing")
            return
        _dealt(dealt, "nothing")
        return
    if side["kind"] == "dragon":
        data["boards"][side["who"]]["health"] -= 1
        _dealt(dealt, "health")
        ctx.emit("damage", side=side["who"], n=1, removed="health", health=data["boards"][side["who"]]["health"])
        return
    if side["kind"] == "neutral":
        remove_units(ctx, region, "neutral", {"neutral": 1})
        _dealt(dealt, "neutral")
    else:
        remove_units(ctx, region, side["who"], {unit or "infantry": 1})
        _dealt(dealt, unit or "infantry")
    if dealer["kind"] == "dragon" and beaten(ctx, side, region):      # DRG-COMBAT-17: devour
        _dealt(dealt, "devoured", params.devour_power)
        power.gain(ctx, dealer["who"], params.devour_power)


def loss_text(units: dict[str, int]) -> str:
    return "lose/" + "+".join(f"{t}.{units[t]}" for t in UNIT_TYPES if units.get(t))


def loss_options(here: dict[str, int], n: int) -> list[dict[str, int]]:
    """Every way to lose exactly n of the units ``here`` (as {type: count}), in a fixed order."""
    out: list[dict[str, int]] = []

    def walk(i: int, left: int, taken: dict[str, int]) -> None:
        if i == len(UNIT_TYPES):
            if left == 0:
                out.append(dict(taken))
            return
        t = UNIT_TYPES[i]
        for k in range(min(left, here.get(t, 0)), -1, -1):
            taken[t] = k
            walk(i + 1, left - k, taken)
        taken.pop(t, None)

    walk(0, n, {})
    return [{t: k for t, k in o.items() if k} for o in out]


def ai_loss_options(here: dict[str, int], n: int) -> list[dict[str, int]]:
    """DRG-AI-18: an AI loses, point by point, a unit of the type it has most of there; every
    allocation some choice among tied types leads to (the proxy picks when there are several)."""
    found: dict[str, dict[str, int]] = {}

    def walk(left: int, counts: dict[str, int], taken: dict[str, int]) -> None:
        if left == 0 or not any(counts.values()):
            found.setdefault(loss_text(taken), dict(taken))
            return
        most = max(counts.values())
        for t in UNIT_TYPES:
            if counts[t] == most:
                walk(left - 1, {**counts, t: counts[t] - 1}, {**taken, t: taken.get(t, 0) + 1})

    walk(n, {t: here.get(t, 0) for t in UNIT_TYPES}, {})
    return sorted(found.values(), key=lambda o: [-o.get(t, 0) for t in UNIT_TYPES])


def damage_options(data: Data, region: str, general: str, absorb: int) -> tuple[str, ...]:
    """9.2 #16 `allocate_damage`: the legal losses (`lose/<type>.<n>+...`); DRG-AI-18 for an AI."""
    here = units_of(data, region, general)
    return _losses(here["infantry"], here["cavalry"], here["ranged"], absorb, is_ai(data, general))


# The losses depend on nothing but the counts, the damage and whether the general is an AI: each
# such case is worked out once (a small table: a region holds few units).
_LOSSES: dict[tuple[int, int, int, int, bool], tuple[str, ...]] = {}


def _losses(infantry: int, cavalry: int, ranged: int, absorb: int, ai: bool) -> tuple[str, ...]:
    key = (infantry, cavalry, ranged, absorb, ai)
    found = _LOSSES.get(key)
    if found is None:
        here = {"infantry": infantry, "cavalry": cavalry, "ranged": ranged}
        ways = ai_loss_options(here, absorb) if ai else loss_options(here, absorb)
        if len(_LOSSES) > 4096:
            _LOSSES.clear()
        found = _LOSSES[key] = tuple(loss_text(w) for w in ways)
    return found


def _parse_loss(answer: Any) -> dict[str, int]:
    if isinstance(answer, dict):                                       # {type: count}, tests
        return {t: int(k) for t, k in answer.items() if int(k)}
    text = str(answer)
    if not text.startswith("lose/"):
        raise refuse("DRG-COMBAT-8", "name the units to remove as lose/<type>.<n>+...")
    out: dict[str, int] = {}
    for part in text[len("lose/"):].split("+"):
        t, _, k = part.partition(".")
        if t not in UNIT_TYPES or not k.isdigit():
            raise refuse("DRG-COMBAT-8", f"{part!r} is not <type>.<n>")
        out[t] = out.get(t, 0) + int(k)
    return out


@DRG.primitive("combat_damage", side=str, n=int)
def combat_damage(ctx: Ctx, side: str, n: int, answer: Any = None) -> Pause | None:
    """Deal n points to ``side`` ("attacker" or "target"). A general's units to lose are its
    choice (DRG-COMBAT-8; decision `allocate_damage`), an AI's by DRG-AI-18 with ties to its proxy
    (DRG-AI-10); asked only when there is a choice."""
    data = ctx.data
    combat = data["combat"]
    if combat is None or n <= 0 or ctx.ended():
        return None
    hit = combat["target"] if side == "target" else _attacker(combat, data)
    dealer = _attacker(combat, data) if side == "target" else combat["target"]
    region = combat["region"]
    units: dict[str, int] = {}
    if hit["kind"] == "general":
        absorb = min(n, unit_count(data, region, hit["who"]))
        options = damage_options(data, region, hit["who"], absorb) if absorb else ()
        if len(options) == 1:
            units = _parse_loss(options[0])
        elif options and answer is None:
            return Pause("allocate_damage", options)
        elif options:
            units = _checked(data, region, hit["who"], answer, absorb)
            if not isinstance(answer, dict) and str(answer) not in options:
                rule = "DRG-AI-18" if is_ai(data, hit["who"]) else "DRG-COMBAT-8"
                raise refuse(rule, f"{answer!r} is not one of the listed losses")
    order = [t for t in UNIT_TYPES for _ in range(units.get(t, 0))]
    dealt = _roll_record(combat, "attack" if side == "target" else "counter")
    for i in range(n):
        if ctx.ended():
            break
        _damage_one(ctx, combat, hit, dealer, order[i] if i < len(order) else None,
                    None if dealt is None else dealt.setdefault("dealt", {}))
    return None


def _roll_record(combat: Data, by: str) -> Data | None:
    """The record of this exchange's roll ``by`` ("attack" or "counter"), whose damage is dealt."""
    return next((r for r in reversed(combat.get("rolls") or ())
                 if r["by"] == by and r["exchange"] == combat["exchange"]), None)


def _checked(data: Data, region: str, general: str, answer: Any, absorb: int) -> dict[str, int]:
    here = units_of(data, region, general)
    units = _parse_loss(answer)
    if any(t not in UNIT_TYPES for t in units):
        raise refuse("DRG-COMBAT-8", "name the units to remove by type")
    if any(k < 0 or k > here[t] for t, k in units.items()) or sum(units.values()) != absorb:
        raise refuse("DRG-COMBAT-8", f"remove exactly {absorb} of your units in {region}")
    return units


# --- pre-roll Vaala windows (DRG-COMBAT-6 step 1, DRG-VAALA-5, DRG-DEC-50) ------------------------


def _role_allows(card: Any, role: str) -> bool:
    """DRG-VAALA-4 casting condition of 7.6: a `when: {role: ...}` card only for that role."""
    for effect in card.effects:
        _, args = primitive(effect)
        if (args.get("when") or {}).get("role") not in (None, "any", role):
            return False
    return True


def combat_cast_options(ctx: Ctx, character: str) -> tuple[str, ...]:
    """The casts open to a human participant now: ``cast/<card>/<payment>`` for each `combat` card
    of its Vaala hand its role allows, with each payment it can make."""
    combat = ctx.data["combat"]
    board = ctx.board(character)
    role = modifiers.role_of(combat, character)
    if board["seat"] is None or role is None:
        return ()
    out: list[str] = []
    for card in dict.fromkeys(board["vaala_hand"]):
        spec = ctx.content.vaala_cards[card]
        if spec.timing != "combat" or not _role_allows(spec, role):
            continue
        out.extend(f"cast/{card}/{p}" for p in vaala.cast_cost_payments(ctx, character, spec.cost))
    return tuple(out)


@DRG.primitive("combat_vaala", character=str)
def combat_vaala(ctx: Ctx, character: str, answer: Any = None) -> Pause | None:
    """9.2 #14: a participant may cast one combat Vaala card, or decline. Asked whenever it holds
    a Vaala card, castable or not: asking only when it could cast would tell the table what its
    hidden Vaala hand holds (DRG-HIDDEN-2); its size is public."""
    if ctx.ended() or ctx.data.get("combat") is None or not _may_be_asked(ctx, character):
        return None
    casts = combat_cast_options(ctx, character)
    if answer is None:
        return Pause("combat_vaala", ("decline",) + casts)
    if answer == "decline":
        ctx.emit("combat_vaala_declined", character=character)
        return None
    if answer not in casts:
        raise refuse("DRG-VAALA-5", f"{answer!r} is not a combat Vaala card {character} may cast now")
    _, card, payment = str(answer).split("/", 2)
    spec = ctx.content.vaala_cards[card]
    vaala.pay(ctx, character, payment)                                # DRG-VAALA-3
    board = ctx.board(character)
    board["vaala_hand"].remove(card)
    board["vaala_discard"].append(card)          # as rules/vaala.py: face up at once (DRG-VAALA-3)
    own, ally = vaala.parse_payment(payment)
    ctx.emit("vaala_cast", reveals=True, character=character, card=card, own=own, ally=ally)
    queue_effects(ctx, character, spec.effects, card)
    return None


def _may_be_asked(ctx: Ctx, who: str) -> bool:
    """A human participant with a Vaala card in hand (public facts only, DRG-HIDDEN-2)."""
    return (not is_ai(ctx.data, who) and bool(ctx.board(who)["vaala_hand"])
            and modifiers.role_of(ctx.data["combat"], who) is not None)


def _window(ctx: Ctx, who: str | None) -> bool:
    """Open ``who``'s pre-roll window (DRG-COMBAT-6 step 1) when it may be asked (`_may_be_asked`),
    queued before the next state; True (the next state runs at once) when none opens."""
    if who and _may_be_asked(ctx, who):
        ctx.push("combat_step")
        _push_for(ctx, who, {"combat_vaala": {"character": who}})
        return False
    return True


# --- the sequence --------------------------------------------------------------------------------


@DRG.primitive("combat_step")
def combat_step(ctx: Ctx) -> None:
    """The states of the exchange (spec 9.4, DRG-COMBAT-6), each followed by the next: queued
    behind whatever must come first (a decision), else run here at once, tagged as the queued
    step would be — the same order, spared the queue's round trip."""
    for _ in range(STATES_AT_ONCE):
        if not _combat_state(ctx):
            return
        ctx.meta = {"seat": ctx.actor}
    raise EffectError(f"DRG: a combat ran {STATES_AT_ONCE} states without a decision or an end")


# As the queue bounds the steps one command runs, so a combat's states run at once are bounded.
STATES_AT_ONCE = 10_000


def _combat_state(ctx: Ctx) -> bool:
    """One state of the exchange; it queues the next behind what comes first, or returns True
    when the next state is to run at once (nothing comes before it)."""
    data = ctx.data
    combat = data.get("combat")
    if combat is None:
        return False
    if ctx.ended():
        data["combat"] = None
        modifiers.clear_exchange(data)
        return False
    region, target = combat["region"], combat["target"]
    phase = combat["phase"]
    if phase == "pre_attacker":                                       # DRG-COMBAT-6 (1)
        combat["phase"] = "pre_target"
        return _window(ctx, combat["attacker"])
    if phase == "pre_target":
        combat["phase"] = "roll"
        return _window(ctx, target.get("who"))
    if phase == "roll":                                               # DRG-COMBAT-6 (2)..(4)
        combat["stolen"] = []
        combat["rolls"] = []
        normal, crit = resolve_roll(ctx, combat, _attacker(combat, data), target, "attack")   # DRG-STRENGTH-7
        combat["held"] = normal                                       # DRG-CRIT-3
        combat["phase"] = "after_crits"
        return _damage_then_step(ctx, combat, "target", crit)         # DRG-CRIT-1/2
    if phase == "after_crits":                                        # DRG-COMBAT-7, DRG-COUNTER-1/2
        if combat["once"] or beaten(ctx, target, region):
            combat["phase"] = "normals"
            return True
        if target["kind"] == "neutral" or is_ai(data, target["who"]):   # DRG-AI-7
            combat["phase"] = "counter"
            return True
        ctx.push("combat_step")
        _push_for(ctx, target["who"], "combat_target_choice")
        return False
    if phase == "counter":                                            # DRG-COUNTER-3/5/10, DRG-CRIT-4
        normal, crit = resolve_roll(ctx, combat, target, _attacker(combat, data), "counter")
        combat["phase"] = "normals"
        return _damage_then_step(ctx, combat, "attacker", normal + crit)
    if phase == "normals":                                            # DRG-COUNTER-4
        held, combat["held"] = combat["held"], 0
        combat["phase"] = "check"
        return _damage_then_step(ctx, combat, "target", held)
    if phase == "check":                                              # DRG-COMBAT-12, DRG-COUNTER-6/7
        if combat["once"] or beaten(ctx, target, region) or beaten(ctx, _attacker(combat, data), region):
            combat["phase"] = "end"
            return True
        if is_ai(data, combat["attacker"]):                           # DRG-AI-8
            _next_exchange(data, combat)
            return True
        ctx.push("combat_step")
        _push_for(ctx, combat["attacker"], "combat_attacker_choice")
        return False
    if phase in ("target_retreat", "attacker_retreat"):               # DRG-RETREAT-6/8
        who = target["who"] if phase == "target_retreat" else combat["attacker"]
        combat["held"] = 0
        combat["phase"] = "end"
        ctx.push("combat_step")
        _push_for(ctx, who, {"combat_retreat": {"character": who, "forced": False}})
        return False
    if phase == "end":
        _end(ctx, combat)
    return False


def _end(ctx: Ctx, combat: Data) -> None:
    """DRG-COMBAT-12/15, DRG-RETREAT-7: the combat is over; a general's figure whose forces were
    beaten there retreats alone; beating neutral units fires `beat_neutral` triggers."""
    data, region, target = ctx.data, combat["region"], combat["target"]
    attacker = _attacker(combat, data)
    data["combat"] = None
    modifiers.clear_exchange(data)
    ctx.emit("combat_ended", region=region)
    forced = [side["who"] for side in (attacker, target)
              if side["kind"] == "general" and data["boards"][side["who"]]["region"] == region
              and beaten(ctx, side, region)]
    for who in reversed(forced):
        _push_for(ctx, who, {"combat_retreat": {"character": who, "forced": True, "origin": region}})
    if target["kind"] == "neutral" and beaten(ctx, target, region):
        fire_triggers(ctx, combat["attacker"], "beat_neutral", region)


def _next_exchange(data: Data, combat: Data) -> None:
    """DRG-COUNTER-8: a new exchange; this exchange's modifiers end (DRG-DEC-50)."""
    modifiers.clear_exchange(data)
    combat["exchange"] += 1
    combat["phase"] = "pre_attacker"


def _may_retreat(ctx: Ctx, character: str) -> bool:
    """`no_retreat` (adr_v2) bars choosing to retreat this exchange."""
    return not modifiers.values(ctx, character, "no_retreat", ctx.data["combat"])


@DRG.primitive("combat_target_choice")
def combat_target_choice(ctx: Ctx, answer: Any = None) -> Pause | None:
    """DRG-COUNTER-1/5: the target counter-attacks or retreats (not under `no_retreat`)."""
    combat = ctx.data["combat"]
    options = ("counter", "retreat") if _may_retreat(ctx, combat["target"]["who"]) else ("counter",)
    if answer is None:
        return Pause("counter_or_retreat", options)
    if answer not in options:
        raise refuse("DRG-COUNTER-1", f"{answer!r}: the target may {' or '.join(options)} now")
    combat["phase"] = "counter" if answer == "counter" else "target_retreat"
    return None


@DRG.primitive("combat_attacker_choice")
def combat_attacker_choice(ctx: Ctx, answer: Any = None) -> Pause | None:
    """DRG-COUNTER-6: the attacker continues (a new exchange) or retreats."""
    combat = ctx.data["combat"]
    options = ("continue", "retreat") if _may_retreat(ctx, combat["attacker"]) else ("continue",)
    if answer is None:
        return Pause("continue_or_retreat", options)
    if answer not in options:
        raise refuse("DRG-COUNTER-6", f"{answer!r}: the attacker may {' or '.join(options)} now")
    if answer == "continue":
        _next_exchange(ctx.data, combat)
    else:
        combat["phase"] = "attacker_retreat"
    return None


# --- retreat -------------------------------------------------------------------------------------


def retreat_destinations(ctx: Ctx, character: str, origin: str) -> tuple[str, ...]:
    """DRG-RETREAT-1..3/5/9/12: a dragon, any adjacent region; a general, the adjacent regions it
    controls or nobody controls (judged before the move; dragons never count), else the nearest
    such regions (mountains and ev08 ignored); never the origin."""
    m = ctx.content.map
    if ctx.board(character)["role"] == "dragon":
        return m.neighbours(origin)
    def ok(r: str) -> bool:
        return r != origin and controller(ctx.data, r) in (None, character)

    near = tuple(r for r in m.neighbours(origin) if ok(r))
    return near if near else m.nearest(origin, [r for r in m.order if ok(r)])


@DRG.primitive("combat_retreat", character=str, forced=bool, origin=Param(str | None, None))
def combat_retreat(ctx: Ctx, character: str, forced: bool, origin: str | None = None,
                   answer: Any = None) -> Pause | None:
    """DRG-RETREAT-1/3/4/5/7/8/11: move the retreating pieces (units and figure, or the figure
    alone when forced) together to a qualifying region; with several, the retreating player
    chooses (`choose_retreat_region`; an AI's proxy, DRG-AI-10). None qualifies: defeat."""
    data = ctx.data
    if ctx.ended():
        return None
    board = ctx.board(character)
    origin = origin or data["combat"]["region"]
    options = retreat_destinations(ctx, character, origin)
    if not options:                                                   # DRG-RETREAT-4, DRG-END-4
        defeat(ctx, character)
        return None
    if len(options) == 1:
        dest = options[0]
    elif answer is None:
        return Pause("choose_retreat_region", options)
    elif answer not in options:
        raise refuse("DRG-RETREAT-1", f"{answer} is not a retreat destination from {origin}")
    else:
        dest = str(answer)
    moved: dict[str, int] = {}
    if board["role"] == "general" and not forced:
        moved = {t: n for t, n in units_of(data, origin, character).items() if n}
        if moved:
            _add_units(data, origin, character, moved, -1)
            _add_units(data, dest, character, moved, +1)
    moved_figure = board["region"] == origin
    if moved_figure:
        board["region"] = dest
    ctx.emit("retreated", character=character, origin=origin, destination=dest, forced=forced,
             units=moved, figure=moved_figure)
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
