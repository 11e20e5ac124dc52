"""Dragonbond's words (spec 7.1): icons, effect primitives, modifier kinds, selectors and conditions.

Content keeps effects as plain data. This module is the one list of the names that data may use,
each with its parameters, and the decoders that check a card's icons and effects when the content
loads, so a typo fails at start-up with the file, line and field instead of during a game.

An icon is a mapping with the key ``icon`` plus that icon's parameters::

    {icon: fly, n: 3}              {icon: deploy, type: any}            {icon: build_city}

An effect is a one-key mapping ``{primitive: {parameter: value, ...}}``; a card's ``effects`` is a
list resolved top to bottom. Parameters are always named (spec 7.1.2 writes them so)::

    {add_power: {where: {no_power: true, no_units: true}, n: 1}}
    {modifier: {kind: dice, value: 1, side: self, duration: while_held, when: {role: attacker}}}
    {trigger: {on_event: beat_neutral, then: [{gain_power: {who: self, n: 1}}]}}

Loaded, an effect is ``FrozenMap({name: FrozenMap(args)})``: nested mappings are FrozenMaps, lists
are tuples, and a granted icon (``grant_icon``) holds an `Icon` value (or a FrozenMap role -> Icon).
"""
from __future__ import annotations

import marshal
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.content import FieldError, FieldPath, FrozenMap, did_you_mean, show_value

UNIT_TYPES = ("infantry", "cavalry", "ranged")
ROLES = ("general", "dragon")

Check = Callable[[object, FieldPath], object]  # raw value, its path -> the loaded value (or FieldError)
# One loaded effect, ``FrozenMap({primitive: FrozenMap(args)})``; its args are checked plain data.
CardEffect = Mapping[str, Any]


@dataclass(frozen=True)
class Name:
    """A name or text in both languages of the glossary (spec 2)."""
    en: str
    zh_TW: str


# -- value checks ------------------------------------------------------------------------------------

def enum(*choices: str) -> Check:
    def check(raw: object, path: FieldPath) -> object:
        if isinstance(raw, str) and raw in choices:
            return raw
        hint = did_you_mean(raw, choices) if isinstance(raw, str) else ""
        raise FieldError(path, f"expected one of {', '.join(choices)}, got {show_value(raw)}{hint}",
                         "one of " + ", ".join(choices))
    return check


def integer(low: int, high: int | None = None) -> Check:
    def check(raw: object, path: FieldPath) -> object:
        if isinstance(raw, int) and not isinstance(raw, bool) and raw >= low and (high is None or raw <= high):
            return raw
        span = f"{low}..{high}" if high is not None else f"{low} or more"
        raise FieldError(path, f"expected a whole number {span}, got {show_value(raw)}", f"an integer {span}")
    return check


def flag(raw: object, path: FieldPath) -> object:
    """A filter or condition that is either present as `true` or left out."""
    if raw is True:
        return True
    raise FieldError(path, f"write true or leave the key out, got {show_value(raw)}", "true")


def boolean(raw: object, path: FieldPath) -> object:
    if isinstance(raw, bool):
        return raw
    raise FieldError(path, f"expected true or false, got {show_value(raw)}", "true or false")


def keyed(what: str, table: Mapping[str, Check], *, empty_ok: bool = False) -> Check:
    """A mapping whose keys come from `table` (each with its own value check)."""
    def check(raw: object, path: FieldPath) -> object:
        if not isinstance(raw, dict) or (not raw and not empty_ok):
            raise FieldError(path, f"expected a mapping of {what} ({', '.join(table)}), got {show_value(raw)}",
                             "a mapping")
        out = {}
        for key, value in raw.items():
            if key not in table:
                raise FieldError(path + (key,), f"unknown {what} {key!r}{did_you_mean(str(key), table)} "
                                                f"(allowed: {', '.join(table)}; spec 7.1.2)")
            out[key] = table[key](value, path + (key,))
        return FrozenMap(out)
    return check


UNIT_TYPE = enum(*UNIT_TYPES)
UNIT_TYPE_OR_ANY = enum(*UNIT_TYPES, "any")
COUNT = integer(1)
UNIT_COUNTS = keyed("unit types", {t: integer(1) for t in UNIT_TYPES})

# -- selectors and conditions (spec 7.1.2) ---------------------------------------------------------------

