"""Nemesis: Lockdown's content, loaded from YAML under resources/nemesis/ and checked on load.

Each file maps onto the frozen dataclasses below through the project's loader (`engine.core.content`),
so a mistake is reported with its file, line and field. Per-file rules (ids, counts of spec 3.9, the
board rules of spec 3.1.2) run in the file schemas' `__post_init__`; references between files run in
`check_content`, which also finds the line. Effects are plain nested data checked against
`engine.nemesis.vocabulary` (spec 7.1): a primitive is `{name: args}` or a bare name, a list is a seq.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Annotated, Any, Literal

from engine.core.content import FieldError, FieldPath, Name, check_count, check_unique
from engine.core.content_files import ContentFiles

from .board import EXIT_NUMBERS, SECTIONS, TECH, Board, Corridor, Rect, Room
from .vocabulary import CONDITION, EFFECT, STATISTICS

EffectTree = Annotated[object, EFFECT]        # a checked primitive tree (tuples and FrozenMaps)
ConditionTree = Annotated[object, CONDITION]  # a checked objective / unlock condition

Colour = Literal["red", "yellow", "green", "white", "black", "none"]
Tag = Literal["in", "out", "any", "reaction"]
ItemTag = Literal["in", "out", "any", "reaction", "passive", "weapon"]
Component = Literal["CHEMICAL", "ELECTRONIC", "MECHANICAL", "MEDICAL", "FABRIC"]
IntruderKind = Literal["larva", "creeper", "adult", "breeder", "queen"]
Pod = Literal["A", "B", "C"]

# The physical counts the loader enforces (spec 3.9, 3.4, 3.5, 3.7, Section 7).
COUNTS = {
    "tiles_I": 10, "tiles_II": 9, "exploration_tokens": 20, "intruder_tokens": 27, "characters": 6,
    "cards_per_deck": 10, "common_cards": 5, "unique_cards": 5, "red": 30, "yellow": 30, "green": 30,
    "crafted": 15, "crafted_kinds": 5, "starting": 4, "quest": 6, "events": 22, "attacks": 20,
    "weaknesses": 6, "personal": 9, "corporate": 9, "solo_coop": 10, "computer_cards": 6,
    "serious_wounds": 25, "contamination": 27, "infected": 9, "css_tokens": 7, "contingency_tokens": 7,
}


# -- shared pieces ----------------------------------------------------------------------------------


# -- board_basic.yaml (spec 3.1) --------------------------------------------------------------------

@dataclass(frozen=True)
class TrackGeometry:
    x: int
    y: int
    w: int
    h: int
    step: int


@dataclass(frozen=True)
class BandGeometry:
    y: int
    w: int
    h: int


@dataclass(frozen=True)
class Spaces:
    """Other board spaces (spec 3.1.3): drawing rectangles [x, y, w, h]."""
    bunker: Rect
    main_gate: Rect
    rover_facility: Rect
    rover_bunker: Rect
    css_pods: dict[Pod, Rect]
    elevator_stops: dict[str, Rect]
    power_slots: dict[Literal["S01", "S02", "S03", "ELEVATOR"], Rect]
    tech_space: Rect
    neutral_pool: Rect
    active_contingency: Rect
    computer_card: Rect
    time_track: TrackGeometry
    css_token_slots: BandGeometry


@dataclass(frozen=True)
class Elevator:
    stops: dict[Literal["S01", "S02", "S03"], str]
    start: str


@dataclass(frozen=True)
class BoardFile:
    """board_basic.yaml; the loader rules of spec 3.1.2 run here (NEM-SETUP-2)."""
    side: Literal["basic"]
    rooms: tuple[Room, ...]
    corridors: tuple[Corridor, ...]
    spaces: Spaces
    elevator: Elevator

    def __post_init__(self) -> None:
        check_unique(self.rooms, "id", ("rooms",))
        check_unique(self.rooms, "number", ("rooms",))
        check_unique(self.corridors, "id", ("corridors",))
        rooms = {r.id: i for i, r in enumerate(self.rooms)}
        corridors = {c.id: (i, c) for i, c in enumerate(self.corridors)}
        for i, c in enumerate(self.corridors):
            for end in ("a", "b"):
                if getattr(c, end) not in rooms:
                    raise FieldError(("corridors", i, end), f"corridor {c.id} names the unknown room "
                                                            f"{getattr(c, end)!r}")
            if c.a == c.b:
                raise FieldError(("corridors", i, "b"), f"corridor {c.id} joins room {c.a} to itself")
            if c.number not in EXIT_NUMBERS:
                raise FieldError(("corridors", i, "number"), f"corridor numbers are 1-4, got {c.number}")
        used: dict[str, list[str]] = {}
        for i, room in enumerate(self.rooms):
            where = ("rooms", i, "exits")
            if sorted(room.exits) != list(EXIT_NUMBERS):
                raise FieldError(where, f"room {room.id} must map each corridor number 1, 2, 3 and 4 exactly "
                                        f"once, got {sorted(room.exits)}")
            for number, target in room.exits.items():
                if target == TECH:
                    continue
                if target not in corridors:
                    raise FieldError(where + (number,), f"room {room.id} exit {number} names the unknown "
                                                        f"corridor {target!r} (use a corridor id or TECH)")
                _, corridor = corridors[target]
                if room.id not in corridor.ends:
                    raise FieldError(where + (number,), f"room {room.id} lists corridor {target}, but {target} "
                                                        f"joins {corridor.a} and {corridor.b}")
                if corridor.number != number:
                    raise FieldError(where + (number,), f"room {room.id} puts corridor {target} on exit "
                                                        f"{number}, but {target} carries number {corridor.number}")
                if target in used.setdefault(room.id, []):
                    raise FieldError(where + (number,), f"room {room.id} lists corridor {target} twice")
                used[room.id].append(target)
            if room.slot in ("special", "printed") and room.fixed_tile is None:
                raise FieldError(("rooms", i, "fixed_tile"), f"room {room.id} is a {room.slot} slot and needs "
                                                            "its fixed_tile")
            if room.slot in ("I", "II") and room.fixed_tile is not None:
                raise FieldError(("rooms", i, "fixed_tile"), f"room {room.id} is a tile slot ({room.slot}); "
                                                            "only special and printed slots have a fixed_tile")
        for cid, (i, c) in corridors.items():
            for end in c.ends:
                if cid not in used.get(end, ()):
                    raise FieldError(("corridors", i), f"corridor {cid} joins {c.a} and {c.b}, but room {end} "
                                                       f"does not list it among its exits (add {c.number}: {cid})")
        exit_rooms = [i for i, r in enumerate(self.rooms) if r.exit_room]
        if len(exit_rooms) != 1:
            raise FieldError(("rooms",), f"exactly one room must have exit_room: true, found {len(exit_rooms)} "
                                         "(NEM-SETUP-2)")
        board = self.board()
        if not board.is_connected():
            cut = sorted(set(board.rooms) - board.reachable(self.rooms[0].id))
            raise FieldError(("corridors",), f"the board is not connected: {', '.join(cut)} cannot be reached "
                                             f"from {self.rooms[0].id}")
        for section, stop in self.elevator.stops.items():
            if stop not in rooms or board.section_of(stop) != section:
                raise FieldError(("elevator", "stops", section), f"the {section} elevator stop must be a room "
                                                                  f"of {section}, got {stop!r}")
        if self.elevator.start not in self.elevator.stops.values():
            raise FieldError(("elevator", "start"), f"the elevator starts at one of its stops, not "
                                                    f"{self.elevator.start!r}")

    def board(self) -> Board:
        return Board({r.id: r for r in self.rooms}, {c.id: c for c in self.corridors})


# -- rooms.yaml (spec 3.4, 7.2) ---------------------------------------------------------------------

@dataclass(frozen=True)
class RoomAction:
    id: str
    name: Name
    cost: int
    rule: str                          # the spec rule that defines it
    effect: EffectTree | None          # None: a procedure the engine runs by `rule`
    combat: Literal["out"] = "out"     # room actions are out of combat (NEM-ROOM-1)
    face: str | None = None            # only on this face of the tile (Isolation Room: open)


@dataclass(frozen=True)
class Passive:
    en: str
    zh: str
    rule: str


@dataclass(frozen=True)
class Tile:
    id: str
    name: Name
    pile: Literal["I", "II", "special", "printed"]
    colour: Colour
    computer: bool
    item_counter: bool
    actions: tuple[RoomAction, ...]
    malfunction_allowed: bool = True
    pod: Pod | None = None
    faces: tuple[str, ...] = ()
    passive: Passive | None = None

    @property
    def searchable(self) -> bool:
        return self.item_counter

    def __post_init__(self) -> None:
        if self.item_counter and self.pile not in ("I", "II"):
            raise ValueError(f"tile {self.id}: only I and II tiles have an Item Counter")
        if self.item_counter and self.colour in ("black", "none"):
            raise ValueError(f"tile {self.id}: a searchable tile needs a colour red, yellow, green or white")
        for action in self.actions:
            if action.face is not None and action.face not in self.faces:
                raise ValueError(f"tile {self.id}: action {action.id} names the face {action.face!r}, "
                                 f"but the tile's faces are {list(self.faces)}")


@dataclass(frozen=True)
class RoomsFile:
    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        check_unique(self.tiles, "id", ("tiles",))
        piles = Counter(t.pile for t in self.tiles)
        check_count(("tiles",), '"I" tiles', piles["I"], COUNTS["tiles_I"], "spec 3.4")
        check_count(("tiles",), '"II" tiles', piles["II"], COUNTS["tiles_II"], "spec 3.4")
        for i, tile in enumerate(self.tiles):
            check_unique(tile.actions, "id", ("tiles", i, "actions"))


# -- time_track.yaml (spec 3.6) ---------------------------------------------------------------------

Slot = int | Literal["S"]


@dataclass(frozen=True)
class TimeTrack:
    slots: tuple[Slot, ...]
    start: int
    white_from: int
    css_slots: tuple[int, ...]
    thresholds_after: dict[int, Literal["red", "blue"]]

    def __post_init__(self) -> None:
        if self.slots != tuple(range(15, 0, -1)) + ("S",):
            raise FieldError(("slots",), "the Time track runs 15, 14, ..., 1, S (spec 3.6)")
        for key in ("start", "white_from"):
            if getattr(self, key) not in self.slots:
                raise FieldError((key,), f"{key} must be a slot of the track")
        for i, slot in enumerate(self.css_slots):
            if slot not in self.slots:
                raise FieldError(("css_slots", i), f"CSS slot {slot} is not on the track")
        for slot in self.thresholds_after:
            if slot not in self.slots or slot == 1:
                raise FieldError(("thresholds_after", slot), f"a threshold follows a slot from 15 to 2, not {slot}")

    @staticmethod
    def index(slot: Slot) -> int:
        """Internal index: S is 0, slot n is n (moving forward lowers it by one)."""
        return 0 if slot == "S" else int(slot)

    def colour(self, slot: Slot) -> Literal["green", "plain", "white", "red"]:
        if slot == "S":
            return "red"
        if slot == self.start:
            return "green"
        return "white" if slot <= self.white_from else "plain"


# -- dice.yaml (spec 3.10) --------------------------------------------------------------------------

@dataclass(frozen=True)
class Dice:
    noise: tuple[Literal["1", "2", "3", "4", "SILENCE", "DANGER"], ...]
    combat: tuple[Literal["BLANK", "CREEPER", "ADULT", "HIT1", "HIT2"], ...]
    advantage: tuple[Literal["DISCARD_FOR_1", "CREEPER", "ADULT", "HIT1", "HIT1_OR_DISCARD_FOR_2", "HIT2"], ...]

    def __post_init__(self) -> None:
        for die, sides in (("noise", 10), ("combat", 6), ("advantage", 6)):
            check_count((die,), "faces", len(getattr(self, die)), sides, f"the {die} die is a d{sides}")


# -- modes.yaml (spec 4.1) --------------------------------------------------------------------------

@dataclass(frozen=True)
class ObjectiveDeal:
    keep: int | None          # kept at the First Encounter; None: all kept
    public: bool
    personal: int = 0
    corporate: int = 0
    solo_coop: int = 0


@dataclass(frozen=True)
class ModeRow:
    mode: Literal["solo", "standard", "coop"]
    players: int
    adults: int
    objectives: ObjectiveDeal
    contingency_per_player: int
    neutral_pool: int
    neutral_revealed: int
    halve_item_counters: bool


@dataclass(frozen=True)
class ModesFile:
    modes: tuple[ModeRow, ...]

    def __post_init__(self) -> None:
        seen: dict[tuple[str, int], int] = {}
        for i, row in enumerate(self.modes):
            key = (row.mode, row.players)
            if key in seen:
                raise FieldError(("modes", i), f"{row.mode} with {row.players} players is listed twice")
            seen[key] = i
        expected = {("solo", 1)} | {(m, n) for m in ("standard", "coop") for n in range(2, 6)}
        if set(seen) != expected:
            missing = sorted(expected - set(seen))
            extra = sorted(set(seen) - expected)
            raise FieldError(("modes",), f"modes must cover solo 1, standard 2-5 and coop 2-5 (NEM-SETUP-1); "
                                         f"missing {missing}, unexpected {extra}")


# -- tokens.yaml (spec 3.5, 3.7, 3.9, 7.11, 7.12) ---------------------------------------------------

@dataclass(frozen=True)
class ExplorationEffect:
    id: str
    name: Name


@dataclass(frozen=True)
class ExplorationToken:
    id: str
    effect: str
    items: int


@dataclass(frozen=True)
class IntruderType:
    id: Literal["egg", "larva", "creeper", "adult", "breeder", "queen"]
    name: Name
    rank: int
    limit: int | None


@dataclass(frozen=True)
class IntruderToken:
    id: str
    type: Literal["larva", "creeper", "adult", "breeder", "queen", "blank"]
    lit: int | None
    dark: int | None

    def __post_init__(self) -> None:
        if (self.type == "blank") != (self.lit is None) or (self.lit is None) != (self.dark is None):
            raise ValueError(f"token {self.id}: a blank token has no numbers; every other has lit and dark")
        if self.lit is not None and self.dark is not None and self.dark < self.lit:
            raise ValueError(f"token {self.id}: the dark number is never below the lit one (NEM-DEC-4)")


@dataclass(frozen=True)
class StartingBag:
    blank: int
    larva: int
    creeper: int
    queen: int
    adult: int
    adult_per_player: int

    def composition(self, players: int) -> dict[str, int]:
        """NEM-SETUP-3: type -> tokens in the starting bag for `players` players."""
        return {"blank": self.blank, "larva": self.larva, "creeper": self.creeper, "queen": self.queen,
                "adult": self.adult + self.adult_per_player * players}


@dataclass(frozen=True)
class CssToken:
    id: str
    outcome: Literal["A", "B", "C", "ALL", "NONE"]
    evacuates: frozenset[Pod]


@dataclass(frozen=True)
class ContingencyColour:
    colour: Literal["GREEN", "YELLOW", "BLUE", "GRAY", "RED"]
    name: Name
    kills: ConditionTree | None


@dataclass(frozen=True)
class ContingencyToken:
    id: str
    colour: str


@dataclass(frozen=True)
class PowerTokens:
    numbers: tuple[int, ...]
    active_at_start: frozenset[int]
    locations: tuple[str, ...]


@dataclass(frozen=True)
class Supply:
    id: str
    count: int | None                   # None: unlimited (NEM-DEC-6)
    in_nest_at_start: int | None = None
    on_exhaustion: Literal["destroy_facility"] | None = None


@dataclass(frozen=True)
class TokensFile:
    exploration_effects: tuple[ExplorationEffect, ...]
    exploration_tokens: tuple[ExplorationToken, ...]
    intruder_types: tuple[IntruderType, ...]
    intruder_tokens: tuple[IntruderToken, ...]
    starting_bag: StartingBag
    css_tokens: tuple[CssToken, ...]
    contingency_colours: tuple[ContingencyColour, ...]
    contingency_tokens: tuple[ContingencyToken, ...]
    power_tokens: PowerTokens
    supplies: tuple[Supply, ...]

    def __post_init__(self) -> None:
        for key, field_ in (("exploration_effects", "id"), ("exploration_tokens", "id"), ("intruder_types", "id"),
                            ("intruder_tokens", "id"), ("css_tokens", "id"), ("contingency_colours", "colour"),
                            ("contingency_tokens", "id"), ("supplies", "id")):
            check_unique(getattr(self, key), field_, (key,))
        check_count(("exploration_tokens",), "exploration tokens", len(self.exploration_tokens),
               COUNTS["exploration_tokens"], "spec 3.5")
        check_count(("intruder_tokens",), "intruder tokens", len(self.intruder_tokens), COUNTS["intruder_tokens"],
               "spec 3.7")
        check_count(("css_tokens",), "CSS tokens", len(self.css_tokens), COUNTS["css_tokens"], "spec 7.12")
        check_count(("contingency_tokens",), "contingency tokens", len(self.contingency_tokens),
               COUNTS["contingency_tokens"], "spec 7.11")
        effects = {e.id for e in self.exploration_effects}
        for i, token in enumerate(self.exploration_tokens):
            if token.effect not in effects:
                raise FieldError(("exploration_tokens", i, "effect"), f"unknown exploration effect "
                                                                      f"{token.effect!r} (one of {sorted(effects)})")
            if not 1 <= token.items <= 4:
                raise FieldError(("exploration_tokens", i, "items"), "an exploration token shows 1 to 4 items")
        colours = {c.colour for c in self.contingency_colours}
        for i, contingency in enumerate(self.contingency_tokens):
            if contingency.colour not in colours:
                raise FieldError(("contingency_tokens", i, "colour"),
                                 f"unknown contingency colour {contingency.colour!r} (one of {sorted(colours)})")
        have = Counter(t.type for t in self.intruder_tokens)
        for kind in ("blank", "larva", "creeper", "queen", "adult"):
            if getattr(self.starting_bag, kind) > have[kind]:
                raise FieldError(("starting_bag", kind), f"the starting bag wants {getattr(self.starting_bag, kind)} "
                                                         f"{kind} tokens, but only {have[kind]} exist")
        if self.starting_bag.adult + 5 * self.starting_bag.adult_per_player > have["adult"]:
            raise FieldError(("starting_bag", "adult_per_player"), "five players would need more Adult tokens "
                                                                   f"than the {have['adult']} that exist")
        for i, css in enumerate(self.css_tokens):
            expected = {"A": {"A"}, "B": {"B"}, "C": {"C"}, "ALL": {"A", "B", "C"}, "NONE": set()}[css.outcome]
            if css.evacuates != expected:
                raise FieldError(("css_tokens", i, "evacuates"), f"outcome {css.outcome} evacuates "
                                                                 f"{sorted(expected)} (NEM-CSS-8/9)")


# -- cards/characters.yaml (spec 7.3) -----------------------------------------------------------------

@dataclass(frozen=True)
class ActionCard:
    id: str
    name: Name
    cost: int
    tag: Tag
    text: Name
    effect: EffectTree
    copies: int = 1


@dataclass(frozen=True)
class Character:
    id: str
    name: Name
    group: Literal["nemesis_survivor", "facility_worker"]
    start_room: str
    knowledge: int
    starting_item: str | None
    quest_item: str
    cards: tuple[ActionCard, ...]     # the five unique cards

    def deck(self, common: tuple[ActionCard, ...]) -> tuple[str, ...]:
        """The ten card ids of this character's Action deck, one per physical card."""
        ids = [card.id for card in common for _ in range(card.copies)]
        return tuple(ids + [card.id for card in self.cards for _ in range(card.copies)])


