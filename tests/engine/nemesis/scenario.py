"""Shared helpers for Nemesis rule tests: start a game past the draft, edit the live state, rig the
dice, apply commands in notation. Tests build positions directly on ``match.state.data``.

Note: a refused command restores a fresh copy of the data, so fetch ``data(match)`` again after
``pytest.raises(Refused)`` instead of keeping an older reference."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Command, Data, Match, Rng
from engine.nemesis.content import content
from engine.nemesis.context import Ctx


def started(players: int = 4, mode: str | None = None, seed: int = 1,
            options: dict[str, Any] | None = None, characters: Sequence[str] | None = None) -> Match:
    """A match past the character draft (first offered character, or ``characters`` with draft=free)."""
    opts = dict(options or {})
    if characters is not None:
        opts["draft"] = "free"
    match = Match.new("nemesis", players, mode=mode, seed=seed, options=opts, seats=["human"] * players)
    picks = list(characters or [])
    while match.state.prompt is not None and match.state.prompt.kind == "draft":
        legal = match.state.legal()
        choice = next((c for c in legal if picks and c.args[0] == picks[0]), legal[0])
        if picks:
            picks.pop(0)
        match.apply(choice)
    return match


def data(match: Match) -> Data:
    return match.state.data


def play(match: Match, text: str) -> list[Any]:
    return match.apply(Command.parse(text))


def place(match: Match, seat: int, room: str, hand: Sequence[str] | None = None) -> None:
    """Stand a character in ``room`` (in the Facility), optionally with exactly ``hand``: missing
    cards are taken from the deck/discard, the rest go back to the deck."""
    player = data(match)["players"][seat]
    player["where"], player["room"] = "facility", room
    if hand is not None:
        set_hand(match, seat, hand)


def set_hand(match: Match, seat: int, hand: Sequence[str]) -> None:
    player = data(match)["players"][seat]
    pool = player["hand"] + player["deck"] + player["discard"]
    for card in hand:
        if card in pool:
            pool.remove(card)
        elif card.startswith("CONT"):
            data(match)["decks"]["contamination"].remove(card)
        else:
            raise ValueError(f"{card} is not one of seat {seat}'s cards")
    player["hand"], player["deck"], player["discard"] = list(hand), pool, []


def cards(match: Match, seat: int, n: int) -> list[str]:
    """``n`` of the seat's Action card instance ids (for hands and payments)."""
    player = data(match)["players"][seat]
    return sorted(player["hand"] + player["deck"] + player["discard"])[:n]


def explore_all(match: Match) -> None:
    """Mark every Room explored (no token, an empty Item Counter where the tile has one): arrivals
    then only roll for noise."""
    tiles = content().tiles
    for room in data(match)["rooms"].values():
        if not room["explored"]:
            room["explored"], room["token"] = True, None
            room["items"] = 0 if tiles[room["tile"]].item_counter else None


def take_token(match: Match, kind: str) -> str:
    """A token of the intruder type ``kind`` out of the supply (or the bag)."""
    d = data(match)
    types = {t.id: t.type for t in content().tokens.intruder_tokens}
    for pile in ("supply", "bag"):
        for token in d[pile]:
            if types[token] == kind:
                d[pile].remove(token)
                return token
    raise ValueError(f"no {kind} token left")


def add_intruder(match: Match, kind: str, room: str) -> str:
    d = data(match)
    iid = f"I{d['next_intruder']}"
    d["next_intruder"] += 1
    d["arrivals"] += 1
    d["intruders"][iid] = {"type": kind, "token": take_token(match, kind), "room": room, "injuries": 0,
                           "arrived": d["arrivals"]}
    return iid


def set_bag(match: Match, *kinds: str) -> None:
    """The bag holds exactly one token of each kind given (the others go to the supply)."""
    d = data(match)
    d["supply"] += d["bag"]
    d["bag"] = []
    d["bag"] = [take_token(match, kind) for kind in kinds]


