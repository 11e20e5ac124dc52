"""The Dragonbond oath (DRG-OATH) and what bonded players may do (DRG-BONDED).

An oath in progress is plain data in ``data["oath"]`` while its reroll turns run:
  general, dragon   the pair taking the oath
  dice              {member: face name} — each member's own die (DRG-OATH-5/7)
  turn              the member whose reroll turn it is (DRG-OATH-6)
  declines          declines in succession; two end the turns (DRG-OATH-8)
  rerolls           {member: how many times it rerolled its die, paying a power token each} — for
                    the table only, never read by a rule

The check after each card is the step ``oath_check`` (queued by the stack, DRG-EXEC-5); each pair
then runs as ``oath_take`` (the roll) and ``oath_reroll`` (one member's turn, a paused decision
for a human: "reroll" or "decline"). The Dragonbond token of DRG-OATH-13 is the board's
``bonded_with`` entry (it names the partner); the card is ``bond_card`` ("down" | "up").
"""
from __future__ import annotations

from typing import Any

from engine.core import Data, refuse
from engine.core.effects import Param, Pause

from ..content import content
from ..context import ANSWER_RULES, Ctx, in_action_order, is_ai, seat_of
from ..effects import DRG
from . import combat, power

ANSWER_RULES.update({"oath_reroll": "DRG-OATH-6"})


# --- pairs and triggers --------------------------------------------------------------------------

def oath_pairs(data: Data) -> list[tuple[str, str]]:
    """DRG-OATH-1, DRG-BONDED-7, DRG-DEC-11: (general, dragon) unbonded, figures in one region."""
    boards = data["boards"]
    free = [ch for ch in data["seating"] if boards[ch]["bonded_with"] is None]
    return [(g, d) for g in free if boards[g]["role"] == "general"
            for d in free if boards[d]["role"] == "dragon" and boards[d]["region"] == boards[g]["region"]]


def fought_each_other(data: Data, a: str, b: str) -> bool:
    """DRG-OATH-3: one attacked the other (or the other's forces) during the current card."""
    return any(sorted(pair) == sorted((a, b)) for pair in data.get("fought") or [] if None not in pair)


def _action_rank(data: Data, character: str) -> int:
    return in_action_order(data).index(character) if data.get("first") else data["seating"].index(character)


def triggered_pairs(data: Data, owner: str | None = None, *, everyone: bool = False) -> list[tuple[str, str]]:
    """DRG-OATH-2 (a member arrived this card, the two did not fight each other), or every pair
    (ev06, DRG-OATH-4); in the order of DRG-OATH-11: the card owner's pairs first, then in action
    order of the general, then of the dragon."""
    arrived = set(data.get("arrived") or [])
    if not arrived and not everyone:
        return []                                                     # nobody arrived: no pair
    pairs = [p for p in oath_pairs(data)
             if everyone or ((arrived & set(p)) and not fought_each_other(data, *p))]
    return sorted(pairs, key=lambda p: (owner not in p, _action_rank(data, p[0]), _action_rank(data, p[1])))


@DRG.primitive("oath_check", owner=Param(str | None, None), everyone=Param(bool, False))
def oath_check(ctx: Ctx, owner: str | None = None, everyone: bool = False) -> None:
    """DRG-EXEC-5, DRG-OATH-2/4/11/12: queue the oath of each triggered pair (it cannot be declined)."""
    if ctx.ended():
        return
    pairs = triggered_pairs(ctx.data, owner, everyone=everyone)
    if pairs:                                                         # (most cards trigger none)
        ctx.push(*({"oath_take": {"general": g, "dragon": d, "owner": owner}} for g, d in pairs))


# --- the roll and the reroll turns ---------------------------------------------------------------

def succeeds(ctx: Ctx, face: str) -> bool:
    """DRG-OATH-5: a die succeeds on any face showing a hit, normal or critical."""
    return face in ctx.content.die.oath_success_faces


@DRG.primitive("oath_take", general=str, dragon=str, owner=Param(str | None, None))
def oath_take(ctx: Ctx, general: str, dragon: str, owner: str | None = None) -> None:
    """DRG-OATH-5/6/11: both roll one die; the reroll turns begin with the card's owner if a
    member, else the general. A member bonded earlier in the sequence leaves the pair."""
    data = ctx.data
    if ctx.ended() or (general, dragon) not in oath_pairs(data):
        return
    dice = {who: combat.roll(ctx, 1, who)[0].face for who in (general, dragon)}
    data["oath"] = {"general": general, "dragon": dragon, "dice": dice,
                    "turn": owner if owner in (general, dragon) else general, "declines": 0,
                    "rerolls": {general: 0, dragon: 0}}
    ctx.emit("oath_rolled", general=general, dragon=dragon, dice=dict(dice))
    _push_turn(ctx)


