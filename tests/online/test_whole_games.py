"""Whole seeded games over the in-memory room: every client ends on the host's digest and
verifies the revealed seed; no remote seat is ever sent what another seat's view hides."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import Match
from engine.online import VerificationError, parse, seed_commitment
from engine.online.messages import RESULT, SETUP, VIEW, Result, View
from tests.online.table import ANN, BOB, HOST, Table

GAMES = ["vindication", "nemesis", "dragonbond"]


def strings(data: Any, found: set[str] | None = None) -> set[str]:
    """Every text in plain data, keys included."""
    found = set() if found is None else found
    if isinstance(data, str):
        found.add(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            found.add(key)
            strings(value, found)
    elif isinstance(data, list):
        for value in data:
            strings(value, found)
    return found


@pytest.fixture(scope="module", params=GAMES)
def played(request: pytest.FixtureRequest) -> Table:
    table = Table.open(request.param, seed=11, bot_kind="heuristic")
    table.run()
    return table


def test_every_client_ends_on_the_hosts_digest_and_verifies_the_seed(played: Table) -> None:
    host = played.host
    assert played.finished()
    assert host.seq > 20 and host.ignored == []
    for account, client in played.clients.items():
        assert client.seq == host.seq, account
        assert client.digest == host.match.digest(), account
        assert client.refusals == [] and client.pending == {} and client.ignored == [], account
        replayed = client.verify()
        assert replayed.digest() == host.match.digest()
        # the last view it holds is the engine's view of its seat at the end
        assert client.view is not None and client.view.seq == host.seq
        assert client.view.view == host.match.state.view(client.seat)
    setup = played.clients[ANN].setup
    assert setup is not None and setup.seed_commit == seed_commitment(host.salt, host.match.config.seed)


def test_the_room_holds_the_setup_every_applied_command_in_order_and_the_result(played: Table) -> None:
    kinds = [e.kind for e in played.room.log]
    assert kinds[0] == SETUP and kinds[-1] == RESULT
    batches = [parse(e.kind, e.content) for e in played.room.log if e.kind.endswith(".applied")]
    seqs = [entry.seq for batch in batches for entry in batch.entries]  # type: ignore[union-attr]
    assert seqs == list(range(1, played.host.seq + 1))


def test_a_forged_result_fails_verification(played: Table) -> None:
    client = played.clients[BOB]
    real = client.result
    assert isinstance(real, Result)
    try:
        client.result = Result(real.seed + 1, real.salt, real.commands, real.outcome)
        with pytest.raises(VerificationError, match="commitment"):
            client.verify()
        entries = list(client.entries)
        forged = entries[5]
        client.result = real
        client.entries[5] = type(forged)(forged.seq, forged.command, forged.by, forged.ref, forged.events, "0" * 64)
        with pytest.raises(VerificationError, match="seq 6: the digest"):
            client.verify()
    finally:
        client.result = real
        client.entries[:] = entries


def views_over_the_game(table: Table) -> tuple[list[set[str]], Match]:
    """Per seat, the texts its view held at any time in the game (replayed), and the replay."""
    config = table.host.match.config
    match = Match.new(config.game, config.players, mode=config.mode, seed=config.seed, options=config.options)
    seats = range(config.players)
    texts = [strings(match.state.view(s)) for s in seats]
    for command in table.host.match.commands:
        match.apply(command)
        for s in seats:
            strings(match.state.view(s), texts[s])
    return texts, match


def test_no_remote_seat_is_sent_what_another_seats_view_hides(played: Table) -> None:
    views, match = views_over_the_game(played)
    players = played.host.match.config.players
    for account in (ANN, BOB):
        seat = played.clients[account].seat
        assert seat is not None
        # what the engine lets this seat know: its views, and the events it may see
        known = views[seat] | strings([e.to_plain() for e in match.events_for(seat)])
        others: set[str] = set().union(*(views[s] for s in range(players) if s != seat))
        secret = others - known          # texts only other seats' views ever held: their hands' ids …
        assert secret, "the game should hide something from each seat"
        received = [(e.kind, e.content) for e in played.room.log if e.kind != RESULT]
        received += played.room.delivered[account]
        leaks = {text for _, content in received for text in strings(content) & secret}
        assert leaks == set(), f"{account} was sent {sorted(leaks)[:5]}"
        # each view sent to it is its own seat's, as the engine builds it
        for kind, content in played.room.delivered[account]:
            if kind == VIEW:
                view = parse(kind, content)
                assert isinstance(view, View) and view.seat == seat


def test_the_host_account_is_the_only_one_sent_other_seats_private_commands(played: Table) -> None:
    """A private command goes to the host alone: no other account ever holds its text."""
    private = {str(step.command) for step in played.host.match.history if step.private}
    for account in (ANN, BOB):
        seat = played.clients[account].seat
        theirs = {c for c in private if not c.startswith(f"{seat}:")}
        sent = {text for kind, content in played.room.delivered[account] for text in strings(content)}
        sent |= {text for e in played.room.log if e.kind != RESULT for text in strings(e.content)}
        assert theirs & sent == set()
    assert HOST in played.room.delivered
