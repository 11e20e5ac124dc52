"""What the person at the screen may touch, pick up and drop now, and which command that gives.

Touches (a space, a piece, a card) build a command in any order (`touches.TouchSelection`, made
once per position and viewer); a drag names its source and target (`Game.command_gesture`) or is
two touches; a click where nothing can be played asks the engine why not. Nothing here plays a
command or talks to widgets: each gesture returns the command to play or what to ask, and the
session plays it (no Qt).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .touches import Outcome, TouchSelection, look_alikes

if TYPE_CHECKING:
    from engine.core import Command

    from .handover import HandOver
    from .view_cache import ViewCache


def path_length(command: Command) -> int:
    """Spaces walked by a command whose first argument is a path (0 for any other)."""
    first = command.args[0] if command.args else None
    return len(first) if isinstance(first, tuple) else 0


def shortest_of(commands: Sequence[str]) -> str | None:
    """When ``commands`` all walk a path with the same verb and one path is the shortest, that
    command (what a plain click plays); else None (ask the player)."""
    from engine.core import Command
    parsed = sorted((Command.parse(c) for c in commands), key=path_length)
    if (len(parsed) < 2 or any(path_length(c) == 0 or c.verb != parsed[0].verb for c in parsed)
            or path_length(parsed[0]) == path_length(parsed[1])):
        return None
    return str(parsed[0])


class Drop(NamedTuple):
    """What a drop means: a command to ``play``, commands to ``ask`` the player among, or
    (``waits``) a command given by touches that needs one more; none of them: nothing."""
    play: Command | str | None = None
    ask: tuple[str, ...] = ()
    waits: bool = False


class Interactions:
    """The viewer's gestures on the table, from the shown seat's view and the viewer's legal commands."""

    def __init__(self, cache: ViewCache, handover: HandOver) -> None:
        self._cache = cache
        self._handover = handover
        self._selection: TouchSelection[Command] | None = None
        self._selection_key: tuple[Any, ...] | None = None
        # what `touchable` and `drag_sources` found for a selection (and its touches)
        self._lit_memo: tuple[TouchSelection[Command], tuple[str, ...], frozenset[str]] | None = None
        self._sources_memo: tuple[TouchSelection[Command], frozenset[str]] | None = None

    def selection(self) -> TouchSelection[Command]:
        """The viewer's legal commands with what one touches to give each, and what was touched
        so far; built again after each change, change of viewer, and end of a command's steps."""
        cache, handover = self._cache, self._handover
        key = (cache.generation, handover.viewer, handover.shown, cache.unfolding())
        if self._selection is None or self._selection_key != key:
            match = cache.match
            assert match is not None
            view = cache.shown_view()
            offers = ((c, match.game.command_touches(c, view)) for c in cache.viewer_legal())
            self._selection = TouchSelection(offers, look_alikes(cache.shown_table(handover.shown)))
            self._selection_key = key
        return self._selection

    # -- touches -------------------------------------------------------------------------------
    def touchable(self) -> frozenset[str]:
        """What the viewer can touch now to go on: where a command starts, or, halfway through
        one, what it still needs (spaces, pieces, cards)."""
        selection = self.selection()
        touched = tuple(selection.touched)
        memo = self._lit_memo  # asked for several times per touch (board, boards, hand, dock)
        if memo is None or memo[0] is not selection or memo[1] != touched:
            memo = self._lit_memo = (selection, touched, frozenset(selection.lit()))
        return memo[2]

    def active_spaces(self) -> set[str]:
        """The spaces the viewer can touch now to go on (see `touchable`)."""
        lit = self.touchable()
        if not lit:
            return set()
        return set(lit & (self._cache.space_ids() | self._cache.spaces_seen()))

    def touch(self, thing: str) -> Outcome[Command] | None:
        """The viewer touched ``thing``: the command then complete (``play``), the commands to ask
        among, or what to touch next; None when the touch fits no legal command."""
        outcome = self.selection().touch(thing)
        return outcome if outcome.fits else None

    def cancel(self) -> bool:
        """Forget a half-made command; True when there was one."""
        selection = self.selection()
        if not selection.touched:
            return False
        selection.reset()
        return True

    def piece_commands(self, piece: str) -> list[str]:
        """The viewer's legal commands that a touch of ``piece`` starts or goes on with."""
        selection = self.selection()
        found = selection.candidates([*selection.touched, piece]) or selection.candidates([piece])
        return [str(c) for c in found]

    # -- clicks on a space ---------------------------------------------------------------------
    def legal_for_space(self, space: str) -> list[str]:
        """The viewer's legal commands that start by clicking ``space``, in notation; commands
        that walk a path (``move T26,T14,T13``) come shortest first."""
        match, view = self._cache.match, self._cache.shown_view()
        assert match is not None
        commands = [c for c in self._cache.viewer_legal() if match.game.command_touches(c, view)[:1] == (space,)]
        return [str(c) for c in sorted(commands, key=path_length)]

    def why_not(self, space: str) -> tuple[str, str] | None:
        """Why nothing can be played on ``space`` now: the engine's refusal (rule id, reason in
        words) of what a click there would ask for. None when something can, or when a click
        there asks for nothing the game can explain."""
        from engine.core import Refused, TablekeeperError
        match, viewer = self._cache.match, self._handover.viewer
        if match is None or viewer is None or space in self.active_spaces():
            return None
        command = match.game.click_command(self._cache.shown_view(), viewer, space)
        if command is None:
            return None
        try:
            match.state.check(command)
        except Refused as refusal:
            return refusal.rule_id, refusal.reason
        except TablekeeperError as error:
            return "", str(error)
        return None

    # -- drags and drops -----------------------------------------------------------------------
    def drag_sources(self) -> frozenset[str]:
        """The pieces the viewer can pick up now to play something."""
        selection = self.selection()  # built once per position and viewer, as these are
        if self._sources_memo is None or self._sources_memo[0] is not selection:
            sources = {gesture[0] for gesture in self._gestures()}
            self._sources_memo = (selection, frozenset(sources | selection.draggable()))
        return self._sources_memo[1]

    def drag_targets(self, source: str) -> set[str]:
        """Where the viewer may drop piece ``source`` now (the targets of its legal commands)."""
        return ({gesture[1] for gesture in self._gestures() if gesture[0] == source}
                | self.selection().drop_targets(source))

    def drop(self, source: str, target: str, passed: Sequence[str] = ()) -> Drop | None:
        """What dropping ``source`` on ``target`` means; None when the viewer has nothing to play."""
        match, viewer = self._cache.match, self._handover.viewer
        if match is None or viewer is None:
            return None
        view = self._cache.shown_view()
        command = match.game.drag_command(view, viewer, source, target, tuple(passed))
        # The legal ways to play this drop: several when they differ in more than the gesture
        # shows (how a surrounded piece escapes, what else it changes): then the player picks.
        candidates = [str(c) for c in self._cache.viewer_legal()
                      if match.game.command_gesture(c, view) == (source, target)]
        if not candidates and command is None:
            as_touches = self._drop_as_touches(source, target)
            if as_touches is not None:
                return as_touches
        if command is not None and str(command) in candidates or not candidates:
            return Drop(play=command)  # legal, or refused by the rules with their reason; None: nothing
        if len(candidates) == 1:
            return Drop(play=candidates[0])
        return Drop(ask=tuple(candidates))

    def _drop_as_touches(self, source: str, target: str) -> Drop | None:
        """A drop is two touches (a card onto a room): play, ask or wait for what is still
        needed; None when the two touches fit no legal command."""
        selection = self.selection()
        if not selection.candidates([*selection.touched, source, target]):
            if not selection.candidates([source, target]):
                return None
            selection.reset()
        selection.touch(source)
        outcome = selection.touch(target)
        if outcome.play is not None:
            return Drop(play=outcome.play)
        if outcome.ask:
            return Drop(ask=tuple(str(c) for c in outcome.ask))
        return Drop(waits=True)

    def _gestures(self) -> list[tuple[str, str]]:
        """The (source, target) of each of the viewer's legal commands that has one."""
        match, view = self._cache.match, self._cache.shown_view()
        assert match is not None
        return [gesture for c in self._cache.viewer_legal()
                if (gesture := match.game.command_gesture(c, view)) is not None]