@dataclass(frozen=True)
class CharactersFile:
    common_cards: tuple[ActionCard, ...]
    characters: tuple[Character, ...]

    def __post_init__(self) -> None:
        check_unique(self.common_cards, "id", ("common_cards",))
        check_unique(self.characters, "id", ("characters",))
        check_count(("characters",), "characters", len(self.characters), COUNTS["characters"], "spec 7.3")
        check_count(("common_cards",), "common cards (copies counted)", sum(c.copies for c in self.common_cards),
               COUNTS["common_cards"], "Search x2, Dismantle, Interruption, Rest")
        common = {c.id for c in self.common_cards}
        for i, character in enumerate(self.characters):
            where = ("characters", i, "cards")
            check_unique(character.cards, "id", where)
            for k, card in enumerate(character.cards):
                if card.id in common:
                    raise FieldError(where + (k, "id"), f"{card.id} is a common card; list it once under "
                                                        "common_cards")
            check_count(where, f"unique cards for {character.id} (copies counted)",
                   sum(c.copies for c in character.cards), COUNTS["unique_cards"], "spec 7.3: 5 + 5 common = 10")


# -- cards/items.yaml (spec 7.3, 7.4) -----------------------------------------------------------------

@dataclass(frozen=True)
class Weapon:
    kind: Literal["classic", "energy"]
    ammo: int
    max: int

    def __post_init__(self) -> None:
        if not 0 < self.ammo <= self.max:
            raise ValueError(f"a weapon starts with 1..max Ammo, got {self.ammo}/{self.max}")


