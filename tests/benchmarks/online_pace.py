"""Online tables under Synapse's default rate limits: room events per command per account, and the
pace the limits force (issue 19, "Measure": events per command after batching; the slowest pace).

Whole seeded games of each game, 3 seats (the host's account plays seat 0 on the host's own device
through `fan_out`; two remote accounts), played in memory on a simulated clock: every seat is a
"person" (a bot chooses, from the view the host sent, through `SeatClient`) who takes a think time
per decision drawn from ``--think`` (3–10 s: a normal pace; 0: instant players, to see the pace
the limits alone force). Each account's room posts go through a token bucket as Synapse's
``rc_message`` defaults (burst 10, 0.2 posts a second): a post with no token waits (as nio waits
out a 429 and retries), and the account's later posts queue behind it. Private (to-device)
messages are not limited. The host posts its applied batches by `PostPolicy` (default) on the same
clock; seats act on their views without waiting for the batches.

Two ways for remote seats to send their commands: ``room`` (a room event each: rate-limited per
account) and ``private`` (to the host by to-device: not rate-limited). The host's own seat always
sends privately. Figures per game: commands, room events per command of each account, the time
commands waited in a throttled queue (total, longest), and the game's simulated length against the
same game's sum of think times. Not a test: nothing here asserts.

    python tests/benchmarks/online_pace.py                 # seeds 1–2, both ways, three paces (~5 min)
    python tests/benchmarks/online_pace.py --seeds 5 --games nemesis
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from engine.bots import make_bot
from engine.core import get_game
from engine.online import HostTable, MemoryRoom, PostPolicy, SeatClient, Transport, fan_out
from engine.online.messages import APPLIED, COMMAND, HELLO, RESULT, SETUP

HOST, ANN, BOB = "@host:tk.test", "@ann:tk.test", "@bob:tk.test"
ACCOUNTS = (HOST, ANN, BOB)
GAMES = ("vindication", "nemesis", "dragonbond")
BURST, RATE = 10, 0.2   # Synapse's rc_message defaults


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Bucket:
    """One account's rc_message bucket, and its posts waiting for a token (oldest first)."""
    clock: Clock
    burst: float = BURST
    rate: float = RATE
    tokens: float = BURST
    at: float = 0.0
    queue: list[tuple[float, Callable[[], None]]] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)
    posts: int = 0

    def _refill(self) -> None:
        now = self.clock.now
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def post(self, send: Callable[[], None]) -> None:
        self.queue.append((self.clock.now, send))
        self.release()

    def release(self) -> None:
        self._refill()
        while self.queue and self.tokens >= 1 - 1e-9:  # (the refill's rounding)
            sent_at, send = self.queue.pop(0)
            self.tokens -= 1
            self.posts += 1
            self.waits.append(self.clock.now - sent_at)
            send()

    def next_release(self) -> float | None:
        if not self.queue:
            return None
        self._refill()
        return self.clock.now + max(1e-6, (1 - self.tokens) / self.rate)


class Throttled:
    """A device whose room posts go through its account's bucket."""

    def __init__(self, device: Transport, bucket: Bucket) -> None:
        self.device, self.bucket = device, bucket
        self.account = device.account
        self.on_arrival = None

    @property
    def status(self) -> Any:
        return "throttled" if self.bucket.queue else "connected"

    def post(self, kind: str, content: dict[str, Any]) -> None:
        self.bucket.post(lambda: self.device.post(kind, content))

    def send_to(self, account: str, kind: str, content: dict[str, Any]) -> None:
        self.device.send_to(account, kind, content)

    def room_since(self, index: int) -> Any:
        return self.device.room_since(index)

    def receive(self) -> Any:
        return self.device.receive()


@dataclass
class Figures:
    game: str
    seed: int
    commands: int
    sent: dict[str, int]          # commands each account's seat sent
    room: dict[str, dict[str, int]]  # account -> kind -> room events
    waits: dict[str, list[float]]
    length: float                 # simulated seconds from the first view to the result
    thinking: float               # the sum of the think times of the decisions made
    resends: int                  # commands the clients sent again (unanswered for 30 s)


