"""A game's turn commands as a registry: each verb's handler, and the listers of legal commands.

Rule modules register the verbs of their own area, so a new rule area adds a module and never
edits a central table; the game asks the registry for the handler of a command and for the legal
commands of the deciding seat.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .commands import Command
from .sampling import Group, listing, runs

Handler = Callable[[Any, Command], None]          # (the game's rule context, the command)
Lister = Callable[[Any, int], list[Command]]       # (state data, seat) -> legal commands
# (state data, seat) -> the lister's commands as `sampling.Group`s, for a random player (`grouped`)
Grouper = Callable[[Any, int], list[Group]]


class Verbs:
    """``areas`` names the rule modules (last dotted part) in the order their legal commands are
    listed: registration happens at import, and import order depends on who imports first (a test
    importing one rule module directly), so the listing order must not."""

    def __init__(self, game: str, areas: tuple[str, ...] = ()) -> None:
        self.game = game                           # named in the error for a verb registered twice
        self.areas = areas
        self.handlers: dict[str, Handler] = {}
        self.listers: list[Lister] = []
        # Each lister's grouper (`grouped`), where its module gives one.
        self.groupers: dict[Lister, Grouper] = {}
        self._gate: tuple[Callable[[Any, int], bool], frozenset[str]] | None = None

    def verb(self, name: str, lister: Lister | None = None,
             groups: Grouper | None = None) -> Callable[[Handler], Handler]:
        """Register a turn command's handler, and the function listing its legal commands; and,
        optionally, the function giving that lister's commands as groups (`grouped`). Given only
        ``groups``, the lister is made from them (`sampling.listing`)."""
        if lister is None and groups is not None:
            lister = listing(groups)

        def register(handler: Handler) -> Handler:
            if name in self.handlers:
                raise ValueError(f"the {self.game} verb {name!r} is registered twice")
            self.handlers[name] = handler
            if lister is not None:
                self.listers.append(lister)
                self.listers.sort(key=self._area_rank)     # stable: a module keeps its own order
                if groups is not None:
                    self.groupers[lister] = groups
            return handler
        return register

    def _area_rank(self, lister: Lister) -> int:
        area = lister.__module__.rsplit(".", 1)[-1]
        if self.areas and area not in self.areas:
            raise ValueError(f"the {self.game} rule module {area!r} lists commands but is not in "
                             f"the verb registry's areas {self.areas}: add it where its commands "
                             f"should be listed")
        return self.areas.index(area) if self.areas else 0

    def gate(self, may_act: Callable[[Any, int], bool], *, always: tuple[str, ...] = ()) -> None:
        """Who may act at all: for a seat where ``may_act(data, seat)`` fails, only the areas named in
        ``always`` list commands (Nemesis: a character not standing in a Room may still pass)."""
        self._gate = (may_act, frozenset(always))

    def _open(self, data: Any, seat: int) -> list[Lister]:
        """The listers that list for ``seat`` now, area by area (``areas``; the `gate`)."""
        gate = self._gate
        if gate is None or gate[0](data, seat):
            return self.listers
        return [lister for lister in self.listers if lister.__module__.rsplit(".", 1)[-1] in gate[1]]

    def listed(self, data: Any, seat: int) -> list[Command]:
        """Every registered lister's legal commands for ``seat``, area by area (``areas``)."""
        found: list[Command] = []
        for lister in self.listers if self._gate is None else self._open(data, seat):
            found += lister(data, seat)
        return found

    def grouped(self, data: Any, seat: int, weight: Callable[[Command], float]) -> list[Group]:
        """`listed` as `sampling.Group`s, in the same order: each lister's grouper where it has
        one, else its commands in runs of equal ``weight`` (the game's `random_weight`)."""
        found: list[Group] = []
        groupers = self.groupers
        for lister in self.listers if self._gate is None else self._open(data, seat):
            grouper = groupers.get(lister)
            found += runs(lister(data, seat), weight) if grouper is None else grouper(data, seat)
        return found


def load_rule_areas(package: ModuleType | str) -> None:
    """Import every module of a game's rules package (``engine.<game>.rules``), so each registers
    its verbs and effect primitives. A game calls it once, from game.py: the rules are loaded by
    name (pkgutil), so no module imports the rule modules just to load them, and a new rule area is
    a new module in rules/ and nothing else. Whatever order they load in, legal commands are listed
    in the order of `Verbs.areas`."""
    if isinstance(package, str):
        package = importlib.import_module(package)
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{module.name}")
