"""Online games: signing in, the lobby's calls, and a game played through an online table.

- `call_off_thread`: an account's calls (each may wait for a network round trip) run on a pool
  thread; the answer or the error (`OnlineError` in words) comes back as a queued signal, so the
  window never freezes.
- `OnlineTable`: this app's place at an online table — the seat's `SeatClient` and, for the app
  that hosts, the `HostTable` too (the engine with the seed). Both are polled: the transport's
  ``on_arrival`` (called from any thread) becomes a queued signal that pumps them on the GUI
  thread, with a slow timer as a safety net.
- `MirrorMatch`: what the session's parts read of a match (game, config, seats, state, history),
  built from the seat's client alone — its own view, its legal commands, the public log and its
  private events. It never holds another seat's secrets, because the client never receives them.
- `OnlineSession`: a `GameSession` whose match is the mirror: the board and panels draw the local
  seat's view as for a local game, and a command is sent to the host instead of applied here.

The game state is only ever changed by the host's engine; this app only sends commands.
"""
from __future__ import annotations

import importlib
import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, Qt, QThreadPool, QTimer, Signal

from .session import GameSession
from .types import BOT_SEAT_PREFIX, HUMAN_SEAT, REMOTE_SEAT_KIND, YOU_SEAT, SessionError

if TYPE_CHECKING:
    from engine.core import Command, Event, Game
    from engine.online import HostTable, SeatClient, Transport
    from engine.online.account import Account

translate = QCoreApplication.translate

REMOTE_SEAT = REMOTE_SEAT_KIND      # a seat another app plays (the mirror's seat kind)
PUMP_SAFETY_MS = 500              # the slow timer that pumps even when no arrival was signalled
HOST_AWAY_MS = 15_000             # a command unanswered this long: the host seems away
CONNECTED, THROTTLED, OFFLINE = "connected", "throttled", "offline"


# -- account calls off the GUI thread ----------------------------------------------------------
class _Reply(QObject):
    done = Signal(object)
    failed = Signal(str)


class _Call(QRunnable):
    def __init__(self, work: Callable[[], Any], reply: _Reply) -> None:
        super().__init__()
        self._work, self._reply = work, reply

    def run(self) -> None:
        from engine.online.account import OnlineError
        try:
            result = self._work()
        except OnlineError as error:
            self._reply.failed.emit(str(error))
        except Exception as error:
            self._reply.failed.emit(f"{type(error).__name__}: {error}")
        else:
            self._reply.done.emit(result)


_replies: set[_Reply] = set()   # alive until their answer arrived


def call_off_thread(work: Callable[[], Any], done: Callable[[Any], None], failed: Callable[[str], None]) -> None:
    """Run ``work`` on a pool thread; ``done(result)`` or ``failed(words)`` then runs on the GUI thread."""
    reply = _Reply()
    _replies.add(reply)

    def finish(handler: Callable[[Any], None], value: Any) -> None:
        _replies.discard(reply)
        handler(value)

    reply.done.connect(lambda value: finish(done, value), Qt.ConnectionType.QueuedConnection)
    reply.failed.connect(lambda words: finish(failed, words), Qt.ConnectionType.QueuedConnection)
    QThreadPool.globalInstance().start(_Call(work, reply))


# -- signing in --------------------------------------------------------------------------------
Connector = Callable[..., "Account"]


def matrix_connector(homeserver: str, user: str, *, password: str | None = None, token: str | None = None,
                     device_id: str | None = None, store_dir: str | None = None) -> Account:
    """Sign in to a real Matrix homeserver (matrix-nio is loaded only now)."""
    from engine.online.account import OnlineError
    try:
        matrix = importlib.import_module("engine.online.matrix")   # loads matrix-nio
    except ImportError as error:
        raise OnlineError(translate("GameSession", "Online play needs the matrix-nio package, which is not "
                                    "installed: pip install \"matrix-nio[e2e]\" ({error})").format(
                                        error=error)) from None
    from . import autosave
    folder = store_dir or os.path.join(autosave.default_autosave_folder(), "matrix")  # the device's keys
    os.makedirs(folder, exist_ok=True)
    account: Account = matrix.MatrixAccount.login(homeserver, user, password=password, token=token, device_id=device_id,
                                           store_dir=folder)
    return account


