"""Online play over a throw-away Synapse on loopback, through the app's `MatrixTransport`
(matrix-nio, end-to-end encrypted): the figures for the README. Not a test.

    TABLEKEEPER_SYNAPSE_PYTHON=/tmp/tk-synapse-venv/bin/python python tests/benchmarks/online_latency.py

- command → applied → seen by every seat: a seat's bot sends a command; the time until every
  seat's client holds the entry the host applied for it (median, 95th percentile), over a seeded
  game with three remote seats (the host's own player on a second device);
- events per command: room events the game took (setup, commands, applied batches, hellos,
  result) per applied command, the host's alone, and the slowest pace Synapse's default message
  limit (0.2 events a second per account after a burst of 10) forces on the host;
- catch-up: a seat that missed 500 room events, on a new device (it must ask the members for the
  room keys of that history) and on its own device restarted with its store and access token.
"""
from __future__ import annotations

import argparse
import logging
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.bots import make_bot
from engine.core import get_game
from engine.online import HostTable, SeatClient
from engine.online.matrix import MatrixAccount
from tests.online.synapse_fixture import Homeserver, synapse_python

HOST, ANN, BOB = "@host:tk.test", "@ann:tk.test", "@bob:tk.test"
DEFAULT_RATE = 0.2      # Synapse's rc_message.per_second
DEFAULT_BURST = 10


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def game_latency(server: Homeserver, passwords: dict[str, str], folder: Path, game: str, seed: int,
                 commands: int) -> None:
    arrived = threading.Event()
    devices: list[MatrixAccount] = []

    def login(account: str) -> MatrixAccount:
        device = MatrixAccount.login(server.url, account, password=passwords[account],
                                     store_dir=folder / f"store-{len(devices)}")
        devices.append(device)
        return device

    host_device = login(HOST)
    room = host_device.create_room("latency", [ANN, BOB])
    for account in (ANN, BOB):
        device = login(account)
        while room not in {i.room_id for i in device.invitations()}:
            time.sleep(0.02)
        device.join(room)
    player = login(HOST)
    transports = {account: device.open(room) for account, device in
                  ((HOST, player), (ANN, devices[1]), (BOB, devices[2]))}
    host_transport = host_device.open(room)
    for transport in (host_transport, *transports.values()):
        transport.on_arrival = arrived.set
    host = HostTable.new(host_transport, game, 3, [HOST, ANN, BOB], seed=seed)
    clients = {account: SeatClient(transport, make_bot("random", get_game(game)), bot_seed=n)
               for n, (account, transport) in enumerate(transports.items())}
    for client in clients.values():
        client.start()
    sent: dict[int, float] = {}       # seq the command should get -> when it was sent
    latencies: list[float] = []
    started = time.monotonic()
    cpu = time.process_time()
    quiet = time.monotonic()
    while host.seq < commands and not host.match.state.is_terminal():
        moved = host.pump()
        for client in clients.values():
            moved |= client.pump()
        low = min(c.seq for c in clients.values())
        for seq in [s for s in sent if s <= low]:
            latencies.append(time.monotonic() - sent.pop(seq))
        for client in clients.values():
            if client.act():
                sent.setdefault(client.seq + 1, time.monotonic())
                moved = True
        if moved:
            quiet = time.monotonic()
        elif time.monotonic() - quiet > 30:
            raise RuntimeError(f"stalled at seq {host.seq}")
        else:
            arrived.wait(0.2)
            arrived.clear()
    seconds = time.monotonic() - started
    cpu = time.process_time() - cpu
    log = host_transport.room_since(0)
    by_host = sum(1 for e in log if e.sender == HOST and e.kind != "org.tablekeeper.hello")
    print(f"{game}: {host.seq} commands in {seconds:.1f} s; command -> applied -> seen by all 3 seats: "
          f"median {statistics.median(latencies) * 1000:.0f} ms, p95 {percentile(latencies, 0.95) * 1000:.0f} ms, "
          f"max {max(latencies) * 1000:.0f} ms ({len(latencies)} commands); this process's CPU (host, 3 seats, "
          f"4 nio clients): {cpu / host.seq * 1000:.0f} ms a command")
    per_command = by_host / host.seq
    pace = max(0.0, host.seq * per_command - DEFAULT_BURST) / DEFAULT_RATE
    print(f"  room events: {len(log)} for {host.seq} commands ({len(log) / host.seq:.2f} a command), the host's "
          f"{by_host} ({per_command:.2f} a command); under Synapse's default limits the host alone needs "
          f"{pace / 60:.1f} min for these {host.seq} commands (one applied event per 5 s after a burst of 10)")
    for device in devices:
        device.close()


def catch_up(server: Homeserver, passwords: dict[str, str], folder: Path, events: int) -> None:
    host = MatrixAccount.login(server.url, HOST, password=passwords[HOST], store_dir=folder / "c-host")
    ann = MatrixAccount.login(server.url, ANN, password=passwords[ANN], store_dir=folder / "c-ann")
    room = host.create_room("catch-up", [ANN])
    while room not in {i.room_id for i in ann.invitations()}:
        time.sleep(0.02)
    ann.join(room)
    ann.open(room)
    token, device_id, store = ann.access_token, ann.device_id, ann.store_dir
    ann.close()                                   # ann's app closes; the game goes on
    sender = host.open(room)
    started = time.monotonic()
    for n in range(events):
        sender.post("org.tablekeeper.applied", {"seq": n + 1, "entries": [], "pad": "x" * 200})
    while len(sender.room_since(0)) < events:
        time.sleep(0.05)
    print(f"posted {events} events in {time.monotonic() - started:.1f} s")

    def measure(what: str, login: MatrixAccount) -> None:
        started = time.monotonic()
        transport = login.open(room)
        while len(transport.room_since(0)) < events:
            time.sleep(0.01)
        print(f"catch-up of {events} missed events, {what}: {time.monotonic() - started:.2f} s "
              f"(+ sign-in {signed_in:.2f} s)")
        login.close()

    started = time.monotonic()
    again = MatrixAccount.login(server.url, ANN, token=token, device_id=device_id, store_dir=store)
    signed_in = time.monotonic() - started
    measure("its own device restarted (store and token kept)", again)
    started = time.monotonic()
    fresh = MatrixAccount.login(server.url, ANN, password=passwords[ANN], store_dir=folder / "c-ann-new")
    signed_in = time.monotonic() - started
    measure("a new device (room keys forwarded by the host)", fresh)
    host.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commands", type=int, default=150)
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--games", nargs="*", default=["dragonbond"])
    arguments = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)   # nio warns of every event it cannot decrypt yet
    python = synapse_python()
    if python is None:
        sys.exit("set TABLEKEEPER_SYNAPSE_PYTHON to the python of a venv with matrix-synapse")
    folder = Path(tempfile.mkdtemp(prefix="tk-online-bench-"))
    server = Homeserver(python, folder / "server")
    try:
        print(f"Synapse up in {server.start():.2f} s")
        passwords = {account: server.register(account[1:].split(":")[0])["password"] for account in (HOST, ANN, BOB)}
        for game in arguments.games:
            game_latency(server, passwords, folder, game, 5, arguments.commands)
        if arguments.events:
            catch_up(server, passwords, folder, arguments.events)
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
