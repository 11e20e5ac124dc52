"""What goes wrong at an online table: restarts, races, strangers and malformed messages."""
from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tests.toygame  # noqa: F401  (registers the toy game)
from engine.bots import bot_rng, make_bot
from engine.core import Command, Match, State, get_game
from engine.online import HostTable, MemoryRoom, SeatClient, TransportClosed, parse
from engine.online.messages import APPLIED, COMMAND, HELLO, REFUSED, RESULT, SEATS, SETUP, VIEW, Applied
from tests.online.table import ACCOUNTS, ANN, BOB, HOST, Table


@pytest.fixture
def save_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder for the host's save; in memory where the system has one (the host saves, with
    fsync, after every batch: hundreds of times a game)."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    with tempfile.TemporaryDirectory(dir=shm) as folder:
        yield Path(folder)


def _check_ends_verified(table: Table) -> None:
    assert table.finished()
    for client in table.clients.values():
        assert client.digest == table.host.match.digest()
        client.verify()


# -- restarts --------------------------------------------------------------------------------------
@pytest.mark.parametrize("account", [ANN, BOB])
def test_a_seat_client_restarted_mid_game_catches_up_from_the_room(account: str) -> None:
    table = Table.open("dragonbond", seed=3)
    table.run(until=lambda t: t.host.seq >= 60)
    old = table.drop(account)          # the app closed: what was sent to it privately is lost
    table.run(until=lambda t: t.host.seq >= 90)  # the others play on without it while they can
    fresh = table.connect(account)     # a new start with nothing kept
    assert fresh.seq == table.host.seq and fresh.digest == table.host.match.digest()
    assert fresh.entries[:old.seq] == old.entries
    assert fresh.view is None          # until the host answers its hello
    table.host.pump()
    fresh.pump()
    assert fresh.view is not None and fresh.view.seq == table.host.seq
    assert fresh.view.view == table.host.match.state.view(fresh.seat)
    table.run()
    _check_ends_verified(table)


def test_the_host_resumes_from_its_save_after_a_crash_between_saving_and_posting(save_dir: Path) -> None:
    table = Table.open("dragonbond", seed=5, save_path=save_dir / "host.json")
    table.run(until=lambda t: t.host.seq >= 40)
    crashed = table.host
    real_post = crashed.transport.post

    def crash(kind: str, content: dict[str, Any]) -> None:
        if kind == APPLIED:
            table.room.drop(HOST, "host")
            raise TransportClosed("the host's app died")
        real_post(kind, content)

    crashed.transport.post = crash  # type: ignore[method-assign]
    with pytest.raises(TransportClosed):
        table.run()
    applied_before = crashed.seq
    assert max(c.seq for c in table.clients.values()) < applied_before  # saved, never posted
    for client in table.clients.values():  # the seats read on and may send while the host is away
        client.pump()
        client.act()
    resumed = table.restart_host()
    assert resumed.seq == applied_before and resumed.posted_seq == applied_before
    table.run()
    _check_ends_verified(table)
    seqs = [e.seq for ev in table.room.log if ev.kind == APPLIED
            for e in parse(ev.kind, ev.content).entries]  # type: ignore[union-attr]
    assert seqs == list(range(1, table.host.seq + 1))  # nothing posted twice, nothing missing


def test_a_host_save_from_another_game_is_refused(save_dir: Path) -> None:
    table = Table.open("nemesis", seed=2, save_path=save_dir / "a.json")
    other = Table.open("nemesis", seed=3, save_path=save_dir / "b.json")
    with pytest.raises(Exception, match="another seed"):
        HostTable.resume(table.room.connect(HOST, "host"), other.save_path)  # type: ignore[arg-type]


def test_a_computer_seat_replaces_a_player_who_left_and_its_moves_come_batched() -> None:
    table = Table.open("vindication", seed=8)
    table.run(until=lambda t: t.host.seq >= 30)
    table.drop(BOB)
    table.host.replace_with_bot(2, "random")
    table.run()
    assert all(c.holders[2] == "bot:random" for c in table.clients.values())
    assert any(ev.kind == SEATS for ev in table.room.log)
    batches = [parse(ev.kind, ev.content) for ev in table.room.log if ev.kind == APPLIED]
    assert max(len(b.entries) for b in batches) > 1  # type: ignore[union-attr]
    _check_ends_verified(table)