class Rigged(Rng):
    """A generator whose ``choice`` returns forced values first (dice faces), then plays fair."""

    def __init__(self, base: Rng, forced: Sequence[Any]) -> None:
        super().__init__(0)
        self.set_state(base.get_state())
        self.forced = list(forced)

    def choice(self, items):
        if self.forced:
            value = self.forced.pop(0)
            assert value in items, f"{value!r} is not a face of {items!r}"
            return value
        return super().choice(items)


def rig(match: Match, *faces: Any) -> Rigged:
    """Force the next dice faces (noise die: "1".."4", "SILENCE", "DANGER")."""
    rigged = Rigged(match.state.rng, faces)
    match.state.rng = rigged
    return rigged


def ctx(match: Match, seat: int = 0) -> Ctx:
    """A rules context on the live state (for calling rule functions directly)."""
    return Ctx(data(match), match.state.rng, seat)


def kinds(events: Sequence[Any]) -> list[str]:
    return [e.kind for e in events]


def in_tile(match: Match, seat: int, tile: str, room: str = "R003", hand_size: int = 5) -> str:
    """Stand ``seat`` in ``room`` showing ``tile`` (explored, empty), on their turn, with a hand of
    ``hand_size`` Action cards; every Section and the Elevator powered. Returns the Room."""
    d = data(match)
    d["rooms"][room].update(tile=tile, explored=True, token=None, items=3 if content().tiles[tile].item_counter
                            else None, fire=False, malfunction=False)
    d["active_power"] = [1, 2, 3, 4]
    place(match, seat, room, cards(match, seat, hand_size))
    d["turn"] = {"seat": seat, "actions": 0, "first_turn_moves": 0}
    return room


def pay(match: Match, seat: int, n: int) -> str:
    """``pay=…`` naming the first ``n`` cards of the seat's hand ("" for 0)."""
    hand = [c for c in data(match)["players"][seat]["hand"] if not c.startswith("CONT")]
    return f"pay={','.join(hand[:n])}" if n else ""


def power(match: Match, location: str, on: bool) -> None:
    """Make the Power token of ``location`` (S01, S02, S03, ELEVATOR) active or inactive."""
    d = data(match)
    token = d["power"][location]
    active = set(d["active_power"])
    (active.add if on else active.discard)(token)
    d["active_power"] = sorted(active)


def stack(match: Match, deck: str, *cards: str) -> None:
    """Put ``cards`` on top of ``deck`` (the first named is drawn first), taken from the deck or its discard."""
    d = data(match)
    for card in cards:
        for pile in (d["decks"][deck], d["discards"][deck]):
            if card in pile:
                pile.remove(card)
                break
    d["decks"][deck] += list(reversed(cards))


def hold(match: Match, seat: int, item: str, ammo: int | None = None) -> None:
    """Put an item (a weapon with ``ammo``) into a free Hand slot of the seat."""
    weapon = content().items[item].weapon
    data(match)["players"][seat]["hands"].append(
        {"item": item, "ammo": ammo if ammo is not None else (weapon.ammo if weapon else None)})


def give(match: Match, seat: int, item: str, heavy: bool | None = None) -> dict:
    """Put an item card in the seat's Hand slots (heavy) or Inventory (normal), as from a deck."""
    found = content().items[item]
    thing = {"item": item, "ammo": found.weapon.ammo if found.weapon else None}
    zone = "hands" if (found.heavy if heavy is None else heavy) else "inventory"
    data(match)["players"][seat][zone].append(thing)
    for deck in ("red", "yellow", "green"):
        if item in data(match)["decks"][deck]:
            data(match)["decks"][deck].remove(item)
            break
    return thing


def explored(match: Match, room: str, tile: str, items: int | None = None) -> None:
    """Lay ``tile`` face up in ``room`` (with an Item Counter of ``items``)."""
    state = data(match)["rooms"][room]
    state.update(tile=tile, explored=True, token=None, items=items)


def turn_of(match: Match, seat: int) -> None:
    data(match)["turn"] = {"seat": seat, "actions": 0, "first_turn_moves": 0}
