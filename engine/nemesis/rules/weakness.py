"""Knowledge and the Intruder Weaknesses (NEM-KNOWLEDGE, NEM-WEAKNESS, spec 3.8 and 7.7).

A Weakness card lies in slot W1, W2 or W3 (thresholds 3, 5, 8); its modifier works for a character
whose Knowledge (plus any `threshold_bonus` of a held item, Field Notes) reaches the slot's threshold
(NEM-DEC-43). The modifiers are read from the cards' `passive` keys, never from card ids, so the
rules below ask "which passives of this kind apply to this character now" (NEM-WEAKNESS-7):

  shoot: face_map(from, to)           Soft Underbelly — used by rules/combat.py
  death_check_cards(types, n)         Slow Regeneration — used by intruders.injure
  ignore_darkness_of(card, attacker)  Wary of Shadows — used by intruders.attack
  noise: optional(DANGER→SILENCE)     Echo Confusion — moving.noise_roll asks through its step
                                      `echo_confusion`
  on_place_fire                       Heat Aversion — board_markers.fire_placed, for every Fire marker
                                      a character places
  attack_target_last_if_carrying      Brood Guardians — intruders.attack_target

Knowledge gains go through `gain_knowledge` (0..10, excess lost, NEM-DEC-5); research of an object
through `research` (Laboratory action, Analyze Toolset); the Archive through `examine_archives`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Data, refuse

from ..content import content
from ..context import Ctx
from ..trees import handles, knowledge_for_requirements, passives_of
from .places import in_facility

THRESHOLDS = (3, 5, 8)            # W1, W2, W3 (NEM-WEAKNESS-1)
KNOWLEDGE_MIN, KNOWLEDGE_MAX = 0, 10
OBJECT_KINDS = ("egg", "carcass", "corpse")


# -- Knowledge (NEM-KNOWLEDGE) -------------------------------------------------------------------

def gain_knowledge(ctx: Ctx, seat: int, n: int) -> int:
    """NEM-KNOWLEDGE-1: Knowledge stays within 0..10; what goes beyond is lost. Returns the gain."""
    player = ctx.player(seat)
    before = player["knowledge"]
    player["knowledge"] = max(KNOWLEDGE_MIN, min(KNOWLEDGE_MAX, before + n))
    ctx.emit("knowledge_changed", seat=seat, knowledge=player["knowledge"], delta=player["knowledge"] - before)
    return player["knowledge"] - before


def threshold_knowledge(data: Data, seat: int) -> int:
    """The Knowledge that counts for Weakness thresholds and "Knowledge N" requirements: one's own,
    plus a held item's `threshold_bonus` (Field Notes; not for objectives or contingencies)."""
    return knowledge_for_requirements(data, seat)


def meets(data: Data, seat: int, n: int) -> bool:
    """NEM-KNOWLEDGE-4: a requirement "Knowledge N" holds when the character's Knowledge ≥ N."""
    return threshold_knowledge(data, seat) >= n


def activate_token(ctx: Ctx, seat: int) -> None:
    player = ctx.player(seat)
    if not player["knowledge_active"]:
        player["knowledge_active"] = True
        ctx.emit("knowledge_token_activated", seat=seat)


def examine_archives(ctx: Ctx, seat: int) -> None:
    """NEM-KNOWLEDGE-5, NEM-ROOM-4 (its Knowledge part): once per character, only while the token is
    inactive: +2 Knowledge and the token turns active. (The Contingency peek is the Room's business.)"""
    if ctx.player(seat)["knowledge_active"]:
        raise refuse("NEM-KNOWLEDGE-5", "your Knowledge token is already active: the Archive is used once")
    gain_knowledge(ctx, seat, 2)
    activate_token(ctx, seat)


# -- the Laboratory board (NEM-WEAKNESS) ---------------------------------------------------------

def slot_threshold(index: int) -> int:
    return THRESHOLDS[index]


def active_weaknesses(data: Data, seat: int) -> list[str]:
    """NEM-WEAKNESS-2/7: revealed Weaknesses whose slot threshold the character reaches now (the
    Knowledge token need not be active)."""
    if not in_facility(data["players"][seat]):
        return []
    knowledge = threshold_knowledge(data, seat)
    return [w["id"] for i, w in enumerate(data["weaknesses"]) if w["revealed"] and knowledge >= THRESHOLDS[i]]


def passives(data: Data, seat: int, key: str) -> list[Any]:
    """The values of the passive ``key`` of every Weakness that works for ``seat`` now."""
    weaknesses = content().weaknesses
    return [value for wid in active_weaknesses(data, seat)
            for k, value in passives_of(weaknesses[wid].modifier) if k == key]


