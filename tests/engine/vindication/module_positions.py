"""Positions for the Villages & Hamlets rule tests (the module's own `table`).

    game = vh_table(tokens={0: "F2", 1: "T28"}, regions={"A2": "fort", "venfero_secret/1": ("inn", 1)})
    game.edit(lambda d: vpower(d, 0, conviction=3, S=2))
    with_dice(game, "visit R08", {"S": "hit", "K": "miss"})      # reseeded until the dice show that

`vh_table` gives a module game in round 1 where seat 0 is to play and the turn order is 0, 1, …;
every region space, slot and Isle site is empty unless a test lays a tile, every honor is 0,
the scumbag and the villages bag hold fixed tiles, and the port, the ruins and the village
holders are what the test says. Block counts include village markers, so every position keeps
each player's 21 blocks.
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from engine.core import Match, Rng, state_from_document, state_to_document
from engine.vindication.content import content
from engine.vindication.setup import fresh_turn
from engine.vindication.vocabulary import ATTRIBUTES
from tests.engine.vindication.positions import blocks_of, events, power, rebalance
from tests.engine.vindication.scenario import Data, Scenario

ZONES = ("potential", "influence", "conviction")
MODULE = content().module
DEFAULT_VILLAGES_BAG = list(MODULE.selectable[:14])
DEFAULT_BAG = list(MODULE.required) + list(MODULE.selectable[14:])
PORT = "T29"                       # start 5 (touches R12, R13), as in worked example 12


def vh_table(players: int = 2, seed: int = 1, *, tokens: Mapping[int, str] | None = None,
             regions: Mapping[str, Any] | None = None, bag: Iterable[str] | None = None,
             villages_bag: Iterable[str] | None = None, ruins: Mapping[str, str | None] | None = None,
             port: str = PORT, holders: Mapping[str, int | tuple[int, bool]] | None = None,
             rune_maps: int | None = None, vh_setup: str = "random") -> Scenario:
    """Seat 0 to play in round 1; ``regions`` maps a place (space, slot, Isle area) to a tile id or
    to (tile id, controller); ``holders`` maps a settlement to its holder (or (holder, marker))."""
    game = Scenario.start(players=players, seed=seed, villages_hamlets=True, vh_setup=vh_setup)

    def arrange(d: Data) -> None:
        d["order"] = list(range(players))
        d["first"] = 0
        d["current"] = 0
        d["round"] = 1
        d["end_round"] = None
        d["turn"] = fresh_turn(0)
        d["regions"] = {place: None for place in d["regions"]}
        d["bag"] = list(DEFAULT_BAG if bag is None else bag)
        d["villages_bag"] = list(DEFAULT_VILLAGES_BAG if villages_bag is None else villages_bag)
        d["port"] = port
        for name in d["settlements"]:
            d["settlements"][name] = {"holder": None, "marker": False}
        for place, laid in (regions or {}).items():
            tile_id, controller = (laid, None) if isinstance(laid, str) else laid
            assert place in d["regions"], place
            d["regions"][place] = {"tile": tile_id, "controller": controller}
        for name, held in (holders or {}).items():
            holder, marker = held if isinstance(held, tuple) else (held, True)
            d["settlements"][name] = {"holder": holder, "marker": marker}
        if ruins is not None:
            for area, rune in ruins.items():
                d["isle"][area]["ruins"] = rune
            every = [r.id for r in MODULE.runes]
            d["ruins_out"] = [r for r in every if r not in ruins.values()]
        if rune_maps is not None:
            d["rune_maps"] = rune_maps
        taken = set((tokens or {}).values())
        spare = (t for t in content().board.triangles if t not in taken)
        for seat in range(players):
            d["players"][seat]["token"] = (tokens or {}).get(seat) or next(spare)
            d["players"][seat]["honor"] = 0           # far from the trigger tokens
        for seat in range(players):
            rebalance(d, seat)

    game.edit(arrange)
    return game


# -- blocks --------------------------------------------------------------------------------------
def blocks(d: Data, seat: int) -> int:
    """All of a player's blocks, village markers included (VIN-POWER-1)."""
    return blocks_of(d, seat)


def vpower(d: Data, seat: int, **given: Any) -> None:
    """Set zones and attributes (attributes not named keep their value); the rest balances."""
    power(d, seat, **given)


def only_attrs(d: Data, seat: int, **attrs: int) -> None:
    """Exactly these attributes (every other one 0); the rest balances through the zones."""
    vpower(d, seat, **{k: attrs.get(k, 0) for k in ATTRIBUTES})


def companion(d: Data, seat: int, card_id: str, blocks_on: int = 0) -> None:
    """Give ``seat`` the companion ``card_id`` (from wherever it is) holding ``blocks_on`` blocks."""
    for pile in list(d["decks"].values()) + list(d["faceup"].values()):
        if card_id in pile:
            pile.remove(card_id)
    for p in d["players"]:
        p["companions"] = [c for c in p["companions"] if c["id"] != card_id]
    d["players"][seat]["companions"].append({"id": card_id, "blocks": blocks_on})
    for other in range(len(d["players"])):
        rebalance(d, other)


def no_companions(d: Data) -> None:
    for p in d["players"]:
        for c in p["companions"]:
            d["decks"]["companion_" + c["id"][0]].append(c["id"])
            p["influence"] += c["blocks"]
        p["companions"] = []


def runes(d: Data, seat: int, *held: str, rune_map: bool | None = None) -> None:
    """The seat holds exactly these runes (taken off the Isle / out of the box as needed)."""
    d["players"][seat]["runes"] = list(held)
    for state in d["isle"].values():
        if state["ruins"] in held:
            state["ruins"] = None
    d["ruins_out"] = [r for r in d["ruins_out"] if r not in held]
    if rune_map is not None:
        d["players"][seat]["rune_map"] = rune_map


# -- chance ----------------------------------------------------------------------------------------
def reseeded(game: Scenario, seed: int) -> Scenario:
    document = copy.deepcopy(state_to_document(game.match.state))
    document["rng"] = Rng(seed).get_state()
    game.match = Match(state_from_document(document, "scenario"), game.match.seats, document)
    return game


def with_dice(game: Scenario, command: str, faces: Mapping[str, str], tries: int = 600) -> Scenario:
    """Play ``command`` from the current position, reseeded until the check dice it rolls show
    exactly ``faces`` (attribute -> "hit" / "miss")."""
    document = copy.deepcopy(state_to_document(game.match.state))
    seats = game.match.seats
    for seed in range(tries):
        trial = copy.deepcopy(document)
        trial["rng"] = Rng(seed).get_state()
        game.match = Match(state_from_document(trial, "scenario"), seats, trial)
        game.play(command)
        rolled = {e["kind"]: e["face"] for e in events(game, "check_die_rolled")}
        if rolled == dict(faces):
            return game
    raise AssertionError(f"no seed below {tries} rolls {dict(faces)} for {command!r}")


def rolled(game: Scenario) -> dict[str, str]:
    return {e["kind"]: e["face"] for e in events(game, "check_die_rolled")}


# -- reading ---------------------------------------------------------------------------------------
def controller(game: Scenario, place: str) -> int | None:
    region = game.data["regions"][place]
    return None if region is None else region["controller"]


def holder(game: Scenario, settlement: str) -> tuple[int | None, bool]:
    state = game.data["settlements"][settlement]
    return state["holder"], state["marker"]


def zones(game: Scenario, seat: int) -> dict[str, int]:
    p = game.player(seat)
    return {**{z: p[z] for z in ZONES}, **p["attrs"], "honor": p["honor"]}
