"""Online play's account calls and signing in: each account call (it may wait for a network
round trip) runs on a pool thread (`call_off_thread`) and its answer, or its `OnlineError` in
words, comes back as a queued signal on the GUI thread, so no window freezes; the connectors sign
in to a real Matrix homeserver (`matrix_connector`) or to the in-memory server; and the lobby's
calls: host a table (`HostChoice`, `host_game`), accept an invitation (`join_game`).
"""
from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, Qt, QThreadPool, Signal

from .types import BOT_SEAT_PREFIX, YOU_SEAT

if TYPE_CHECKING:
    from engine.online import Transport
    from engine.online.account import Account

translate = QCoreApplication.translate


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
    """Create the room inviting the remote players, and open it (a network call): the room id and
    two endpoints of this one device (`fan_out`), for the table and for the host's own seat."""
    from engine.online import fan_out
    invite = [s for s in choice.seats if s != YOU and not s.startswith(BOT_SEAT_PREFIX)]
    room_id = account.create_room(room_name, invite)
    return room_id, fan_out(account.open(room_id), 2)


def _online_folder() -> str:
    from . import autosave
    folder = os.path.join(autosave.default_autosave_folder(), "online")
    os.makedirs(folder, exist_ok=True)
    return folder


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name)


def host_save_path(room_id: str) -> str:
    """Where the host's app keeps its table (the match with its seed) after every change: beside
    the crash copy, one file per room; hosting resumes from it after the app restarts."""
    return os.path.join(_online_folder(), f"host-{_safe(room_id)}.json")


# -- the tables this app sat at, to reopen ------------------------------------------------------
HOSTED, SEATED = "host", "seat"


@dataclass(frozen=True)
class KnownTable:
    """A table this app hosted or joined as ``user``: reopened from the lobby's "Your tables"."""
    room_id: str
    name: str
    role: str      # HOSTED or SEATED


def _tables_path(user_id: str) -> str:
    return os.path.join(_online_folder(), f"tables-{_safe(user_id)}.json")


def known_tables(user_id: str) -> list[KnownTable]:
    """The tables ``user_id`` hosted (whose save is still here) or joined, newest first."""
    import json
    try:
        with open(_tables_path(user_id), encoding="utf-8") as file:
            rows = json.load(file)
    except (OSError, ValueError):
        return []
    found = [KnownTable(str(row["room"]), str(row.get("name", "")), str(row["role"]))
             for row in rows if isinstance(row, dict) and "room" in row and row.get("role") in (HOSTED, SEATED)]
    return [t for t in found if t.role == SEATED or os.path.exists(host_save_path(t.room_id))]


def remember_table(user_id: str, table: KnownTable) -> None:
    """Keep ``table`` first among ``user_id``'s tables (a file beside the host's saves)."""
    import json
    rows = [table, *(t for t in known_tables(user_id) if t.room_id != table.room_id)]
    path = _tables_path(user_id)
    with open(path + ".tmp", "w", encoding="utf-8") as file:
        json.dump([{"room": t.room_id, "name": t.name, "role": t.role} for t in rows], file)
    os.replace(path + ".tmp", path)


def reopen_game(account: Account, table: KnownTable) -> list[Transport]:
    """Open a table's room again (a network call): two endpoints of this device when it hosts."""
    from engine.online import fan_out
    transport = account.open(table.room_id)
    return fan_out(transport, 2) if table.role == HOSTED else [transport]


def join_game(account: Account, room_id: str) -> list[Transport]:
    """Join an invitation's room and open it (a network call)."""
    account.join(room_id)
    return [account.open(room_id)]
