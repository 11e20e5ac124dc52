"""Rounds and turns (NEM-ROUND, NEM-ACTION-1..5/15, NEM-FIRE-3), and the ``pass`` command (notation
in commands.py)."""
from __future__ import annotations

from functools import lru_cache
from itertools import groupby

from engine.core import Command, Data, refuse
from engine.core.sampling import Group, group_of

from ..commands import VERBS, pass_weight, verb
from ..context import Ctx
from ..trees import passive_item
from . import end, hand, wounds
from .coop import revive
from .facility import check_venting
from .intruders import kill
from .places import active_seats, in_facility, in_order


def start_round(ctx: Ctx) -> None:
    """NEM-ROUND-2..4: draw up, pass the First Player token (not in round 1), first turn."""
    data = ctx.data
    data["round"] += 1
    data["phase"] = "player"
    ctx.emit("round_started", round=data["round"])
    revive(ctx)                                          # NEM-COOP-6: before drawing
    seats = active_seats(data)
    if not seats:
        end.check_last_out(ctx)
        return
    if data["round"] > 1:
        n = len(data["players"])
        for step in range(1, n + 1):                   # NEM-ROUND-4
            candidate = (data["first"] + step) % n
            if candidate in seats:
                data["first"] = candidate
                break
    for player in data["players"]:
        player["passed"] = not in_facility(player)
        player["turned"] = False                         # no turn of this round ended yet (NEM-MOVE-11)
    for seat in in_order(data):
        hand.draw_up(ctx, seat)
    data["turn"] = {"seat": in_order(data)[0], "actions": 0, "first_turn_moves": 0}
    ctx.emit("turn_started", seat=data["turn"]["seat"])


def action_done(ctx: Ctx, seat: int) -> None:
    """NEM-ACTION-1: a turn is two actions (or one and a pass)."""
    turn = ctx.data["turn"]
    if ctx.ended() or turn is None or turn["seat"] != seat:
        return
    turn["actions"] += 1
    player = ctx.player(seat)
    if not in_facility(player):
        player["passed"] = True                          # dead, in a pod, out: no more turns
        end_turn(ctx, seat)
    elif turn["actions"] >= 2:
        end_turn(ctx, seat)


def pass_turn(ctx: Ctx, seat: int, discards: list[str]) -> None:
    """NEM-ACTION-2..4: passing counts as an action; discard any cards; the Help card flips."""
    player = ctx.player(seat)
    for card in discards:
        player["hand"].remove(card)
        player["discard"].append(card)
    player["passed"] = True
    ctx.emit("passed", seat=seat, discarded=len(discards))
    end_turn(ctx, seat)


def end_turn(ctx: Ctx, seat: int) -> None:
    """NEM-FIRE-3: Fire wounds whoever ends a turn in it, the passing turn included; then the next
    player who has not passed. With the option ``fire_wound_once_per_round`` (the seed's reading,
    NEM-DEC-21) only the turn in which the player passes counts: one fire Light Wound if their Room
    holds Fire then, so at most one a round, and none for earlier turns ended in Fire. A held item with
    the passive ``no_fire_wound`` (the Battle Suit, NEM-ITEM-10) keeps these wounds off."""
    data = ctx.data
    player = ctx.player(seat)
    player["turned"] = True                              # later turns of the round: no Wounded Knee
    passing_only = data.get("fire_wound_once")
    if in_facility(player) and data["rooms"][player["room"]]["fire"] and (player["passed"] or not passing_only):
        suit = passive_item(player, "no_fire_wound")
        if suit is None:
            wounds.light_wound(ctx, seat)
        else:                                            # the Battle Suit: Fire never wounds you
            ctx.emit("fire_resisted", seat=seat, item=suit)
    end.check_last_out(ctx)
    if ctx.ended():
        return
    waiting = [s for s in in_order(data) if not data["players"][s]["passed"]]
    if not waiting:
        data["turn"] = None
        ctx.push("end_player_phase")
        return
    n = len(data["players"])
    following = [(seat + step) % n for step in range(1, n + 1)]
    nxt = next(s for s in following if s in waiting)
    data["turn"] = {"seat": nxt, "actions": 0, "first_turn_moves": 0}
    ctx.emit("turn_started", seat=nxt)


def end_player_phase(ctx: Ctx) -> None:
    """NEM-ROUND-6, NEM-ROOM-40: the Vent check; the Event Phase steps follow (flow.py)."""
    data = ctx.data
    check_venting(ctx)                                   # NEM-ROOM-26
    vent = data["venting"]
    if vent is not None:                                 # NEM-ROOM-27
        for iid in [i for i, x in data["intruders"].items() if x["room"] == vent]:
            kill(ctx, iid, None)
        for player in data["players"]:
            if in_facility(player) and player["room"] == vent:
                wounds.die(ctx, player["seat"], "venting")
        data["venting"] = None
    data["phase"] = "event"
    ctx.emit("event_phase")


# -- the pass command (NEM-ACTION-2/3) -----------------------------------------------------------------

def do_pass(ctx: Ctx, cmd: Command) -> None:
    """NEM-ACTION-2/3: pass, discarding any cards of the hand, named by place (``c0``, ``c1``, …)."""
    seat = ctx.seat
    value = cmd.get("discard", ())
    places = [str(v) for v in (value if isinstance(value, tuple) else (value,))]
    hand_cards = ctx.player(seat)["hand"]
    chosen = [hand.hand_place(hand_cards, place) for place in places]
    found = [i for i in chosen if i is not None]
    if len(found) != len(chosen) or len(set(found)) != len(found):
        raise refuse("NEM-ACTION-3", f"discard names cards of your hand by place, each once (c0 to "
                                     f"c{len(hand_cards) - 1}), not {','.join(places)}")
    pass_turn(ctx, seat, [hand_cards[i] for i in found])


def pass_commands(data: Data, seat: int) -> list[Command]:
    """``pass`` with every set of discards (NEM-ACTION-3), cards the player cannot tell apart listed
    once, as payments are (the lowest places of each kind); fewest discards first."""
    return list(_passes(seat, hand.discard_sets(data["players"][seat]))[0])


def pass_groups(data: Data, seat: int) -> list[Group]:
    """`pass_commands` as groups: each number of discards one group of its own weight."""
    return list(_passes(seat, hand.discard_sets(data["players"][seat]))[1])


@lru_cache(maxsize=1024)
def _passes(seat: int, sets: tuple[tuple[int, ...], ...]) -> tuple[tuple[Command, ...], tuple[Group, ...]]:
    # cached by the sets of places (hands that look different often discard alike); the groups hold
    # only immutable commands
    found = tuple(Command.trusted("pass", (), (("discard", tuple(f"c{i}" for i in places)),) if places else (), seat)
                  for places in sets)
    groups: list[Group] = []
    start = 0
    for discards, run in groupby(len(places) for places in sets):     # the sets come fewest first
        end = start + sum(1 for _ in run)
        groups.append(group_of(found[start:end], pass_weight(discards)))
        start = end
    return found, tuple(groups)


def may_act(data: Data, seat: int) -> bool:
    """NEM-ACTION-10: only a character standing in a Room acts; anyone holding the turn may pass."""
    return in_facility(data["players"][seat])


verb("pass", pass_commands, groups=pass_groups)(do_pass)
VERBS.gate(may_act, always=("turns",))
