"""Private messages too large for one Matrix message, and commands the host never answered."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from engine.online import SeatClient, TransportClosed, parse
from engine.online.messages import APPLIED, COMMAND, HOSTING, PACKED, VIEW, Packed, View, pack, size, unpack
from tests.online.table import ANN, BOB, HOST, FakeClock, Table


def test_pack_splits_what_is_too_large_and_unpack_restores_it() -> None:
    content = {"text": "".join(f"{n:05d}" for n in range(30_000)), "n": list(range(2000))}
    assert pack(VIEW, content, 60_000) is None or size(content) > 60_000
    parts = pack(VIEW, content, 4_000)
    assert parts is not None and len(parts) > 3
    assert all(size(p.content()) <= 4_000 for p in parts)
    assert {p.pid for p in parts} == {parts[0].pid} and [p.part for p in parts] == list(range(len(parts)))
    assert unpack([parse(PACKED, p.content()) for p in parts]) == content  # type: ignore[misc]
    assert pack(VIEW, {"small": 1}, 4_000) is None


def _packing_table(game: str, limit: int, clock: FakeClock | None = None) -> Table:
    table = Table.open(game, seed=7, clock=clock)
    table.host.max_private_bytes = limit
    for account in (ANN, BOB):       # their first views went whole: ask again, now packed
        table.clients[account].hello()
    return table


def test_a_whole_game_with_views_sent_packed_in_parts() -> None:
    table = _packing_table("nemesis", 1_500)
    table.run()
    assert table.finished()
    packed = [content for kind, content in table.room.delivered[ANN] if kind == PACKED]
    assert len({c["pid"] for c in packed}) > 10 and max(c["parts"] for c in packed) > 1
    assert all(size(c) <= 1_500 for c in packed)
    for client in table.clients.values():
        assert client.digest == table.host.match.digest() and client.ignored == [] and client.repairs == 0
        assert client.view is not None and client.view.view == table.host.match.state.view(client.seat)
        client.verify()


def test_a_lost_part_makes_the_client_ask_again_and_malformed_parts_are_ignored(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock(pace=0.0)
    table = _packing_table("dragonbond", 800, clock)
    table.run(until=lambda t: t.host.seq >= 20)
    host = table.host
    real_send = host.transport.send_to
    dropped: list[dict[str, Any]] = []

    def lossy(account: str, kind: str, content: dict[str, Any]) -> None:
        if account == BOB and kind == PACKED and content["part"] == 1 and not dropped:
            dropped.append(content)  # one part never arrives
            return
        real_send(account, kind, content)

    host.transport.send_to = lossy  # type: ignore[method-assign]
    bob = table.clients[BOB]
    bob.hello()
    host.pump()
    bob.pump()
    assert dropped and bob._packs and bob.repairs == 0
    with caplog.at_level(logging.WARNING, logger="engine.online"):
        table.room.inject_private(HOST, BOB, PACKED, {"pid": "junk", "kind": VIEW, "part": 3, "parts": 2,
                                                      "data": "x"})
        table.room.inject_private(HOST, BOB, PACKED, {"pid": "bad", "kind": VIEW, "part": 0, "parts": 1,
                                                      "data": "!!not base64!!"})
        bob.pump()
    assert "malformed" in caplog.text and bob.repairs == 1      # the broken one asked at once
    clock.now += bob.repair_after
    bob.pump()
    assert bob.repairs == 2 and not bob._packs                  # the incomplete one after a while
    host.pump()
    bob.pump()
    assert bob.view is not None and bob.view.seq == host.seq
    assert bob.view.view == host.match.state.view(bob.seat)
    table.run()
    assert table.finished()
    for client in table.clients.values():
        assert client.digest == host.match.digest()
        client.verify()


def test_a_client_resends_a_command_the_host_never_answered_with_the_same_cid() -> None:
    clock = FakeClock(pace=0.0)
    table = Table.open("vindication", seed=3, clock=clock)
    table.run(until=lambda t: t.host.seq >= 5)
    host = table.host
    seat = host.match.state.deciders()[0]
    account = host.holders[seat]
    table.people.add(account)        # this test sends the seat's commands itself
    client = table.clients[account]
    client.pump()
    real_receive = host.transport.receive
    host.transport.room_since = lambda index: []  # type: ignore[method-assign]  # the host hears nothing
    host.transport.receive = lambda: []  # type: ignore[method-assign]
    if not client.pending:           # (its bot may have sent one already)
        client.send(client.legal[0])
    (cid,) = client.pending
    host.pump()
    client.pump()
    assert cid in client.pending and client.resends == 0
    clock.now += client.resend_after
    client.pump()
    assert client.resends == 1
    del host.transport.room_since  # type: ignore[attr-defined]  # the host hears again
    host.transport.receive = real_receive  # type: ignore[method-assign]
    host.pump()
    client.pump()
    assert cid not in client.pending and host.entries[-1].ref == cid and host.seq == 6
    commands = [e for e in table.room.log if e.kind == COMMAND and e.content["cid"] == cid]
    assert len(commands) == 2          # sent twice, applied once


def test_after_a_host_crash_between_receiving_and_saving_the_seat_resends_its_private_command(
        tmp_path: Path) -> None:
    table = Table.open("dragonbond", seed=5, save_path=tmp_path / "host.json")
    table.run(until=lambda t: t.host.seq >= 15 and t.host.match.state.deciders()[0] == 0)
    crashed = table.host
    client = table.clients[HOST]     # the host's own player sends privately: nothing in the room keeps it
    table.people.add(HOST)
    client.pump()
    if not client.pending:           # (its bot may have sent one already)
        client.send(client.legal[0])
    (cid,) = client.pending
    real_save = crashed._save

    def crash() -> None:
        raise TransportClosed("the host's app died before saving")

    crashed._save = crash  # type: ignore[method-assign]
    with pytest.raises(TransportClosed):
        crashed.pump()                # received and applied in memory, never saved nor posted
    crashed._save = real_save  # type: ignore[method-assign]
    table.room.drop(HOST, "host")
    assert crashed.seq == 16
    resumed = table.restart_host()
    assert resumed.seq == 15 and any(e.kind == HOSTING for e in table.room.log)
    client.pump()                     # the announcement: the command goes again, same cid
    assert client.resends == 1
    resumed.pump()
    client.pump()
    assert resumed.seq == 16 and resumed.entries[-1].ref == cid and cid not in client.pending
    table.people.discard(HOST)
    table.run()
    assert table.finished()
    for seat_client in table.clients.values():
        assert seat_client.digest == resumed.match.digest()
        seat_client.verify()
    seqs = [e.seq for ev in table.room.log if ev.kind == APPLIED
            for e in parse(ev.kind, ev.content).entries]  # type: ignore[union-attr]
    assert seqs == list(range(1, resumed.seq + 1))


def test_a_client_gives_up_on_a_command_sent_too_often() -> None:
    clock = FakeClock(pace=0.0)
    table = Table.open("vindication", seed=3, clock=clock)
    table.run(until=lambda t: t.host.seq >= 5)
    seat = table.host.match.state.deciders()[0]
    client: SeatClient = table.clients[table.host.holders[seat]]
    client.pending.clear()
    cid = client.send(client.legal[0])
    client.transport.post = lambda kind, content: None  # type: ignore[method-assign]  # lost every time
    client.transport.send_to = lambda account, kind, content: None  # type: ignore[method-assign]
    for _ in range(client.max_resends + 1):
        clock.now += client.resend_after
        client.pump()
    assert cid not in client.pending and client.resends == client.max_resends
    assert any("never answered" in why for why in client.ignored)


def test_a_packed_view_parses_as_the_view_it_holds() -> None:
    table = Table.open("vindication", seed=1)
    view = table.host.view_for(1, 0)
    parts = pack(VIEW, view.content(), 500)
    assert parts is not None and all(isinstance(parse(PACKED, p.content()), Packed) for p in parts)
    assert View.parse(unpack(list(parts))) == view


def test_a_resent_command_that_was_refused_gets_its_refusal_again() -> None:
    table = Table.open("vindication", seed=3)
    table.run(until=lambda t: t.host.seq >= 5)
    host = table.host
    seat = host.match.state.deciders()[0]
    other = next(s for s in (1, 2) if s != seat)
    client = table.clients[host.holders[other]]
    client.pending.clear()
    legal = str(host.match.state.legal(seat)[0]).split(":", 1)[1].strip()
    cid = client.send(legal, cid="not-my-turn")   # refused: it is another seat's decision
    host.pump()
    client.pump()
    assert [r.ref for r in client.refusals] == [cid]
    client.send(legal, cid=cid)       # sent again (its refusal lost, say)
    host.pump()
    client.pump()
    assert [r.ref for r in client.refusals] == [cid, cid] and cid not in client.pending
