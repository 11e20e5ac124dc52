"""`ReviewSession`: a finished or unfinished game looked back at, one position at a time.

The engine's `Review` (engine/core/review.py) holds the positions; this part turns the one on show
into what the review window draws — the board's marks, the player boards, the shared table, the
log — from the view of the seat chosen, in the app's language, and starts "what if" branches.
A finished game may be shown from any seat's view or from all of them at once (`ALL`: the board
and shared table from the public view, each player's board from its own seat's view); a game
still being played only from the reviewer's own seat, as it was then. No engine type leaves this
module: widgets get plain data and words.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, QObject, Signal

from .types import SessionError

if TYPE_CHECKING:
    from engine.core import Match
    from engine.core.review import Review

    from .types import Words

translate = QCoreApplication.translate


class PlayingSession(Protocol):
    """What a review needs of the `GameSession` whose game it looks back at (the session imports
    its parts, never the other way round)."""

    @property
    def open_match(self) -> Match | None: ...

    @property
    def path(self) -> str | None: ...

    @property
    def viewer(self) -> int | None: ...

    @property
    def language(self) -> str: ...

    def game_name(self) -> Words: ...

ALL = -2   # show every seat's secrets (a finished game only)


@dataclass(frozen=True, slots=True)
class ReviewLine:
    """One command of the log: the step it leads to (1 … n), who gave it (None: nobody), and its
    words as the shown seat could read them."""

    step: int
    seat: int | None
    text: str


class ReviewSession(QObject):
    # the position on show changed (the step, 0 … length)
    position_changed = Signal(int)
    # the seat whose view shows changed (a seat, or ALL)
    shown_changed = Signal(int)

    def __init__(self, match: Match, viewer: int | None, title: str = "", path: str | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        from engine.core import TablekeeperError
        from engine.core.review import Review
        try:
            self._review: Review = Review(match, viewer)
        except TablekeeperError as error:
            raise SessionError(translate("ReviewSession", "Cannot review the game"), str(error)) from None
        self._match = match
        self.viewer = viewer
        self.title = title
        self.path = path
        self.language = "en"
        self._position = len(self._review)
        self._shown: int = ALL if self._review.finished else (viewer if viewer is not None else -1)
        self._lines: tuple[str, int, list[ReviewLine]] | None = None  # (language, shown, lines)

    # -- where the review comes from -----------------------------------------------------------
    @classmethod
    def of_session(cls, session: PlayingSession, parent: QObject | None = None) -> ReviewSession:
        """The game open in ``session``, reviewed from the seat at the screen."""
        match = session.open_match
        if match is None:
            raise SessionError(translate("ReviewSession", "Cannot review the game"),
                               translate("ReviewSession", "No game is open."))
        path = session.path
        return cls(match, session.viewer, os.path.basename(path) if path else session.game_name().get(
            session.language), path, parent)

    @classmethod
    def open(cls, path: str, parent: QObject | None = None) -> ReviewSession:
        """A save file's game. An unfinished game with one person playing is reviewed from that
        person's seat; with several (or none) from the onlooker's, who sees only what all see."""
        from .files import open_match
        match = open_match(path)
        humans = [seat for seat, kind in enumerate(match.seats) if not kind.startswith("bot:")]
        viewer = humans[0] if len(humans) == 1 else None
        return cls(match, viewer, os.path.basename(path), path, parent)

    # -- the timeline --------------------------------------------------------------------------
    @property
    def length(self) -> int:
        return len(self._review)

    @property
    def position(self) -> int:
        return self._position

    @property
    def finished(self) -> bool:
        return self._review.finished

    def go(self, step: int) -> None:
        step = max(0, min(self.length, step))
        if step != self._position:
            self._position = step
            self.position_changed.emit(step)

    def step_by(self, delta: int) -> None:
        self.go(self._position + delta)

    def next_round(self) -> None:
        self.go(self._review.next_round(self._position))

    def previous_round(self) -> None:
        self.go(self._review.previous_round(self._position))

    def has_rounds(self) -> bool:
        return self._review.round_of(0) is not None

    def round_number(self) -> int | None:
        """The round on show as the game counts it (0: setting up; None: the game counts none)."""
        return self._review.round_of(self._position)

    def digest(self) -> str:
        """The fingerprint of the position on show (equal: the same position as the game had)."""
        return self._review.digest(self._position)

    # -- whose view ----------------------------------------------------------------------------
    def seat_choices(self) -> list[tuple[int, str]]:
        """(seat or ALL, name) of every view that may be shown: a finished game's all and each
        seat's; an unfinished game's the reviewer's own only (-1: the onlooker's)."""
        if not self.finished:
            viewer = self.viewer
            return [(viewer, self.seat_name(viewer)) if viewer is not None
                    else (-1, translate("ReviewSession", "Onlooker"))]
        return [(ALL, translate("ReviewSession", "Everyone (all open)"))] + [
            (seat, self.seat_name(seat)) for seat in range(self._match.config.players)]

    @property
    def shown(self) -> int:
        return self._shown

    def set_shown(self, seat: int) -> None:
        if seat not in [choice for choice, _ in self.seat_choices()]:
            return  # an unfinished game shows only the reviewer's own view
        if seat != self._shown:
            self._shown = seat
            self._lines = None
            self.shown_changed.emit(seat)

    def _seat(self) -> int | None:
        """The engine's seat for the view on show: a seat, or None (public: ALL and onlooker)."""
        return None if self._shown < 0 else self._shown

    def seat_name(self, seat: int) -> str:
        names = self._match.game.seat_names(self._match.config)
        return names[seat].get(self.language) if 0 <= seat < len(names) else str(seat + 1)

    # -- the position on show ------------------------------------------------------------------
    def board_layout(self) -> dict[str, Any]:
        return self._match.game.board_layout(self._match.config, self.language)

    def table(self) -> dict[str, Any]:
        """The table as the game describes it from the view on show."""
        view = self._review.view(self._position, self._seat())
        return self._match.game.table(view, self.language)

    def player_boards(self) -> list[tuple[str, dict[str, Any], bool]]:
        """(seat name, board, shown in full) per player: with ALL every board from its own seat's
        view and in full; else from the seat on show, its own in full."""
        if self._shown == ALL:
            boards = []
            for seat in range(self._match.config.players):
                view = self._review.view(self._position, seat)
                own = [b for b in self._match.game.table(view, self.language).get("boards") or []
                       if b.get("seat") == seat]
                boards += [(self.seat_name(seat), dict(b), True) for b in own]
            return boards
        shown = self._seat()
        return [(self.seat_name(b["seat"]), dict(b), b.get("seat") == shown)
                for b in sorted(self.table().get("boards") or [], key=lambda b: b["seat"])]

    def table_text(self) -> str:
        """The table in words, for a game that draws no board."""
        view = self._review.view(self._position, self._seat())
        return self._match.game.describe_table(view, self.language)

    def status_text(self) -> str:
        """Whose decision it was at this point, or the outcome at the end."""
        if self._review.is_over_at(self._position):
            return translate("ReviewSession", "Game over")
        names = [self.seat_name(seat) for seat in self._review.deciders(self._position)]
        return translate("ReviewSession", "{players} to decide").format(players=", ".join(names)) if names else ""

    def lines(self) -> list[ReviewLine]:
        """The whole log, one line per command, as the seat on show could read it."""
        key = (self.language, self._shown)
        if self._lines is None or self._lines[:2] != key:
            game = self._match.game
            found = []
            for line in self._review.log(self._seat()):
                words = [game.describe(event, self.language) for event in line.events]
                text = " ".join(w for w in words if w)
                if not text:  # a command that told the seat nothing: its notation, and who gave it
                    who = f"{self.seat_name(line.seat)}: " if line.seat is not None else ""
                    text = who + _without_seat(line.command)
                found.append(ReviewLine(line.step, line.seat, f"{line.step}. {text}"))
            self._lines = (self.language, self._shown, found)
        return self._lines[2]

    # -- what if -------------------------------------------------------------------------------
    def can_branch(self) -> bool:
        return not self._review.is_over_at(self._position)

    def branch_name(self) -> str:
        from engine.core.review import branch_name
        return branch_name(self.path or self.title, self._position,
                           translate("ReviewSession", "{parent} - from move {move}"))

    def play_from_here(self, keep_real_order: bool, folder: str | None = None, seed: int | None = None) -> str:
        """Save a new game starting at the position on show (see `engine.core.review`) as its own
        file, named after its parent and the move, in ``folder`` (default: the parent's, else the
        crash copy's); the file's path, for the main window to open."""
        from engine.core import TablekeeperError, save_match
        try:
            match = self._review.branch(self._position, keep_real_order=keep_real_order and self.finished,
                                        seed=seed)
        except TablekeeperError as error:
            raise SessionError(translate("ReviewSession", "Cannot play from here"), str(error)) from None
        if folder is None:
            if self.path:
                folder = os.path.dirname(os.path.abspath(self.path))
            else:
                from .autosave import default_autosave_folder
                folder = os.path.join(default_autosave_folder(), "branches")
        from .files import save_suffix
        stem = self.branch_name()
        path = os.path.join(folder, stem + save_suffix())
        number = 2
        while os.path.exists(path):
            path = os.path.join(folder, f"{stem} ({number}){save_suffix()}")
            number += 1
        try:
            os.makedirs(folder, exist_ok=True)
            save_match(match, path)
        except OSError as error:
            raise SessionError(translate("ReviewSession", "Cannot play from here"),
                               translate("ReviewSession", "The file {file} could not be written:\n{reason}").format(
                                   file=path, reason=error.strerror or error)) from None
        return path


def _without_seat(notation: str) -> str:
    from .types import without_seat
    return without_seat(notation)