def memory_server() -> Any:
    """A new in-memory server (tests, and trying the lobby with no network)."""
    from engine.online.memory_server import MemoryServer
    return MemoryServer()


def memory_connector(server: Any) -> Connector:
    """Sign in to an in-memory ``server`` (`engine.online.memory_server.MemoryServer`)."""
    def connect(homeserver: str, user: str, *, password: str | None = None, token: str | None = None,
                device_id: str | None = None, store_dir: str | None = None) -> Account:
        account: Account = server.login(user, password=password, token=token, device_id=device_id)
        return account
    return connect


def invitations_of(account: Account) -> list[tuple[str, str, str]]:
    """The account's invitations as (room id, inviter, room name) (a network call)."""
    return [(i.room_id, i.inviter, i.name) for i in account.invitations()]


def keyring_backend() -> Any:
    """The desktop's keyring (the `keyring` package), or None when it is missing or has no working backend."""
    try:
        import keyring  # type: ignore[import-not-found,import-untyped,unused-ignore]
        from keyring.backends import fail  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    try:
        backend = keyring.get_keyring()
    except Exception:
        return None
    return None if isinstance(backend, fail.Keyring) else keyring


def user_id_valid(text: str) -> bool:
    """A Matrix user id: ``@name:server``."""
    name, colon, server = text.partition(":")
    return name.startswith("@") and len(name) > 1 and bool(colon) and bool(server) and " " not in text


# -- two ends of one device: the host's table and its own player ---------------------------------
def _endpoints(account: Account, room_id: str, count: int) -> list[Transport]:
    """``count`` transports of this device in the room (the host's table and its own seat)."""
    from engine.online import transport as module
    first = account.open(room_id)
    if count == 1:
        return [first]
    fan_out = getattr(module, "fan_out", None)
    if fan_out is not None:
        return list(fan_out(first, count))
    room = getattr(first, "room", None)  # an in-memory room: more devices of the same account
    if isinstance(room, module.MemoryRoom):
        device = getattr(first, "device", "main")
        return [first, *(room.connect(account.user_id, f"{device}-{n}") for n in range(1, count))]
    raise SessionError(translate("GameSession", "Cannot host here"),
                       translate("GameSession", "This connection cannot carry a table and a seat at once."))


@dataclass(frozen=True)
class HostChoice:
    """What the host chose: the game and, per seat, "you", "bot:KIND" or a Matrix user id."""
    game: str
    players: int
    mode: str
    seats: tuple[str, ...]
    options: dict[str, Any]
    seed: int | None = None


YOU = YOU_SEAT


def host_game(account: Account, choice: HostChoice, room_name: str) -> tuple[str, list[Transport]]:
    """Create the room inviting the remote players, and open it twice (a network call): the room
    id and the transports for the table and the host's own seat."""
    invite = [s for s in choice.seats if s != YOU and not s.startswith(BOT_SEAT_PREFIX)]
    room_id = account.create_room(room_name, invite)
    return room_id, _endpoints(account, room_id, 2)


def host_save_path(room_id: str) -> str:
    """Where the host's app keeps its table (the match with its seed) after every change: beside
    the crash copy, one file per room (a later version may resume hosting from it)."""
    from . import autosave
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in room_id)
    folder = os.path.join(autosave.default_autosave_folder(), "online")
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, f"host-{safe}.json")