WHERE_FILTERS: dict[str, Check] = {
    "no_power": flag, "no_units": flag, "no_figures": flag, "has_city": flag,
    "controlled_by": enum("any", "self", "none"), "min_power": integer(1), "own_unit": flag,
    "self_region": flag, "adjacent_to_self": flag, "controlled_or_figure": flag, "event_region": flag,
    "choose": boolean,
}
WHO = ("self", "ally", "each_player", "each_general", "each_dragon", "each_human", "fewest_power")
PLAYER_FROM = ("opponent_in_self_region",)
OWNERS = ("non_ally",)
WHEN_CONDITIONS: dict[str, Check] = {
    "role": enum("attacker", "target", "any"), "rolling": enum("attack", "counter", "any"),
    "exchange": enum("first", "any"), "min_units": UNIT_COUNTS, "opponent": enum("dragon", "general", "neutral"),
    "ally_figure_in_combat_region": flag, "ally_figure_in_self_region": flag, "holder_in_combat_region": flag,
    "ally_is_target": flag,
}
DURATIONS = ("exchange", "round", "while_held")
SIDES = ("self", "opponent", "ally")
TRIGGER_EVENTS = ("deploy_icon", "beat_neutral", "fly_start")

WHERE = keyed("region filters", WHERE_FILTERS, empty_ok=True)  # {} = every region
WHEN = keyed("conditions", WHEN_CONDITIONS)

# Modifier kind -> the check of its `value`, or None when it takes no value. `mountains_closed` is the
# one global kind: it has no side.
MODIFIER_KINDS: dict[str, Check | None] = {
    "dice": integer(1), "ignore_hits": integer(1), "crit_conversion": integer(1), "crits_as_normal": None,
    "reroll_blanks": None, "no_retreat": None, "ignore_city": None, "mountain_exempt_type": UNIT_TYPE,
    "extra_step": UNIT_TYPE, "crit_damage_bonus": integer(1), "mountains_closed": None,
}
GLOBAL_MODIFIERS = frozenset({"mountains_closed"})


# -- icons (spec 7.1.1) ------------------------------------------------------------------------------

@dataclass(frozen=True)
class IconSpec:
    params: Mapping[str, Check]      # every parameter is required
    users: frozenset[str]            # "general", "dragon" (action cards, grants) or "region" (region cards)
    optional: bool                   # may be declined (DRG-ACTION-3)


ICONS: dict[str, IconSpec] = {
    "move": IconSpec({}, frozenset({"general"}), False),
    "fly": IconSpec({"n": integer(1, 3)}, frozenset({"dragon"}), False),
    "attack": IconSpec({}, frozenset({"general", "dragon"}), False),
    "deploy": IconSpec({"type": UNIT_TYPE_OR_ANY}, frozenset({"general"}), False),
    "collect": IconSpec({}, frozenset({"general", "dragon"}), False),
    "vaala": IconSpec({}, frozenset({"general", "dragon"}), False),
    "reinforce": IconSpec({"type": UNIT_TYPE_OR_ANY}, frozenset({"region"}), False),
    "upgrade": IconSpec({}, frozenset({"region"}), True),
    "build_city": IconSpec({}, frozenset({"region"}), False),
}


@dataclass(frozen=True)
class Icon:
    """One icon of a card (or granted by an effect): its name and parameters."""
    icon: str
    n: int | None = None        # fly
    type: str | None = None     # deploy, reinforce: a unit type or "any"

    @property
    def spec(self) -> IconSpec:
        return ICONS[self.icon]

    @property
    def optional(self) -> bool:
        return self.spec.optional

    def notation(self) -> str:
        """`fly(3)`, `deploy(any)`, `move` — as the spec writes icons."""
        arg = self.n if self.n is not None else self.type
        return f"{self.icon}({arg})" if arg is not None else self.icon


def _icon_params(name: object, args: Mapping[str, object], path: FieldPath, *, skip: frozenset[str]) -> Icon:
    if not isinstance(name, str) or name not in ICONS:
        raise FieldError(path + ("icon",), f"unknown icon {name!r}{did_you_mean(str(name), ICONS)} "
                                           f"(spec 7.1.1 lists: {', '.join(ICONS)})")
    spec = ICONS[name]
    values: dict[str, object] = {}
    for key, value in args.items():
        if key in skip:
            continue
        if key not in spec.params:
            takes = ", ".join(spec.params) or "no parameters"
            raise FieldError(path + (key,), f"icon {name} has no parameter {key!r} (it takes {takes})")
        values[key] = spec.params[key](value, path + (key,))
    for key in spec.params:
        if key not in values:
            raise FieldError(path, f"icon {name} needs its parameter {key!r}")
    return Icon(name, **values)  # type: ignore[arg-type]