@dataclass(frozen=True)
class Item:
    id: str
    deck: Literal["red", "yellow", "green", "crafted", "starting", "quest"]
    name: Name
    text: Name
    cost: int | None                  # None: no action (weapons, passives)
    tag: ItemTag
    copies: int = 1
    heavy: bool = False
    component: Component | None = None
    one_use: bool = False
    weapon: Weapon | None = None
    effect: EffectTree | None = None
    recipe: tuple[Component, ...] = ()
    owner: str | None = None          # starting and quest items: the character
    unlock: ConditionTree | None = None
    beside_board: bool = False        # Probe Arm: kept beside the board, not in a Hand slot

    def __post_init__(self) -> None:
        if (self.tag == "weapon") != (self.weapon is not None):
            raise ValueError(f"item {self.id}: a weapon has tag weapon and its weapon: {{kind, ammo, max}}")
        if (self.deck == "crafted") != bool(self.recipe):
            raise ValueError(f"item {self.id}: crafted items, and only they, have a recipe")
        if self.recipe and (len(self.recipe) != 2 or len(set(self.recipe)) != 2):
            raise ValueError(f"item {self.id}: a recipe names two different component symbols")
        if (self.deck in ("starting", "quest")) != (self.owner is not None):
            raise ValueError(f"item {self.id}: starting and quest items, and only they, have an owner")
        if (self.deck == "quest") != (self.unlock is not None):
            raise ValueError(f"item {self.id}: quest items, and only they, have an unlock condition")
        if self.tag in ("passive", "weapon") and self.cost is not None:
            raise ValueError(f"item {self.id}: a {self.tag} item has no action, so cost must be null")
        if self.tag not in ("passive", "weapon") and self.cost is None:
            raise ValueError(f"item {self.id}: an item with an action ({self.tag}) needs a cost")


