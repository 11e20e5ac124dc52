"""The shape of Vindication's state data (`Vindication.data_schema`), checked when a state
document or a save is loaded, before any rule reads it.

It says what every key set-up and the rules create holds — players with their blocks, attributes
and cards, the board's places, the decks and bags, the turn, the effect queue, the scores; with
Villages & Hamlets the Forgotten Isle, the port, the villages and the runes — as types, ranges
(a mount is rank 1–5, a relic holds 0–3 charges) and the ids the content knows (a tile, a card, a
triangle of the board in play). Facts that tie fields together (21 blocks each, every card in one
place, the pending prompt is the one the rules ask) are the invariants (`invariants.py`).
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from engine.core import Config, Effect
from engine.core.content import FieldPath
from engine.core.schema import (
    Bool,
    Const,
    Int,
    ListOf,
    Nullable,
    Problem,
    Record,
    Schema,
    Str,
    Tagged,
    Tuple,
    Where,
    ids,
)

from .content import TRIGGERS, content
from .effects import VIN
from .info import SEAT_COLOURS
from .places import slot_id
from .vocabulary import ATTRIBUTES, DECKS

MAX_BLOCKS = 21                 # a player's blocks (VIN-POWER-1); no zone holds more
MAX_CHARGES = 3                 # VIN-RELIC-4
MAX_MOUNT = 5                   # VIN-REGION-3
MAX_HONOR = 100_000
MAX_ROUND = 10_000
MAX_QUEUE = 500                 # real queues hold a handful of items
MAX_DRAWN = 3                   # cards drawn to choose from: an empowered draw's 3 (VIN-CARD-4)
# A count in a queued effect or a modifier: content gives 1-9 (gain_honor 9 at most), and listing
# the legal moves grows about threefold with each point of speed a modifier adds.
SMALL = Int(0, 9)
SIGNED = Int(-9, 9)             # an amount that content may make negative (a cost cut)
# What a pending choice may ask (the kinds of `Pause` the rules make).
PROMPT_KINDS = ids((
    "augment", "blind_keep", "bonus_roll", "build_tile", "character", "charge_relic", "check_conversions",
    "dilute", "draw_mode", "elite", "end_trigger", "forced_recover", "gain", "influence_target",
    "initial_charge", "leadership", "monster_die", "on_join", "peek_deck", "peek_order", "pick_card",
    "place_on_companion", "preconfigure", "proficiency_kind", "quest_draw", "quest_keep", "remove_block",
    "return_block", "reuse", "save_companion", "temple", "trigger", "trigger_order", "trigger_token"))
RUNE_ACTIONS = ("rune:ingenuity", "rune:devotion", "rune:discipline")
DIE_FACES = ("blank", "fatigue", "skull")
PREVENTED = ("companion_death", "fatigue")
PREVENT_WHEN = ("always", "self_is_elite")
DURATIONS = ("visit", "turn", "while_held")


def data_schema(config: Config) -> Schema:
    return _schema(config.players, bool(config.option("villages_hamlets")))


# -- the known ids ------------------------------------------------------------------------------
@cache
def _known() -> dict[str, frozenset[str]]:
    c = content()
    module = c.module
    cards = {deck: ids(c.decks[deck]) for deck in DECKS}
    companions = cards["companion_S"] | cards["companion_K"] | cards["companion_I"]
    return {
        "cards": ids(c.cards), "companions": companions, "monsters": cards["monster"],
        "traits": cards["trait"], "relics": cards["relic"], **{f"deck:{d}": cards[d] for d in DECKS},
        "quests": ids(c.quests), "end_triggers": ids(c.end_triggers),
        "characters": ids(ch.id for ch in c.characters), "runes": ids(r.id for r in module.runes),
        "tiles": ids(c.regions), "base_tiles": ids(c.board_file.first_game_bag),
        "module_tiles": ids(module.required + module.selectable),
        "main_spaces": ids(c.board.regions), "areas": ids(a.id for a in module.isle_areas),
        "slots": ids(slot_id(s.id, i) for s in module.settlements for i in range(1, s.slots + 1)),
        "settlements": ids(s.id for s in module.settlements),
        "main_triangles": ids(c.board.triangles), "triangles": ids(c.triangles),
        "starts": ids(c.board.starts.values()),
    }


def _content_effects() -> Iterator[Effect]:
    """Every effect the content holds, nested ones too (an attribute check's per-hit effects)."""
    c = content()
    lists: list[tuple[Effect, ...]] = []
    for region in c.regions.values():
        lists += [region.cost, region.effect]
        if region.unit is not None:
            lists += [region.unit.cost, region.unit.effect]
    for card in c.cards.values():
        lists += [card.ability.effect, card.end_bonus]
    for character in c.characters:
        lists += [character.wretched, character.vindicated]
    stack = [e for effects in lists for e in effects]
    while stack:
        effect = stack.pop()
        yield effect
        for value in effect.params.values():
            if isinstance(value, tuple):
                stack += [v for v in value if isinstance(v, Effect)]


@cache
def _content_values() -> dict[tuple[str, str], frozenset[Any]]:
    """(primitive, parameter) -> every value the content gives it."""
    found: dict[tuple[str, str], set[Any]] = {}
    for effect in _content_effects():
        for name, value in effect.params.items():
            if isinstance(value, (str, int)):
                found.setdefault((effect.primitive, name), set()).add(value)
    return {key: frozenset(values) for key, values in found.items()}


def _from_content(primitive: str, param: str, *extra: str) -> Str:
    """A string parameter the content spells out (a counter, a condition, where influence goes)."""
    values = {v for v in _content_values().get((primitive, param), ()) if isinstance(v, str)}
    return Str(ids(values | set(extra)))


# -- the effect queue -----------------------------------------------------------------------------
def _effect_list() -> Schema:
    """An effect list in the content files' form, as a queued attribute check carries it."""
    def decodes(value: Any) -> bool:
        try:
            VIN.decode_content(value, ())
        except Exception:
            return False
        return True
    return Where(ListOf(_ANY_EFFECT, max_len=12), decodes,
                 "each item an effect of Vindication's vocabulary")


class _AnyEffect(Schema):
    """A raw effect (a name or a one-key mapping); `_effect_list` checks it against the vocabulary."""

    def expected(self) -> str:
        return "an effect (a name, or {name: {params}})"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        if value.__class__ is str or (value.__class__ is dict and len(value) == 1):
            return
        self.report(value, path, found)


_ANY_EFFECT = _AnyEffect()


def _params(players: int, module: bool) -> dict[str, Schema]:
    """Each primitive's parameters as the queue holds them: every declared parameter (pushing fills
    in the defaults), with the ids and ranges the rules can act on."""
    k = _known()
    decks = Str(ids(DECKS))
    draw_decks = Str(ids((*DECKS, "companion_X")))
    card, companion = Str(k["cards"]), Str(k["companions"])
    elite = Str(k["companions"] | {""})
    attr = Str(ids(ATTRIBUTES))
    duration = Str(ids(DURATIONS))
    regions_or_any = Str(k["tiles"] | {"any"})
    events = Str(ids(TRIGGERS))
    words = ListOf(Str(max_len=64), max_len=12)
    prevented, prevent_when = Str(ids(PREVENTED)), Str(ids(PREVENT_WHEN))
    first_charge = max(_content_values()[("gain_card", "initial_charge_min")])    # a new relic's least charge
    peek = max(_content_values()[("peek_reorder", "n")])     # the peeked cards' orders are n! answers
    p: dict[str, dict[str, Schema]] = {
        # costs (spec 7.1)
        "spend_attr": {"kind": Str(ids((*ATTRIBUTES, "X"))), "n": SMALL},
        "spend_conviction": {"n": SMALL},
        "spend_influence": {"n": SMALL, "to": _from_content("spend_influence", "to")},
        "spend_charges": {"n": Int(0, MAX_CHARGES)},
        # effects
        "gain_attr": {"kind": Str(ids((*ATTRIBUTES, "BASIC_ANY", "BASIC_ONE", "ANY", "X", "same"))),
                      "max": SMALL},
        "augment": {"max": SMALL, "step": Str(ids(("any", "inf_to_conv", "pot_to_inf")))},
        "dilute": {"n": SMALL},
        "gain_honor": {"n": SIGNED},
        "lose_honor": {"n": SMALL},
        "gain_per": {"counter": _from_content("gain_per", "counter"), "per": SMALL, "max": SMALL},
        "gain_card": {"deck": draw_decks, "initial_charge_min": Int(0, first_charge)},
        "free_empowered": {"deck": Str(ids((*DECKS, "any"))), "scope": duration},
        "blind_choice": {"n": Int(0, MAX_DRAWN)},
        "roll_attr_die": {"bonus_if_zero": Bool()},
        "return_from_companions": {"max": SMALL},
        "remove_from_companion": {"max": SMALL, "owner": Str(ids(("own", "any")))},
        "place_on_companion": {"source": Str(ids(("potential", "influence"))), "n": SMALL},
        "charge_relics": {"max": Int(0, 99)},        # 99: as many as the player likes
        "mount_up": {"n": Int(0, MAX_MOUNT - 1)},
        "speed_mod": {"n": SIGNED, "duration": duration},
        "extra_action": {"kind": Str(ids(("activate", "visit")))},
        "cost_mod": {"region": regions_or_any, "kind": Str(ids((*ATTRIBUTES, "chosen_basic"))),
                     "delta": SIGNED, "duration": duration},
        "unit_cost": {"region": regions_or_any, "kind": attr, "n": SMALL, "duration": duration},
        "unit_yield": {"region": regions_or_any, "n": SMALL},
        "prevent": {"event": prevented, "when": prevent_when},
        "modify_fatigue": {"n": SMALL},
        "reroll": {"die": Str(ids(("monster", "attribute", "check")))},
        "peek_reorder": {"deck": Str(ids((*DECKS, "any"))), "n": Int(0, peek)},
        "take_proficiency": {"kind": Str(ids((*ATTRIBUTES, "X", "chosen_min_2"))), "cost": SMALL},
        "activation_from_potential": {},
        "displace_discount": {"n": SMALL, "duration": duration},
        "visit_honor_bonus": {"n": SMALL},
        "reuse_activated": {},
        "monster_challenge": {},
        "temple": {},
        "attr_check": {"required": Int(0, len(ATTRIBUTES)), "per_hit": _effect_list(),
                       "on_pass": _effect_list()},
        "end_score": {"counter": _from_content("end_score", "counter"), "per": SMALL, "max": SMALL},
        "end_score_if": {"condition": _from_content("end_score_if", "condition"), "honor": SMALL},
        # the rules' own steps
        "trigger_offer": {"space": Int(0, MAX_HONOR)},
        "fire_event": {"event": events, "args": words},
        "trigger_next": {"cards": ListOf(card, min_len=1, max_len=40), "event": events, "args": words},
        "ability_offer": {"card": card, "kinds": words},
        "join_offer": {"card": companion},
        "activation_done": {"source": Str(k["companions"] | {"self"})},
        "blind_draw": {"deck": decks},
        "blind_keep": {"deck": decks},
        "empowered_pick": {"deck": decks},
        "initial_charge": {"least": Int(0, first_charge)},
        "peek_order": {"deck": decks, "n": Int(2, peek)},
        "leadership": {}, "choose_character": {}, "choose_quest": {}, "keep_quest": {},
        "choose_end_trigger": {}, "initial_discovery": {}, "academy_bonus": {},
        "monster_die": {"elite": elite}, "monster_result": {"elite": elite}, "skull": {"elite": elite},
        "fatigue": {"elite": elite}, "place_fatigue": {"elite": elite, "n": Int(0, 2)},
        "forced_recover": {}, "monster_reward": {}, "monster_defeated": {},
    }
    if module:
        p |= {
            "preconfigure_boards": {}, "preconfigure_done": {},
            "preconfigure": {"target": Str(k["slots"] | {"villages_bag"})},
            "build_tile": {"area": Str(k["areas"])},
            "check_conversions": {"hits": Int(0, len(ATTRIBUTES)), "required": Int(0, len(ATTRIBUTES)),
                                  "missed": ListOf(attr, max_len=len(ATTRIBUTES), unique=True),
                                  "per_hit": _effect_list(), "on_pass": _effect_list()},
        }
    shapes: dict[str, Schema] = {name: Record(fields, what=f"the parameters of {name}")
                                 for name, fields in p.items()}
    shapes["gain_card"] = Where(shapes["gain_card"],
                                lambda g: not g["initial_charge_min"] or g["deck"] == "relic",
                                "only a relic takes a first charge")
    return shapes


def _queue(players: int, module: bool) -> Schema:
    k = _known()
    seat = Int(0, players - 1)
    temple_choices = {"take_map"} | {f"donate_{rune}" for rune in k["runes"]}
    kind_words = set(ATTRIBUTES) | set(DIE_FACES) | k["tiles"] | {str(n) for n in range(1, 40)}
    meta = Record({"seat": seat}, optional={
        "source": Str(k["cards"] | {"self"}), "activation": Const(1),
        "choice": Str(ids(ATTRIBUTES) | (ids(temple_choices) if module else frozenset())),
        "space": Str(_spaces(module)), "tile": Str(k["tiles"]),
        "kinds": ListOf(Str(ids(kind_words)), max_len=len(ATTRIBUTES)),
    }, what="an effect's tag (seat, source, …)")
    pause = Record({"kind": Str(PROMPT_KINDS, what="a kind of prompt"),
                    "options": ListOf(_OPTION, max_len=800)}, what="a pending choice")
    items = {name: Record({"primitive": Const(name), "params": params, "meta": meta},
                          optional={"pause": pause}, what=f"a queued {name}")
             for name, params in _params(players, module).items()}
    return ListOf(Tagged("primitive", items, "a queued effect"), max_len=MAX_QUEUE)


class _Option(Schema):
    """One answer a pending choice offers: a name, a number or a list of names."""

    def expected(self) -> str:
        return "a name, a number or a list of names"

    def _check(self, value: Any, path: FieldPath, found: list[Problem]) -> None:
        kind = value.__class__
        if kind is str and 0 < len(value) <= 64 or kind is int and 0 <= value <= MAX_HONOR:
            return
        if kind is list and len(value) <= 12 and all(v.__class__ is str and 0 < len(v) <= 64 for v in value):
            return
        self.report(value, path, found)


_OPTION = _Option()


# -- players, board, turn -----------------------------------------------------------------------
def _spaces(module: bool) -> frozenset[str]:
    k = _known()
    return k["main_spaces"] | (k["areas"] | k["slots"] if module else frozenset())


def _player(seat: int, players: int, module: bool) -> Record:
    k = _known()
    blocks = Int(0, MAX_BLOCKS)
    attrs = Record({a: blocks for a in ATTRIBUTES}, what="the six attributes S, K, I, C, W, V")
    proficiencies = Record({a: Int(0, max(1, players - 1)) for a in ATTRIBUTES},
                           what="proficiency tiles of S, K, I, C, W, V")
    return Record({
        "seat": Const(seat), "colour": Const(SEAT_COLOURS[seat]), "character": Nullable(Str(k["characters"])),
        "vindicated": Bool(), "honor": Int(0, MAX_HONOR),
        "start": Int(1, len(k["starts"])), "token": Str(k["triangles"] if module else k["main_triangles"]),
        "mount": Int(1, MAX_MOUNT),
        "potential": blocks, "influence": blocks, "conviction": blocks, "attrs": attrs,
        "companions": ListOf(Record({"id": Str(k["companions"]), "blocks": blocks}, what="a companion"),
                             max_len=len(k["companions"])),
        "monsters": ListOf(Str(k["monsters"]), max_len=len(k["monsters"]), unique=True),
        "traits": ListOf(Str(k["traits"]), max_len=len(k["traits"]), unique=True),
        "relics": ListOf(Record({"id": Str(k["relics"]), "charges": Int(0, MAX_CHARGES)}, what="a relic"),
                         max_len=len(k["relics"])),
        "proficiencies": proficiencies,
        "quest": Nullable(Str(k["quests"])),
        "quest_options": ListOf(Str(k["quests"]), max_len=3, unique=True),
        "trigger_tokens": ListOf(Int(1, MAX_HONOR), max_len=len(content().board_file.honor_trigger_spaces),
                                 unique=True),
        "runes": ListOf(Str(k["runes"]), max_len=len(k["runes"]), unique=True), "rune_map": Bool(),
    }, what=f"player {seat}")


def _placed(tiles: frozenset[str], players: int) -> Schema:
    return Nullable(Record({"tile": Str(tiles), "controller": Nullable(Int(0, players - 1))},
                           what="a placed tile {tile, controller}"))


def _regions(players: int, module: bool) -> Record:
    k = _known()
    main = k["module_tiles"] if module else k["base_tiles"]
    fields: dict[str, Schema] = {space: _placed(main, players) for space in sorted(k["main_spaces"])}
    if module:
        fields |= {place: _placed(k["module_tiles"], players) for place in sorted(k["areas"] | k["slots"])}
    return Record(fields, what="every place of the board in play")


def _turn(players: int, module: bool) -> Record:
    k = _known()
    seat = Int(0, players - 1)
    spaces = Str(_spaces(module))
    counts = Int(0, 99)
    source = Nullable(Str(k["cards"] | {"self"}))
    regions_or_any = Str(k["tiles"] | {"any"})
    duration = Str(ids(DURATIONS))
    prevented, prevent_when = Str(ids(PREVENTED)), Str(ids(PREVENT_WHEN))
    shapes: dict[str, dict[str, Schema]] = {
        "speed": {"n": SIGNED},
        "cost": {"region": regions_or_any, "attr": Str(ids((*ATTRIBUTES, "chosen_basic"))), "delta": SIGNED,
                 "duration": duration},
        "unit_cost": {"region": regions_or_any, "attr": Str(ids(ATTRIBUTES)), "n": SMALL,
                      "duration": duration},
        "unit_yield": {"region": regions_or_any, "n": SMALL},
        "displace_discount": {"n": SMALL, "duration": duration},
        "visit_honor_bonus": {"n": SMALL},
        "free_empowered": {"deck": Str(ids((*DECKS, "any"))), "duration": duration},
        "fatigue": {"n": SMALL},
        "prevent": {"event": prevented, "when": prevent_when},
        "activation_from_potential": {},
        "blind_choice": {"n": Int(0, MAX_DRAWN)},
    }
    mods = {kind: Record({"kind": Const(kind), "seat": seat, "source": source, **fields},
                         what=f"a {kind} modifier")
            for kind, fields in shapes.items()}
    return Record({
        "seat": seat,
        "used": Record({"activate": counts, "move": counts, "visit": counts}, what="actions used"),
        "extra": Record({"activate": counts, "visit": counts}, what="extra actions"),
        "activated": ListOf(Str(k["companions"] | {"self"}), max_len=40, unique=True),
        "visited": ListOf(spaces, max_len=40), "controlled": ListOf(spaces, max_len=40),
        "control_lock": Nullable(spaces), "proficiency_kind": Nullable(Str(ids(ATTRIBUTES))),
        "used_abilities": ListOf(Str(k["cards"] | set(RUNE_ACTIONS)), max_len=60, unique=True),
        "mods": ListOf(Tagged("kind", mods, "a turn modifier"), max_len=20),
        "move_skipped": Bool(),
    }, optional={
        "roll": Record({"die": Str(ids(("monster", "attribute", "check"))),
                        "face": Str(ids((*DIE_FACES, *ATTRIBUTES, "hit", "miss")))}, what="a die waiting"),
        "activation_gains": ListOf(Str(ids(ATTRIBUTES)), max_len=40),
    }, what="the turn")


# -- the whole state ----------------------------------------------------------------------------
@cache
def _schema(players: int, module: bool) -> Schema:
    k = _known()
    seat = Int(0, players - 1)
    deck_cards = {deck: ListOf(Str(k[f"deck:{deck}"]), max_len=len(k[f"deck:{deck}"]), unique=True)
                  for deck in DECKS}
    tiles = Str(k["module_tiles"] if module else k["base_tiles"])
    quests = ListOf(Str(k["quests"]), max_len=len(k["quests"]), unique=True)
    end_cards = ListOf(Str(k["end_triggers"]), max_len=len(k["end_triggers"]), unique=True)
    score = Record({key: Int(0, MAX_HONOR) for key in
                    ("before", "monsters", "quest", "regions", "villages", "mastery", "total")},
                   what="a player's final score")
    fields: dict[str, Schema] = {
        "players": Tuple(*(_player(s, players, module) for s in range(players))),
        "regions": _regions(players, module),
        "bag": ListOf(tiles, max_len=60),
        "decks": Record(deck_cards, what="the six decks"),
        "faceup": Record(deck_cards, what="the six face-up piles"),
        "quest_deck": quests, "quests_out": quests, "end_deck": end_cards, "end_faceup": end_cards,
        "trigger_spaces": ListOf(Int(1, MAX_HONOR), max_len=len(content().board_file.honor_trigger_spaces),
                                 unique=True),
        "proficiency_supply": Record({a: Int(0, max(1, players - 1)) for a in ATTRIBUTES},
                                     what="proficiency tiles left of S, K, I, C, W, V"),
        "first": seat, "order": ListOf(seat, min_len=players, max_len=players, unique=True),
        "current": Int(0, players), "round": Int(0, MAX_ROUND),
        "phase": Str(ids(("setup", "play", "over"))), "end_round": Nullable(Int(1, MAX_ROUND)),
        "turn": _turn(players, module), "effects": _queue(players, module),
        "scores": Nullable(ListOf(score, min_len=players, max_len=players)),
        "drawn": Nullable(Record({"deck": Str(ids(DECKS)),
                                  "cards": ListOf(Str(k["cards"]), max_len=MAX_DRAWN, unique=True)},
                                 what="cards drawn to choose from {deck, cards}")),
    }
    optional: dict[str, Schema] = {}
    if module:
        runes = ListOf(Str(k["runes"]), max_len=len(k["runes"]), unique=True)
        village_tiles = ListOf(Str(k["module_tiles"]), max_len=len(content().module.selectable))
        fields |= {
            "isle": Record({area: Record({"ruins": Nullable(Str(k["runes"]))}, what="an Isle area {ruins}")
                            for area in sorted(k["areas"])}, what="the Forgotten Isle's areas"),
            "ruins_out": runes, "rune_maps": Int(0, content().module.rune_maps),
            "villages_bag": village_tiles,
            "settlements": Record({name: Record({"holder": Nullable(seat), "marker": Bool()},
                                                what="a village's holder {holder, marker}")
                                   for name in sorted(k["settlements"])}, what="the villages and hamlets"),
            "port": Str(k["starts"], what="a start triangle (T25–T36)"),
        }
        optional["vh_pool"] = village_tiles
    return Record(fields, optional=optional, what="Vindication's state data")