def join_game(account: Account, room_id: str) -> list[Transport]:
    """Join an invitation's room and open it (a network call)."""
    account.join(room_id)
    return _endpoints(account, room_id, 1)


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
        self._status = CONNECTED
        self._reported = (CONNECTED, False)   # the status and host-away last told (status_changed)
        self._pumping = False
        self._sent_at: dict[str, float] = {}   # cid -> when sent (monotonic ms), to notice a host away
        self._arrived.connect(self.pump, Qt.ConnectionType.QueuedConnection)
        for transport in self._transports():
            if hasattr(transport, "on_arrival"):   # called from the network's thread: queued to this one
                setattr(transport, "on_arrival", self._arrived.emit)  # noqa: B010 — not in every Transport yet
        self._timer = QTimer(self)
        self._timer.setInterval(pump_ms)
        self._timer.timeout.connect(self.pump)
        self._timer.start()

    def _transports(self) -> list[Transport]:
        return [self.client.transport] + ([self.host.transport] if self.host is not None else [])

    @classmethod
    def hosting(cls, transports: Sequence[Transport], choice: HostChoice, *, account: Account | None = None,
                save_path: str | None = None, pump_ms: int = PUMP_SAFETY_MS,
                parent: QObject | None = None) -> OnlineTable:
        """Open a table as its host (on the GUI thread: the engine's work is quick)."""
        from engine.core import TablekeeperError
        from engine.online import HostTable, SeatClient
        table_end, seat_end = transports
        holders = [table_end.account if s == YOU else s for s in choice.seats]
        try:
            host = HostTable.new(table_end, choice.game, choice.players, holders, mode=choice.mode,
                                 options=choice.options, seed=choice.seed, save_path=save_path)
        except (TablekeeperError, ValueError) as error:
            raise SessionError(translate("GameSession", "Cannot start this game"), str(error)) from None
        client = SeatClient(seat_end)
        client.start()
        return cls(client, host, account=account, pump_ms=pump_ms, parent=parent)

    @classmethod
    def joining(cls, transport: Transport, *, account: Account | None = None, pump_ms: int = PUMP_SAFETY_MS,
                parent: QObject | None = None) -> OnlineTable:
        from engine.online import SeatClient
        client = SeatClient(transport)
        client.start()
        return cls(client, None, account=account, pump_ms=pump_ms, parent=parent)

    # -- what it knows -------------------------------------------------------------------------
    @property
    def is_host(self) -> bool:
        return self.host is not None

    @property
    def status(self) -> str:
        """connected, throttled or offline."""
        if self._status == OFFLINE:
            return OFFLINE
        found = [getattr(t, "status", CONNECTED) for t in self._transports()]
        return OFFLINE if OFFLINE in found else THROTTLED if THROTTLED in found else CONNECTED

    @property
    def closed(self) -> bool:
        """The transport was closed for good (this device was dropped): no reconnecting."""
        return self._status == OFFLINE

    def host_away(self) -> bool:
        """A command of this seat has waited long for the host's answer."""
        if self.host is not None or not self.client.pending:
            return False
        now = _now_ms()
        return any(now - self._sent_at.get(cid, now) > HOST_AWAY_MS for cid in self.client.pending)

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
        self._sent_at[cid] = _now_ms()
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
            self._status = CONNECTED if self._status != OFFLINE else OFFLINE
        except (TransportClosed, OSError) as error:
            self.error = str(error)
            self._status = OFFLINE
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
            if getattr(transport, "on_arrival", None) is not None:
                setattr(transport, "on_arrival", None)  # noqa: B010


def _now_ms() -> float:
    import time
    return time.monotonic() * 1000


# -- the mirror: a match as one seat knows it ------------------------------------------------------
class _MirrorStep:
    __slots__ = ("text", "events")

    def __init__(self, text: str, events: list[Event]) -> None:
        self.text, self.events = text, events

    def command_for(self, seat: int | None) -> str:
        return self.text


class _InitialState:
    def __init__(self, view: dict[str, Any]) -> None:
        self._view = view

    def view(self, seat: int | None) -> Any:
        from engine.core import plain
        return plain.thaw(plain.freeze(self._view))


class MirrorState:
    """The parts of `engine.core.State` the session reads, from one seat's view and legal list."""

    def __init__(self, game: Game, seat: int, view: dict[str, Any], legal: list[Command], outcome: Any,
                 digest: str) -> None:
        from engine.core import plain
        self.game, self.seat = game, seat
        self._frozen = plain.freeze(view)
        self._legal = legal
        self.outcome = outcome
        self._digest = digest
        try:
            prompt = None if outcome is not None else game.prompt(view)  # a view is not the whole data:
        except Exception:
            prompt = None
        if prompt is not None and legal and seat not in prompt.seats:
            prompt = None   # a view that tells an older story than the legal list
        self.prompt = prompt

    def deciders(self) -> tuple[int, ...]:
        if self.outcome is not None:
            return ()
        if self.prompt is not None:
            return tuple(self.prompt.seats)
        return (self.seat,) if self._legal else ()

    def waiting_on(self) -> tuple[int, ...] | None:
        """The other seats the game waits on, when the view tells (None: it does not)."""
        if self.prompt is None:
            return None
        return tuple(s for s in self.prompt.seats if s != self.seat)

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def legal(self, seat: int | None = None, space: str | None = None) -> list[Command]:
        if seat is not None and seat != self.seat:
            return []
        return list(self._legal)

    def frozen_view(self, seat: int | None) -> bytes:
        return self._frozen   # never more than this seat may see, whoever asks

    def view(self, seat: int | None) -> Any:
        from engine.core import plain
        return plain.thaw(self._frozen)

    def check(self, command: Command) -> None:
        from engine.core import Refused
        if command not in self._legal:
            raise Refused("", translate("GameSession", "That is not one of your moves now."))

    def digest(self) -> str:
        return self._digest


