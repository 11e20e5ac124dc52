"""Dragonbond: Lords of Vaala's content, loaded from YAML under resources/dragonbond/ and checked on load.

Each file maps onto the frozen dataclasses below through the project's loader (`engine.core.content`),
so a mistake is reported with its file, line and field. Per-file rules (ids, the counts of spec 3.1
and section 7, the map rules of spec 3.5) run in the file schemas' `__post_init__`; references between
files run in `check_content`, which also finds the line. Icons and effects are plain data checked
against `engine.dragonbond.vocabulary` (spec 7.1). `content()` loads everything once (DRG-SETUP-1).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Annotated, Any, Literal

from engine.core.content import FieldError, check_count, check_unique
from engine.core.content_files import ContentFiles

from .board import (
    Map,
    MountainBorder,
    Point,
    Region,
    Scene,
    inner_clearance,
    is_convex,
    polygon_edges,
    signed_area,
)
from .vocabulary import EFFECTS, ICON, ICONS, ROLES, UNIT_TYPES, CardEffect, Icon, Name, granted_icons, walk

EffectList = Annotated[tuple[CardEffect, ...], EFFECTS]  # checked effects: tuples of FrozenMaps
IconT = Annotated[Icon, ICON]
Role = Literal["general", "dragon"]
UnitType = Literal["infantry", "cavalry", "ranged"]

# The physical counts the loader enforces (spec 3.1, 3.5, section 7, DRG-DEC-5).
COUNTS = {
    "characters": 4, "generals": 2, "dragons": 2, "regions": 12, "die_faces": 10,
    "action_cards": 22, "action_cards_general": 5, "action_cards_dragon": 6, "region_cards": 12,
    "region_card_icons": 3, "event_cards": 12, "upgrade_cards": 12, "upgrades_per_type": 4, "vaala_cards": 20,
    "vaala_per_character": 5, "dragonbond_cards": 4,
}
LAYOUT_TOLERANCE = 0.5  # scene units a layout circle may graze its polygon's edge by (rounding in map.yaml)






# -- params.yaml (spec 3.2) -----------------------------------------------------------------------------

@dataclass(frozen=True)
class SupplyParams:
    power_tokens: int
    city_tokens: int
    neutral_units: int
    units_per_type_per_general: int


@dataclass(frozen=True)
class StrengthParams:
    set_bonus: int
    set_bonus_with_general: int
    general_bonus_without_set: int


@dataclass(frozen=True)
class Params:
    win_power_unbonded: int
    win_power_bonded: int
    power_hold_limit: int
    supply: SupplyParams
    upgrade_market_size: int
    oath_reroll_cost: int
    strength: StrengthParams
    dice_cap: int | None
    overkill_steal_per_exchange: int
    devour_power: int
    mountain_ignored_hits: int
    city_ignored_hits: int
    heal_instead_amount: int
    heal_at_zero_amount: int
    refresh_spent_power_in_cleanup: bool
    icons_mandatory: bool
    first_lap_pass_allowed: bool
    oath_check_after_every_card: bool
    ai_tie_break: Literal["proxy", "random"]
    ai_dragon_heal_below_or_at: Literal["half"]

    def __post_init__(self) -> None:
        for key in ("win_power_unbonded", "win_power_bonded", "power_hold_limit", "upgrade_market_size"):
            if getattr(self, key) < 1:
                raise FieldError(("params", key), f"{key} must be at least 1")
        if self.dice_cap is not None and self.dice_cap < 1:
            raise FieldError(("params", "dice_cap"), "dice_cap is null (no cap, DRG-DICE-3) or at least 1")
        if self.win_power_bonded > 2 * self.power_hold_limit:
            raise FieldError(("params", "win_power_bonded"), f"two boards of {self.power_hold_limit} cannot reach "
                                                             f"{self.win_power_bonded} (DRG-GOAL-2, DRG-POWER-6)")


@dataclass(frozen=True)
class ParamsFile:
    params: Params


# -- die.yaml (spec 3.3) ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Face:
    face: str
    normal: int
    crit: int

    @property
    def hits(self) -> int:
        return self.normal + self.crit


@dataclass(frozen=True)
class Die:
    id: str
    faces: tuple[Face, ...]
    oath_success_faces: tuple[str, ...]

    def __post_init__(self) -> None:
        check_count(("die", "faces"), "faces", len(self.faces), COUNTS["die_faces"], "spec 3.3: a ten-sided die")
        seen: dict[str, Face] = {}
        for i, face in enumerate(self.faces):
            if face.normal < 0 or face.crit < 0:
                raise FieldError(("die", "faces", i), "hit numbers are 0 or more")
            if face.face in seen and seen[face.face] != face:
                raise FieldError(("die", "faces", i), f"face {face.face} appears with different numbers")
            seen[face.face] = face
        for i, name in enumerate(self.oath_success_faces):
            if name not in seen:
                raise FieldError(("die", "oath_success_faces", i), f"unknown face {name!r} (one of {sorted(seen)})")
        hitting = {f.face for f in self.faces if f.hits}
        if set(self.oath_success_faces) != hitting:
            raise FieldError(("die", "oath_success_faces"), f"an oath die succeeds on any face showing a hit "
                                                            f"(DRG-OATH-5): {sorted(hitting)}")


@dataclass(frozen=True)
class DieFile:
    die: Die


# -- characters.yaml (spec 3.4) ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Character:
    id: str
    role: Role
    name: Name
    start_region: str
    action_cards: tuple[str, ...]
    vaala_cards: tuple[str, ...]
    dragonbond_card: str
    kingdom: Literal["allaria", "tyveria"] | None = None      # generals
    start_units: dict[UnitType, int] | None = None             # generals (DRG-SETUP-6)
    health_max: int | None = None                              # dragons (DRG-SETUP-7, DRG-DEC-30)

    def __post_init__(self) -> None:
        general = self.role == "general"
        if general and (self.kingdom is None or self.start_units is None or self.health_max is not None):
            raise ValueError(f"{self.id}: a general has a kingdom and start_units and no health_max")
        if not general and (self.kingdom is not None or self.start_units is not None or self.health_max is None):
            raise ValueError(f"{self.id}: a dragon has a health_max and no kingdom or start_units")
        if self.health_max is not None and self.health_max < 1:
            raise ValueError(f"{self.id}: health_max is at least 1")
        if self.start_units is not None and set(self.start_units) != set(UNIT_TYPES):
            raise ValueError(f"{self.id}: start_units lists infantry, cavalry and ranged")
        expected = COUNTS[f"action_cards_{self.role}"]
        if len(self.action_cards) != expected:
            raise ValueError(f"{self.id}: a {self.role} has {expected} action cards (DRG-DEC-5), "
                             f"got {len(self.action_cards)}")
        if len(self.vaala_cards) != COUNTS["vaala_per_character"]:
            raise ValueError(f"{self.id}: each character has {COUNTS['vaala_per_character']} Vaala cards "
                             f"(DRG-VAALA-1), got {len(self.vaala_cards)}")
        for what, ids in (("action_cards", self.action_cards), ("vaala_cards", self.vaala_cards)):
            if len(set(ids)) != len(ids):
                raise ValueError(f"{self.id}: {what} lists a card twice")


@dataclass(frozen=True)
class CharactersFile:
    seating_default: tuple[str, ...]
    characters: tuple[Character, ...]

    def __post_init__(self) -> None:
        check_unique(self.characters, "id", ("characters",))
        check_unique(self.characters, "start_region", ("characters",))
        check_count(("characters",), "characters", len(self.characters), COUNTS["characters"], "spec 3.4")
        roles = Counter(c.role for c in self.characters)
        if roles != Counter({"general": COUNTS["generals"], "dragon": COUNTS["dragons"]}):
            raise FieldError(("characters",), f"two generals and two dragons, got {dict(roles)}")
        role = {c.id: c.role for c in self.characters}
        if sorted(self.seating_default) != sorted(role):
            raise FieldError(("seating_default",), f"seating_default seats every character once: {sorted(role)}")
        seats = [role[c] for c in self.seating_default]
        if any(seats[i] == seats[(i + 1) % len(seats)] for i in range(len(seats))):
            raise FieldError(("seating_default",), "seats alternate general and dragon (DRG-SETUP-3)")


# -- map.yaml (spec 3.5) -------------------------------------------------------------------------------

@dataclass(frozen=True)
class MapSpec:
    """The `map:` block; the map rules of spec 3.5 run here (DRG-SETUP-1)."""
    id: str
    scene: Scene
    outline: tuple[Point, ...]
    regions: tuple[Region, ...]
    mountain_borders: tuple[MountainBorder, ...]

    def __post_init__(self) -> None:
        at = ("map", "regions")
        check_unique(self.regions, "id", at)
        check_unique(self.regions, "order", at)
        check_count(at, "regions", len(self.regions), COUNTS["regions"], "spec 3.1")
        orders = sorted(r.order for r in self.regions)
        if orders != list(range(1, len(self.regions) + 1)):
            raise FieldError(at, f"orders run 1..{len(self.regions)} without gaps, got {orders}")
        if len(self.outline) < 3:
            raise FieldError(("map", "outline"), "the outline is a polygon of at least 3 points")
        ids = {r.id: i for i, r in enumerate(self.regions)}
        regions = {r.id: r for r in self.regions}
        starts: dict[str, int] = {}
        for i, region in enumerate(self.regions):
            self._check_region(i, region, ids, regions)
            if region.start_of is not None:
                if region.start_of in starts:
                    raise FieldError(at + (i, "start_of"), f"{region.start_of} already starts in "
                                                           f"{self.regions[starts[region.start_of]].id}")
                starts[region.start_of] = i
        listed: dict[frozenset[str], int] = {}
        for k, border in enumerate(self.mountain_borders):
            where = ("map", "mountain_borders", k)
            a, b = border.between
            for end, name in enumerate(border.between):
                if name not in ids:
                    raise FieldError(where + ("between", end), f"unknown region {name!r}")
            pair = frozenset((a, b))
            if pair in listed:
                raise FieldError(where, f"the mountain border {a} - {b} is listed twice")
            listed[pair] = k
            if b not in regions[a].mountain_borders_with:
                raise FieldError(where, f"{a} - {b} is drawn as a mountain, but {a} does not list {b} in "
                                        "mountain_borders_with")
            if frozenset(border.edge) not in polygon_edges(regions[a].polygon) & polygon_edges(regions[b].polygon):
                raise FieldError(where + ("edge",), f"the ridge {list(border.edge)} is not an edge both {a} and "
                                                    f"{b} polygons share")
        for i, region in enumerate(self.regions):
            for other in region.mountain_borders_with:
                if frozenset((region.id, other)) not in listed:
                    raise FieldError(at + (i, "mountain_borders_with"), f"{region.id} - {other} has no entry in "
                                                                        "map.mountain_borders (its ridge edge)")
        if not self.map().is_connected():
            raise FieldError(at, "the map is not connected")

    @staticmethod
    def _check_region(i: int, region: Region, ids: Mapping[str, int], regions: Mapping[str, Region]) -> None:
        at = ("map", "regions", i)
        for key in ("adjacent", "mountain_borders_with"):
            names = getattr(region, key)
            for k, other in enumerate(names):
                if other not in ids:
                    raise FieldError(at + (key, k), f"{region.id}: unknown region {other!r}")
                if other == region.id:
                    raise FieldError(at + (key, k), f"{region.id} cannot border itself")
                if region.id not in getattr(regions[other], key):
                    raise FieldError(at + (key, k), f"{region.id} lists {other} in {key}, but {other} does not "
                                                    f"list {region.id} (borders are symmetric)")
            if len(set(names)) != len(names):
                raise FieldError(at + (key,), f"{region.id}: {key} lists a region twice")
        for k, other in enumerate(region.mountain_borders_with):
            if other not in region.adjacent:
                raise FieldError(at + ("mountain_borders_with", k), f"{region.id}: a mountain border with {other} "
                                                                    "needs the two regions to be adjacent")
        polygon = region.polygon
        if len(polygon) < 3 or len(set(polygon)) != len(polygon):
            raise FieldError(at + ("polygon",), f"{region.id}: a polygon has at least 3 distinct points")
        if signed_area(polygon) <= 0 or not is_convex(polygon):
            raise FieldError(at + ("polygon",), f"{region.id}: the polygon must be convex with its points "
                                                "clockwise on screen (y down)")
        for other in regions.values():
            if other.id == region.id:
                continue
            shares = bool(polygon_edges(polygon) & polygon_edges(other.polygon))
            if shares != (other.id in region.adjacent):
                why = "share an edge but are not adjacent" if shares else "are adjacent but share no polygon edge"
                raise FieldError(at + ("adjacent",), f"{region.id} and {other.id} {why} (adjacency must match "
                                                     "the geometry, spec 3.5)")
        clearance = inner_clearance(polygon, region.label_pos)
        if clearance <= 0:
            raise FieldError(at + ("label_pos",), f"{region.id}: label_pos lies outside its polygon")
        if region.layout_radius <= 0 or region.layout_radius > clearance + LAYOUT_TOLERANCE:
            raise FieldError(at + ("layout_radius",), f"{region.id}: a layout circle of {region.layout_radius} "
                                                      f"leaves the polygon (at most {clearance:.1f} fits)")
        start = region.start_of is not None
        expected = (0, 0) if start else (1, 1)
        if (region.setup.power_tokens, region.setup.neutral_units) != expected:
            kind = "a start region gets" if start else "a non-start region gets"
            raise FieldError(at + ("setup",), f"{region.id}: {kind} {expected[0]} power token and {expected[1]} "
                                              "neutral unit at setup (DRG-SETUP-14)")

    def map(self) -> Map:
        return Map(self.id, self.scene, self.outline, {r.id: r for r in sorted(self.regions, key=lambda r: r.order)},
                   self.mountain_borders)


@dataclass(frozen=True)
class MapFile:
    map: MapSpec


# -- card files (section 7) ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ActionCard:
    id: str
    owner: str
    name: Name
    icons: tuple[IconT, ...]

    def __post_init__(self) -> None:
        if not self.icons:
            raise ValueError(f"{self.id}: an action card shows at least one icon")


@dataclass(frozen=True)
class ActionCardsFile:
    action_cards: tuple[ActionCard, ...]

    def __post_init__(self) -> None:
        check_unique(self.action_cards, "id", ("action_cards",))
        check_count(("action_cards",), "action cards", len(self.action_cards), COUNTS["action_cards"], "spec 7.2")


@dataclass(frozen=True)
class RegionCard:
    id: str
    region: str
    icons: tuple[IconT, ...]

    def __post_init__(self) -> None:
        if len(self.icons) != COUNTS["region_card_icons"]:
            raise ValueError(f"{self.id}: a region card shows {COUNTS['region_card_icons']} icons "
                             f"(DRG-REGIONCARD-1), got {len(self.icons)}")
        for icon in self.icons:
            if "region" not in icon.spec.users:
                raise ValueError(f"{self.id}: {icon.icon} is not a region-card icon (reinforce, upgrade, "
                                 "build_city; DRG-REGIONCARD-1)")


@dataclass(frozen=True)
class RegionCardsFile:
    region_cards: tuple[RegionCard, ...]

    def __post_init__(self) -> None:
        check_unique(self.region_cards, "id", ("region_cards",))
        check_unique(self.region_cards, "region", ("region_cards",))
        check_count(("region_cards",), "region cards", len(self.region_cards), COUNTS["region_cards"], "spec 7.3")


@dataclass(frozen=True)
class EventCard:
    id: str
    name: Name
    text: Name
    effects: EffectList


@dataclass(frozen=True)
class EventCardsFile:
    event_cards: tuple[EventCard, ...]

    def __post_init__(self) -> None:
        check_unique(self.event_cards, "id", ("event_cards",))
        check_count(("event_cards",), "event cards", len(self.event_cards), COUNTS["event_cards"], "spec 7.4")


@dataclass(frozen=True)
class UpgradeCard:
    id: str
    unit_type: UnitType
    name: Name
    text: Name
    effects: EffectList


@dataclass(frozen=True)
class UpgradeCardsFile:
    upgrade_cards: tuple[UpgradeCard, ...]

    def __post_init__(self) -> None:
        check_unique(self.upgrade_cards, "id", ("upgrade_cards",))
        check_count(("upgrade_cards",), "upgrade cards", len(self.upgrade_cards), COUNTS["upgrade_cards"], "spec 7.5")
        per_type: Counter[str] = Counter(u.unit_type for u in self.upgrade_cards)
        for unit_type in UNIT_TYPES:
            check_count(("upgrade_cards",), f"{unit_type} upgrades", per_type[unit_type], COUNTS["upgrades_per_type"],
                   "spec 7.5: four per unit type")
        for i, card in enumerate(self.upgrade_cards):
            for name, args in walk(card.effects):
                if name == "modifier" and args["duration"] != "while_held":
                    raise FieldError(("upgrade_cards", i, "effects"), f"{card.id}: an upgrade's modifiers last "
                                                                      "while_held (DRG-UPGRADE-5)")


@dataclass(frozen=True)
class VaalaCard:
    id: str
    owner: str
    cost: int
    timing: Literal["icon", "combat"]
    name: Name
    text: Name
    effects: EffectList

    def __post_init__(self) -> None:
        if self.cost < 1:
            raise ValueError(f"{self.id}: a Vaala card costs at least 1 power (DRG-VAALA-3)")
        if not self.effects:
            raise ValueError(f"{self.id}: a Vaala card has at least one effect")
        in_exchange = all(name == "modifier" and args["duration"] == "exchange" for name, args in walk(self.effects))
        if self.timing == "combat" and not in_exchange:
            raise ValueError(f"{self.id}: a combat Vaala card only changes the current exchange (modifiers with "
                             "duration exchange, DRG-VAALA-5)")
        if self.timing == "icon" and any(name == "modifier" for name, _ in walk(self.effects)):
            raise ValueError(f"{self.id}: an icon Vaala card is cast outside combat, so it has no modifier")


@dataclass(frozen=True)
class VaalaCardsFile:
    vaala_cards: tuple[VaalaCard, ...]

    def __post_init__(self) -> None:
        check_unique(self.vaala_cards, "id", ("vaala_cards",))
        check_count(("vaala_cards",), "Vaala cards", len(self.vaala_cards), COUNTS["vaala_cards"], "spec 7.6")


@dataclass(frozen=True)
class DragonbondCard:
    id: str
    owner: str
    name: Name
    text: Name
    effects: EffectList


@dataclass(frozen=True)
class DragonbondCardsFile:
    dragonbond_cards: tuple[DragonbondCard, ...]

    def __post_init__(self) -> None:
        check_unique(self.dragonbond_cards, "id", ("dragonbond_cards",))
        check_unique(self.dragonbond_cards, "owner", ("dragonbond_cards",))
        check_count(("dragonbond_cards",), "Dragonbond cards", len(self.dragonbond_cards), COUNTS["dragonbond_cards"],
               "spec 7.7")


# -- ai_boards.yaml (spec 7.8) --------------------------------------------------------------------------

@dataclass(frozen=True)
class AiIconRow:
    icon: str
    behaviour: str
    text: Name


@dataclass(frozen=True)
class AiBoard:
    """The AI side of a role's personal board: how an AI re-reads each icon (DRG-DEC-37)."""
    role: Role
    icons: tuple[AiIconRow, ...]
    combat: dict[Literal["counter", "continue", "casualties"], str]
    army: Name | None = None                  # generals: what "the army" is
    on_card: str | None = None                # dragons: the heal policy run when a card comes up (DRG-AI-21)

    def reading(self, icon: str) -> AiIconRow:
        return self._readings[icon]

    @cached_property
    def _readings(self) -> dict[str, AiIconRow]:
        """Icon -> its row (icons are unique; the board never changes): asked at every AI icon."""
        return {row.icon: row for row in self.icons}


