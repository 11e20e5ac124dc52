"""Setting a game up (spec section 4): everything random is drawn here; the character draft is
queued as prompts (NEM-SETUP-11), so the players' own choices are ordinary pending decisions.

The state is plain data. Its parts, as the rules read them:
  phase        "setup" | "player" | "event" | "over"
  players[]    one per seat: character, where ("facility", "pod", "locked", "bunker", "evacuated",
               "dead"), room, hand / deck / discard (card ids), wounds, knowledge, items, objectives…
  rooms{}      per Room slot: tile, explored, exploration token, item counter, fire, malfunction, objects
  corridors{}  per Corridor: door ("open" | "closed" | "destroyed"), noise (bool); tech_noise
  intruders{}  per miniature id: type, token, room, injuries, arrived (order of arrival)
  bag / supply intruder tokens; decks and discards; power, time, CSS, elevator, contingencies
  effects      the queue of pending steps (the flow runs as steps, engine.core.effects)
"""
from __future__ import annotations

from typing import TypeVar

from engine.core import Config, Data, Rng

from .content import content

T = TypeVar("T")

CHARACTER_ORDER = ("survivor", "lab_rat", "sentry", "xenobiologist", "hacker", "janitor")
HAND_SIZE = 5


def new_player(seat: int) -> Data:
    return {
        "seat": seat, "number": seat + 1, "character": None, "where": "facility", "room": None, "pod": None,
        "cause": None,  # what killed the character (wounds, infection, purge, destroyed, ...)
        "hand": [], "deck": [], "discard": [], "passed": False,
        "turned": False,  # a turn of this player ended this round (Wounded Knee: the first turn only)
        "light": 0, "serious": [], "slime": False, "larva": False, "signal": False,
        "knowledge": 0, "knowledge_active": False,
        "hands": [], "inventory": [], "quest": None, "starting_item": None,
        "objectives": [], "contingency": [],
        "known": {"contingency": [], "css": [], "tiles": [], "events": [], "objectives": []},
        "scanned": [],   # contamination card ids this player has scanned (their infected flag is known)
        "lit_round": None,   # a Glowstick: not in Darkness during this round
        "stats": {"rooms_explored": 0, "kills": {}, "computer_actions": 0, "carried_egg_out": False},
    }


def _bag(players: int, rng: Rng) -> tuple[list[str], list[str]]:
    """NEM-SETUP-3: the starting bag (Adults drawn at random from the twelve) and the supply."""
    c = content()
    composition = c.tokens.starting_bag.composition(players)
    by_type: dict[str, list[str]] = {}
    for token in c.tokens.intruder_tokens:
        by_type.setdefault(token.type, []).append(token.id)
    bag: list[str] = []
    supply: list[str] = []
    for kind, ids in by_type.items():
        ids = list(ids)
        rng.shuffle(ids)
        wanted = composition.get(kind, 0)
        bag += ids[:wanted]
        supply += ids[wanted:]
    return sorted(bag), sorted(supply)


def _shuffled(cards: list[T], rng: Rng) -> list[T]:
    cards = list(cards)
    rng.shuffle(cards)
    return cards


