"""Vindication's content, loaded from YAML under resources/vindication/ and checked on load.

Every file maps onto the frozen dataclasses below; a mistake is reported with its file, line and
field. Cards, regions and runes carry their effects as lists of the spec's primitives (see
`engine.vindication.effects`), never as code.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from typing import ClassVar, Literal, NoReturn

from engine.core import ContentError, Effect
from engine.core.content import FieldError, Name, check_unique
from engine.core.content_files import ContentFiles

from .board import Board, Hex, Triangle, derive_board, ring_region_ids
from .effects import EFFECTS
from .vocabulary import (
    ATTRIBUTES,
    DECK_ATTRIBUTE,
    DECKS,
    Attribute,
    Condition,
    Counter,
    Deck,
    parse_condition,
    parse_counter,
)

AbilityType = Literal["none", "passive", "on_join", "activated", "passive_once", "whenever", "relic"]

# Trigger events of spec 7.1 -> what goes in the brackets: nothing (None), a region tile id or `any`
# ("region"), or one of the listed words.
TRIGGERS: dict[str, None | str | tuple[str, ...]] = {
    "visit": "region", "visited_by_other": None, "rest": None, "activate_self": None,
    "activate_companion": None, "activation_gain": ("basic", "any") + ATTRIBUTES, "move_start": None,
    "move_done": None, "discover": None, "monster_die": ("blank", "fatigue", "skull", "any"),
    "monster_defeated": None, "save_companion": None, "control_gained": None, "recruit": None,
    "draw_blind": None, "turn_end": None,
}
_TRIGGER = re.compile(r"^([a-z_]+)(?:\(([a-z_0-9]+)\))?$")


@lru_cache(maxsize=256)
def parse_trigger(text: str) -> tuple[str, str | None]:
    """``visit(monastery)`` -> ("visit", "monastery"); checks the event and its argument's form."""
    match = _TRIGGER.match(text.strip())
    if not match or match.group(1) not in TRIGGERS:
        raise ValueError(f"unknown trigger {text!r}; triggers: {', '.join(sorted(TRIGGERS))}")
    name, arg = match.group(1), match.group(2)
    allowed = TRIGGERS[name]
    if allowed is None and arg is not None:
        raise ValueError(f"trigger {name} takes no argument")
    if allowed is not None and arg is None:
        raise ValueError(f"trigger {name} needs an argument, e.g. {name}(any)")
    if isinstance(allowed, tuple) and arg not in allowed:
        raise ValueError(f"trigger {name} takes one of {', '.join(allowed)}")
    return name, arg


@dataclass(frozen=True)
class Gain:
    kind: Attribute
    max: int


@dataclass(frozen=True)
class Ability:
    type: AbilityType = "none"
    trigger: str | None = None        # for passive_once / whenever: an event of spec 7.1
    charges: int = 0                  # relics: charges spent to use it
    effect: EFFECTS = ()

    def __post_init__(self) -> None:
        if self.type in ("passive_once", "whenever") and not self.trigger:
            raise ValueError(f"a {self.type} ability needs a trigger")
        if self.trigger is not None:
            if self.type not in ("passive_once", "whenever"):
                raise ValueError(f"only passive_once and whenever abilities have a trigger, not {self.type}")
            parse_trigger(self.trigger)
        if self.type == "relic" and self.charges < 1:
            raise ValueError("a relic ability costs at least 1 charge")
        if self.type != "relic" and self.charges:
            raise ValueError("only relic abilities cost charges")


@dataclass(frozen=True)
class Card:
    id: str
    deck: Deck
    name: Name
    honor: int
    text: Name
    reaction: int | None = None       # companions
    gains: tuple[Gain, ...] = ()      # companions: activation yield
    no_start: bool = False
    ability: Ability = Ability()
    end_bonus: EFFECTS = ()           # monsters: end_score / end_score_if

    def __post_init__(self) -> None:
        companion = self.deck.startswith("companion_")
        if companion and (self.reaction is None or not self.gains):
            raise ValueError("a companion needs a reaction and its activation gains")
        if not companion and (self.reaction is not None or self.gains or self.no_start):
            raise ValueError("only companions have reaction, gains and no_start")


@dataclass(frozen=True)
class Unit:
    cost: EFFECTS
    effect: EFFECTS


