"""A command with several steps unfolds on the screen one step per computer pause.

A computer's turn, a phase the rules play, an attack: the first step shows with the command, the
others one per pause from a timer (never a sleep, so the window stays responsive), each with its
log entries, the board spaces it names and the game's data right after it (the table shows that
position). Nothing can be played until the steps are over or skipped.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QObject, QTimer, Signal

from .types import LogEntry

if TYPE_CHECKING:
    from engine.core import Event


class Step(NamedTuple):
    """One step of a command as the viewer sees it unfold: its log entries, the board spaces it
    names, and the game's data right after it (frozen; None: not recorded by the engine)."""
    entries: list[LogEntry]
    spaces: list[str]
    position: bytes | None


def steps_of(events: Sequence[Event], positions: Sequence[tuple[Event, bytes]],
             entries: Callable[[Sequence[Event]], list[LogEntry]],
             spaces: Callable[[Event], list[str]]) -> list[Step]:
    """The viewer's steps of a command: one per event it may see (``entries``: the log entries
    the viewer may see of events), with the spaces the event names and the position the engine
    recorded with it (else the one before stays shown)."""
    at = {id(event): frozen for event, frozen in positions}
    steps: list[Step] = []
    for event in events:
        seen = entries([event])
        if seen:
            steps.append(Step(seen, spaces(event), at.get(id(event))))
        elif steps and id(event) in at:  # an event the viewer may not see moves the position on
            steps[-1] = Step(steps[-1].entries, steps[-1].spaces, at[id(event)])
    return steps


class StepShow(QObject):
    """The steps of the last command still to show, and the position on show meanwhile."""

    # one more step unfolded (or, from `finish`, all the rest): its log entries
    step_shown = Signal(list)
    # the board spaces the step on show names
    spaces_touched = Signal(list)
    # the last step has been on show for a pause: the command is over (call `finish`)
    ended = Signal()

    def __init__(self, pause_ms: Callable[[], int], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pause_ms = pause_ms
        self._steps: list[Step] | None = None
        # frozen game data after the step on show; None: the current position
        self.position: bytes | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._show_next)

    def is_showing(self) -> bool:
        return self._steps is not None

    def waiting_entries(self) -> int:
        """How many log entries the steps still to show hold."""
        return sum(len(step.entries) for step in self._steps or ())

    def begin(self, steps: Sequence[Step]) -> Step:
        """Show ``steps`` (two or more): the first now (its position on the table; the caller
        announces its entries), the others after `wait`."""
        self._steps = list(steps[1:])
        self.position = steps[0].position
        return steps[0]

    def wait(self) -> None:
        """Show the next step after a pause."""
        self._timer.start(self._pause_ms())

    def finish(self) -> bool:
        """Show the rest at once (as one `step_shown`); False when no command was unfolding."""
        if self._steps is None:
            return False
        rest = [entry for step in self._steps for entry in step.entries]
        self.drop()
        self.step_shown.emit(rest)
        return True

    def drop(self) -> None:
        """Forget the steps still to show (what they belong to is taken back or closed)."""
        self._timer.stop()
        self._steps = None
        self.position = None

    def _show_next(self) -> None:
        steps = self._steps
        if not steps:  # the last step has been seen for a pause: the command is over
            self.ended.emit()
            return
        step = steps.pop(0)
        if step.position is not None:
            self.position = step.position
        self.step_shown.emit(step.entries)
        if step.spaces:
            self.spaces_touched.emit(step.spaces)
        self.wait()
