"""The shape of Dragonbond's state data (setup.py lists its parts), checked when a state document
is loaded, before any rule reads it (`Dragonbond.data_schema`).

Every key the set-up and the rules create, with its type, range and the ids the content knows:
characters, regions, cards of each kind, unit types, phases, the combat, the oath, modifiers and
the queued flow steps with each primitive's parameters. Per character the board is exact (a
dragon's health up to its own maximum, a general's pool, only its own cards), so a document that
gives Elyse a dragon's health or Nagasha a region card is refused with the field that is wrong.

Cross-field facts that types cannot say (a card in exactly one place, seats and boards agreeing,
what the flow may be waiting on in each phase, a pending decision being the one its step asks
now) are the invariants (invariants.py), checked after the shape.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from engine.core.game import Config
from engine.core.plain import canonical_json
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
    Record,
    Schema,
    Str,
    Tuple,
    Where,
    ids,
)

from .content import Content, DragonbondCard, EventCard, UpgradeCard, VaalaCard, content
from .vocabulary import DURATIONS, ICONS, MODIFIER_KINDS, SIDES, TRIGGER_EVENTS, UNIT_TYPES, primitive, walk

PHASES = ("setup", "planning", "execution", "over")     # "cleanup" runs within one command
COMBAT_PHASES = ("pre_attacker", "pre_target", "roll", "after_crits", "counter", "normals", "check",
                 "target_retreat", "attacker_retreat", "end")
END_REASONS = ("power_goal", "event_deck_empty", "general_defeated")
# The decision kinds a queued step may wait on, by the step that asks them.
PAUSES: dict[str, tuple[str, ...]] = {
    "choose_character": ("choose_character",), "choose_first_player": ("choose_first_player",),
    "icon": tuple(f"icon_{name}" for name in ICONS) + ("optional_icon",),
    "move_pieces": ("icon_move_pieces",), "move_on": ("icon_move_pieces",),
    "attack_approach": ("attack_approach",), "card_comes_up": ("heal_or_execute",),
    "combat_vaala": ("combat_vaala",), "combat_target_choice": ("counter_or_retreat",),
    "combat_attacker_choice": ("continue_or_retreat",), "combat_damage": ("allocate_damage",),
    "combat_retreat": ("choose_retreat_region",), "effect": ("effect_choice",),
    "trigger_fires": ("optional_icon",), "oath_reroll": ("oath_reroll",),
    "region_icon": ("icon_reinforce", "icon_upgrade"), "ai_tie": ("ai_tie",),
}
MAX_DAMAGE = 200        # more than any roll deals: ~20 dice of at most 2 hits, critical ones doubled
MAX_QUEUE = 500         # real queues hold a card's steps: a few dozen at most
MAX_OPTIONS = 5_000     # the longest option lists (effect choices) have a few hundred


def data_schema(config: Config) -> Schema:
    """The schema of a Dragonbond state's data for ``config`` (players and options fixed)."""
    return _schema(config.players, config.options)


@cache
def _schema(players: int, options: tuple[tuple[str, Any], ...]) -> Schema:
    return Lazy(lambda: _build(players, dict(options)))


def _canonical(value: Any) -> str:
    return canonical_json(value)


def _effect_forms(c: Content) -> dict[str, frozenset[str]]:
    """Card id -> the canonical plain form of every effect it may queue (rules/card_effects.py
    ``effect_step``): its printed effects, a trigger's ``then`` effects, and a multi-region removal
    or push split into one step per region (``event_region``)."""
    from engine.core.effects import to_plain
    cards: dict[str, Any] = {**c.event_cards, **c.vaala_cards, **c.upgrade_cards, **c.dragonbond_cards}
    forms: dict[str, frozenset[str]] = {}
    for card_id, card in cards.items():
        found: set[str] = set()
        for name, args in walk(card.effects):
            plain = to_plain({name: args})
            found.add(_canonical(plain))
            key = {"remove_units": "where", "push_units": "from"}.get(name)
            if key:
                found.add(_canonical({name: {**plain[name], key: {"event_region": True}}}))
        forms[card_id] = frozenset(found)
    return forms