@dataclass(frozen=True)
class Region:
    id: str
    name: Name
    text: Name
    copies: int = 1
    controllable: bool = True
    requires: tuple[Literal["companions_at_least_1", "mount_below_5"], ...] = ()
    choice: tuple[Attribute, ...] = ()   # the X the visitor picks (Inn, Guildhouse)
    cost: EFFECTS = ()
    effect: EFFECTS = ()
    unit: Unit | None = None             # a repeatable cost → effect (VIN-VISIT-6)
    settlement: str | None = None        # a village/hamlet hex: the board it opens (module)


@dataclass(frozen=True)
class Mount:
    rank: int
    name: Name
    speed: int
    honor: int
    flight: bool = False


@dataclass(frozen=True)
class Blocks:
    potential: int
    influence: int
    conviction: int


@dataclass(frozen=True)
class Journey:
    id: str
    title: Name
    start_position: int
    start_honor: int
    blocks: Blocks
    attributes: dict[Attribute, int]
    companion_deck: Literal["companion_S", "companion_K", "companion_I"]


@dataclass(frozen=True)
class Objective:
    condition: str
    honor: int

    def __post_init__(self) -> None:
        parse_condition(self.condition)

    @property
    def parsed(self) -> Condition:
        return parse_condition(self.condition)


@dataclass(frozen=True)
class Quest:
    id: str
    name: Name
    objectives: tuple[Objective, Objective]


@dataclass(frozen=True)
class EndTrigger:
    """An end-trigger card (spec 7.9). It holds when one player meets every condition of
    `condition` (VIN-END-2), or, for `board_full`, when every main-board region space has a tile.

    In the file `condition` and `solo_condition` are one condition or a list of them (all must hold
    for the same player, e.g. E11); once loaded both are always tuples.
    """
    id: str
    text: Name
    condition: str | tuple[str, ...] = ()    # all must hold for one player
    players_at_least: int = 1                # E07: "two or more players"
    multiplayer_only: bool = False
    solo_condition: str | tuple[str, ...] | None = None   # all must hold (E07: vindicated and honor >= 50)
    solo_text: Name | None = None
    board_full: bool = False                 # E09: every region space of the main island holds a tile

    def __post_init__(self) -> None:
        condition = (self.condition,) if isinstance(self.condition, str) else self.condition
        solo = (self.solo_condition,) if isinstance(self.solo_condition, str) else self.solo_condition
        object.__setattr__(self, "condition", condition)
        object.__setattr__(self, "solo_condition", solo)
        if bool(condition) == self.board_full:
            raise ValueError("an end trigger needs either a condition or board_full: true, not both")
        if self.players_at_least < 1:
            raise ValueError("players_at_least must be at least 1")
        for text in condition + (solo or ()):
            parse_condition(text)
        if solo == ():
            raise ValueError("solo_condition needs at least one condition")
        if (solo is None) != (self.solo_text is None):
            raise ValueError("solo_condition and solo_text go together")
        if solo is not None and not self.multiplayer_only:
            raise ValueError("only a multiplayer_only trigger has a solo_condition")

    @property
    def parsed(self) -> tuple[Condition, ...]:
        """The conditions one player must all meet; empty for a board_full trigger."""
        return tuple(parse_condition(text) for text in self.condition)

    @property
    def solo_parsed(self) -> tuple[Condition, ...] | None:
        """The solo replacement (VIN-SETUP-9), all to be met; None if the card has none."""
        if self.solo_condition is None:
            return None
        return tuple(parse_condition(text) for text in self.solo_condition)


@dataclass(frozen=True)
class Character:
    id: str
    name: Name
    wretched: EFFECTS
    vindicated: EFFECTS


@dataclass(frozen=True)
class Dice:
    attribute_die: tuple[Attribute, ...]
    monster_die: tuple[Literal["blank", "fatigue", "skull"], ...]
    check_die: tuple[Literal["hit", "miss"], ...]


@dataclass(frozen=True)
class BoardFile:
    id: str
    radius: int
    honor_trigger_spaces: tuple[int, ...]
    vindication_threshold: int
    mastery_bonus: int
    first_game_bag: tuple[str, ...]


@dataclass(frozen=True)
class Settlement:
    id: str
    kind: Literal["village", "hamlet"]
    slots: int
    hex_tile: str
    name: Name