@dataclass(frozen=True)
class AiBoardsFile:
    ai_boards: tuple[AiBoard, ...]

    def __post_init__(self) -> None:
        check_unique(self.ai_boards, "role", ("ai_boards",))
        if sorted(b.role for b in self.ai_boards) != sorted(ROLES):
            raise FieldError(("ai_boards",), "one AI board side per role: general and dragon")
        for i, board in enumerate(self.ai_boards):
            check_unique(board.icons, "icon", ("ai_boards", i, "icons"))
            for k, row in enumerate(board.icons):
                if row.icon not in ICONS or board.role not in ICONS[row.icon].users:
                    raise FieldError(("ai_boards", i, "icons", k, "icon"), f"{row.icon!r} is not an icon a "
                                                                           f"{board.role} executes (spec 7.1.1)")
            if (board.role == "general") != (board.army is not None):
                raise FieldError(("ai_boards", i), "the general side, and only it, defines its army")
            if (board.role == "dragon") != (board.on_card is not None):
                raise FieldError(("ai_boards", i), "the dragon side, and only it, has an on_card heal policy")


# -- everything ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Content:
    """Everything a Dragonbond game reads, loaded once by `content()`."""
    params: Params
    die: Die
    seating_default: tuple[str, ...]
    characters: dict[str, Character]
    map: Map
    action_cards: dict[str, ActionCard]
    region_cards: dict[str, RegionCard]
    event_cards: dict[str, EventCard]
    upgrade_cards: dict[str, UpgradeCard]
    vaala_cards: dict[str, VaalaCard]
    dragonbond_cards: dict[str, DragonbondCard]
    ai_boards: dict[str, AiBoard]

    def role(self, character: str) -> Role:
        return self.characters[character].role

    def characters_of(self, role: str) -> tuple[str, ...]:
        return tuple(c.id for c in self.characters.values() if c.role == role)

    def action_deck(self, character: str) -> tuple[ActionCard, ...]:
        return tuple(self.action_cards[i] for i in self.characters[character].action_cards)

    def vaala_deck(self, character: str) -> tuple[VaalaCard, ...]:
        return tuple(self.vaala_cards[i] for i in self.characters[character].vaala_cards)

    def dragonbond_card(self, character: str) -> DragonbondCard:
        return self.dragonbond_cards[self.characters[character].dragonbond_card]

    @cached_property
    def held_memo(self) -> dict[Any, Any]:
        """Answers the rules find from this content and a few board facts, kept by those facts (the
        content never changes): rules/modifiers.py keeps a holder's card modifiers here."""
        return {}

    def region_card(self, region: str) -> RegionCard:
        """The one region card of a region (DRG-REGIONCARD-1)."""
        return next(card for card in self.region_cards.values() if card.region == region)

    def region_name(self, card_or_region: str) -> Name:
        """A region card's UI name is its region's name (spec 7.3)."""
        region = self.region_cards[card_or_region].region if card_or_region in self.region_cards else card_or_region
        return self.map.regions[region].name


