"""What the search player (engine/bots/search.py) needs of Vindication: a position's value for
each seat, its heuristic bot as the playout policy, and how far a playout looks.

A position is judged by each player's *projected* honor: honor now plus what the final scoring
would add if the game ended here (monster bonuses, secret quests, controlled regions, villages,
mastery; VIN-SCORE), plus a little for blocks already working (not in potential). A seat's value
is its lead over the best rival, squashed into (0, 1); solo, the projected honor against the
rating bands. These hooks read determinised states (the search's guess), never the real one.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

from engine.core import Command, Config, Data, Rng

from .bot import HeuristicBot
from .content import content
from .counters import count, mastery_count, satisfied
from .rules.flow import SOLO_MASTERY_RIVAL, winners
from .rules.module import village_scores
from .views import seat_view
from .vocabulary import ATTRIBUTES

LEAD_SCALE = 8.0      # honor: a lead this big is worth about 0.73
SOLO_MIDDLE = 70.0    # solo: projected honor worth 0.5 (the ratings run 60, 80, 100)
SOLO_SCALE = 15.0
WORKING_BLOCK = 0.15  # honor-equivalent of a block out of potential, ready to pay for something
PLAYOUT_TURNS = 2     # a playout ends when this many turns have ended, the decider's own counted
PLAYOUT_DEPTH = 80    # commands: a playout's cap (two turns take about 10-30)

_PLAYER = HeuristicBot()


def projected_honor(data: Data) -> list[float]:
    """Each seat's honor if the game were scored now (VIN-SCORE-1..6), plus working blocks."""
    c = content()
    players = data["players"]
    seats = range(len(players))
    projected = [float(p["honor"]) for p in players]
    if data["phase"] == "over":
        return projected
    for s in seats:
        player = players[s]
        for monster in player["monsters"]:
            for effect in c.cards[monster].end_bonus:
                params = effect.params
                if effect.primitive == "end_score":
                    projected[s] += min(params["max"], params["per"] * count(data, s, params["counter"]))
                elif effect.primitive == "end_score_if" and satisfied(data, s, params["condition"]):
                    projected[s] += params["honor"]
        if player["quest"]:
            for objective in c.quests[player["quest"]].objectives:
                if satisfied(data, s, objective.parsed):
                    projected[s] += objective.honor
        projected[s] += 2 * count(data, s, "regions_controlled")
        projected[s] += WORKING_BLOCK * (21 - player["potential"])
    for s, village_honor in enumerate(village_scores(data)):
        projected[s] += village_honor
    for attribute in ATTRIBUTES:
        counts = [mastery_count(data, s, attribute) for s in seats]
        best = max(counts)
        needed = SOLO_MASTERY_RIVAL + 1 if len(counts) == 1 else 1
        if best >= needed and counts.count(best) == 1:
            projected[counts.index(best)] += c.board_file.mastery_bonus
    return projected


def _squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def search_values(data: Data) -> Sequence[float] | None:
    if data["phase"] == "setup":
        return None
    honor = projected_honor(data)
    if len(honor) == 1:
        return [_squash((honor[0] - SOLO_MIDDLE) / SOLO_SCALE)]
    if data["phase"] == "over":
        won = winners(data)
        return [1.0 if s in won else 0.0 for s in range(len(honor))]
    return [_squash((mine - max(h for j, h in enumerate(honor) if j != s)) / LEAD_SCALE)
            for s, mine in enumerate(honor)]


def search_playout(data: Data, seat: int, legal: Sequence[Command], rng: Rng) -> Command | None:
    """The heuristic bot's best command, from the seat's view of the determinised state; ties go
    to the first from a random place in the list (one draw, where the bot draws a tiny noise for
    each command: the same choice but among commands within that noise of each other)."""
    score = _PLAYER.scorer(seat_view(data, seat), seat)
    n = len(legal)
    start = rng.below(n) if n > 1 else 0
    best, best_score = legal[start], -math.inf
    for i in range(n):
        command = legal[(start + i) % n]
        value = score(command)
        if value > best_score:
            best, best_score = command, value
    return best


def search_depth(config: Config) -> int | None:
    return PLAYOUT_DEPTH


def search_turn(data: Data) -> Hashable:
    """Whose turn of which round it is: a playout ends when `PLAYOUT_TURNS` of them have ended."""
    return data["round"], data["current"]


def search_turns(config: Config) -> int:
    return PLAYOUT_TURNS
