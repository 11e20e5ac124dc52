"""Drawing one legal command at random without listing them all: for bots that sample one.

The random bot (and every random playout) draws ``weighted_choice(rng, legal, [random_weight(c)
for c in legal])``: one ``rng.below(total)`` over the integer-scaled weights, then a walk of the
list in order. A game may describe its legal list instead as consecutive *groups* in list order —
each a size, one weight shared by all its members, and a way to build only its k-th member
(`Group`). The same ``below(total)`` then falls in one group, at one member, and only that member
is built: no full list, no weight per command, yet the same generator draws and the same command
as the listing would give (`draw`).

A game answers `Game.legal_groups` (None, the default: no groups, and `State.sample` lists and
draws as before, so every game works). The groups must be exact: their members, built one by one,
are the legal list in order, each weighing its group's weight (`members`). The engine's tests hold
every game that has groups to it over whole seeded games (tests/engine/core/test_sampling.py), so the
state may trust a sampled command as it trusts a listed one (`State.sample`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from .commands import Command
from .rng import Rng

T = TypeVar("T")

# ``(size, weight, build)``: ``size`` consecutive legal commands of equal random ``weight``;
# ``build(k)`` makes the k-th of them (0 ≤ k < size), the command the full legal list holds at that
# place. A plain tuple, not a class: listers make several per decision, and a tuple costs least.
Group = tuple[int, float, Callable[[int], Command]]


def group_of(commands: Sequence[Command], weight: float) -> Group:
    """The group of commands already at hand, all of ``weight``."""
    return len(commands), weight, commands.__getitem__


def lazily(items: Sequence[T], weight: float, make: Callable[[T], Command]) -> Group:
    """A command per item, all of ``weight``, made only when drawn: the k-th is ``make(items[k])``."""
    return len(items), weight, lambda k: make(items[k])


def listing(grouper: Callable[[Any, int], list[Group]]) -> Callable[[Any, int], list[Command]]:
    """The lister of a grouper: every member of its groups, in order. A rule module whose grouper is
    its one source of truth registers this as its lister (`Verbs.verb` does it when given only
    ``groups``), so the list and the groups cannot disagree."""
    def lister(data: Any, seat: int) -> list[Command]:
        return [build(k) for size, _, build in grouper(data, seat) for k in range(size)]
    lister.__module__, lister.__name__ = grouper.__module__, f"listing({grouper.__name__})"
    lister.__qualname__ = lister.__name__
    return lister


def one_group(lister: Callable[[Any, int], Sequence[Command]],
              weight: float = 1.0) -> Callable[[Any, int], list[Group]]:
    """A grouper (`Verbs.verb`'s ``groups``) for a lister whose commands all weigh ``weight``: its
    list, as one group (no weight per command)."""
    def groups(data: Any, seat: int) -> list[Group]:
        found = lister(data, seat)
        return [(len(found), weight, found.__getitem__)] if found else []
    return groups


def runs(commands: Sequence[Command], weight: Callable[[Command], float]) -> list[Group]:
    """``commands`` as groups: each run of equal weights one group (a lister with mixed weights
    and no counting of its own)."""
    groups: list[Group] = []
    start, n = 0, len(commands)
    while start < n:
        w = weight(commands[start])
        end = start + 1
        while end < n and weight(commands[end]) == w:
            end += 1
        groups.append(group_of(commands[start:end], w))
        start = end
    return groups


def draw(groups: Sequence[Group], rng: Rng) -> Command:
    """The command `rng.weighted_choice` would pick from the groups' members in order with their
    weights: the same scaling (``round(weight * 1000)``), the same one ``below(total)``, the same
    walk, a group's members at once (the pick falls on member ``pick // scaled``)."""
    scaled = [round(weight * 1000) for _, weight, _ in groups]
    total = 0
    for s, (size, _, _) in zip(scaled, groups):
        if s < 0:
            raise ValueError("weights must be non-negative and not all zero")
        total += s * size
    if total <= 0:
        raise ValueError("weights must be non-negative and not all zero")
    pick = rng.below(total)
    for s, (size, _, build) in zip(scaled, groups):
        span = s * size
        if pick < span:
            return build(pick // s)
        pick -= span
    raise AssertionError("unreachable")


def members(groups: Sequence[Group]) -> Iterator[tuple[Command, float]]:
    """Every member of the groups with its group's weight, in order: the legal list they stand for
    (for tests and checks; a sampler builds one)."""
    for size, weight, build in groups:
        for k in range(size):
            yield build(k), weight
