"""Setting a game up (spec section 4.2, DRG-SETUP-1..17): everything that does not depend on who
plays what is dealt here; each human's character is either a set-up prompt (option
``characters=pick``) or taken from the option, and the rest of set-up runs as the step ``deal``.

The state is plain data. Its parts, as the rules read them (schema.py gives each one's exact shape,
checked when a state document is loaded; invariants.py what must hold between them):
  phase        "setup" | "planning" | "execution" | "cleanup" | "over"
  options      the game's options the rules read (characters, first_player, ai_tie_break)
  round        the round counter (DRG-SETUP-17: 1 once set-up ends)
  humans[]     per human seat: the character it plays (None until picked, DRG-SETUP-2)
  seating[]    the four characters clockwise (DRG-SETUP-3); a "position" is an index into it
  boards{}     per character: role, seat (human seat, or None for an AI: DRG-SETUP-2, DRG-AI-1),
               hand (action + region cards, humans), ai_deck / ai_played (AIs), vaala deck / hand /
               discard (humans), power {unspent, spent}, bonded_with, bond_card ("down" | "up"),
               upgrades (held upgrade cards, public, at most one per unit type: DRG-UPGRADE-4),
               health (dragons), pool {infantry, cavalry, ranged} (generals), region (figure)
  regions{}    per region: power tokens, neutral units, city (False, or the owning general's name,
               DRG-CITY-1), units {general: {type: n}}
  supply       power tokens, neutral units, city tokens left off the map and the boards
  decks        event, upgrade, region (face down; region contents public); market; discards {event}
  dealt        whether DRG-SETUP-8..11 have run (hands and AI decks exist)
  first        the character holding the first-player marker (always a human's, DRG-PASS-9)
  planning     None, or {position: whose turn, turns: turns taken this phase (skipped AIs too)}
  stack[]      the command stack, bottom first: {card, kind, owner, revealed} (DRG-STACK-1)
  arrived[]    the figures that arrived somewhere during the card now resolving (DRG-MOVE-7)
  fought[]     the (attacker, target) pairs of the card now resolving (DRG-OATH-3); added later
  modifiers[]  active "this round" / "this exchange" modifiers (rules/modifiers.py); added later
  oath, combat, card_mode   the oath, combat and card mode in progress (rules/oath.py, combat.py, heal.py)
  carry        fer_bond's carry prepared at the start of a fly, until the fly ends (rules/movement.py)
  effects      the queue of pending steps (the flow runs as steps, engine.core.effects)
  end          None, or {why, winners, power, pairs, eliminated} (DRG-END-8)
"""
from __future__ import annotations

from engine.core import Config, Data, Rng

from .content import content

UNIT_TYPES = ("infantry", "cavalry", "ranged")
# DRG-SETUP-3: the two orders that alternate general, dragon, general, dragon (spec 4.1)
SEATINGS = {"default": ("elyse", "nagasha", "adrael", "ferellon"),
            "alternate": ("elyse", "ferellon", "adrael", "nagasha")}


def _shuffled(cards: list[str] | tuple[str, ...], rng: Rng) -> list[str]:
    cards = list(cards)
    rng.shuffle(cards)
    return cards


def new_board(character: str) -> Data:
    c = content()
    char = c.characters[character]
    board: Data = {
        "character": character, "role": char.role, "seat": None,
        "hand": [], "ai_deck": [], "ai_played": [],
        "vaala_deck": [], "vaala_hand": [], "vaala_discard": [],
        "power": {"unspent": 0, "spent": 0},                      # DRG-SETUP-17
        "bonded_with": None, "bond_card": "down",                 # DRG-SETUP-4
        "upgrades": [], "region": char.start_region,              # DRG-SETUP-5
        "health": char.health_max, "pool": None,                  # DRG-SETUP-7
    }
    if char.role == "general":
        board["pool"] = {t: c.params.supply.units_per_type_per_general for t in UNIT_TYPES}
    return board


def setup(config: Config, rng: Rng) -> Data:
    """Everything that does not depend on the characters' controllers (DRG-SETUP-1, -3..7, -12..15)."""
    c = content()            # DRG-SETUP-1: loading validates every file, or raises ContentError
    board = c.map
    seating = config.option("seating")
    if seating == "random":
        seating = ("default", "alternate")[rng.below(2)]
    supply = {"power": c.params.supply.power_tokens, "neutral": c.params.supply.neutral_units,
              "cities": c.params.supply.city_tokens}
    regions: Data = {r: {"power": 0, "neutral": 0, "city": False, "units": {}} for r in board.order}
    boards = {ch: new_board(ch) for ch in SEATINGS[seating]}
    for ch, b in boards.items():                                  # DRG-SETUP-6
        char = c.characters[ch]
        if char.role == "general":
            start: dict[str, int] = {t: n for t, n in (char.start_units or {}).items()}   # keyed by UnitType
            units = {t: start.get(t, 0) for t in UNIT_TYPES}
            for t, n in units.items():
                b["pool"][t] -= n
            regions[char.start_region]["units"][ch] = units
    for r in board.non_start_regions:                             # DRG-SETUP-14
        region = board.regions[r]
        regions[r]["power"] = region.setup.power_tokens
        regions[r]["neutral"] = region.setup.neutral_units
        supply["power"] -= region.setup.power_tokens
        supply["neutral"] -= region.setup.neutral_units
    upgrades = _shuffled(list(c.upgrade_cards), rng)              # DRG-SETUP-12
    size = c.params.upgrade_market_size
    market = sorted(upgrades[-size:]) if size else []
    upgrades = upgrades[:-size] if size else upgrades
    return {
        "game": "dragonbond", "phase": "setup", "round": 0,
        "options": {"characters": config.option("characters"), "first_player": config.option("first_player")},
        "humans": [None] * config.players, "seating": list(SEATINGS[seating]), "boards": boards,
        "regions": regions, "supply": supply,
        "decks": {"event": _shuffled(list(c.event_cards), rng),   # DRG-SETUP-13 (top = last)
                  "upgrade": upgrades, "region": []},
        "market": market, "discards": {"event": []},
        "dealt": False, "first": None, "planning": None, "stack": [], "arrived": [], "effects": [], "end": None,
    }


def take_character(data: Data, seat: int, character: str) -> None:
    """DRG-SETUP-2: a human seat plays ``character``."""
    data["humans"][seat] = character
    data["boards"][character]["seat"] = seat


def deal(data: Data, rng: Rng) -> None:
    """DRG-SETUP-8..11, -15, -17 once every human has a character: hands for humans, shuffled
    decks for AIs, the region deck from the region cards no human general holds."""
    c = content()
    dealt: set[str] = set()
    for ch in data["seating"]:
        b = data["boards"][ch]
        char = c.characters[ch]
        if b["seat"] is not None:
            b["hand"] = list(char.action_cards)                                   # DRG-SETUP-8
            if char.role == "general":                                            # DRG-SETUP-9
                card = c.region_card(char.start_region).id
                b["hand"].append(card)
                dealt.add(card)
            b["vaala_deck"] = _shuffled(char.vaala_cards, rng)                    # DRG-SETUP-10
        else:
            b["ai_deck"] = _shuffled(char.action_cards, rng)                      # DRG-SETUP-11
    data["decks"]["region"] = [card for card in c.region_cards if card not in dealt]
    data["dealt"] = True
