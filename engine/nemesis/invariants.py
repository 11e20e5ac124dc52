"""State invariants (issue 5), checked after every command by the conformance suite:
  - each character's ten Action cards are in exactly one of deck / hand / discard;
  - the 27 Contamination cards are in the Contamination deck or in some player's cards;
  - the 90 searchable and 15 Crafted item cards are in their decks, with a player, waiting in a
    Search, or out of the game;
  - the 27 intruder tokens are in the bag, the supply, out of the game or under a miniature;
  - every character is in exactly one place (a Room when in the Facility, a pod when in a pod);
  - at most two things in Hand slots; Ammo between 0 and the weapon's maximum;
  - the Time token on the track; four distinct Power tokens; at most one Noise marker per exit.
"""
from __future__ import annotations

from collections import Counter

from engine.core import Data

from .content import content

PLACES = ("facility", "pod", "locked", "bunker", "evacuated", "dead")


def check_invariants(data: Data) -> list[str]:
    c = content()
    problems: list[str] = []
    contamination = list(data["decks"]["contamination"])
    for p in data["players"]:
        cards = p["deck"] + p["hand"] + p["discard"]
        contamination += [card for card in cards if card.startswith("CONT")]
        actions = [card for card in cards if not card.startswith("CONT")]
        if p["character"] is not None and sorted(actions) != sorted(
                f"{card}.{i}" for i, card in enumerate(c.deck(p["character"]))):
            problems.append(f"seat {p['seat']}: Action cards are not conserved")
        if p["where"] not in PLACES:
            problems.append(f"seat {p['seat']}: unknown place {p['where']!r}")
        if p["where"] == "facility" and p["character"] is not None and p["room"] not in data["rooms"]:
            problems.append(f"seat {p['seat']}: in the Facility but in no Room")
        if p["where"] == "pod" and data["pods"].get(p["pod"]) != p["seat"]:
            problems.append(f"seat {p['seat']}: in a pod the board does not show")
        if len(p["hands"]) > 2:
            problems.append(f"seat {p['seat']}: more than two things in Hand slots")
        for thing in p["hands"]:
            item = c.items.get(thing.get("item", ""))
            if item is not None and item.weapon is not None and not 0 <= (thing["ammo"] or 0) <= item.weapon.max:
                problems.append(f"seat {p['seat']}: {item.id} holds {thing['ammo']} Ammo")
    problems += _items_conserved(data)
    counts = Counter(contamination)
    if sorted(counts) != sorted(card.id for card in c.contamination) or max(counts.values()) > 1:
        problems.append("Contamination cards are not conserved")
    tokens = data["bag"] + data["supply"] + data["out_tokens"] + [
        i["token"] for i in data["intruders"].values() if i["token"]]
    if sorted(tokens) != sorted(t.id for t in c.tokens.intruder_tokens):
        problems.append("intruder tokens are not conserved across bag, supply, board and out of the game")
    if not 0 <= data["time"] <= 15:
        problems.append("the Time token is off the track")
    if sorted(data["power"].values()) != [1, 2, 3, 4]:
        problems.append("the four Power tokens are not one per location")
    return problems


def _items_conserved(data: Data) -> list[str]:
    c = content()
    decks = ("red", "yellow", "green", "crafted")
    found: Counter[str] = Counter()
    for deck in ("red", "yellow", "green"):
        found.update(data["decks"][deck])
        found.update(data["discards"].get(deck, []))
    found.update(data["crafted"])
    for p in data["players"]:
        for thing in p["hands"] + p["inventory"] + ([p["starting_item"]] if p["starting_item"] else []):
            for held in (thing, thing.get("taped") or {}):
                if held.get("item"):
                    found[held["item"]] += 1
    found.update(i for i in data["removed"] if i in c.items)
    for step in data["effects"]:
        if step.get("primitive") == "search_keep":
            found.update(step["params"]["cards"])
    found = Counter({i: n for i, n in found.items() if c.items[i].deck in decks})
    expected = Counter({i.id: i.copies for i in c.items.values() if i.deck in decks})
    if found != expected:
        off = sorted(set(found) ^ set(expected) | {i for i in found if found[i] != expected[i]})
        return [f"item cards are not conserved ({', '.join(off[:5])})"]
    return []
