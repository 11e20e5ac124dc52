"""This app's place at an online table, pumped on the GUI thread: the seat's `SeatClient` and,
for the app that hosts, the `HostTable` too (the engine with the seed). The transport's
``on_arrival`` (called from the network's thread) becomes a queued signal that pumps both here,
with a slow timer as a safety net (it also posts the host's paced batches when they fall due).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal

from .online_calls import YOU, HostChoice
from .types import BOT_SEAT_PREFIX, SessionError

if TYPE_CHECKING:
    from engine.online import HostTable, PostPolicy, SeatClient, Transport
    from engine.online.account import Account

translate = QCoreApplication.translate

PUMP_SAFETY_MS = 500              # the slow timer that pumps even when no arrival was signalled
HOST_AWAY_S = 15.0                # waiting this long with nothing from the host: the host seems away
CONNECTED, THROTTLED, OFFLINE = "connected", "throttled", "offline"


class OnlineTable(QObject):
    """This app's place at an online table: its seat's client, and the host's table when it hosts."""

    changed = Signal()           # the client took in something new
    status_changed = Signal()
    _arrived = Signal()

    def __init__(self, client: SeatClient, host: HostTable | None = None, *, account: Account | None = None,
                 pump_ms: int = PUMP_SAFETY_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.client = client
        self.host = host
        self.account = account
        self.error = ""                 # the last transport error, in words
        self._closed = False
        self._reported = (CONNECTED, False)   # the status and host-away last told (status_changed)
        self._pumping = False
        self._arrived.connect(self.pump, Qt.ConnectionType.QueuedConnection)
        for transport in self._transports():   # called from the network's thread: queued to this one
            transport.on_arrival = self._arrived.emit
        self._timer = QTimer(self)
        self._timer.setInterval(pump_ms)
        self._timer.timeout.connect(self.pump)
        self._timer.start()

    def _transports(self) -> list[Transport]:
        return [self.client.transport] + ([self.host.transport] if self.host is not None else [])

    @classmethod
    def hosting(cls, transports: Sequence[Transport], choice: HostChoice, *, account: Account | None = None,
                save_path: str | None = None, pump_ms: int = PUMP_SAFETY_MS, policy: PostPolicy | None = None,
                clock: Callable[[], float] | None = None, parent: QObject | None = None) -> OnlineTable:
        """Open a table as its host (on the GUI thread: the engine's work is quick). ``transports``
        are two endpoints of one device (`engine.online.fan_out`): the table's and the host's own
        seat's. The host posts its applied batches paced for a real homeserver's rate limits unless
        ``policy`` says otherwise."""
        from engine.core import TablekeeperError
        from engine.online import HostTable
        table_end, seat_end = transports
        holders = [table_end.account if s == YOU else s for s in choice.seats]
        timing = {} if clock is None else {"clock": clock}
        try:
            host = HostTable.new(table_end, choice.game, choice.players, holders, mode=choice.mode,
                                 options=choice.options, seed=choice.seed, save_path=save_path, policy=policy,
                                 **timing)
        except (TablekeeperError, ValueError) as error:
            raise SessionError(translate("GameSession", "Cannot start this game"), str(error)) from None
        return cls(_own_seat(seat_end), host, account=account, pump_ms=pump_ms, parent=parent)

    @classmethod
    def resuming(cls, transports: Sequence[Transport], save_path: str, *, account: Account | None = None,
                 pump_ms: int = PUMP_SAFETY_MS, policy: PostPolicy | None = None,
                 clock: Callable[[], float] | None = None, parent: QObject | None = None) -> OnlineTable:
        """Host again after this app restarted: the table as its save left it, checked against the
        room; the seats send again what the host has not answered."""
        from engine.core import TablekeeperError
        from engine.online import HostResumeError, HostTable
        table_end, seat_end = transports
        timing = {} if clock is None else {"clock": clock}
        try:
            host = HostTable.resume(table_end, save_path, policy=policy, **timing)
        except (HostResumeError, TablekeeperError, OSError, ValueError, KeyError) as error:
            raise SessionError(translate("GameSession", "Cannot host this table again"), str(error)) from None
        return cls(_own_seat(seat_end), host, account=account, pump_ms=pump_ms, parent=parent)

    @classmethod
    def joining(cls, transport: Transport, *, account: Account | None = None, pump_ms: int = PUMP_SAFETY_MS,
                parent: QObject | None = None) -> OnlineTable:
        """Sit at a table another app hosts (its room joined and opened)."""
        from engine.online import SeatClient
        client = SeatClient(transport, away_after=HOST_AWAY_S)
        client.start()
        return cls(client, None, account=account, pump_ms=pump_ms, parent=parent)

    # -- what it knows -------------------------------------------------------------------------
    @property
    def is_host(self) -> bool:
        return self.host is not None

    @property
    def status(self) -> str:
        """connected, throttled or offline."""
        if self._closed:
            return OFFLINE
        found = [t.status for t in self._transports()]
        return OFFLINE if OFFLINE in found else THROTTLED if THROTTLED in found else CONNECTED

    @property
    def closed(self) -> bool:
        """The transport was closed for good (this device was dropped): no reconnecting."""
        return self._closed

    def host_away(self) -> bool:
        """This seat waits for the host (a command unanswered) and nothing came from it for long."""
        return self.host is None and bool(self.client.pending) and self.client.host_away

    def remote_seats(self) -> list[int]:
        """The seats another account plays (the host may replace them with a computer)."""
        if self.host is None:
            return []
        mine = self.client.transport.account
        return [seat for seat, holder in enumerate(self.host.holders)
                if holder != mine and not holder.startswith(BOT_SEAT_PREFIX)]

    # -- acting --------------------------------------------------------------------------------
    def send(self, command: str) -> str:
        cid = self.client.send(command)
        self.pump()
        return cid

    def replace_with_computer(self, seat: int, kind: str) -> None:
        if self.host is None:
            raise SessionError(translate("GameSession", "Not the host"),
                               translate("GameSession", "Only the host can replace a player."))
        self.host.replace_with_bot(seat, kind)
        self.pump()

    def pump(self) -> bool:
        """Let the host (when here) and the client read what arrived; True if the client changed."""
        from engine.online import TransportClosed
        if self._pumping:
            return False
        self._pumping = True
        changed = False
        try:
            for _ in range(1000):   # the host's answers to its own seat arrive at once on one device
                moved = self.host.pump() if self.host is not None else False
                took = self.client.pump()
                changed |= took
                if not (moved or took):
                    break
        except (TransportClosed, OSError) as error:
            self.error = str(error)
            self._closed = True
            self._timer.stop()
        finally:
            self._pumping = False
        if changed:
            self.changed.emit()
        reported = (self.status, self.host_away())
        if reported != self._reported:
            self._reported = reported
            self.status_changed.emit()
        return changed

    def stop(self) -> None:
        self._timer.stop()
        for transport in self._transports():
            transport.on_arrival = None


def _own_seat(transport: Transport) -> SeatClient:
    """The host's own player: its commands and hellos go to the host privately (never rate-limited)."""
    from engine.online import SeatClient
    client = SeatClient(transport, private_commands=True, away_after=HOST_AWAY_S)
    client.start()
    return client