# -- races -----------------------------------------------------------------------------------------
def _toy_race_position() -> tuple[int, list[Command], Command, Command]:
    """A toy game's seed and commands after which seat 1 may end the game while seat 2 may still
    claim (an anytime verb): the two commands race."""
    game = get_game("toy")
    bot = make_bot("random", game)
    for seed in range(1, 40):
        match = Match.new("toy", 3, seed=seed)
        while not match.state.is_terminal():
            state = match.state
            if state.deciders() == (1,):
                ends = [c for c in state.legal(1) if c.verb != "claim" and _ends(state, c)]
                claims = [c for c in state.legal(2) if c.verb == "claim"]
                if ends and claims:
                    return seed, match.commands, ends[0], claims[0]
            seat = state.deciders()[0]
            match.apply(bot.choose(state.view(seat), state.legal(seat), bot_rng(seed, len(match.commands))))
    raise AssertionError("no race position found")


def _ends(state: State, command: Command) -> bool:
    probe = state.copy()
    probe.apply(command)
    return probe.is_terminal()


def _scripted_table(seed: int, commands: list[Command]) -> tuple[MemoryRoom, HostTable, dict[int, SeatClient]]:
    room = MemoryRoom()
    host = HostTable.new(room.connect(HOST, "host"), "toy", 3, ACCOUNTS, seed=seed)
    clients = {seat: SeatClient(room.connect(account, "player" if account == HOST else "main"))
               for seat, account in enumerate(ACCOUNTS)}
    for client in clients.values():
        client.start()
    host.pump()
    for command in commands:
        assert command.seat is not None
        for client in clients.values():
            client.pump()
        clients[command.seat].send(str(command))
        host.pump()
    for client in clients.values():
        client.pump()
    assert host.seq == len(commands)
    return room, host, clients


def test_two_seats_sending_at_once_the_stale_command_is_refused_the_other_applied() -> None:
    seed, commands, ending, claim = _toy_race_position()
    room, host, clients = _scripted_table(seed, commands)
    assert str(ending) in clients[1].legal and str(claim) in clients[2].legal
    room.holding = True
    clients[1].send(str(ending))
    clients[2].send(str(claim))
    room.release()                     # both in the room, seat 1's first
    host.pump()
    for client in clients.values():
        client.pump()
    assert host.seq == len(commands) + 1 and host.match.state.is_terminal()
    assert clients[1].refusals == [] and clients[1].pending == {}
    (refused,) = clients[2].refusals
    assert refused.rule == get_game("toy").rule_game_over
    assert f"sent when the game was at seq {len(commands)}" in refused.reason
    assert clients[0].refusals == [] and clients[2].pending == {}
    for client in clients.values():
        assert client.digest == host.match.digest()
        client.verify()


def test_a_stale_command_that_is_still_legal_is_applied() -> None:
    seed, commands, ending, claim = _toy_race_position()
    room, host, clients = _scripted_table(seed, commands)
    room.holding = True
    clients[2].send(str(claim))        # this time the claim comes first …
    clients[1].send(str(ending))       # … and the ending command, sent at the same seq, still fits
    room.release()
    host.pump()
    for client in clients.values():
        client.pump()
    assert host.seq == len(commands) + 2 and host.match.state.is_terminal()
    assert all(c.refusals == [] for c in clients.values())


def test_a_retried_command_is_applied_once() -> None:
    seed, commands, ending, _ = _toy_race_position()
    room, host, clients = _scripted_table(seed, commands[:5])
    decider = host.match.state.deciders()[0]
    text = str(host.match.state.legal(decider)[0])
    clients[decider].send(text, cid="retry-1")
    clients[decider].send(text, cid="retry-1")
    host.pump()
    assert host.seq == 6 and clients[decider].refusals == []


