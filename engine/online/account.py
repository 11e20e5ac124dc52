"""A Matrix account as the app sees it: sign in, host or accept a table, open its room.

`Account` is what the GUI codes against (an in-memory one in its tests, `engine.online.matrix`'s
`MatrixAccount` for real). Nothing here imports a network library. Every call may block for a
network round trip: the GUI calls them from a worker thread.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .transport import Transport


class OnlineError(Exception):
    """A clear, one-sentence reason why an online action failed (bad URL, wrong password,
    unreachable server, refused by the homeserver, message too large); never a traceback."""


@dataclass(frozen=True, slots=True)
class Invitation:
    room_id: str
    inviter: str
    name: str


class Account(Protocol):
    user_id: str

    def create_room(self, name: str, invite: Sequence[str]) -> str:
        """A new end-to-end encrypted table room, ``invite`` invited: its room id."""

    def invitations(self) -> list[Invitation]:
        """The rooms this account is invited to and has not joined."""

    def join(self, room_id: str) -> None:
        """Accept an invitation."""

    def open(self, room_id: str) -> Transport:
        """This device's transport for a joined room, caught up with the room's history."""

    def close(self) -> None:
        """Stop networking (and keep what a later start needs)."""
