"""Round structure (DRG-ROUND), the end of execution (DRG-EXEC-6, DRG-END-2), cleanup
(DRG-CLEANUP-2..7), a general's defeat (DRG-END-4/5, ``defeat`` — for the combat rules to call)
and final scoring with tie-breaks (DRG-END-3/6/8, DRG-TIE-1..4)."""
from __future__ import annotations

from engine.core import Data

from ..context import Ctx, in_action_order
from .control import controller
from .modifiers import clear_round
from .planning import start_planning
from .upgrades import refresh_market


def start_round(ctx: Ctx) -> None:
    """DRG-ROUND-1/2: each round starts with planning."""
    if ctx.ended():
        return
    start_planning(ctx)


def end_execution(ctx: Ctx) -> None:
    """DRG-EXEC-6, DRG-END-2, DRG-CLEANUP-1: an empty event deck ends the game without cleanup."""
    if ctx.ended():
        return
    if not ctx.data["decks"]["event"]:
        finish(ctx, "event_deck_empty")
        return
    ctx.run_now("cleanup")


def cleanup(ctx: Ctx) -> None:
    """DRG-CLEANUP-4: in this order: cards (DRG-CLEANUP-2, -3), the upgrade market (DRG-CLEANUP-5),
    the power refresh (DRG-CLEANUP-6), the end of the round's effects (DRG-CLEANUP-7); each step
    announces itself (``cleanup_step``), then the next round begins."""
    data = ctx.data
    data["phase"] = "cleanup"
    ctx.emit("phase_changed", phase="cleanup", round=data["round"])
    return_cards(ctx)
    ctx.emit("cleanup_step", step="cards")
    redistribute_region_cards(ctx)
    ctx.emit("cleanup_step", step="region_cards")
    refresh_market(ctx)                                   # DRG-CLEANUP-5, DRG-UPGRADE-7
    ctx.emit("cleanup_step", step="market")
    if ctx.content.params.refresh_spent_power_in_cleanup:   # DRG-CLEANUP-6, DRG-POWER-12, DRG-DEC-8
        for ch in data["seating"]:
            power = ctx.board(ch)["power"]
            power["unspent"] += power["spent"]
            power["spent"] = 0
    ctx.emit("cleanup_step", step="power")
    end_round_effects(data)                               # DRG-CLEANUP-7, DRG-ROUND-5
    ctx.emit("cleanup_step", step="round_effects")
    data["round"] += 1                                    # DRG-CLEANUP-7
    ctx.run_now("start_round")


def return_cards(ctx: Ctx) -> None:
    """DRG-CLEANUP-2: a human's action cards are back in hand already (DRG-EXEC-3); each AI
    shuffles its played pile into what is left of its deck."""
    for ch in ctx.data["seating"]:
        board = ctx.board(ch)
        if board["seat"] is None:
            deck = board["ai_deck"] + board["ai_played"]
            ctx.rng.shuffle(deck)
            board["ai_deck"], board["ai_played"] = deck, []


def redistribute_region_cards(ctx: Ctx) -> None:
    """DRG-CLEANUP-3, DRG-REGIONCARD-6/7, DRG-AI-19: every region card goes to the human general
    controlling its region, or to the region deck."""
    data, c = ctx.data, ctx.content
    cards = list(data["decks"]["region"])
    for ch in data["seating"]:
        board = ctx.board(ch)
        cards += [card for card in board["hand"] if card in c.region_cards]
        board["hand"] = [card for card in board["hand"] if card not in c.region_cards]
    data["decks"]["region"] = []
    for card in sorted(cards, key=list(c.region_cards).index):
        holder = controller(data, c.region_cards[card].region)
        if holder is not None and ctx.board(holder)["seat"] is not None:
            ctx.board(holder)["hand"].append(card)
        else:
            data["decks"]["region"].append(card)


def end_round_effects(data: Data) -> None:
    """DRG-ROUND-5, DRG-CLEANUP-7: "this round" effects end (rules/modifiers.py ``clear_round``)."""
    clear_round(data)


def power_of(data: Data, character: str) -> int:
    """DRG-GOAL-4: spent and unspent tokens count alike."""
    power = data["boards"][character]["power"]
    return power["unspent"] + power["spent"]


def scores(data: Data, eliminated: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], int, str]]:
    """DRG-END-3/5: contenders (a character, or a bonded pair) with their score and the character
    whose seat speaks for them in a tie (DRG-TIE-2, DRG-DEC-38: the member whose count is the
    score, the earlier one in action order if both have it), in action order from the first
    player. Eliminated characters (DRG-END-4) are not contenders."""
    order = [ch for ch in in_action_order(data) if ch not in eliminated]
    seen: set[str] = set()
    found = []
    for ch in order:
        if ch in seen:
            continue
        ally = data["boards"][ch]["bonded_with"]
        members = (ch,) if ally is None else tuple(m for m in order if m in (ch, ally))
        seen.update(members)
        score = max(power_of(data, m) for m in members)   # DRG-END-3: the higher count, not the sum
        speaker = next(m for m in order if m in members and power_of(data, m) == score)
        found.append((members, score, speaker))
    return found


def winners_by_score(data: Data, eliminated: tuple[str, ...] = ()) -> tuple[str, ...]:
    """DRG-END-6, DRG-TIE-1..4: the highest score; a tie goes to the contender whose speaking seat
    comes first clockwise from the current first player (DRG-TIE-3: the marker's holder now) —
    always exactly one contender (DRG-TIE-4)."""
    order = in_action_order(data)
    contenders = scores(data, eliminated)
    if not contenders:
        return ()
    best = max(score for _, score, _ in contenders)
    tied = [c for c in contenders if c[1] == best]
    return min(tied, key=lambda c: order.index(c[2]))[0]


def defeat(ctx: Ctx, general: str) -> None:
    """DRG-END-4/5: a general with no legal retreat is defeated; the game ends at once; it and its
    bonded ally are eliminated and the others are scored as in DRG-END-3."""
    ally = ctx.board(general)["bonded_with"]
    eliminated = (general,) if ally is None else (general, ally)
    ctx.emit("general_defeated", character=general, eliminated=list(eliminated))
    finish(ctx, "general_defeated", eliminated=eliminated)


def finish(ctx: Ctx, reason: str, winners: tuple[str, ...] | None = None,
           eliminated: tuple[str, ...] = ()) -> None:
    """DRG-END-6/8, DRG-TIE-1..4: the highest score wins; ties go to the earliest in action order.
    An immediate win (DRG-END-1) names its ``winners`` instead of scoring. The end reports the
    winners, each character's power, the bonded pairs, the eliminated and the reason (DRG-END-8);
    "this round" effects end with the game (DRG-ROUND-5)."""
    data = ctx.data
    if data["phase"] == "over":
        return
    contenders = scores(data)
    if winners is None:
        winners = winners_by_score(data, eliminated)
    data["phase"] = "over"
    data["planning"] = None
    end_round_effects(data)
    data["end"] = {"why": reason, "winners": list(winners),
                   "power": {ch: power_of(data, ch) for ch in data["seating"]},
                   "pairs": [list(m) for m, _, _ in contenders if len(m) == 2],
                   "eliminated": list(eliminated)}
    ctx.emit("game_over", winners=list(winners), reason=reason, scores=dict(data["end"]["power"]),
             pairs=list(data["end"]["pairs"]), eliminated=list(eliminated))
