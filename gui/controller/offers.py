"""The viewer's decisions offered as buttons, in the game's words and the session's language.

A pending prompt's answers (those that name nothing on the table get a button; answers that differ
only in numbers become one row of spin boxes), the turn commands shown beside the board grouped by
verb, and the command that ends the turn; a decision with one harmless answer is no decision at
all (`forced_answer`) (no Qt).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .types import ActionGroup, AmountChoice

if TYPE_CHECKING:
    from engine.core import Command

    from .handover import HandOver
    from .view_cache import ViewCache


def answer_words(value: Any) -> str:
    """An answer's value for a button: ids as they are, lists joined, underscores as spaces."""
    if isinstance(value, tuple):
        return ", ".join(answer_words(v) for v in value)
    return str(value).replace("_", " ")


class Offers:
    """What the viewer may choose now besides touching the table."""

    def __init__(self, cache: ViewCache, handover: HandOver) -> None:
        self._cache = cache
        self._handover = handover

    def pending_answers(self) -> list[tuple[str, str]]:
        """(label, command) for each answer the viewer may give to a pending prompt; empty when
        the viewer is not asked anything (all its legal commands must be answers)."""
        match = self._cache.match
        commands = self._cache.viewer_legal()
        if match is None or self._handover.viewer is None:
            return []
        if not commands or any(c.verb != "answer" for c in commands):
            return []
        view, language = self._cache.shown_view(), self._cache.language
        answers = []
        for c in commands:
            label = match.game.describe_command(c, language, view)
            if not label or label == str(c):   # a game without words for it: the answer's value
                label = " ".join(answer_words(a) for a in c.args) or str(c)
            answers.append((label, str(c)))
        return answers

    def answer_buttons(self) -> list[tuple[str, str]]:
        """The pending answers given by a button: those that name nothing one touches on the table
        (words such as yes, no, keep); the others are given by touching what they name."""
        match = self._cache.match
        answers = self.pending_answers()
        if match is None or not answers:
            return answers
        view = self._cache.shown_view()
        untouched = {str(c) for c in self._cache.viewer_legal() if not match.game.command_touches(c, view)}
        return [(label, command) for label, command in answers if command in untouched]

    def with_amounts(self, buttons: Sequence[tuple[str, str]]) -> list[tuple[str, str] | AmountChoice]:
        """``buttons`` (label, command) with the answers that differ only in numbers (the game's
        `command_amounts`) replaced, where the first of them stood, by one `AmountChoice`."""
        match = self._cache.match
        if match is None or len(buttons) < 2:
            return list(buttons)
        from engine.core import Command
        from engine.core.amounts import amount_rows
        view, language = self._cache.shown_view(), self._cache.language
        read = [(command, match.game.command_amounts(Command.parse(command), view, language))
                for _, command in buttons]
        rows = {row.at: row for row in amount_rows(read)}
        labels = {command: label for label, command in buttons}
        grouped = {command for row in rows.values() for _, command in row.choices}
        out: list[tuple[str, str] | AmountChoice] = []
        for at, button in enumerate(buttons):
            if at in rows:
                row = rows[at]
                out.append(AmountChoice(row.title, row.tip, row.parts,
                                        tuple((n, labels[c], c) for n, c in row.choices)))
            elif button[1] not in grouped:
                out.append(button)
        return out

    def turn_actions(self) -> list[ActionGroup]:
        """The viewer's turn commands shown as buttons beside the board, grouped by verb in the
        engine's order, titled in the game's words; empty while a prompt waits."""
        match = self._cache.match
        commands = self._cache.viewer_legal()
        if match is None or self._handover.viewer is None:
            return []
        if any(c.verb == "answer" for c in commands):
            return []
        view, language = self._cache.shown_view(), self._cache.language
        groups: dict[str, list[tuple[str, str]]] = {}
        for command in commands:
            if match.game.is_panel_action(command, view):
                label = match.game.describe_command(command, language, view) or str(command)
                groups.setdefault(command.verb, []).append((label, str(command)))
        return [ActionGroup(verb, *match.game.describe_verb(verb, language), tuple(actions))
                for verb, actions in groups.items()]

    def turn_end_command(self) -> str | None:
        """The viewer's legal command that ends its turn (for End Turn and its shortcut)."""
        match = self._cache.match
        if match is None or self._handover.viewer is None:
            return None
        return next((str(c) for c in self._cache.viewer_legal() if match.game.is_turn_end(c)), None)

    def forced_answer(self) -> Command | None:
        """The viewer's one answer to a decision that has exactly one and reveals nothing by it
        (no chance drawn, nothing hidden shown: tried on a copy first), to be taken for them;
        None when the viewer has a real choice or nothing to decide."""
        from engine.core.state import quiet_forced_answer
        match = self._cache.match
        return None if match is None else quiet_forced_answer(match.state, self._cache.viewer_legal())