class MirrorMatch:
    """The parts of `engine.core.Match` the session reads, as one seat's client knows the game."""

    def __init__(self, client: SeatClient) -> None:
        from engine.core import Config, get_game
        setup = client.setup
        seat = client.seat
        if setup is None or seat is None:
            raise SessionError(translate("GameSession", "Cannot play here"),
                               translate("GameSession", "This account holds no seat at this table."))
        self.client = client
        self.seat = seat
        self.game: Game = get_game(setup.game)
        self.config = Config.build(self.game.info, setup.players, setup.mode, 0, setup.options)
        self.history: list[_MirrorStep] = []
        self._initial: dict[str, Any] | None = None
        self.seats: tuple[str, ...] = ()
        self.state = MirrorState(self.game, seat, {}, [], None, "")
        self.refresh()

    def refresh(self) -> None:
        """Take in what the client holds now."""
        from engine.core import Command, Event
        client = self.client
        mine = client.transport.account
        self.seats = tuple(HUMAN_SEAT if holder == mine else holder if holder.startswith(BOT_SEAT_PREFIX)
                           else REMOTE_SEAT for holder in client.holders)
        view = client.view
        if view is not None and self._initial is None:
            self._initial = view.view
        waiting = any(m.base == client.seq for m in client.pending.values())
        legal = [] if waiting else [Command.parse(text) for text in client.legal]
        self.state = MirrorState(self.game, self.seat, view.view if view is not None else {}, legal,
                                 self._outcome(), client.digest or "")
        steps = []
        for entry in client.entries:
            events = [Event(e["kind"], e.get("data") or {}, None, bool(e.get("reveals"))) for e in entry.events]
            for private in client.private_events.get(entry.seq, []):
                audience = private.get("audience")
                events.append(Event(private["kind"], private.get("data") or {},
                                    frozenset(audience) if isinstance(audience, list) else frozenset({self.seat}),
                                    bool(private.get("reveals"))))
            steps.append(_MirrorStep(entry.command, events))
        self.history = steps

    def _outcome(self) -> Any:
        from engine.core.game import Outcome
        result = self.client.result
        if result is None:
            return None
        plain = result.outcome
        scores = plain.get("scores")
        breakdown = plain.get("breakdown") or {}
        return Outcome(tuple(plain.get("winners") or ()), str(plain.get("reason", "")),
                       None if scores is None else tuple(scores),
                       tuple((name, tuple(values)) for name, values in breakdown.items()))

    @property
    def commands(self) -> list[str]:
        return [step.text for step in self.history]

    def events_for(self, seat: int | None) -> list[Event]:
        return [e for step in self.history for e in step.events if e.visible_to(seat)]

    def initial_state(self) -> _InitialState:
        return _InitialState(self._initial or {})

    def digest(self) -> str:
        return self.state.digest()

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False


