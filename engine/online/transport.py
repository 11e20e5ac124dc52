"""How messages travel: the `Transport` an online table needs, and an in-memory one for tests.

A transport gives one device of one account two channels:

- the **room**: messages every member sees, in one total order that all agree on (a Matrix room's
  timeline), readable again from the start (a new device catches up from the history);
- **private messages** to one account (Matrix to-device messages): delivered to each of its
  devices connected at the time; a device that was not connected never gets them.

The table and the clients poll: `room_since` returns what came after the last index they read,
`receive` what arrived privately since the last call. A Matrix transport fills the same two
queues from its sync loop, and calls `on_arrival` (from its own thread) whenever something came,
so a GUI knows when to poll; `status` says whether the device is connected, throttled by the
homeserver's rate limits, or offline.

`fan_out` shares one device among several endpoints: the host's app runs the `HostTable` and its
own player's `SeatClient` on one Matrix device.
"""
from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

Status = Literal["connected", "throttled", "offline"]
STATUSES: tuple[Status, ...] = ("connected", "throttled", "offline")


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
    on_arrival: Callable[[], None] | None
    """Called (from any thread) whenever a room event or a private message arrives for this device."""

    @property
    def status(self) -> Status:
        """"connected", "throttled" (the homeserver makes sends wait) or "offline"."""

    def post(self, kind: str, content: dict[str, Any]) -> None:
        """Send a message into the room."""

    def send_to(self, account: str, kind: str, content: dict[str, Any]) -> None:
        """Send a message to ``account``'s devices only — this device too when ``account`` is its
        own (Matrix never does that; `MatrixTransport` hands the copy over itself, after the sends
        before it, so a view never overtakes the setup; `fan_out` relies on it)."""

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
    `set_status` makes an account's devices (or all) "throttled" (a status only: sends still go
    through) or "offline": their sends wait and are sent in order when they come back, they read
    nothing new, and private messages wait for them on the server as Matrix keeps to-device messages.
    """

    log: list[RoomEvent] = field(default_factory=list)
    devices: dict[tuple[str, str], MemoryTransport] = field(default_factory=dict)
    delivered: dict[str, list[tuple[str, Any]]] = field(default_factory=dict)
    holding: bool = False
    _held: list[_Held] = field(default_factory=list)
    statuses: dict[str | None, Status] = field(default_factory=dict)  # account (None: everyone) -> status

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

    def status_of(self, account: str) -> Status:
        return self.statuses.get(account, self.statuses.get(None, "connected"))

    def set_status(self, status: Status, account: str | None = None) -> None:
        """Simulate the homeserver throttling, or the network gone, for ``account`` (None: all)."""
        if status not in STATUSES:
            raise ValueError(f"no status {status!r}")
        if account is None:
            self.statuses = {None: status}
        else:
            self.statuses[account] = status
        for device in list(self.devices.values()):
            if account is None or device.account == account:
                device._status_changed()

    def inject(self, sender: str, kind: str, content: Any) -> None:
        """A room message as anyone might send it, malformed ones included (no JSON check)."""
        self._append(sender, kind, content)

    def inject_private(self, sender: str, account: str, kind: str, content: Any) -> None:
        for (owner, _), device in list(self.devices.items()):
            if owner == account:
                device.inbox.append(PrivateMessage(sender, kind, content))
                self.delivered.setdefault(account, []).append((kind, content))
                device._arrived()

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
        for device in list(self.devices.values()):
            device._arrived()

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
    on_arrival: Callable[[], None] | None = None
    _outbox: list[tuple[str | None, str, dict[str, Any]]] = field(default_factory=list)  # while offline
    _seen: int | None = None   # while offline: the room's length when it went offline

    @property
    def status(self) -> Status:
        return self.room.status_of(self.account)

    def _check_open(self) -> None:
        if self.closed:
            raise TransportClosed(f"device {self.device} of {self.account} was dropped")

    def _arrived(self) -> None:
        if self.on_arrival is not None and self.status != "offline" and not self.closed:
            self.on_arrival()

    def _status_changed(self) -> None:
        if self.status == "offline":
            if self._seen is None:
                self._seen = len(self.room.log)
            return
        self._seen = None
        outbox, self._outbox = self._outbox, []
        for to, kind, content in outbox:
            if to is None:
                self.room._post(self.account, kind, content)
            else:
                self.room.inject_private(self.account, to, kind, _wire(content))
        if self.inbox or outbox:
            self._arrived()

    def post(self, kind: str, content: dict[str, Any]) -> None:
        self._check_open()
        if self.status == "offline":
            self._outbox.append((None, kind, _wire(content)))
            return
        self.room._post(self.account, kind, content)

    def send_to(self, account: str, kind: str, content: dict[str, Any]) -> None:
        self._check_open()
        if self.status == "offline":
            self._outbox.append((account, kind, _wire(content)))
            return
        self.room.inject_private(self.account, account, kind, _wire(content))

    def room_since(self, index: int) -> list[RoomEvent]:
        self._check_open()
        end = len(self.room.log) if self._seen is None else self._seen
        return self.room.log[index:end]

    def receive(self) -> list[PrivateMessage]:
        self._check_open()
        if self.status == "offline":
            return []
        messages, self.inbox = self.inbox, []
        return messages


class _Hub:
    """What the endpoints of one shared device have in common: the device and a lock."""

    def __init__(self, device: Transport) -> None:
        self.device = device
        self.lock = threading.Lock()
        self.endpoints: list[Endpoint] = []
        device.on_arrival = self._arrived

    def _arrived(self) -> None:
        for endpoint in self.endpoints:
            callback = endpoint.on_arrival
            if callback is not None:
                callback()

    def gather(self) -> None:
        """Take the device's private messages and give each endpoint its own copy."""
        with self.lock:
            messages = self.device.receive()
            for endpoint in self.endpoints:
                endpoint._inbox.extend(messages)


class Endpoint:
    """One of several users of a shared device (see `fan_out`)."""

    def __init__(self, hub: _Hub) -> None:
        self._hub = hub
        self._inbox: list[PrivateMessage] = []
        self.on_arrival: Callable[[], None] | None = None
        self.account = hub.device.account

    @property
    def status(self) -> Status:
        return self._hub.device.status

    def post(self, kind: str, content: dict[str, Any]) -> None:
        with self._hub.lock:
            self._hub.device.post(kind, content)

    def send_to(self, account: str, kind: str, content: dict[str, Any]) -> None:
        with self._hub.lock:
            self._hub.device.send_to(account, kind, content)

    def room_since(self, index: int) -> list[RoomEvent]:
        return self._hub.device.room_since(index)

    def receive(self) -> list[PrivateMessage]:
        self._hub.gather()
        with self._hub.lock:
            messages, self._inbox = self._inbox, []
        return messages


def fan_out(transport: Transport, n: int) -> list[Transport]:
    """``n`` endpoints over ``transport``'s one device: each gets its own copy of every private
    message, reads the room on its own, and sends through the device; each has its own
    `on_arrival`, and the device's is taken over (call `fan_out` once per device)."""
    if n < 1:
        raise ValueError("fan_out needs at least one endpoint")
    hub = _Hub(transport)
    hub.endpoints = [Endpoint(hub) for _ in range(n)]
    return list(hub.endpoints)
