"""Vaala cards (spec 5.12, 7.6): drawing, paying and casting through the `vaala` icon.

Each human owns a face-down Vaala deck (top = last), a hidden Vaala hand and a face-up discard;
AIs have none (DRG-VAALA-1, DRG-AI-2). The `vaala` icon (decision ``icon_vaala``) offers:

- ``draw`` — the top card into the hand; an empty deck first takes its shuffled discard
  (DRG-VAALA-6, DRG-DEC-41); illegal when both are empty;
- ``cast/<card>/pay/own.<a>+ally.<b>`` — an `icon` card of the hand whose cost can be paid (own
  and bonded ally's unspent tokens, DRG-BONDED-5, DRG-AI-23, DRG-DEC-34/58) and whose first effect
  has a legal execution (DRG-VAALA-4). The card becomes public, the cost is spent, its effects
  resolve with the caster as actor (DRG-VAALA-3/9); it lies face up in the discard meanwhile.

With neither, the icon is skipped (DRG-VAALA-8). Payments are strings ``pay/own.<a>[+ally.<b>]``
(or ``pay/ally.<b>``); combat casting (H1, rules/combat.py) uses the same ``cast_cost_payments``
and ``pay``. The handler of the card effect ``draw_vaala`` (spec 7.1.2) is here.
"""
from __future__ import annotations

from typing import Any

from engine.core import refuse
from engine.core.effects import Pause

from ..context import Ctx
from . import card_effects, power


def cast_cost_payments(ctx: Ctx, caster: str, cost: int) -> tuple[str, ...]:
    """Every split of ``cost`` between the caster's and its bonded ally's unspent tokens
    (DRG-POWER-2, DRG-BONDED-5, DRG-AI-23); none for an AI caster (DRG-AI-2)."""
    board = ctx.board(caster)
    if board["seat"] is None:
        return ()
    own = board["power"]["unspent"]
    ally = board["bonded_with"]
    theirs = ctx.board(ally)["power"]["unspent"] if ally else 0
    out = []
    for from_ally in range(cost + 1):
        mine = cost - from_ally
        if mine <= own and from_ally <= theirs:
            parts = ([f"own.{mine}"] if mine else []) + ([f"ally.{from_ally}"] if from_ally else [])
            out.append("pay/" + "+".join(parts))
    return tuple(out)


def parse_payment(option: str) -> tuple[int, int]:
    """(own, ally) tokens of a payment string."""
    kind, _, rest = option.partition("/")
    if kind != "pay":
        raise refuse("DRG-POWER-2", f"{option!r} is not a payment (pay/own.n+ally.m)")
    split = {"own": 0, "ally": 0}
    for part in rest.split("+"):
        who, _, n = part.partition(".")
        if who not in split or not n.isdigit():
            raise refuse("DRG-POWER-2", f"{part!r} is not a share of a payment")
        split[who] += int(n)
    return split["own"], split["ally"]


def pay(ctx: Ctx, caster: str, option: str) -> None:
    """Spend the tokens of a payment (DRG-POWER-1/2, DRG-BONDED-5); refused if they are not there."""
    own, ally = parse_payment(option)
    if ctx.board(caster)["seat"] is None:
        raise refuse("DRG-AI-2", f"{caster} is an AI and never pays a cost")
    power.spend(ctx, caster, own + ally, from_ally=ally)


# --- the deck -------------------------------------------------------------------------------------

def can_draw(ctx: Ctx, character: str) -> bool:
    """DRG-VAALA-6: a draw is legal while the deck or the discard holds a card."""
    board = ctx.board(character)
    return board["seat"] is not None and bool(board["vaala_deck"] or board["vaala_discard"])


