"""Over a real (throw-away) Synapse on 127.0.0.1, with the app's `MatrixTransport` (matrix-nio,
end-to-end encrypted): the host and seat clients of the in-memory tests, unchanged. Marked
`matrix`; skipped without TABLEKEEPER_SYNAPSE_PYTHON (CI sets it).

By default each game plays a short sample (its first commands) and the failure tests run;
``--matrix-full`` plays every game to its end and verifies the revealed seed (minutes)."""
from __future__ import annotations

import json
import logging
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("nio", reason="the matrix tests need the `online` extra (matrix-nio)")

import tests.toygame  # noqa: F401  (registers the toy game)
from engine.bots import bot_rng, make_bot
from engine.core import Command, Match, get_game
from engine.online import HostTable, SeatClient, Transport
from engine.online.matrix import MAX_MESSAGE_BYTES, MatrixAccount, OnlineError
from engine.online.messages import COMMAND, RESULT
from tests.online.http_transport import HttpTransport
from tests.online.matrix_table import (
    PLAYERS,
    STRANGER,
    MatrixNet,
    devices,  # noqa: F401  (fixture)
    net,  # noqa: F401  (fixture)
    open_table,
    passwords,  # noqa: F401  (fixture)
    play,
    settle,
)
from tests.online.synapse_fixture import ApiError, Homeserver, api
from tests.online.table import ACCOUNTS, ANN, BOB, HOST, Table
from tests.online.test_whole_games import strings, views_over_the_game

pytestmark = pytest.mark.matrix

GAMES = ["vindication", "nemesis", "dragonbond"]
SAMPLE = 15     # commands of each game in the default run


@pytest.fixture
def matrix_full(request: pytest.FixtureRequest) -> None:
    if not request.config.getoption("--matrix-full"):
        pytest.skip("a whole game over Synapse takes most of a minute: runs with --matrix-full")


def _check_on_the_hosts_digest(table: Table) -> None:
    for account, client in table.clients.items():
        assert client.seq == table.host.seq, account
        assert client.digest == table.host.match.digest(), account
        assert client.ignored == [] and client.refusals == [], account
    assert table.host.ignored == []


# -- the fixture and the account ----------------------------------------------------------------
def test_the_homeserver_registers_by_shared_secret_only(homeserver: Homeserver) -> None:
    user = homeserver.register("fixture_check")
    assert user["user_id"] == "@fixture_check:tk.test" and user["access_token"]
    with pytest.raises(ApiError) as refused:
        api(homeserver.url, "POST", "/_matrix/client/v3/register", body={"username": "x", "password": "y"})
    assert refused.value.status == 403
    second = homeserver.login(user["user_id"], user["password"])
    assert second["device_id"] != user["device_id"]


def test_signing_in_fails_with_a_clear_reason(homeserver: Homeserver, passwords: dict[str, str],  # noqa: F811
                                              tmp_path: Path) -> None:
    cases = [("not a url", "password", "is not a homeserver address"),
             (homeserver.url, "wrong", "refused the sign-in"),
             ("http://127.0.0.1:1", "password", "cannot reach the homeserver")]
    for url, password, reason in cases:
        with pytest.raises(OnlineError, match=reason):
            MatrixAccount.login(url, ANN, password=password, store_dir=tmp_path / "store")
    with pytest.raises(OnlineError, match="refused the access token"):
        MatrixAccount.login(homeserver.url, ANN, token="syt_forged", store_dir=tmp_path / "store")


