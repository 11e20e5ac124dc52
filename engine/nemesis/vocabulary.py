"""Nemesis: Lockdown's words: the effect primitives of spec 7.1 and the objective conditions of 7.8.

Effects stay plain data in the content (the brief: a primitive is a one-key mapping
``{name: args}``, a bare name when it takes nothing, and a list is a ``seq``). This module is the
one list of names those trees may use, each with its parameters, and the decoder that checks a
tree when the content loads. Arguments are written as a mapping of named parameters, a list of
positional ones, or a single value for the first parameter::

    {wound: [self, light, 1]}                         # positional
    {move_character: {who: self, mode: tech, noise: none}}   # named
    {knowledge_ge: 5}                                 # one value
    {choice: [{dress: [self, all]}, {heal_light: [self, 1]}]}

A parameter is one of three kinds: ``v`` (a value: any scalar, a list of values, or a nested call
— a one-key mapping whose key must be a known name), ``n`` (an effect node: a known bare name, a
call, or a list = seq) and ``c`` (a condition or filter: a known bare name, a call, or a list =
all of them). A ``*`` marks the last parameter as taking every remaining positional argument.
Inside ``for_each`` the current element is called ``it``.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.core.content import FieldError, FieldPath, FrozenMap, did_you_mean, show_value
from engine.core.trees import Signature
from engine.core.trees import arguments as arguments  # the core's reading of a call's args (objectives.py)
from engine.core.trees import parse_param as _param

_SELECTOR_FILTERS = "*filters:c"

# Spec 7.1, in its order. Name -> parameters.
PRIMITIVES: dict[str, Signature] = {
    # selectors
    "self": (), "actor_room": (), "it": (),
    "character": (_SELECTOR_FILTERS,), "each_character": (_SELECTOR_FILTERS,),
    "intruder": (_SELECTOR_FILTERS,), "each_intruder": (_SELECTOR_FILTERS,),
    "room": (_SELECTOR_FILTERS,), "each_room": (_SELECTOR_FILTERS,),
    "corridor": (_SELECTOR_FILTERS,),
    "choose": ("from:v", "n:v"), "lowest_order": ("from:v",),
    # character filters
    "in_room": ("where:v",), "other": (), "in_darkness": (), "in_combat": (), "not_in_combat": (),
    "alone": (), "has_slime": (), "has_larva": (), "has_signal": (), "hand_le": ("n:v",),
    "knowledge_le": ("n:v",), "in_section": ("section:v",), "evacuated": (), "locked_in": (),
    # intruder filters
    "type_in": ("*types:v",), "rank_le": ("n:v",),
    # room filters
    "explored": (), "unexplored": (), "neighbour_of": ("where:v",), "reachable_from": ("where:v",),
    "has_entrance": (), "has_marker": ("kind:v",), "no_marker": ("kind:v",), "has_intruder": (),
    "has_character": (), "powered": (), "unpowered": (), "tile": ("tile:v",), "has_computer": (),
    # corridor filters
    "of_room": ("where:v",), "number": ("n:v",), "has_noise": (), "no_noise": (), "door": ("state:v",),
    # character effects
    "wound": ("who:v", "severity:v", "n:v"), "dress": ("who:v", "n:v"), "heal_light": ("who:v", "n:v"),
    "heal_serious": ("who:v", "n:v"), "gain_contamination": ("who:v", "n:v"),
    "scan": ("who:v", "zones:v", "clean:v", "infected:v"), "remove_larva": ("who:v",),
    "slime": ("who:v", "op:v"), "knowledge": ("who:v", "delta:v"), "activate_knowledge_token": ("who:v",),
    "signal": ("who:v",), "draw": ("who:v", "n:v"), "discard_hand": ("who:v",),
    "discard_from_hand": ("who:v", "n:v", "type:v"), "shuffle_all_cards": ("who:v",), "force_pass": ("who:v",),
    "move_character": ("who:v", "to:v", "mode:v", "attacks:v", "noise:v", "escort:v", "cost:v"),
    "take_object": ("who:v", "kind:v", "from:v"), "drop": ("who:v", "thing:v"),
    # intruder and combat effects
    "injure": ("intruder:v", "n:v", "plus:v"), "destroy_eggs": ("where:v", "n:v"), "retreat": ("intruder:v",),
    "hide": ("intruder:v",), "move_intruder": ("intruder:v", "exit:v"),
    "attack_card": ("who:v", "as_type:v", "darkness:v"), "infest": ("who:v",),
    "encounter": ("where:v", "trigger:v"), "bag_draw_place": ("where:v", "allow:v"),
    "face_map": ("from:v", "to:v", "unmodified:v"), "reroll": ("times:v", "cost:v"),
    "extra_injury_on_hit": ("n:v",), "min_injury_unless_blank": ("n:v",), "on_face": ("face:v", "effect:n"),
    "melee_no_wound_on": ("face:v",),
    # board effects
    "place": ("kind:v", "where:v"), "remove": ("kind:v", "where:v"), "set_door": ("corridor:v", "state:v"),
    "power_flip": ("location:v",), "power_drop": (), "power_restore": (), "time_token_flip": (),
    "autodestruct": ("op:v",), "alert_start": (), "css_move": ("token:v", "delta:v"), "elevator": ("op:v",),
    "rover": ("to:v",), "open_main_gate": (), "add_eggs": ("n:v",), "bag_add": ("type:v", "n:v"),
    # information effects
    "peek": ("kind:v", "target:v", "n:v", "public:v"), "obtain_contingency": ("from:v", "choice:v"),
    "reorder_top": ("deck:v", "n:v"),
    # item effects
    "take_crafted": ("item:v",), "gain_item": ("deck:v", "draw:v", "keep:v"), "reload": ("weapon:v", "n:v"),
    "attach": ("item:v", "to:v"), "repair": ("item:v",), "break": ("item:v",),
    # action helpers
    "search": (), "noise_roll": ("who:v",), "item_counter": ("delta:v",), "research": ("object:v",),
    "computer_action": ("remote:v", "ignore_power:v"), "room_action_free": ("*filters:c",),
    "move_path": ("who:v", "steps:v", "filter:v", "noise:v"), "discard_item": ("who:v", "item:v"),
    "escort": ("who:v", "consent:v"),
    # reaction outcomes
    "cancel": (), "retarget": ("who:v",), "skip": (), "ignore": (),
    # extra selectors and values
    "exit": ("where:v", "*filters:c"), "object": ("*filters:c",), "section_of": ("where:v",),
    "count": ("stat:v", "per:v", "max:v"),
    # extra conditions
    "computer_usable": (), "room_has": ("*kinds:v",), "token_inactive": (), "other_in_room": (),
    "optional": ("effect:n",),
    # passive keys
    "not_in_darkness": ("who:v",), "encounter_uses_lit": (), "bunker_on_foot": (), "no_slime": (),
    "no_fire_wound": (), "threshold_bonus": ("n:v",), "hand_slots": ("n:v",), "draw_target": ("delta:v",),
    "melee": ("modifier:n",), "shoot": ("modifier:n",), "noise": ("modifier:n", "unless:c"),
    "on_place_fire": ("effect:n",), "attack_target_last_if_carrying": ("kind:v",),
    "death_check_cards": ("types:v", "n:v"), "ignore_darkness_of": ("card:v", "attacker:v"),
    "replace": ("effect:n",), "removed": (),
    # structure
    "choice": ("*options:n",), "seq": ("*steps:n",), "if": ("cond:c", "then:n", "else:n"),
    "for_each": ("selector:v", "effect:n"), "once_per": ("scope:v", "effect:n"),
    "cost_mod": ("action:v", "delta:v"), "passive": ("*modifiers:n",), "duration": ("until:v", "effect:n"),
    "reaction": ("trigger:c", "effect:n"),
    "before_attack_card": ("target:v",), "noise_roll_required": ("source:v", "who:v"),
    "darkness_effect": ("target:v",), "surprise_attack": ("target:v",),
    "serious_wound_from_attack": ("target:v",), "action_declared": ("in_room:v", "by:v"),
    "interruption_played": ("in_room:v",),
    "remove_from_game": ("card:v",), "reshuffle": ("deck:v", "with_discard:v"),
    "cond": ("*conds:c",), "out_of_combat": (), "knowledge_ge": ("n:v",), "has_item": ("item:v",),
    "room_is": ("tile:v",), "quest_state": ("*args:v",), "stat_ge": ("name:v", "n:v"),
}

# Spec 7.8's condition vocabulary for objectives (evaluated at the Victory Check), plus `all`, `any`
# and `not`, `player(n)`, `any_survivor(cond)` / `every_survivor(cond)` for team conditions, and the
# quest-item unlock conditions of 7.3 (`stat_ge` of the 9.5 statistics, `in_room_colour`).
CONDITIONS: dict[str, Signature] = {
    "alive": ("who:v",), "survived_by": ("*routes:v",), "count_alive": ("filter:v", "at_most:v"),
    "knowledge_ge": ("n:v",), "knowledge_token_active": (), "signal": (), "weakness_revealed": ("slot:v",),
    "nest_destroyed": (), "queen_killed": (), "sections_explored": ("*sections:v",),
    "carried_at_escape": ("kind:v",), "facility_destroyed": (), "time_token_active": (),
    "all": ("*conds:n",), "any": ("*conds:n",), "not": ("cond:n",), "player": ("n:v",),
    "any_survivor": ("cond:n",), "every_survivor": ("cond:n",), "any_character": ("cond:n",),
    "other": (), "nemesis_survivor": (), "knowledge_le": ("n:v",), "has_signal": (), "evacuated": (),
    "locked_in": (),
    "stat_ge": ("name:v", "n:v"), "in_room_colour": ("colour:v", "explored:v"),
}
# The 9.5 statistics a `stat_ge` may name.
STATISTICS = frozenset({"rooms_explored", "kills", "kills_non_larva", "computer_actions", "signal_sent",
                        "serious_wounds"})


@dataclass(frozen=True, eq=False)  # hashed by identity: it sits in Annotated[...] hints
class Vocabulary:
    """A table of names with signatures and the loader hook that checks a tree against it."""

    what: str  # "effect" or "condition", for messages
    table: Mapping[str, Signature]

    def decode_content(self, raw: object, path: FieldPath) -> object:
        return self.node(raw, path)

    # -- the three kinds ---------------------------------------------------------------------------

    def node(self, raw: object, path: FieldPath) -> object:
        if raw is None:  # "nothing happens" (an if without a then, an empty card side)
            return None
        if isinstance(raw, str):
            self._known(raw, path)
            return raw
        if isinstance(raw, list):
            return tuple(self.node(item, path + (i,)) for i, item in enumerate(raw))
        if isinstance(raw, dict) and len(raw) == 1:
            return self.call(raw, path)
        raise FieldError(path, f"expected an {self.what} (a name, a one-key mapping {{name: args}} or a "
                               f"list), got {show_value(raw)}", f"an {self.what}")

    def cond(self, raw: object, path: FieldPath) -> object:
        return self.node(raw, path)  # same shape; a list reads as "all of these"

    def value(self, raw: object, path: FieldPath) -> object:
        if isinstance(raw, list):
            return tuple(self.value(item, path + (i,)) for i, item in enumerate(raw))
        if isinstance(raw, dict):
            if len(raw) != 1:
                raise FieldError(path, "a nested call is a one-key mapping {name: args}; named arguments "
                                       "belong directly under their primitive", "a one-key mapping")
            return self.call(raw, path)
        return raw

    # -- calls -----------------------------------------------------------------------------------

    def call(self, raw: dict, path: FieldPath) -> FrozenMap:
        [(name, args)] = raw.items()
        signature = self._known(name, path)
        here = path + (name,)
        params = [_param(spec) for spec in signature]
        if args is None:
            return FrozenMap({name: None})
        if not params:
            raise FieldError(here, f"{name} takes no arguments (write it as the bare name {name})")
        names = [p[0] for p in params]
        if isinstance(args, dict) and all(key in names for key in args):
            checked = {key: self._arg(params[names.index(key)], value, here + (key,))
                       for key, value in args.items()}
            return FrozenMap({name: FrozenMap(checked)})
        if isinstance(args, dict) and len(args) > 1:
            wrong = next(str(key) for key in args if key not in names)
            raise FieldError(here + (wrong,), f"{name} has no parameter {wrong!r}{did_you_mean(wrong, names)} "
                                              f"(its parameters: {', '.join(names)})")
        if isinstance(args, list):
            variadic = params[-1][2]
            if len(params) == 1 and variadic:
                items = [self._one(params[0], item, here + (i,)) for i, item in enumerate(args)]
                return FrozenMap({name: tuple(items)})
            if len(params) == 1:  # a single parameter takes the whole list as its value (a seq for n)
                return FrozenMap({name: self._one(params[0], args, here)})
            if len(args) > len(params) and not variadic:
                raise FieldError(here, f"{name} takes at most {len(params)} arguments ({', '.join(names)}), "
                                       f"got {len(args)}")
            items = []
            for i, item in enumerate(args):
                param = params[min(i, len(params) - 1)]
                items.append(self._one(param, item, here + (i,)))
            return FrozenMap({name: tuple(items)})
        return FrozenMap({name: self._one(params[0], args, here)})  # one value for the first parameter

    def _arg(self, param: tuple[str, str, bool], raw: object, path: FieldPath) -> object:
        if param[2] and isinstance(raw, list):
            return tuple(self._one(param, item, path + (i,)) for i, item in enumerate(raw))
        return self._one(param, raw, path)

    def _one(self, param: tuple[str, str, bool], raw: object, path: FieldPath) -> object:
        kind = param[1]
        return self.node(raw, path) if kind == "n" else self.cond(raw, path) if kind == "c" else self.value(raw, path)

    def _known(self, name: object, path: FieldPath) -> Signature:
        if not isinstance(name, str) or name not in self.table:
            raise FieldError(path, f"unknown {self.what} {name!r}{did_you_mean(str(name), self.table)} "
                                   f"(spec 7.1/7.8 lists the allowed names; see engine/nemesis/vocabulary.py)")
        return self.table[name]


EFFECT = Vocabulary("effect", PRIMITIVES)
CONDITION = Vocabulary("condition", CONDITIONS)


def names_in(tree: object, vocabulary: Vocabulary = EFFECT) -> set[str]:
    """Every vocabulary name a loaded tree calls or names bare where a name is expected (for tests)."""
    found: set[str] = set()

    def walk(item: object) -> None:
        if isinstance(item, str) and item in vocabulary.table:
            found.add(item)
        elif isinstance(item, tuple):
            for sub in item:
                walk(sub)
        elif isinstance(item, Mapping):
            for key, sub in item.items():
                if key in vocabulary.table:
                    found.add(key)
                walk(sub)

    walk(tree)
    return found
