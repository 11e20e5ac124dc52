"""The shape of Nemesis's state data (setup.py lists its parts), checked when a state document is
loaded, before any rule reads it (`Nemesis.data_schema`).

Every key the set-up and the rules create, with its type, range and the ids the content knows:
the players (character, place, Action cards, wounds, Hand slots, Inventory, quest and starting
items, objectives, contingencies, what they peeked at), the 25 Rooms slot by slot (a fixed slot
holds its own tile), the Corridors, the intruders, the bag, every deck and discard pile, time,
power, CSS, the Elevator, the Laboratory board, the end and its results, and the queued flow
steps with each step's parameters and the decision it may wait on. Options and the mode are
fixed by the document's header, so a document that says otherwise in its data is refused.

Cross-field facts that types cannot say (a card or token in exactly one place, a character in
the place the board shows, what the flow may wait on in each phase, a pending decision being the
one its step asks now) are the invariants (invariants.py), checked after the shape.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from engine.core.content import FieldPath
from engine.core.game import Config
from engine.core.schema import (
    Anything,
    Bool,
    Const,
    FlowStep,
    Int,
    Lazy,
    ListOf,
    MapOf,
    Nullable,
    OneOf,
    Problem,
    Record,
    Schema,
    Str,
    Tuple,
    Where,
    ids,
)

from .content import Content, content

PHASES = ("setup", "player", "event", "over")
PLACES = ("facility", "pod", "locked", "bunker", "evacuated", "dead")
CAUSES = ("wounds", "infection", "purge", "destroyed", "venting")
OBJECTS = ("egg", "carcass", "corpse")
ITEM_DECKS = ("red", "yellow", "green")
PODS = ("A", "B", "C")
DOORS = ("open", "closed", "destroyed")
END_KINDS = ("purge", "destroyed")
ROUTES = ("locked", "bunker", "evacuated", "dead")
VERBS = ("move", "careful_move", "pick_up", "item", "craft", "trade", "activate", "computer", "room",
         "shoot", "melee", "escape_facility")
MAX_ROUNDS = 40           # the Time track ends a game after 16 rounds; effects may add a few
MAX_INTRUDERS = 999       # miniature ids I1, I2, … are never reused; a long game places a few dozen
MAX_QUEUE = 200           # real queues hold a round's steps and one action's windows: a dozen or so
MAX_OPTIONS = 2_000       # the longest option lists (a Trade's offers, a free Room action) hold dozens
MAX_TEXT = 300
MAX_INVENTORY = 100       # no size limit in the rules (NEM-ITEM-2); real ones hold a handful

# The decision kinds a queued step may wait on, by the step that asks them.
PAUSES: dict[str, str] = {
    "draft": "draft", "keep_one_objective": "keep_objective", "careful_noise": "noise_exit",
    "echo_confusion": "echo_confusion", "search_keep": "search_keep", "schedule_css_move": "css_move",
    "elevator_rider": "elevator_ride", "free_room_action": "room_action", "reorder_events": "reorder_events",
    "granted_computer": "computer_action", "interruption": "interruption", "escort": "escort",
    "feel_of_the_dark": "feel_of_the_dark", "inconspicuous": "inconspicuous", "armor_vest": "armor_vest",
    "bag_noise_roll": "inconspicuous_noise", "combat_reroll": "reroll", "combat_resolve": "combat_discard",
    "arm_drop": "arm_drop", "craft_equipment": "craft_equipment", "trade_turn": "trade",
    "trade_accept": "trade_accept",
}


def data_schema(config: Config) -> Schema:
    """The schema of a Nemesis state's data for ``config`` (players, mode and options fixed)."""
    return _schema(config.players, config.mode, config.options)


@cache
def _schema(players: int, mode: str, options: tuple[tuple[str, Any], ...]) -> Schema:
    return Lazy(lambda: _build(players, mode, dict(options)))


class Call(Schema):
    """A step written as ``{name: {params}}`` (an action an Interruption window holds): one key,
    whose schema checks the params."""

    def __init__(self, calls: Mapping[str, Schema]) -> None:
        self.calls = dict(calls)

    def expected(self) -> str:
        return "one of " + ", ".join(f"{{{name}: {{…}}}}" for name in self.calls)

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if value.__class__ is not dict or len(value) != 1 or next(iter(value)) not in self.calls:
            self.report(value, path, found)
            return
        [(name, params)] = value.items()
        self.calls[name]._check(params, path + (name,), found)


