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
from functools import lru_cache

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
# Resources that pay off after the playout (`future_honor`): what the rules let them become, at
# the rate a rule or the card catalogue gives, for as many turns as the seat has left, discounted
# by REALISED (the playout's two turns prove only part of such plans).
REALISED = 0.5        # share of a resource's conversion honor counted at the cut-off
HORIZON_TURNS = 4     # own turns counted while the end is not triggered (a game runs about 20 rounds)
CARD_COST = 2         # attribute points a card costs at its region (VIN-REGION-8, -9, -10, -12)
RANK_COST = 3         # strength a mount rank costs at the Command Post (VIN-REGION-2)
CONTROL_HONOR = 4     # a conviction block made a control marker: 2 at once, 2 at the end (VIN-CONTROL-5, -8)
# Each attribute's card deck, bought with CARD_COST points at its region (Inn, Gaping Maw, Ancient
# Tomb, Arcane Tower).
CARD_DECK = {"S": "companion_S", "K": "companion_K", "I": "companion_I",
             "C": "monster", "W": "trait", "V": "relic"}

_PLAYER = HeuristicBot()


def projected_honor(data: Data, future: bool = True) -> list[float]:
    """Each seat's honor if the game were scored now (VIN-SCORE-1..6), plus working blocks and
    (``future``) what its resources can still become (`future_honor`)."""
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
    if future:
        for s in seats:
            projected[s] += future_honor(data, s)
    for s, village_honor in enumerate(village_scores(data)):
        projected[s] += village_honor
    for attribute in ATTRIBUTES:
        counts = [mastery_count(data, s, attribute) for s in seats]
        best = max(counts)
        needed = SOLO_MASTERY_RIVAL + 1 if len(counts) == 1 else 1
        if best >= needed and counts.count(best) == 1:
            projected[counts.index(best)] += c.board_file.mastery_bonus
    return projected


@lru_cache(maxsize=1)
def _deck_honor() -> dict[str, float]:
    """Each deck's mean printed honor (VIN-CARD-7): what an unknown card of it is worth."""
    c = content()
    return {deck: sum(c.cards[card].honor for card in cards) / len(cards) for deck, cards in c.decks.items()}


def _monster_honor(data: Data, seat: int) -> float:
    """A monster's expected worth to ``seat``: printed honor plus its end bonus on the seat's state
    now (VIN-SCORE-2), averaged over the Courage deck's cards."""
    c = content()
    cards = c.decks["monster"]
    total = 0.0
    for card_id in cards:
        card = c.cards[card_id]
        total += card.honor
        for effect in card.end_bonus:
            params = effect.params
            if effect.primitive == "end_score":
                total += min(params["max"], params["per"] * (count(data, seat, params["counter"]) + (
                    1 if params["counter"] == "monsters" else 0)))
            elif effect.primitive == "end_score_if" and satisfied(data, seat, params["condition"]):
                total += params["honor"]
    return total / len(cards)


def turns_left(data: Data, seat: int) -> int:
    """Own turns ``seat`` has left, counting the one under way or still to come this round; at
    most HORIZON_TURNS (all of them while the end is not triggered, VIN-END-3)."""
    end = data["end_round"]
    if end is None:
        return HORIZON_TURNS
    this_round = 1 if data["order"].index(seat) >= data["current"] else 0   # current: a place in the order
    return max(0, min(HORIZON_TURNS, end - data["round"] + this_round))


def future_honor(data: Data, seat: int) -> float:
    """Honor ``seat``'s resources can still become, at the rules' rates, before the game ends:
    attribute points bought into cards (CARD_COST a card of the attribute's deck, its mean honor;
    a monster with its end bonus on the seat's state) or strength into mount ranks (RANK_COST a
    rank, the next rank's honor), one such visit a turn (VIN-TURN-2); conviction into control
    markers (CONTROL_HONOR each, one a turn, VIN-CONTROL-9). Counts the best of each per turn
    left, in fractions of a visit for odd points."""
    turns = turns_left(data, seat)
    if turns == 0:
        return 0.0
    player = data["players"][seat]
    attrs = player["attrs"]
    honor = _deck_honor()
    visits: list[tuple[float, float]] = []      # (honor a visit, visits' worth of points)
    for attribute, deck in CARD_DECK.items():
        points = attrs[attribute]
        if points <= 0:
            continue
        worth = _monster_honor(data, seat) if deck == "monster" else honor[deck]
        if attribute == "S":
            rank = player["mount"]
            ranks = content().mounts
            if rank + 1 in ranks and ranks[rank + 1].honor / RANK_COST > worth / CARD_COST:
                visits.append((ranks[rank + 1].honor, min(points / RANK_COST, len(ranks) - rank)))
                continue
        if worth > 0:
            visits.append((worth, points / CARD_COST))
    visits.sort(reverse=True)
    total, left = 0.0, float(turns)
    for worth, n in visits:
        used = min(n, left)
        total += worth * used
        left -= used
        if left <= 0:
            break
    total += CONTROL_HONOR * min(player["conviction"], turns)
    return REALISED * total


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