@dataclass(frozen=True)
class ItemsFile:
    items: tuple[Item, ...]

    def __post_init__(self) -> None:
        check_unique(self.items, "id", ("items",))
        copies = Counter[str]()
        for item in self.items:
            copies[item.deck] += item.copies
        for deck, hint in (("red", "7.4"), ("yellow", "7.4"), ("green", "7.4"), ("crafted", "7.4: 5 x 3"),
                           ("starting", "3.9"), ("quest", "3.9")):
            check_count(("items",), f"{deck} item cards (copies counted)", copies[deck], COUNTS[deck], f"spec {hint}")
        crafted = [item for item in self.items if item.deck == "crafted"]
        check_count(("items",), "crafted item kinds", len(crafted), COUNTS["crafted_kinds"], "NEM-CRAFT-8")
        recipes: dict[frozenset[str], str] = {}
        for item in crafted:
            key = frozenset(item.recipe)
            if key in recipes:
                i = self.items.index(item)
                raise FieldError(("items", i, "recipe"), f"{item.id} has the same recipe as {recipes[key]}")
            recipes[key] = item.id
        for i, item in enumerate(self.items):
            if item.unlock is not None:
                for name, _n in _stat_names(item.unlock):
                    if name not in STATISTICS:
                        raise FieldError(("items", i, "unlock"), f"stat_ge names the unknown statistic {name!r} "
                                                                 f"(one of {sorted(STATISTICS)}, spec 9.5)")


