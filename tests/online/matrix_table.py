"""Online tables over a throw-away Synapse with the app's `MatrixTransport`, for the `matrix` tests.

`MatrixNet` gives each (account, device name) a `MatrixAccount` of its own (a sign-in with the
password: a new device with its own crypto store), kept for the whole session (signing in costs
about a second each), opens each test's fresh room on it and wakes the test's loop when anything
arrives. `play` drives a `Table` (tests/online/table.py) as the
in-memory tests do, but waits for the network instead of stopping when a round moved nothing.
"""
from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine.online.matrix import MatrixAccount, MatrixTransport
from tests.online.synapse_fixture import Homeserver
from tests.online.table import ANN, BOB, HOST, Table

PLAYERS = (HOST, ANN, BOB)
STRANGER = "@eve:tk.test"


@dataclass
class MatrixNet:
    homeserver: Homeserver
    passwords: dict[str, str]
    folder: Path
    room_id: str = ""
    accounts: dict[tuple[str, str], MatrixAccount] = field(default_factory=dict)
    transports: dict[tuple[str, str], MatrixTransport] = field(default_factory=dict)
    arrived: threading.Event = field(default_factory=threading.Event)
    _count: Iterator[int] = field(default_factory=itertools.count)

    def login(self, account: str) -> MatrixAccount:
        store = self.folder / f"store-{account[1:].split(':')[0]}-{next(self._count)}"
        return MatrixAccount.login(self.homeserver.url, account, password=self.passwords[account], store_dir=store)

    def signed_in(self, account: str, name: str) -> MatrixAccount:
        key = (account, name)
        if key not in self.accounts:
            self.accounts[key] = self.login(account)
        return self.accounts[key]

    def new_room(self, members: tuple[str, ...] = PLAYERS, name: str = "Tablekeeper test") -> str:
        """A fresh encrypted room: the host's "host" device creates it, the others' "main"
        devices accept the invitation (the host's "player" device is in it as its account is)."""
        self.finish()
        self.room_id = self.signed_in(members[0], "host").create_room(name, list(members[1:]))
        for account in members[1:]:
            device = self.signed_in(account, "main")
            deadline = time.monotonic() + 30
            while self.room_id not in {i.room_id for i in device.invitations()}:
                assert time.monotonic() < deadline, f"{account} got no invitation"
                time.sleep(0.02)
            device.join(self.room_id)
        return self.room_id

    def device(self, account: str, name: str) -> MatrixTransport:
        """The ``name`` device of ``account`` with the room open; a device asked for again in the
        same room is a restart that kept nothing: the old device is closed and a new one signs in."""
        key = (account, name)
        if key in self.transports:
            self.kill(account, name)
        transport = self.signed_in(account, name).open(self.room_id)
        transport.on_arrival = self.arrived.set
        self.transports[key] = transport
        return transport

    def kill(self, account: str, name: str) -> None:
        """The device's app stops (its device stays registered on the homeserver)."""
        self.transports.pop((account, name), None)
        self.accounts.pop((account, name)).close()

    def finish(self) -> None:
        """Stop the room's transports (the devices stay signed in for the next test)."""
        for transport in self.transports.values():
            transport.close()
        self.transports.clear()
        self.arrived.clear()

    def close(self) -> None:
        self.finish()
        for account in self.accounts.values():
            account.close()
        self.accounts.clear()

    def wait(self, seconds: float = 0.2) -> None:
        self.arrived.wait(seconds)
        self.arrived.clear()


def play(table: Table, net: MatrixNet, until: Callable[[Table], bool] | None = None, quiet: float = 30) -> None:
    """Rounds as `Table.run` plays them, waiting for the network between them, until ``until``
    holds or the game is over everywhere; fails if nothing moved for ``quiet`` seconds."""
    last = time.monotonic()
    while not (until(table) if until is not None else table.finished()):
        if table.step():
            last = time.monotonic()
        else:
            assert time.monotonic() - last < quiet, f"the table stalled at seq {table.host.seq}"
            net.wait()


def settle(table: Table, net: MatrixNet, quiet: float = 30) -> None:
    """Read (sending nothing) until every client holds the host's log and a current view."""
    deadline = time.monotonic() + quiet
    while True:
        table.host.pump()
        for client in table.clients.values():
            client.pump()
        if all(c.seq == table.host.seq and c.view is not None and c.view.seq == table.host.seq
               for c in table.clients.values()):
            return
        assert time.monotonic() < deadline, "the clients did not catch up: " + ", ".join(
            f"{a} {c.seq}/{table.host.seq}" for a, c in table.clients.items())
        net.wait()


def open_table(net: MatrixNet, game: str, seed: int, **options: Any) -> Table:
    net.new_room()
    return Table.open(game, seed=seed, device=net.device, **options)


@pytest.fixture(scope="session")
def passwords(homeserver: Homeserver) -> dict[str, str]:
    """The players' accounts (and a stranger's), registered once per homeserver."""
    return {account: homeserver.register(account[1:].split(":")[0])["password"]
            for account in (*PLAYERS, STRANGER)}


@pytest.fixture(scope="session")
def devices(homeserver: Homeserver, passwords: dict[str, str],
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[MatrixNet]:
    matrix_net = MatrixNet(homeserver, passwords, tmp_path_factory.mktemp("matrix-devices"))
    try:
        yield matrix_net
    finally:
        matrix_net.close()


@pytest.fixture
def net(devices: MatrixNet) -> Iterator[MatrixNet]:
    """The session's signed-in devices, for one test's room."""
    try:
        yield devices
    finally:
        devices.finish()