class Held(Schema):
    """A thing held in a Hand slot, the Inventory or beside the board: an item card with its Ammo
    (None unless a weapon; a weapon's between 0 and its maximum), or an object."""

    def __init__(self, c: Content, where: str, items: Iterable[str], objects: bool, taped: Schema | None = None,
                 broken: bool = False) -> None:
        self.c, self.where, self.objects = c, where, objects
        item_fields: dict[str, Schema] = {"item": Str(ids(items), what=f"an item card kept {where}"),
                                          "ammo": Nullable(Int(0, 99))}
        optional: dict[str, Schema] = {}
        if taped is not None:
            optional["taped"] = taped           # Duct Tape: a second heavy item in the same slot
        if broken:
            optional["broken"] = Bool()         # the Probe Arm (NEM-ITEM-14)
        self.item = Record(item_fields, optional, what=f"an item card {{item, ammo}} kept {where}")
        self.object = Record({"object": Str(ids(OBJECTS), what="an object (egg, carcass, corpse)")},
                             what="an object {object}")

    def expected(self) -> str:
        return f"an item card {{item, ammo}}{' or an object {object}' if self.objects else ''} kept {self.where}"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if value.__class__ is dict and "object" in value and self.objects:
            self.object._check(value, path, found)
            return
        before = len(found)
        self.item._check(value, path, found)
        if len(found) != before:
            return
        weapon = self.c.items[value["item"]].weapon
        ammo = value["ammo"]
        if weapon is None and ammo is not None:
            self.report(ammo, path + ("ammo",), found, f"{value['item']} is no weapon: its Ammo is null")
        elif weapon is not None and not (isinstance(ammo, int) and 0 <= ammo <= weapon.max):
            self.report(ammo, path + ("ammo",), found,
                        f"{value['item']} holds from 0 to {weapon.max} Ammo, not {ammo!r}")


