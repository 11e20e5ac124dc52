"""What a status bar shows: the transport's state, whose decision it is, and a host gone quiet."""
from __future__ import annotations

from engine.online import PostPolicy
from tests.online.table import ANN, BOB, HOST, FakeClock, Table


def test_the_status_names_who_decides_and_the_transports_state() -> None:
    clock = FakeClock(pace=0.0)
    table = Table.open("vindication", seed=4, clock=clock, policy=PostPolicy(min_interval=10.0, burst=1))
    table.clients[BOB].bot = None    # the test decides for bob
    table.run(until=lambda t: t.host.match.state.deciders() == (2,) and t.clients[BOB].legal != ())
    host, ann, bob = table.host, table.clients[ANN], table.clients[BOB]
    assert host.waiting_for == (BOB,) and host.transport_status == "connected"
    ann.pump()
    assert ann.deciders == (2,) and ann.waiting_for == (BOB,) and ann.status_text == f"waiting for {BOB}"
    assert bob.status_text == "your turn" and bob.waiting_for == ()
    assert f"waiting for {BOB}" in host.status_text
    if host.unposted:
        assert "not in the room yet" in host.status_text
    table.room.set_status("throttled", BOB)
    assert bob.transport_status == "throttled" and "throttling" in bob.status_text
    table.room.set_status("offline", BOB)
    assert bob.status_text.startswith("offline")
    table.room.set_status("throttled", HOST)
    assert "throttling" in host.status_text
    table.room.set_status("offline", HOST)
    assert host.status_text.startswith("offline")
    table.room.set_status("connected")
    bob.send(bob.legal[0])
    assert bob.status_text == "sent, waiting for the host"


def test_the_host_is_away_when_a_command_goes_unanswered_for_a_while() -> None:
    clock = FakeClock(pace=0.0)
    table = Table.open("nemesis", seed=4, clock=clock)
    table.clients[BOB].bot = None
    table.run(until=lambda t: 2 in t.host.match.state.deciders() and t.clients[BOB].legal != ())
    bob = table.clients[BOB]
    assert not bob.host_away
    table.room.drop(HOST, "host")    # the host's app is gone
    bob.send(bob.legal[0])
    clock.now += bob.away_after - 1
    bob.pump()
    assert not bob.host_away and bob.host_quiet_for >= bob.away_after - 1
    clock.now += 1
    bob.pump()
    assert bob.host_away and bob.status_text == "the host is away"


def test_a_new_client_that_hears_nothing_calls_the_host_away() -> None:
    clock = FakeClock(pace=0.0)
    table = Table.open("dragonbond", seed=1, clock=clock)
    table.room.drop(HOST, "host")
    fresh = table.connect(ANN)       # a restart: no view until the host answers
    assert fresh.view is None and not fresh.host_away
    clock.now += fresh.away_after
    fresh.pump()
    assert fresh.host_away