SHIPPED = ContentFiles("dragonbond")   # resources/dragonbond/: the files below, named so in errors

FILES: dict[str, type] = {
    "params.yaml": ParamsFile, "die.yaml": DieFile, "characters.yaml": CharactersFile, "map.yaml": MapFile,
    "action_cards.yaml": ActionCardsFile, "region_cards.yaml": RegionCardsFile, "event_cards.yaml": EventCardsFile,
    "upgrade_cards.yaml": UpgradeCardsFile, "vaala_cards.yaml": VaalaCardsFile,
    "dragonbond_cards.yaml": DragonbondCardsFile, "ai_boards.yaml": AiBoardsFile,
}


@cache
def content() -> Content:
    """Load, check and cache every Dragonbond content file; raises ContentError naming file, line and field."""
    loaded: dict[str, Any] = {name: SHIPPED.load(name, schema) for name, schema in FILES.items()}
    chars: CharactersFile = loaded["characters.yaml"]
    result = Content(
        params=loaded["params.yaml"].params, die=loaded["die.yaml"].die, seating_default=chars.seating_default,
        characters={c.id: c for c in chars.characters}, map=loaded["map.yaml"].map.map(),
        action_cards={c.id: c for c in loaded["action_cards.yaml"].action_cards},
        region_cards={c.id: c for c in loaded["region_cards.yaml"].region_cards},
        event_cards={c.id: c for c in loaded["event_cards.yaml"].event_cards},
        upgrade_cards={c.id: c for c in loaded["upgrade_cards.yaml"].upgrade_cards},
        vaala_cards={c.id: c for c in loaded["vaala_cards.yaml"].vaala_cards},
        dragonbond_cards={c.id: c for c in loaded["dragonbond_cards.yaml"].dragonbond_cards},
        ai_boards={b.role: b for b in loaded["ai_boards.yaml"].ai_boards},
    )
    check_content(result)
    return result


