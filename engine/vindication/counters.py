"""Counters and conditions (spec 7.1) evaluated on one player's state."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter

from engine.core import Data

from .content import content
from .vocabulary import ATTRIBUTES, BASIC, COMPARE, Condition, Counter, parse_condition, parse_counter


def controlled_tiles(data: Data, seat: int) -> list[str]:
    """Tile ids of the regions ``seat`` controls (main board; module places join later)."""
    return [space["tile"] for space in data["regions"].values()
            if space and space["controller"] == seat]   # a placed tile always has the field (schema)


# (data, the player, its seat, the counter's arguments) -> the counter's value
CounterFunction = Callable[[Data, Data, int, tuple[str, ...]], int]
# A condition ready to test: (counter function, its arguments, comparison, value); it holds for a
# player when ``compare(counter(data, player, seat, args), value)``.
Check = tuple[CounterFunction, tuple[str, ...], Callable[[int, int], bool], int]


def count(data: Data, seat: int, counter: Counter | str) -> int:
    if isinstance(counter, str):
        counter = parse_counter(counter)
    return _counter_function(counter)(data, data["players"][seat], seat, counter.args)


def satisfied(data: Data, seat: int, condition: Condition | str) -> bool:
    if isinstance(condition, str):
        condition = parse_condition(condition)
    counter, args, compare, value = condition_check(condition)
    return compare(counter(data, data["players"][seat], seat, args), value)


@lru_cache(maxsize=512)
def condition_check(condition: Condition) -> Check:
    """``condition`` ready to test (`Check`): the end triggers are checked after every command, so
    each condition's counter and comparison are looked up once."""
    return _counter_function(condition.counter), condition.counter.args, COMPARE[condition.op], condition.value


def _counter_function(counter: Counter) -> CounterFunction:
    found = _COUNTERS.get(counter.name)
    if found is None:
        raise ValueError(f"counter {counter} is not implemented")
    return found


def _companions(data: Data, p: Data, seat: int, args: tuple[str, ...]) -> int:
    kind = args[0] if args else "any"
    if kind == "any":
        return len(p["companions"])
    cards = content().cards
    return sum(1 for c in p["companions"] if cards[c["id"]].deck == f"companion_{kind}")


def _proficiencies(data: Data, p: Data, seat: int, args: tuple[str, ...]) -> int:
    return sum(p["proficiencies"].values()) if args[0] == "any" else p["proficiencies"][args[0]]


def _token_touches(data: Data, p: Data, seat: int, args: tuple[str, ...]) -> int:
    triangles = content().board.triangles
    touched = triangles[p["token"]].touches if p["token"] in triangles else ()
    return int(any(region in args for region in touched))


# Each counter of spec 7.1 (`vocabulary.COUNTERS`) as a `CounterFunction`.
_COUNTERS: dict[str, CounterFunction] = {
    "companions": _companions,
    "monsters": lambda data, p, seat, args: len(p["monsters"]),
    "traits": lambda data, p, seat, args: len(p["traits"]),
    "relics": lambda data, p, seat, args: len(p["relics"]),
    "regions_controlled": lambda data, p, seat, args: len(controlled_tiles(data, seat)),
    "attr": lambda data, p, seat, args: p["attrs"][args[0]],
    "proficiencies": _proficiencies,
    "proficiency_kinds": lambda data, p, seat, args: sum(1 for a in ATTRIBUTES if p["proficiencies"][a]),
    "mount_rank": lambda data, p, seat, args: p["mount"],
    "conviction": lambda data, p, seat, args: p["conviction"],
    "potential": lambda data, p, seat, args: p["potential"],
    "influence": lambda data, p, seat, args: p["influence"],
    "honor": lambda data, p, seat, args: p["honor"],
    "vindicated": lambda data, p, seat, args: int(p["vindicated"]),
    "distinct_attrs": lambda data, p, seat, args: sum(1 for a in ATTRIBUTES if p["attrs"][a] >= 1),
    "companion_colours": lambda data, p, seat, args: len({content().cards[c["id"]].deck for c in p["companions"]}),
    "empty_companions": lambda data, p, seat, args: sum(1 for c in p["companions"] if c["blocks"] == 0),
    "controls": lambda data, p, seat, args: int(any(tile in args for tile in controlled_tiles(data, seat))),
    "token_touches": _token_touches,
}


# The counters that read one field of the player, or that field's size, as (field, sized): the end
# triggers, asked after every command, read them straight from each player (`player_field`).
_PLAYER_FIELDS: dict[str, tuple[str, bool]] = {
    "conviction": ("conviction", False), "potential": ("potential", False), "influence": ("influence", False),
    "honor": ("honor", False), "mount_rank": ("mount", False),
    "monsters": ("monsters", True), "traits": ("traits", True), "relics": ("relics", True),
}


def player_field(counter: Counter) -> tuple[Callable[[Data], object], bool] | None:
    """(the player's field ``counter`` reads, whether its value is the field's size), for the
    counters that read nothing else (`_COUNTERS` gives the same values); None for the others."""
    if counter.name == "companions" and counter.args in ((), ("any",)):
        return itemgetter("companions"), True
    found = _PLAYER_FIELDS.get(counter.name)
    return (itemgetter(found[0]), found[1]) if found else None


def regions_controlled_by_seat(data: Data) -> list[int]:
    """`regions_controlled` of every seat, in one pass over the regions."""
    counts = [0] * len(data["players"])
    for space in data["regions"].values():
        if space and space["controller"] is not None:
            counts[space["controller"]] += 1
    return counts


def mastery_count(data: Data, seat: int, attribute: str) -> int:
    """VIN-SCORE-5: cards of the attribute plus 2 per proficiency tile."""
    p = data["players"][seat]
    cards = {"C": len(p["monsters"]), "W": len(p["traits"]), "V": len(p["relics"])}.get(attribute)
    if attribute in BASIC:
        cards = count(data, seat, Counter("companions", (attribute,)))
    return cards + 2 * p["proficiencies"][attribute]
