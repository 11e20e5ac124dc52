"""A seat's side of an online table: the public log, its own view, its commands, and the audit.

`SeatClient` reads the room from the start (a restarted or new device catches up from the
history alone), keeps the applied entries as the public log and the latest view the host sent
it, sends its commands (a private one to the host alone, any other into the room), notes
refusals, and says hello so the host sends its view again. A computer player can drive it
(``bot``): it then chooses from the view and legal commands the host sent, through the same
path a person's commands take.

The host's views may run ahead of its room (batches are paced): the entries they carry join the
log at once and are checked against the room's when it shows them (`confirmed`, `conflicts`).
On its clock the client resends a command the host answered neither way (same cid; at once when
a restarted host posts `hosting`), asks again for a packed message whose parts did not all come,
and tells a status bar when the host seems away (`status_text`).

When the host reveals the seed, `verify` replays the whole game: the seed must match the
commitment in the setup, and every applied entry (command as posted, public events, digest) must
be what the engine gives from that seed.
"""
from __future__ import annotations

import itertools
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.bots import Bot, wants_state
from engine.core import Command, ConfigError, Match, Rng, TablekeeperError

from .messages import (
    APPLIED,
    HOSTING,
    PACKED,
    REFUSED,
    RESULT,
    SEATS,
    SETUP,
    VIEW,
    Applied,
    CommandMessage,
    Entry,
    Hello,
    MessageError,
    Packed,
    RefusedMessage,
    Result,
    Seats,
    Setup,
    View,
    log,
    no_floats,
    read,
    seed_commitment,
    unpack,
)
from .transport import Transport

_BOT_STREAM = 0xC11E


@dataclass
class _Parts:
    """A packed message's parts as they come."""
    inner: str
    parts: int
    since: float
    got: dict[int, Packed] = field(default_factory=dict)


class VerificationError(Exception):
    """The revealed seed does not reproduce what the host posted: the host cheated or erred."""


