"""What the search player (engine/bots/search.py) needs of Dragonbond: a position's value for
each seat, its heuristic bot as the playout policy, and how far a playout looks.

Power decides the game (DRG-GOAL, DRG-END-3): a seat's value mixes its power lead over every
other character (AI ones too, which can win, DRG-GOAL-7) with its lead over the other human
seats; a finished game adds whether the seat won. These hooks read determinised states (the
search's guess), never the real one.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from engine.core import Command, Config, Data, Rng

from .bot import HeuristicBot
from .content import content
from .views import HIDDEN

WIN_WEIGHT = 0.6       # the share of a seat's value that is about winning the game
LEAD_SCALE = 3.0       # power tokens: a lead this big over every character is worth about 0.73
HUMAN_SCALE = 2.0      # the same against the other human seats
PLAYOUT_DEPTH = 30     # commands: about a round of planning and answers

_PLAYER = HeuristicBot()


def _power(board: Data) -> int:
    return int(board["power"]["unspent"]) + int(board["power"]["spent"])


def _squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _compare(mine: float, theirs: float) -> float:
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def search_values(data: Data) -> Sequence[float] | None:
    humans = data["humans"]
    if any(ch is None for ch in humans):
        return None                        # characters are still being picked
    power = {ch: _power(board) for ch, board in data["boards"].items()}
    over = data["phase"] == "over"
    end = data["end"] if over else None
    values = []
    for ch in humans:
        mine = power[ch]
        others = [p for other, p in power.items() if other != ch] or [0]
        rivals = [power[h] for h in humans if h != ch] or others
        if end is not None:
            winning = 1.0 if ch in end["winners"] else 0.0
            values.append(WIN_WEIGHT * winning + (1 - WIN_WEIGHT) * _compare(mine, max(rivals)))
        else:
            values.append(WIN_WEIGHT * _squash((mine - max(others)) / LEAD_SCALE)
                          + (1 - WIN_WEIGHT) * _squash((mine - max(rivals)) / HUMAN_SCALE))
    return values


def playout_view(data: Data, seat: int) -> Data:
    """The seat's view of ``data`` (equal to `views.seat_view`), built without copying what the
    view shows as it is: it shares those parts with ``data``, for a reader that changes nothing
    (the heuristic bot, many times each playout)."""
    c = content()
    view = {key: value for key, value in data.items() if key not in _REBUILT}
    boards = {}
    for ch, board in data["boards"].items():
        shown = dict(board)
        if board["seat"] != seat:                         # DRG-HIDDEN-2: counts by kind
            regions = sum(1 for card in board["hand"] if card in c.region_cards)
            shown["hand"] = {"action": len(board["hand"]) - regions, "region": regions}
            shown["vaala_hand"] = len(board["vaala_hand"])
        shown["vaala_deck"] = len(board["vaala_deck"])     # DRG-HIDDEN-5
        shown["ai_deck"] = len(board["ai_deck"])
        shown["dragonbond_card"] = c.characters[board["character"]].dragonbond_card
        boards[ch] = shown
    view["boards"] = boards
    decks = data["decks"]
    view["decks"] = {"event": len(decks["event"]), "upgrade": len(decks["upgrade"]), "region": decks["region"]}
    stack = []
    for entry in data["stack"]:                           # DRG-STACK-2, DRG-HIDDEN-3/4
        owner = entry["owner"]
        own = owner is not None and data["boards"][owner]["seat"] == seat
        stack.append({"kind": entry["kind"], "owner": owner, "revealed": entry["revealed"],
                      "card": entry["card"] if entry["revealed"] or own else HIDDEN})
    view["stack"] = stack
    effects = []
    for item in data["effects"]:
        shown = {"primitive": item["primitive"], "waiting": "pause" in item}
        if "pause" in item:
            decider = item["meta"].get("seat")
            pause = item["pause"] if decider == seat else {"kind": item["pause"]["kind"], "options": HIDDEN}
            shown.update(pause=pause, seat=decider)
        effects.append(shown)
    view["effects"] = effects
    view["viewer"] = seat
    return view


_REBUILT = frozenset({"decks", "stack", "effects", "boards"})


def search_playout(data: Data, seat: int, legal: Sequence[Command], rng: Rng) -> Command | None:
    """The heuristic bot, from the seat's view of the determinised state (`playout_view`)."""
    return _PLAYER.choose(playout_view(data, seat), legal, rng)


def search_depth(config: Config) -> int | None:
    return PLAYOUT_DEPTH
