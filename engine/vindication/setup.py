"""Setting a game up (spec 4.1): everything random is drawn here, every choice is queued.

The deterministic and random steps run at once; the players' own set-up choices (character,
secret quest) and the steps after them are queued as effects, so they appear as ordinary prompts.
"""
from __future__ import annotations

from engine.core import Config, Data, Rng, refuse

from .content import content
from .places import slot_id
from .vocabulary import ATTRIBUTES, DECKS

SEAT_COLOURS = ("teal", "amber", "plum", "slate")


def draw_random(bag: list[str], rng: Rng) -> str:
    """A uniformly random tile out of a bag (the bag keeps no order)."""
    return bag.pop(rng.below(len(bag)))


def new_player(seat: int) -> Data:
    return {
        "seat": seat, "colour": SEAT_COLOURS[seat], "character": None, "vindicated": False,
        "honor": 0, "start": None, "token": None, "mount": 1,
        "potential": 0, "influence": 0, "conviction": 0,
        "attrs": {a: 0 for a in ATTRIBUTES},
        "companions": [], "monsters": [], "traits": [], "relics": [],
        "proficiencies": {a: 0 for a in ATTRIBUTES},
        "quest": None, "quest_options": [], "trigger_tokens": [],
        "runes": [], "rune_map": False,
    }


def setup(config: Config, rng: Rng) -> Data:
    c = content()
    n = config.players
    players = [new_player(seat) for seat in range(n)]

    # VIN-SETUP-3: six decks, each shuffled, top card face up
    decks: dict[str, list[str]] = {}
    faceup: dict[str, list[str]] = {}
    for deck in DECKS:
        cards = list(c.decks[deck])
        rng.shuffle(cards)
        faceup[deck] = [cards.pop()]
        decks[deck] = cards

    # VIN-SETUP-9: end triggers (solo: multiplayer-only cards use their solo condition or go);
    # with `choose_end_triggers` the first player picks the two instead (queued below)
    end_deck = [t.id for t in c.end_triggers.values()
                if n > 1 or not t.multiplayer_only or t.solo_condition]
    rng.shuffle(end_deck)
    choose_triggers = bool(config.option("choose_end_triggers"))
    end_faceup = [] if choose_triggers else [end_deck.pop(), end_deck.pop()]

    # VIN-SETUP-11/-12: journeys dealt and resolved
    journeys = list(c.journeys)
    rng.shuffle(journeys)
    for player in players:
        journey = journeys.pop()
        player.update(start=journey.start_position, token=c.board.starts[journey.start_position],
                      honor=journey.start_honor, potential=journey.blocks.potential,
                      influence=journey.blocks.influence, conviction=journey.blocks.conviction,
                      journey=journey.id, companion_deck=journey.companion_deck)
        for kind, value in journey.attributes.items():
            player["attrs"][kind] = value

    by_start = sorted(range(n), key=lambda s: players[s]["start"])
    # VIN-SETUP-13: starting companions, skipping no-start cards, set-asides shuffled back
    for seat in by_start:
        pile = decks[players[seat].pop("companion_deck")]
        set_aside = []
        while pile and c.cards[pile[-1]].no_start:
            set_aside.append(pile.pop())
        if pile:
            card = pile.pop()
            players[seat]["companions"].append({"id": card, "blocks": 0})
            players[seat]["honor"] += c.cards[card].honor
        pile.extend(set_aside)
        rng.shuffle(pile)
    for player in players:
        player.pop("journey")
    module = bool(config.option("villages_hamlets"))
    port_journey = journeys.pop() if module else None                     # VVH-SETUP-4

    # VIN-SETUP-15 (deck only; the choice is queued), VIN-SETUP-16: first player and order
    quest_deck = list(c.quests)
    rng.shuffle(quest_deck)
    first = by_start[0]
    order = [(first + i) % n for i in range(n)]

    data: Data = {
        "players": players,
        "regions": {region: None for region in c.board.regions},          # VIN-SETUP-5
        "bag": list(c.board_file.first_game_bag),                           # VIN-SETUP-4
        "decks": decks, "faceup": faceup,
        "quest_deck": quest_deck, "end_deck": end_deck, "end_faceup": end_faceup,
        "trigger_spaces": list(c.board_file.honor_trigger_spaces),          # VIN-SETUP-8
        "proficiency_supply": {a: max(1, n - 1) for a in ATTRIBUTES},       # VIN-SETUP-6
        "first": first, "order": order, "current": 0, "round": 0,
        "phase": "setup", "end_round": None, "turn": fresh_turn(first),
        "effects": [], "scores": None, "drawn": None, "quests_out": [],
    }
    if port_journey is not None:                                            # with the module
        preconfigured = config.option("vh_setup") == "preconfigured"
        module_setup(data, rng, preconfigured=preconfigured)
        place_port(data, port_journey.start_position)
    queue = data["effects"]
    if choose_triggers:
        queue += [_queued("choose_end_trigger", first)] * 2
    queue_setup_choices(data, players, by_start)
    if module and config.option("vh_setup") == "preconfigured":   # VVH-SETUP-8, at VIN-SETUP-4's place:
        at = next(i for i, q in enumerate(queue) if q["primitive"] == "choose_quest")   # before quests
        queue.insert(at, _queued("preconfigure_boards", first))              # (VVH-SETUP-10)
    return data


