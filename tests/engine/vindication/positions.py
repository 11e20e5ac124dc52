"""Positions for the Vindication rule tests, built on the scenario helper.

    game = table(players=2, tokens={0: "T25", 1: "T28"}, regions={"R08": "fort"})
    game.edit(lambda d: power(d, 0, influence=0, S=3))      # 21 blocks kept: the rest goes to potential

`table` gives a game in round 1 where seat 0 is to play and the turn order is 0, 1, 2, …; the
island is empty except for the tiles a test lays, so nothing depends on the set-up draws.
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from engine.core import Command, Match, Rng, state_from_document, state_to_document
from engine.vindication.invariants import BLOCKS_PER_PLAYER, blocks_held
from engine.vindication.setup import fresh_turn
from engine.vindication.vocabulary import ATTRIBUTES
from tests.engine.vindication.scenario import Data, Scenario

FIRST_GAME_BAG = ["fort", "fort", "command_post", "command_post", "library", "library", "monastery",
                  "monastery", "holy_spire", "holy_spire", "shrine", "shrine", "gaping_maw", "arcane_tower",
                  "ancient_tomb", "academy", "inn", "inn", "inn"]
ZONES = ("potential", "influence", "conviction")


def table(players: int = 2, seed: int = 1, *, tokens: Mapping[int, str] | None = None,
          regions: Mapping[str, Any] | None = None, bag: Iterable[str] | None = None,
          clear: bool = True) -> Scenario:
    """Seat 0 to play in round 1, order 0..n-1; ``regions`` maps a space to a tile id or to
    (tile id, controller); with ``clear`` every other space is empty."""
    game = Scenario.start(players=players, seed=seed)

    def arrange(d: Data) -> None:
        d["order"] = list(range(players))
        d["first"] = 0
        d["current"] = 0
        d["turn"] = fresh_turn(0)
        if clear:
            d["regions"] = {space: None for space in d["regions"]}
            d["bag"] = list(FIRST_GAME_BAG)
        for space, laid in (regions or {}).items():
            tile_id, controller = (laid, None) if isinstance(laid, str) else laid
            d["regions"][space] = {"tile": tile_id, "controller": controller}
        if bag is not None:
            d["bag"] = list(bag)
        for seat, triangle in (tokens or {}).items():
            d["players"][seat]["token"] = triangle
        for seat in range(players):     # markers laid above come out of the reservoir
            rebalance(d, seat)

    game.edit(arrange)
    return game


def blocks_of(d: Data, seat: int) -> int:
    return blocks_held(d, seat)


def rebalance(d: Data, seat: int, fixed: Iterable[str] = ()) -> None:
    """Bring the seat back to 21 blocks: blocks missing go to the first zone not in ``fixed``,
    blocks too many come out of the zones not in ``fixed`` in order."""
    p = d["players"][seat]
    missing = BLOCKS_PER_PLAYER - blocks_of(d, seat)
    free = [zone for zone in ZONES if zone not in fixed]
    if missing > 0 and free:
        p[free[0]] += missing
        return
    for zone in free:
        taken = min(p[zone], -missing)
        p[zone] -= taken
        missing += taken
    if missing:
        raise AssertionError(f"seat {seat}: cannot keep 21 blocks with {p}")


def power(d: Data, seat: int, *, potential: int | None = None, influence: int | None = None,
          conviction: int | None = None, **attrs: int) -> None:
    """Set zones and attributes; the blocks left over go to (or come from) the first zone not set."""
    p = d["players"][seat]
    given = {"potential": potential, "influence": influence, "conviction": conviction}
    for zone, value in given.items():
        if value is not None:
            p[zone] = value
    for kind, value in attrs.items():
        assert kind in ATTRIBUTES, kind
        p["attrs"][kind] = value
    rebalance(d, seat, fixed=[z for z, v in given.items() if v is not None])


def snapshot(game: Scenario, seat: int) -> dict[str, Any]:
    """A player's zones and attributes, for before/after comparisons."""
    p = game.player(seat)
    return {**{z: p[z] for z in ZONES}, **p["attrs"], "honor": p["honor"]}


def reseed(game: Scenario, seed: int) -> Scenario:
    """The same position with another generator state (dice and draws come out differently)."""
    document = copy.deepcopy(state_to_document(game.match.state))
    document["rng"] = Rng(seed).get_state()
    game.match = Match(state_from_document(document, "scenario"), game.match.seats, document)
    return game


def as_seat(game: Scenario, seat: int, text: str) -> list[Any]:
    """Apply a command in the name of ``seat`` (for off-turn attempts)."""
    command = Command.parse(text).by(seat)
    game.events = game.match.apply(command)
    return game.events


def events(game: Scenario, kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in game.events if e.kind == kind]


def give(d: Data, seat: int, card_id: str, blocks: int = 0) -> None:
    """Move a card into a tableau from wherever it is (a deck, a face-up pile, another tableau);
    ``blocks`` are the blocks on a companion or the charges on a relic, taken from the reservoir."""
    from engine.vindication.content import content

    for pile in list(d["decks"].values()) + list(d["faceup"].values()):
        if card_id in pile:
            pile.remove(card_id)
    for p in d["players"]:
        p["companions"] = [c for c in p["companions"] if c["id"] != card_id]
        p["relics"] = [r for r in p["relics"] if r["id"] != card_id]
        for key in ("monsters", "traits"):
            p[key] = [c for c in p[key] if c != card_id]
    deck = content().cards[card_id].deck
    p = d["players"][seat]
    if deck.startswith("companion_"):
        p["companions"].append({"id": card_id, "blocks": blocks})
    elif deck == "relic":
        p["relics"].append({"id": card_id, "charges": blocks})
    else:
        p[{"monster": "monsters", "trait": "traits"}[deck]].append(card_id)
    for other in range(len(d["players"])):
        rebalance(d, other)


def load(d: Data, seat: int, card_id: str, blocks: int) -> None:
    """Put ``blocks`` on one of the seat's companions (or charges on a relic), from the reservoir."""
    p = d["players"][seat]
    for entry in p["companions"]:
        if entry["id"] == card_id:
            entry["blocks"] = blocks
    for entry in p["relics"]:
        if entry["id"] == card_id:
            entry["charges"] = blocks
    rebalance(d, seat)