def _push_turn(ctx: Ctx) -> None:
    """DRG-OATH-6/9: the next reroll turn is asked of the seat of the member whose turn it is (an AI
    member never pauses, so its turn keeps the current seat)."""
    seat = seat_of(ctx.data, ctx.data["oath"]["turn"])
    ctx.push("oath_reroll", seat=ctx.actor if seat is None else seat)


def reroll(ctx: Ctx, member: str, die: str) -> str:
    """DRG-OATH-6/7: ``member`` rerolls ``die`` (its own only), paying oath_reroll_cost."""
    oath = ctx.data.get("oath")
    if oath is None or member not in (oath["general"], oath["dragon"]):
        raise refuse("DRG-OATH-6", f"{member} is not taking an oath")
    if die != member:
        raise refuse("DRG-OATH-7", f"{member} may reroll only its own die, not {die}'s")
    if oath["turn"] != member:
        raise refuse("DRG-OATH-6", f"it is {oath['turn']}'s reroll turn")
    power.spend(ctx, member, ctx.content.params.oath_reroll_cost)        # refused if it cannot pay
    face = combat.roll(ctx, 1, member)[0].face
    oath["dice"][member] = face
    rerolls = oath.setdefault("rerolls", {})
    rerolls[member] = rerolls.get(member, 0) + 1
    ctx.emit("oath_rerolled", character=member, face=face)
    return face


def _may_reroll(ctx: Ctx, member: str) -> bool:
    """DRG-OATH-9: an AI never rerolls; a human needs the unspent tokens of its own board."""
    return (not is_ai(ctx.data, member)
            and ctx.board(member)["power"]["unspent"] >= ctx.content.params.oath_reroll_cost)


@DRG.primitive("oath_reroll")
def oath_reroll(ctx: Ctx, answer: Any = None) -> Pause | None:
    """One member's reroll turn (DRG-OATH-6/8/9): "reroll" or "decline"; the turns end after two
    declines in succession, then DRG-OATH-10."""
    oath = ctx.data.get("oath")
    if oath is None or ctx.ended():
        ctx.data["oath"] = None
        return None
    member = oath["turn"]
    if answer is None and _may_reroll(ctx, member):
        return Pause("oath_reroll", ("reroll", "decline"))
    if answer == "reroll":
        reroll(ctx, member, member)
        oath["declines"] = 0
    else:
        oath["declines"] += 1
    other = oath["dragon"] if member == oath["general"] else oath["general"]
    oath["turn"] = other
    if oath["declines"] >= 2:                                         # DRG-OATH-8
        ctx.data["oath"] = None
        if all(succeeds(ctx, f) for f in oath["dice"].values()):      # DRG-OATH-10
            bond(ctx, oath["general"], oath["dragon"])
        else:
            ctx.emit("oath_failed", general=oath["general"], dragon=oath["dragon"])
        return None
    _push_turn(ctx)
    return None


# --- bonding -------------------------------------------------------------------------------------

def bond(ctx: Ctx, general: str, dragon: str) -> None:
    """DRG-OATH-13/14: cards face up, tokens on both boards, the pair's win checked at once
    (DRG-GOAL-5). A bonded character never bonds again."""
    for ch in (general, dragon):
        if ctx.board(ch)["bonded_with"] is not None:
            raise refuse("DRG-OATH-14", f"{ch} is already bonded, and a bond is permanent")
    for ch, ally in ((general, dragon), (dragon, general)):
        ctx.board(ch)["bonded_with"] = ally
        ctx.board(ch)["bond_card"] = "up"
    ctx.emit("bonded", general=general, dragon=dragon,                 # DRG-BONDED-9: public
             cards=[ctx.content.characters[ch].dragonbond_card for ch in (general, dragon)])
    power.check_win(ctx)


# --- what bonded players may and may not do -----------------------------------------------------

def check_not_ally(ctx: Ctx, caster: str, victim: str | None, what: str = "harm") -> None:
    """DRG-BONDED-2/3: an attack, damage, removal, steal or push may not choose the caster's
    bonded ally or its pieces."""
    if victim is not None and ctx.board(caster)["bonded_with"] == victim:
        raise refuse("DRG-BONDED-3", f"{caster} may not {what} its bonded ally {victim}")


def active_bond_card(data: Data, character: str) -> str | None:
    """DRG-BONDED-6, spec 7.7: the character's own Dragonbond card while face up, else None."""
    if data["boards"][character]["bond_card"] != "up":
        return None
    return content().characters[character].dragonbond_card