# -- the session -----------------------------------------------------------------------------------
class OnlineSession(GameSession):
    """A game played at an online table: the local seat's view, commands sent to the host."""

    # connected / throttled / offline / waiting / host away changed: the status bar says it again
    online_status_changed = Signal()
    # the game ended and the audit of the revealed seed finished: (verified, words)
    verified = Signal(bool, str)

    def __init__(self, parent: QObject | None = None, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self.online_table: OnlineTable | None = None
        self._mirror: MirrorMatch | None = None
        self._announced = 0            # log entries announced so far
        self._refusals = 0
        self._verified: tuple[bool, str] | None = None
        self._verifying = False
        self._offers.forced_answer = lambda: None  # type: ignore[method-assign]  # the host decides

    # -- starting and ending -------------------------------------------------------------------
    def start_online(self, table: OnlineTable) -> None:
        """Play at ``table``. The game shows once the room's setup and this seat's first view
        have arrived (`is_waiting` until then); raises `SessionError` when the room's setup
        gives this account no seat."""
        if self.has_game() or self.online_table is not None:
            self.close_game()
        self.online_table = table
        table.setParent(self)
        table.changed.connect(self._on_table_changed)
        table.status_changed.connect(self.online_status_changed)
        table.pump()
        if table.client.setup is not None and table.client.seat is None:
            self.close_game()
            raise SessionError(translate("GameSession", "Cannot play here"),
                               translate("GameSession", "This account holds no seat at this table."))
        if self._mirror is None:
            self._begin()
        self.online_status_changed.emit()

    def is_waiting(self) -> bool:
        """At a table whose game has not reached this app yet (no setup or no view so far)."""
        return self.online_table is not None and self._mirror is None

    def _begin(self) -> None:
        """The setup and this seat's first view are here: show the game."""
        table = self.online_table
        if table is None or table.client.setup is None or table.client.view is None or table.client.seat is None:
            return
        mirror = MirrorMatch(table.client)
        self._mirror = mirror
        self._cache.reset(mirror)  # type: ignore[arg-type]
        self._control.path = None
        self._handover.reset()
        self._handover.update(mirror)  # type: ignore[arg-type]
        self._announced = len(self.log_entries())
        self._refusals = len(table.client.refusals)
        self.game_started.emit()
        self.undo_state_changed.emit()
        if self._handover.viewer is not None:
            self.viewer_changed.emit(self._handover.viewer)
        if mirror.state.is_terminal():
            self._verify()

    def close_game(self) -> None:
        if self.online_table is not None:
            self.online_table.stop()
            self.online_table.changed.disconnect(self._on_table_changed)
            self.online_table = None
        self._mirror = None
        self._verified = None
        super().close_game()

    def shutdown(self) -> None:
        if self.online_table is not None:
            self.online_table.stop()
        super().shutdown()

    @property
    def is_online(self) -> bool:
        return self.online_table is not None

    # -- what the screen shows -----------------------------------------------------------------
    def local_seat(self) -> int | None:
        return None if self._mirror is None else self._mirror.seat

    def is_remote(self, seat: int) -> bool:
        return self._mirror is not None and self._mirror.seats[seat] == REMOTE_SEAT

    def online_status(self) -> str:
        """connected, throttled or offline ("" with no table)."""
        return "" if self.online_table is None else self.online_table.status

    def host_away(self) -> bool:
        return self.online_table is not None and self.online_table.host_away()

    def connection_closed(self) -> bool:
        return self.online_table is not None and self.online_table.closed

    def is_host(self) -> bool:
        return self.online_table is not None and self.online_table.is_host

    def waiting_for(self) -> list[int] | None:
        """The other seats the game waits on (None: the view does not tell, [] : nobody else)."""
        mirror = self._mirror
        if mirror is None or mirror.state.is_terminal():
            return []
        if self.online_table is not None and self.online_table.host is not None:   # the host knows
            state = self.online_table.host.match.state
            return [s for s in state.deciders() if s != mirror.seat]
        return None if mirror.state.waiting_on() is None else list(mirror.state.waiting_on() or ())

    def command_pending(self) -> bool:
        return self.online_table is not None and bool(self.online_table.client.pending)

    def replaceable_seats(self) -> list[int]:
        return [] if self.online_table is None else self.online_table.remote_seats()

    def replace_with_computer(self, seat: int) -> None:
        """The host gives a seat whose player left to a quick computer player."""
        if self.online_table is None:
            return
        from gui.controller.catalog import bot_kinds
        kinds = list(bot_kinds(self.game_id()))
        kind = next((k for k in ("heuristic", "random") if k in kinds), kinds[0] if kinds else "random")
        self.online_table.replace_with_computer(seat, kind)

    def final_scores(self) -> dict[str, Any] | None:
        scores = super().final_scores()
        if scores is not None and self._verified is not None:
            scores["text"] = f"{scores['text']} {self._verified[1]}"
        return scores

    def verification(self) -> tuple[bool, str] | None:
        """(verified, words) once the audit of the finished game is done."""
        return self._verified

    # -- playing: a command goes to the host ----------------------------------------------------
    def apply(self, command: str | Command) -> None:
        from engine.core import Command, TablekeeperError
        table, mirror = self.online_table, self._mirror
        if table is None or mirror is None:
            super().apply(command)
            return
        if mirror.state.is_terminal():
            self.command_refused.emit("", translate("GameSession", "The game is over."))
            return
        try:
            parsed = Command.parse(command) if isinstance(command, str) else command
            if parsed.seat is None:
                parsed = parsed.by(mirror.seat)
            if parsed.seat != mirror.seat:
                self.command_refused.emit("", translate("GameSession", "You play only your own seat."))
                return
            table.send(str(parsed))
        except TablekeeperError as error:
            self.command_refused.emit("", str(error))
            return
        except (OSError, ConnectionError) as error:
            self.command_refused.emit("", translate("GameSession", "Not sent: {reason}").format(reason=error))
            return
        self._on_table_changed()   # nothing more may be played until the host answers

    def can_undo(self) -> bool:
        return False if self.online_table is not None else super().can_undo()

    def can_redo(self) -> bool:
        return False if self.online_table is not None else super().can_redo()

    def can_hint(self) -> bool:
        return False if self.online_table is not None else super().can_hint()

    def undo_words(self) -> str:
        return "" if self.online_table is not None else super().undo_words()

    def save(self, path: str | os.PathLike[str] | None = None) -> str:
        if self.online_table is not None:
            raise SessionError(translate("GameSession", "Online game"),
                               translate("GameSession", "An online game is kept by its host and its room; "
                                         "it is not saved to a file here."))
        return super().save(path)

    def new_game(self, config: Any) -> None:
        self.close_game()
        super().new_game(config)

    def open(self, path: str | os.PathLike[str]) -> None:
        self.close_game()
        super().open(path)

    # -- what arrived ----------------------------------------------------------------------------
    def _on_table_changed(self) -> None:
        if self._mirror is None:
            self._begin()
            self.online_status_changed.emit()
            return
        mirror, table = self._mirror, self.online_table
        if mirror is None or table is None:
            return
        was_over = mirror.state.is_terminal()
        mirror.refresh()
        self._cache.changed()
        changed = self._handover.update(mirror)  # type: ignore[arg-type]
        for refusal in table.client.refusals[self._refusals:]:
            self.command_refused.emit(refusal.rule, refusal.reason)
        self._refusals = len(table.client.refusals)
        entries = self.log_entries()
        fresh = entries[self._announced:] if len(entries) >= self._announced else []
        if len(entries) < self._announced:
            self.history_rewound.emit()
        self._announced = len(entries)
        self.command_applied.emit(mirror.state.view(mirror.seat), fresh)
        if fresh and mirror.history:
            touched = [space for e in mirror.history[-1].events if e.visible_to(mirror.seat)
                       for space in self._cache.event_spaces(e)]
            if touched:
                self.spaces_touched.emit(list(dict.fromkeys(touched)))
        self.undo_state_changed.emit()
        if changed and self._handover.viewer is not None:
            self.viewer_changed.emit(self._handover.viewer)
        self.online_status_changed.emit()
        if mirror.state.is_terminal() and not was_over:
            self._verify()

    def _verify(self) -> None:
        """Replay the revealed game (off the GUI thread) and tell the end with its verdict."""
        table = self.online_table
        if table is None or self._verifying:
            return
        self._verifying = True
        client = table.client

        def work() -> str:
            from engine.online import VerificationError
            try:
                client.verify()
            except VerificationError as error:
                return f"!{error}"
            return ""

        def done(found: object) -> None:
            self._verifying = False
            problem = str(found)
            if problem:
                words = translate("GameSession", "NOT verified: the revealed seed does not replay this game "
                                  "({problem}).").format(problem=problem[1:])
            else:
                words = translate("GameSession", "Verified: the revealed seed replays every move and draw "
                                  "of this game.")
            self._verified = (not problem, words)
            self.verified.emit(not problem, words)
            if self._mirror is not None:
                self.game_over.emit(self.outcome_text() + " " + words)

        def failed(words: str) -> None:
            done(f"!{words}")

        if threading.current_thread() is threading.main_thread():
            call_off_thread(work, done, failed)
        else:  # pragma: no cover — sessions live on the GUI thread
            done(work())
