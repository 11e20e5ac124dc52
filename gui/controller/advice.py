"""The search's advice, worked out on a worker thread so the window never freezes: a hint for the
person to decide, and each seat's chance to win after every command.

- **Hint** (`Advisor.ask_hint`): the search (`engine.bots.think`) from the deciding viewer's seat
  only — it is handed a copy of the state and determinises it from that seat at once, so the hint
  cannot depend on what the seat cannot see. The answer comes back as `hint_ready` with the command.
- **Win chances** (`Advisor.estimate`): after each change, the search's root value per seat
  (`engine.bots.chances`) from the onlooker's information set — what every seat may see — with a
  small budget. A Python search holds the interpreter while it runs, which slows the GUI thread
  too, so an estimate starts only once the position has stood still for a moment (`pause_ms`) and
  no computer seat is thinking: while a person ponders, not while moves stream past. One runs at a
  time; only the newest position is estimated next, so a fast stream of computer moves never piles
  up work (those positions have no point). Each point is kept by the number of commands played; a
  finished game's point is exact (1 for each winner). Once the game is over, the positions that
  went by without a point are estimated after all, up to `COURSE_POINTS` of them spread over the
  game, replayed from the start on the worker: the end screen draws the whole game's course.

Every jump of the position that is not one more command (a new game, undo) starts a new line, so a
late estimate or hint for an older position is dropped, as the computer seats' late answers are.
"""
from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QThreadPool, QTimer, Signal

if TYPE_CHECKING:
    from engine.core import Command, Match, Rng, State

COURSE_POINTS = 40         # at most this many positions of a finished game are estimated afterwards
_CHANCE_STREAM = 0xC4A5CE   # the estimates' generators: apart from the game's and the bots'
_HINT_STREAM = 0x4147


def chances_of(state: State, seed: int, played: int, *, think_ms: float | None,
               iterations: int | None) -> tuple[float, ...]:
    """Each seat's chance to win in ``state`` (``played`` commands into a game of ``seed``), from
    the onlooker's view only: the same for states that differ only in the seats' secrets."""
    from engine.bots import chances
    from engine.core import Rng
    return chances(state.game, state, Rng(seed ^ played, stream=_CHANCE_STREAM), seat=None,
                   think_ms=think_ms, iterations=iterations)


def suggestion(state: State, seat: int, seed: int, played: int, *, think_ms: float | None,
               iterations: int | None) -> Command:
    """The search's suggestion for ``seat`` in ``state`` (``played`` commands into a game of
    ``seed``): thought from the seat's information set only, so two states that differ only in
    what it cannot see get the same suggestion."""
    from engine.bots import think
    from engine.core import Rng
    legal = state.legal(seat)
    if len(legal) == 1:
        return legal[0]
    rng: Rng = Rng(seed ^ played, stream=_HINT_STREAM + seat)
    return think(state.game, state, seat, legal, rng, think_ms=think_ms, iterations=iterations).choice


class _Worker(QObject):
    """Runs a function on a thread pool and brings back its result (or its error) on the GUI thread."""

    # job, what it returned
    done = Signal(object, object)
    # job, what went wrong in plain words
    failed = Signal(object, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)

    def start(self, job: object, work: Callable[[], object]) -> None:
        def run() -> None:
            try:
                result = work()
            except Exception as error:  # a broken estimate must reach the player, not kill the thread
                traceback.print_exc(file=sys.stderr)
                self.failed.emit(job, f"{type(error).__name__}: {error}")
                return
            self.done.emit(job, result)
        self.pool.start(run)