def _modifier_forms(c: Content) -> dict[str, frozenset[str]]:
    """Card id -> the canonical form of each modifier it adds to ``data["modifiers"]``
    (rules/modifiers.py ``add``), without its holder."""
    from engine.core.effects import to_plain
    forms: dict[str, set[str]] = {}
    cards: dict[str, EventCard | VaalaCard] = {**c.event_cards, **c.vaala_cards}
    for card_id, card in cards.items():
        for name, args in walk(card.effects):
            if name == "modifier":
                spec = to_plain(args)
                entry = {"kind": spec["kind"], "value": spec.get("value"), "side": spec.get("side"),
                         "when": dict(spec.get("when") or {}), "duration": spec.get("duration", "round"),
                         "source": card_id}
                forms.setdefault(card_id, set()).add(_canonical(entry))
    return {k: frozenset(v) for k, v in forms.items()}


def _granted_icon_forms(c: Content) -> dict[str, frozenset[str]]:
    """Card id -> the canonical plain form of every icon it grants (rules/actions.py ``as_plain_icon``)."""
    from engine.core.effects import to_plain
    forms: dict[str, set[str]] = {}
    cards: dict[str, EventCard | VaalaCard | UpgradeCard | DragonbondCard] = {
        **c.event_cards, **c.vaala_cards, **c.upgrade_cards, **c.dragonbond_cards}
    for card_id, card in cards.items():
        for name, args in walk(card.effects):
            if name != "grant_icon":
                continue
            icons = args["icon_by_role"].values() if "icon_by_role" in args else [args["icon"]]
            for icon in icons:
                plain = {k: v for k, v in to_plain(icon).items() if v is not None}
                forms.setdefault(card_id, set()).add(_canonical(plain))
    return {k: frozenset(v) for k, v in forms.items()}


