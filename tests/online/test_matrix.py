"""Over a real (throw-away) Synapse on 127.0.0.1: the fixture, and a whole game through the same
host and seat clients as in memory. Marked `matrix`; skipped without TABLEKEEPER_SYNAPSE_PYTHON."""
from __future__ import annotations

import time
from typing import Any

import pytest

from engine.online import Transport
from tests.online.http_transport import HttpTransport
from tests.online.synapse_fixture import ApiError, Homeserver, api
from tests.online.table import ANN, BOB, HOST, Table

pytestmark = pytest.mark.matrix


def test_the_homeserver_registers_by_shared_secret_only(homeserver: Homeserver) -> None:
    user = homeserver.register("fixture_check")
    assert user["user_id"] == "@fixture_check:tk.test" and user["access_token"]
    with pytest.raises(ApiError) as refused:
        api(homeserver.url, "POST", "/_matrix/client/v3/register", body={"username": "x", "password": "y"})
    assert refused.value.status == 403
    second = homeserver.login(user["user_id"], user["password"])
    assert second["device_id"] != user["device_id"]


@pytest.fixture(scope="module")
def accounts(homeserver: Homeserver) -> dict[str, dict[str, Any]]:
    return {account: homeserver.register(account[1:].split(":")[0]) for account in (HOST, ANN, BOB)}


def test_a_whole_game_over_synapse(homeserver: Homeserver, accounts: dict[str, dict[str, Any]]) -> None:
    host = accounts[HOST]
    room_id = api(homeserver.url, "POST", "/_matrix/client/v3/createRoom", host["access_token"],
                  {"preset": "private_chat", "invite": [ANN, BOB], "name": "Tablekeeper test"})["room_id"]
    for account in (ANN, BOB):
        api(homeserver.url, "POST", f"/_matrix/client/v3/join/{room_id}", accounts[account]["access_token"], {})
    transports: list[HttpTransport] = []

    def device(account: str, name: str) -> Transport:
        login = homeserver.login(account, accounts[account]["password"])  # each device its own login
        transport = HttpTransport(homeserver.url, account, login["access_token"], room_id)
        transports.append(transport)
        return transport

    started = time.monotonic()
    table = Table.open("nemesis", seed=21, device=device)
    table.run()
    seconds = time.monotonic() - started
    assert table.finished()
    for client in table.clients.values():
        assert client.digest == table.host.match.digest() and client.refusals == []
        client.verify()
    requests = sum(t.requests for t in transports)
    print(f"nemesis over Synapse: {table.host.seq} commands, {table.rounds} rounds, {requests} requests, "
          f"{seconds:.1f} s")