def draw(ctx: Ctx, character: str) -> str | None:
    """DRG-VAALA-6, DRG-DEC-41, DRG-HIDDEN-6: the top card into the hand, seen only by its drawer;
    an empty deck first takes its shuffled discard. None when nothing can be drawn."""
    board = ctx.board(character)
    if not can_draw(ctx, character):
        return None
    if not board["vaala_deck"]:
        deck = list(board["vaala_discard"])
        ctx.rng.shuffle(deck)
        board["vaala_deck"], board["vaala_discard"] = deck, []
        ctx.emit("vaala_reshuffled", character=character, size=len(deck))
    card = board["vaala_deck"].pop()
    board["vaala_hand"].append(card)                                  # DRG-VAALA-7: no hand limit
    ctx.emit("vaala_drawn", character=character, hand=len(board["vaala_hand"]))
    ctx.emit("vaala_card_drawn", audience=[board["seat"]], character=character, card=card)
    return card


@card_effects.handles("draw_vaala")
def draw_vaala(run: card_effects.Run, **params: Any) -> Pause | None:
    """The effect `draw_vaala`: each selected human draws n Vaala cards (DRG-VAALA-6; AIs have none,
    DRG-VAALA-1)."""
    for ch in card_effects.select_players(run, run.args["who"]):
        if run.data["boards"][ch]["seat"] is not None:
            for _ in range(run.args["n"]):
                draw(run.ctx, ch)
    return None


# --- the icon -------------------------------------------------------------------------------------

def castable(ctx: Ctx, caster: str, card: str) -> bool:
    """DRG-VAALA-2/4: an `icon` card whose first effect has a legal execution now."""
    spec = ctx.content.vaala_cards[card]
    return spec.timing == "icon" and card_effects.has_legal_execution(ctx, caster, spec.effects[0])


def icon_options(ctx: Ctx, caster: str) -> tuple[str, ...]:
    """DRG-VAALA-2/8: ``draw`` if legal, then each legal cast with each payment."""
    board = ctx.board(caster)
    out = ["draw"] if can_draw(ctx, caster) else []
    for card in sorted(set(board["vaala_hand"]), key=board["vaala_hand"].index):
        payments = cast_cost_payments(ctx, caster, ctx.content.vaala_cards[card].cost)
        if payments and castable(ctx, caster, card):          # (a card nobody can pay adds nothing)
            out.extend(f"cast/{card}/{p}" for p in payments)
    return tuple(out)


def apply(ctx: Ctx, caster: str, option: str) -> None:
    """Draw, or cast one card (DRG-VAALA-3/4/9): public, paid, effects queued, then discarded."""
    if option == "draw":
        if draw(ctx, caster) is None:
            raise refuse("DRG-VAALA-6", "the Vaala deck and discard are both empty")
        return
    kind, _, rest = option.partition("/")
    card, _, payment = rest.partition("/")
    board = ctx.board(caster)
    if kind != "cast" or card not in board["vaala_hand"]:
        raise refuse("DRG-VAALA-2", f"{option!r}: draw, or cast an icon card from the Vaala hand")
    spec = ctx.content.vaala_cards[card]
    if spec.timing != "icon":
        raise refuse("DRG-VAALA-5", f"{card} is cast only in a combat's pre-roll window")
    if not castable(ctx, caster, card):
        raise refuse("DRG-VAALA-4", f"{card}'s first effect has no legal execution now")
    own, ally = parse_payment(payment)
    if own + ally != spec.cost:
        raise refuse("DRG-VAALA-3", f"{card} costs {spec.cost} power, not {own + ally}")
    pay(ctx, caster, payment)
    board["vaala_hand"].remove(card)
    # DRG-VAALA-3 puts the card in the discard after its effects; no icon card draws, so laying it
    # face up now is the same and keeps every card in a pile while the effects ask their choices.
    board["vaala_discard"].append(card)
    ctx.emit("vaala_cast", reveals=True, character=caster, card=card, own=own, ally=ally)   # DRG-HIDDEN-6
    card_effects.queue_effects(ctx, caster, spec.effects, card)