def _stat_names(tree: object) -> Iterator[tuple[object, object]]:
    """(name, n) of every stat_ge in a condition tree."""
    if isinstance(tree, Mapping):
        for key, value in tree.items():
            if key == "stat_ge":
                yield (value[0], value[1]) if isinstance(value, tuple) else (value.get("name"), value.get("n"))
            else:
                yield from _stat_names(value)
    elif isinstance(tree, tuple):
        for item in tree:
            yield from _stat_names(item)


# -- the other card files (spec 7.5-7.10, 7.13) ---------------------------------------------------------

@dataclass(frozen=True)
class EventCard:
    id: str
    name: Name
    symbols: frozenset[IntruderKind]
    move: tuple[int, ...]
    text: Name
    effect: EffectTree | None
    darkness: EffectTree | None
    remove_after: bool = False

    def __post_init__(self) -> None:
        if not 1 <= len(self.move) <= 2 or any(n not in EXIT_NUMBERS for n in self.move):
            raise ValueError(f"event {self.id}: move lists one or two corridor numbers 1-4")


@dataclass(frozen=True)
class EventsFile:
    events: tuple[EventCard, ...]

    def __post_init__(self) -> None:
        check_unique(self.events, "id", ("events",))
        check_count(("events",), "event cards", len(self.events), COUNTS["events"], "spec 7.5")


@dataclass(frozen=True)
class AttackCard:
    id: str
    name: Name
    blood: int | Literal["retreat"]
    symbols: frozenset[Literal["creeper", "adult", "breeder", "queen"]]
    text: Name
    effect: EffectTree
    darkness: EffectTree | None


@dataclass(frozen=True)
class AttacksFile:
    attacks: tuple[AttackCard, ...]

    def __post_init__(self) -> None:
        check_unique(self.attacks, "id", ("attacks",))
        check_count(("attacks",), "attack cards", len(self.attacks), COUNTS["attacks"], "spec 7.6")


@dataclass(frozen=True)
class Weakness:
    id: str
    name: Name
    text: Name
    modifier: EffectTree


@dataclass(frozen=True)
class WeaknessesFile:
    weaknesses: tuple[Weakness, ...]

    def __post_init__(self) -> None:
        check_unique(self.weaknesses, "id", ("weaknesses",))
        check_count(("weaknesses",), "weakness cards", len(self.weaknesses), COUNTS["weaknesses"], "spec 7.7")


