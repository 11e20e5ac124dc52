"""Power tokens (DRG-POWER) and the immediate win (DRG-GOAL-1..6, DRG-END-1).

Every token moves one at a time between the supply, a region and a board's unspent or spent
side; after each change of any board's count the win check runs (DRG-GOAL-5), and once the game
is over nothing further moves. Each function returns how many tokens it moved.
"""
from __future__ import annotations

from collections.abc import Iterable

from engine.core import Data, refuse

from ..context import Ctx, in_action_order
from .control import controller
from .round import finish, power_of


def limit(ctx: Ctx) -> int:
    return ctx.content.params.power_hold_limit


def room(ctx: Ctx, character: str) -> int:
    """DRG-POWER-6: how many more tokens the board can hold (spent and unspent together)."""
    return max(0, limit(ctx) - power_of(ctx.data, character))


def ally_of(data: Data, character: str) -> str | None:
    return data["boards"][character]["bonded_with"]


# --- the immediate win --------------------------------------------------------------------------

def winners_now(ctx: Ctx) -> tuple[str, ...] | None:
    """DRG-GOAL-1..4: the first player (unbonded, >= win_power_unbonded) or bonded pair (together
    >= win_power_bonded) in action order that has reached its goal; spent tokens count too."""
    data, params = ctx.data, ctx.content.params
    for ch in in_action_order(data):
        ally = ally_of(data, ch)
        if ally is None:                                           # DRG-GOAL-1
            if power_of(data, ch) >= params.win_power_unbonded:
                return (ch,)
        elif power_of(data, ch) + power_of(data, ally) >= params.win_power_bonded:   # DRG-GOAL-2/3
            return tuple(m for m in in_action_order(data) if m in (ch, ally))
    return None


def check_win(ctx: Ctx) -> bool:
    """DRG-GOAL-5, DRG-END-1: the game ends at once when a goal is reached; True if it is over."""
    if ctx.ended():
        return True
    found = winners_now(ctx)
    if found is None:
        return False
    finish(ctx, "power_goal", found)
    return True


# --- receiving, gaining, losing, stealing -------------------------------------------------------

def _receive_one(ctx: Ctx, character: str, side: str) -> str | None:
    """DRG-POWER-6/7/8: put one token on ``side`` of the character's board, or its bonded ally's
    when the board is full; None when neither has room (the caller keeps the token where it was)."""
    for who in (character, ally_of(ctx.data, character)):
        if who is not None and room(ctx, who) > 0:
            ctx.board(who)["power"][side] += 1
            return who
    return None


def gain(ctx: Ctx, character: str, n: int) -> int:
    """DRG-POWER-5: take up to n tokens from the supply, unspent; overflow per DRG-POWER-7/8 (a
    token that fits nowhere stays in the supply); a win check after each token (DRG-GOAL-5)."""
    gained = 0
    for _ in range(n):
        if check_win(ctx) or ctx.data["supply"]["power"] <= 0:
            break
        who = _receive_one(ctx, character, "unspent")
        if who is None:
            ctx.emit("power_overflow", character=character, to="supply")
            continue
        ctx.data["supply"]["power"] -= 1
        gained += 1
        ctx.emit("power_gained", character=who, n=1, source="supply")
        check_win(ctx)
    return gained


def gain_each(ctx: Ctx, characters: Iterable[str], n: int) -> int:
    """DRG-GOAL-6: several players gain one at a time in action order, a win check after each."""
    chosen = set(characters)
    total = 0
    for ch in in_action_order(ctx.data):
        if ch in chosen and not ctx.ended():
            total += gain(ctx, ch, n)
    return total


def _take_one(ctx: Ctx, character: str) -> str | None:
    """DRG-POWER-9: a lost token is a spent one if the board has one, else an unspent one."""
    power = ctx.board(character)["power"]
    for side in ("spent", "unspent"):
        if power[side] > 0:
            power[side] -= 1
            return side
    return None                                                    # DRG-POWER-11


def lose(ctx: Ctx, character: str, n: int) -> int:
    """DRG-POWER-9/11: return up to n tokens to the supply, spent ones first."""
    lost = 0
    for _ in range(n):
        if ctx.ended() or _take_one(ctx, character) is None:
            break
        ctx.data["supply"]["power"] += 1
        lost += 1
        ctx.emit("power_lost", character=character, n=1)
        check_win(ctx)
    return lost


