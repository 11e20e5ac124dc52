"""The messages of an online table: their kinds, their content, and the checks made on receipt.

Every message is a kind (``org.tablekeeper.…``) and a JSON object. Room messages are seen by every
member in one order (the public log); private messages go to one account only. `parse` turns a
received (kind, content) into one of the dataclasses below, or raises `MessageError` saying what
is wrong; `read` does the same but logs and drops a bad message, so a malformed message never
becomes a traceback. Each dataclass's `content()` is what is sent.

The seed commitment is ``sha256(salt + str(seed))`` over UTF-8 text, in hex (`seed_commitment`).
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import logging
import re
import secrets
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("engine.online")

PREFIX = "org.tablekeeper."
SETUP = PREFIX + "setup"        # room: the table (host, game, seats, seed commitment)
SEATS = PREFIX + "seats"        # room: who holds each seat now (after a seat was replaced)
COMMAND = PREFIX + "command"    # room (or private to the host for a private command): a seat's intent
APPLIED = PREFIX + "applied"    # room: commands the host applied, with public events and digests
REFUSED = PREFIX + "refused"    # private to the sender: why a command was refused
VIEW = PREFIX + "view"          # private to one seat: its view, legal commands and private events
HELLO = PREFIX + "hello"        # room (or private to the host): a client (re)joined and wants its view
HOSTING = PREFIX + "hosting"    # room: the host (re)started; seats resend the commands it has not answered
RESULT = PREFIX + "result"      # room: the game is over; the seed, salt and every command in full
PACKED = PREFIX + "packed"      # private: one part of a private message too large for one (see `pack`)

VERSION = 1
MAX_TEXT = 4096       # a command, a reason, a game id …
MAX_ITEMS = 10_000    # entries of a batch, legal commands of a view, commands of a result
MAX_MESSAGE = 40_000  # bytes of JSON a message may hold: Matrix refuses events over 64 KiB, and encryption
                      # (base64 plus keys) makes ~44 KiB of JSON the most that fits (matrix.MAX_MESSAGE_BYTES)
MAX_PACKED = 1 << 24  # bytes a packed message may unpack to
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
_SALT = re.compile(r"[0-9a-f]{16,128}\Z")
_CID = re.compile(r"[A-Za-z0-9._:@!+=-]{1,128}\Z")
_BOT = re.compile(r"bot:[a-z_][a-z0-9_]*\Z")


class MessageError(ValueError):
    """A received message that does not have the shape its kind requires."""


def seed_commitment(salt: str, seed: int) -> str:
    return hashlib.sha256(f"{salt}{seed}".encode()).hexdigest()


def no_floats(data: Any) -> Any:
    """``data`` as Matrix carries it: canonical JSON has no floats, so a whole float becomes an
    int and any other float its text (both sides of the audit apply this the same way)."""
    if isinstance(data, float):
        return int(data) if data.is_integer() else repr(data)
    if isinstance(data, dict):
        return {key: no_floats(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [no_floats(value) for value in data]
    return data


def is_bot_seat(holder: str) -> bool:
    """A seat held by a computer player the host runs (``bot:KIND``) rather than an account."""
    return bool(_BOT.match(holder))


# -- field checks --------------------------------------------------------------------------------
def _field(content: Mapping[str, Any], key: str) -> Any:
    if key not in content:
        raise MessageError(f"no {key!r}")
    return content[key]


def _int(content: Mapping[str, Any], key: str, low: int = 0) -> int:
    value = _field(content, key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise MessageError(f"{key!r} is not a whole number from {low}")
    return value


def _str(content: Mapping[str, Any], key: str, pattern: re.Pattern[str] | None = None) -> str:
    value = _field(content, key)
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT:
        raise MessageError(f"{key!r} is not a text of 1 to {MAX_TEXT} characters")
    if pattern is not None and not pattern.match(value):
        raise MessageError(f"{key!r} is not in the expected form")
    return value


def _opt_str(content: Mapping[str, Any], key: str) -> str | None:
    return None if content.get(key) is None else _str(content, key)


def _list(content: Mapping[str, Any], key: str) -> list[Any]:
    value = _field(content, key)
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise MessageError(f"{key!r} is not a list of at most {MAX_ITEMS} items")
    return value


def _strs(content: Mapping[str, Any], key: str) -> tuple[str, ...]:
    items = _list(content, key)
    if not all(isinstance(s, str) and 0 < len(s) <= MAX_TEXT for s in items):
        raise MessageError(f"{key!r} holds something other than texts")
    return tuple(items)


def _dict(content: Mapping[str, Any], key: str) -> dict[str, Any]:
    value = _field(content, key)
    if not isinstance(value, dict):
        raise MessageError(f"{key!r} is not an object")
    return value


def _events(content: Mapping[str, Any], key: str) -> tuple[dict[str, Any], ...]:
    items = _list(content, key)
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("kind"), str) or \
                not isinstance(item.get("data"), dict):
            raise MessageError(f"{key!r} holds something other than events")
    return tuple(items)


# -- the messages --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Setup:
    game: str
    players: int
    mode: str
    options: dict[str, Any]
    seats: tuple[str, ...]   # per seat: the account that holds it, or "bot:KIND" (the host plays it)
    host: str
    seed_commit: str
    kind = SETUP

    def content(self) -> dict[str, Any]:
        return {"v": VERSION, "game": self.game, "players": self.players, "mode": self.mode,
                "options": dict(self.options), "seats": list(self.seats), "host": self.host,
                "seed_commit": self.seed_commit}

    @classmethod
    def parse(cls, content: Mapping[str, Any]) -> Setup:
        if _int(content, "v", 1) > VERSION:
            raise MessageError(f"setup version {content['v']} is newer than this program reads")
        players = _int(content, "players", 1)
        seats = _strs(content, "seats")
        if len(seats) != players:
            raise MessageError(f"{len(seats)} seats for {players} players")
        accounts = [s for s in seats if not is_bot_seat(s)]
        if len(set(accounts)) != len(accounts):
            raise MessageError("an account holds two seats")
        return cls(_str(content, "game"), players, _str(content, "mode"), _dict(content, "options"), seats,
                   _str(content, "host"), _str(content, "seed_commit", _HEX64))


@dataclass(frozen=True, slots=True)
class Seats:
    seats: tuple[str, ...]
    seq: int
    kind = SEATS

    def content(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "seq": self.seq}

    @classmethod
    def parse(cls, content: Mapping[str, Any]) -> Seats:
        return cls(_strs(content, "seats"), _int(content, "seq"))


@dataclass(frozen=True, slots=True)
class CommandMessage:
    command: str   # the engine's strict notation, with the seat: "1: move T25,T13"
    base: int      # the last seq the sender had seen
    cid: str       # the sender's id for this command (a retry sends the same)
    kind = COMMAND

    def content(self) -> dict[str, Any]:
        return {"command": self.command, "base": self.base, "cid": self.cid}

    @classmethod
    def parse(cls, content: Mapping[str, Any]) -> CommandMessage:
        return cls(_str(content, "command"), _int(content, "base"), _str(content, "cid", _CID))


@dataclass(frozen=True, slots=True)
class Entry:
    """One applied command of a batch."""
    seq: int                            # commands applied after this one (1 for the first)
    command: str                        # as an onlooker may read it (a private command: its verb only)
    by: str                             # the account (or bot:KIND) whose seat gave it
    ref: str | None                     # the cid of the command message, None for a host-played seat
    events: tuple[dict[str, Any], ...]  # its public events (Event.to_plain)
    digest: str                         # the state's digest after it

    def content(self) -> dict[str, Any]:
        return {"seq": self.seq, "command": self.command, "by": self.by, "ref": self.ref,
                "events": list(self.events), "digest": self.digest}

    @classmethod
    def parse(cls, content: Mapping[str, Any]) -> Entry:
        return cls(_int(content, "seq", 1), _str(content, "command"), _str(content, "by"),
                   _opt_str(content, "ref"), _events(content, "events"), _str(content, "digest", _HEX64))


@dataclass(frozen=True, slots=True)
class Applied:
    entries: tuple[Entry, ...]
    kind = APPLIED

    @property
    def seq(self) -> int:
        return self.entries[-1].seq

    def content(self) -> dict[str, Any]:
        return {"seq": self.seq, "entries": [e.content() for e in self.entries]}

    @classmethod
    def parse(cls, content: Mapping[str, Any]) -> Applied:
        entries = _entries(content, "entries")
        if not entries:
            raise MessageError("an applied batch with no entries")
        if _int(content, "seq", 1) != entries[-1].seq:
            raise MessageError("'seq' is not the last entry's")
        return cls(entries)


def _entries(content: Mapping[str, Any], key: str) -> tuple[Entry, ...]:
    """A list of entries whose seqs follow one another."""
    entries = []
    for item in _list(content, key):
        if not isinstance(item, dict):
            raise MessageError("an entry is not an object")
        entries.append(Entry.parse(item))
    seqs = [e.seq for e in entries]
    if seqs and seqs != list(range(seqs[0], seqs[0] + len(seqs))):
        raise MessageError("the entries' seqs do not follow one another")
    return tuple(entries)


@dataclass(frozen=True, slots=True)
class RefusedMessage:
    ref: str
    rule: str
    reason: str
    seq: int
    kind = REFUSED

    def content(self) -> dict[str, Any]:
        return {"ref": self.ref, "rule": self.rule, "reason": self.reason, "seq": self.seq}

    @classmethod
    def parse(cls, content: Mapping[str, Any]) -> RefusedMessage:
        return cls(_str(content, "ref", _CID), _str(content, "rule"), _str(content, "reason"),
                   _int(content, "seq"))


@dataclass(frozen=True, slots=True)
class View:
    seat: int
    seq: int
    view: dict[str, Any]
    legal: tuple[str, ...]              # the seat's legal commands now, in notation
    private: tuple[str, ...]            # those of them only the seat may read (sent to the host alone)
    events: tuple[dict[str, Any], ...]  # the seat's private events since the seq it last had
    entries: tuple[Entry, ...] = ()     # applied entries the room does not show yet (the batch to come)
    digest: str | None = None           # the state's digest at ``seq`` (the room's entry must agree)
    deciders: tuple[int, ...] = ()      # the seats that decide now
    kind = VIEW

    def content(self) -> dict[str, Any]:
        return {"seat": self.seat, "seq": self.seq, "view": self.view, "legal": list(self.legal),
                "private": list(self.private), "events": list(self.events),
                "entries": [e.content() for e in self.entries], "digest": self.digest,
                "deciders": list(self.deciders)}

    @classmethod
    def parse(cls, content: Mapping[str, Any]) -> View:
        legal = _strs(content, "legal")
        private = _strs(content, "private")
        if not set(private) <= set(legal):
            raise MessageError("'private' names a command that is not legal")
        seq = _int(content, "seq")
        entries = _entries(content, "entries") if "entries" in content else ()
        if entries and entries[-1].seq != seq:
            raise MessageError("the view's entries do not end at its seq")
        deciders = _list(content, "deciders") if "deciders" in content else []
        if not all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in deciders):
            raise MessageError("'deciders' is not a list of seats")
        digest = None if content.get("digest") is None else _str(content, "digest", _HEX64)
        return cls(_int(content, "seat"), seq, _dict(content, "view"), legal, private,
                   _events(content, "events"), entries, digest, tuple(deciders))


@dataclass(frozen=True, slots=True)
class Hello:
    last_seq: int
    kind = HELLO

    def content(self) -> dict[str, Any]:
        return {"last_seq": self.last_seq}

    @classmethod
    def parse(cls, content: Mapping[str, Any]) -> Hello:
        return cls(_int(content, "last_seq"))


@dataclass(frozen=True, slots=True)
class Hosting:
    seq: int       # the seq the host stands at
    kind = HOSTING

    def content(self) -> dict[str, Any]:
        return {"seq": self.seq}

    @classmethod
    def parse(cls, content: Mapping[str, Any]) -> Hosting:
        return cls(_int(content, "seq"))


@dataclass(frozen=True, slots=True)
class Result:
    seed: int
    salt: str
    commands: tuple[str, ...]   # every command in full, private ones included (the game is over)
    outcome: dict[str, Any]
    kind = RESULT

    def content(self) -> dict[str, Any]:
        return {"seed": self.seed, "salt": self.salt, "commands": list(self.commands), "outcome": self.outcome}

    @classmethod
    def parse(cls, content: Mapping[str, Any]) -> Result:
        return cls(_int(content, "seed"), _str(content, "salt", _SALT), _strs(content, "commands"),
                   _dict(content, "outcome"))


@dataclass(frozen=True, slots=True)
class Packed:
    """One part of a private message sent compressed (zlib, then base64) in ``parts`` parts."""
    pid: str       # the packed message's id: its parts share it
    inner: str     # the kind of the message packed
    part: int      # from 0
    parts: int
    data: str      # this part of the base64 text
    kind = PACKED

    def content(self) -> dict[str, Any]:
        return {"pid": self.pid, "kind": self.inner, "part": self.part, "parts": self.parts, "data": self.data}

    @classmethod
    def parse(cls, content: Mapping[str, Any]) -> Packed:
        parts = _int(content, "parts", 1)
        part = _int(content, "part")
        if part >= parts or parts > MAX_ITEMS:
            raise MessageError(f"part {part} of {parts}")
        data = _field(content, "data")
        if not isinstance(data, str) or len(data) > MAX_MESSAGE:
            raise MessageError(f"'data' is not a text of at most {MAX_MESSAGE} characters")
        return cls(_str(content, "pid", _CID), _str(content, "kind"), part, parts, data)


def size(content: Any) -> int:
    """The bytes ``content`` takes as JSON."""
    return len(json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode())


def pack(kind: str, content: dict[str, Any], limit: int = MAX_MESSAGE) -> list[Packed] | None:
    """``content`` compressed into `Packed` parts of at most ``limit`` bytes each, or None when it
    fits in one message as it is."""
    text = json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode()
    if len(text) <= limit:
        return None
    data = base64.b64encode(zlib.compress(text, 9)).decode("ascii")
    room = max(limit - 200 - len(kind), 100)  # the part's other fields
    chunks = [data[i:i + room] for i in range(0, len(data), room)]
    pid = secrets.token_hex(8)
    return [Packed(pid, kind, n, len(chunks), chunk) for n, chunk in enumerate(chunks)]


def unpack(parts: list[Packed]) -> dict[str, Any]:
    """The content the parts (all of them, in order) hold; `MessageError` if they do not decode."""
    try:
        text = zlib.decompressobj().decompress(base64.b64decode("".join(p.data for p in parts), validate=True),
                                               MAX_PACKED)
        content = json.loads(text)
    except (binascii.Error, zlib.error, ValueError) as error:
        raise MessageError(f"the packed message does not decode: {error}") from None
    if not isinstance(content, dict):
        raise MessageError("the packed message is not an object")
    return content


Message = Setup | Seats | CommandMessage | Applied | RefusedMessage | View | Hello | Hosting | Result | Packed
_PARSERS: dict[str, Any] = {m.kind: m.parse for m in (Setup, Seats, CommandMessage, Applied, RefusedMessage,
                                                       View, Hello, Hosting, Result, Packed)}


def parse(kind: str, content: Any) -> Message:
    """The message of ``kind`` that ``content`` holds; `MessageError` if it is malformed."""
    parser = _PARSERS.get(kind)
    if parser is None:
        raise MessageError(f"unknown kind {kind!r}")
    if not isinstance(content, dict):
        raise MessageError("the content is not an object")
    message: Message = parser(content)
    return message


def read(kind: str, content: Any, sender: str, where: str) -> Message | None:
    """`parse`, with a malformed message logged and dropped (None) instead of raised."""
    try:
        return parse(kind, content)
    except MessageError as error:
        log.warning("%s: ignored a malformed %s from %s: %s", where, kind, sender, error)
        return None
