"""Round structure (DRG-ROUND), the end of execution (DRG-EXEC-6, DRG-END-2), a minimal cleanup
(DRG-CLEANUP-2..7) and final scoring with tie-breaks (DRG-END-3/6/8, DRG-TIE-1..4)."""
from __future__ import annotations

from engine.core import Data

from ..context import Ctx, in_action_order
from .control import controller
from .planning import start_planning


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
    ctx.push("cleanup")


def cleanup(ctx: Ctx) -> None:
    """DRG-CLEANUP-4: cards, the upgrade market, the power refresh, then the next round."""
    data = ctx.data
    data["phase"] = "cleanup"
    ctx.emit("phase_changed", phase="cleanup", round=data["round"])
    c = ctx.content
    for ch in data["seating"]:                            # DRG-CLEANUP-2
        board = ctx.board(ch)
        if board["seat"] is None:
            deck = board["ai_deck"] + board["ai_played"]
            ctx.rng.shuffle(deck)
            board["ai_deck"], board["ai_played"] = deck, []
    # DRG-CLEANUP-3: every region card goes to the human general controlling its region, or the deck
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
    # DRG-CLEANUP-5, DRG-UPGRADE-7: the market back into the deck, shuffled, a new market revealed
    deck = data["decks"]["upgrade"] + data["market"]
    ctx.rng.shuffle(deck)
    size = min(c.params.upgrade_market_size, len(deck))
    data["market"] = sorted(deck[len(deck) - size:])
    data["decks"]["upgrade"] = deck[:len(deck) - size]
    if c.params.refresh_spent_power_in_cleanup:           # DRG-CLEANUP-6
        for ch in data["seating"]:
            power = ctx.board(ch)["power"]
            power["unspent"] += power["spent"]
            power["spent"] = 0
    data["round"] += 1                                    # DRG-CLEANUP-7
    ctx.push("start_round")


def power_of(data: Data, character: str) -> int:
    """DRG-GOAL-4: spent and unspent tokens count alike."""
    power = data["boards"][character]["power"]
    return power["unspent"] + power["spent"]


def scores(data: Data) -> list[tuple[tuple[str, ...], int, str]]:
    """DRG-END-3: contenders (a character, or a bonded pair) with their score and the seat that
    speaks for them in a tie (DRG-TIE-2), in action order from the first player."""
    order = in_action_order(data)
    seen: set[str] = set()
    found = []
    for ch in order:
        if ch in seen:
            continue
        ally = data["boards"][ch]["bonded_with"]
        members = (ch,) if ally is None else tuple(m for m in order if m in (ch, ally))
        seen.update(members)
        score = max(power_of(data, m) for m in members)
        speaker = next(m for m in order if m in members and power_of(data, m) == score)
        found.append((members, score, speaker))
    return found


def finish(ctx: Ctx, reason: str, winners: tuple[str, ...] | None = None) -> None:
    """DRG-END-6/8, DRG-TIE-1..4: the highest score wins; ties go to the earliest in action order.
    An immediate win (DRG-END-1) names its ``winners`` instead of scoring."""
    data = ctx.data
    order = in_action_order(data)
    contenders = scores(data)
    if winners is None:
        best = max(score for _, score, _ in contenders)
        tied = [c for c in contenders if c[1] == best]
        winners = min(tied, key=lambda c: order.index(c[2]))[0]
    data["phase"] = "over"
    data["planning"] = None
    data["end"] = {"why": reason, "winners": list(winners),
                   "power": {ch: power_of(data, ch) for ch in data["seating"]},
                   "pairs": [list(m) for m, _, _ in contenders if len(m) == 2]}
    ctx.emit("game_over", winners=list(winners), reason=reason, scores=dict(data["end"]["power"]))
