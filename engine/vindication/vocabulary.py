"""The words of Vindication's content: attributes, decks, counters and conditions (spec 7.1).

Counters and conditions are small expressions in the content files — ``companions(K)``,
``regions_controlled >= 3`` — parsed and checked here when content loads, and evaluated on a
player's state by `engine.vindication.counters`.
"""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

ATTRIBUTES = ("S", "K", "I", "C", "W", "V")
BASIC = ("S", "K", "I")
HEROIC = ("C", "W", "V")
Attribute = Literal["S", "K", "I", "C", "W", "V"]
# What an attribute gain may name: one attribute, or a choice made when the gain resolves.
GainKind = Literal["S", "K", "I", "C", "W", "V", "BASIC_ANY", "BASIC_ONE", "ANY", "X", "same"]
COMPANION_DECKS = {"S": "companion_S", "K": "companion_K", "I": "companion_I"}
DECKS = ("companion_S", "companion_K", "companion_I", "monster", "trait", "relic")
Deck = Literal["companion_S", "companion_K", "companion_I", "monster", "trait", "relic"]
# Which attribute's mastery each deck's cards count toward (VIN-SCORE-5, VIN-DEC-71).
DECK_ATTRIBUTE = {"companion_S": "S", "companion_K": "K", "companion_I": "I",
                  "monster": "C", "trait": "W", "relic": "V"}
POWER_ZONES = ("potential", "influence", "conviction")

COUNTERS = {
    "companions": ("S", "K", "I", "any"), "monsters": (), "traits": (), "relics": (),
    "regions_controlled": (), "attr": ATTRIBUTES, "proficiencies": ATTRIBUTES + ("any",),
    "proficiency_kinds": (), "mount_rank": (), "conviction": (), "potential": (), "influence": (),
    "honor": (), "vindicated": (), "distinct_attrs": (), "companion_colours": (),
    "empty_companions": (), "controls": None, "token_touches": None,  # None: any region id(s)
}
_COUNTER = re.compile(r"^([a-z_]+)(?:\(([^()]*)\))?$")
_CONDITION = re.compile(r"^(.+?)\s*(>=|<=|=|>|<)\s*(-?\d+)$")


@dataclass(frozen=True)
class Counter:
    name: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.name}({', '.join(self.args)})" if self.args else self.name


@dataclass(frozen=True)
class Condition:
    counter: Counter
    op: str = ">="
    value: int = 1

    def __str__(self) -> str:
        return f"{self.counter} {self.op} {self.value}"


@lru_cache(maxsize=512)
def parse_counter(text: str) -> Counter:
    match = _COUNTER.match(text.strip())
    if not match or match.group(1) not in COUNTERS:
        raise ValueError(f"unknown counter {text!r}; counters: {', '.join(sorted(COUNTERS))}")
    name, raw_args = match.group(1), match.group(2)
    args = tuple(a.strip() for a in raw_args.split(",")) if raw_args else ()
    allowed = COUNTERS[name]
    if allowed == () and args:
        raise ValueError(f"counter {name} takes no argument")
    if allowed and (len(args) != 1 or args[0] not in allowed):
        raise ValueError(f"counter {name} takes one of {', '.join(allowed)}")
    if allowed is None and not args:
        raise ValueError(f"counter {name} needs region ids, e.g. {name}(inn)")
    return Counter(name, args)


@lru_cache(maxsize=512)
def parse_condition(text: str) -> Condition:
    """``counter op number``, or a bare counter meaning ``counter >= 1``."""
    match = _CONDITION.match(text.strip())
    if match:
        return Condition(parse_counter(match.group(1)), match.group(2), int(match.group(3)))
    return Condition(parse_counter(text))


COMPARE = {">=": operator.ge, "<=": operator.le, "=": operator.eq, ">": operator.gt, "<": operator.lt}


def holds(value: int, condition: Condition) -> bool:
    return COMPARE[condition.op](value, condition.value)
