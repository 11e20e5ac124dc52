"""When the computer seats think: after a pause once a change leaves a computer seat deciding, on
the worker thread (`bot_worker.BotRunner`), never while only people decide.

The pause (the computer speed) lets people follow computer moves; Skip plays them without pauses
until a person has to decide. Every jump of the position (a command, undo, a new game) bumps a
ticket, so an answer computed for an older position is dropped. What a chosen move means is the
match's business: it arrives as `move_chosen` on the GUI thread.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from .bot_worker import Bot, BotFactory, BotRunner
from .types import BOT_SEAT_PREFIX

if TYPE_CHECKING:
    from engine.core import Match, Rng


class BotScheduler(QObject):
    """The computer seats of the open game and when they think."""

    # a computer seat started thinking
    thinking_started = Signal(int)
    # seat, what it chose for the position it was asked about (still the current one)
    move_chosen = Signal(int, object)
    # seat, what went wrong in plain words
    move_failed = Signal(int, str)

    def __init__(self, match: Callable[[], Match | None], factory: BotFactory | None = None,
                 delay_ms: int = 250, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._match = match  # the open match, asked for when the pause is over
        self._factory = factory  # None: `engine.bots.make_bot`
        self._bots: dict[int, tuple[Bot, Rng]] = {}
        self._thinking: set[int] = set()
        self._ticket = 0  # bumped whenever the position jumps, so late answers are dropped
        self.delay = delay_ms  # a short pause lets people follow computer moves
        self.skipping = False  # the player asked to see the computer's moves at once
        self._runner = BotRunner(self)
        self._runner.move_chosen.connect(self._on_chosen, Qt.ConnectionType.QueuedConnection)
        self._runner.move_failed.connect(self._on_failed, Qt.ConnectionType.QueuedConnection)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._start)

    def make_bots(self, match: Match) -> dict[int, tuple[Bot, Rng]]:
        """A bot and its own random numbers for each computer seat of ``match``; raises
        `TablekeeperError` when the game offers no such kind of computer player."""
        from engine.bots import bot_rng, make_bot
        factory: BotFactory = self._factory or make_bot
        return {seat: (factory(kind[len(BOT_SEAT_PREFIX):], match.game), bot_rng(match.config.seed, seat))
                for seat, kind in enumerate(match.seats) if kind.startswith(BOT_SEAT_PREFIX)}

    def use(self, bots: dict[int, tuple[Bot, Rng]]) -> None:
        """Play these computer seats from now on (a game starts)."""
        self._bots = bots

    # -- pace ----------------------------------------------------------------------------------
    def set_delay(self, milliseconds: int) -> None:
        """The pause before each computer move (0: none)."""
        self.delay = max(0, milliseconds)

    def paced(self) -> bool:
        """Whether commands unfold step by step: a computer pause is chosen and not skipped."""
        return self.delay > 0 and not self.skipping

    def skip(self) -> None:
        """Play the computer seats' moves without pauses until a person has to decide."""
        self.skipping = True

    def hurry(self) -> None:
        """A computer seat waiting for its pause to end thinks now."""
        if self._timer.isActive():
            self._timer.start(0)

    # -- turns ---------------------------------------------------------------------------------
    def after_change(self) -> None:
        """The position changed: a computer seat that decides now thinks after a pause; when
        only people decide (or the game is over), nothing runs and skipping ends."""
        match = self._match()
        if match is not None and not match.state.is_terminal() and any(
                s in self._bots for s in match.state.deciders()):
            self._timer.start(0 if self.skipping else self.delay)
        else:
            self.skipping = False  # a person decides now (or the game is over)

    def is_thinking(self) -> bool:
        """Whether a computer seat is choosing a move now."""
        return bool(self._thinking)

    def stop(self) -> None:
        """The position jumped: no computer seat thinks about the old one any more."""
        self._ticket += 1
        self._thinking.clear()
        self._timer.stop()

    def wait(self) -> None:
        """Wait for the worker threads (the app quits; `stop` first)."""
        self._runner.wait()

    def _start(self) -> None:
        match = self._match()
        if match is None or match.state.is_terminal():
            return
        for seat in match.state.deciders():
            if seat in self._bots and seat not in self._thinking:
                bot, rng = self._bots[seat]
                self._thinking.add(seat)
                self.thinking_started.emit(seat)
                self._runner.think(self._ticket, seat, bot, rng, match.state.copy())

    def _on_chosen(self, ticket: int, seat: int, command: object) -> None:
        if ticket != self._ticket or self._match() is None:
            return  # the position changed while the bot was thinking
        self._thinking.discard(seat)
        self.move_chosen.emit(seat, command)

    def _on_failed(self, ticket: int, seat: int, message: str) -> None:
        if ticket == self._ticket:
            self._thinking.discard(seat)
            self.move_failed.emit(seat, message)