def _queued(primitive: str, seat: int) -> Data:
    return {"primitive": primitive, "params": {}, "meta": {"seat": seat}}


def fresh_turn(seat: int) -> Data:
    """Per-turn state, reset at every turn's end (VIN-TURN-9)."""
    return {"seat": seat, "used": {"activate": 0, "move": 0, "visit": 0},
            "extra": {"activate": 0, "visit": 0}, "activated": [], "visited": [], "controlled": [],
            "control_lock": None, "proficiency_kind": None, "used_abilities": [], "mods": [],
            "move_skipped": False}


def queue_setup_choices(data: Data, players: list[Data], by_start: list[int]) -> None:
    """The players' own set-up choices, then the steps that follow them, as queued effects."""
    queue = data["effects"]
    for seat in range(len(players)):                                        # VIN-SETUP-1
        queue.append({"primitive": "choose_character", "params": {}, "meta": {"seat": seat}})
    for seat in by_start:                                                   # VIN-SETUP-15
        queue.append({"primitive": "choose_quest", "params": {}, "meta": {"seat": seat}})
    queue.append({"primitive": "initial_discovery", "params": {}, "meta": {"seat": by_start[0]}})


# -- Villages & Hamlets -------------------------------------------------------------------------
def module_setup(data: Data, rng: Rng, selection: list[str] | None = None, preconfigured: bool = False) -> None:
    """VVH-SETUP-2, -3, -5..-7, -9: the Isle, the rune maps, both bags, the boards. In
    pre-configured mode the selected tiles wait in ``vh_pool`` for the group's choices (-8)."""
    module = content().module
    pool = list(module.selectable) if selection is None else list(selection)
    if len(pool) != module.selection_size or any(pool.count(t) > module.selectable.count(t) for t in pool):
        raise refuse("VVH-SETUP-6", f"select exactly {module.selection_size} tiles from the module's pool")
    runes = [r.id for r in module.runes]
    rng.shuffle(runes)
    data["isle"] = {area.id: {"ruins": runes.pop()} for area in module.isle_areas}
    data["ruins_out"] = runes                                   # out of the game, face down
    for area in module.isle_areas:
        data["regions"][area.id] = None                         # a building site, unbuilt
    data["rune_maps"] = module.rune_maps
    if preconfigured:
        data["vh_pool"] = sorted(pool)
        data["villages_bag"] = []
        data["bag"] = list(module.required)
    else:
        rng.shuffle(pool)
        data["villages_bag"] = pool[:module.villages_bag_size]
        data["bag"] = list(module.required) + pool[module.villages_bag_size:]
    data["settlements"] = {}
    for settlement in module.settlements:
        data["settlements"][settlement.id] = {"holder": None, "marker": False}
        for index in range(1, settlement.slots + 1):
            data["regions"][slot_id(settlement.id, index)] = None


def place_port(data: Data, start_position: int) -> None:
    """VVH-SETUP-4: Thwynn's Landing on the extra journey card's start triangle."""
    data["port"] = content().board.starts[start_position]
