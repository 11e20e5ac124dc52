"""A whole online table in memory, for the tests: a host, its own player's device, two remote seats.

Seat 0 is the host's account (its player on a second device of the same account, played by a
random bot through a `SeatClient`, as the host's GUI would), seat 1 a remote person (the test
picks one of the legal commands the host sent, as a player clicks), seat 2 a remote bot driven
through the same `SeatClient` path.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from engine.bots import make_bot
from engine.core import Rng, get_game
from engine.online import HostTable, MemoryRoom, PostPolicy, SeatClient, Transport

HOST, ANN, BOB = "@host:tk.test", "@ann:tk.test", "@bob:tk.test"
ACCOUNTS = (HOST, ANN, BOB)


@dataclass
class FakeClock:
    """A clock the test moves: each `Table.step` moves it on by ``pace`` seconds."""
    now: float = 1000.0
    pace: float = 1.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Table:
    game: str
    room: MemoryRoom
    host: HostTable
    clients: dict[str, SeatClient]
    person_rng: Rng
    save_path: Path | None = None
    rounds: int = 0
    bot_kind: str = "random"
    people: set[str] = field(default_factory=lambda: {ANN})
    # a new device of an account: (account, device name) -> its transport
    device: Callable[[str, str], Transport] | None = None
    policy: PostPolicy = field(default_factory=PostPolicy.immediate)
    clock: Callable[[], float] | None = None

    @classmethod
    def open(cls, game: str, seed: int, *, bot_kind: str = "random", save_path: Path | None = None,
             options: dict[str, object] | None = None, players: int = 3,
             device: Callable[[str, str], Transport] | None = None, policy: PostPolicy | None = None,
             clock: Callable[[], float] | None = None) -> Table:
        """A table in a new in-memory room, or over ``device``'s transports (then ``room`` is unused).
        The host posts every batch at once unless ``policy`` says otherwise (on ``clock``)."""
        room = MemoryRoom()
        device = device or room.connect
        accounts = ACCOUNTS[:players]
        policy = policy or PostPolicy.immediate()
        timing = {} if clock is None else {"clock": clock}
        host = HostTable.new(device(HOST, "host"), game, players, accounts, seed=seed,
                             options=options, save_path=save_path, policy=policy, **timing)
        table = cls(game, room, host, {}, Rng(seed, stream=77), save_path, bot_kind=bot_kind, device=device,
                    policy=policy, clock=clock)
        for account in accounts:
            table.connect(account)
        return table

    def connect(self, account: str) -> SeatClient:
        """A new device for ``account`` (a restart that kept nothing), caught up and greeted."""
        name = "player" if account == HOST else "main"
        bot = None if account in self.people else make_bot(self.bot_kind if account == BOB else "random",
                                                           get_game(self.game))
        assert self.device is not None
        timing = {} if self.clock is None else {"clock": self.clock}
        client = SeatClient(self.device(account, name), bot, bot_seed=ACCOUNTS.index(account), **timing)
        client.start()
        self.clients[account] = client
        return client

    def drop(self, account: str) -> SeatClient:
        """``account``'s app closes: its device and what was sent to it privately are gone."""
        self.room.drop(account, "player" if account == HOST else "main")
        return self.clients.pop(account)

    def restart_host(self) -> HostTable:
        assert self.save_path is not None
        assert self.device is not None
        timing = {} if self.clock is None else {"clock": self.clock}
        self.host = HostTable.resume(self.device(HOST, "host"), self.save_path, policy=self.policy, **timing)
        return self.host

    def step(self) -> bool:
        """One round: the host reads, then each client reads and, if it decides, sends."""
        self.rounds += 1
        if isinstance(self.clock, FakeClock):
            self.clock.now += self.clock.pace
        busy = self.host.pump()
        for account, client in self.clients.items():
            busy |= client.pump()
            if account in self.people:
                if client.legal and not client.pending:
                    client.send(self.person_rng.choice(list(client.legal)))
                    busy = True
            else:
                busy |= client.act()
        return busy

    def run(self, until: Callable[[Table], bool] = lambda t: False, most: int = 20_000) -> None:
        """Play until nothing moves any more (the game is over) or ``until`` holds."""
        while not until(self):
            if not self.step() and self.host.next_post_at is None:
                return
            assert self.rounds < most, "the table did not settle"

    def finished(self) -> bool:
        return self.host.match.state.is_terminal() and all(c.result is not None for c in self.clients.values())