# -- cross-file checks --------------------------------------------------------------------------------

def check_content(c: Content) -> None:
    """References between files (DRG-SETUP-1); raises ContentError naming the file, line and field to fix."""
    fail = SHIPPED.fail
    regions = c.map.regions
    owned: tuple[tuple[str, str, Mapping[str, ActionCard | VaalaCard]], ...] = (
        ("action_cards.yaml", "action_cards", c.action_cards), ("vaala_cards.yaml", "vaala_cards", c.vaala_cards))
    # characters.yaml <-> map.yaml and the card files
    for i, ch in enumerate(c.characters.values()):
        where = ("characters", i)
        if ch.start_region not in regions:
            fail("characters.yaml", f"{ch.id}: unknown start_region {ch.start_region!r} (map.yaml ids)",
                 where + ("start_region",))
        if regions[ch.start_region].start_of != ch.id:
            fail("characters.yaml", f"{ch.id} starts in {ch.start_region}, but map.yaml gives that region "
                                    f"start_of: {regions[ch.start_region].start_of}", where + ("start_region",))
        for _, key, table in owned:
            for k, card_id in enumerate(getattr(ch, key)):
                card = table.get(card_id)
                if card is None:
                    fail("characters.yaml", f"{ch.id}: unknown card {card_id!r} (ids of {key}.yaml)", where + (key, k))
                if card.owner != ch.id:
                    fail("characters.yaml", f"{ch.id}: {card_id} belongs to {card.owner}", where + (key, k))
        bond = c.dragonbond_cards.get(ch.dragonbond_card)
        if bond is None or bond.owner != ch.id:
            fail("characters.yaml", f"{ch.id}: dragonbond_card {ch.dragonbond_card!r} is not {ch.id}'s card in "
                                    "dragonbond_cards.yaml", where + ("dragonbond_card",))
    for i, region in enumerate(regions.values()):  # map order, which is the file's order in map.yaml
        if region.start_of is not None and region.start_of not in c.characters:
            fail("map.yaml", f"{region.id}: start_of names the unknown character {region.start_of!r}",
                 ("map", "regions", i, "start_of"))
    for name, key, table in owned:
        for i, card in enumerate(table.values()):
            owner = c.characters.get(card.owner)
            if owner is None:
                fail(name, f"{card.id}: unknown owner {card.owner!r}", (key, i, "owner"))
            if card.id not in getattr(owner, key):
                fail(name, f"{card.id}: {card.owner} does not list it in characters.yaml", (key, i, "owner"))
    for i, bond_card in enumerate(c.dragonbond_cards.values()):
        if bond_card.owner not in c.characters or c.characters[bond_card.owner].dragonbond_card != bond_card.id:
            fail("dragonbond_cards.yaml", f"{bond_card.id}: {bond_card.owner!r} is not a character holding this card",
                 ("dragonbond_cards", i, "owner"))

    # action cards use their owner's icons (DRG-ACTION-4)
    for i, action_card in enumerate(c.action_cards.values()):
        role = c.characters[action_card.owner].role
        for k, icon in enumerate(action_card.icons):
            if role not in icon.spec.users:
                fail("action_cards.yaml", f"{action_card.id}: a {role} cannot execute {icon.notation()} (spec 7.1.1)",
                     ("action_cards", i, "icons", k))

    # region cards <-> map (DRG-REGIONCARD-1, DRG-CITY-1)
    for i, region_card in enumerate(c.region_cards.values()):
        if region_card.region not in regions:
            fail("region_cards.yaml", f"{region_card.id}: unknown region {region_card.region!r}",
                 ("region_cards", i, "region"))
        for k, icon in enumerate(region_card.icons):
            if icon.icon == "build_city" and not regions[region_card.region].city_site:
                fail("region_cards.yaml", f"{region_card.id}: build_city on {region_card.region}, which is not a "
                                          "city site",
                     ("region_cards", i, "icons", k))
    missing = sorted(set(regions) - {card.region for card in c.region_cards.values()})
    if missing:
        fail("region_cards.yaml", f"no region card for {', '.join(missing)} (one per region)", ("region_cards",))

    # granted icons fit the roles they go to
    with_effects: tuple[tuple[str, str, Mapping[str, EventCard | VaalaCard | UpgradeCard | DragonbondCard]], ...] = (
        ("event_cards.yaml", "event_cards", c.event_cards), ("vaala_cards.yaml", "vaala_cards", c.vaala_cards),
        ("upgrade_cards.yaml", "upgrade_cards", c.upgrade_cards),
        ("dragonbond_cards.yaml", "dragonbond_cards", c.dragonbond_cards))
    for name, key, effect_table in with_effects:
        for i, effect_card in enumerate(effect_table.values()):
            owner_id = getattr(effect_card, "owner", None)  # events have none; upgrades are held by generals
            owner_role = ("general" if key == "upgrade_cards" else c.characters[owner_id].role if owner_id
                          else None)
            for prim, args in walk(effect_card.effects):
                if prim != "grant_icon":
                    continue
                for grantee, icon in granted_icons(args).items():
                    roles = _grant_roles(str(args["who"]), owner_role) if grantee is None else {grantee}
                    for r in roles:
                        if r not in icon.spec.users:
                            fail(name, f"{effect_card.id}: grant_icon gives {icon.notation()} to a {r}, who cannot "
                                       "execute it (spec 7.1.1)", (key, i, "effects"))

    # the AI side reads every icon its role's cards can bring up (spec 7.8)
    for side, board in c.ai_boards.items():
        read = {row.icon for row in board.icons}
        needed = {icon.icon for a in c.action_cards.values() if c.characters[a.owner].role == side
                  for icon in a.icons}
        for event_card in c.event_cards.values():
            for prim, args in walk(event_card.effects):
                if prim == "grant_icon":
                    needed |= {icon.icon for r, icon in granted_icons(args).items() if r in (None, side)
                               and side in icon.spec.users}
        if needed - read:
            i = list(c.ai_boards).index(side)
            fail("ai_boards.yaml", f"the {side} AI side has no reading for {', '.join(sorted(needed - read))}",
                 ("ai_boards", i, "icons"))

    # params.yaml <-> everything: setup must fit in the supply (DRG-SETUP-14, DRG-SETUP-6)
    supply = c.params.supply
    setup_power = sum(r.setup.power_tokens for r in regions.values())
    setup_neutral = sum(r.setup.neutral_units for r in regions.values())
    if setup_power > supply.power_tokens:
        fail("params.yaml", f"setup puts {setup_power} power tokens on the map, more than the supply",
             ("params", "supply", "power_tokens"))
    if setup_neutral > supply.neutral_units:
        fail("params.yaml", f"setup puts {setup_neutral} neutral units on the map, more than the supply",
             ("params", "supply", "neutral_units"))
    for i, ch in enumerate(c.characters.values()):
        for unit_type, n in (ch.start_units or {}).items():
            if n > supply.units_per_type_per_general:
                fail("characters.yaml", f"{ch.id} starts with {n} {unit_type}, more than its pool of "
                                        f"{supply.units_per_type_per_general}", ("characters", i, "start_units"))
    if c.params.upgrade_market_size > len(c.upgrade_cards):
        fail("params.yaml", "the upgrade market is larger than the upgrade deck", ("params", "upgrade_market_size"))


def _grant_roles(who: str, owner_role: str | None) -> set[str]:
    """The roles a grant_icon's `who` can reach."""
    if who == "each_general":
        return {"general"}
    if who == "each_dragon":
        return {"dragon"}
    if who == "self" and owner_role is not None:
        return {owner_role}
    return set(ROLES)


__all__ = ["COUNTS", "FILES", "ActionCard", "AiBoard", "Character", "Content", "DragonbondCard", "EventCard",
           "Params", "RegionCard", "UpgradeCard", "VaalaCard", "check_content", "content"]
