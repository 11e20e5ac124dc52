"""The host's side of an online table: the one place the engine runs and the seed is known.

`HostTable` reads the room in order and the commands sent to it privately, applies or refuses
each with the engine's `Match`, posts what it applied as numbered batches (the command as an
onlooker may read it, its public events and the digest after it), sends each seat its own view
and private events, plays the computer seats, and reveals the seed and salt when the game ends.

The batches are paced for the homeserver's rate limits (`PostPolicy`, on an injectable clock:
call `pump` again at `next_post_at`); each seat's view, sent privately at once, carries the
entries the room does not show yet, so no seat waits for a batch. A private message too large
for one Matrix message goes packed in parts (`messages.pack`).

Before it posts anything it writes its save (the match with its seed, the salt, the seat holders,
how far it read the room, the commands it handled, and who gave each command applied), so after a restart
`HostTable.resume` can pick up where it stopped: it checks the room's applied log against its
own, posts what it had not posted yet, handles the commands it had not read, and sends every
seat its view again.
"""
from __future__ import annotations

import json
import os
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.bots import Bot, StateBot, bot_rng, decide, make_bot
from engine.core import (
    HUMAN,
    Command,
    Match,
    NotationError,
    Refused,
    Rng,
    atomic_write_text,
    match_from_document,
    match_to_document,
)

from .messages import (
    APPLIED,
    COMMAND,
    HELLO,
    MAX_MESSAGE,
    SETUP,
    Applied,
    CommandMessage,
    Entry,
    Hello,
    Hosting,
    RefusedMessage,
    Result,
    Seats,
    Setup,
    View,
    is_bot_seat,
    log,
    no_floats,
    pack,
    read,
    seed_commitment,
)
from .transport import Transport

Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class PostPolicy:
    """When the host posts its applied batch: the host's room posts are paced as a token bucket of
    ``burst`` posts refilled one per ``min_interval`` seconds. Synapse's defaults allow a burst of 10
    and one post per 5 s; the default here uses half of that, leaving the rest to the host's answers
    (seats replaced, a restart, the result) and to whatever else its account posts. A batch is
    posted at once, whatever the bucket, when it holds ``max_entries`` entries or ``max_bytes`` of
    JSON, or when the game ended. The seats never wait for it: each seat's view (sent privately at
    once, not rate-limited) carries the entries the room does not show yet."""

    min_interval: float = 10.0
    burst: int = 5
    max_entries: int = 200
    max_bytes: int = 40_000

    @classmethod
    def immediate(cls) -> PostPolicy:
        """Post every batch at once (a homeserver without rate limits)."""
        return cls(min_interval=0.0)


SAVE_FORMAT = "tablekeeper-online-host"
SAVE_VERSION = 1
RULE_NOTATION = "ONLINE-NOTATION"   # the command is not in the engine's notation


class HostResumeError(RuntimeError):
    """The host's save and the room disagree: the save belongs to another game, or is older than
    what the room shows was applied."""


