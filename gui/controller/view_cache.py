"""The open match as the screen reads it, built once per change instead of once per question.

Widgets ask the same things many times per command (highlights, tooltips, panels, boards): the
deciders' legal commands (listed once per change, `changed`), each seat's view (thawed once per
position), each seat's table in the session's language (built again only when that seat's view or
the language changes), the board layout (once per language). Everything is kept per seat, so a
change of viewer rebuilds nothing; the viewer's own questions (`viewer_legal`, `shown_table`) use
the hand-over policy's choice of seat and the step on show.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .types import LogEntry

if TYPE_CHECKING:
    from engine.core import Command, Event, Match

    from .handover import HandOver
    from .steps import StepShow


class ViewCache:
    """Per change and per seat: views, legal commands, tables; and the spaces seen so far."""

    def __init__(self, handover: HandOver, steps: StepShow) -> None:
        self._handover = handover
        self._steps = steps
        self.match: Match | None = None
        self.language = "en"
        self._legal: dict[int, list[Command]] = {}
        self._spaces: set[str] = set()  # every space seen in a legal command since the start
        self._views: dict[int | None, tuple[bytes, Any]] = {}  # seat → (frozen view, its data)
        self._tables: dict[int | None, tuple[tuple[bytes, str], dict[str, Any]]] = {}
        self._step_table: tuple[tuple[int | None, bytes, str], dict[str, Any]] | None = None
        self._layout: tuple[str, dict[str, Any], frozenset[str]] | None = None  # language, layout, space ids
        self.generation = 0  # counts the changes: what was built for an older one is stale

    def reset(self, match: Match | None) -> None:
        """A game starts (or, with None, closes): nothing built for the last one holds."""
        self.match = match
        self._spaces = set()
        self._views = {}
        self._tables = {}
        self._step_table = None
        self._layout = None
        self._legal = {}
        if match is not None:
            self.changed()

    def changed(self) -> None:
        """After every change of position: list the deciders' legal commands (asked for many
        times per change) and remember the spaces they name."""
        match = self.match
        if match is None:
            return
        state = match.state
        self.generation += 1
        self._legal = {seat: state.legal(seat) for seat in state.deciders()}
        for commands in self._legal.values():
            for command in commands:
                self._spaces.update(match.game.command_spaces(command))

    # -- per seat ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> Any:
        """``seat``'s view now, shared by the questions asked of it (never hand it to a widget:
        `Match.state.view` gives a copy of its own)."""
        match = self._require()
        frozen = match.state.frozen_view(seat)
        kept = self._views.get(seat)
        if kept is None or kept[0] is not frozen:
            kept = self._views[seat] = (frozen, match.state.view(seat))
        return kept[1]

    def shown_view(self) -> Any:
        """The view the screen draws (`HandOver.shown`)."""
        return self.view(self._handover.shown)

    def unfolding(self) -> bool:
        """Whether the last command still unfolds step by step (nothing can be played meanwhile)."""
        return self._steps.is_showing()

    def viewer_legal(self) -> list[Command]:
        """The viewer's legal commands now; empty when the game does not wait on the viewer, or
        while the last command unfolds step by step."""
        viewer = self._handover.viewer
        if self.match is None or viewer is None or self.unfolding():
            return []
        return self._legal.get(viewer, [])

    def table(self, seat: int | None) -> dict[str, Any]:
        """The table as the game describes it (`engine.core.table`) from ``seat``'s view."""
        match = self._require()
        key = (match.state.frozen_view(seat), self.language)
        kept = self._tables.get(seat)
        if kept is None or kept[0] != key:
            kept = self._tables[seat] = (key, match.game.table(self.view(seat), self.language))
        return kept[1]

    def shown_table(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s table as the screen shows it: while a command unfolds step by step, the
        shown seat's table is of the position after the step on show."""
        position = self._steps.position
        if position is None or seat != self._handover.shown:
            return self.table(seat)
        from engine.core import plain
        match = self._require()
        key = (seat, position, self.language)
        if self._step_table is None or self._step_table[0] != key:
            view = match.game.view(plain.thaw(position), seat)
            self._step_table = (key, match.game.table(view, self.language))
        return self._step_table[1]

    # -- the board -----------------------------------------------------------------------------
    def board_layout(self) -> dict[str, Any]:
        """The game's static board drawing as plain data; empty when it has none."""
        return self._board()[1]

    def space_ids(self) -> frozenset[str]:
        """The ids of the spaces the board layout draws."""
        return self._board()[2]

    def spaces_seen(self) -> set[str]:
        """Board spaces seen so far in any legal command (the engine has no list of all spaces)."""
        return self._spaces

    def _board(self) -> tuple[str, dict[str, Any], frozenset[str]]:
        match = self.match
        if match is None:
            return self.language, {}, frozenset()
        if self._layout is None or self._layout[0] != self.language:  # titles follow the language
            layout = match.game.board_layout(match.config, self.language)
            self._layout = (self.language, layout, frozenset(s["id"] for s in layout.get("spaces", [])))
        return self._layout

    # -- what events and commands name ---------------------------------------------------------
    def entries(self, events: Sequence[Event]) -> list[LogEntry]:
        """The log entries of ``events`` that the shown seat may see, in the session's language."""
        game = self._require().game
        shown = self._handover.shown
        found = []
        for event in events:
            if not event.visible_to(shown):
                continue
            seat = event.data.get("seat")
            rule = game.event_rule(event)
            found.append(LogEntry(game.describe(event, self.language),
                                  seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
                                  rule, game.rule_title(rule, self.language) if rule else ""))
        return found

    def event_spaces(self, event: Event) -> list[str]:
        """The board spaces an event names: its ``space``, else each of its values that is the id
        of a space of the board (where a piece went, where a marker was put)."""
        first = event.data.get("space")
        if isinstance(first, str):
            return [first]
        known = self.space_ids()
        return list(dict.fromkeys(v for v in event.data.values() if isinstance(v, str) and v in known))

    def spaces_named(self, command: Command) -> list[str]:
        """The board spaces a command names anywhere in its arguments (a walked path: each one)."""
        known = self.space_ids()
        found: list[str] = []
        for arg in command.args:
            for value in arg if isinstance(arg, tuple) else (arg,):
                if isinstance(value, str) and value in known and value not in found:
                    found.append(value)
        return found

    def _require(self) -> Match:
        if self.match is None:
            raise RuntimeError("no game is open")
        return self.match