@dataclass(frozen=True)
class Rune:
    id: str
    name: Name
    text: Name


@dataclass(frozen=True)
class IsleArea:
    id: str
    q: int
    r: int


@dataclass(frozen=True)
class Module:
    """Villages & Hamlets (spec 3.9, 7.12–7.14)."""
    required: tuple[str, ...]
    selectable: tuple[str, ...]
    selection_size: int
    villages_bag_size: int
    settlements: tuple[Settlement, ...]
    runes: tuple[Rune, ...]
    isle_areas: tuple[IsleArea, ...]
    rune_maps: int
    port_name: Name


@dataclass(frozen=True)
class Content:
    """Everything a Vindication game reads, loaded once."""
    board: Board
    board_file: BoardFile
    regions: dict[str, Region]
    cards: dict[str, Card]
    decks: dict[str, tuple[str, ...]]
    mounts: dict[int, Mount]
    journeys: tuple[Journey, ...]
    quests: dict[str, Quest]
    end_triggers: dict[str, EndTrigger]
    characters: tuple[Character, ...]
    dice: Dice
    module: Module
    isle: Board = field(repr=False)

    @cached_property
    def triangles(self) -> dict[str, Triangle]:
        """Both boards' triangles (ids differ: T.. and F..); each keeps its own board's links."""
        return {**self.board.triangles, **self.isle.triangles}


@dataclass(frozen=True)
class _CardsFile:
    cards: tuple[Card, ...]
    DECKS: ClassVar[tuple[str, ...]] = DECKS   # the decks this file may hold

    def __post_init__(self) -> None:
        check_unique(self.cards, "id", ("cards",))
        for i, card in enumerate(self.cards):
            if card.deck not in self.DECKS:
                raise FieldError(("cards", i, "deck"),
                                 f"card {card.id} of deck {card.deck!r} does not belong in this file "
                                 f"(it holds {', '.join(self.DECKS)})")


@dataclass(frozen=True)
class _CompanionsFile(_CardsFile):
    DECKS: ClassVar[tuple[str, ...]] = ("companion_S", "companion_K", "companion_I")


@dataclass(frozen=True)
class _MonstersFile(_CardsFile):
    DECKS: ClassVar[tuple[str, ...]] = ("monster",)


@dataclass(frozen=True)
class _TraitsFile(_CardsFile):
    DECKS: ClassVar[tuple[str, ...]] = ("trait",)


@dataclass(frozen=True)
class _RelicsFile(_CardsFile):
    DECKS: ClassVar[tuple[str, ...]] = ("relic",)


@dataclass(frozen=True)
class _RegionsFile:
    regions: tuple[Region, ...]

    def __post_init__(self) -> None:
        check_unique(self.regions, "id", ("regions",))


@dataclass(frozen=True)
class _MountsFile:
    mounts: tuple[Mount, ...]

    def __post_init__(self) -> None:
        check_unique(self.mounts, "rank", ("mounts",))


@dataclass(frozen=True)
class _JourneysFile:
    journeys: tuple[Journey, ...]

    def __post_init__(self) -> None:
        check_unique(self.journeys, "id", ("journeys",))
        check_unique(self.journeys, "start_position", ("journeys",))


@dataclass(frozen=True)
class _QuestsFile:
    quests: tuple[Quest, ...]

    def __post_init__(self) -> None:
        check_unique(self.quests, "id", ("quests",))


@dataclass(frozen=True)
class _EndTriggersFile:
    end_triggers: tuple[EndTrigger, ...]

    def __post_init__(self) -> None:
        check_unique(self.end_triggers, "id", ("end_triggers",))


@dataclass(frozen=True)
class _CharactersFile:
    characters: tuple[Character, ...]

    def __post_init__(self) -> None:
        check_unique(self.characters, "id", ("characters",))


@dataclass(frozen=True)
class _DiceFile:
    dice: Dice


@dataclass(frozen=True)
class _BoardYaml:
    board: BoardFile


@dataclass(frozen=True)
class _ModuleFile:
    module: Module

    def __post_init__(self) -> None:
        for key in ("settlements", "runes", "isle_areas"):
            check_unique(getattr(self.module, key), "id", ("module", key))