def _build(players: int, mode: str, options: Mapping[str, Any]) -> Schema:
    from .rules.combat import TAPED  # weapon slot TAPED + i: the item taped to Hand slot i
    from .rules.wounds import SERIOUS_LIMIT
    c = content()
    board = c.board
    rooms = ids(board.order)
    corridors = ids(board.corridors)
    seat = Int(0, players - 1)
    seat_keys = ids(str(s) for s in range(players))
    characters = ids(c.characters)
    tokens = ids(t.id for t in c.tokens.intruder_tokens)
    intruder_ids = ids(f"I{n}" for n in range(1, MAX_INTRUDERS + 1))
    intruder_kinds = ids(t.id for t in c.tokens.intruder_types if t.id != "egg")
    contingency = ids(t.id for t in c.tokens.contingency_tokens)
    css_tokens = ids(t.id for t in c.tokens.css_tokens)
    action_cards = ids(f"{card}.{i}" for ch in c.characters for i, card in enumerate(c.deck(ch)))
    card_kinds = ids(card.split(".")[0] for card in action_cards)
    cont_cards = ids(card.id for card in c.contamination)
    item_ids = ids(c.items)
    heavy = ids(i.id for i in c.items.values() if i.heavy)
    normal = ids(i.id for i in c.items.values() if not i.heavy and not i.beside_board)
    beside = ids(i.id for i in c.items.values() if i.beside_board)
    crafted = ids(c.item_deck("crafted"))
    quest = ids(ch.quest_item for ch in c.characters.values())
    objectives = ids(c.objectives)
    wounds = ids(c.serious_wounds)
    faces = ids([*c.dice.combat, *c.dice.advantage])
    slots = ids(str(slot) for slot in range(16))
    room_actions = ids(a.id for t in c.tiles.values() for a in t.actions)
    locations = ids(c.tokens.power_tokens.locations)
    row = c.mode(mode, players)

    ROOM = Str(rooms, what="a Room id of the board (R001, ISO, EL2, …)")
    SEAT = seat
    INTRUDER = Str(intruder_ids, what="an intruder miniature id (I1, I2, …)")
    OBJECT = Str(ids(OBJECTS), what="an object (egg, carcass, corpse)")
    handles = [*(f"h{i}" for i in range(2)), *(f"i{i}" for i in range(MAX_INVENTORY))]
    spots = [f"{pool}.{i}" for pool in ("neutral", *(f"seat{s}" for s in range(players)))   # contingency tokens
             for i in range(len(contingency))]
    HANDLE = Str(ids([*handles, *beside]),
                 what="a held thing's place (h0, h1, i0, …) or the item beside the board")

    def cards(choices: Iterable[str], what: str, max_len: int, unique: bool = True) -> Schema:
        return ListOf(Str(ids(choices), what=what), max_len=max_len, unique=unique)

    # -- a player ---------------------------------------------------------------------------------
    THING = Held(c, "in a Hand slot", heavy, objects=True, taped=Held(c, "taped to it", heavy, objects=False))
    KNOWN = Record({
        "contingency": ListOf(Record({"where": Str(max_len=40), "what": Record({
            "colour": Str(ids(t.colour for t in c.tokens.contingency_colours)), "token": Str(contingency)})}),
            max_len=50),
        "css": ListOf(Record({"where": Int(0, 15), "what": Str(ids(t.outcome for t in c.tokens.css_tokens))}),
                      max_len=50),
        "tiles": ListOf(Record({"where": ROOM, "what": Str(ids(c.tiles))}), max_len=50),
        "events": ListOf(Record({"where": Const("top"), "what": cards(c.events, "an Event card", 22)}),
                         max_len=50),
        "objectives": ListOf(Record({"where": SEAT, "what": cards(objectives, "an objective card", 2)}),
                             max_len=50),
    }, what="what the player peeked at {contingency, css, tiles, events, objectives}")
    STATS = Record({
        "rooms_explored": Int(0, len(rooms)),
        "kills": MapOf(Str(intruder_kinds, what="an intruder type"), Int(1, MAX_INTRUDERS)),
        "computer_actions": Int(0, 10_000),
        "carried_egg_out": Bool(),
    }, what="the player's statistics {rooms_explored, kills, computer_actions, carried_egg_out}")
    own_cards = [*action_cards, *cont_cards]
    deck_size = 10 + len(cont_cards)

    def player(s: int) -> Schema:
        return Record({
            "seat": Const(s), "number": Const(s + 1),
            "character": Nullable(Str(characters, what="a character id")),
            "where": Str(ids(PLACES), what="a place (" + ", ".join(PLACES) + ")"),
            "room": Nullable(ROOM), "pod": Nullable(Str(ids(PODS))),
            "cause": Nullable(Str(ids(CAUSES), what="a cause of death (" + ", ".join(CAUSES) + ")")),
            "hand": cards(own_cards, "an Action or Contamination card", deck_size),
            "deck": cards(own_cards, "an Action or Contamination card", deck_size),
            "discard": cards(own_cards, "an Action or Contamination card", deck_size),
            "passed": Bool(), "turned": Bool(),
            "light": Int(0, 2),
            "serious": ListOf(Record({"card": Nullable(Str(wounds)), "type": Str(wounds | {"generic"}),
                                      "dressed": Bool()}, what="a Serious Wound {card, type, dressed}"),
                              max_len=SERIOUS_LIMIT),      # a fourth kills instead (NEM-WOUND-5)
            "slime": Bool(), "larva": Bool(), "signal": Bool(),
            "knowledge": Int(0, 10), "knowledge_active": Bool(),
            "hands": ListOf(THING, max_len=2),
            "inventory": ListOf(Held(c, "in the Inventory", normal, objects=False), max_len=MAX_INVENTORY),
            "quest": Nullable(Record({"id": Str(quest, what="a quest item"), "active": Bool()})),
            "starting_item": Nullable(Held(c, "beside the board", beside, objects=False, broken=True)),
            "objectives": cards(objectives, "an objective card", 2),
            "contingency": cards(contingency, "a Contingency token", len(contingency)),
            "known": KNOWN,
            "scanned": cards(cont_cards, "a Contamination card", len(cont_cards)),
            "lit_round": Nullable(Int(0, MAX_ROUNDS)),
            "stats": STATS,
        }, optional={"forced_pass": Bool()}, what=f"seat {s}'s player")

    # -- the board --------------------------------------------------------------------------------
    tiles_i = ids(t.id for t in c.tiles.values() if t.pile == "I")
    tiles_ii = ids(t.id for t in c.tiles.values() if t.pile == "II")
    exploration = ids(t.id for t in c.tokens.exploration_tokens)
    most_items = max(t.items for t in c.tokens.exploration_tokens)
    objects_max = sum(s.count or 0 for s in c.tokens.supplies if s.id in OBJECTS)

    def room(room_id: str) -> Schema:
        slot = board.rooms[room_id]
        fixed = slot.fixed_tile
        common = {"fire": Bool(), "malfunction": Bool(), "objects": ListOf(OBJECT, max_len=objects_max)}
        if fixed:
            return Record({
                "tile": Const(fixed), "explored": Const(True), "token": Const(None), "items": Const(None),
                "face": Str(ids(c.tiles[fixed].faces)) if c.tiles[fixed].faces else Const(None), **common,
            }, what=f"the Room {room_id} ({fixed})")
        return Record({
            "tile": Str(tiles_i if slot.slot == "I" else tiles_ii, what=f"a Room tile of pile {slot.slot}"),
            "explored": Bool(), "token": Nullable(Str(exploration, what="an exploration token")),
            "items": Nullable(Int(0, most_items)), "face": Const(None), **common,
        }, what=f"the Room {room_id}")

    INTRUDER_STATE = Record({
        "type": Str(intruder_kinds, what="an intruder type (larva, creeper, adult, breeder, queen)"),
        "token": Nullable(Str(tokens, what="an intruder token")), "room": ROOM,
        "injuries": Int(0, 99), "arrived": Int(1, 100_000),
    }, what="an intruder {type, token, room, injuries, arrived}")

    # -- the queued steps -------------------------------------------------------------------------
    ID_ARG = Str(ids([*rooms, *corridors, "TECH", *intruder_ids, *locations, *item_ids, *OBJECTS, *ITEM_DECKS,
                      *characters, *objectives, *contingency, *action_cards, *cont_cards, *room_actions,
                      "none", "eggs", "dress", "heal_light", "heal_serious", "malfunction", "open", "closed",
                      "destroyed", "close", "left", "right", "stay", "rover", "suit", "bunker", "facility",
                      "items", "yes", "no", *handles, *spots, *(f"N{i}" for i in range(len(contingency))),
                      *(f"{room}/{kind}" for room in rooms for kind in OBJECTS),     # an object lying there
                      *(f"held.{kind}" for kind in OBJECTS)]),
                 what="a Room, Corridor, intruder, item or other id")
    SCALAR = OneOf(Int(-20, 99), ID_ARG)
    VALUE = OneOf(SCALAR, ListOf(SCALAR, max_len=8), Const(None))
    TARGETS = ListOf(VALUE, max_len=8)
    OPTION = Nullable(Int(0, 9))
    ARGS: dict[str, Schema] = {
        "move": Record({"to": ROOM}), "careful_move": Record({"to": ROOM}),
        "pick_up": Record({"kind": OBJECT}),
        "item": Record({"item": Str(item_ids), "option": OPTION, "targets": TARGETS}),
        "craft": Record({"item": Str(crafted), "use": ListOf(HANDLE, 1, 2, unique=True)}),
        "trade": Record({}), "activate": Record({}),
        "computer": Record({"card": Str(ids(c.computer_cards)), "index": Int(1, 3), "option": VALUE,
                            "target": VALUE}),
        "room": Record({"action": Str(room_actions), "option": VALUE, "target": VALUE}),
        "shoot": Record({"target": Str(intruder_ids | {"eggs"}), "slot": Int(0, TAPED + 1)}),
        "melee": Record({"target": Str(intruder_ids | {"eggs"}), "slot": Const(-1)}),
        "escape_facility": Record({"mode": Str(ids(("rover", "suit")))}),
    }

    class Declared(Schema):
        """``declared_action`` params: the args are the verb's own."""

        def __init__(self, base: Record) -> None:
            self.base = base

        def expected(self) -> str:
            return "a declared action {seat, verb, args[, cancelled]}"

        def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
            before = len(found)
            self.base._check(value, path, found)
            if len(found) == before:
                ARGS[value["verb"]]._check(value["args"], path + ("args",), found)

    def params(fields: Mapping[str, Schema], optional: Mapping[str, Schema] | None = None) -> Record:
        return Record(fields, optional or {}, what="the step's parameters")

    DECLARED = Declared(params({"seat": SEAT, "verb": Str(ids(VERBS), what="an action verb"),
                                "args": Record({}, extra=Anything())}, {"cancelled": Bool()}))
    PLAY_CARD = params({"seat": SEAT, "card": Str(card_kinds, what="an Action card")},
                       {"option": OPTION, "targets": TARGETS, "deck": Nullable(Str(ids(ITEM_DECKS))),
                        "cancelled": Bool()})
    none = params({})
    steps: dict[str, Schema] = {name: none for name in (
        "draft", "begin", "start_round", "end_player_phase", "e1_css", "e2_time", "e3_noise_removal",
        "e4_attacks", "e5_fire", "e6_event", "e7_bag", "keep_objective", "keep_one_objective", "arm_drop",
        "bag_noise_roll", "elevator_rider", "reorder_events")}
    combat = {"attack": Str(ids(("shoot", "melee"))), "target": Str(intruder_ids | {"eggs"}),
              "slot": Int(-1, TAPED + 1)}
    steps.update({
        "careful_noise": params({"room": ROOM}), "echo_confusion": params({"room": ROOM}),
        "craft_equipment": params({"room": ROOM}),
        "armor_vest": params({"intruder": INTRUDER, "card": Str(ids(c.attacks), what="an Attack card")}),
        "feel_of_the_dark": params({"intruder": INTRUDER}), "inconspicuous": params({"intruder": INTRUDER}),
        "combat_roll": params(combat),
        "combat_reroll": params({**combat, "face": Str(faces), "used": Int(0, 10)}),
        "combat_resolve": params({**combat, "face": Str(faces)}),
        "declared_action": DECLARED, "play_card": PLAY_CARD,
        "finish_action": params({"seat": SEAT}),
        "elevator_go": params({"to": Str(ids(c.board_file.elevator.stops.values()))}),
        "escort": params({"start": ROOM, "to": ROOM}),
        "free_room_action": params({"filters_met": Bool()}),
        "granted_computer": params({"kind": Str(ids(("", "remote", "no_power")))}),
        "interruption": params({
            "actor": SEAT, "room": ROOM,
            "action": Call({"declared_action": DECLARED, "play_card": PLAY_CARD}),
            "chain": ListOf(SEAT, max_len=60), "asked": ListOf(SEAT, max_len=players, unique=True)}),
        "schedule_css_move": params({"slot": Int(0, 15)}),
        "search_keep": Where(params({"deck": Str(ids(ITEM_DECKS)), "cards": ListOf(Str(item_ids), 1, 2)}),
                             lambda p: all(c.items[i].deck == p["deck"] for i in p["cards"]),
                             "the cards drawn come from the deck searched"),
        "surprise_check": params({"token": Str(tokens), "seat": SEAT}),
        "trade_accept": params({"giver": SEAT, "thing": HANDLE}),
        "trade_turn": params({"room": ROOM, "order": ListOf(SEAT, 2, players, unique=True),
                              "at": Int(0, players), "done": ListOf(SEAT, max_len=players, unique=True),
                              "moves": Int(0, 99)}),
    })
    ANSWER = OneOf(Str(max_len=MAX_TEXT), Int(-1, 99))
    STEP = FlowStep(Record({
        "primitive": Str(ids(steps), what="a Nemesis flow step"),
        "params": Record({}, extra=Anything(), what="the step's parameters"),
        "meta": Record({"seat": SEAT}, what="the step's tag {seat}"),
    }, optional={
        "pause": Record({"kind": Str(ids(PAUSES.values())), "options": ListOf(ANSWER, 1, MAX_OPTIONS)}),
    }, what="a queued step"), steps, {name: (kind,) for name, kind in PAUSES.items()})

    RESULT = Record({
        "route": Str(ids(ROUTES)), "alive": Bool(), "contingency": Nullable(Bool()),
        "contamination": Nullable(Bool()), "reason": Str(max_len=MAX_TEXT),
        "objective": Nullable(Str(objectives)), "objective_met": Bool(), "won": Bool(),
    }, what="a player's result")
    DECK = {"red": cards(c.item_deck("red"), "a red item card", 30, unique=False),
            "yellow": cards(c.item_deck("yellow"), "a yellow item card", 30, unique=False),
            "green": cards(c.item_deck("green"), "a green item card", 30, unique=False),
            "event": cards(c.events, "an Event card", len(c.events)),
            "attack": cards(c.attacks, "an Attack card", len(c.attacks)),
            "contamination": cards(cont_cards, "a Contamination card", len(cont_cards)),
            "wound": cards(wounds, "a Serious Wound card", sum(w.copies for w in c.serious_wounds.values()),
                           unique=False),
            "computer": cards(c.computer_cards, "a Computer card", len(c.computer_cards))}
    draft = options.get("draft") or "random"

    return Record({
        "game": Const("nemesis"), "mode": Const(mode),
        "phase": Str(ids(PHASES), what="a phase (" + ", ".join(PHASES) + ")"),
        "round": Int(0, MAX_ROUNDS),
        "players": Tuple(*(player(s) for s in range(players))),
        "first": SEAT,
        "turn": Nullable(Record({"seat": SEAT, "actions": Int(0, 2), "first_turn_moves": Int(0, 10)},
                                what="the turn {seat, actions, first_turn_moves}")),
        "rooms": Record({r: room(r) for r in board.order}, what="the 25 Rooms of the board"),
        "corridors": Record({cid: Record({"door": Str(ids(DOORS)), "noise": Bool()}) for cid in board.corridors},
                            what="the 33 Corridors of the board"),
        "tech_noise": Bool(),
        "intruders": MapOf(Str(intruder_ids, what="an intruder miniature id (I1, I2, …)"), INTRUDER_STATE,
                           max_len=sum(t.limit or 0 for t in c.tokens.intruder_types)),
        "next_intruder": Int(1, MAX_INTRUDERS + 1), "arrivals": Int(0, 100_000),
        "bag": cards(tokens, "an intruder token", len(tokens)),
        "supply": cards(tokens, "an intruder token", len(tokens)),
        "out_tokens": cards(tokens, "an intruder token", len(tokens)),
        "decks": Record(DECK, what="the decks"),
        "discards": Record(DECK, what="the discard piles"),
        "removed": ListOf(Str(ids([*item_ids, *objectives, *c.events, *OBJECTS]),
                              what="an item, objective or Event card, or a researched object"), max_len=500),
        "crafted": cards(crafted, "a Crafted item", 15, unique=False),
        "power": Record({loc: Int(1, 4) for loc in c.tokens.power_tokens.locations}, what="the four Power tokens"),
        "active_power": ListOf(Int(1, 4), max_len=4, unique=True),
        "time": Int(0, 15), "time_active": Bool(),
        "selfdestruct": Nullable(Record({"slot": Int(0, 15), "colour": Str(ids(("yellow", "red")))})),
        "alert": Nullable(Int(0, 15)),
        "css": MapOf(Str(slots, what="a Time-track slot (0 to 15)"), Str(css_tokens), max_len=len(css_tokens)),
        "css_launched": cards(css_tokens, "a CSS token", len(css_tokens)),
        "pods": Record({pod: Nullable(SEAT) for pod in PODS}),
        "elevator": Str(ids(c.board_file.elevator.stops.values())),
        "main_gate_open": Bool(), "rover": Str(ids(("facility", "bunker"))), "venting": Nullable(ROOM),
        "weaknesses": Tuple(*[Record({"id": Str(ids(c.weaknesses)), "revealed": Bool(),
                                      "object": Nullable(OBJECT)})] * 3),
        "researched_kinds": ListOf(OBJECT, max_len=3, unique=True),
        "nest_eggs": Int(0, 8), "nest_destroyed": Bool(), "eggs_supply": Int(0, 8),
        "carcass_supply": Int(0, 8), "corpse_supply": Int(0, 5),
        "contingency_active": Str(contingency),
        "neutral": cards(contingency, "a Contingency token", len(contingency)),
        "neutral_revealed": cards(contingency, "a Contingency token", len(contingency)),
        "milestones": Record({k: Bool() for k in ("first_encounter", "first_death", "isolation_open",
                                                  "selfdestruct_red")}),
        "queen_killed": Bool(), "facility_destroyed": Bool(),
        "end": Nullable(Record({"kind": Str(ids(END_KINDS)), "why": Str(max_len=MAX_TEXT)})),
        "halve_items": Const(row.halve_item_counters), "draft": Const(draft),
        "reaction_prompt": Const(options.get("reaction_prompt") or "only_when_playable"),
        "fire_wound_once": Const(bool(options.get("fire_wound_once_per_round"))),
        "death_at_three": Const(bool(options.get("death_at_three_serious"))),
        "once": MapOf(Str(max_len=MAX_TEXT), Int(0, MAX_ROUNDS), max_len=100),
        "effects": ListOf(STEP, max_len=MAX_QUEUE),
    }, optional={
        "draft_offer": MapOf(Str(seat_keys), cards(characters, "a character", len(characters)), max_len=players),
        "elevator_riders": ListOf(SEAT, max_len=players, unique=True),
        "nest_knowledge_given": Bool(),
        "result": MapOf(Str(seat_keys), RESULT, complete=True),
    }, what="Nemesis's state data")