@dataclass(frozen=True)
class Objective:
    id: str
    deck: Literal["personal", "corporate", "solo_coop"]
    min_players: int
    name: Name
    condition: ConditionTree
    text: Name

    def __post_init__(self) -> None:
        if not 1 <= self.min_players <= 5:
            raise ValueError(f"objective {self.id}: min_players is 1-5")


@dataclass(frozen=True)
class ObjectivesFile:
    objectives: tuple[Objective, ...]

    def __post_init__(self) -> None:
        check_unique(self.objectives, "id", ("objectives",))
        decks = Counter(o.deck for o in self.objectives)
        for deck in ("personal", "corporate", "solo_coop"):
            check_count(("objectives",), f"{deck} objectives", decks[deck], COUNTS[deck], "spec 7.8")


@dataclass(frozen=True)
class ComputerAction:
    text: Name
    effect: EffectTree


@dataclass(frozen=True)
class ComputerCard:
    id: str
    name: Name
    cost: int | None = None
    actions: tuple[ComputerAction, ...] = ()
    lockdown: bool = False
    text: Name | None = None

    def __post_init__(self) -> None:
        if self.lockdown and (self.actions or self.cost is not None):
            raise ValueError(f"computer card {self.id}: the Lockdown card has no cost and no actions")
        if not self.lockdown and (len(self.actions) != 3 or self.cost is None):
            raise ValueError(f"computer card {self.id}: a normal card has a cost and exactly 3 actions")


@dataclass(frozen=True)
class ComputerFile:
    computer_cards: tuple[ComputerCard, ...]

    def __post_init__(self) -> None:
        check_unique(self.computer_cards, "id", ("computer_cards",))
        check_count(("computer_cards",), "computer cards", len(self.computer_cards), COUNTS["computer_cards"],
                    "spec 7.9")
        check_count(("computer_cards",), "Lockdown cards", sum(c.lockdown for c in self.computer_cards), 1, "spec 7.9")


@dataclass(frozen=True)
class SeriousWound:
    id: str
    copies: int
    name: Name
    rule: str | None
    text: Name
    penalty: EffectTree


@dataclass(frozen=True)
class SeriousWoundsFile:
    serious_wounds: tuple[SeriousWound, ...]

    def __post_init__(self) -> None:
        check_unique(self.serious_wounds, "id", ("serious_wounds",))
        check_count(("serious_wounds",), "serious wound cards (copies counted)",
               sum(w.copies for w in self.serious_wounds), COUNTS["serious_wounds"], "spec 7.10")


@dataclass(frozen=True)
class ContaminationCard:
    id: str
    infected: bool


@dataclass(frozen=True)
class ContaminationFile:
    name: Name
    contamination: tuple[ContaminationCard, ...]

    def __post_init__(self) -> None:
        check_unique(self.contamination, "id", ("contamination",))
        check_count(("contamination",), "contamination cards", len(self.contamination), COUNTS["contamination"],
               "spec 7.13")
        check_count(("contamination",), "INFECTED cards", sum(c.infected for c in self.contamination),
               COUNTS["infected"], "NEM-DEC-57")


# -- everything ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Content:
    """Everything a Nemesis: Lockdown game reads, loaded once by `content()`."""
    board_file: BoardFile
    board: Board
    tiles: dict[str, Tile]
    time_track: TimeTrack
    dice: Dice
    modes: tuple[ModeRow, ...]
    tokens: TokensFile
    common_cards: tuple[ActionCard, ...]
    characters: dict[str, Character]
    items: dict[str, Item]
    events: dict[str, EventCard]
    attacks: dict[str, AttackCard]
    weaknesses: dict[str, Weakness]
    objectives: dict[str, Objective]
    computer_cards: dict[str, ComputerCard]
    serious_wounds: dict[str, SeriousWound]
    contamination: tuple[ContaminationCard, ...]
    contamination_name: Name

    def mode(self, mode: str, players: int) -> ModeRow:
        """The 4.1 column for a mode and player count (KeyError if unsupported, NEM-SETUP-1)."""
        for row in self.modes:
            if (row.mode, row.players) == (mode, players):
                return row
        raise KeyError(f"{mode} mode does not support {players} players")

    def deck(self, character: str) -> tuple[str, ...]:
        """The ten Action card ids of a character's deck (common cards first)."""
        return self.characters[character].deck(self.common_cards)

    def action_card(self, character: str, card: str) -> ActionCard:
        found = self._action_cards.get((character, card))
        if found is None:
            raise KeyError(f"{character} has no action card {card!r}")
        return found

    @cached_property
    def _action_cards(self) -> dict[tuple[str, str], ActionCard]:
        """Each character's Action cards (the common ones first) by (character, card id), the first
        of an id kept: read once, as content never changes, rather than searched at every lookup."""
        found: dict[tuple[str, str], ActionCard] = {}
        for character, row in self.characters.items():
            for candidate in self.common_cards + row.cards:
                found.setdefault((character, candidate.id), candidate)
        return found

    def item_deck(self, deck: str) -> tuple[str, ...]:
        """A deck's item ids, one per physical card (copies expanded), in file order."""
        return tuple(i.id for i in self.items.values() if i.deck == deck for _ in range(i.copies))

    def recipe(self, crafted: str) -> tuple[str, ...]:
        return self.items[crafted].recipe