SHIPPED = ContentFiles("vindication")   # resources/vindication/: the files below, named so in errors
CARD_FILES = ("companions.yaml", "monsters.yaml", "traits.yaml", "relics.yaml")
_CARD_SCHEMAS: dict[str, type[_CardsFile]] = {
    "companions.yaml": _CompanionsFile, "monsters.yaml": _MonstersFile,
    "traits.yaml": _TraitsFile, "relics.yaml": _RelicsFile,
}
# The file each deck's cards live in (enforced on load by the _CardsFile schemas).
DECK_FILES = {deck: name for name, schema in _CARD_SCHEMAS.items() for deck in schema.DECKS}


@cache
def content() -> Content:
    board_file = SHIPPED.load("board.yaml", _BoardYaml).board
    board = derive_board("main", ring_region_ids(board_file.radius), triangle_prefix="T", number_starts=True)
    all_cards = [c for name, schema in _CARD_SCHEMAS.items() for c in SHIPPED.load(name, schema).cards]
    # decks keep every id, so an id repeated across files is still seen by check_content
    decks = {deck: tuple(c.id for c in all_cards if c.deck == deck) for deck in DECKS}
    module = SHIPPED.load("villages_hamlets.yaml", _ModuleFile).module
    isle_hexes: dict[str, Hex] = {a.id: (a.q, a.r) for a in module.isle_areas}
    loaded = Content(
        board=board, board_file=board_file,
        regions={r.id: r for r in SHIPPED.load("regions.yaml", _RegionsFile).regions},
        cards={c.id: c for c in all_cards}, decks=decks,
        mounts={m.rank: m for m in SHIPPED.load("mounts.yaml", _MountsFile).mounts},
        journeys=SHIPPED.load("journeys.yaml", _JourneysFile).journeys,
        quests={q.id: q for q in SHIPPED.load("quests.yaml", _QuestsFile).quests},
        end_triggers={e.id: e for e in SHIPPED.load("end_triggers.yaml", _EndTriggersFile).end_triggers},
        characters=SHIPPED.load("characters.yaml", _CharactersFile).characters,
        dice=SHIPPED.load("dice.yaml", _DiceFile).dice,
        module=module,
        isle=derive_board("isle", isle_hexes, triangle_prefix="F", number_starts=False, id_digits=1),
    )
    check_content(loaded)
    return loaded


# -- cross-file checks ------------------------------------------------------------------------------

def _walk(effects: tuple[Effect, ...], path: str) -> Iterator[tuple[Effect, str]]:
    """Every effect with its field path, nested ones too (attr_check, sequence, choose_one...)."""
    for i, effect in enumerate(effects):
        here = f"{path}[{i}]"
        yield effect, here
        for name, value in effect.params.items():
            yield from _walk_value(value, f"{here}.{effect.primitive}.{name}")


def _walk_value(value: object, path: str) -> Iterator[tuple[Effect, str]]:
    if isinstance(value, tuple) and value and all(isinstance(v, Effect) for v in value):
        yield from _walk(value, path)
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            yield from _walk_value(item, f"{path}[{i}]")


def _uses_x(effect: Effect) -> bool:
    """The effect names the X a region's visitor chooses (Inn, Guildhouse)."""
    return effect.params.get("kind") == "X" or effect.params.get("deck") == "companion_X"