def _build(players: int, options: Mapping[str, Any]) -> Schema:
    c = content()
    params = c.params
    supply = params.supply
    characters = ids(c.characters)
    generals = ids(c.characters_of("general"))
    dragons = ids(c.characters_of("dragon"))
    regions = ids(c.map.order)
    action_cards = ids(c.action_cards)
    region_cards = ids(c.region_cards)
    event_cards = ids(c.event_cards)
    upgrade_cards = ids(c.upgrade_cards)
    vaala_cards = ids(c.vaala_cards)
    trigger_cards = ids([*c.upgrade_cards, *c.dragonbond_cards])
    every_card = ids([*action_cards, *region_cards, *event_cards, *upgrade_cards, *vaala_cards,
                      *c.dragonbond_cards])
    faces = ids(f.face for f in c.die.faces)
    units_max = supply.units_per_type_per_general
    seat = Int(0, players - 1)

    CHARACTER = Str(characters, what="a character id (elyse, adrael, nagasha, ferellon)")
    GENERAL = Str(generals, what="a general's id (elyse, adrael)")
    DRAGON = Str(dragons, what="a dragon's id (nagasha, ferellon)")
    REGION = Str(regions, what="a region id of the map")
    UNIT = Str(ids(UNIT_TYPES), what="a unit type (infantry, cavalry, ranged)")
    UNITS = Record({t: Int(0, units_max) for t in UNIT_TYPES}, what="units by type {infantry, cavalry, ranged}")
    SOME_UNITS = MapOf(UNIT, Int(0, units_max))
    POWER = Int(0, params.power_hold_limit)

    def cards(choices: Iterable[str], what: str, max_len: int) -> Schema:
        return ListOf(Str(ids(choices), what=what), max_len=max_len, unique=True)

    def board(ch: str) -> Schema:
        char = c.characters[ch]
        general = char.role == "general"
        own_actions = cards(char.action_cards, f"one of {ch}'s action cards", len(char.action_cards))
        own_vaala = cards(char.vaala_cards, f"one of {ch}'s Vaala cards", len(char.vaala_cards))
        hand_cards = [*char.action_cards, *(region_cards if general else ())]
        return Record({
            "character": Const(ch), "role": Const(char.role), "seat": Nullable(seat),
            "hand": cards(hand_cards, f"one of {ch}'s action cards" + (" or a region card" if general else ""),
                          len(hand_cards)),
            "ai_deck": own_actions, "ai_played": own_actions,
            "vaala_deck": own_vaala, "vaala_hand": own_vaala, "vaala_discard": own_vaala,
            "power": Record({"unspent": POWER, "spent": POWER}),
            "bonded_with": Nullable(DRAGON if general else GENERAL),
            "bond_card": Str(ids(("down", "up"))),
            "upgrades": cards(upgrade_cards if general else (), "an upgrade card" if general
                              else "nothing (a dragon holds no upgrade)", len(UNIT_TYPES) if general else 0),
            "region": REGION,
            "health": Int(0, char.health_max) if not general else Const(None),
            "pool": UNITS if general else Const(None),
        }, what=f"{ch}'s board")

    REGION_STATE = Record({
        "power": Int(0, supply.power_tokens), "neutral": Int(0, supply.neutral_units),
        "city": OneOf(Const(False), GENERAL),
        "units": MapOf(GENERAL, UNITS),
    }, what="a region {power, neutral, city, units}")

    effect_forms = _effect_forms(c)
    modifier_forms = _modifier_forms(c)
    icon_forms = _granted_icon_forms(c)

    def printed_icon(card: str, index: int) -> str | None:
        table = c.action_cards if card in c.action_cards else c.region_cards if card in c.region_cards else None
        if table is None or not 0 <= index < len(table[card].icons):
            return None
        icon = table[card].icons[index]
        return _canonical({k: v for k, v in
                           {"icon": icon.icon, "n": icon.n, "type": icon.type}.items() if v is not None})

    def icon_fits(params: Mapping[str, Any]) -> bool:
        form = _canonical(params["icon"])
        index, source = params.get("index"), params.get("source", "")
        if index is not None:
            return printed_icon(source, index) == form
        return form in icon_forms.get(source, ())

    ICON = Where(Record({"icon": Str(ids(ICONS), what="an icon name")},
                        optional={"n": Int(1, 3), "type": Str(ids((*UNIT_TYPES, "any")))}),
                 lambda icon: set(icon) - {"icon"} == set(ICONS[icon["icon"]].params),
                 "an icon with exactly its own parameters (spec 7.1.1)")
    EFFECT = Record({}, extra=Anything(), what="an effect {primitive: {parameters}}")
    ACTOR = Nullable(CHARACTER)

    def step_params(fields: Mapping[str, Schema], optional: Mapping[str, Schema] | None = None) -> Record:
        return Record(fields, optional or {}, what="the step's parameters")

    none = step_params({})
    steps: dict[str, Schema] = {name: none for name in (
        "begin", "deal", "choose_character", "choose_first_player", "planning_turn", "execute",
        "resolve_next", "resolve_card", "finish_card", "end_execution", "cleanup", "start_round",
        "combat_step", "combat_target_choice", "combat_attacker_choice", "oath_reroll")}
    steps.update({
        "card_icons": step_params({"owner": CHARACTER, "card": Str(action_cards)}),
        "ai_card_icons": step_params({"owner": CHARACTER, "card": Str(action_cards)}),
        "icon": Where(step_params({"owner": CHARACTER, "icon": ICON},
                                  {"source": Str(every_card), "index": Nullable(Int(0, 5)),
                                   "optional": Bool(), "started": Bool()}),
                      icon_fits, "the icon printed on its source card at that index, or granted by it"),
        "move_pieces": step_params({"owner": GENERAL, "origin": REGION, "destination": REGION},
                                   {"chosen": Nullable(SOME_UNITS), "figure": Nullable(Bool())}),
        "move_on": step_params({"owner": GENERAL, "destination": REGION, "units": SOME_UNITS}),
        "attack_approach": step_params(
            {"owner": GENERAL, "region": REGION, "target": Str(characters | {"neutral"})},
            {"taken": Nullable(MapOf(REGION, SOME_UNITS)), "figure": Nullable(Str(regions | {""}))}),
        "card_comes_up": step_params({"owner": DRAGON}),
        "combat_damage": step_params({"side": Str(ids(("attacker", "target"))), "n": Int(0, MAX_DAMAGE)}),
        "combat_vaala": step_params({"character": CHARACTER}),
        "combat_retreat": step_params({"character": CHARACTER, "forced": Bool()}, {"origin": Nullable(REGION)}),
        "effect": Where(step_params({"effect": EFFECT},
                                    {"actor": ACTOR, "source": Str(ids(effect_forms)), "region": Nullable(REGION),
                                     "target": ACTOR}),
                        lambda p: _canonical(p["effect"]) in effect_forms.get(p.get("source", ""), ()),
                        "an effect printed on its source card (spec 7)"),
        "trigger_fires": Where(step_params({"holder": CHARACTER, "card": Str(trigger_cards),
                                            "on_event": Str(ids(TRIGGER_EVENTS))},
                                           {"region": Nullable(REGION), "optional": Bool()}),
                               lambda p: _has_trigger(c, p["card"], p["on_event"]),
                               "a trigger its card has"),
        "oath_check": step_params({}, {"owner": ACTOR, "everyone": Bool()}),
        "oath_take": step_params({"general": GENERAL, "dragon": DRAGON}, {"owner": ACTOR}),
        "region_icon": step_params({"owner": GENERAL, "card": Str(region_cards), "index": Int(0, 2)}),
        "ai_tie": step_params({"character": CHARACTER, "purpose": Const("ai_icon"),
                               "options": ListOf(Str(max_len=300), min_len=2, max_len=MAX_OPTIONS, unique=True)}),
    })
    OPTION = OneOf(Str(max_len=300), Int(0, 3))
    STEP = FlowStep(Record({
        "primitive": Str(ids(steps), what="a Dragonbond flow step"),
        "params": Record({}, extra=Anything(), what="the step's parameters"),
        "meta": Record({"seat": seat}, what="the step's tag {seat}"),
    }, optional={
        "pause": Record({"kind": Str(ids(k for kinds in PAUSES.values() for k in kinds)),
                         "options": ListOf(OPTION, min_len=1, max_len=MAX_OPTIONS)}),
    }, what="a queued step"), steps, PAUSES)

    SIDE = Record({"kind": Str(ids(("neutral", "general", "dragon"))), "who": Nullable(CHARACTER)})
    COUNT = Int(0, MAX_DAMAGE)
    FACES = ListOf(Str(faces, what="a die face"), max_len=MAX_DAMAGE)
    ROLL = Where(Record({
        "by": Str(ids(("attack", "counter"))), "exchange": Int(1, 10_000), "first": FACES, "rerolled": Bool(),
        "dice": FACES,
        "to_crit": COUNT, "to_normal": COUNT,
        "ignored": ListOf(Record({"cause": Str(ids(("effect", "mountain", "city"))), "crit": COUNT,
                                  "normal": COUNT}), max_len=3),
        "normal": COUNT, "crit": COUNT, "bonus": Int(0, 10),
        "dealt": MapOf(Str(ids((*UNIT_TYPES, "neutral", "health", "stolen", "nothing", "devoured"))), COUNT),
    }, what="a combat roll's record"), lambda r: len(r["first"]) == len(r["dice"]),
        "as many dice kept as first rolled")
    COMBAT = Record({
        "attacker": CHARACTER, "target": SIDE, "region": REGION, "exchange": Int(1, 10_000),
        "phase": Str(ids(COMBAT_PHASES)), "mountain": Bool(), "held": Int(0, MAX_DAMAGE),
        "stolen": ListOf(Str(characters), max_len=len(characters)),
        "once": Bool(), "rolling": Nullable(Str(ids(("attack", "counter")))),
    }, optional={"rolls": ListOf(ROLL, max_len=2)}, what="a combat")
    OATH = Record({
        "general": GENERAL, "dragon": DRAGON, "dice": MapOf(CHARACTER, Str(faces), max_len=2),
        "turn": CHARACTER, "declines": Int(0, 1),
    }, optional={"rerolls": MapOf(CHARACTER, Int(0, 100), max_len=2)}, what="an oath")
    MODIFIER = Where(Record({
        "kind": Str(ids(MODIFIER_KINDS)), "value": Nullable(OneOf(Int(1, 10), UNIT)),
        "side": Nullable(Str(ids(SIDES))), "holder": ACTOR, "when": Record({}, extra=Anything()),
        "duration": Str(ids(d for d in DURATIONS if d != "while_held")), "source": Str(ids(modifier_forms)),
    }, what="a modifier"),
        lambda m: _canonical({k: v for k, v in m.items() if k != "holder"}) in modifier_forms[m["source"]],
        "a modifier printed on its source card")
    CARRY = Record({"dragon": DRAGON, "general": GENERAL, "origin": REGION, "units": SOME_UNITS})
    END = Record({
        "why": Str(ids(END_REASONS)), "winners": ListOf(CHARACTER, 1, 2, unique=True),
        "power": MapOf(CHARACTER, POWER, complete=True),
        "pairs": ListOf(Tuple(CHARACTER, CHARACTER), max_len=2),
        "eliminated": ListOf(CHARACTER, max_len=2, unique=True),
    }, what="the end of the game")

    seating = options["seating"]
    seatings = [("elyse", "nagasha", "adrael", "ferellon"), ("elyse", "ferellon", "adrael", "nagasha")]
    if seating != "random":
        from .setup import SEATINGS
        seatings = [SEATINGS[seating]]
    card_count = len(every_card)

    return Record({
        "game": Const("dragonbond"),
        "phase": Str(ids(PHASES), what="a phase (setup, planning, execution, over)"),
        "round": Int(0, 99),
        "options": Record({"characters": Const(options["characters"]),
                           "first_player": Const(options["first_player"]),
                           "ai_tie_break": Const(options["ai_tie_break"])},
                          what="the game's options (as the document's header gives them)"),
        "humans": ListOf(Nullable(CHARACTER), players, players, unique=True),
        "seating": Where(ListOf(CHARACTER, 4, 4), lambda v: tuple(v) in seatings,
                         "the seating " + " or ".join(", ".join(s) for s in seatings)),
        "boards": Record({ch: board(ch) for ch in c.characters}, what="the four characters' boards"),
        "regions": Record({r: REGION_STATE for r in c.map.order}, what="the twelve regions of the map"),
        "supply": Record({"power": Int(0, supply.power_tokens), "neutral": Int(0, supply.neutral_units),
                          "cities": Int(0, supply.city_tokens)}),
        "decks": Record({"event": cards(event_cards, "an event card", len(event_cards)),
                         "upgrade": cards(upgrade_cards, "an upgrade card", len(upgrade_cards)),
                         "region": cards(region_cards, "a region card", len(region_cards))}),
        "market": cards(upgrade_cards, "an upgrade card", params.upgrade_market_size),
        "discards": Record({"event": cards(event_cards, "an event card", len(event_cards))}),
        "dealt": Bool(),
        "first": Nullable(CHARACTER),
        "planning": Nullable(Record({"position": Int(0, 3), "turns": Int(0, 10_000)})),
        "stack": ListOf(Record({"card": Str(ids([*action_cards, *region_cards, *event_cards]),
                                            what="an action, region or event card"),
                                "kind": Str(ids(("event", "action", "region"))),
                                "owner": ACTOR, "revealed": Bool()}, what="a stack entry"),
                        max_len=card_count),
        "arrived": ListOf(CHARACTER, max_len=4, unique=True),
        "effects": ListOf(STEP, max_len=MAX_QUEUE),
        "end": Nullable(END),
    }, optional={
        "combat": Nullable(COMBAT),
        "oath": Nullable(OATH),
        "card_mode": Str(ids(("execute", "heal"))),
        "modifiers": ListOf(MODIFIER, max_len=100),
        "fought": ListOf(Tuple(CHARACTER, ACTOR), max_len=100),
        "carry": CARRY,
    }, what="Dragonbond's state data")


def _has_trigger(c: Content, card_id: str, on_event: str) -> bool:
    card = c.upgrade_cards.get(card_id) or c.dragonbond_cards.get(card_id)
    return card is not None and any(
        name == "trigger" and args["on_event"] == on_event for name, args in map(primitive, card.effects))
