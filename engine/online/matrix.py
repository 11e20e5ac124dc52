"""The real transport: a Matrix homeserver through matrix-nio, end-to-end encrypted.

Needs the optional extra ``online`` (``matrix-nio[e2e]``); nothing in `engine` imports this module
but by name, when a player goes online. Qt-free.

`MatrixAccount` runs one nio `AsyncClient` (one device of one account) on one background thread
with its own asyncio loop (the sync loop runs there for good; accounts in one process share that
thread); its methods are blocking calls into that loop. `MatrixTransport` is that device's
`Transport` for one room:

- **room events** go into an end-to-end encrypted room (Megolm, nio's ``room_send``). The
  transport reads the room forward with ``/messages`` from the room's start on opening; after
  that each sync's timeline goes straight into the log, or, when a gap is possible (a limited
  sync, a read under way), the room is read forward again from where the last read stopped: one
  ordered, gap-free log, filtered by room and de-duplicated by event id. A private message becomes
  readable only after the room read that follows its arrival, so a view never overtakes the setup
  or the applied entries it follows. A new device cannot decrypt what was sent before it existed, so it
  asks the room's members for those Megolm sessions (``org.tablekeeper.keys_wanted``, Olm-
  encrypted to their devices); a member that holds one forwards it (``org.tablekeeper.room_key``)
  and the transport imports it, but only sessions it asked for, from a member of that room.
  An event nobody can decrypt holds the log back for `UNDECRYPTABLE_SECONDS`, then is skipped
  (logged).
- **private messages** are Olm-encrypted per device: the content, wrapped with the room id, is
  encrypted with nio's Olm machine for every device of the account (but this one) and sent as an
  ``m.room.encrypted`` to-device message, so the homeserver never holds it readable. nio drops
  decrypted Olm payloads of types it does not know; this module takes ``org.tablekeeper.*`` ones
  from its Olm machine before that and puts them in the room's inbox. Devices are trusted on first
  use (there is no verification step).
- `post` and `send_to` never block: they check the size (`MAX_MESSAGE_BYTES` of JSON: what still
  fits in 64 KiB once encrypted) and queue, and the network thread sends in order, awaiting each
  (with a stable transaction id, so nio's retries do not duplicate). nio sleeps on 429s
  (``status`` "throttled") and retries connection errors for ever (``status`` "offline").
"""
from __future__ import annotations

import asyncio
import dataclasses
import itertools
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlparse

import nio
from nio.crypto import OlmDevice

from .account import Account, Invitation, OnlineError
from .transport import PrivateMessage, RoomEvent

__all__ = ["Account", "Invitation", "MatrixAccount", "MatrixTransport", "OnlineError", "MAX_MESSAGE_BYTES"]

log = logging.getLogger("tablekeeper.online.matrix")

PREFIX = "org.tablekeeper."
KEYS_WANTED = PREFIX + "keys_wanted"
ROOM_KEY = PREFIX + "room_key"
# The homeserver refuses events and to-device messages over 64 KiB. Encryption turns the content
# into base64 (4/3) with a few hundred bytes of keys around it: content over this many bytes of
# JSON would not fit once encrypted, and is refused before it is queued.
MAX_MESSAGE_BYTES = 44 * 1024
WIRE_LIMIT = 60 * 1024
UNDECRYPTABLE_SECONDS = 30.0
KEY_REQUEST_AFTER = 0.5        # seconds an event stays undecryptable before its keys are asked for
SYNC_TIMEOUT_MS = 10_000
CLAIM_AGAIN_AFTER = 60.0       # seconds before claiming a key of a device that had none left again
CALL_TIMEOUT = 60.0
FLUSH_SECONDS = 5.0            # closing waits this long for queued messages to go out
_ROOM_FILTER = {"types": ["m.room.encrypted", PREFIX + "*"], "lazy_load_members": False}
_SYNC_FILTER = {"room": {"timeline": {"limit": 20}, "ephemeral": {"types": []}, "account_data": {"types": []}},
                "presence": {"types": []}, "account_data": {"types": []}}
_ENCRYPTION = {"type": "m.room.encryption", "state_key": "", "content": {"algorithm": "m.megolm.v1.aes-sha2"}}