class IconDecoder:
    """Loader hook for `Annotated[Icon, ICON]`: `{icon: name, <params>}` -> Icon."""

    def __init__(self) -> None:
        # Icons read by `quick_read`, by their exact data (marshal bytes, format 0: equal only for
        # values of the same types); the same few recur in every queued icon step. Bounded.
        self._read: dict[bytes, Icon] = {}

    def decode_content(self, raw: object, path: FieldPath) -> Icon:
        if not isinstance(raw, dict) or "icon" not in raw:
            raise FieldError(path, f"expected an icon {{icon: name, ...}}, got {show_value(raw)}", "an icon")
        return _icon_params(raw["icon"], raw, path, skip=frozenset({"icon"}))

    def quick_read(self, raw: object) -> Icon | None:
        """`decode_content` of an icon a queued step carries, checked once per distinct icon; None
        for one that fails (the effect interpreter's full check then says why)."""
        try:
            key = marshal.dumps(raw, 0)        # type: ignore[arg-type]  # format 0: equal data, equal bytes
        except ValueError:                   # not plain data
            return None
        found = self._read.get(key)
        if found is None:
            try:
                found = self.decode_content(raw, ())
            except FieldError:
                return None
            if len(self._read) < 512:
                self._read[key] = found
        return found


ICON = IconDecoder()


# -- effect primitives (spec 7.1.2) ----------------------------------------------------------------------

@dataclass(frozen=True)
class PrimitiveSpec:
    required: Mapping[str, Check]
    optional: Mapping[str, Check]


def _effects(raw: object, path: FieldPath) -> object:
    return EFFECTS.decode_content(raw, path)


def _icon_by_role(raw: object, path: FieldPath) -> object:
    if not isinstance(raw, dict) or not raw:
        raise FieldError(path, "icon_by_role maps general and/or dragon to an icon", "a mapping")
    out = {}
    for role, icon in raw.items():
        if role not in ROLES:
            raise FieldError(path + (role,), f"icon_by_role keys are {', '.join(ROLES)}, got {role!r}")
        decoded = ICON.decode_content(icon, path + (role,))
        if role not in decoded.spec.users:
            raise FieldError(path + (role,), f"a {role} cannot execute the icon {decoded.icon} (spec 7.1.1)")
        out[role] = decoded
    return FrozenMap(out)


_N = {"n": COUNT}
PRIMITIVES: dict[str, PrimitiveSpec] = {
    "add_power": PrimitiveSpec({"where": WHERE, **_N}, {}),
    "remove_power": PrimitiveSpec({"where": WHERE, **_N}, {}),
    "add_neutral": PrimitiveSpec({"where": WHERE, **_N}, {}),
    "gain_power": PrimitiveSpec({"who": enum(*WHO), **_N}, {}),
    "steal_power": PrimitiveSpec({"from": enum(*PLAYER_FROM), **_N}, {}),
    "collect_power": PrimitiveSpec({"where": WHERE, **_N}, {}),
    "heal": PrimitiveSpec({"who": enum(*WHO), **_N}, {}),
    "place_units": PrimitiveSpec({"who": enum(*WHO), "type": UNIT_TYPE_OR_ANY, **_N, "where": WHERE}, {}),
    "remove_units": PrimitiveSpec({"where": WHERE, **_N, "owners": enum(*OWNERS), "chooser": enum("self")}, {}),
    "push_units": PrimitiveSpec({"from": WHERE, **_N, "owners": enum(*OWNERS), "to": WHERE,
                                 "chooser": enum("self")}, {}),
    "remove_city": PrimitiveSpec({"where": WHERE, "owner": enum("other", "any")}, {}),
    "grant_icon": PrimitiveSpec({"who": enum(*WHO)}, {"optional": boolean}),  # + icon / icon_by_role, below
    "oath_check": PrimitiveSpec({"scope": enum("all_pairs")}, {}),
    "draw_vaala": PrimitiveSpec({"who": enum(*WHO), **_N}, {}),
    "modifier": PrimitiveSpec({"kind": enum(*MODIFIER_KINDS), "duration": enum(*DURATIONS)},
                              {"value": lambda raw, path: raw, "side": enum(*SIDES), "when": WHEN}),
    "trigger": PrimitiveSpec({"on_event": enum(*TRIGGER_EVENTS), "then": _effects},
                             {"optional": boolean, "when": WHEN}),
    "carry": PrimitiveSpec({"figure": enum("ally"), "units_max": COUNT}, {}),
}


