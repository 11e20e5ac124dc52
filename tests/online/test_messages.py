"""The messages' shapes: what is sent parses back to itself, and what is malformed says why."""
from __future__ import annotations

import pytest

from engine.online import MessageError, parse, seed_commitment
from engine.online.messages import (
    APPLIED,
    COMMAND,
    SETUP,
    Applied,
    CommandMessage,
    Entry,
    Hello,
    RefusedMessage,
    Result,
    Seats,
    Setup,
    View,
    no_floats,
    read,
)

DIGEST = "ab" * 32
ENTRY = Entry(3, "1: move T25,T13", "@ann:tk.test", "c-1", ({"kind": "moved", "data": {"to": "T13"}},), DIGEST)
MESSAGES = [
    Setup("vindication", 2, "standard", {"x": True}, ("@host:tk.test", "bot:random"), "@host:tk.test",
          seed_commitment("00" * 16, 42)),
    Seats(("@host:tk.test", "bot:heuristic"), 4),
    CommandMessage("1: move T25,T13", 2, "c-1"),
    Applied((ENTRY, Entry(4, "0: pass", "bot:random", None, (), DIGEST))),
    RefusedMessage("c-1", "VIN-TURN-1", "not your turn", 2),
    View(1, 3, {"hand": ["Q03"]}, ("1: pass", "1: place c0"), ("1: place c0",), ()),
    Hello(0),
    Result(42, "00" * 16, ("0: pass",), {"winners": [0]}),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_a_message_parses_back_to_itself(message: object) -> None:
    assert parse(message.kind, message.content()) == message  # type: ignore[attr-defined]


@pytest.mark.parametrize(("kind", "content", "why"), [
    (SETUP, {**MESSAGES[0].content(), "seats": ["@a:x"]}, "1 seats for 2 players"),  # type: ignore[union-attr]
    (SETUP, {**MESSAGES[0].content(), "seats": ["@a:x", "@a:x"]}, "two seats"),  # type: ignore[union-attr]
    (SETUP, {**MESSAGES[0].content(), "v": 99}, "newer"),  # type: ignore[union-attr]
    (COMMAND, {"command": "0: pass", "base": 0, "cid": "x" * 200}, "'cid'"),
    (APPLIED, {"seq": 5, "entries": [ENTRY.content(), {**ENTRY.content(), "seq": 4}]}, "'seq' is not the last"),
    (APPLIED, {"seq": 5, "entries": [ENTRY.content(), {**ENTRY.content(), "seq": 5}]}, "follow one another"),
    ("org.tablekeeper.view", {**MESSAGES[5].content(), "private": ["1: cheat"]}, "not legal"),  # type: ignore[union-attr]
    ("org.tablekeeper.result", {**MESSAGES[7].content(), "salt": "short"}, "'salt'"),  # type: ignore[union-attr]
    ("org.tablekeeper.nonsense", {}, "unknown kind"),
])
def test_a_malformed_message_says_why(kind: str, content: object, why: str) -> None:
    with pytest.raises(MessageError, match=why):
        parse(kind, content)


def test_read_logs_and_drops_a_malformed_message(caplog: pytest.LogCaptureFixture) -> None:
    assert read(COMMAND, ["not", "an", "object"], "@eve:tk.test", "room #9") is None
    assert "room #9: ignored a malformed org.tablekeeper.command from @eve:tk.test" in caplog.text


def test_no_floats_on_the_wire() -> None:
    assert no_floats({"scores": [2.0, 0.5], "n": (1, 2), "ok": True}) == {"scores": [2, "0.5"], "n": [1, 2],
                                                                           "ok": True}


def test_the_commitment_binds_salt_and_seed() -> None:
    assert seed_commitment("aa", 1) != seed_commitment("aa", 2) != seed_commitment("ab", 2)
    assert len(seed_commitment("aa", 1)) == 64