SHIPPED = ContentFiles("nemesis")   # resources/nemesis/: the files below, named so in errors

FILES: dict[str, type] = {
    "board_basic.yaml": BoardFile, "rooms.yaml": RoomsFile, "time_track.yaml": TimeTrack, "dice.yaml": Dice,
    "modes.yaml": ModesFile, "tokens.yaml": TokensFile, "cards/characters.yaml": CharactersFile,
    "cards/items.yaml": ItemsFile, "cards/events.yaml": EventsFile, "cards/attacks.yaml": AttacksFile,
    "cards/weaknesses.yaml": WeaknessesFile, "cards/objectives.yaml": ObjectivesFile,
    "cards/computer.yaml": ComputerFile, "cards/serious_wounds.yaml": SeriousWoundsFile,
    "cards/contamination.yaml": ContaminationFile,
}


@cache
def content() -> Content:
    """Load, check and cache every Nemesis content file; raises ContentError naming file, line and field."""
    loaded: dict[str, Any] = {name: SHIPPED.load(name, schema) for name, schema in FILES.items()}
    board_file: BoardFile = loaded["board_basic.yaml"]
    chars: CharactersFile = loaded["cards/characters.yaml"]
    contamination: ContaminationFile = loaded["cards/contamination.yaml"]
    result = Content(
        board_file=board_file, board=board_file.board(),
        tiles={t.id: t for t in loaded["rooms.yaml"].tiles},
        time_track=loaded["time_track.yaml"], dice=loaded["dice.yaml"], modes=loaded["modes.yaml"].modes,
        tokens=loaded["tokens.yaml"], common_cards=chars.common_cards,
        characters={c.id: c for c in chars.characters},
        items={i.id: i for i in loaded["cards/items.yaml"].items},
        events={e.id: e for e in loaded["cards/events.yaml"].events},
        attacks={a.id: a for a in loaded["cards/attacks.yaml"].attacks},
        weaknesses={w.id: w for w in loaded["cards/weaknesses.yaml"].weaknesses},
        objectives={o.id: o for o in loaded["cards/objectives.yaml"].objectives},
        computer_cards={c.id: c for c in loaded["cards/computer.yaml"].computer_cards},
        serious_wounds={w.id: w for w in loaded["cards/serious_wounds.yaml"].serious_wounds},
        contamination=contamination.contamination, contamination_name=contamination.name,
    )
    check_content(result)
    return result


def board() -> Board:
    """The basic side, from the cached content."""
    return content().board


# -- cross-file checks --------------------------------------------------------------------------------

def _calls(tree: object, name: str) -> Iterator[object]:
    """The arguments of every call of primitive `name` in a loaded tree."""
    if isinstance(tree, Mapping):
        for key, value in tree.items():
            if key == name:
                yield value
            yield from _calls(value, name)
    elif isinstance(tree, tuple):
        for item in tree:
            yield from _calls(item, name)


