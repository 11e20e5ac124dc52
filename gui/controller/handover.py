"""Who sits at the screen, which seat's view it draws, and when it must be handed over (no Qt).

The viewer is the deciding human (else the last one); the screen draws the viewer's own view, or
the public one while several people share the screen and the viewer's decision needs none of its
secrets (`Game.needs_own_view`). Hot seat: the seats that may be looking at the screen are each
viewer since the last hand-over screen (none yet: anybody, who may see what an onlooker sees); a
hand-over is due when the next screen would show something one of them may not see.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .types import HUMAN_SEAT

if TYPE_CHECKING:
    from engine.core import Match


def human_seats(match: Match) -> tuple[int, ...]:
    return tuple(i for i, kind in enumerate(match.seats) if kind == HUMAN_SEAT)


def is_hot_seat(match: Match) -> bool:
    """Several people share the screen and the game has secrets: hand-overs are needed."""
    return match.game.info.hidden_information and len(human_seats(match)) > 1


class HandOver:
    """The person at the screen and the seat whose view it draws, chosen again after each change."""

    def __init__(self) -> None:
        self.viewer: int | None = None
        # The seat whose view the screen draws: the viewer's, or None (the public view).
        self.shown: int | None = None
        # Whether the latest change of viewer needs the hand-over screen first.
        self.due = False
        self._audience: set[int] = set()

    def reset(self) -> None:
        """Nobody at the screen yet (a game starts or closes)."""
        self.viewer = self.shown = None
        self._audience = set()
        self.due = False

    def update(self, match: Match) -> bool:
        """Make the deciding human the viewer (else keep the last one) and choose the view the
        screen draws; True when either changed. A hand-over is due when the screen is to show a
        seat's own view with something that someone who may still be looking may not see; a
        decision shown in the public view needs none, and its decider joins those looking."""
        humans = [s for s in match.state.deciders() if match.seats[s] == HUMAN_SEAT]
        viewer: int | None
        if self.viewer in humans or (not humans and self.viewer is not None):
            viewer = self.viewer
        elif humans:
            viewer = humans[0]
        else:
            everybody = human_seats(match)
            viewer = everybody[0] if everybody else None
        shown = viewer
        hot_seat = is_hot_seat(match)
        if viewer is not None and viewer not in humans and self.viewer == viewer:
            shown = self.shown  # nobody decides at the screen now: it keeps what it shows
        elif viewer is not None and hot_seat and not match.game.needs_own_view(match.state.view(viewer)):
            shown = None
        if viewer == self.viewer and shown == self.shown:
            return False
        self.due = shown is not None and hot_seat and self._shows_secrets(match, shown)
        if viewer is not None:
            self._audience = {viewer} if self.due else self._audience | {viewer}
        self.viewer, self.shown = viewer, shown
        return True

    def _shows_secrets(self, match: Match, seat: int) -> bool:
        """Whether ``seat``'s screen would show something that someone who may still be looking at
        the screen may not see: a seat shown since the last hand-over (the onlooker when none was).
        Its view then shows more than theirs (`Game.view_shows_more`), or its log holds an event
        theirs does not."""
        state = match.state
        view = state.view(seat)  # shown next anyway
        events = match.events_for(seat)
        lookers: set[int | None] = set(self._audience) if self._audience else {None}
        return any(any(not event.visible_to(other) for event in events)   # the log first: no view to build
                   or match.game.view_shows_more(view, state.view(other))
                   for other in lookers - {seat})
