"""How messages travel: the `Transport` an online table needs, and an in-memory one for tests.

A transport gives one device of one account two channels:

- the **room**: messages every member sees, in one total order that all agree on (a Matrix room's
  timeline), readable again from the start (a new device catches up from the history);
- **private messages** to one account (Matrix to-device messages): delivered to each of its
  devices connected at the time; a device that was not connected never gets them.

The table and the clients poll: `room_since` returns what came after the last index they read,
`receive` what arrived privately since the last call. A Matrix transport fills the same two
queues from its sync loop.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class RoomEvent:
    index: int        # its place in the room's order, from 1
    sender: str       # the account that sent it (the homeserver vouches for it)
    kind: str
    content: Any


@dataclass(frozen=True, slots=True)
class PrivateMessage:
    sender: str
    kind: str
    content: Any


class Transport(Protocol):
    """One device of ``account`` in one game room."""

    account: str

    def post(self, kind: str, content: dict[str, Any]) -> None:
        """Send a message into the room."""

    def send_to(self, account: str, kind: str, content: dict[str, Any]) -> None:
        """Send a message to ``account``'s devices only."""

    def room_since(self, index: int) -> list[RoomEvent]:
        """The room's messages after ``index`` (0: the whole history), in room order."""

    def receive(self) -> list[PrivateMessage]:
        """The private messages that arrived since the last call, oldest first."""


class TransportClosed(ConnectionError):
    """The device was dropped: it can neither send nor receive any more."""


def _wire(content: Any) -> Any:
    """The content as the other side receives it: through JSON, as over a network."""
    return json.loads(json.dumps(content, ensure_ascii=False, allow_nan=False))


@dataclass
class _Held:
    sender: str
    kind: str
    content: Any


@dataclass
class MemoryRoom:
    """A room and its members' devices in memory, in a fixed order: what tests play over.

    Everything sent goes through JSON. ``delivered`` records, per account, every private message
    any of its devices received; with ``log`` (the room, which every member may read) that is all
    an account was ever sent, for tests that check it.
    While ``holding`` is set, room posts wait; `release` then delivers them interleaved, one from
    each sender in turn (two seats sending at once).
    """

    log: list[RoomEvent] = field(default_factory=list)
    devices: dict[tuple[str, str], MemoryTransport] = field(default_factory=dict)
    delivered: dict[str, list[tuple[str, Any]]] = field(default_factory=dict)
    holding: bool = False
    _held: list[_Held] = field(default_factory=list)

    def connect(self, account: str, device: str = "main") -> MemoryTransport:
        """A new device (or a device restarted with nothing kept) of ``account``; an older device
        of the same name is dropped."""
        self.drop(account, device)
        transport = MemoryTransport(self, account, device)
        self.devices[(account, device)] = transport
        return transport

    def drop(self, account: str, device: str = "main") -> None:
        """The device goes away: its unread private messages are lost with it."""
        old = self.devices.pop((account, device), None)
        if old is not None:
            old.closed = True

    def inject(self, sender: str, kind: str, content: Any) -> None:
        """A room message as anyone might send it, malformed ones included (no JSON check)."""
        self._append(sender, kind, content)

    def inject_private(self, sender: str, account: str, kind: str, content: Any) -> None:
        for (owner, _), device in self.devices.items():
            if owner == account:
                device.inbox.append(PrivateMessage(sender, kind, content))
                self.delivered.setdefault(account, []).append((kind, content))

    def release(self) -> None:
        """Deliver the held room posts, one from each sender in turn, then stop holding."""
        queues: dict[str, list[_Held]] = {}
        for held in self._held:
            queues.setdefault(held.sender, []).append(held)
        self._held.clear()
        self.holding = False
        while any(queues.values()):
            for queue in queues.values():
                if queue:
                    held = queue.pop(0)
                    self._append(held.sender, held.kind, held.content)

    def _append(self, sender: str, kind: str, content: Any) -> None:
        self.log.append(RoomEvent(len(self.log) + 1, sender, kind, content))

    def _post(self, sender: str, kind: str, content: dict[str, Any]) -> None:
        content = _wire(content)
        if self.holding:
            self._held.append(_Held(sender, kind, content))
        else:
            self._append(sender, kind, content)


@dataclass(eq=False)
class MemoryTransport:
    room: MemoryRoom
    account: str
    device: str
    inbox: list[PrivateMessage] = field(default_factory=list)
    closed: bool = False

    def _check_open(self) -> None:
        if self.closed:
            raise TransportClosed(f"device {self.device} of {self.account} was dropped")

    def post(self, kind: str, content: dict[str, Any]) -> None:
        self._check_open()
        self.room._post(self.account, kind, content)

    def send_to(self, account: str, kind: str, content: dict[str, Any]) -> None:
        self._check_open()
        self.room.inject_private(self.account, account, kind, _wire(content))

    def room_since(self, index: int) -> list[RoomEvent]:
        self._check_open()
        return self.room.log[index:]

    def receive(self) -> list[PrivateMessage]:
        self._check_open()
        messages, self.inbox = self.inbox, []
        return messages
