"""State invariants, checked after every command by the random playouts:
  - every action, region, event, upgrade and Vaala card is in exactly one place (decks, hands,
    the AI decks and played piles, the stack, the market, the discards, held upgrades);
  - power tokens, neutral units and city tokens are conserved between map, boards and supply;
    each general's units between its pool and the map;
  - the first-player marker is a human's; the stack holds only cards, each at most once;
  - only human generals hold region cards, AIs hold no cards, a general at most one upgrade per
    unit type, the market at most upgrade_market_size cards, every city a general's on a city site;
  - a bond joins one general and one dragon both ways, with both Dragonbond cards face up (the soak
    tests also check that no bond ever ends, DRG-OATH-14);
  - no board holds more than power_hold_limit tokens; a dragon's health stays within 0..health_max;
    every figure stands in a region of the map.
"""
from __future__ import annotations

from collections import Counter

from engine.core import Data

from .content import content
from .setup import UNIT_TYPES


def check_invariants(data: Data) -> list[str]:
    c = content()
    problems: list[str] = []
    found: Counter[str] = Counter()
    found.update(data["decks"]["event"] + data["decks"]["upgrade"] + data["decks"]["region"])
    found.update(data["market"] + data["discards"]["event"])
    found.update(entry["card"] for entry in data["stack"])
    for board in data["boards"].values():
        for pile in ("hand", "ai_deck", "ai_played", "vaala_deck", "vaala_hand", "vaala_discard", "upgrades"):
            found.update(board[pile])
    expected: Counter[str] = Counter()
    expected.update(list(c.event_cards))
    expected.update(list(c.upgrade_cards))
    if data["dealt"]:                    # before DRG-SETUP-8..11 the hands and decks are still in the box
        expected.update(list(c.action_cards))
        expected.update(list(c.region_cards))
        expected.update(v for ch in data["humans"] for v in c.characters[ch].vaala_cards)
    if found != expected:
        off = sorted(set(found) ^ set(expected) | {k for k in found if found[k] != expected[k]})
        problems.append(f"cards are not conserved ({', '.join(off[:5])})")
    supply = c.params.supply
    regions = data["regions"].values()
    power = data["supply"]["power"] + sum(r["power"] for r in regions) + sum(
        b["power"]["unspent"] + b["power"]["spent"] for b in data["boards"].values())
    if power != supply.power_tokens:
        problems.append(f"{power} power tokens in play, not {supply.power_tokens}")
    if data["supply"]["neutral"] + sum(r["neutral"] for r in regions) != supply.neutral_units:
        problems.append("neutral units are not conserved")
    if data["supply"]["cities"] + sum(1 for r in regions if r["city"]) != supply.city_tokens:
        problems.append("city tokens are not conserved")
    for ch, board in data["boards"].items():
        if board["pool"] is None:
            continue
        for t in UNIT_TYPES:
            total = board["pool"][t] + sum(r["units"].get(ch, {}).get(t, 0) for r in regions)
            if total != supply.units_per_type_per_general:
                problems.append(f"{ch}'s {t} are not conserved ({total})")
    if data["first"] is not None and data["boards"][data["first"]]["seat"] is None:
        problems.append("an AI holds the first-player marker")
    if any(entry["kind"] not in ("event", "action", "region") for entry in data["stack"]):
        problems.append("the stack holds something other than event, action and region cards")
    problems += _holding_problems(data)
    problems += _board_problems(data)
    return problems


def _board_problems(data: Data) -> list[str]:
    """DRG-OATH-13/14, DRG-POWER-6, DRG-HEAL-4: bonds, the hold limit, health, figures."""
    c = content()
    problems: list[str] = []
    boards = data["boards"]
    for ch, board in boards.items():
        ally = board["bonded_with"]
        if ally is not None:
            if boards[ally]["bonded_with"] != ch or {board["role"], boards[ally]["role"]} != {"general", "dragon"}:
                problems.append(f"{ch}'s bond with {ally} is not one general and one dragon both ways")
            if board["bond_card"] != "up":
                problems.append(f"{ch} is bonded with its Dragonbond card face down")
        if board["power"]["unspent"] + board["power"]["spent"] > c.params.power_hold_limit:
            problems.append(f"{ch} holds more than {c.params.power_hold_limit} power tokens")
        if board["role"] == "dragon" and not 0 <= board["health"] <= c.characters[ch].health_max:
            problems.append(f"{ch}'s health {board['health']} is out of bounds")
        if board["region"] not in data["regions"]:
            problems.append(f"{ch}'s figure stands nowhere on the map ({board['region']})")
    return problems


def _holding_problems(data: Data) -> list[str]:
    """DRG-REGIONCARD-2, DRG-AI-2, DRG-UPGRADE-1/4, DRG-CITY-1/2: who may hold what."""
    c = content()
    problems: list[str] = []
    for ch, board in data["boards"].items():
        regions = [card for card in board["hand"] if card in c.region_cards]
        if regions and (board["seat"] is None or board["role"] != "general"):
            problems.append(f"{ch} holds region cards but is not a human general")
        if board["seat"] is None and (board["hand"] or board["vaala_hand"] or board["upgrades"]):
            problems.append(f"the AI {ch} holds cards")
        types = [c.upgrade_cards[u].unit_type for u in board["upgrades"] if u in c.upgrade_cards]
        if len(types) != len(set(types)):
            problems.append(f"{ch} holds two upgrades of one unit type")
        if board["upgrades"] and board["role"] != "general":
            problems.append(f"the dragon {ch} holds upgrades")
    if len(data["market"]) > c.params.upgrade_market_size:
        problems.append("the upgrade market is larger than upgrade_market_size")
    for r, here in data["regions"].items():
        if here["city"] and (here["city"] not in data["boards"] or not c.map.regions[r].city_site):
            problems.append(f"the city in {r} has no general owner or stands off a city site")
    return problems