def test_an_account_resumes_its_session_and_refuses_oversized_messages(
        net: MatrixNet, passwords: dict[str, str]) -> None:  # noqa: F811
    room = net.new_room()
    first = net.login(ANN)
    user_id, device_id, token = first.user_id, first.device_id, first.access_token
    assert user_id == ANN and device_id and token
    first.close()
    with pytest.raises(OnlineError, match="encryption keys of device"):
        MatrixAccount.login(net.homeserver.url, ANN, token=token, store_dir=net.folder / "elsewhere")
    again = MatrixAccount.login(net.homeserver.url, ANN, token=token, store_dir=first.store_dir)  # its own keys
    net.accounts[(ANN, "resumed")] = again
    assert (again.user_id, again.device_id) == (ANN, device_id)
    transport = again.open(room)
    assert transport.status == "connected"
    with pytest.raises(OnlineError, match="too large"):
        transport.send_to(HOST, COMMAND, {"blob": "x" * MAX_MESSAGE_BYTES})
    with pytest.raises(OnlineError, match="too large"):
        transport.post(COMMAND, {"blob": "x" * MAX_MESSAGE_BYTES})
    host = net.device(HOST, "host")
    transport.send_to(HOST, "org.tablekeeper.test", {"blob": "y" * (MAX_MESSAGE_BYTES - 100)})  # fits, encrypted
    transport.post("org.tablekeeper.test", {"blob": "z" * (MAX_MESSAGE_BYTES - 100)})
    deadline = time.monotonic() + 20
    received: list[Any] = []
    while not (received and host.room_since(0)) and time.monotonic() < deadline:
        received += host.receive()
        net.wait()
    assert [(m.sender, m.kind, len(m.content["blob"])) for m in received] == [
        (ANN, "org.tablekeeper.test", MAX_MESSAGE_BYTES - 100)]
    assert [(e.sender, len(e.content["blob"])) for e in host.room_since(0)] == [(ANN, MAX_MESSAGE_BYTES - 100)]
    assert transport.errors == []


def test_a_throttled_account_shows_it_and_its_posts_arrive_in_order(homeserver: Homeserver, tmp_path: Path) -> None:
    """The homeserver answers 429: nio waits and retries, the transport says "throttled" meanwhile."""
    admin = homeserver.register("throttle_admin", admin=True)
    slow = homeserver.register("throttled")
    api(homeserver.url, "POST", f"/_synapse/admin/v1/users/{slow['user_id']}/override_ratelimit", admin["access_token"],
        {"messages_per_second": 1, "burst_count": 1})
    account = MatrixAccount.login(homeserver.url, slow["user_id"], password=slow["password"], store_dir=tmp_path)
    try:
        transport = account.open(account.create_room("throttled", []))
        seen = set()
        for n in range(4):
            transport.post("org.tablekeeper.test", {"n": n})
        deadline = time.monotonic() + 30
        while len(transport.room_since(0)) < 4:
            assert time.monotonic() < deadline, "the posts did not arrive"
            seen.add(transport.status)
            time.sleep(0.01)
        assert "throttled" in seen
        assert [e.content["n"] for e in transport.room_since(0)] == [0, 1, 2, 3]
        assert transport.status == "connected" and transport.errors == []
    finally:
        account.close()


# -- games ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_game_sample_over_synapse_ends_on_the_hosts_digest(net: MatrixNet, game: str) -> None:  # noqa: F811
    table = open_table(net, game, seed=11, bot_kind="heuristic")
    play(table, net, until=lambda t: t.host.seq >= SAMPLE)
    settle(table, net)
    _check_on_the_hosts_digest(table)
    for account, client in table.clients.items():
        assert client.view is not None and client.view.view == table.host.match.state.view(client.seat), account
    assert all(t.errors == [] for t in net.transports.values())
    _check_the_database_holds_no_secret(net.homeserver, table)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_over_synapse_verifies(net: MatrixNet, game: str, matrix_full: None) -> None:  # noqa: F811
    started = time.monotonic()
    table = open_table(net, game, seed=11, bot_kind="heuristic")
    play(table, net)
    settle(table, net)
    seconds = time.monotonic() - started
    assert table.finished()
    _check_on_the_hosts_digest(table)
    for client in table.clients.values():
        client.verify()
    _check_the_database_holds_no_secret(net.homeserver, table)
    print(f"{game} over Synapse (E2E): {table.host.seq} commands, {table.rounds} rounds, {seconds:.1f} s")


def test_a_whole_game_over_the_stdlib_http_transport(homeserver: Homeserver, passwords: dict[str, str],  # noqa: F811
                                                     matrix_full: None) -> None:
    """The protocol needs nothing of nio: the same game over plain HTTP calls (unencrypted)."""
    tokens = {account: homeserver.login(account, passwords[account])["access_token"] for account in PLAYERS}
    room_id = api(homeserver.url, "POST", "/_matrix/client/v3/createRoom", tokens[HOST],
                  {"preset": "private_chat", "invite": [ANN, BOB], "name": "Tablekeeper test"})["room_id"]
    for account in (ANN, BOB):
        api(homeserver.url, "POST", f"/_matrix/client/v3/join/{room_id}", tokens[account], {})

    def device(account: str, name: str) -> Transport:
        login = homeserver.login(account, passwords[account])  # each device its own login
        return HttpTransport(homeserver.url, account, login["access_token"], room_id)

    table = Table.open("nemesis", seed=21, device=device)
    table.run()
    assert table.finished()
    for client in table.clients.values():
        assert client.digest == table.host.match.digest() and client.refusals == []
        client.verify()


