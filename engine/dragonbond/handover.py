"""Which decisions need the decider's own view on screen (`Game.needs_own_view`), so that people
sharing one screen hand it over only when a secret is about to show (DRG-HIDDEN-11).

Most decisions while the stack executes name only public things — regions, units, the revealed
card's icons, the upgrade market, a counter-attack or a retreat, an AI's tied moves for its proxy —
so they are shown in the public view and need no hand-over. A decision needs the decider's own view
when:

- it is a planning turn: a card is chosen from the hand (DRG-HIDDEN-2);
- its kind is about the Vaala hand (`combat_vaala`, the `vaala` icon): asked whatever that hand
  holds, so the kind itself tells nothing, yet its answers name the hidden cards — and showing it
  publicly only when nothing castable is held would tell the table just that;
- an answer draws or casts a Vaala card (an optional granted `vaala` icon);
- an answer names any card the decider alone can see: its hand, its Vaala hand, its face-down
  cards on the stack;
- the view is not the decider's, or no decision waits: when in doubt, the own view.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from engine.core import Data

from .views import HIDDEN

# Decision kinds whose answers come from the Vaala hand, whatever it holds now.
OWN_VIEW_KINDS = frozenset({"combat_vaala", "icon_vaala"})
# Answers that draw or cast a Vaala card.
VAALA_ANSWERS = frozenset({"cast", "draw"})
_TOKENS = re.compile(r"[/+.@]")


def _pending(view: Data) -> Data | None:
    """The decision the queue waits on (its first step, when it is paused), as the view shows it."""
    effects = view.get("effects") or []
    first = effects[0] if effects else None
    return first if isinstance(first, dict) and first.get("waiting") else None


def secrets_of(view: Data, seat: int) -> set[str]:
    """The cards ``seat`` sees and nobody else does, by id: its hand, its Vaala hand and its
    face-down cards on the stack (DRG-HIDDEN-2/3)."""
    found: set[str] = set()
    for board in (view.get("boards") or {}).values():
        if board.get("seat") != seat:
            continue
        for key in ("hand", "vaala_hand"):
            cards = board.get(key)
            if isinstance(cards, list):
                found.update(str(card) for card in cards)
    for entry in view.get("stack") or ():
        if not entry.get("revealed") and entry.get("card") not in (None, HIDDEN):
            owner = entry.get("owner")
            if owner is not None and (view.get("boards") or {}).get(owner, {}).get("seat") == seat:
                found.add(str(entry["card"]))
    return found


def _tokens(option: Any) -> Iterable[str]:
    if isinstance(option, (list, tuple)):
        for part in option:
            yield from _tokens(part)
        return
    yield from (token for token in _TOKENS.split(str(option)) if token)


def needs_own_view(view: Data) -> bool:
    """Whether the decision pending in ``view`` (the decider's own view) needs what that seat
    alone may see (DRG-HIDDEN-11: only planning turns, Vaala decisions and answers naming the
    decider's hidden cards; see the module text)."""
    seat = view.get("viewer")
    pending = _pending(view)
    if seat is None or pending is None or pending.get("seat") != seat:
        return True                                     # a planning turn, or not this seat's decision
    pause = pending.get("pause") or {}
    options = pause.get("options")
    if pause.get("kind") in OWN_VIEW_KINDS or not isinstance(options, list):
        return True
    secrets = secrets_of(view, seat)
    for option in options:
        head = str(option).partition("/")[0] if not isinstance(option, (list, tuple)) else ""
        if head in VAALA_ANSWERS or any(token in secrets for token in _tokens(option)):
            return True
    return False
