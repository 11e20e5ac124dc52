"""The host's applied batches paced for the homeserver's rate limits, and seats that play on
their views before the batch reaches the room."""
from __future__ import annotations

import pytest

from engine.online import PostPolicy, VerificationError, parse
from engine.online.messages import APPLIED, RESULT, VIEW, Applied, Entry, View
from tests.online.table import ANN, BOB, HOST, FakeClock, Table

GAMES = ["vindication", "nemesis", "dragonbond"]


def _batches(table: Table) -> list[Applied]:
    return [parse(e.kind, e.content) for e in table.room.log if e.kind == APPLIED]  # type: ignore[misc]


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_with_batches_paced_by_the_clock(game: str) -> None:
    clock = FakeClock(pace=1.0)        # a round a second: far faster than one post per 5 s
    policy = PostPolicy(min_interval=5.0, burst=3)
    table = Table.open(game, seed=12, policy=policy, clock=clock)
    table.run()
    assert table.finished()
    host = table.host
    batches = _batches(table)
    seqs = [entry.seq for batch in batches for entry in batch.entries]
    assert seqs == list(range(1, host.seq + 1))
    assert len(batches) < host.seq / 2, (len(batches), host.seq)
    posts = [e for e in table.room.log if e.sender == HOST]
    assert host.room_posts == len(posts) and posts[-1].kind == RESULT
    # within the bucket: never more posts in a stretch than the burst and its refills allow
    # (the last batch and the result are forced by the game's end)
    assert len(posts) - 2 <= policy.burst + table.rounds * clock.pace / policy.min_interval
    for client in table.clients.values():
        assert client.digest == host.match.digest() and client.confirmed == host.seq
        assert client.conflicts == [] and client.refusals == [] and client.ignored == []
        client.verify()
    # the seats played on their views: commands were sent while the room was behind
    carried = [parse(kind, content) for kind, content in table.room.delivered[ANN] if kind == VIEW]
    assert any(isinstance(v, View) and v.entries for v in carried)


def test_a_batch_is_posted_at_once_when_it_grows_large() -> None:
    clock = FakeClock(pace=0.01)       # the clock hardly moves: only the size makes the host post
    table = Table.open("dragonbond", seed=3, policy=PostPolicy(min_interval=1000.0, burst=1, max_entries=7),
                       clock=clock)
    table.run(until=lambda t: t.host.seq >= 60)
    assert all(len(b.entries) <= 7 for b in _batches(table))
    assert sum(len(b.entries) == 7 for b in _batches(table)) >= 5
    assert table.host.next_post_at is not None and table.host.next_post_at > clock.now
    table.run()
    assert table.finished() and all(c.confirmed == table.host.seq for c in table.clients.values())


def test_the_batch_waits_for_the_clock_and_pump_posts_it_when_due() -> None:
    clock = FakeClock(pace=0.0)
    table = Table.open("vindication", seed=2, policy=PostPolicy(min_interval=10.0, burst=1), clock=clock)
    table.run(until=lambda t: len(t.host.unposted) >= 3)
    host, ann = table.host, table.clients[ANN]
    assert ann.seq == host.seq and ann.confirmed < host.seq   # the view carried what the room lacks
    due = host.next_post_at
    assert due is not None and due > clock.now
    clock.now = due - 0.5
    posted = host.posted_seq
    host.pump()                        # (it may apply a command on its way)
    assert host.posted_seq == posted and host.next_post_at == due
    clock.now = due
    assert host.pump() and host.unposted == [] and host.next_post_at is None
    ann.pump()
    assert ann.confirmed == host.seq and ann.conflicts == []


def test_a_view_that_disagrees_with_the_room_is_caught() -> None:
    clock = FakeClock(pace=0.0)
    table = Table.open("vindication", seed=2, policy=PostPolicy(min_interval=10.0, burst=1), clock=clock)
    table.run(until=lambda t: len(t.host.unposted) >= 2)
    host, bob = table.host, table.clients[BOB]
    real = host.view_for(2, host.seq - 1)
    last = real.entries[-1]
    forged = View(real.seat, real.seq + 1, real.view, (), (), (), (Entry(last.seq + 1, "2: pass", BOB, None, (),
                                                                          "ab" * 32),), "ab" * 32, ())
    table.room.inject_private(HOST, BOB, VIEW, forged.content())
    bob.pump()
    assert bob.seq == host.seq + 1
    clock.pace = 11.0                  # the batch goes to the room
    table.run(until=lambda t: bob.confirmed > last.seq)
    assert any("differ" in what for what in bob.conflicts)
    assert bob.entries[last.seq] == host.entries[last.seq]  # the room's entries replaced the view's
    with pytest.raises(VerificationError, match="disagree"):
        bob.verify()
    assert table.clients[ANN].conflicts == []
