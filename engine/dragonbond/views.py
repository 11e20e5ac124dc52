"""Per-seat views (spec section 8, DRG-STACK-2, DRG-HIDDEN-1..10): what one seat may see, as plain
data (`seat_view`; seat None is the public view for the hand-over screen), and `resample_hidden`,
a redeal of what one seat cannot see, for bots that search over the hidden information."""
from __future__ import annotations

from typing import Any

from engine.core import Data, Rng, plain

from .content import content

HIDDEN = "hidden"
_REBUILT = frozenset({"decks", "stack", "effects", "boards"})


def _copy(data: Data) -> Data:
    return plain.thaw(plain.freeze(data))


def _board_view(board: Data, own: bool) -> Data:
    c = content()
    view = _copy(board)
    if not own:                                           # DRG-HIDDEN-2: counts by kind
        regions = sum(1 for card in board["hand"] if card in c.region_cards)
        view["hand"] = {"action": len(board["hand"]) - regions, "region": regions}
        view["vaala_hand"] = len(board["vaala_hand"])
    view["vaala_deck"] = len(board["vaala_deck"])          # DRG-HIDDEN-5
    view["ai_deck"] = len(board["ai_deck"])                # DRG-AI-20: size only, order hidden
    view["dragonbond_card"] = c.characters[board["character"]].dragonbond_card   # DRG-HIDDEN-8, DRG-DEC-44
    return view


def _effect_view(item: Data, seat: int | None) -> Data:
    """A queued step: its name, and for the pending decision its kind and decider; the options
    only to the deciding seat (they may name its hidden cards, DRG-HIDDEN-2)."""
    view: Data = {"primitive": item["primitive"], "waiting": "pause" in item}
    if "pause" in item:
        decider = item["meta"].get("seat")
        pause = _copy(item["pause"]) if decider == seat else {"kind": item["pause"]["kind"], "options": HIDDEN}
        view.update(pause=pause, seat=decider)
    return view


def seat_view(data: Data, seat: int | None) -> Data:
    """DRG-HIDDEN-1..9: the whole state as ``seat`` may know it (None: the public view)."""
    view = _copy({key: None if key in _REBUILT else value for key, value in data.items()})
    view["boards"] = {ch: _board_view(b, seat is not None and b["seat"] == seat) for ch, b in data["boards"].items()}
    view["decks"] = {"event": len(data["decks"]["event"]), "upgrade": len(data["decks"]["upgrade"]),
                     "region": list(data["decks"]["region"])}   # DRG-HIDDEN-7: the region deck is public
    stack = []
    for entry in data["stack"]:                           # DRG-STACK-2, DRG-HIDDEN-3/4
        owner = entry["owner"]
        own = owner is not None and seat is not None and data["boards"][owner]["seat"] == seat
        stack.append({"kind": entry["kind"], "owner": owner, "revealed": entry["revealed"],
                      "card": entry["card"] if entry["revealed"] or own else HIDDEN})
    view["stack"] = stack
    view["effects"] = [_effect_view(e, seat) for e in data["effects"]]
    view["viewer"] = seat
    return view


# --- resampling what a seat cannot see (for search bots; DRG-HIDDEN-2..5, -9) ---------------------

def _redeal(rng: Rng, slots: list[tuple[list[Any], int | None]]) -> None:
    """Shuffle the cards of every slot together and deal them back, each slot keeping its size.
    A slot is (a list of cards, None) or (the stack, a position in it)."""
    pool: list[str] = []
    for cards, at in slots:
        pool += cards if at is None else [cards[at]["card"]]
    rng.shuffle(pool)
    for cards, at in slots:
        if at is None:
            cards[:] = [pool.pop() for _ in cards]
        else:
            cards[at]["card"] = pool.pop()


def resample_hidden(data: Data, seat: int | None, rng: Rng) -> Data:
    """A copy of ``data`` in which everything ``seat`` cannot see is dealt again at random,
    consistently with what it can see: other humans' hands (action cards among each owner's own
    hidden ones, region cards among all hidden region cards), their unrevealed stack faces, their
    Vaala hands and decks (counts kept), the event deck with the unrevealed events of the stack,
    each AI's deck with its unrevealed stack cards, the upgrade deck and the seat's own Vaala deck
    (orders are hidden from owners too, DRG-HIDDEN-5). Public facts (the region deck, discards,
    played piles, the market, revealed and own stack cards) stay as they are. The generator is
    the caller's (never the game's). A pending decision keeps its listed options, so resample
    when ``seat`` itself is to decide: another seat's pending options may name its old cards."""
    c = content()
    copy = _copy(data)
    boards, stack = copy["boards"], copy["stack"]

    def hidden_at(owner: str | None, kind: str) -> list[tuple[list[Any], int | None]]:
        return [(stack, i) for i, e in enumerate(stack)
                if not e["revealed"] and e["owner"] == owner and e["kind"] == kind]

    events = [(copy["decks"]["event"], None)] + hidden_at(None, "event")
    _redeal(rng, events)                                                     # DRG-HIDDEN-4/5
    _redeal(rng, [(copy["decks"]["upgrade"], None)])
    region_slots: list[tuple[list[Any], int | None]] = []
    hands: dict[str, tuple[list[str], list[str]]] = {}
    for ch, board in boards.items():
        if board["seat"] is None:                                            # DRG-AI-20, DRG-HIDDEN-9
            _redeal(rng, [(board["ai_deck"], None)] + hidden_at(ch, "action"))
        elif seat is not None and board["seat"] == seat:
            _redeal(rng, [(board["vaala_deck"], None)])
        else:                                                                # DRG-HIDDEN-2/3
            actions = [card for card in board["hand"] if card not in c.region_cards]
            regions = [card for card in board["hand"] if card in c.region_cards]
            _redeal(rng, [(actions, None)] + hidden_at(ch, "action"))
            region_slots += [(regions, None)] + hidden_at(ch, "region")
            hands[ch] = (actions, regions)
            _redeal(rng, [(board["vaala_hand"], None), (board["vaala_deck"], None)])
    _redeal(rng, region_slots)
    for ch, (actions, regions) in hands.items():
        boards[ch]["hand"] = actions + regions
    return copy
