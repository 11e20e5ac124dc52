"""Per-seat views (spec section 8, DRG-STACK-2, DRG-HIDDEN-1..10): what one seat may see, as plain data."""
from __future__ import annotations

from engine.core import Data, plain

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
    return view


def seat_view(data: Data, seat: int | None) -> Data:
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
    view["effects"] = [{"primitive": e["primitive"], "waiting": "pause" in e,
                        **({"pause": e["pause"], "seat": e["meta"].get("seat")} if "pause" in e else {})}
                       for e in data["effects"]]
    view["viewer"] = seat
    return view