T = TypeVar("T")


def _size(content: Any) -> int:
    return len(json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode())


def _checked(kind: str, content: dict[str, Any]) -> dict[str, Any]:
    """The content as it will go out (a copy: the caller may change its own afterwards), or
    `OnlineError` if it is not JSON or too large."""
    try:
        text = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as error:
        raise OnlineError(f"a {kind} message is not JSON: {error}") from None
    size = len(text.encode())
    if size > MAX_MESSAGE_BYTES:
        raise OnlineError(f"a {kind} message of {size} bytes is too large to send (at most {MAX_MESSAGE_BYTES} "
                          "bytes before encryption; the homeserver refuses more than 64 KiB)")
    copy: dict[str, Any] = json.loads(text)
    return copy


def _check_homeserver(url: str) -> str:
    parsed = urlparse(url.strip())
    if parsed.scheme not in ("http", "https") or not parsed.netloc or parsed.query or parsed.fragment:
        raise OnlineError(f"{url!r} is not a homeserver address (expected https://host[:port])")
    return url.strip().rstrip("/")


@dataclass
class _Outgoing:
    kind: str
    content: dict[str, Any]
    tx_id: str
    to: str | None = None             # an account: a private message
    device: str | None = None         # only this device of ``to``


class MatrixTransport:
    """One device's transport for one room (see the module's docstring)."""

    def __init__(self, account: MatrixAccount, room_id: str) -> None:
        self._account = account
        self.account = account.user_id
        self.room_id = room_id
        self.on_arrival: Callable[[], None] | None = None
        self.errors: list[str] = []                  # sends the homeserver refused, newest last
        self._lock = threading.Lock()
        self._events: list[RoomEvent] = []
        self._held: list[tuple[float, Any]] = []     # (first seen, nio event) not yet in the log
        self._seen: set[str] = set()
        self._from: str | None = None
        self._inbox: list[PrivateMessage] = []
        self._arriving: list[tuple[float, PrivateMessage]] = []  # not yet readable (see `_release`)
        self._read_from = 0.0         # when the last complete read of the room began
        self._reading = False
        self._queue: asyncio.Queue[_Outgoing | None] | None = None
        self._wake: asyncio.Event | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._tx = itertools.count(1)
        self._tx_prefix = f"tk{secrets.token_hex(6)}"
        self._closed = False
        self.caught_up: Future[None] = Future()

    # -- the Transport protocol (any thread) ---------------------------------------------------
    @property
    def status(self) -> str:
        return self._account.status

    def post(self, kind: str, content: dict[str, Any]) -> None:
        self._enqueue(_Outgoing(kind, content, self._next_tx()))

    def send_to(self, account: str, kind: str, content: dict[str, Any]) -> None:
        self._enqueue(_Outgoing(kind, content, self._next_tx(), to=account))

    def room_since(self, index: int) -> list[RoomEvent]:
        with self._lock:
            return self._events[index:]

    def receive(self) -> list[PrivateMessage]:
        with self._lock:
            messages, self._inbox = self._inbox, []
        return messages

    def close(self) -> None:
        """Stop this room's tasks (`MatrixAccount.close` closes every room's)."""
        if not self._closed:
            self._closed = True
            self._account._loop.call_soon_threadsafe(self._stop)

    # -- internals (the network thread) ------------------------------------------------------------
    def _next_tx(self) -> str:
        return f"{self._tx_prefix}.{next(self._tx)}"

    def _enqueue(self, item: _Outgoing) -> None:
        if self._closed:
            raise OnlineError("this table's connection is closed")
        item.content = _checked(item.kind, item.content)
        queue = self._queue
        assert queue is not None
        self._account._loop.call_soon_threadsafe(queue.put_nowait, item)

    def _arrived(self) -> None:
        callback = self.on_arrival
        if callback is not None:
            try:
                callback()
            except Exception:
                log.exception("on_arrival callback failed")

    def _private(self, message: PrivateMessage) -> None:
        """A private message arrived. It is readable once the room has been read from a moment
        after it arrived, with nothing held back: whatever the host posted in the room before it
        sent this (the setup, the applied entries a view follows) is then readable first."""
        self._arriving.append((time.monotonic(), message))
        if not self.caught_up.done():
            self.wake()

    def _release(self) -> None:
        if self._held or not self._arriving:
            return
        ready = [message for arrived, message in self._arriving if arrived <= self._read_from]
        if ready:
            self._arriving = self._arriving[len(ready):]
            with self._lock:
                self._inbox.extend(ready)
            self._arrived()

    def _start(self) -> None:
        self._queue = asyncio.Queue()
        self._wake = asyncio.Event()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._sender()), loop.create_task(self._reader())]

    def _stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        if self._account._transports.get(self.room_id) is self:
            del self._account._transports[self.room_id]

    def wake(self) -> None:
        if self._wake is not None:
            self._wake.set()

    async def _sender(self) -> None:
        assert self._queue is not None
        while True:
            item = await self._queue.get()
            if item is None:
                return
            for attempt in itertools.count():
                try:
                    if item.to is None:
                        error = await self._account._room_send(self.room_id, item.kind, item.content, item.tx_id)
                    else:
                        error = await self._account._send_private(item.to, item.kind,
                                                                  {"room": self.room_id, "body": item.content},
                                                                  item.tx_id, item.device)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # nio raises on some local conditions (room not synced yet)
                    if attempt >= 30:
                        error = f"gave up after {attempt} attempts: {exc}"
                    else:
                        log.warning("%s: sending %s failed (%s); retrying", self.account, item.kind, exc)
                        await asyncio.sleep(min(2.0, 0.1 * 2 ** attempt))
                        continue
                if error:
                    log.error("%s: the homeserver refused %s: %s", self.account, item.kind, error)
                    self.errors.append(f"{item.kind}: {error}")
                break
            if item.to == self.account and item.device is None:
                # Matrix never brings a device its own to-device messages: this device gets its
                # copy here, after every earlier send (the host's table and its own player may
                # share this device, `fan_out`)
                self._private(PrivateMessage(self.account, item.kind, json.loads(json.dumps(item.content))))
                self.wake()   # readable after the next room read: read now, not at the next sync
            self._queue.task_done()

    async def _reader(self) -> None:
        assert self._wake is not None
        while True:
            try:
                await self._read()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("%s: reading the room failed (%s); retrying", self.account, exc)
                await asyncio.sleep(0.5)
                self._wake.set()
            else:
                if not self._held and not self.caught_up.done():
                    self.caught_up.set_result(None)
            timeout = None
            if self._held:
                timeout = KEY_REQUEST_AFTER
            try:
                await asyncio.wait_for(self._wake.wait(), timeout)
            except TimeoutError:
                pass
            self._wake.clear()

    async def _read(self) -> None:
        """Read the room forward from where the last read stopped, then move what can be read into
        the log."""
        client = self._account._client
        started = time.monotonic()
        self._reading = True
        try:
            while True:
                answer = await client.room_messages(self.room_id, start=self._from, limit=200,
                                                    direction=nio.MessageDirection.front, message_filter=_ROOM_FILTER)
                if not isinstance(answer, nio.RoomMessagesResponse):
                    raise OnlineError(f"reading the room failed: {getattr(answer, 'message', answer)}")
                self._hold(answer.chunk)
                if not answer.chunk or not answer.end:
                    break
                self._from = answer.end
        finally:
            self._reading = False
        await self._drain(catching_up=not self.caught_up.done())
        self._read_from = started
        self._release()

    def _hold(self, events: list[Any]) -> None:
        now = time.monotonic()
        for event in events:
            if event.event_id not in self._seen:
                self._seen.add(event.event_id)
                self._held.append((now, event))

    async def synced(self, events: list[Any], limited: bool) -> None:
        """A sync brought the room's newest events. When nothing can lie between them and the log
        (the room was read to its end, no read is under way or due, and the sync left no gap) they
        go straight in; otherwise the room is read again from where the last read stopped (which
        reads these too, in order)."""
        if limited or not self._current():
            self.wake()
            return
        started = time.monotonic()
        self._hold(events)
        await self._drain(catching_up=False)
        self._read_from = started
        self._release()

    def quiet(self) -> None:
        """A sync brought nothing for the room: the log is as current as the sync."""
        if not self._arriving:
            return
        if self._current():
            self._read_from = time.monotonic()
            self._release()
        else:
            self.wake()

    def _current(self) -> bool:
        return (self.caught_up.done() and not self._reading and self._wake is not None
                and not self._wake.is_set())

    async def _drain(self, catching_up: bool) -> None:
        """Move the held events into the log in order, up to the first that cannot be decrypted
        yet; ask the room's members for the keys of those (at once for the history a new device
        reads on opening, else after `KEY_REQUEST_AFTER`: the key may be on its way)."""
        added = False
        wanted: dict[tuple[str, str], float] = {}
        now = time.monotonic()
        while self._held:
            seen, event = self._held[0]
            if isinstance(event, nio.MegolmEvent):
                decrypted = self._account._decrypt(event, self.room_id)
                if decrypted is None:
                    if now - seen > UNDECRYPTABLE_SECONDS:
                        log.warning("%s: skipped event %s from %s: no key for it after %.0f s", self.account,
                                    event.event_id, event.sender, UNDECRYPTABLE_SECONDS)
                        self._held.pop(0)
                        continue
                    for _, other in self._held:
                        if isinstance(other, nio.MegolmEvent):
                            wanted[(other.sender_key, other.session_id)] = seen
                    break
                event = decrypted
            self._held.pop(0)
            self._account._met(event)
            if not isinstance(event, nio.UnknownEvent) or not event.type.startswith(PREFIX):
                continue
            if event.type in (KEYS_WANTED, ROOM_KEY):
                continue
            content = event.source.get("content")
            with self._lock:
                self._events.append(RoomEvent(len(self._events) + 1, event.sender, event.type, content))
            added = True
        if wanted:
            await self._account._want_keys(self.room_id, [key for key, seen in wanted.items()
                                                          if catching_up or now - seen >= KEY_REQUEST_AFTER])
        if added:
            self._arrived()


