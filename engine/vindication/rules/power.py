"""Blocks, attributes and honor (VIN-POWER, VIN-ATTR, VIN-HONOR).

Every move of a block goes through these helpers, which is what keeps each player's 21 blocks
conserved (VIN-POWER-1) and honor at or above 0 (VIN-HONOR-2).
"""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from engine.core import Pause, refuse

from ..context import Ctx
from ..effects import VIN
from ..vocabulary import ATTRIBUTES, BASIC

AUGMENT_STEPS = {"pot_to_inf": ("potential", "influence"), "inf_to_conv": ("influence", "conviction")}
DILUTE_STEPS = {"conv_to_inf": ("conviction", "influence"), "inf_to_pot": ("influence", "potential")}


# -- attributes -------------------------------------------------------------------------------
def spend_attr(ctx: Ctx, kind: str, n: int, seat: int | None = None) -> None:
    """VIN-ATTR-4: n blocks from the sphere back to influence, or a refusal."""
    player = ctx.player(seat)
    if player["attrs"][kind] < n:
        raise refuse("VIN-ATTR-4", f"you need {n} {kind} and have {player['attrs'][kind]}")
    player["attrs"][kind] -= n
    player["influence"] += n
    ctx.emit("attribute_spent", seat=player["seat"], kind=kind, n=n)


def gain_attr_points(ctx: Ctx, kinds: list[str], seat: int | None = None) -> None:
    """VIN-ATTR-3: each point moves one block from influence to its sphere."""
    player = ctx.player(seat)
    if len(kinds) > player["influence"]:
        raise refuse("VIN-ATTR-3", "each attribute point needs a block from your influence")
    for kind in kinds:
        player["influence"] -= 1
        player["attrs"][kind] += 1
    if kinds:
        ctx.emit("attributes_gained", seat=player["seat"], kinds=list(kinds))


def gain_options(kind: str, most: int, influence: int,
                 context_kind: str | list[str] | None = None) -> list[list[str]]:
    """The ways to take "gain up to ``most`` of ``kind``": multisets of attributes, smallest first.

    ``X`` and ``same`` name an attribute the context gives (the region choice, the kind(s) a
    trigger fired for); with several, the points are all of one of them (W02 after an activation
    that gave two basic kinds)."""
    most = max(0, min(most, influence))
    if kind in ("X", "same"):
        if not context_kind:
            return [[]]
        kinds = [context_kind] if isinstance(context_kind, str) else list(dict.fromkeys(context_kind))
        if len(kinds) > 1:
            return [[]] + [[k] * n for n in range(1, most + 1) for k in kinds]
        kind = kinds[0]
    pool = {"BASIC_ANY": BASIC, "ANY": ATTRIBUTES}.get(kind)
    if kind == "BASIC_ONE":
        return [[]] + [[k] * n for n in range(1, most + 1) for k in BASIC]
    if pool is None:
        return [[kind] * n for n in range(most + 1)]
    return [list(combo) for n in range(most + 1) for combo in combinations_with_replacement(pool, n)]


def context_kind(meta: dict[str, Any], kind: str) -> str | list[str] | None:
    """What ``X`` / ``same`` stand for where an effect runs: the visit's choice, a trigger's kinds."""
    if kind == "X":
        return meta.get("choice") or meta.get("kind")
    return meta.get("kinds") or meta.get("kind")


@VIN.handles("gain_attr")
def _gain_attr(ctx: Ctx, kind: str, max: int, answer: Any = None) -> Pause | None:
    options = gain_options(kind, max, ctx.player()["influence"], context_kind(ctx.meta, kind))
    if len(options) <= 1:
        return None
    if answer is None:
        return Pause("gain", tuple(options))
    gain_attr_points(ctx, list(answer))
    if ctx.meta.get("activation"):       # gathered for the activation_gain trigger (W02)
        ctx.turn.setdefault("activation_gains", []).extend(answer)
    return None


@VIN.handles("spend_attr")
def _spend_attr(ctx: Ctx, kind: str, n: int) -> None:
    spend_attr(ctx, ctx.meta.get("choice", "S") if kind == "X" else kind, n)


# -- augment and dilute -----------------------------------------------------------------------
def possible_steps(player: dict, steps: dict[str, tuple[str, str]]) -> list[str]:
    return [name for name, (source, _) in steps.items() if player[source] > 0]


def move_step(ctx: Ctx, step: str, seat: int | None = None) -> None:
    """One augment or dilution step (VIN-POWER-5, -6)."""
    source, target = {**AUGMENT_STEPS, **DILUTE_STEPS}[step]
    player = ctx.player(seat)
    if player[source] < 1:
        raise refuse("VIN-POWER-5", f"no block in {source} to move")
    player[source] -= 1
    player[target] += 1
    ctx.emit("power_step", seat=player["seat"], step=step)


