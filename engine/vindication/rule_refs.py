"""Which spec rule each log event comes from, and short names of the rule areas (en / zh-TW).

A table from event kind to the rule ID of ``shared/rules/vindication.md`` that governs it. Some
kinds come from more than one rule (a die is the monster's or the Academy's, honor comes from many
places): for those a small key function reads the event's fields and a second table picks a more
exact rule, falling back to the kind's own entry.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Event
from engine.core.language import language_index

from .content import content
from .vocabulary import ATTRIBUTES

# Every kind of event the rules emit -> the rule that makes it happen.
KIND_RULES: dict[str, str] = {
    # set-up and flow
    "character_chosen": "VIN-SETUP-1",
    "quests_drawn": "VIN-SETUP-15",
    "quests_dealt": "VIN-SETUP-15",
    "quest_kept": "VIN-SETUP-15",
    "private_choice": "VIN-TURN-7",
    "round_started": "VIN-TURN-10",
    "turn_ended": "VIN-TURN-9",
    "extra_action": "VIN-TURN-5",
    "end_trigger_revealed": "VIN-SETUP-9",
    "end_triggered": "VIN-END-3",
    "game_ended": "VIN-SCORE-1",
    "end_bonus_scored": "VIN-SCORE-2",
    # power, attributes, honor
    "power_step": "VIN-POWER-5",
    "influence_spent": "VIN-POWER-3",
    "blocks_placed": "VIN-POWER-2",
    "attributes_gained": "VIN-ATTR-3",
    "attribute_spent": "VIN-ATTR-4",
    "honor_changed": "VIN-HONOR-2",
    "trigger_token_taken": "VIN-HONOR-3",
    # turn actions
    "activated": "VIN-ACTIVATE-3",
    "token_moved": "VIN-MOVE-1",
    "token_flew": "VIN-MOVE-12",
    "move_skipped": "VIN-MOVE-10",
    "tile_discovered": "VIN-DISCOVER-1",
    "region_visited": "VIN-VISIT-1",
    "rested": "VIN-VISIT-2",
    "mount_changed": "VIN-REGION-2",
    "die_rolled": "VIN-REGION-11",
    "reroll_unused": "VIN-CARD-14",
    # cards
    "card_acquired": "VIN-CARD-1",
    "card_left": "VIN-CARD-9",
    "card_turned_up": "VIN-CARD-3",
    "cards_drawn": "VIN-CARD-4",
    "empowered_draw": "VIN-CARD-4",
    "free_empowered_used": "VIN-CARD-4",
    "cards_peeked": "VIN-CARD-10",
    "deck_peeked": "VIN-CARD-10",
    "deck_reordered": "VIN-CARD-10",
    "ability_used": "VIN-CARD-11",
    "ability_declined": "VIN-CARD-12",
    "ability_reused": "VIN-COMPANION-5",
    "modifier_added": "VIN-CARD-14",
    "block_returned": "VIN-COMPANION-7",
    "companion_saved": "VIN-MONSTER-6",
    "companion_died": "VIN-MONSTER-6",
    "death_prevented": "VIN-MONSTER-6",
    "fatigue_placed": "VIN-MONSTER-7",
    "fatigue_prevented": "VIN-MONSTER-7",
    "monster_defeated": "VIN-MONSTER-11",
    "relic_charged": "VIN-RELIC-3",
    "charges_spent": "VIN-RELIC-5",
    # free actions
    "control_changed": "VIN-CONTROL-2",
    "upgraded": "VIN-UPGRADE-1",
    "proficiency_changed": "VIN-PROFICIENCY-1",
    "vindicated": "VIN-VINDICATE-2",
    "recovered": "VIN-RECOVER-1",
    # Villages & Hamlets
    "slot_filled": "VVH-VILLAGE-1",
    "village_control_changed": "VVH-CONTROL-2",
    "built": "VVH-BUILD-1",
    "dug": "VVH-RUINS-1",
    "rune_map_taken": "VVH-TEMPLE-1",
    "rune_donated": "VVH-TEMPLE-1",
    "rune_used": "VVH-RUNE-1",
    "check_die_rolled": "VVH-CHECK-1",
    "check_resolved": "VVH-CHECK-4",
    "token_relocated": "VVH-PORT-2",
}

# Honor changes, by the start or end of their ``reason`` (see rules/power.py `gain_honor` callers).
HONOR_REASONS = (("mount rank", "mount"), ("control of", "control"), ("rune donated", "temple"),
                 ("card ", "card"), ("lost ", "lost"), ("vindication", "vindication"))


def _honor_reason(data: Mapping[str, Any]) -> str | None:
    reason = str(data.get("reason", ""))
    if reason.endswith(" visited"):
        return "visited"
    return next((key for start, key in HONOR_REASONS if reason.startswith(start)), None)


def _is_isle_area(space: Any) -> bool:
    return space in {a.id for a in content().module.isle_areas}


def _control_change(data: Mapping[str, Any]) -> str | None:
    if data.get("controller") is None:
        return "recovered"
    if data.get("previous") is not None:
        return "displaced"
    return "built" if _is_isle_area(data.get("space")) else None


def _recover_location(data: Mapping[str, Any]) -> str:
    location = data.get("location")
    if location in ATTRIBUTES:
        return "attribute"
    card = content().cards.get(str(location))
    if card is None:
        return "control"
    return "relic" if card.deck == "relic" else "companion"


def _visited_space(data: Mapping[str, Any]) -> str | None:
    space = str(data.get("space", ""))
    if "/" in space:
        return "slot"
    return "isle" if _is_isle_area(space) else None


def _ability_type(data: Mapping[str, Any]) -> str | None:
    card = content().cards.get(str(data.get("card")))
    return None if card is None else card.ability.type


def _field(name: str) -> Callable[[Event], Any]:
    return lambda event: event.data.get(name)


# kind -> what to look at in the event, and what that gives -> the more exact rule
REFINE_KEYS: dict[str, Callable[[Event], Any]] = {
    "activated": lambda event: event.data.get("source") == "self",
    "round_started": lambda event: event.data.get("round") == 1,
    "end_trigger_revealed": lambda event: event.reveals,
    "power_step": _field("step"),
    "die_rolled": _field("die"),
    "upgraded": _field("kind"),
    "rune_used": _field("rune"),
    "honor_changed": lambda event: _honor_reason(event.data),
    "control_changed": lambda event: _control_change(event.data),
    "recovered": lambda event: _recover_location(event.data),
    "region_visited": lambda event: _visited_space(event.data),
    "ability_used": lambda event: _ability_type(event.data),
    "proficiency_changed": lambda event: (event.data.get("delta") or 0) < 0,
    "check_resolved": lambda event: not event.data.get("required"),
    "token_relocated": lambda event: event.data.get("to") in content().isle.triangles,
}
REFINED_RULES: dict[str, dict[Any, str]] = {
    "activated": {True: "VIN-ACTIVATE-2"},
    "round_started": {True: "VIN-SETUP-18"},
    "end_trigger_revealed": {True: "VIN-HONOR-4"},       # a taken trigger token turns it up
    "power_step": {"pot_to_inf": "VIN-POWER-5", "inf_to_conv": "VIN-POWER-5",
                   "conv_to_inf": "VIN-POWER-6", "inf_to_pot": "VIN-POWER-6"},
    "die_rolled": {"monster": "VIN-MONSTER-5", "attribute": "VIN-REGION-11", "check": "VVH-CHECK-1"},
    "upgraded": {"C": "VIN-UPGRADE-1", "W": "VIN-UPGRADE-2", "V": "VIN-UPGRADE-3"},
    "rune_used": {"ingenuity": "VVH-RUNE-3", "devotion": "VVH-RUNE-4", "leadership": "VVH-RUNE-5",
                  "discipline": "VVH-RUNE-6"},
    "honor_changed": {"mount": "VIN-REGION-3", "control": "VIN-CONTROL-5", "temple": "VVH-TEMPLE-1",
                      "card": "VIN-CARD-7", "lost": "VIN-CARD-8", "visited": "VIN-VISIT-7",
                      "vindication": "VIN-VINDICATE-2"},
    "control_changed": {"recovered": "VIN-RECOVER-5", "displaced": "VIN-CONTROL-3", "built": "VVH-BUILD-2"},
    "recovered": {"companion": "VIN-RECOVER-2", "relic": "VIN-RECOVER-3", "attribute": "VIN-RECOVER-4",
                  "control": "VIN-RECOVER-5"},
    "region_visited": {"slot": "VVH-VILLAGE-3", "isle": "VVH-ISLE-3"},
    "ability_used": {"on_join": "VIN-COMPANION-3", "passive": "VIN-COMPANION-4",
                     "activated": "VIN-COMPANION-5", "passive_once": "VIN-TRAIT-2",
                     "whenever": "VIN-TRAIT-3", "relic": "VIN-RELIC-5"},
    "proficiency_changed": {True: "VIN-PROFICIENCY-6"},    # a tile given back
    "check_resolved": {True: "VVH-CHECK-5"},              # a per-hit check needs no number
    "token_relocated": {False: "VVH-PORT-3"},              # back from the Isle to the port
}

# The rule areas of the spec's rule index (section 10), in our own words.
AREA_TITLES: dict[str, tuple[str, str]] = {
    "VIN-SETUP": ("Setup", "開局設置"),
    "VIN-SOLO": ("Solo game", "單人遊戲"),
    "VIN-GEO": ("The island's spaces", "島嶼的格子"),
    "VIN-TURN": ("Turns and rounds", "回合與輪"),
    "VIN-POWER": ("Power and blocks", "能力與資源方塊"),
    "VIN-ATTR": ("Attributes", "屬性"),
    "VIN-ACTIVATE": ("Activating", "啟用"),
    "VIN-MOVE": ("Moving", "移動"),
    "VIN-DISCOVER": ("Discovering regions", "發現地區"),
    "VIN-VISIT": ("Visiting and resting", "造訪與休息"),
    "VIN-REGION": ("Regions", "地區"),
    "VIN-CARD": ("Cards", "卡牌"),
    "VIN-COMPANION": ("Companions", "夥伴"),
    "VIN-MONSTER": ("Monsters", "怪物"),
    "VIN-RELIC": ("Relics", "聖物"),
    "VIN-TRAIT": ("Traits", "特質"),
    "VIN-CONTROL": ("Controlling regions", "控制地區"),
    "VIN-UPGRADE": ("Upgrading attributes", "屬性升級"),
    "VIN-PROFICIENCY": ("Proficiency tiles", "屬性專精板塊"),
    "VIN-VINDICATE": ("Becoming vindicated", "重返榮耀"),
    "VIN-RECOVER": ("Recovering influence", "恢復影響力"),
    "VIN-HONOR": ("Honor and trigger tokens", "榮耀與觸發指示物"),
    "VIN-END": ("End of the game", "遊戲結束"),
    "VIN-SCORE": ("Final scoring", "最終計分"),
    "VIN-DEC": ("Rulings", "規則裁定"),
    "VVH-SETUP": ("Villages & Hamlets setup", "村莊與小村開局設置"),
    "VVH-GEO": ("The Forgotten Isle's spaces", "遺忘之島的格子"),
    "VVH-PORT": ("Thwynn's Landing", "斯溫登陸港"),
    "VVH-ISLE": ("Playing on the Forgotten Isle", "在遺忘之島行動"),
    "VVH-VILLAGE": ("Villages and hamlets", "村莊與小村"),
    "VVH-CONTROL": ("Holding villages", "村莊的控制"),
    "VVH-BUILD": ("Building sites", "建築工地"),
    "VVH-RUNEMAP": ("Rune maps", "符文地圖"),
    "VVH-RUINS": ("Hidden ruins", "隱藏遺跡"),
    "VVH-TEMPLE": ("Temple of Legends", "傳說神殿"),
    "VVH-RUNE": ("Empowered runes", "賦能符文"),
    "VVH-CHECK": ("Attribute checks", "屬性檢定"),
    "VVH-REGION": ("Module regions", "擴充地區"),
    "VVH-SCORE": ("Module scoring", "擴充計分"),
}


def event_rule(event: Event) -> str:
    """The rule ID an event comes from; "" for a kind the table does not know."""
    refine = REFINE_KEYS.get(event.kind)
    if refine is not None:
        exact = REFINED_RULES[event.kind].get(refine(event))
        if exact:
            return exact
    return KIND_RULES.get(event.kind, "")


def rule_area(rule_id: str) -> str:
    """``VIN-MOVE-4`` -> ``VIN-MOVE``."""
    head, _, number = rule_id.rpartition("-")
    return head if number.isdigit() else rule_id


def rule_title(rule_id: str, language: str = "en") -> str:
    """The title of the rule area ``rule_id`` belongs to, in ``language``; "" for an unknown area."""
    titles = AREA_TITLES.get(rule_area(rule_id))
    if titles is None:
        return ""
    return titles[language_index(language)]


def all_rule_ids() -> set[str]:
    """Every rule ID `event_rule` can answer."""
    return set(KIND_RULES.values()) | {rule for table in REFINED_RULES.values() for rule in table.values()}
