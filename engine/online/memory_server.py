"""A message server in memory: accounts, rooms and invitations, for tests and for trying the app.

`MemoryAccount` answers the `Account` protocol (account.py) as `engine.online.matrix`'s
`MatrixAccount` does, over rooms kept as `MemoryRoom`s; errors a person should read are
`OnlineError`.
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from .account import Invitation, OnlineError
from .transport import MemoryRoom, Transport


@dataclass
class _ServerRoom:
    room: MemoryRoom
    name: str
    creator: str
    members: set[str]
    invited: set[str]


@dataclass
class MemoryServer:
    """A message server in memory: accounts with passwords or tokens, rooms and invitations."""

    name: str = "tk.test"
    passwords: dict[str, str] = field(default_factory=dict)   # user id -> password
    tokens: dict[str, str] = field(default_factory=dict)      # access token -> user id
    rooms: dict[str, _ServerRoom] = field(default_factory=dict)
    reachable: bool = True
    _numbers: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def register(self, user: str, password: str = "secret", token: str | None = None) -> str:
        """A new account; its full user id (``@user:server``)."""
        user_id = self.user_id(user)
        self.passwords[user_id] = password
        if token is not None:
            self.tokens[token] = user_id
        return user_id

    def user_id(self, user: str) -> str:
        return user if user.startswith("@") and ":" in user else f"@{user.lstrip('@')}:{self.name}"

    def login(self, user: str, *, password: str | None = None, token: str | None = None,
              device_id: str | None = None) -> MemoryAccount:
        """Sign in with a password or an access token, as `MatrixAccount.login` does."""
        if not self.reachable:
            raise OnlineError(f"the server {self.name} does not answer")
        user_id = self.user_id(user)
        if token is not None:
            if self.tokens.get(token) != user_id:
                raise OnlineError("the access token is not valid for this user")
        elif password is None or self.passwords.get(user_id) != password:
            raise OnlineError("wrong user name or password")
        return MemoryAccount(self, user_id, device_id or f"DEV{next(self._numbers)}")

    def room(self, room_id: str) -> _ServerRoom:
        if not self.reachable:
            raise OnlineError(f"the server {self.name} does not answer")
        try:
            return self.rooms[room_id]
        except KeyError:
            raise OnlineError(f"there is no room {room_id}") from None


@dataclass(eq=False)
class MemoryAccount:
    """One device of one account on a `MemoryServer` (the `Account` protocol)."""

    server: MemoryServer
    user_id: str
    device_id: str
    access_token: str = ""
    closed: bool = False

    def __post_init__(self) -> None:
        if not self.access_token:
            self.access_token = f"token-{self.user_id}-{self.device_id}"
            self.server.tokens.setdefault(self.access_token, self.user_id)

    def _check(self) -> None:
        if self.closed:
            raise OnlineError("signed out")
        if not self.server.reachable:
            raise OnlineError(f"the server {self.server.name} does not answer")

    def create_room(self, name: str, invite: Sequence[str]) -> str:
        self._check()
        unknown = [user for user in invite if user not in self.server.passwords]
        if unknown:
            raise OnlineError(f"no such user: {', '.join(unknown)}")
        room_id = f"!room{next(self.server._numbers)}:{self.server.name}"
        self.server.rooms[room_id] = _ServerRoom(MemoryRoom(), name, self.user_id, {self.user_id},
                                                 set(invite) - {self.user_id})
        return room_id

    def invitations(self) -> list[Invitation]:
        self._check()
        return [Invitation(room_id, room.creator, room.name) for room_id, room in self.server.rooms.items()
                if self.user_id in room.invited]

    def join(self, room_id: str) -> None:
        self._check()
        room = self.server.room(room_id)
        if self.user_id in room.members:
            return
        if self.user_id not in room.invited:
            raise OnlineError(f"{self.user_id} is not invited to {room_id}")
        room.invited.discard(self.user_id)
        room.members.add(self.user_id)

    def open(self, room_id: str) -> Transport:
        self._check()
        room = self.server.room(room_id)
        if self.user_id not in room.members:
            raise OnlineError(f"{self.user_id} has not joined {room_id}")
        return room.room.connect(self.user_id, self.device_id)

    def close(self) -> None:
        self.closed = True