def research(ctx: Ctx, seat: int, kind: str) -> str | None:
    """NEM-KNOWLEDGE-2, NEM-WEAKNESS-3..6, NEM-ROOM-9: +3 Knowledge; an object type that has not
    revealed a Weakness reveals the leftmost face-down one and lies in that slot; otherwise the
    object is out of the game. The caller has already taken the object from the Room or the hand.
    Returns the revealed Weakness id, or None."""
    data = ctx.data
    if kind not in OBJECT_KINDS:
        raise ValueError(f"{kind!r} is not an object type")
    gain_knowledge(ctx, seat, 3)
    down = [i for i, w in enumerate(data["weaknesses"]) if not w["revealed"]]
    if kind in data["researched_kinds"] or not down:
        data["removed"].append(kind)
        ctx.emit("object_researched", seat=seat, object=kind, revealed=None)
        return None
    slot = data["weaknesses"][down[0]]
    slot["revealed"], slot["object"] = True, kind
    data["researched_kinds"].append(kind)
    ctx.emit("object_researched", seat=seat, object=kind, revealed=slot["id"], slot=down[0] + 1, reveals=True)
    return str(slot["id"])


def take_object(ctx: Ctx, seat: int, kind: str, room: str | None = None) -> bool:
    """Take one object of ``kind`` out of play for research: from the Room (yours unless named)
    first, else from one of your Hand slots."""
    player = ctx.player(seat)
    objects = ctx.data["rooms"][room or player["room"]]["objects"]
    if kind in objects:
        objects.remove(kind)
        return True
    for i, thing in enumerate(player["hands"]):
        if isinstance(thing, Mapping) and thing.get("object") == kind:
            del player["hands"][i]
            return True
    return False


# -- the Weakness modifiers used by other rules --------------------------------------------------

def death_check_cards(data: Data, seat: int | None, kind: str, normal: int) -> int:
    """Slow Regeneration: fewer Attack cards for the death check of an intruder your action injured."""
    if seat is None:
        return normal
    for value in passives(data, seat, "death_check_cards"):
        if kind in tuple(_arg(value, "types") or ()):
            normal = min(normal, int(_arg(value, "n")))
    return normal


def ignores_darkness(data: Data, seat: int, card: str, attacker: str) -> bool:
    """Wary of Shadows: the darkness effect of ``card`` played by ``attacker`` does not apply."""
    for value in passives(data, seat, "ignore_darkness_of"):
        wanted = tuple(value) if isinstance(value, tuple) else (_arg(value, "card"), _arg(value, "attacker"))
        if wanted[0] == card and wanted[1] == attacker:
            return True
    return False


def shoot_face_maps(data: Data, seat: int) -> list[tuple[str, str]]:
    """Soft Underbelly: (from, to) face maps on this character's shots."""
    maps = []
    for value in passives(data, seat, "shoot"):
        if isinstance(value, Mapping) and "face_map" in value:
            f = value["face_map"]
            maps.append((f[0], f[1]) if isinstance(f, tuple) else (f["from"], f["to"]))
    return maps


def echo_applies(data: Data, seat: int) -> bool:
    """Echo Confusion: this character may read their own DANGER as SILENCE (not while slimed)."""
    player = data["players"][seat]
    for value in passives(data, seat, "noise"):
        if isinstance(value, Mapping) and value.get("unless") == "has_slime" and player["slime"]:
            continue
        return True
    return False


def carrying(player: Data, kind: str) -> bool:
    return any(isinstance(t, Mapping) and t.get("object") == kind for t in player["hands"])


def brood_shielded(data: Data, seat: int) -> bool:
    """Brood Guardians: carrying the named object, E4 attacks pick this character last."""
    player = data["players"][seat]
    return any(carrying(player, str(kind)) for kind in passives(data, seat, "attack_target_last_if_carrying"))


def _arg(value: Any, name: str) -> Any:
    if isinstance(value, Mapping):
        return value.get(name)
    return value


# -- effect-tree primitives (spec 7.1) -----------------------------------------------------------

@handles("research")
def _research(ctx: Ctx, args: dict[str, Any], bindings: dict[str, Any]) -> None:
    """research(object): an object as ``ROOM/kind`` (the object selector) or a plain kind."""
    value = args.get("object")
    room, _, kind = str(value).rpartition("/") if isinstance(value, str) else ("", "", "")
    if kind not in OBJECT_KINDS:
        ctx.emit("effect_not_ready", primitive="research (object choice)")
        return
    if take_object(ctx, ctx.actor, kind, room or None):
        research(ctx, ctx.actor, kind)
