"""Computer players think on a worker thread, so the window never freezes.

A bot gets only the view and the legal commands of its seat, computed from a *copy* of the
state on the worker thread: it can neither peek at hidden information nor touch the live match.
A search bot gets the copy itself and determinises it from its seat at once (`engine.bots.decide`).
Its choice comes back through a queued signal and is applied on the GUI thread.
"""
from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

from PySide6.QtCore import QObject, QThreadPool, Signal

if TYPE_CHECKING:
    from engine.core import Command, Rng, State


class Bot(Protocol):
    def choose(self, view: Any, legal: list[Command], rng: Rng) -> Command: ...


# Makes a bot from its kind ("random") for a game; tests inject trivial ones. The default is
# `engine.bots.make_bot`.
BotFactory = Callable[[str, Any], Bot]


class BotRunner(QObject):
    """Runs one bot decision at a time per seat on its own thread pool."""

    # ticket, seat, the chosen command
    move_chosen = Signal(int, int, object)
    # ticket, seat, what went wrong in plain words
    move_failed = Signal(int, int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)

    def think(self, ticket: int, seat: int, bot: Bot, rng: Rng, state_copy: State) -> None:
        """Start choosing a command for ``seat``; the answer arrives as `move_chosen`."""

        def work() -> None:
            try:
                from engine.bots import decide  # a search bot gets the state copy, any other the view
                chosen = decide(cast(Any, bot), state_copy, seat, state_copy.legal(seat), rng)
            except Exception as error:  # a broken bot must reach the player, not kill the thread
                traceback.print_exc(file=sys.stderr)
                self.move_failed.emit(ticket, seat, f"{type(error).__name__}: {error}")
                return
            self.move_chosen.emit(ticket, seat, chosen)

        self._pool.start(work)

    def wait(self, msecs: int = -1) -> bool:
        """Wait for running bots (on closing); their answers are then ignored by ticket."""
        self._pool.clear()
        return self._pool.waitForDone(msecs)