class EffectDecoder:
    """Loader hook for `Annotated[tuple, EFFECTS]`: a list of effects, each checked against PRIMITIVES."""

    def decode_content(self, raw: object, path: FieldPath) -> tuple[FrozenMap, ...]:
        if not isinstance(raw, list):
            raise FieldError(path, f"expected a list of effects, got {show_value(raw)}", "a list")
        return tuple(self.effect(item, path + (i,)) for i, item in enumerate(raw))

    def effect(self, raw: object, path: FieldPath) -> FrozenMap:
        if not isinstance(raw, dict) or len(raw) != 1:
            raise FieldError(path, f"an effect is a one-key mapping {{primitive: {{parameters}}}}, got "
                                   f"{show_value(raw)}", "an effect")
        [(name, args)] = raw.items()
        if name not in PRIMITIVES:
            raise FieldError(path + (name,), f"unknown effect primitive {name!r}"
                                             f"{did_you_mean(str(name), PRIMITIVES)} (spec 7.1.2 lists the "
                                             "allowed names; see engine/dragonbond/vocabulary.py)")
        here = path + (name,)
        if not isinstance(args, dict):
            raise FieldError(here, f"{name} takes named parameters {{...}}, got {show_value(args)}", "a mapping")
        spec = PRIMITIVES[name]
        if name == "grant_icon":
            return FrozenMap({name: self._grant(args, here, spec)})
        known = {**spec.required, **spec.optional}
        out: dict[str, object] = {}
        for key, value in args.items():
            if key not in known:
                raise FieldError(here + (key,), f"{name} has no parameter {key!r}{did_you_mean(str(key), known)} "
                                                f"(its parameters: {', '.join(known)})")
            out[key] = known[key](value, here + (key,))
        for key in spec.required:
            if key not in out:
                raise FieldError(here, f"{name} needs its parameter {key!r}")
        if name == "modifier":
            self._modifier(out, args, here)
        return FrozenMap({name: FrozenMap(out)})

    @staticmethod
    def _modifier(out: dict[str, object], args: Mapping[str, object], here: FieldPath) -> None:
        kind = str(out["kind"])
        value_check = MODIFIER_KINDS[kind]
        if value_check is None and "value" in args:
            raise FieldError(here + ("value",), f"the modifier kind {kind} takes no value")
        if value_check is not None:
            if "value" not in args:
                raise FieldError(here, f"the modifier kind {kind} needs a value")
            out["value"] = value_check(args["value"], here + ("value",))
        if kind in GLOBAL_MODIFIERS and "side" in out:
            raise FieldError(here + ("side",), f"{kind} is global: it has no side")
        if kind not in GLOBAL_MODIFIERS and "side" not in out:
            raise FieldError(here, f"the modifier kind {kind} needs a side ({', '.join(SIDES)})")

    @staticmethod
    def _grant(args: dict, here: FieldPath, spec: PrimitiveSpec) -> FrozenMap:
        has_icon, by_role = "icon" in args, "icon_by_role" in args
        if has_icon == by_role:
            raise FieldError(here, "grant_icon needs exactly one of icon (with its parameters) or icon_by_role")
        out: dict[str, object] = {"who": spec.required["who"](args.get("who"), here + ("who",)),
                                  "optional": boolean(args.get("optional", False), here + ("optional",))}
        if by_role:
            extra = sorted(set(args) - {"who", "optional", "icon_by_role"})
            if extra:
                raise FieldError(here + (extra[0],), f"grant_icon with icon_by_role has no parameter {extra[0]!r}")
            out["icon_by_role"] = _icon_by_role(args["icon_by_role"], here + ("icon_by_role",))
        else:
            out["icon"] = _icon_params(args["icon"], args, here, skip=frozenset({"icon", "who", "optional"}))
        return FrozenMap(out)


EFFECTS = EffectDecoder()


# -- walking loaded effects ---------------------------------------------------------------------------

def primitive(effect: CardEffect) -> tuple[str, Mapping[str, Any]]:
    """(name, args) of one loaded effect."""
    [(name, args)] = effect.items()
    return name, args


def walk(effects: tuple[CardEffect, ...]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every loaded effect, nested `trigger.then` effects included, depth first."""
    for effect in effects:
        name, args = primitive(effect)
        yield name, args
        if name == "trigger":
            yield from walk(args["then"])


def names_in(effects: tuple[CardEffect, ...]) -> set[str]:
    """The primitive names a loaded effect list uses (nested ones included)."""
    return {name for name, _ in walk(effects)}


def granted_icons(args: Mapping[str, Any]) -> dict[str | None, Icon]:
    """role -> Icon for a grant_icon's arguments (role None: the same icon for everyone)."""
    if "icon_by_role" in args:
        return dict(args["icon_by_role"])
    return {None: args["icon"]}


__all__ = ["DURATIONS", "EFFECTS", "ICON", "ICONS", "MODIFIER_KINDS", "PRIMITIVES", "ROLES", "TRIGGER_EVENTS",
           "UNIT_TYPES", "WHEN_CONDITIONS", "WHERE_FILTERS", "WHO", "CardEffect", "Icon", "IconSpec", "Name",
           "granted_icons", "names_in", "primitive", "walk"]
