"""What the search player (engine/bots/search.py) needs of Nemesis: Lockdown: a position's value
for each seat, its heuristic bot as the playout policy, commands grouped by what they do, and
how far a playout looks.

A seat's value is about surviving and meeting its objective (NEM-VICTORY): a finished game is
worth what the Victory Check found (alive, won); an unfinished one is judged by an estimate of
the character's survival (dead, out of the Facility, wounds, contamination, intruders in its Room)
times how far its objective stands (met now, or not). These hooks read determinised states (the
search's guess), never the real one.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.core import Command, Config, Data, Rng

from .bot import HeuristicBot
from .objectives import objective_met
from .views import seat_view

SURVIVED = 0.6        # a finished game: the share of its value for surviving, the rest for winning
OUT = {"locked": 0.75, "bunker": 0.9, "evacuated": 0.9, "pod": 0.6}   # survival once out of the Facility
PLAYOUT_DEPTH = 16    # commands

_PLAYER = HeuristicBot()


def _survival(data: Data, player: Data) -> float:
    """A rough chance that ``player``'s character lives through the game, from the state now."""
    where = player["where"]
    if where == "dead":
        return 0.0
    if where in OUT:
        chance = OUT[where]
    else:
        chance = 0.45
        chance -= 0.12 * len(player["serious"]) + 0.03 * player["light"]
        chance -= 0.1 * sum(1 for i in data["intruders"].values() if i["room"] == player["room"])
        # time runs down from 15 to S: the later, the more a character still inside is at risk
        chance -= 0.015 * max(0, 8 - int(data["time"]))
    contaminated = sum(1 for card in player["hand"] + player["deck"] + player["discard"]
                       if str(card).startswith("CONT"))
    chance -= 0.04 * contaminated + (0.15 if player["larva"] else 0.0)
    return min(1.0, max(0.02, chance))


def _objective(data: Data, player: Data) -> float:
    objectives = player["objectives"]
    if not objectives:
        return 0.5
    return 0.8 if any(objective_met(data, player["seat"], o) for o in objectives) else 0.25


def search_values(data: Data) -> Sequence[float] | None:
    players = data["players"]
    if data["phase"] == "over":
        result = data.get("result") or {}
        values = []
        for player in players:
            entry = result.get(str(player["seat"]), {})
            values.append(SURVIVED * bool(entry.get("alive")) + (1 - SURVIVED) * bool(entry.get("won")))
        return values
    if any(p["character"] is None for p in players):
        return None                          # still drafting
    values = []
    for player in players:
        survive = _survival(data, player)
        values.append(SURVIVED * survive + (1 - SURVIVED) * survive * _objective(data, player))
    return values


def search_playout(data: Data, seat: int, legal: Sequence[Command], rng: Rng) -> Command | None:
    """The heuristic bot, from the seat's view of the determinised state."""
    return _PLAYER.choose(seat_view(data, seat), legal, rng)


def search_group(command: Command) -> str | None:
    """A move to one Room however it is paid, a pass with any discards, a card or Room action with
    any targets: one group each."""
    if command.verb == "answer" or not command.args:
        return command.verb if command.verb == "pass" else None
    return f"{command.verb} {command.args[0]}"


def search_depth(config: Config) -> int | None:
    return PLAYOUT_DEPTH