class SeatClient:
    def __init__(self, transport: Transport, bot: Bot | None = None, bot_seed: int = 0, *,
                 private_commands: bool = False, clock: Callable[[], float] = time.monotonic,
                 resend_after: float = 30.0, repair_after: float = 10.0, away_after: float = 60.0,
                 max_resends: int = 5) -> None:
        if bot is not None and wants_state(bot):
            raise ConfigError(f"the {bot.name} bot needs whole states; a remote seat has only its view")
        self.transport = transport
        self.bot = bot
        self.private_commands = private_commands  # every command to the host alone (not rate-limited)
        self._bot_rng = Rng(bot_seed, stream=_BOT_STREAM)
        self.cursor = 0
        self.setup: Setup | None = None
        self.holders: tuple[str, ...] = ()
        self.entries: list[Entry] = []          # the public log: entry i has seq i + 1
        self.confirmed = 0                      # entries up to this seq are the room's (the rest came in views)
        self.conflicts: list[str] = []          # where the host's views and its room disagree (see verify)
        self._early: dict[int, Entry] = {}      # entries from a view beyond a gap the room has not filled yet
        self._claims: dict[int, str] = {}       # seq -> the digest a view claimed for it, until the room shows it
        self.view: View | None = None
        self.private_events: dict[int, list[dict[str, Any]]] = {}  # seq -> this seat's private events
        self.refusals: list[RefusedMessage] = []
        self.pending: dict[str, CommandMessage] = {}
        self.result: Result | None = None
        self.ignored: list[str] = []
        self._cids = itertools.count(1)
        self._cid_prefix = secrets.token_hex(4)
        # timing (seconds on ``clock``): resend a command the host answered neither way; ask the host
        # again for a packed message whose parts did not all come; call the host away
        self.clock = clock
        self.resend_after, self.repair_after, self.away_after = resend_after, repair_after, away_after
        self.max_resends = max_resends
        self.resends = 0                        # commands sent again (same cid)
        self.repairs = 0                        # hellos sent for packed messages lost or broken
        self.last_from_host: float | None = None  # when anything last came from the host
        self.started_at = clock()
        self._sent: dict[str, tuple[float, int]] = {}  # cid -> (when last sent, times sent)
        self._packs: dict[str, _Parts] = {}
        self._private_cids: set[str] = set()   # commands sent to the host alone (and so sent again)

    # -- what the client knows -----------------------------------------------------------------
    @property
    def seq(self) -> int:
        return len(self.entries)

    @property
    def seat(self) -> int | None:
        account = self.transport.account
        return self.holders.index(account) if account in self.holders else None

    @property
    def host(self) -> str | None:
        return None if self.setup is None else self.setup.host

    @property
    def legal(self) -> tuple[str, ...]:
        """The seat's legal commands, when the view it holds is of the game as it stands now."""
        view = self.view
        if view is None or view.seq != self.seq or self.result is not None:
            return ()
        return view.legal

    @property
    def digest(self) -> str | None:
        return self.entries[-1].digest if self.entries else None

    # -- what a status bar shows ---------------------------------------------------------------
    @property
    def transport_status(self) -> str:
        """The device's "connected", "throttled" or "offline"."""
        return str(getattr(self.transport, "status", "connected"))

    @property
    def deciders(self) -> tuple[int, ...]:
        """The seats that decide now, as the newest view says (none once the game is over)."""
        view = self.view
        if view is None or view.seq != self.seq or self.result is not None:
            return ()
        return view.deciders

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """The holders (accounts, or ``bot:KIND``) of the other seats that decide now."""
        return tuple(self.holders[s] for s in self.deciders if s != self.seat and s < len(self.holders))

    @property
    def host_quiet_for(self) -> float:
        """Seconds since anything last came from the host (since this client started, if nothing did)."""
        since = self.started_at if self.last_from_host is None else self.last_from_host
        return max(0.0, self.clock() - since)

    @property
    def host_away(self) -> bool:
        """The client waits for the host (a command unanswered, or no view yet) and nothing came
        from it for ``away_after`` seconds."""
        waiting = bool(self.pending) or self.view is None
        return waiting and self.result is None and self.host_quiet_for >= self.away_after

    @property
    def status_text(self) -> str:
        """One line for a status bar, most pressing first."""
        transport = self.transport_status
        if transport == "offline":
            return "offline: reconnecting"
        if self.result is not None:
            return "the game is over"
        if self.host_away:
            return "the host is away"
        if transport == "throttled":
            return "the server is throttling: sends wait"
        if self.pending:
            return "sent, waiting for the host"
        if self.legal:
            return "your turn"
        if self.waiting_for:
            return "waiting for " + ", ".join(self.waiting_for)
        return ""

    # -- receiving -----------------------------------------------------------------------------
    def start(self) -> None:
        """Catch up from the room's history, then ask the host for this seat's view."""
        self.pump()
        self.hello()

    def hello(self) -> None:
        """Ask the host for this seat's view (and its private events) again. The host's own
        player asks privately, as it sends its commands: the host's account posts only what the
        host posts, within the homeserver's rate limit."""
        hello = Hello(self.seq)
        if self.host is not None and self.host == self.transport.account:
            self.transport.send_to(self.host, hello.kind, hello.content())
        else:
            self.transport.post(hello.kind, hello.content())

    def pump(self) -> bool:
        """Read what arrived since the last call; True if anything new was taken in."""
        changed = False
        for event in self.transport.room_since(self.cursor):
            self.cursor = event.index
            if self.host is not None and event.sender == self.host:
                self.last_from_host = self.clock()
            changed |= self._room(event.sender, event.kind, event.content, f"room #{event.index}")
        for message in self.transport.receive():
            if self.host is not None and message.sender == self.host and message.kind in (VIEW, REFUSED, PACKED):
                self.last_from_host = self.clock()
            changed |= self._private(message.sender, message.kind, message.content)
        self._tick()
        return changed

    def _tick(self) -> None:
        """What the clock asks for: packed messages never completed, commands never answered."""
        now = self.clock()
        lost = [pid for pid, parts in self._packs.items() if now - parts.since >= self.repair_after]
        for pid in lost:
            del self._packs[pid]
            self._ignore(f"a packed message of which parts never came ({pid})")
        if lost:
            self._repair()
        for cid in [cid for cid in self._sent if cid not in self.pending]:
            del self._sent[cid]
        stale = [cid for cid, (at, _) in self._sent.items() if now - at >= self.resend_after]
        for cid in stale:
            self._resend(cid)

    def _repair(self) -> None:
        """Ask the host privately (not rate-limited) for this seat's view and private events again."""
        if self.host is not None and self.seat is not None:
            self.repairs += 1
            self.transport.send_to(self.host, Hello.kind, Hello(self.seq).content())

    def _resend(self, cid: str) -> None:
        message = self.pending[cid]
        _, times = self._sent.get(cid, (0.0, 1))
        if times > self.max_resends:
            del self.pending[cid]  # the host never answers it: give up (the player may decide afresh)
            self._sent.pop(cid, None)
            self._ignore(f"command {cid} was sent {times} times and never answered")
            return
        self.resends += 1
        self._transmit(message)
        self._sent[cid] = (self.clock(), times + 1)

    def _room(self, sender: str, kind: str, content: Any, where: str) -> bool:
        if kind == SETUP:
            if self.setup is not None:
                return self._ignore(f"{where}: a second setup from {sender}")
            setup = read(SETUP, content, sender, where)
            if not isinstance(setup, Setup):
                return False
            if setup.host != sender:
                return self._ignore(f"{where}: a setup from {sender} naming {setup.host} as host")
            self.setup, self.holders = setup, setup.seats
            return True
        if kind not in (APPLIED, SEATS, RESULT, HOSTING):
            return False  # commands and hellos are for the host
        if sender != self.host:
            return self._ignore(f"{where}: {kind} from {sender}, who is not the host")
        message = read(kind, content, sender, where)
        if kind == HOSTING and message is not None:
            for cid in list(self.pending):  # the host restarted: it may have lost what it had not saved
                self._resend(cid)
            return True
        if isinstance(message, Applied):
            return self._applied(message, where)
        if isinstance(message, Seats) and len(message.seats) == len(self.holders):
            self.holders = message.seats
            return True
        if isinstance(message, Result):
            self.result = message
            self.pending.clear()
            return True
        return False

    def _applied(self, batch: Applied, where: str) -> bool:
        changed = False
        for entry in batch.entries:
            if entry.seq <= self.confirmed:
                continue  # seen already (a repost after the host restarted)
            if entry.seq > self.seq + 1:
                return self._ignore(f"{where}: entry {entry.seq} after {self.seq} (a gap)") or changed
            if entry.seq <= self.seq and self.entries[entry.seq - 1] != entry:
                self._conflict(f"seq {entry.seq}: the room's entry differs from the one a view carried")
                del self.entries[entry.seq - 1:]
            if entry.seq == self.seq + 1:
                self._take(entry)
            claim = self._claims.pop(entry.seq, None)
            if claim is not None and claim != entry.digest:
                self._conflict(f"seq {entry.seq}: a view claimed another digest than the room's")
            self.confirmed = entry.seq
            changed = True
        self._take_early()
        return changed

    def _take(self, entry: Entry) -> None:
        self.entries.append(entry)
        if entry.ref is not None:
            self.pending.pop(entry.ref, None)

    def _take_early(self) -> None:
        for seq in sorted(self._early):
            if seq <= self.seq:
                entry = self._early.pop(seq)
                if entry != self.entries[seq - 1]:
                    self._conflict(f"seq {seq}: a view's entry differs from the room's")
            elif seq == self.seq + 1:
                self._take(self._early.pop(seq))

    def _conflict(self, what: str) -> None:
        log.warning("client %s: %s", self.transport.account, what)
        self.conflicts.append(what)

    def _view_entries(self, view: View) -> None:
        """Take the entries a view carries ahead of the room (checked when the room shows them)."""
        for entry in view.entries:
            if entry.seq > self.seq:
                self._early[entry.seq] = entry
            elif entry.seq > self.confirmed and entry != self.entries[entry.seq - 1]:
                self._conflict(f"seq {entry.seq}: two views carried different entries")
        self._take_early()
        if view.digest is not None and view.seq > self.confirmed:
            self._claims[view.seq] = view.digest
        elif view.digest is not None and view.seq and self.entries[view.seq - 1].digest != view.digest:
            self._conflict(f"seq {view.seq}: a view claimed another digest than the room's")

    def _private(self, sender: str, kind: str, content: Any) -> bool:
        if kind not in (VIEW, REFUSED, PACKED):
            return False  # commands sent privately to a host on the same account
        if sender != self.host:
            return self._ignore(f"private {kind} from {sender}, who is not the host")
        message = read(kind, content, sender, "private")
        if isinstance(message, Packed):
            return self._packed(sender, message)
        if isinstance(message, View):
            if message.seat != self.seat:
                return self._ignore(f"a view of seat {message.seat}, not this client's seat {self.seat}")
            self._view_entries(message)
            for event in message.events:
                seq = event.get("seq")
                if isinstance(seq, int):
                    known = self.private_events.setdefault(seq, [])
                    if event not in known:
                        known.append(event)
            if self.view is None or message.seq >= self.view.seq:
                self.view = message
            return True
        if isinstance(message, RefusedMessage):
            self.pending.pop(message.ref, None)
            self.refusals.append(message)
            return True
        return False

    def _packed(self, sender: str, part: Packed) -> bool:
        if part.inner not in (VIEW, REFUSED):
            return self._ignore(f"a packed {part.inner}, which is never packed")
        parts = self._packs.setdefault(part.pid, _Parts(part.inner, part.parts, self.clock()))
        if part.parts != parts.parts or part.inner != parts.inner:
            return self._ignore(f"a part of packed message {part.pid} that does not fit its other parts")
        parts.got[part.part] = part
        if len(parts.got) < parts.parts:
            return False
        del self._packs[part.pid]
        try:
            content = unpack([parts.got[n] for n in range(parts.parts)])
        except MessageError as error:
            self._ignore(f"packed message {part.pid}: {error}")
            self._repair()
            return False
        return self._private(sender, parts.inner, content)

    def _ignore(self, why: str) -> bool:
        log.warning("client %s ignored %s", self.transport.account, why)
        self.ignored.append(why)
        return False

    # -- sending -------------------------------------------------------------------------------
    def send(self, text: str, cid: str | None = None) -> str:
        """Send a command in the engine's notation (the seat may be left out); returns its cid."""
        seat = self.seat
        if seat is None or self.host is None:
            raise ConfigError("this account holds no seat at this table")
        command = Command.parse(text)
        if command.seat is None:
            command = command.by(seat)
        cid = cid or f"{self._cid_prefix}-{next(self._cids)}"
        message = CommandMessage(str(command), self.seq, cid)
        for old in [old for old, sent in self.pending.items() if sent.base < message.base]:
            del self.pending[old]  # decided afresh on a newer view: an older command is not sent again
            self._sent.pop(old, None)
        if cid not in self._private_cids and ((self.view is not None and message.command in self.view.private)
                                              or self.private_commands or self.host == self.transport.account):
            # only the host may read it; or the sender wants it so, or is the host's account:
            # to-device messages are not rate-limited
            self._private_cids.add(cid)
        self._transmit(message)
        self.pending[cid] = message
        times = self._sent[cid][1] + 1 if cid in self._sent else 1
        self._sent[cid] = (self.clock(), times)
        return cid

    def _transmit(self, message: CommandMessage) -> None:
        """Send (or send again) a command the way it was first sent: privately or into the room."""
        assert self.host is not None
        if message.cid in self._private_cids:
            self.transport.send_to(self.host, message.kind, message.content())
        else:
            self.transport.post(message.kind, message.content())

    def act(self) -> bool:
        """Let the bot send a command if this seat decides now and has no command on its way."""
        legal = self.legal
        if self.bot is None or not legal or any(m.base == self.seq for m in self.pending.values()):
            return False
        assert self.view is not None
        choice = self.bot.choose(json.loads(json.dumps(self.view.view)), tuple(Command.parse(c) for c in legal),
                                 self._bot_rng)
        self.send(str(choice))
        return True

    # -- the audit -----------------------------------------------------------------------------
    def verify(self) -> Match:
        """Replay the whole game from the revealed seed and check every posted entry; the replayed
        match is returned. Raises `VerificationError` on any difference."""
        if self.conflicts:
            raise VerificationError(f"the host's views and its room disagree: {self.conflicts[0]}")
        setup, result = self.setup, self.result
        if setup is None or result is None:
            raise VerificationError("the game has not ended: no seed was revealed")
        if self.confirmed != self.seq:
            raise VerificationError(f"the room shows {self.confirmed} of the {self.seq} entries the views carried")
        if seed_commitment(result.salt, result.seed) != setup.seed_commit:
            raise VerificationError("the revealed seed and salt do not match the setup's commitment")
        if len(result.commands) != len(self.entries):
            raise VerificationError(f"{len(result.commands)} commands revealed for {len(self.entries)} applied")
        try:
            match = Match.new(setup.game, setup.players, mode=setup.mode, seed=result.seed, options=setup.options)
            for entry, text in zip(self.entries, result.commands):
                events = match.apply(Command.parse(text))
                step = match.history[-1]
                if step.command_for(None) != entry.command:
                    raise VerificationError(f"seq {entry.seq}: {text!r} is posted as {entry.command!r}")
                public = no_floats([e.to_plain() for e in events if e.public])
                if public != list(entry.events):
                    raise VerificationError(f"seq {entry.seq}: the public events differ from the replay's")
                if match.digest() != entry.digest:
                    raise VerificationError(f"seq {entry.seq}: the digest differs from the replay's")
        except TablekeeperError as error:
            raise VerificationError(f"the revealed game does not replay: {error}") from None
        outcome = match.state.outcome
        if outcome is None or no_floats(outcome.to_plain()) != result.outcome:
            raise VerificationError("the replayed outcome differs from the posted one")
        return match