def setup(config: Config, rng: Rng) -> Data:
    c = content()
    n = config.players
    mode = config.mode or ("solo" if n == 1 else "standard")
    row = c.mode(mode, n)
    board = c.board

    # NEM-SETUP-2..5: special tiles fixed; II tiles 6 of 9; I tiles; exploration tokens on the tiles
    rooms: Data = {}
    tiles_i = _shuffled([t.id for t in c.tiles.values() if t.pile == "I"], rng)
    tiles_ii = _shuffled([t.id for t in c.tiles.values() if t.pile == "II"], rng)
    tokens = _shuffled([t.id for t in c.tokens.exploration_tokens], rng)
    for room in board.order:
        slot = board.rooms[room]
        if slot.fixed_tile:
            tile, explored, token = slot.fixed_tile, True, None
        else:
            tile = (tiles_i if slot.slot == "I" else tiles_ii).pop()
            explored, token = False, tokens.pop()
        rooms[room] = {"tile": tile, "explored": explored, "token": token, "items": None,
                       "fire": False, "malfunction": False, "objects": [], "face": None}
    rooms["ISO"]["face"] = "closed"

    # NEM-SETUP-6/7: power tokens shuffled over the four locations; 1 and 2 active
    numbers = _shuffled(list(c.tokens.power_tokens.numbers), rng)
    power = {location: numbers[i] for i, location in enumerate(c.tokens.power_tokens.locations)}

    # NEM-SETUP-8: CSS tokens under the CSS slots, one left out
    css_tokens = _shuffled([t.id for t in c.tokens.css_tokens], rng)
    css = {str(slot): css_tokens.pop() for slot in c.time_track.css_slots}

    # NEM-SETUP-9: five Eggs in the Nest; three Weaknesses, the first face up
    weaknesses = _shuffled(list(c.weaknesses), rng)[:3]
    bag, supply = _bag(n, rng)

    # NEM-SETUP-11/12: decks; the Computer deck shows a card that is not Lockdown
    computer = _shuffled(list(c.computer_cards), rng)
    while c.computer_cards[computer[-1]].lockdown:
        lockdown = computer.pop()
        computer.insert(rng.below(len(computer) + 1), lockdown)
        if len(computer) > 1 and c.computer_cards[computer[-1]].lockdown:
            computer.insert(0, computer.pop())
    decks = {
        "red": _shuffled(list(c.item_deck("red")), rng), "yellow": _shuffled(list(c.item_deck("yellow")), rng),
        "green": _shuffled(list(c.item_deck("green")), rng), "event": _shuffled(list(c.events), rng),
        "attack": _shuffled(list(c.attacks), rng),
        "contamination": _shuffled([card.id for card in c.contamination], rng),
        "wound": _shuffled([w.id for w in c.serious_wounds.values() for _ in range(w.copies)], rng),
        "computer": computer,
    }
    discards: dict[str, list[str]] = {deck: [] for deck in decks}

    players = [new_player(seat) for seat in range(n)]
    # NEM-SETUP-10/16 (4.3-4.5): objectives per mode
    objectives = {deck: _shuffled([o.id for o in c.objectives.values() if o.deck == deck and o.min_players <= n], rng)
                  for deck in ("personal", "corporate", "solo_coop")}
    for player in players:
        deal = row.objectives
        player["objectives"] = ([objectives["personal"].pop() for _ in range(deal.personal)]
                                + [objectives["corporate"].pop() for _ in range(deal.corporate)]
                                + [objectives["solo_coop"].pop() for _ in range(deal.solo_coop)])
    # NEM-SETUP-10 (17): the Active Contingency, each player's tokens, the Neutral Pool
    contingency = _shuffled([t.id for t in c.tokens.contingency_tokens], rng)
    active = contingency.pop()
    for player in players:
        player["contingency"] = [contingency.pop() for _ in range(row.contingency_per_player)]
    neutral = contingency
    revealed = neutral[:row.neutral_revealed]

    data: Data = {
        "game": "nemesis", "mode": mode, "phase": "setup", "round": 0,
        "players": players, "first": 0, "turn": None,
        "rooms": rooms,
        "corridors": {cid: {"door": "open", "noise": False} for cid in board.corridors},
        "tech_noise": False,
        "intruders": {}, "next_intruder": 1, "arrivals": 0,
        "bag": bag, "supply": supply, "out_tokens": [],
        "decks": decks, "discards": discards, "removed": [], "crafted": sorted(c.item_deck("crafted")),
        "power": power, "active_power": sorted(c.tokens.power_tokens.active_at_start),
        "time": c.time_track.start, "time_active": False,
        "selfdestruct": None, "alert": None, "css": css, "css_launched": [],
        "pods": {"A": None, "B": None, "C": None},
        "elevator": c.board_file.elevator.start,
        "main_gate_open": False, "rover": "facility", "venting": None,
        "weaknesses": [{"id": w, "revealed": i == 0, "object": None} for i, w in enumerate(weaknesses)],
        "researched_kinds": [], "nest_eggs": 5, "nest_destroyed": False, "eggs_supply": 3,
        "carcass_supply": 8, "corpse_supply": 5,
        "contingency_active": active, "neutral": neutral, "neutral_revealed": revealed,
        "milestones": {"first_encounter": False, "first_death": False, "isolation_open": False,
                       "selfdestruct_red": False},
        "queen_killed": False, "facility_destroyed": False, "end": None,
        "halve_items": row.halve_item_counters, "draft": config.option("draft") or "random",
        "reaction_prompt": config.option("reaction_prompt") or "only_when_playable",   # NEM-DEC-44
        "fire_wound_once": bool(config.option("fire_wound_once_per_round")),            # NEM-DEC-21
        "death_at_three": bool(config.option("death_at_three_serious")),                # NEM-DEC-70
        "once": {},      # once_per effects already used: "seat:scope:effect" -> round (0 for the game)
        "effects": [],
    }
    return data


def start_character(data: Data, seat: int, character: str) -> None:
    """NEM-SETUP-12..18: the chosen character's board, deck, items, Knowledge and start Room."""
    c = content()
    player = data["players"][seat]
    char = c.characters[character]
    player["character"] = character
    cards = [f"{card}.{i}" for i, card in enumerate(c.deck(character))]
    player["deck"] = cards
    player["knowledge"] = char.knowledge
    player["room"] = char.start_room
    player["quest"] = {"id": char.quest_item, "active": False}
    if char.starting_item:
        item = c.items[char.starting_item]
        thing = {"item": item.id, "ammo": item.weapon.ammo if item.weapon else None}
        if item.beside_board:
            player["starting_item"] = thing
        else:
            player["hands"].append(thing)