def play(game: str, seed: int, think: tuple[float, float], commands: str, limited: bool = True,
         policy: PostPolicy | None = None) -> Figures:
    clock = Clock()
    room = MemoryRoom()
    buckets = {a: Bucket(clock, burst=BURST if limited else 1e9, rate=RATE if limited else 1e9,
                         tokens=BURST if limited else 1e9) for a in ACCOUNTS}
    host_device = Throttled(room.connect(HOST, "app"), buckets[HOST])
    host_end, player_end = fan_out(host_device, 2)
    host = HostTable.new(host_end, game, 3, ACCOUNTS, seed=seed, clock=clock, policy=policy or PostPolicy())
    rules = get_game(game)
    clients = {HOST: SeatClient(player_end, make_bot("random", rules), bot_seed=seed * 10)}
    for n, account in enumerate((ANN, BOB), start=1):
        clients[account] = SeatClient(Throttled(room.connect(account), buckets[account]),
                                      make_bot("random", rules), bot_seed=seed * 10 + n,
                                      private_commands=commands == "private")
    for client in clients.values():
        client.start()
    think_rng = random.Random(seed)
    due: dict[str, tuple[float, int, float]] = {}   # account -> (when it decides, at which seq, pause)
    sent = dict.fromkeys(ACCOUNTS, 0)
    thinking = 0.0
    start = None
    while True:
        for bucket in buckets.values():
            bucket.release()
        busy = True
        while busy:
            busy = host.pump()
            for client in clients.values():
                busy |= client.pump()
        if start is None and all(c.legal or c.view is not None for c in clients.values()):
            start = clock.now
        if all(c.result is not None for c in clients.values()):
            break
        for account, client in clients.items():
            ready = bool(client.legal) and not any(m.base == client.seq for m in client.pending.values())
            if not ready:
                due.pop(account, None)
            elif account not in due or due[account][1] != client.seq:
                pause = think[0] + (think[1] - think[0]) * think_rng.random()
                due[account] = (clock.now + pause, client.seq, pause)
        acted = False
        for account, (when, _, pause) in list(due.items()):
            if when <= clock.now:
                del due[account]
                thinking += pause
                if clients[account].act():
                    sent[account] += 1
                    acted = True
        if acted:
            continue
        times = [when for when, _, _ in due.values()]
        times += [t for b in buckets.values() if (t := b.next_release()) is not None]
        if host.next_post_at is not None:
            times.append(host.next_post_at)
        later = [t for t in times if t > clock.now]
        if not later:
            if any(t <= clock.now for t in times):
                continue
            raise RuntimeError(f"{game} seed {seed}: the table is stuck at seq {host.seq}")
        clock.now = min(later)
    rooms: dict[str, dict[str, int]] = {a: {} for a in ACCOUNTS}
    for event in room.log:
        kinds = rooms[event.sender]
        kinds[event.kind] = kinds.get(event.kind, 0) + 1
    return Figures(game, seed, host.seq, sent, rooms, {a: b.waits for a, b in buckets.items()},
                   clock.now - (start or 0.0), thinking, sum(c.resends for c in clients.values()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    short = {HOST: "host", ANN: "ann", BOB: "bob"}
    for game in args.games:
        print(f"== {game} (3 seats; seeds 1–{args.seeds}; random bots choose; Synapse defaults: burst {BURST}, "
              f"{RATE}/s per account; host PostPolicy() = {PostPolicy()})")
        for commands in ("room", "private"):
            for label, think in (("normal pace 3–10 s", (3.0, 10.0)), ("fast pace 1–3 s", (1.0, 3.0)),
                                 ("instant players", (0.0, 0.0))):
                runs = [play(game, seed, think, commands) for seed in range(1, args.seeds + 1)]
                free = [play(game, seed, think, commands, limited=False) for seed in range(1, args.seeds + 1)
                        if think[1] > 0]  # instant players without limits: no time passes
                total = sum(r.commands for r in runs)
                per: list[str] = []
                for account in ACCOUNTS:
                    events = sum(sum(r.room[account].values()) for r in runs)
                    cmds = sum(r.room[account].get(COMMAND, 0) for r in runs)
                    mine = sum(r.sent[account] for r in runs)
                    applied = sum(r.room[account].get(APPLIED, 0) for r in runs)
                    if account == HOST:
                        other = sum(r.room[account].get(k, 0) for r in runs for k in (SETUP, RESULT))
                        per.append(f"host {events} events = {applied} applied + {other} setup/result: "
                                   f"{applied / total:.3f} applied per command")
                    else:
                        hellos = sum(r.room[account].get(HELLO, 0) for r in runs)
                        per.append(f"{short[account]} {events} events ({cmds} commands + {hellos} hello) for "
                                   f"{mine} of its commands: {events / max(mine, 1):.2f} per own command")
                waits = [w for r in runs for a in ACCOUNTS for w in r.waits[a]]
                seat_waits = [w for r in runs for a in (ANN, BOB) for w in r.waits[a]]
                length = sum(r.length for r in runs)
                free_length = sum(r.length for r in free)
                games = ', '.join(str(r.commands) for r in runs)
                print(f"  commands by {commands}, {label}: {total} commands ({games})")
                print("    " + "; ".join(per))
                print(f"    throttled: {sum(w > 0 for w in waits)} of {len(waits)} posts waited; seats' "
                      f"commands waited {sum(seat_waits):.0f} s in all, longest {max(seat_waits, default=0):.1f} s; "
                      f"host posts longest wait {max((w for r in runs for w in r.waits[HOST]), default=0):.1f} s; "
                      f"{sum(r.resends for r in runs)} commands sent again")
                ratio = f" (×{length / free_length:.2f})" if free_length >= 1 else ""
                print(f"    game length {length / 60:.1f} min with the limits, {free_length / 60:.1f} min without"
                      f"{ratio}; {length / total:.2f} s per command (without limits "
                      f"{free_length / max(sum(r.commands for r in free), 1):.2f}); median game "
                      f"{statistics.median(r.length for r in runs) / 60:.1f} min")
        print()


if __name__ == "__main__":
    main()