class Advisor(QObject):
    """Hints and win chances of the open match, each on its own worker thread."""

    # the win chances gained a point (or lost some: undo, a new game)
    chances_changed = Signal()
    # a hint is being looked for (seat)
    hint_started = Signal(int)
    # seat, the suggested command (an engine `Command`), for the position it was asked about
    hint_ready = Signal(int, object)
    # what went wrong in plain words
    hint_failed = Signal(str)

    def __init__(self, match: Callable[[], Match | None], busy: Callable[[], bool] = lambda: False,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._match = match
        self._busy = busy             # whether the computer is thinking now (estimates wait for it)
        # budgets: small for the estimate after every command, more for a hint someone waits for
        self.chance_ms: float | None = 250
        self.chance_iterations: int | None = 200
        self.hint_ms: float | None = 1000
        self.hint_iterations: int | None = 2000
        self.enabled = True           # estimate win chances after each change
        self._pause = QTimer(self)    # the position must stand still this long before an estimate
        self._pause.setSingleShot(True)
        self._pause.setInterval(200)
        self._pause.timeout.connect(self._start_estimate)
        self._line = 0                # bumped when the position jumps other than by one more command
        self._points: dict[int, tuple[float, ...]] = {}   # commands played -> each seat's chance
        self._estimating: int | None = None              # commands played of the estimate running
        self._backlog: list[int] = []                    # a finished game's positions still to estimate
        self._hinting: tuple[int, int, int] | None = None  # (line, commands played, seat) of the hint asked
        self._chances = _Worker(self)
        self._chances.done.connect(self._on_estimated, Qt.ConnectionType.QueuedConnection)
        self._chances.failed.connect(self._on_estimate_failed, Qt.ConnectionType.QueuedConnection)
        self._hints = _Worker(self)
        self._hints.done.connect(self._on_hint, Qt.ConnectionType.QueuedConnection)
        self._hints.failed.connect(self._on_hint_failed, Qt.ConnectionType.QueuedConnection)

    # -- win chances ---------------------------------------------------------------------------
    def restart(self) -> None:
        """A new game (or none): no point of the last one holds."""
        self._line += 1
        self._pause.stop()
        self._points = {}
        self._backlog = []
        self._estimating = None
        self._hinting = None
        self.chances_changed.emit()

    def rewind(self) -> None:
        """Undo: the points after the position now are forgotten (another move may follow)."""
        match = self._match()
        self._line += 1
        self._estimating = None
        self._hinting = None
        self._backlog = []
        played = len(match.commands) if match is not None else 0
        self._points = {n: v for n, v in self._points.items() if n <= played}
        self.chances_changed.emit()

    def changed(self) -> None:
        """One more command (or a redo): a hint asked for the position before is not wanted any
        more; estimate the new position."""
        self._hinting = None
        self.estimate()

    @property
    def pause_ms(self) -> int:
        """How long a position must stand still (and the computer not think) before its estimate."""
        return self._pause.interval()

    @pause_ms.setter
    def pause_ms(self, milliseconds: int) -> None:
        self._pause.setInterval(max(0, milliseconds))

    def estimate(self) -> None:
        """The position changed: a finished game's chances at once (exact); else an estimate once
        the position has stood still for `pause_ms` (and, while another estimate runs, once that
        one is back)."""
        match = self._match()
        if match is None or not self.enabled:
            return
        played = len(match.commands)
        if match.state.is_terminal():
            self._pause.stop()
            outcome = match.state.outcome
            winners = outcome.winners if outcome is not None else ()
            self._points[played] = tuple(1.0 if s in winners else 0.0 for s in range(match.config.players))
            self.chances_changed.emit()
            step = max(1, -(-played // COURSE_POINTS))
            self._backlog = [n for n in range(0, played, step) if n not in self._points]
            self._next_in_backlog()
            return
        if played not in self._points:
            self._pause.start()

    def _start_estimate(self) -> None:
        match = self._match()
        if match is None or not self.enabled or match.state.is_terminal():
            return
        played = len(match.commands)
        if self._estimating is not None or played in self._points:
            return
        if self._busy():
            self._pause.start()   # the computer thinks: ask again after another pause
            return
        self._run(played, match.state.copy(), [])

    def _run(self, played: int, state: State, commands: Sequence[Command]) -> None:
        """Estimate the position ``commands`` lead to from ``state`` (played there on the worker)."""
        match = self._match()
        assert match is not None
        self._estimating = played
        seed = match.config.seed
        think_ms, iterations = self.chance_ms, self.chance_iterations

        def work() -> tuple[float, ...]:
            for command in commands:
                state.apply(command)
            return chances_of(state, seed, played, think_ms=think_ms, iterations=iterations)
        self._chances.start((self._line, played), work)

    def _next_in_backlog(self) -> None:
        """A finished game: estimate the next position that went by without a point."""
        match = self._match()
        if match is None or self._estimating is not None or not match.state.is_terminal():
            return
        while self._backlog and self._backlog[0] in self._points:
            self._backlog.pop(0)
        if self._backlog:
            played = self._backlog.pop(0)
            self._run(played, match.initial_state(), match.commands[:played])

    def is_estimating(self) -> bool:
        return self._estimating is not None

    def points(self) -> dict[int, tuple[float, ...]]:
        """Each estimated position's chances, by the number of commands played before it."""
        return dict(sorted(self._points.items()))

    def _on_estimated(self, job: tuple[int, int], values: tuple[float, ...]) -> None:
        line, played = job
        if line != self._line:
            return  # a new game or an undo since: not a point of this line
        self._estimating = None
        self._points[played] = tuple(values)
        self.chances_changed.emit()
        self._next()

    def _next(self) -> None:
        """After an estimate: the newest position if it moved on meanwhile, else a finished
        game's next position without a point."""
        match = self._match()
        if match is not None and match.state.is_terminal():
            self._next_in_backlog()
        else:
            self.estimate()

    def _on_estimate_failed(self, job: tuple[int, int], message: str) -> None:
        if job[0] == self._line:
            self._estimating = None  # no point there; the next change tries again
            self._next_in_backlog()

    # -- hints ---------------------------------------------------------------------------------
    def ask_hint(self, seat: int) -> bool:
        """Look for a suggestion for ``seat`` (a person who decides now); False when there is
        nothing to suggest (no game, game over, not the seat's decision)."""
        match = self._match()
        if match is None or match.state.is_terminal() or seat not in match.state.deciders() \
                or not match.state.legal(seat):
            return False
        played = len(match.commands)
        job = (self._line, played, seat)
        if self._hinting == job:
            return True  # already being looked for
        self._hinting = job
        self.hint_started.emit(seat)
        state, seed = match.state.copy(), match.config.seed
        think_ms, iterations = self.hint_ms, self.hint_iterations
        self._hints.start(job, lambda: suggestion(state, seat, seed, played, think_ms=think_ms,
                                                  iterations=iterations))
        return True

    def is_hinting(self) -> bool:
        return self._hinting is not None

    def _current(self, job: object) -> bool:
        match = self._match()
        return (match is not None and job == self._hinting and isinstance(job, tuple)
                and job[0] == self._line and job[1] == len(match.commands))

    def _on_hint(self, job: object, command: object) -> None:
        if not self._current(job):
            return  # the position moved on while the search thought
        self._hinting = None
        self.hint_ready.emit(job[2], command)  # type: ignore[index]

    def _on_hint_failed(self, job: object, message: str) -> None:
        if self._current(job):
            self._hinting = None
            self.hint_failed.emit(message)

    # -- closing -------------------------------------------------------------------------------
    def wait(self, msecs: int = -1) -> bool:
        """Wait for the workers (the app quits); their answers are then dropped."""
        self._line += 1
        self._pause.stop()
        ok = True
        for worker in (self._chances, self._hints):
            worker.pool.clear()
            ok = worker.pool.waitForDone(msecs) and ok
        return ok


def series_of(points: Mapping[int, Sequence[float]], names: Sequence[str]) -> dict[str, Any]:
    """Points by commands played as a plot's data: x (commands played) and, per seat, its
    chance in percent."""
    xs = sorted(points)
    return {"x": [float(x) for x in xs],
            "series": {name: [100.0 * points[x][seat] for x in xs] for seat, name in enumerate(names)},
            "seats": list(range(len(names)))}