def check_content(c: Content) -> None:
    """References between files; raises ContentError naming the file, line and field to fix."""
    fail = SHIPPED.fail
    board = c.board
    # board_basic.yaml <-> rooms.yaml: fixed tiles exist and sit on the right kind of slot; slots fit the piles
    for i, room in enumerate(c.board_file.rooms):
        if room.fixed_tile is not None:
            tile = c.tiles.get(room.fixed_tile)
            if tile is None:
                fail("board_basic.yaml", f"room {room.id}: unknown fixed_tile {room.fixed_tile!r} (rooms.yaml ids)",
                     ("rooms", i, "fixed_tile"))
            if tile.pile != room.slot:
                fail("board_basic.yaml", f"room {room.id}: {tile.id} is a {tile.pile} tile, but the slot is "
                                         f"{room.slot}", ("rooms", i, "fixed_tile"))
    piles = Counter(t.pile for t in c.tiles.values())
    if len(board.slots("I")) != piles["I"]:
        fail("board_basic.yaml", f'{len(board.slots("I"))} "I" slots for {piles["I"]} "I" tiles (NEM-SETUP-4)',
             ("rooms",))
    if len(board.slots("II")) > piles["II"]:
        fail("board_basic.yaml", f'{len(board.slots("II"))} "II" slots but only {piles["II"]} "II" tiles',
             ("rooms",))
    unexplored = len(board.slots("I")) + len(board.slots("II"))
    if unexplored > len(c.tokens.exploration_tokens):
        fail("tokens.yaml", f"{unexplored} tile slots need more exploration tokens than the "
                            f"{len(c.tokens.exploration_tokens)} listed", ("exploration_tokens",))
    fixed = {r.fixed_tile for r in board.rooms.values()}
    for i, tile in enumerate(c.tiles.values()):
        if tile.pile in ("special", "printed") and tile.id not in fixed:
            fail("rooms.yaml", f"{tile.pile} tile {tile.id} has no slot in board_basic.yaml (fixed_tile)",
                 ("tiles", i, "id"))
        if tile.pod is not None and tile.pod not in c.board_file.spaces.css_pods:
            fail("rooms.yaml", f"tile {tile.id}: pod {tile.pod} has no pod space in board_basic.yaml",
                 ("tiles", i, "pod"))
        for k, action in enumerate(tile.actions):
            for crafted in _calls(action.effect, "take_crafted"):
                if c.items.get(str(crafted), None) is None or c.items[str(crafted)].deck != "crafted":
                    fail("rooms.yaml", f"{tile.id}.{action.id}: take_crafted names {crafted!r}, which is not a "
                                       "crafted item of cards/items.yaml", ("tiles", i, "actions", k, "effect"))

    # modes.yaml <-> tokens.yaml: the bag rule and the contingency split
    bag = c.tokens.starting_bag
    for i, row in enumerate(c.modes):
        if row.adults != bag.adult + bag.adult_per_player * row.players:
            fail("modes.yaml", f"{row.mode} {row.players}: {row.adults} Adults, but tokens.yaml's starting_bag "
                               f"gives {bag.adult} + {bag.adult_per_player} per player (NEM-SETUP-3)",
                 ("modes", i, "adults"))
        total = 1 + row.contingency_per_player * row.players + row.neutral_pool
        if total != len(c.tokens.contingency_tokens):
            fail("modes.yaml", f"{row.mode} {row.players}: 1 active + {row.contingency_per_player} x {row.players} "
                               f"+ {row.neutral_pool} in the pool = {total}, not the "
                               f"{len(c.tokens.contingency_tokens)} contingency tokens", ("modes", i))
        if row.neutral_revealed > row.neutral_pool:
            fail("modes.yaml", f"{row.mode} {row.players}: more revealed than pooled tokens",
                 ("modes", i, "neutral_revealed"))
        deal = row.objectives
        wanted = {"personal": deal.personal, "corporate": deal.corporate, "solo_coop": deal.solo_coop}
        for deck, n in wanted.items():
            available = sum(1 for o in c.objectives.values() if o.deck == deck and o.min_players <= row.players)
            if n * row.players > available:
                fail("modes.yaml", f"{row.mode} {row.players}: deals {n} {deck} objectives each, but only "
                                   f"{available} suit {row.players} players", ("modes", i, "objectives"))
    power_locations = tuple(SECTIONS) + ("ELEVATOR",)
    if set(c.tokens.power_tokens.locations) != set(power_locations):
        fail("tokens.yaml", f"power tokens go to {', '.join(power_locations)}", ("power_tokens", "locations"))

    # time_track.yaml: CSS slots fit the drawn CSS token slots and the tokens (6 of 7 used)
    if len(c.time_track.css_slots) >= len(c.tokens.css_tokens):
        fail("time_track.yaml", f"{len(c.time_track.css_slots)} CSS slots need more than the "
                                f"{len(c.tokens.css_tokens)} CSS tokens (one stays out, NEM-SETUP-7)", ("css_slots",))

    # characters <-> items <-> board
    for i, character in enumerate(c.characters.values()):
        where = ("characters", i)
        if character.start_room not in board.rooms:
            fail("cards/characters.yaml", f"{character.id}: unknown start_room {character.start_room!r}",
                 where + ("start_room",))
        for key, deck in (("starting_item", "starting"), ("quest_item", "quest")):
            item_id = getattr(character, key)
            if item_id is None:
                continue
            item = c.items.get(item_id)
            if item is None or item.deck != deck:
                fail("cards/characters.yaml", f"{character.id}: {key} {item_id!r} is not a {deck} item of "
                                              "cards/items.yaml", where + (key,))
            if item.owner != character.id:
                fail("cards/characters.yaml", f"{character.id}: {item_id} belongs to {item.owner}", where + (key,))
    for i, item in enumerate(c.items.values()):
        if item.owner is not None and item.owner not in c.characters:
            fail("cards/items.yaml", f"{item.id}: unknown owner {item.owner!r}", ("items", i, "owner"))
        named = [ch for ch in c.characters.values() if item.id in (ch.starting_item, ch.quest_item)]
        if item.owner is not None and not named:
            fail("cards/items.yaml", f"{item.id}: no character lists it as its starting or quest item",
                 ("items", i, "owner"))
    components = Counter(i.component for i in c.items.values() if i.component)
    for i, item in enumerate(c.items.values()):
        for k, symbol in enumerate(item.recipe):
            if not components[symbol]:
                fail("cards/items.yaml", f"{item.id}: no searchable item carries the {symbol} component its recipe "
                                         "needs", ("items", i, "recipe", k))

    # weaknesses naming attack cards
    for i, weakness in enumerate(c.weaknesses.values()):
        for args in _calls(weakness.modifier, "ignore_darkness_of"):
            card = args[0] if isinstance(args, tuple) else args.get("card") if isinstance(args, Mapping) else args
            if card not in c.attacks:
                fail("cards/weaknesses.yaml", f"{weakness.id}: ignore_darkness_of names the unknown attack card "
                                              f"{card!r}", ("weaknesses", i, "modifier"))

    # every take_crafted anywhere names a crafted item
    trees: list[tuple[str, FieldPath, object]] = []
    for i, card in enumerate(c.common_cards):
        trees.append(("cards/characters.yaml", ("common_cards", i, "effect"), card.effect))
    for i, character in enumerate(c.characters.values()):
        for k, card in enumerate(character.cards):
            trees.append(("cards/characters.yaml", ("characters", i, "cards", k, "effect"), card.effect))
    for i, item in enumerate(c.items.values()):
        trees.append(("cards/items.yaml", ("items", i, "effect"), item.effect))
    for name, path, tree in trees:
        for crafted in _calls(tree, "take_crafted"):
            if str(crafted) not in c.items or c.items[str(crafted)].deck != "crafted":
                fail(name, f"take_crafted names {crafted!r}, which is not a crafted item", path)


__all__ = ["COUNTS", "FILES", "Content", "board", "check_content", "content"]