def _secret_texts(table: Table) -> set[str]:
    """Texts that some seat's view held at some time and some other seat never knew (hands,
    objectives, quests, card faces …), as the in-memory secret tests take them."""
    views, match = views_over_the_game(table)
    seats = range(table.host.match.config.players)
    secret: set[str] = set()
    for seat in seats:
        known = views[seat] | strings([e.to_plain() for e in match.events_for(seat)])
        secret |= set().union(*(views[s] for s in seats if s != seat)) - known
    return secret


def _database_text(homeserver: Homeserver) -> str:
    """Everything in the homeserver's database, read with sqlite3 (every row of every table)."""
    database = homeserver.folder / "homeserver.db"
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return "\n".join(connection.iterdump())


def _check_the_database_holds_no_secret(homeserver: Homeserver, table: Table) -> None:
    secret = _secret_texts(table)
    assert secret, "the game should hide something from each seat"
    text = _database_text(homeserver)
    # quoted, as JSON holds them: base64 ciphertext has no quotes, so a find is a readable secret
    leaks = sorted(s for s in secret if json.dumps(s) in text or json.dumps(s, ensure_ascii=False) in text)
    assert leaks == [], f"the homeserver's database holds {leaks[:5]} readable"
    # the check can see: the host sent some seat those texts (encrypted), and the room's name is readable
    sent = {text for client in table.clients.values() if client.view is not None
            for text in strings(client.view.view)}
    assert sent & secret
    assert json.dumps("Tablekeeper test") in text


# -- failures ---------------------------------------------------------------------------------------
def test_a_seat_killed_and_restarted_on_a_new_device_catches_up(net: MatrixNet) -> None:  # noqa: F811
    table = open_table(net, "dragonbond", seed=3)
    play(table, net, until=lambda t: t.host.seq >= 6)
    old = table.drop(ANN)
    net.kill(ANN, "main")              # the app died: its device and its private messages are gone
    play(table, net, until=lambda t: t.host.seq >= 10 or 1 in t.host.match.state.deciders())  # ann is seat 1
    started = time.monotonic()
    fresh = table.connect(ANN)         # a new sign-in: a new device with an empty store
    settle(table, net)
    caught_up = time.monotonic() - started
    assert fresh.entries[:old.seq] == old.entries
    assert fresh.view is not None and fresh.view.view == table.host.match.state.view(fresh.seat)
    play(table, net, until=lambda t: t.host.seq >= 14)
    settle(table, net)
    _check_on_the_hosts_digest(table)
    print(f"a new device caught up {table.clients[ANN].seq} entries in {caught_up:.2f} s")


def test_the_host_restarted_on_a_new_device_resumes_from_its_save(net: MatrixNet, tmp_path: Path) -> None:  # noqa: F811
    """The host's app dies; a new sign-in (its old device's keys gone) reads the room (the seats
    forward the room keys), checks it against its save and goes on."""
    net.new_room()
    table = Table.open("nemesis", seed=2, device=net.device, save_path=tmp_path / "host.json")
    play(table, net, until=lambda t: t.host.seq >= 6)
    before = table.host.seq
    net.kill(HOST, "host")
    resumed = table.restart_host()     # Table asks net.device(HOST, "host"): a new device
    assert resumed.seq == before and resumed.posted_seq == before
    play(table, net, until=lambda t: t.host.seq >= before + 6)
    settle(table, net)
    _check_on_the_hosts_digest(table)


def test_the_homeserver_restarted_mid_game(net: MatrixNet, homeserver: Homeserver) -> None:  # noqa: F811
    table = open_table(net, "vindication", seed=8)
    play(table, net, until=lambda t: t.host.seq >= 4)
    homeserver.stop()
    try:
        deadline = time.monotonic() + 15
        for _ in range(10):            # the table plays on while the server is away: sends queue up
            table.step()
            time.sleep(0.1)
        while not any(t.status == "offline" for t in net.transports.values()):
            assert time.monotonic() < deadline, "no transport noticed the homeserver was gone"
            time.sleep(0.1)
    finally:
        homeserver.start()
    play(table, net, until=lambda t: t.host.seq >= 10)
    settle(table, net)
    _check_on_the_hosts_digest(table)
    assert all(t.status == "connected" for t in net.transports.values())