class _Network:
    """The one thread (and asyncio loop) every account of this process networks on; it stops
    when the last account closes. One thread, not one per account: nio's crypto stores bind
    peewee's models to their database for each call, which is global, so two stores used from
    two threads at once would read each other's tables."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._users = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    def acquire(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                self._thread = threading.Thread(target=self._run, args=(loop,), name="tablekeeper-matrix",
                                                daemon=True)
                self._loop = loop
                self._thread.start()
            self._users += 1
            return self._loop

    def release(self) -> None:
        with self._lock:
            self._users -= 1
            if self._users > 0 or self._loop is None:
                return
            loop, thread = self._loop, self._thread
            self._loop = self._thread = None
        loop.call_soon_threadsafe(loop.stop)
        if thread is not None and thread is not threading.current_thread():
            thread.join(10)

    @staticmethod
    def _run(loop: asyncio.AbstractEventLoop) -> None:
        asyncio.set_event_loop(loop)
        loop.run_forever()
        loop.close()


_NETWORK = _Network()


class MatrixAccount:
    """One device of one Matrix account, networking on the process's network thread (see the
    module)."""

    def __init__(self, homeserver: str, store_dir: Path) -> None:
        self.homeserver = homeserver
        self.store_dir = store_dir
        self.user_id = ""
        self.device_id = ""
        self.access_token = ""
        self.status = "connected"
        self._loop = _NETWORK.acquire()
        self._client: nio.AsyncClient = None  # made on the loop
        self._transports: dict[str, MatrixTransport] = {}
        self._early: dict[str, list[PrivateMessage]] = {}   # private messages for rooms not open yet
        self._requested: dict[tuple[str, str, str], float] = {}  # (room, sender key, session) -> when asked
        self._sync_task: asyncio.Task[None] | None = None
        self._unclaimable: dict[str, float] = {}   # device id -> when claiming its one-time key failed
        self._olm_lock: asyncio.Lock | None = None
        self._closed = False

    # -- signing in ----------------------------------------------------------------------------
    @classmethod
    def login(cls, homeserver: str, user: str, *, password: str | None = None, token: str | None = None,
              device_id: str | None = None, store_dir: str | Path) -> MatrixAccount:
        """Sign in with a password (a new device, or ``device_id`` again) or resume a session with
        its access ``token``; sync once and keep syncing in the background."""
        url = _check_homeserver(homeserver)
        if (password is None) == (token is None):
            raise OnlineError("sign in with either a password or an access token")
        store = Path(store_dir)
        try:
            store.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OnlineError(f"cannot use {store} for the encryption keys: {error.strerror}") from None
        account = cls(url, store)
        try:
            account._call(account._login(user, password, token, device_id), CALL_TIMEOUT)
        except BaseException:
            account.close()
            raise
        return account

    async def _login(self, user: str, password: str | None, token: str | None, device_id: str | None) -> None:
        config = nio.AsyncClientConfig(store_sync_tokens=True, encryption_enabled=True, max_timeouts=2,
                                       max_timeout_retry_wait_time=2, request_timeout=SYNC_TIMEOUT_MS / 1000 + 20)
        self._olm_lock = asyncio.Lock()
        client = nio.AsyncClient(self.homeserver, user, device_id=device_id or "", store_path=str(self.store_dir),
                                 config=config)
        self._client = client
        try:
            if token is not None:
                if not device_id or not user.startswith("@"):
                    client.access_token = token
                    who = await client.whoami()
                    if not isinstance(who, nio.WhoamiResponse):
                        raise OnlineError(f"the homeserver refused the access token: {who.message}")
                    user, device_id = who.user_id, who.device_id or device_id
                if not device_id:
                    raise OnlineError("the access token names no device: sign in with the password")
                if not (self.store_dir / f"{user}_{device_id}.db").is_file():
                    # nio would make new keys for a device the others know by its old ones
                    raise OnlineError(f"the encryption keys of device {device_id} are not in {self.store_dir}: "
                                      "sign in with the password (a new device)")
                client.restore_login(user, device_id, token)
            else:
                answer = await client.login(password, device_name="Tablekeeper")
                if not isinstance(answer, nio.LoginResponse):
                    raise OnlineError(f"the homeserver refused the sign-in: {answer.message}")
            self._fast_store(client)
            if client.should_upload_keys:
                await client.keys_upload()
            first = await client.sync(timeout=0, sync_filter=_SYNC_FILTER, full_state=True)
            if not isinstance(first, nio.SyncResponse):
                raise OnlineError(f"the first sync failed: {getattr(first, 'message', first)}")
        except OnlineError:
            await client.close()
            raise
        except (nio.exceptions.LocalProtocolError, OSError, TimeoutError, ValueError) as error:
            await client.close()
            raise OnlineError(f"cannot reach the homeserver at {self.homeserver}: "
                              f"{error or type(error).__name__}") from None
        except Exception as error:  # aiohttp's errors (bad host names, refused connections, ...)
            log.info("signing in to %s failed", self.homeserver, exc_info=True)
            await client.close()
            raise OnlineError(f"cannot reach the homeserver at {self.homeserver}: "
                              f"{error or type(error).__name__}") from None
        self.user_id, self.device_id, self.access_token = client.user_id, client.device_id, client.access_token
        # from now on, retry connection errors for ever
        client.config = dataclasses.replace(config, max_timeouts=None, max_timeout_retry_wait_time=5)
        self._instrument(client)
        client.add_response_callback(self._on_sync, nio.SyncResponse)
        self._sync_task = asyncio.get_running_loop().create_task(self._sync_forever())

    @staticmethod
    def _fast_store(client: nio.AsyncClient) -> None:
        """nio saves its crypto state (every Olm ratchet step, the sync token) in SQLite with a
        synced commit each: ~6 ms a write on a busy disk, on the network thread. A write-ahead log
        without a sync per commit keeps it through an app crash (not a power cut)."""
        database = getattr(client.store, "database", None)
        if database is None:
            return
        try:
            database.execute_sql("PRAGMA journal_mode=WAL")
            database.execute_sql("PRAGMA synchronous=NORMAL")
        except Exception as error:  # an unusual store: keep nio's settings
            log.info("could not tune the crypto store: %s", error)

    def _instrument(self, client: nio.AsyncClient) -> None:
        """Status from every HTTP exchange; org.tablekeeper.* Olm payloads into the rooms' inboxes."""
        send = client.send

        async def send_with_status(*args: Any, **kwargs: Any) -> Any:
            try:
                response = await send(*args, **kwargs)
            except (OSError, TimeoutError, nio.exceptions.LocalProtocolError):
                self.status = "offline"
                raise
            except Exception as error:
                if type(error).__module__.startswith("aiohttp"):
                    self.status = "offline"
                raise
            if response.status == 429:
                self.status = "throttled"
            elif response.status >= 500:
                self.status = "offline"
            else:
                self.status = "connected"
            return response

        client.send = send_with_status
        olm = client.olm
        assert olm is not None
        handle = olm._handle_olm_event

        def handle_olm_event(sender: str, sender_key: str, payload: dict[Any, Any]) -> Any:
            if isinstance(payload.get("type"), str) and payload["type"].startswith(PREFIX):
                self._olm_payload(sender, sender_key, payload)
                return None
            return handle(sender, sender_key, payload)

        olm._handle_olm_event = handle_olm_event

    async def _sync_forever(self) -> None:
        while not self._closed:
            try:
                await self._client.sync_forever(timeout=SYNC_TIMEOUT_MS, sync_filter=_SYNC_FILTER)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self.status = "offline"
                log.warning("%s: the sync loop failed (%s); restarting it", self.user_id, error)
                await asyncio.sleep(1)

    async def _on_sync(self, response: nio.SyncResponse) -> None:
        keys = bool(response.to_device_events)
        for room_id, transport in list(self._transports.items()):
            info = response.rooms.join.get(room_id)
            if info is not None and info.timeline.events:
                await transport.synced(info.timeline.events, info.timeline.limited)
            elif keys and transport._held:
                transport.wake()
            else:
                transport.quiet()

    # -- the thread ----------------------------------------------------------------------------
    def _call(self, coroutine: Coroutine[Any, Any, T], timeout: float = CALL_TIMEOUT) -> T:
        if self._closed:
            coroutine.close()
            raise OnlineError("this account is signed out")
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(timeout)
        except FutureTimeout:
            future.cancel()
            raise OnlineError(f"the homeserver at {self.homeserver} did not answer within {timeout:.0f} s") from None

    # -- the Account protocol ------------------------------------------------------------------
    def create_room(self, name: str, invite: Sequence[str]) -> str:
        return self._call(self._create_room(name, list(invite)))

    async def _create_room(self, name: str, invite: list[str]) -> str:
        answer = await self._client.room_create(
            name=name, invite=invite, preset=nio.RoomPreset.private_chat,
            initial_state=[_ENCRYPTION,
                           {"type": "m.room.history_visibility", "state_key": "",
                            "content": {"history_visibility": "shared"}},
                           {"type": "m.room.join_rules", "state_key": "", "content": {"join_rule": "invite"}}],
            power_level_override={"events_default": 0, "state_default": 100, "invite": 100, "kick": 100,
                                  "ban": 100, "redact": 100, "users_default": 0})
        if not isinstance(answer, nio.RoomCreateResponse):
            raise OnlineError(f"the homeserver refused to create the room: {answer.message}")
        await self._until(lambda: answer.room_id in self._client.rooms)
        return str(answer.room_id)

    def invitations(self) -> list[Invitation]:
        return self._call(self._invitations())

    async def _invitations(self) -> list[Invitation]:
        return [Invitation(room_id, room.inviter or "", room.name or room.display_name or room_id)
                for room_id, room in self._client.invited_rooms.items()]

    def join(self, room_id: str) -> None:
        self._call(self._join(room_id))

    async def _join(self, room_id: str) -> None:
        answer = await self._client.join(room_id)
        if not isinstance(answer, nio.JoinResponse):
            raise OnlineError(f"the homeserver refused to join {room_id}: {answer.message}")
        await self._until(lambda: room_id in self._client.rooms)

    def open(self, room_id: str) -> MatrixTransport:
        transport = self._call(self._open(room_id))
        try:
            transport.caught_up.result(CALL_TIMEOUT)
        except FutureTimeout:
            raise OnlineError(f"reading the room {room_id} took over {CALL_TIMEOUT:.0f} s") from None
        return transport

    async def _open(self, room_id: str) -> MatrixTransport:
        try:
            await self._until(lambda: room_id in self._client.rooms, 10)  # another device may have just joined
        except OnlineError:
            raise OnlineError(f"{self.user_id} has not joined the room {room_id}") from None
        old = self._transports.get(room_id)
        if old is not None:
            old._closed = True
            old._stop()
        transport = MatrixTransport(self, room_id)
        transport._start()
        for message in self._early.pop(room_id, []):
            transport._private(message)
        self._transports[room_id] = transport
        return transport

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        future = asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
        try:
            future.result(15)
        except Exception as error:
            log.warning("closing the Matrix connection: %s", error)
        _NETWORK.release()

    async def _shutdown(self) -> None:
        queues = [transport._queue.join() for transport in self._transports.values() if transport._queue is not None]
        try:
            await asyncio.wait_for(asyncio.gather(*queues), FLUSH_SECONDS)  # what was queued goes out first
        except TimeoutError:
            log.warning("%s: closing with messages not sent", self.user_id)
        tasks: list[asyncio.Task[Any]] = [t for tr in self._transports.values() for t in tr._tasks]
        if self._sync_task is not None:
            tasks.append(self._sync_task)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._client is not None:
            await self._client.close()  # the sync token is in the store already (store_sync_tokens)

    async def _until(self, condition: Callable[[], bool], timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise OnlineError("the homeserver did not confirm the change in time")
            await asyncio.sleep(0.02)

    # -- sending (network thread) ----------------------------------------------------------------
    async def _room_send(self, room_id: str, kind: str, content: dict[str, Any], tx_id: str) -> str | None:
        answer = await self._client.room_send(room_id, kind, content, tx_id=tx_id, ignore_unverified_devices=True)
        if isinstance(answer, nio.RoomSendResponse):
            return None
        return f"{answer.status_code}: {answer.message}"

    async def _devices(self, account: str) -> list[OlmDevice]:
        """``account``'s devices (this one left out), each with an Olm session to it."""
        client = self._client
        olm = client.olm
        assert olm is not None and self._olm_lock is not None
        async with self._olm_lock:
            if account not in olm.tracked_users:
                olm.users_for_key_query.add(account)
            if client.should_query_keys:
                await client.keys_query()
            now = time.monotonic()
            missing = {user: [d for d in devices if now - self._unclaimable.get(d, -1e9) > CLAIM_AGAIN_AFTER]
                       for user, devices in olm.get_missing_sessions([account]).items()}
            missing = {user: devices for user, devices in missing.items() if devices}
            if missing:
                await client.keys_claim(missing)
                for devices in olm.get_missing_sessions([account]).values():
                    self._unclaimable.update(dict.fromkeys(devices, now))  # no one-time key left: a dead device
        return [device for device in client.device_store.active_user_devices(account)
                if not (account == self.user_id and device.id == self.device_id)]

    async def _send_private(self, account: str, kind: str, content: dict[str, Any], tx_id: str,
                            only_device: str | None = None) -> str | None:
        client = self._client
        olm = client.olm
        assert olm is not None
        errors = []
        for device in await self._devices(account):
            if only_device is not None and device.id != only_device:
                continue
            session = olm.session_store.get(device.curve25519)
            if session is None:
                log.warning("%s: no Olm session to %s's device %s: not sent", self.user_id, account, device.id)
                continue
            encrypted = olm._olm_encrypt(session, device, kind, content)
            if _size(encrypted) > WIRE_LIMIT:
                errors.append(f"{_size(encrypted)} bytes once encrypted: too large")
                continue
            answer = await client.to_device(nio.ToDeviceMessage("m.room.encrypted", account, device.id, encrypted),
                                            tx_id=f"{tx_id}.{device.id}")
            if not isinstance(answer, nio.ToDeviceResponse):
                errors.append(f"{device.id}: {answer.status_code} {answer.message}")
        return "; ".join(errors) or None

    # -- receiving (network thread) -------------------------------------------------------------
    def _decrypt(self, event: nio.MegolmEvent, room_id: str) -> Any:
        olm = self._client.olm
        assert olm is not None
        try:
            return olm.decrypt_megolm_event(event, room_id)
        except nio.EncryptionError:
            return None

    def _met(self, event: Any) -> None:
        """A room event from a device this one has not met yet: learn its keys (before a private
        message goes to its account)."""
        sender_key = getattr(event, "sender_key", None)
        olm = self._client.olm
        if (olm is not None and isinstance(sender_key, str) and event.sender != self.user_id
                and self._client.device_store.device_from_sender_key(event.sender, sender_key) is None):
            olm.users_for_key_query.add(event.sender)

    def _olm_payload(self, sender: str, sender_key: str, payload: dict[Any, Any]) -> None:
        kind: str = payload["type"]
        content = payload.get("content")
        if not isinstance(content, dict) or not isinstance(content.get("room"), str):
            log.warning("%s: ignored a malformed %s from %s", self.user_id, kind, sender)
            return
        room_id = content["room"]
        body = content.get("body")
        if kind == KEYS_WANTED:
            device = payload.get("sender_device")
            self._loop.create_task(self._give_keys(sender, device if isinstance(device, str) else None,
                                                   room_id, body))
            return
        if kind == ROOM_KEY:
            self._take_key(sender, sender_key, room_id, body)
            return
        message = PrivateMessage(sender, kind, body)
        transport = self._transports.get(room_id)
        if transport is None:
            self._early.setdefault(room_id, []).append(message)
        else:
            transport._private(message)

    async def _want_keys(self, room_id: str, keys: list[tuple[str, str]]) -> None:
        now = time.monotonic()
        fresh = [key for key in keys if now - self._requested.get((room_id, *key), -1e9) > 5.0]
        if not fresh:
            return
        for key in fresh:
            self._requested[(room_id, *key)] = now
        room = self._client.rooms.get(room_id)
        members = sorted(room.users) if room is not None else []
        log.info("%s: asking %s for %d room keys", self.user_id, members, len(fresh))
        body = {"sessions": [list(key) for key in fresh]}
        for member in members:
            tx = f"tkkeys{secrets.token_hex(6)}"
            await self._send_private(member, KEYS_WANTED, {"room": room_id, "body": body}, tx)

    async def _give_keys(self, sender: str, device: str | None, room_id: str, body: Any) -> None:
        room = self._client.rooms.get(room_id)
        if room is None or sender not in room.users or device is None:
            log.warning("%s: refused room keys to %s, not a member of %s", self.user_id, sender, room_id)
            return
        olm = self._client.olm
        assert olm is not None
        sessions = body.get("sessions") if isinstance(body, dict) else None
        for item in sessions if isinstance(sessions, list) else []:
            if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)):
                continue
            session = olm.inbound_group_store.get(room_id, item[0], item[1])
            if session is None:
                continue
            key = {"sender_key": session.sender_key, "session_id": session.id, "signing_key": session.ed25519,
                   "chain": list(session.forwarding_chain),
                   "session_key": session.export_session(session.first_known_index)}
            await self._send_private(sender, ROOM_KEY, {"room": room_id, "body": key},
                                     f"tkkey{secrets.token_hex(6)}", device)

    def _take_key(self, sender: str, sender_key: str, room_id: str, body: Any) -> None:
        room = self._client.rooms.get(room_id)
        if not isinstance(body, dict) or room is None or sender not in room.users:
            log.warning("%s: ignored a room key from %s for %s", self.user_id, sender, room_id)
            return
        fields = ("sender_key", "session_id", "signing_key", "session_key")
        if not all(isinstance(body.get(name), str) for name in fields) or not isinstance(body.get("chain"), list):
            return
        if (room_id, body["sender_key"], body["session_id"]) not in self._requested:
            log.info("%s: ignored a room key %s it did not ask for", self.user_id, body["session_id"])
            return
        olm = self._client.olm
        assert olm is not None
        if olm.inbound_group_store.get(room_id, body["sender_key"], body["session_id"]) is not None:
            return
        session = nio.crypto.Olm._import_group_session(body["session_key"], body["signing_key"], body["sender_key"],
                                                       room_id, [*map(str, body["chain"]), sender_key])
        if session is None or session.id != body["session_id"]:
            log.warning("%s: a room key from %s did not import", self.user_id, sender)
            return
        if olm.inbound_group_store.add(session):
            olm.save_inbound_group_session(session)
        transport = self._transports.get(room_id)
        if transport is not None:
            transport.wake()
