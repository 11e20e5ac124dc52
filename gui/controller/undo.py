"""The Qt mirror of the engine's undo history.

The match holds the truth (`Match.undo/redo`); each `PlayedCommands` on the `QUndoStack` stands
for one human command plus the computer moves that answered it, so one Undo brings the player back
to their own decision instead of letting a bot move again at once. `match_control` clears the stack
whenever the engine says the last command cannot be taken back (chance or hidden information).
"""
from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QUndoCommand

MERGE_ID = 0x7AB1E  # every PlayedCommands shares it, so bot moves can join the command before them


class EngineSteps(Protocol):
    """What the undo commands need from `match_control.MatchControl`."""

    def undo_engine_step(self) -> None: ...

    def redo_engine_step(self) -> None: ...


class PlayedCommands(QUndoCommand):
    """Commands already applied to the match; pushing does not apply them again."""

    def __init__(self, steps: EngineSteps, notation: str, by_bot: bool) -> None:
        super().__init__(notation)
        self._steps = steps
        self.by_bot = by_bot
        self.notations = [notation]  # in the order they were played
        self._pushed = False

    def id(self) -> int:
        return MERGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, PlayedCommands) or not other.by_bot:
            return False
        self.notations += other.notations
        return True

    def redo(self) -> None:
        if not self._pushed:  # QUndoStack.push calls redo(); the match already applied it
            self._pushed = True
            return
        for _ in self.notations:
            self._steps.redo_engine_step()

    def undo(self) -> None:
        for _ in self.notations:
            self._steps.undo_engine_step()
