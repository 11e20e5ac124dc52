"""A game played at an online table: `OnlineSession` is a `GameSession` whose match is the
seat's `MirrorMatch` (mirror.py), so the board and panels draw the local seat's view as for a
local game, while a command is sent to the host through the `OnlineTable` (online_table.py)
instead of applied here; at the end it audits the revealed seed off the GUI thread.

The game state is only ever changed by the host's engine; this app only sends commands. The
parts: account calls and signing in in online_calls.py, the table in online_table.py, the
mirror in mirror.py; this module builds on the session façade (a layer above it, like the widgets).
"""
from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from .mirror import REMOTE_SEAT, MirrorMatch
from .online_calls import call_off_thread
from .online_table import OnlineTable
from .session import GameSession
from .types import SessionError

if TYPE_CHECKING:
    from engine.core import Command

translate = QCoreApplication.translate


class OnlineSession(GameSession):
    """A game played at an online table: the local seat's view, commands sent to the host."""

    # connected / throttled / offline / waiting / host away changed: the status bar says it again
    online_status_changed = Signal()
    # the game ended and the audit of the revealed seed finished: (verified, words)
    verified = Signal(bool, str)

    def __init__(self, parent: QObject | None = None, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self.online_table: OnlineTable | None = None
        self._mirror: MirrorMatch | None = None
        self._announced = 0            # log entries announced so far
        self._refusals = 0
        self._verified: tuple[bool, str] | None = None
        self._verifying = False
        self._offers.forced_answer = lambda: None  # type: ignore[method-assign]  # the host decides

    # -- starting and ending -------------------------------------------------------------------
    def start_online(self, table: OnlineTable) -> None:
        """Play at ``table``. The game shows once the room's setup and this seat's first view
        have arrived (`is_waiting` until then); raises `SessionError` when the room's setup
        gives this account no seat."""
        if self.has_game() or self.online_table is not None:
            self.close_game()
        self.online_table = table
        table.setParent(self)
        table.changed.connect(self._on_table_changed)
        table.status_changed.connect(self.online_status_changed)
        table.pump()
        if table.client.setup is not None and table.client.seat is None:
            self.close_game()
            raise SessionError(translate("GameSession", "Cannot play here"),
                               translate("GameSession", "This account holds no seat at this table."))
        if self._mirror is None:
            self._begin()
        self.online_status_changed.emit()

    def is_waiting(self) -> bool:
        """At a table whose game has not reached this app yet (no setup or no view so far)."""
        return self.online_table is not None and self._mirror is None

    def _begin(self) -> None:
        """The setup and this seat's first view are here: show the game."""
        table = self.online_table
        if table is None or table.client.setup is None or table.client.view is None or table.client.seat is None:
            return
        mirror = MirrorMatch(table.client)
        self._mirror = mirror
        self._cache.reset(mirror)  # type: ignore[arg-type]
        self._control.path = None
        self._handover.reset()
        self._handover.update(mirror)  # type: ignore[arg-type]
        self._announced = len(self.log_entries())
        self._refusals = len(table.client.refusals)
        self.game_started.emit()
        self.undo_state_changed.emit()
        if self._handover.viewer is not None:
            self.viewer_changed.emit(self._handover.viewer)
        if mirror.state.is_terminal():
            self._verify()

    def close_game(self) -> None:
        if self.online_table is not None:
            self.online_table.stop()
            self.online_table.changed.disconnect(self._on_table_changed)
            self.online_table = None
        self._mirror = None
        self._verified = None
        super().close_game()

    def shutdown(self) -> None:
        if self.online_table is not None:
            self.online_table.stop()
        super().shutdown()

    @property
    def is_online(self) -> bool:
        return self.online_table is not None

    # -- what the screen shows -----------------------------------------------------------------
    def local_seat(self) -> int | None:
        return None if self._mirror is None else self._mirror.seat

    def is_remote(self, seat: int) -> bool:
        return self._mirror is not None and self._mirror.seats[seat] == REMOTE_SEAT

    def online_status(self) -> str:
        """connected, throttled or offline ("" with no table)."""
        return "" if self.online_table is None else self.online_table.status

    def host_away(self) -> bool:
        return self.online_table is not None and self.online_table.host_away()

    def connection_closed(self) -> bool:
        return self.online_table is not None and self.online_table.closed

    def is_host(self) -> bool:
        return self.online_table is not None and self.online_table.is_host

    def waiting_for(self) -> list[int] | None:
        """The other seats the game waits on (None: the view does not tell, [] : nobody else)."""
        mirror = self._mirror
        if mirror is None or mirror.state.is_terminal():
            return []
        if self.online_table is not None and self.online_table.host is not None:   # the host knows
            state = self.online_table.host.match.state
            return [s for s in state.deciders() if s != mirror.seat]
        return None if mirror.state.waiting_on() is None else list(mirror.state.waiting_on() or ())

    def command_pending(self) -> bool:
        return self.online_table is not None and bool(self.online_table.client.pending)

    def replaceable_seats(self) -> list[int]:
        return [] if self.online_table is None else self.online_table.remote_seats()

    def replace_with_computer(self, seat: int) -> None:
        """The host gives a seat whose player left to a quick computer player."""
        if self.online_table is None:
            return
        from gui.controller.catalog import bot_kinds
        kinds = list(bot_kinds(self.game_id()))
        kind = next((k for k in ("heuristic", "random") if k in kinds), kinds[0] if kinds else "random")
        self.online_table.replace_with_computer(seat, kind)

    def final_scores(self) -> dict[str, Any] | None:
        scores = super().final_scores()
        if scores is not None and self._verified is not None:
            scores["text"] = f"{scores['text']} {self._verified[1]}"
        return scores

    def verification(self) -> tuple[bool, str] | None:
        """(verified, words) once the audit of the finished game is done."""
        return self._verified

    # -- playing: a command goes to the host ----------------------------------------------------
    def apply(self, command: str | Command) -> None:
        from engine.core import Command, TablekeeperError
        table, mirror = self.online_table, self._mirror
        if table is None or mirror is None:
            super().apply(command)
            return
        if mirror.state.is_terminal():
            self.command_refused.emit("", translate("GameSession", "The game is over."))
            return
        try:
            parsed = Command.parse(command) if isinstance(command, str) else command
            if parsed.seat is None:
                parsed = parsed.by(mirror.seat)
            if parsed.seat != mirror.seat:
                self.command_refused.emit("", translate("GameSession", "You play only your own seat."))
                return
            table.send(str(parsed))
        except TablekeeperError as error:
            self.command_refused.emit("", str(error))
            return
        except (OSError, ConnectionError) as error:
            self.command_refused.emit("", translate("GameSession", "Not sent: {reason}").format(reason=error))
            return
        self._on_table_changed()   # nothing more may be played until the host answers

    def can_undo(self) -> bool:
        return False if self.online_table is not None else super().can_undo()

    def can_redo(self) -> bool:
        return False if self.online_table is not None else super().can_redo()

    def can_hint(self) -> bool:
        return False if self.online_table is not None else super().can_hint()

    def undo_words(self) -> str:
        return "" if self.online_table is not None else super().undo_words()

    def save(self, path: str | os.PathLike[str] | None = None) -> str:
        if self.online_table is not None:
            raise SessionError(translate("GameSession", "Online game"),
                               translate("GameSession", "An online game is kept by its host and its room; "
                                         "it is not saved to a file here."))
        return super().save(path)

    def new_game(self, config: Any) -> None:
        self.close_game()
        super().new_game(config)

    def open(self, path: str | os.PathLike[str]) -> None:
        self.close_game()
        super().open(path)

    # -- what arrived ----------------------------------------------------------------------------
    def _on_table_changed(self) -> None:
        if self._mirror is None:
            self._begin()
            self.online_status_changed.emit()
            return
        mirror, table = self._mirror, self.online_table
        if mirror is None or table is None:
            return
        was_over = mirror.state.is_terminal()
        mirror.refresh()
        self._cache.changed()
        changed = self._handover.update(mirror)  # type: ignore[arg-type]
        for refusal in table.client.refusals[self._refusals:]:
            self.command_refused.emit(refusal.rule, refusal.reason)
        self._refusals = len(table.client.refusals)
        entries = self.log_entries()
        fresh = entries[self._announced:] if len(entries) >= self._announced else []
        if len(entries) < self._announced:
            self.history_rewound.emit()
        self._announced = len(entries)
        self.command_applied.emit(mirror.state.view(mirror.seat), fresh)
        if fresh and mirror.history:
            touched = [space for e in mirror.history[-1].events if e.visible_to(mirror.seat)
                       for space in self._cache.event_spaces(e)]
            if touched:
                self.spaces_touched.emit(list(dict.fromkeys(touched)))
        self.undo_state_changed.emit()
        if changed and self._handover.viewer is not None:
            self.viewer_changed.emit(self._handover.viewer)
        self.online_status_changed.emit()
        if mirror.state.is_terminal() and not was_over:
            self._verify()

    def _verify(self) -> None:
        """Replay the revealed game (off the GUI thread) and tell the end with its verdict."""
        table = self.online_table
        if table is None or self._verifying:
            return
        self._verifying = True
        client = table.client

        def work() -> str:
            from engine.online import VerificationError
            try:
                client.verify()
            except VerificationError as error:
                return f"!{error}"
            return ""

        def done(found: object) -> None:
            self._verifying = False
            problem = str(found)
            if problem:
                words = translate("GameSession", "NOT verified: the revealed seed does not replay this game "
                                  "({problem}).").format(problem=problem[1:])
            else:
                words = translate("GameSession", "Verified: the revealed seed replays every move and draw "
                                  "of this game.")
            self._verified = (not problem, words)
            self.verified.emit(not problem, words)
            if self._mirror is not None:
                self.game_over.emit(self.outcome_text() + " " + words)

        def failed(words: str) -> None:
            done(f"!{words}")

        if threading.current_thread() is threading.main_thread():
            call_off_thread(work, done, failed)
        else:  # pragma: no cover — sessions live on the GUI thread
            done(work())
