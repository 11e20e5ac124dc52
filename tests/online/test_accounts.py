"""The in-memory server and accounts the app's lobby and its tests use (engine/online/accounts.py)."""
from __future__ import annotations

import pytest

from engine.online import HostTable, SeatClient
from engine.online.account import Account, Invitation, OnlineError
from engine.online.memory_server import MemoryAccount, MemoryServer


@pytest.fixture
def server() -> MemoryServer:
    server = MemoryServer()
    server.register("host", "pw-host")
    server.register("ann", "pw-ann", token="tok-ann")
    return server


def test_sign_in_with_password_or_token(server: MemoryServer) -> None:
    account = server.login("host", password="pw-host")
    assert account.user_id == "@host:tk.test" and account.device_id and account.access_token
    assert server.login("@ann:tk.test", token="tok-ann").user_id == "@ann:tk.test"
    again = server.login("host", token=account.access_token, device_id=account.device_id)
    assert again.device_id == account.device_id
    with pytest.raises(OnlineError, match="password"):
        server.login("host", password="wrong")
    with pytest.raises(OnlineError, match="token"):
        server.login("host", token="tok-ann")
    server.reachable = False
    with pytest.raises(OnlineError, match="does not answer"):
        server.login("host", password="pw-host")


def test_invite_join_and_play_over_the_room(server: MemoryServer) -> None:
    host: Account = server.login("host", password="pw-host")
    ann: Account = server.login("ann", password="pw-ann")
    with pytest.raises(OnlineError, match="no such user"):
        host.create_room("Game", ["@nobody:tk.test"])
    room_id = host.create_room("Vindication with friends", ["@ann:tk.test"])
    assert ann.invitations() == [Invitation(room_id, "@host:tk.test", "Vindication with friends")]
    assert host.invitations() == []
    with pytest.raises(OnlineError, match="not joined"):
        ann.open(room_id)
    ann.join(room_id)
    assert ann.invitations() == []
    table = HostTable.new(host.open(room_id), "vindication", 2, ["@ann:tk.test", "bot:random"], seed=3)
    client = SeatClient(ann.open(room_id))
    client.start()
    table.pump()
    client.pump()
    assert client.seat == 0 and client.legal and client.seq == table.seq


def test_strangers_and_signed_out_devices_are_refused(server: MemoryServer) -> None:
    server.register("eve", "pw-eve")
    host = server.login("host", password="pw-host")
    room_id = host.create_room("Game", ["@ann:tk.test"])
    eve = server.login("eve", password="pw-eve")
    with pytest.raises(OnlineError, match="not invited"):
        eve.join(room_id)
    with pytest.raises(OnlineError, match="no room"):
        eve.join("!missing:tk.test")
    host.close()
    with pytest.raises(OnlineError, match="signed out"):
        host.invitations()
    assert isinstance(host, MemoryAccount)