@VIN.handles("augment")
def _augment(ctx: Ctx, max: int, step: str = "any", answer: Any = None) -> Pause | None:
    allowed = {k: v for k, v in AUGMENT_STEPS.items() if step in ("any", k)}
    options = possible_steps(ctx.player(), allowed)
    if max < 1 or not options:
        return None
    if answer is None:
        return Pause("augment", (*options, "stop"))
    if answer != "stop":
        move_step(ctx, answer)
        if max > 1:
            ctx.push([{"augment": {"max": max - 1, "step": step}}])
    return None


@VIN.handles("dilute")
def _dilute(ctx: Ctx, n: int, answer: Any = None) -> Pause | None:
    options = possible_steps(ctx.player(), DILUTE_STEPS)
    if n < 1 or not options:
        return None  # VIN-POWER-6: a dilution that cannot be made is skipped
    if len(options) == 1 and answer is None:
        answer = options[0]
    if answer is None:
        return Pause("dilute", tuple(options))
    move_step(ctx, answer)
    if n > 1:
        ctx.push([{"dilute": {"n": n - 1}}])
    return None


@VIN.handles("spend_influence")
def _spend_influence(ctx: Ctx, n: int, to: str, answer: Any = None) -> Pause | None:
    """A cost: n influence onto ``to`` — an attribute sphere, a card of yours by id, or ``companion``
    / ``relic`` (one of yours, chosen). Refused whole if it cannot be paid (VIN-POWER-9)."""
    player = ctx.player()
    if player["influence"] < n:
        raise refuse("VIN-POWER-9", f"that costs {n} influence; you have {player['influence']}")
    if to in ATTRIBUTES:
        gain_attr_points(ctx, [to] * n)
        return None
    spots = {"companion": [c["id"] for c in player["companions"]],
             "relic": [r["id"] for r in player["relics"] if r["charges"] + n <= 3]}.get(to, [to])
    spots = [s for s in spots if any(x["id"] == s for x in player["companions"] + player["relics"])]
    if not spots:
        raise refuse("VIN-POWER-9", f"there is nowhere to put influence on {to}")
    if answer is None and len(spots) > 1:
        return Pause("influence_target", tuple(spots))
    target = answer if answer is not None else spots[0]
    for holder, field in (("companions", "blocks"), ("relics", "charges")):
        for entry in player[holder]:
            if entry["id"] == target:
                if field == "charges" and entry["charges"] + n > 3:
                    raise refuse("VIN-RELIC-4", "a relic holds at most 3 charges")
                player["influence"] -= n
                entry[field] += n
                ctx.emit("influence_spent", seat=ctx.actor, to=target, n=n)
    return None


@VIN.handles("spend_conviction")
def _spend_conviction(ctx: Ctx, n: int) -> None:
    spend_conviction(ctx, n)


def spend_conviction(ctx: Ctx, n: int, rule: str = "VIN-POWER-4", seat: int | None = None) -> None:
    player = ctx.player(seat)
    if player["conviction"] < n:
        raise refuse(rule, f"you need {n} conviction and have {player['conviction']}")
    player["conviction"] -= n
    player["influence"] += n


# -- honor ------------------------------------------------------------------------------------
def gain_honor(ctx: Ctx, n: int, reason: str, seat: int | None = None) -> None:
    """Honor up by n; each trigger token passed is offered to the player (VIN-HONOR-3, -5)."""
    player = ctx.player(seat)
    before = player["honor"]
    player["honor"] = max(0, before + n)           # VIN-HONOR-2
    if player["honor"] != before:
        ctx.emit("honor_changed", seat=player["seat"], delta=player["honor"] - before, reason=reason)
    if ctx.data["phase"] != "play" or player["honor"] <= before:
        return
    passed = [space for space in sorted(ctx.data["trigger_spaces"]) if before < space <= player["honor"]]
    if passed:
        ctx.push([{"trigger_offer": {"space": space}} for space in passed], seat=player["seat"])


def lose_honor(ctx: Ctx, n: int, reason: str, seat: int | None = None) -> None:
    gain_honor(ctx, -n, reason, seat)


@VIN.handles("gain_honor")
def _gain_honor(ctx: Ctx, n: int) -> None:
    gain_honor(ctx, n, ctx.meta.get("source", "effect"))


@VIN.handles("lose_honor")
def _lose_honor(ctx: Ctx, n: int) -> None:
    lose_honor(ctx, n, ctx.meta.get("source", "effect"))


@VIN.primitive("trigger_offer", space=int)
def _trigger_offer(ctx: Ctx, space: int, answer: Any = None) -> Pause | None:
    """VIN-HONOR-3/-4/-6: take the token and reveal an end trigger, or leave it for later."""
    if space not in ctx.data["trigger_spaces"] or ctx.data["phase"] != "play":
        return None
    if answer is None:
        return Pause("trigger_token", ("take", "decline"))
    if answer == "take":
        ctx.data["trigger_spaces"].remove(space)
        ctx.player()["trigger_tokens"].append(space)
        ctx.emit("trigger_token_taken", seat=ctx.actor, space=space)
        if ctx.data["end_deck"]:                     # VIN-HONOR-7
            card = ctx.data["end_deck"].pop()
            ctx.data["end_faceup"].append(card)
            ctx.emit("end_trigger_revealed", card=card, reveals=True)
    return None