# -- strangers and malformed messages ---------------------------------------------------------------
def test_a_command_from_an_account_without_a_seat_is_ignored_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    table = Table.open("dragonbond", seed=4)
    table.run(until=lambda t: t.host.seq >= 10)
    seat = table.host.match.state.deciders()[0]
    legal = str(table.host.match.state.legal(seat)[0])
    eve = table.room.connect("@eve:tk.test")
    before = table.host.seq
    with caplog.at_level(logging.WARNING, logger="engine.online"):
        eve.post(COMMAND, {"command": legal, "base": before, "cid": "eve-1"})
        eve.send_to(HOST, COMMAND, {"command": legal, "base": before, "cid": "eve-2"})
        table.host.pump()
    assert not {"eve-1", "eve-2"} & {e.ref for e in table.host.entries}
    assert sum("holds no seat" in why for why in table.host.ignored) == 2
    assert "who holds no seat" in caplog.text
    assert eve.receive() == []         # not even a refusal
    table.run()
    _check_ends_verified(table)


def test_a_command_for_another_seat_is_ignored_and_logged() -> None:
    table = Table.open("vindication", seed=6)
    table.run(until=lambda t: t.host.seq >= 5)
    state = table.host.match.state
    seat = state.deciders()[0]
    other = next(a for a in (ANN, BOB) if ACCOUNTS.index(a) != seat)
    table.room.connect(other, "second").post(COMMAND, {"command": str(state.legal(seat)[0]), "base": table.host.seq,
                                                       "cid": "forged-1"})
    table.host.pump()
    assert "forged-1" not in {e.ref for e in table.host.entries}
    assert any("sent a command for seat" in why for why in table.host.ignored)


MALFORMED: list[tuple[str, Any]] = [
    (COMMAND, "not an object"),
    (COMMAND, {"command": "", "base": 0, "cid": "x"}),
    (COMMAND, {"command": "0: pass", "base": -1, "cid": "x"}),
    (COMMAND, {"command": "0: pass", "base": True, "cid": "x"}),
    (COMMAND, {"command": "0: pass", "base": 0, "cid": "has space"}),
    (COMMAND, {"command": "0: pass", "base": 0}),
    (COMMAND, {"command": "0: pass\x00 ???", "base": 0, "cid": "bad-notation"}),
    (HELLO, {"last_seq": "3"}),
    (HELLO, None),
    (APPLIED, {"seq": 1, "entries": []}),
    (APPLIED, {"seq": 1, "entries": [{"seq": 1}]}),
    (SETUP, {"v": 1}),
    (RESULT, {"seed": 1}),
    ("org.tablekeeper.unknown", {}),
    ("m.room.message", {"body": "hi"}),
]


def test_malformed_messages_are_ignored_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    table = Table.open("nemesis", seed=9)
    table.run(until=lambda t: t.host.seq >= 10)
    with caplog.at_level(logging.WARNING, logger="engine.online"):
        for kind, content in MALFORMED:
            table.room.inject(ANN, kind, content)      # a seat's account sends junk
            table.room.inject(HOST, kind, content)     # so does the host's (the clients must cope)
            table.room.inject_private(HOST, ANN, kind, content)
            table.room.inject_private(HOST, BOB, VIEW, content)
            table.room.inject_private(HOST, BOB, REFUSED, content)
            table.room.inject_private(ANN, HOST, COMMAND, content)
        table.run()
    assert "malformed" in caplog.text
    # the notation error was refused to its sender with a reason, not ignored
    assert any(r.ref == "bad-notation" and r.rule == "ONLINE-NOTATION" for r in table.clients[ANN].refusals)
    _check_ends_verified(table)


def test_messages_round_trip_and_bad_ones_say_why() -> None:
    table = Table.open("vindication", seed=1)
    table.run(until=lambda t: t.host.seq >= 3)
    for event in table.room.log:
        message = parse(event.kind, event.content)
        assert message.content() == event.content
    batch = next(parse(e.kind, e.content) for e in table.room.log if e.kind == APPLIED)
    assert isinstance(batch, Applied)
    broken = batch.content()
    broken["entries"][0]["digest"] = "xyz"
    with pytest.raises(ValueError, match="'digest'"):
        parse(APPLIED, broken)
