"""Hands, Action decks and paying costs (NEM-HAND, NEM-COST)."""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from engine.core import Data, refuse

from ..content import content
from ..context import Ctx
from .places import in_facility

CONTAMINATION_PREFIX = "CONT"


def is_contamination(card: str) -> bool:
    return card.startswith(CONTAMINATION_PREFIX)


def card_kind(card: str) -> str:
    """An Action card instance id ``search.0`` → its card id ``search``."""
    return card.split(".", 1)[0]


def hand_place(hand: Sequence[str], place: object) -> int | None:
    """The index a hand place ``c0``, ``c1``, … names (as the owner's view lists the hand), or None."""
    if not isinstance(place, str) or place[:1] != "c" or not place[1:].isdigit() or str(int(place[1:])) != place[1:]:
        return None
    return int(place[1:]) if int(place[1:]) < len(hand) else None


def looks(player: Data, card: str) -> str:
    """What tells a hand card apart for its owner: an Action card's kind; a Contamination card is just
    Contamination until its owner scanned it (its status then)."""
    if not is_contamination(card):
        return card_kind(card)
    if card not in player["scanned"]:
        return "contamination"
    infected = next(c.infected for c in content().contamination if c.id == card)
    return "contamination:infected" if infected else "contamination:clean"


def discard_sets(player: Data) -> tuple[tuple[int, ...], ...]:
    """Every set of hand places a pass may discard (NEM-ACTION-3), identical-looking cards once:
    for each look, none, the first, the first two, … of its places."""
    first: dict[str, int] = {}                     # only which cards look alike matters: hands alike share
    return _discard_sets(tuple(first.setdefault(looks(player, card), len(first)) for card in player["hand"]))


@lru_cache(maxsize=4096)
def _discard_sets(hand_looks: tuple[object, ...]) -> tuple[tuple[int, ...], ...]:
    # cached: the turn's every decision lists the passes of the same hand
    groups: dict[object, list[int]] = {}
    for i, look in enumerate(hand_looks):
        groups.setdefault(look, []).append(i)
    sets: list[tuple[int, ...]] = [()]
    for places in groups.values():
        sets = [chosen + tuple(places[:k]) for chosen in sets for k in range(len(places) + 1)]
    return tuple(sorted((tuple(sorted(s)) for s in sets), key=lambda s: (len(s), s)))


def draw(ctx: Ctx, seat: int, n: int) -> None:
    """NEM-HAND-4: draw ``n``, reshuffling the discard pile into the deck when it runs out."""
    player = ctx.player(seat)
    drawn = 0
    for _ in range(n):
        if not player["deck"]:
            if not player["discard"]:
                break
            player["deck"] = player["discard"]
            player["discard"] = []
            ctx.rng.shuffle(player["deck"])
            ctx.emit("deck_reshuffled", seat=seat)
        player["hand"].append(player["deck"].pop())
        drawn += 1
    if drawn:
        ctx.emit("cards_drawn", seat=seat, n=drawn)


def draw_target(data: Data, seat: int) -> int:
    """NEM-HAND-1/2/9: 5, or 6 starting the round in a working Isolation Room; Wounded Torso −1."""
    player = data["players"][seat]
    target = 5
    if player["room"] == "ISO" and not data["rooms"]["ISO"]["malfunction"]:
        target = 6
    if any(w["type"] == "torso" and not w["dressed"] for w in player["serious"]):
        target -= 1
    return target


def draw_up(ctx: Ctx, seat: int) -> None:
    """NEM-HAND-1/3: draw until the hand holds the target; never discard."""
    player = ctx.player(seat)
    if in_facility(player):
        draw(ctx, seat, max(0, draw_target(ctx.data, seat) - len(player["hand"])))


def gain_contamination(ctx: Ctx, seat: int, n: int = 1) -> None:
    """NEM-HAND-6: a gained Contamination card goes face up on top of the discard pile."""
    deck = ctx.data["decks"]["contamination"]
    for _ in range(n):
        if not deck:
            return
        ctx.player(seat)["discard"].append(deck.pop())
        ctx.emit("contamination_gained", seat=seat)


def pay(ctx: Ctx, seat: int, cards: Sequence[str], cost: int, what: str) -> None:
    """NEM-COST-1/2: discard exactly ``cost`` Action cards named in ``cards`` from the hand."""
    player = ctx.player(seat)
    cards = list(cards)
    if len(cards) != cost:
        raise refuse("NEM-COST-1", f"{what} costs {cost} card(s); you named {len(cards)}")
    hand = list(player["hand"])
    for card in cards:
        if card not in hand:
            raise refuse("NEM-COST-1", f"{card} is not in your hand")
        if is_contamination(card):
            raise refuse("NEM-COST-2", "Contamination cards cannot pay for anything")
        hand.remove(card)
    if cost and len([c for c in player["hand"] if not is_contamination(c)]) < cost:
        raise refuse("NEM-COST-2", f"{what} needs {cost} Action card(s) in hand")
    for card in cards:
        player["hand"].remove(card)
        player["discard"].append(card)
    if cards:
        ctx.emit("cards_paid", seat=seat, cards=[card_kind(c) for c in cards])


def payments(hand: Sequence[str], cost: int, keep: str | None = None) -> tuple[tuple[str, ...], ...]:
    """The different ways to pay ``cost`` from a hand (identical cards count once), optionally
    keeping one card (the card whose own action is being played)."""
    return _payments(hand if hand.__class__ is tuple else tuple(hand), cost, keep)


@lru_cache(maxsize=4096)
def _payments(hand: tuple[str, ...], cost: int, keep: str | None) -> tuple[tuple[str, ...], ...]:
    # cached: every lister asks for the same hand's payments, at every decision of the turn
    cards = [c for c in hand if not is_contamination(c) and c != keep]
    kind = {c: card_kind(c) for c in cards}.__getitem__
    if len(set(map(kind, cards))) == len(cards):   # no two alike: each combination is a payment of its own
        return tuple(sorted(combinations(cards, cost)))
    found: dict[tuple[str, ...], tuple[str, ...]] = {}
    for chosen in combinations(cards, cost):       # in hand order: the first of each set of kinds is kept
        found.setdefault(tuple(sorted(map(kind, chosen))), chosen)
    return tuple(sorted(found.values()))
