"""The match and every change to it: start, play, undo, redo, close, and what each change tells.

It owns the open `engine.core.Match` (kept in the view cache everyone reads), applies commands
from players and computer seats, turns refusals into plain words (`command_refused`), mirrors undo
on a `QUndoStack` (`undo.PlayedCommands`), and after each change tells the widgets with one coarse
signal (`command_applied`) — once the other parts have caught up: the view cache, the crash copy,
the steps to show, the next viewer, the computer seats' turn. Starting a game from a choice or a
file is `files`'s business; this module starts the match it is given, and saves it.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QUndoStack

from .files import save_match
from .steps import steps_of
from .types import BOT_SEAT_PREFIX, SessionError
from .undo import PlayedCommands

if TYPE_CHECKING:
    from engine.core import Command, Event, Match

    from .autosave import CrashCopy
    from .bot_scheduling import BotScheduler
    from .descriptions import Descriptions
    from .handover import HandOver
    from .offers import Offers
    from .steps import StepShow
    from .view_cache import ViewCache

# Every player-visible word of the session's parts is translated in one context, "GameSession".
translate = QCoreApplication.translate


class MatchControl(QObject):
    """Applies, takes back and replays commands; the session forwards its signals."""

    game_started = Signal()
    game_closed = Signal()
    command_applied = Signal(object, list)
    command_refused = Signal(str, str)
    game_over = Signal(str)
    undo_state_changed = Signal()
    history_rewound = Signal()
    viewer_changed = Signal(int)
    spaces_touched = Signal(list)
    bot_moved = Signal(int, str, list)
    bot_failed = Signal(str)

    def __init__(self, cache: ViewCache, handover: HandOver, steps: StepShow, bots: BotScheduler,
                 crash_copy: CrashCopy, words: Descriptions, offers: Offers, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cache, self._handover, self._steps = cache, handover, steps
        self._bots, self._crash_copy, self._words, self._offers = bots, crash_copy, words, offers
        self.path: str | None = None
        self.modified = False
        self._redoing = False  # a taken-back command is played again (take no answer for the player)
        self.undo_stack = QUndoStack(self)
        # The stack moves its index only after a command's undo()/redo() ran: tell widgets again then.
        self.undo_stack.indexChanged.connect(self.undo_state_changed)
        steps.ended.connect(self.finish_steps)
        bots.move_chosen.connect(self._play_bot_move)
        bots.move_failed.connect(self._report_bot_failure)

    def require(self) -> Match:
        """The open match; a `SessionError` when none is open."""
        match = self._cache.match
        if match is None:
            raise SessionError(translate("GameSession", "No game open"),
                               translate("GameSession", "Start or open a game first."))
        return match

    # -- a game starts and ends ----------------------------------------------------------------
    def start(self, match: Match, path: str | None) -> None:
        """Play ``match`` (new, opened from ``path``, or resumed) from its current position."""
        from engine.core import TablekeeperError
        try:
            bots = self._bots.make_bots(match)
        except TablekeeperError as error:
            raise SessionError(translate("GameSession", "Cannot start this game"), str(error)) from None
        self._bots.stop()
        self._steps.drop()
        self._cache.reset(match)
        self.path = path
        self.modified = False
        self._bots.use(bots)
        self.undo_stack.clear()
        self._handover.reset()
        self._handover.update(match)
        self._crash_copy.write(match)  # a new, opened or resumed game replaces the crash copy
        self.game_started.emit()
        self.undo_state_changed.emit()
        if self._handover.viewer is not None:
            self.viewer_changed.emit(self._handover.viewer)
        if not self._take_forced_answer():
            self._bots.after_change()

    def resume(self) -> None:
        """Play the crash copy's game as an untitled, unsaved one (`CrashCopy.load` says what
        when it cannot be read)."""
        self.start(self._crash_copy.load(), None)
        self.modified = True  # it is in no file the player chose

    def save(self, path: str | os.PathLike[str] | None) -> str:
        """Save the game to ``path`` (None: the file it came from); the file's path."""
        target = save_match(self.require(), os.fspath(path) if path is not None else self.path)
        self.path = target
        self.modified = False
        self.undo_stack.setClean()
        self.undo_state_changed.emit()
        return target

    def close(self) -> None:
        self._bots.stop()
        self._steps.drop()
        self._crash_copy.close()
        self._cache.reset(None)
        self.path = None
        self._handover.reset()
        self.undo_stack.clear()
        self.game_closed.emit()

    # -- playing -------------------------------------------------------------------------------
    def apply(self, command: str | Command) -> None:
        """Apply a player's command (text or value); a refusal arrives as `command_refused`."""
        from engine.core import Command, Refused, TablekeeperError
        match = self._cache.match
        if match is None:
            self.command_refused.emit("", translate("GameSession", "No game is open."))
            return
        self.finish_steps()  # a player who acts has seen enough of the last command's steps
        try:
            parsed = Command.parse(command) if isinstance(command, str) else command
        except TablekeeperError as error:
            self.command_refused.emit("", str(error))
            return
        if parsed.seat is None and self._handover.viewer is not None:
            parsed = parsed.by(self._handover.viewer)
        seat = parsed.seat
        if seat is not None and 0 <= seat < len(match.seats) and match.seats[seat].startswith(BOT_SEAT_PREFIX):
            self.command_refused.emit("", translate("GameSession", "{seat} is played by the computer.").format(
                seat=self._words.seat_name(match, seat)))
            return
        try:
            self._play(parsed, by_bot=False)
        except Refused as refusal:
            self.command_refused.emit(refusal.rule_id, refusal.reason)
        except TablekeeperError as error:
            self.command_refused.emit("", str(error))

    def _play(self, command: Command, by_bot: bool) -> None:
        """Apply a command to the match; raises `TablekeeperError` (state unchanged) if refused."""
        match = self.require()
        paced = self._bots.paced()
        positions: Sequence[tuple[Event, bytes]] = []
        if paced:  # the positions it passes through, to show its steps one by one
            from engine.core.effects import positions_recorded
            with positions_recorded() as positions:
                events = match.apply(command)
        else:
            events = match.apply(command)
        self._bots.stop()  # the position moved on: answers computed for the old one are stale
        # Shown at once: the next viewer now, so that what the undo stack's news redraws is theirs.
        changed = None if paced else self._handover.update(match)
        if match.can_undo():
            self.undo_stack.push(PlayedCommands(self, str(command), by_bot))
        else:
            self.undo_stack.clear()  # nothing before a chance or a secret can be taken back
        self._announce(events, positions, changed)

    def _announce(self, events: Sequence[Event], positions: Sequence[tuple[Event, bytes]] = (),
                  changed: bool | None = None) -> None:
        """Tell the widgets what a command did; ``changed``: whether the viewer already changed
        with it (None: not chosen yet)."""
        match = self.require()
        self.modified = True
        self._cache.changed()
        self._crash_copy.write(match)
        cache, handover = self._cache, self._handover
        steps = steps_of(events, positions, cache.entries, cache.event_spaces) if self._bots.paced() else []
        if len(steps) > 1:  # one step now, the others one per computer pause
            first = self._steps.begin(steps)
            self.command_applied.emit(match.state.view(handover.shown), first.entries)
            if first.spaces:
                self.spaces_touched.emit(first.spaces)
            self.undo_state_changed.emit()
            self._steps.wait()
            return
        # The next viewer first: when the screen must be handed over, it is hidden before anything
        # is redrawn (nothing of the previous viewer's is built for a screen nobody will see).
        if changed is None:
            changed = handover.update(match)
        if changed and handover.due:
            self.viewer_changed.emit(handover.viewer)
        self.command_applied.emit(match.state.view(handover.shown), cache.entries(events))
        touched = [space for e in events if e.visible_to(handover.shown) for space in cache.event_spaces(e)]
        if touched:
            self.spaces_touched.emit(list(dict.fromkeys(touched)))
        self.undo_state_changed.emit()
        if changed and not handover.due and handover.viewer is not None:
            self.viewer_changed.emit(handover.viewer)
        self._after_steps()

    def finish_steps(self) -> None:
        """Show the rest of the last command at once (Skip, or a player who acts)."""
        if self._steps.finish():
            self._after_steps()

    def _after_steps(self) -> None:
        """What follows a command once it is shown: the next viewer, the end, the computer's turn."""
        match = self.require()
        self._choose_viewer()
        if match.state.is_terminal():
            self.game_over.emit(self._words.outcome_text(match))
        if not self._take_forced_answer():
            self._bots.after_change()

    def _choose_viewer(self) -> None:
        if self._handover.update(self.require()) and self._handover.viewer is not None:
            self.viewer_changed.emit(self._handover.viewer)

    def _take_forced_answer(self) -> bool:
        """The viewer's forced answer (`Offers.forced_answer`) is taken for them, except while a
        redo brings it back anyway; True when it was (that play has gone on from there)."""
        answer = None if self._redoing else self._offers.forced_answer()
        if answer is None:
            return False
        self._play(answer, by_bot=True)  # undone with the command before it, as a computer's reply is
        return True

    # -- computer seats ------------------------------------------------------------------------
    def _play_bot_move(self, seat: int, command: object) -> None:
        from engine.core import Command, TablekeeperError
        match = self.require()
        if not isinstance(command, Command):
            self._report_bot_failure(seat, translate("GameSession", "it answered {answer!r}").format(answer=command))
            return
        if command.seat is None:
            command = command.by(seat)
        if command.seat != seat:
            self._report_bot_failure(seat, translate("GameSession", "it tried to play for another seat"))
            return
        label = self._words.label(str(command))
        try:
            self._play(command, by_bot=True)
        except TablekeeperError as error:
            self._report_bot_failure(seat, translate("GameSession", "its move {move} was refused ({reason})").format(
                move=command, reason=error))
            return
        if match.history[-1].command_for(self._handover.shown) != str(command):
            # a secret of the bot's seat (a secret kept, a card placed face down): say only that it chose
            self.bot_moved.emit(seat, translate("GameSession", "a secret choice"), [])
            return
        self.bot_moved.emit(seat, label, self._cache.spaces_named(command))

    def _report_bot_failure(self, seat: int, what: str) -> None:
        self.bot_failed.emit(translate("GameSession", "The computer player for {seat} could not move: {what}").format(
            seat=self._words.seat_name(self.require(), seat), what=what))

    # -- undo and redo -------------------------------------------------------------------------
    def can_undo(self) -> bool:
        match = self._cache.match
        return match is not None and self.undo_stack.canUndo() and match.can_undo()

    def can_redo(self) -> bool:
        match = self._cache.match
        return match is not None and self.undo_stack.canRedo() and match.can_redo()

    def undo_engine_step(self) -> None:
        """Called by the undo mirror: take back one command in the match."""
        match = self.require()
        self._steps.drop()       # the steps of what is taken back need no showing
        self._bots.stop()
        match.undo()
        self.modified = True
        self._crash_copy.write(match)
        self._cache.changed()
        self._choose_viewer()
        self.history_rewound.emit()
        self.undo_state_changed.emit()
        self._bots.after_change()

    def redo_engine_step(self) -> None:
        """Called by the undo mirror: play the next taken-back command again."""
        match = self.require()
        self.finish_steps()
        self._bots.stop()
        self._redoing = True  # the answers taken for the player come back as part of the redo
        try:
            self._announce(match.redo())
        finally:
            self._redoing = False