class HostTable:
    def __init__(self, transport: Transport, match: Match, holders: Sequence[str], salt: str,
                 save_path: str | os.PathLike[str] | None = None, *, clock: Clock = time.monotonic,
                 policy: PostPolicy | None = None) -> None:
        if len(holders) != match.config.players:
            raise ValueError(f"{len(holders)} seat holders for {match.config.players} players")
        self.transport = transport
        self.match = match
        self.holders = list(holders)  # per seat: an account, or "bot:KIND" (played here)
        self.salt = salt
        self.save_path = None if save_path is None else Path(save_path)
        self.cursor = 0                          # room events read so far
        self.entries: list[Entry] = []           # every applied entry, entry i has seq i + 1
        self.handled: set[str] = set()           # cids applied or refused
        self.private_sent: dict[int, int] = {}   # seat -> seq up to which it has its private events
        self.posted_seq = 0
        self.result_posted = False
        self.ignored: list[str] = []             # why messages were ignored, newest last
        self.clock = clock
        self.policy = PostPolicy() if policy is None else policy
        self.room_posts = 0                      # room messages this host posted
        self.max_private_bytes = MAX_MESSAGE     # a larger private message goes packed (see messages.pack)
        self._tokens = float(self.policy.burst)  # the pacing bucket (see PostPolicy)
        self._tokens_at = clock()
        self._refused: dict[str, tuple[str, RefusedMessage]] = {}  # cid -> its sender and refusal (not saved)
        self._bots: dict[int, Bot | StateBot] = {}
        self._bot_rngs: dict[int, Rng] = {}
        for seat, holder in enumerate(self.holders):
            if is_bot_seat(holder):
                self._add_bot(seat, holder)

    # -- starting ----------------------------------------------------------------------------------
    @classmethod
    def new(cls, transport: Transport, game: str, players: int, seats: Sequence[str], *, mode: str | None = None,
            options: Mapping[str, Any] | None = None, seed: int | None = None,
            save_path: str | os.PathLike[str] | None = None, clock: Clock = time.monotonic,
            policy: PostPolicy | None = None) -> HostTable:
        """Open a table: ``seats`` holds, per seat, the account that plays it or ``bot:KIND``. Posts
        the setup (with the seed's commitment), plays the computer seats up to the first human
        decision and sends every seat its view."""
        if seed is None:
            seed = secrets.randbits(63)
        kinds = [holder if is_bot_seat(holder) else HUMAN for holder in seats]
        match = Match.new(game, players, mode=mode, seed=seed, options=options, seats=kinds)
        host = cls(transport, match, seats, secrets.token_hex(16), save_path, clock=clock, policy=policy)
        host._save()
        host._post(SETUP, host.setup().content())
        host._flush([], [], set(range(players)))
        return host

    def setup(self) -> Setup:
        config = self.match.config
        return Setup(config.game, config.players, config.mode, dict(config.options), tuple(self.holders),
                     self.transport.account, seed_commitment(self.salt, config.seed))

    @property
    def seq(self) -> int:
        return len(self.match.history)

    # -- what a status bar shows ---------------------------------------------------------------
    @property
    def transport_status(self) -> str:
        """The device's "connected", "throttled" or "offline"."""
        return str(getattr(self.transport, "status", "connected"))

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """The accounts whose seats decide now (computer seats play at once)."""
        state = self.match.state
        if state.is_terminal():
            return ()
        return tuple(self.holders[s] for s in state.deciders() if not is_bot_seat(self.holders[s]))

    @property
    def status_text(self) -> str:
        """One line for a status bar, most pressing first."""
        transport = self.transport_status
        if transport == "offline":
            return "offline: reconnecting"
        if self.match.state.is_terminal():
            return "the game is over"
        parts = []
        if transport == "throttled":
            parts.append("the server is throttling")
        if self.waiting_for:
            parts.append("waiting for " + ", ".join(self.waiting_for))
        if self.unposted:
            parts.append(f"{len(self.unposted)} moves not in the room yet")
        return "; ".join(parts)

    @property
    def unposted(self) -> list[Entry]:
        """Entries applied (and sent to the seats in their views) that the room does not show yet."""
        return self.entries[self.posted_seq:]

    @property
    def next_post_at(self) -> float | None:
        """When (on the clock) the batch waiting will be posted; None when none waits. A caller
        that does not pump on a timer calls `pump` at that time."""
        if not self.unposted:
            return None
        tokens = self._bucket()
        if tokens >= 1 or self.policy.min_interval <= 0:
            return self.clock()
        return self.clock() + (1 - tokens) * self.policy.min_interval

    # -- the loop ----------------------------------------------------------------------------------
    def pump(self) -> bool:
        """Handle what arrived since the last call; True if anything was applied, refused or answered."""
        entries: list[Entry] = []
        refusals: list[tuple[str, RefusedMessage]] = []
        hellos: set[int] = set()
        for message in self.transport.receive():
            if message.kind == COMMAND:
                self._command(message.sender, message.content, entries, refusals, "private")
            elif message.kind == HELLO:
                self._hello(message.sender, message.content, hellos, "private")
        for event in self.transport.room_since(self.cursor):
            self.cursor = event.index
            if event.kind == COMMAND:
                self._command(event.sender, event.content, entries, refusals, f"room #{event.index}")
            elif event.kind == HELLO:
                self._hello(event.sender, event.content, hellos, f"room #{event.index}")
            elif event.sender != self.transport.account:
                self._ignore(f"room #{event.index}: {event.kind} from {event.sender}, which only the host sends")
        entries.extend(self._play_bots())
        if not (entries or refusals or hellos):
            if self.unposted and self._batch_due():
                self._post_batch()
                self._post_result()
                return True
            return False
        self._flush(entries, refusals, hellos)
        return True

    def replace_with_bot(self, seat: int, kind: str = "random") -> None:
        """A player left: a computer seat takes ``seat`` over from now on."""
        holder = kind if kind.startswith("bot:") else f"bot:{kind}"
        self._add_bot(seat, holder)  # an unknown kind fails here, before anything changes
        self.holders[seat] = holder
        self._save()
        seats = Seats(tuple(self.holders), self.seq)
        self._post_batch()  # the room shows every entry before the new holders
        self._post(seats.kind, seats.content())
        self._flush(self._play_bots(), [], set())

    # -- commands ----------------------------------------------------------------------------------
    def _command(self, sender: str, content: Any, entries: list[Entry], refusals: list[tuple[str, RefusedMessage]],
                 where: str) -> None:
        message = read(COMMAND, content, sender, where)
        if not isinstance(message, CommandMessage):
            return
        if message.cid in self.handled:
            log.info("%s: command %s from %s already handled", where, message.cid, sender)
            earlier = self._refused.get(message.cid)
            if earlier is not None and earlier[0] == sender:  # its refusal may have been lost: again
                refusals.append(earlier)
            return
        seat = self._seat_of(sender, f"command {message.command!r}")
        if seat is None:
            return
        try:
            command = Command.parse(message.command)
        except NotationError as error:
            self._refuse(sender, RefusedMessage(message.cid, RULE_NOTATION, str(error), self.seq), refusals)
            return
        if command.seat is None:
            command = command.by(seat)
        elif command.seat != seat:
            self._ignore(f"{where}: {sender} holds seat {seat} but sent a command for seat {command.seat}")
            return
        seq = self.seq
        try:
            self.match.apply(command)
        except Refused as refusal:
            reason = refusal.reason
            if message.base < seq:
                reason += f" (sent when the game was at seq {message.base}; it is now at seq {seq})"
            self._refuse(sender, RefusedMessage(message.cid, refusal.rule_id, reason, seq), refusals)
            return
        self.handled.add(message.cid)
        entries.append(self._entry(sender, message.cid))

    def _refuse(self, sender: str, refused: RefusedMessage, refusals: list[tuple[str, RefusedMessage]]) -> None:
        self.handled.add(refused.ref)
        self._refused[refused.ref] = (sender, refused)
        refusals.append((sender, refused))

    def _hello(self, sender: str, content: Any, hellos: set[int], where: str) -> None:
        hello = read(HELLO, content, sender, where)
        if isinstance(hello, Hello):
            seat = self._seat_of(sender, "hello")
            if seat is not None:
                hellos.add(seat)

    def _seat_of(self, account: str, what: str) -> int | None:
        if account in self.holders:
            return self.holders.index(account)
        self._ignore(f"{what} from {account}, who holds no seat")
        return None

    def _ignore(self, why: str) -> None:
        log.warning("host ignored %s", why)
        self.ignored.append(why)

    def _entry(self, by: str, ref: str | None) -> Entry:
        step = self.match.history[-1]
        entry = Entry(self.seq, step.command_for(None), by, ref,
                      tuple(no_floats(e.to_plain()) for e in step.events if e.public), self.match.digest())
        self.entries.append(entry)
        return entry

    def _add_bot(self, seat: int, holder: str) -> None:
        self._bots[seat] = make_bot(holder, self.match.game)
        self._bot_rngs[seat] = bot_rng(self.match.config.seed, seat)

    def _play_bots(self) -> list[Entry]:
        """The computer seats' commands, until a seat held by an account decides or the game ends."""
        entries: list[Entry] = []
        while not self.match.state.is_terminal():
            state = self.match.state
            seat = next((s for s in state.deciders() if s in self._bots), None)
            if seat is None:
                break
            command = decide(self._bots[seat], state, seat, state.legal(seat), self._bot_rngs[seat])
            self.match.apply(command)
            entries.append(self._entry(self.holders[seat], None))
        return entries

    # -- sending -----------------------------------------------------------------------------------
    def _flush(self, entries: list[Entry], refusals: list[tuple[str, RefusedMessage]], hellos: set[int]) -> None:
        """Save, then post the applied batch if it is due (and the result at the end), then the
        private messages."""
        self._save()
        if self.unposted and self._batch_due():
            self._post_batch()
        self._post_result()
        for account, refused in refusals:
            self._send_private(account, refused.kind, refused.content())
        changed = bool(entries)
        for seat, holder in enumerate(self.holders):
            if not is_bot_seat(holder) and (changed or seat in hellos):
                self._send_view(seat, resend=seat in hellos)

    def _post(self, kind: str, content: dict[str, Any]) -> None:
        """A room post, counted against the pacing bucket (which may go below zero: a post the
        policy forces then delays the next batches)."""
        self._tokens = self._bucket() - 1
        self._tokens_at = self.clock()
        self.room_posts += 1
        self.transport.post(kind, content)

    def _bucket(self) -> float:
        policy = self.policy
        if policy.min_interval <= 0:
            return float(policy.burst)
        return min(float(policy.burst), self._tokens + (self.clock() - self._tokens_at) / policy.min_interval)

    def _batch_due(self) -> bool:
        unposted, policy = self.unposted, self.policy
        return (self.match.state.is_terminal() or policy.min_interval <= 0 or self._bucket() >= 1
                or len(unposted) >= policy.max_entries or _size(unposted) >= policy.max_bytes)

    def _post_batch(self) -> None:
        """Post every entry the room lacks, in events of at most ``max_bytes`` (one at least)."""
        while self.unposted:
            batch: list[Entry] = []
            size = 0
            for entry in self.unposted[:self.policy.max_entries]:
                size += _size([entry])
                if batch and size > self.policy.max_bytes:
                    break
                batch.append(entry)
            self._post(APPLIED, Applied(tuple(batch)).content())
            self.posted_seq = batch[-1].seq

    def _post_result(self) -> None:
        outcome = self.match.state.outcome
        if outcome is None or self.result_posted or self.unposted:
            return
        self.result_posted = True
        self._save()
        result = Result(self.match.config.seed, self.salt, tuple(str(c) for c in self.match.commands),
                        no_floats(outcome.to_plain()))
        self._post(result.kind, result.content())

    def view_for(self, seat: int, since: int) -> View:
        """``seat``'s view now, its legal commands and its private events after seq ``since``."""
        state = self.match.state
        legal = state.legal(seat)
        data = state.copy().data if legal else {}
        private = tuple(str(c) for c in legal if self.match.game.is_private_command(c, data))
        events = tuple({**no_floats(e.to_plain()), "seq": number}
                       for number, step in enumerate(self.match.history[since:], start=since + 1)
                       for e in step.events if not e.public and e.visible_to(seat))
        entries = tuple(self.entries[max(since, self.posted_seq):])
        return View(seat, self.seq, no_floats(state.view(seat)), tuple(str(c) for c in legal), private, events,
                    entries, self.match.digest(), tuple(state.deciders()))

    def _send_view(self, seat: int, resend: bool = False) -> None:
        since = 0 if resend else self.private_sent.get(seat, 0)
        view = self.view_for(seat, since)
        self.private_sent[seat] = self.seq
        self._send_private(self.holders[seat], view.kind, view.content())

    def _send_private(self, account: str, kind: str, content: dict[str, Any]) -> None:
        parts = pack(kind, content, self.max_private_bytes)
        if parts is None:
            self.transport.send_to(account, kind, content)
            return
        for part in parts:
            self.transport.send_to(account, part.kind, part.content())

    # -- saving and resuming -------------------------------------------------------------------
    def save_document(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "match": match_to_document(self.match),
                "holders": list(self.holders), "salt": self.salt, "cursor": self.cursor,
                "handled": sorted(self.handled), "by": [[e.by, e.ref] for e in self.entries],
                "result_posted": self.result_posted}

    def _save(self) -> None:
        if self.save_path is not None:
            atomic_write_text(self.save_path, json.dumps(self.save_document(), ensure_ascii=False) + "\n")

    @classmethod
    def resume(cls, transport: Transport, save_path: str | os.PathLike[str], *, clock: Clock = time.monotonic,
               policy: PostPolicy | None = None) -> HostTable:
        """The table as its save left it, checked against the room and brought up to date."""
        path = Path(save_path)
        document = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
            raise HostResumeError(f"{path} is not an online host's save")
        match = match_from_document(document["match"], str(path))
        host = cls(transport, match, document["holders"], document["salt"], path, clock=clock, policy=policy)
        host.cursor = int(document["cursor"])
        host.handled = set(document["handled"])
        host.result_posted = bool(document["result_posted"])
        if len(document["by"]) != host.seq:
            raise HostResumeError(f"{path}: its entries do not match its match")
        host.entries = host._replayed_entries(document["by"])
        host._check_room()
        hosting = Hosting(host.seq)  # seats send again the commands it has not answered
        host._post(hosting.kind, hosting.content())
        host._flush([], [], set(range(match.config.players)))  # every seat's view again
        host.pump()
        return host

    def _replayed_entries(self, by: list[list[Any]]) -> list[Entry]:
        """The entries of the match's commands (the save keeps only who gave each and its cid; the
        rest is the engine's to tell again)."""
        state = self.match.initial_state()
        entries = []
        for number, (step, (giver, ref)) in enumerate(zip(self.match.history, by), start=1):
            state.apply(step.command)
            entries.append(Entry(number, step.command_for(None), str(giver), None if ref is None else str(ref),
                                 tuple(no_floats(e.to_plain()) for e in step.events if e.public), state.digest()))
        return entries

    def _check_room(self) -> None:
        """Compare the room's setup and applied log with ours; post the entries the room lacks."""
        posted = 0
        commit = self.setup().seed_commit
        for event in self.transport.room_since(0):
            if event.sender != self.transport.account:
                continue
            if event.kind == SETUP:
                setup = read(SETUP, event.content, event.sender, "resume")
                if isinstance(setup, Setup) and setup.seed_commit != commit:
                    raise HostResumeError("the room's setup commits to another seed than the save's")
            elif event.kind == APPLIED:
                batch = read(APPLIED, event.content, event.sender, "resume")
                if not isinstance(batch, Applied):
                    continue
                for entry in batch.entries:
                    if entry.seq > len(self.entries) or self.entries[entry.seq - 1].digest != entry.digest:
                        raise HostResumeError(f"the room shows seq {entry.seq} applied with another digest "
                                              "than the save's (the save is older than the room)")
                    posted = max(posted, entry.seq)
        self.posted_seq = posted
        self._post_batch()


def _size(entries: Sequence[Entry]) -> int:
    """About how many bytes ``entries`` take in a message."""
    return sum(len(json.dumps(e.content(), ensure_ascii=False)) + 2 for e in entries)