def _race_position() -> tuple[int, list[Command], Command, Command]:
    """The toy game's shortest opening after which seat 1 decides while seat 2 may claim (an
    anytime verb): both may send at once."""
    bot = make_bot("random", get_game("toy"))
    best: tuple[int, list[Command], Command, Command] | None = None
    for seed in range(1, 40):
        match = Match.new("toy", 3, seed=seed)
        while not match.state.is_terminal() and (best is None or len(match.commands) < len(best[1])):
            state = match.state
            claims = [c for c in state.legal(2) if c.verb == "claim"]
            if state.deciders() == (1,) and claims:
                best = (seed, match.commands, state.legal(1)[0], claims[0])
                break
            seat = state.deciders()[0]
            match.apply(bot.choose(state.view(seat), state.legal(seat), bot_rng(seed, len(match.commands))))
    assert best is not None
    return best


def test_two_seats_sending_at_once_agree_on_one_order(net: MatrixNet) -> None:  # noqa: F811
    seed, commands, first, claim = _race_position()
    net.new_room()
    host = HostTable.new(net.device(HOST, "host"), "toy", 3, ACCOUNTS, seed=seed)
    clients = {seat: SeatClient(net.device(account, "player" if account == HOST else "main"))
               for seat, account in enumerate(ACCOUNTS)}
    for client in clients.values():
        client.start()

    def settle_all(until: Any) -> None:
        deadline = time.monotonic() + 30
        while True:
            host.pump()
            for client in clients.values():
                client.pump()
            if until():
                return
            assert time.monotonic() < deadline, f"stalled at seq {host.seq}"
            net.wait(0.05)

    def current() -> bool:
        return all(c.seq == host.seq and c.view is not None and c.view.seq == host.seq for c in clients.values())

    for number, command in enumerate(commands, start=1):
        assert command.seat is not None
        settle_all(current)
        clients[command.seat].send(str(command))
        settle_all(lambda: host.seq == number)  # noqa: B023
    settle_all(current)
    cids = [clients[1].send(str(first)), clients[2].send(str(claim))]  # at once, from two accounts' threads

    def outcome() -> tuple[list[str | None], list[str]]:
        return ([e.ref for e in host.entries[len(commands):]],
                [r.ref for c in clients.values() for r in c.refusals])

    # each is applied (every client has its entry) or refused (its sender was told why)
    settle_all(lambda: len(outcome()[0]) + len(outcome()[1]) == 2 and current())
    applied, refused = outcome()
    assert sorted(map(str, applied + refused)) == sorted(cids)
    assert host.seq == len(commands) + len(applied) and host.ignored == []
    for client in clients.values():
        assert client.entries == host.entries and client.digest == host.match.digest()
    print(f"two seats at once: applied {applied}, refused {refused}")


def test_a_command_from_an_account_without_a_seat_is_ignored_and_logged(
        net: MatrixNet, caplog: pytest.LogCaptureFixture) -> None:  # noqa: F811
    net.new_room((*PLAYERS, STRANGER))
    table = Table.open("dragonbond", seed=4, device=net.device)
    play(table, net, until=lambda t: t.host.seq >= 5)
    seat = table.host.match.state.deciders()[0]
    legal = str(table.host.match.state.legal(seat)[0])
    eve = net.device(STRANGER, "main")
    before = table.host.seq
    with caplog.at_level(logging.WARNING, logger="engine.online"):
        eve.post(COMMAND, {"command": legal, "base": before, "cid": "eve-1"})
        eve.send_to(HOST, COMMAND, {"command": legal, "base": before, "cid": "eve-2"})
        deadline = time.monotonic() + 20
        while sum("holds no seat" in why for why in table.host.ignored) < 2:
            assert time.monotonic() < deadline, f"the host did not see eve's commands: {table.host.ignored}"
            table.host.pump()
            net.wait(0.05)
    assert not {"eve-1", "eve-2"} & {e.ref for e in table.host.entries}
    assert "who holds no seat" in caplog.text
    assert table.host.seq == before
    play(table, net, until=lambda t: t.host.seq >= 10)
    time.sleep(0.3)
    assert eve.receive() == []         # not even a refusal
    assert [e.kind for e in eve.room_since(0)].count(RESULT) == 0