def steal(ctx: Ctx, thief: str, victim: str, n: int) -> int:
    """DRG-POWER-9/10/11: move up to n tokens from the victim to the thief, spent ones first, each
    keeping its side; DRG-POWER-6/7 apply to the thief and a token that fits nowhere goes to the
    supply (DRG-POWER-8). Stealing from an empty board takes nothing."""
    stolen = 0
    for _ in range(n):
        if check_win(ctx):
            break
        side = _take_one(ctx, victim)
        if side is None:
            break
        who = _receive_one(ctx, thief, side)
        if who is None:
            ctx.data["supply"]["power"] += 1
        stolen += 1
        ctx.emit("power_stolen", thief=thief, victim=victim, to=who or "supply", side=side)
        check_win(ctx)
    return stolen


# --- spending ------------------------------------------------------------------------------------

def can_pay(ctx: Ctx, payer: str, n: int) -> bool:
    """DRG-POWER-2, DRG-BONDED-5: the payer's unspent tokens, plus its ally's when bonded."""
    ally = ally_of(ctx.data, payer)
    have = ctx.board(payer)["power"]["unspent"] + (ctx.board(ally)["power"]["unspent"] if ally else 0)
    return have >= n


def spend(ctx: Ctx, payer: str, n: int, from_ally: int = 0) -> None:
    """DRG-POWER-1/2, DRG-BONDED-5: flip n unspent tokens to spent, ``from_ally`` of them from the
    bonded ally's board. Refused, changing nothing, if the tokens are not there."""
    if n < 0 or not 0 <= from_ally <= n:
        raise refuse("DRG-POWER-2", "a payment is a number of tokens, the ally's share among them")
    ally = ally_of(ctx.data, payer)
    if from_ally and ally is None:
        raise refuse("DRG-BONDED-5", "only a bonded player may pay with its ally's tokens")
    own = ctx.board(payer)["power"]
    if own["unspent"] < n - from_ally:
        raise refuse("DRG-POWER-2", f"{payer} has {own['unspent']} unspent power, not {n - from_ally}")
    if from_ally and ally is not None and ctx.board(ally)["power"]["unspent"] < from_ally:
        raise refuse("DRG-POWER-2", f"{ally} has fewer than {from_ally} unspent power")
    for who, k in ((payer, n - from_ally), (ally, from_ally)):
        if who is not None and k:
            power = ctx.board(who)["power"]
            power["unspent"] -= k
            power["spent"] += k
            ctx.emit("power_spent", character=who, n=k)


# --- collect -------------------------------------------------------------------------------------

def collect_regions(ctx: Ctx, character: str) -> tuple[str, ...]:
    """The regions a `collect` icon may take from (DRG-POWER-3 general, DRG-POWER-4 dragon)."""
    data = ctx.data
    board = ctx.board(character)
    if board["role"] == "general":
        return tuple(r for r in ctx.content.map.order
                     if data["regions"][r]["power"] > 0 and controller(data, r) == character)
    here = data["regions"][board["region"]]
    ally = board["bonded_with"]
    blocked = here["neutral"] > 0 or any(sum(units.values()) > 0 for ch, units in here["units"].items()
                                         if ch != ally)                     # DRG-BONDED-8
    return () if here["power"] <= 0 or blocked else (board["region"],)


def collect(ctx: Ctx, character: str, region: str) -> int:
    """DRG-POWER-3/4: take 1 token from ``region`` onto the board, unspent; a token that fits on
    no board stays in the region (DRG-POWER-8). Returns 1 if a token moved."""
    allowed = collect_regions(ctx, character)
    if region not in allowed:
        rule = "DRG-POWER-3" if ctx.board(character)["role"] == "general" else "DRG-POWER-4"
        raise refuse(rule, f"{character} cannot collect power in {region}")
    return take_from_region(ctx, character, region, 1)


def take_from_region(ctx: Ctx, character: str, region: str, n: int) -> int:
    """Up to n tokens from a region onto the board (collect, `collect_power`), one at a time."""
    taken = 0
    for _ in range(n):
        if check_win(ctx) or ctx.data["regions"][region]["power"] <= 0:
            break
        who = _receive_one(ctx, character, "unspent")
        if who is None:
            ctx.emit("power_overflow", character=character, to=region)
            break
        ctx.data["regions"][region]["power"] -= 1
        taken += 1
        ctx.emit("power_collected", character=who, region=region)
        check_win(ctx)
    return taken