def check_content(c: Content) -> None:
    """Cross-references no single file's schema can check; raises ContentError naming the file.

    Region, deck, counter and trigger names used in one file must exist in another; the bags and
    the module's tile lists must fit the region copies and the board; every deck has its cards
    and every start position its journey.
    """
    def fail(name: str, reason: str, where: str | None = None) -> NoReturn:
        raise ContentError(SHIPPED.shown_name(name), reason, field=where)

    board_spaces = len(c.board.regions)

    def check_counter(name: str, counter: Counter, where: str) -> None:
        if counter.name == "controls":
            for tile in counter.args:
                if tile not in c.regions:
                    fail(name, f"{counter} names the unknown region tile {tile!r}", where)
        elif counter.name == "token_touches":
            for space in counter.args:
                if space not in c.board.regions:
                    fail(name, f"{counter} names {space!r}, which is not a region space of the board", where)

    def check_effects(name: str, effects: tuple[Effect, ...], where: str, *,
                      choice: tuple[str, ...] = ()) -> None:
        for effect, here in _walk(effects, where):
            params = effect.params
            region = params.get("region")
            if region is not None and region not in c.regions:
                fail(name, f"{effect.primitive} names the unknown region tile {region!r}", here)
            for key in ("counter", "condition"):
                if key in params:
                    try:
                        parsed = (parse_counter(params[key]) if key == "counter"
                                  else parse_condition(params[key]).counter)
                    except ValueError as exc:
                        fail(name, f"{effect.primitive}: {exc}", here)
                    check_counter(name, parsed, here)
            if _uses_x(effect) and not choice:
                fail(name, f"{effect.primitive} uses X, but nothing here lets the player choose X", here)

    # board.yaml: the first-game bag
    copies = {rid: r.copies for rid, r in c.regions.items()}
    bag = c.board_file.first_game_bag
    for i, tile in enumerate(bag):
        if tile not in c.regions:
            fail("board.yaml", f"the first-game bag names the unknown region tile {tile!r}",
                 f"board.first_game_bag[{i}]")
        if bag.count(tile) > copies[tile]:
            fail("board.yaml", f"the first-game bag holds {bag.count(tile)} {tile} tiles, but only "
                               f"{copies[tile]} exist (regions.yaml copies)", f"board.first_game_bag[{i}]")
    if len(bag) != board_spaces:
        fail("board.yaml", f"the first-game bag holds {len(bag)} tiles for {board_spaces} region spaces",
             "board.first_game_bag")

    # regions.yaml
    settlements = {s.id: s for s in c.module.settlements}
    for i, region in enumerate(c.regions.values()):
        where = f"regions[{i}]"
        if region.copies < 1:
            fail("regions.yaml", f"region {region.id} needs at least 1 copy", f"{where}.copies")
        if region.settlement is not None:
            if region.settlement not in settlements:
                fail("regions.yaml", f"region {region.id} opens the unknown settlement {region.settlement!r} "
                                     "(villages_hamlets.yaml)", f"{where}.settlement")
            if region.controllable:
                fail("regions.yaml", f"the settlement hex {region.id} must be controllable: false "
                                     "(VVH-VILLAGE-4)", f"{where}.controllable")
        parts = [("cost", region.cost), ("effect", region.effect)]
        if region.unit is not None:
            parts += [("unit.cost", region.unit.cost), ("unit.effect", region.unit.effect)]
        for part, effects in parts:
            check_effects("regions.yaml", effects, f"{where}.{part}", choice=region.choice)
        if region.choice and not any(_uses_x(e) for _, effects in parts for e, _ in _walk(effects, "")):
            fail("regions.yaml", f"region {region.id} offers a choice of X but no cost or effect uses X",
                 f"{where}.choice")

    # card files: decks, ids, effects, triggers
    seen: dict[str, str] = {}
    for deck in DECKS:
        name = DECK_FILES[deck]
        ids = c.decks.get(deck, ())
        if not ids:
            fail(name, f"the {deck} deck has no cards")
        prefix = DECK_ATTRIBUTE[deck]
        for card_id in ids:
            if card_id in seen:
                fail(name, f"card id {card_id} is used twice (also in the {seen[card_id]} deck)")
            seen[card_id] = deck
            if not card_id.startswith(prefix):
                fail(name, f"card {card_id} of the {deck} deck must have an id starting with {prefix!r}")
    for name in CARD_FILES:
        in_file = [card for card in c.cards.values() if DECK_FILES[card.deck] == name]
        for i, card in enumerate(in_file):
            where = f"cards[{i}]"
            check_effects(name, card.ability.effect, f"{where}.ability.effect")
            check_effects(name, card.end_bonus, f"{where}.end_bonus")
            if card.end_bonus and card.deck != "monster":
                fail(name, f"card {card.id}: only monsters have an end_bonus", f"{where}.end_bonus")
            if card.ability.type in ("on_join", "activated") and not card.deck.startswith("companion_"):
                fail(name, f"card {card.id}: only companions have {card.ability.type} abilities",
                     f"{where}.ability.type")
            if card.ability.type == "relic" and card.deck != "relic":
                fail(name, f"card {card.id}: only relics have relic abilities", f"{where}.ability.type")
            if card.ability.trigger is not None:
                event, arg = parse_trigger(card.ability.trigger)
                if TRIGGERS[event] == "region" and arg != "any" and arg not in c.regions:
                    fail(name, f"card {card.id}: trigger {card.ability.trigger} names an unknown region tile",
                         f"{where}.ability.trigger")

    # characters.yaml
    for i, character in enumerate(c.characters):
        check_effects("characters.yaml", character.wretched, f"characters[{i}].wretched")
        check_effects("characters.yaml", character.vindicated, f"characters[{i}].vindicated")

    # mounts.yaml: ranks 1..n
    if sorted(c.mounts) != list(range(1, len(c.mounts) + 1)):
        fail("mounts.yaml", f"mount ranks must run 1..{len(c.mounts)} without gaps, got {sorted(c.mounts)}")

    # journeys.yaml: one card per start position, a deck with a possible starting companion
    starts = set(c.board.starts)
    positions = sorted(j.start_position for j in c.journeys)
    if positions != sorted(starts):
        fail("journeys.yaml", f"journeys must cover the start positions {min(starts)}..{max(starts)} "
                              f"once each, got {positions}")
    for i, journey in enumerate(c.journeys):
        if not any(not c.cards[cid].no_start for cid in c.decks.get(journey.companion_deck, ())):
            fail("journeys.yaml", f"journey {journey.id}: the {journey.companion_deck} deck has no card that "
                                  "may start (all are no_start)", f"journeys[{i}].companion_deck")

    # quests.yaml and end_triggers.yaml: counters naming regions
    for i, quest in enumerate(c.quests.values()):
        for k, objective in enumerate(quest.objectives):
            check_counter("quests.yaml", objective.parsed.counter, f"quests[{i}].objectives[{k}].condition")
    for i, trigger in enumerate(c.end_triggers.values()):
        for condition in trigger.parsed + (trigger.solo_parsed or ()):
            check_counter("end_triggers.yaml", condition.counter, f"end_triggers[{i}]")

    # villages_hamlets.yaml
    module = c.module
    name = "villages_hamlets.yaml"
    for key in ("required", "selectable"):
        for i, tile in enumerate(getattr(module, key)):
            if tile not in c.regions:
                fail(name, f"the {key} list names the unknown region tile {tile!r}", f"module.{key}[{i}]")
    pool = module.required + module.selectable
    for tile in sorted(set(pool)):
        if pool.count(tile) > copies[tile]:
            fail(name, f"required and selectable hold {pool.count(tile)} {tile} tiles, but only "
                       f"{copies[tile]} exist (regions.yaml copies)", "module")
    if module.selection_size != len(module.selectable):
        fail(name, f"selection_size {module.selection_size} must equal the {len(module.selectable)} "
                   "selectable tiles (the default selection is the whole pool, VVH-SETUP-6)",
             "module.selection_size")
    slots = sum(s.slots for s in module.settlements)
    if module.villages_bag_size != slots + len(module.isle_areas):
        fail(name, f"villages_bag_size {module.villages_bag_size} must be the {slots} settlement slots plus "
                   f"the {len(module.isle_areas)} building sites", "module.villages_bag_size")
    scumbag = len(module.required) + module.selection_size - module.villages_bag_size
    if scumbag != board_spaces:
        fail(name, f"required + selection_size - villages_bag_size leaves {scumbag} tiles for the scumbag, "
                   f"not one per region space ({board_spaces})", "module")
    for i, settlement in enumerate(module.settlements):
        where = f"module.settlements[{i}].hex_tile"
        hex_tile = c.regions.get(settlement.hex_tile)
        if hex_tile is None:
            fail(name, f"settlement {settlement.id}: unknown hex tile {settlement.hex_tile!r}", where)
        if hex_tile.settlement != settlement.id:
            fail(name, f"settlement {settlement.id}: region {hex_tile.id} must have "
                       f"settlement: {settlement.id} (regions.yaml)", where)
        if settlement.hex_tile not in module.required:
            fail(name, f"settlement {settlement.id}: its hex tile must be in the required list", where)
        if settlement.slots < 1:
            fail(name, f"settlement {settlement.id} needs at least 1 slot", f"module.settlements[{i}].slots")


__all__ = ["ATTRIBUTES", "Content", "Counter", "check_content", "content", "parse_counter", "parse_trigger"]
