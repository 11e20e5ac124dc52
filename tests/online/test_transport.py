"""The transport's status, its arrival callback and one device shared by several endpoints."""
from __future__ import annotations

import pytest

from engine.online import MemoryRoom, Transport, fan_out
from engine.online.messages import VIEW
from tests.online.table import ANN, HOST, Table


def test_status_is_connected_until_the_room_says_otherwise() -> None:
    room = MemoryRoom()
    ann, host = room.connect(ANN), room.connect(HOST)
    assert ann.status == host.status == "connected"
    room.set_status("throttled", ANN)
    assert ann.status == "throttled" and host.status == "connected"
    room.set_status("offline")
    assert ann.status == host.status == "offline"
    room.set_status("connected")
    assert ann.status == host.status == "connected"
    with pytest.raises(ValueError):
        room.set_status("asleep")  # type: ignore[arg-type]


def test_an_offline_device_sends_when_it_is_back_and_reads_what_waited_for_it() -> None:
    room = MemoryRoom()
    ann, host = room.connect(ANN), room.connect(HOST)
    room.set_status("offline", ANN)
    ann.post("org.tablekeeper.hello", {"last_seq": 0})
    ann.send_to(HOST, "x", {"n": 1})
    host.post("org.tablekeeper.seats", {"n": 2})
    host.send_to(ANN, "y", {"n": 3})
    assert [e.kind for e in room.log] == ["org.tablekeeper.seats"] and host.receive() == []
    assert ann.room_since(0) == [] and ann.receive() == []
    room.set_status("connected", ANN)
    assert [e.kind for e in ann.room_since(0)] == ["org.tablekeeper.seats", "org.tablekeeper.hello"]
    assert [m.kind for m in ann.receive()] == ["y"] and [m.kind for m in host.receive()] == ["x"]


def test_on_arrival_is_called_for_room_events_and_private_messages() -> None:
    room = MemoryRoom()
    ann, host = room.connect(ANN), room.connect(HOST)
    calls: list[str] = []
    ann.on_arrival = lambda: calls.append("ann")
    host.on_arrival = lambda: calls.append("host")
    host.post("k", {})
    assert sorted(calls) == ["ann", "host"]
    calls.clear()
    host.send_to(ANN, "k", {})
    assert calls == ["ann"]
    calls.clear()
    room.set_status("offline", ANN)
    host.send_to(ANN, "k", {})
    assert calls == []                 # nothing reaches an offline device …
    room.set_status("connected", ANN)
    assert calls == ["ann"]            # … until it is back


def test_fan_out_gives_each_endpoint_every_private_message_and_its_own_reading() -> None:
    room = MemoryRoom()
    device = room.connect(HOST, "app")
    first, second = fan_out(device, 2)
    ann = room.connect(ANN)
    arrived: list[int] = []
    first.on_arrival = lambda: arrived.append(1)
    second.on_arrival = lambda: arrived.append(2)
    ann.send_to(HOST, "a", {"n": 1})
    ann.post("b", {"n": 2})
    assert arrived == [1, 2, 1, 2]
    assert [m.kind for m in first.receive()] == ["a"]
    ann.send_to(HOST, "c", {"n": 3})
    assert [m.kind for m in second.receive()] == ["a", "c"]
    assert [m.kind for m in first.receive()] == ["c"] and first.receive() == []
    assert [e.kind for e in first.room_since(0)] == [e.kind for e in second.room_since(0)] == ["b"]
    second.post("d", {})
    second.send_to(ANN, "e", {})
    assert room.log[-1].sender == HOST and [m.kind for m in ann.receive()] == ["e"]
    assert first.account == second.account == HOST and first.status == "connected"
    with pytest.raises(ValueError):
        fan_out(device, 0)


def test_a_whole_game_with_the_host_and_its_player_on_one_device() -> None:
    room = MemoryRoom()
    shared: list[Transport] = []

    def device(account: str, name: str) -> Transport:
        if account != HOST:
            return room.connect(account, name)
        if not shared:
            shared.extend(fan_out(room.connect(HOST, "app"), 2))
        return shared.pop(0)           # the table first, then its player's client

    table = Table.open("nemesis", seed=4, device=device)
    table.room = room
    table.run()
    assert table.finished()
    for client in table.clients.values():
        assert client.digest == table.host.match.digest() and client.refusals == []
        client.verify()
    assert ("app" in {name for _, name in room.devices}) and len(room.devices) == 3
    assert any(kind == VIEW for kind, _ in room.delivered[HOST])
