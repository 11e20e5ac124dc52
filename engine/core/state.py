"""`State`: one game's plain data and generator, behind the contract every caller uses.

The state checks who may act, hands the command to the game's rules and, if the rules refuse it
(or fail), puts data and generator back exactly as they were.
"""
from __future__ import annotations

from typing import Any

from . import plain
from .commands import Command
from .errors import Refused
from .events import Event
from .game import Config, Data, Game, Outcome, Prompt
from .rng import Rng


class State:
    __slots__ = ("game", "config", "_data", "_frozen", "rng")

    def __init__(self, game: Game, config: Config, data: Data | None, rng: Rng,
                 frozen: bytes | None = None) -> None:
        self.game = game
        self.config = config
        self._data = data      # live data, or None until first needed
        self._frozen = frozen  # marshal bytes of the data while they are unchanged
        self.rng = rng

    @classmethod
    def new(cls, game: Game, config: Config) -> State:
        rng = Rng(config.seed)
        return cls(game, config, game.setup(config, rng), rng)

    # -- data ----------------------------------------------------------------------------------
    @property
    def data(self) -> Data:
        """The live data. Read it freely; change it only through `apply`."""
        if self._data is None:
            self._data = plain.thaw(self._frozen)  # type: ignore[arg-type]
        self._frozen = None  # the caller may hold the live dict from now on
        return self._data

    def _peek(self) -> Data:
        if self._data is None:
            self._data = plain.thaw(self._frozen)  # type: ignore[arg-type]
        return self._data

    def _freeze(self) -> bytes:
        if self._frozen is None:
            self._frozen = plain.freeze(self._data)
        return self._frozen

    def copy(self) -> State:
        """An independent state. Cheap: the copy shares frozen bytes and thaws when first read."""
        return State(self.game, self.config, None, Rng.from_state(self.rng.get_state()), self._freeze())

    def digest(self) -> str:
        """Equal digests mean equal states: config, data and generator."""
        return plain.digest(self.to_plain())

    def to_plain(self) -> Data:
        return {"config": self.config.to_plain(), "rng": self.rng.get_state(), "data": self._peek()}

    # -- the contract --------------------------------------------------------------------------
    @property
    def prompt(self) -> Prompt | None:
        return self.game.prompt(self._peek())

    def deciders(self) -> tuple[int, ...]:
        """The seats the game waits on (empty once it is over)."""
        prompt = self.prompt
        return prompt.seats if prompt else ()

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self._peek())

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def legal(self, seat: int | None = None, space: str | None = None) -> list[Command]:
        """Legal commands of one seat (None: of every seat the game waits on), optionally only
        those a player starts by clicking ``space``."""
        if self.is_terminal():
            return []
        seats = self.deciders() if seat is None else (seat,)
        data = self._peek()
        found = [c for s in seats for c in self.game.legal_commands(data, s)]
        if space is not None:
            found = [c for c in found if space in self.game.command_spaces(c)[:1]]
        return found

    def check(self, command: Command) -> None:
        """Raise `Refused` if ``command`` may not be applied now; never changes the state."""
        self.copy().apply(command)

    def apply(self, command: Command) -> list[Event]:
        """Apply one command and return its events, or raise `Refused` leaving all unchanged."""
        game = self.game
        data = self._peek()
        if game.outcome(data) is not None:
            raise Refused(game.rule_game_over, "the game is over")
        if command.seat is None or not 0 <= command.seat < self.config.players:
            raise Refused(game.rule_not_your_decision,
                          f"a command must name a seat from 0 to {self.config.players - 1}")
        if command.verb not in game.anytime_verbs:
            prompt = game.prompt(data)
            if prompt is None or command.seat not in prompt.seats:
                raise Refused(game.rule_not_your_decision,
                              f"seat {command.seat} is not the one to decide now")
        snapshot = self._freeze()
        rng_before = self.rng.get_state()
        self._frozen = None
        try:
            events = game.apply(data, command, self.rng)
        except BaseException:
            self._data = plain.thaw(snapshot)
            self._frozen = snapshot
            self.rng.set_state(rng_before)
            raise
        return events

    def view(self, seat: int | None) -> Data:
        """What ``seat`` may know, as data of its own: changing it cannot reach the state."""
        return plain.thaw(plain.freeze(self.game.view(self._peek(), seat)))

    def invariant_problems(self) -> list[str]:
        return plain.plain_problems(self._peek()) + self.game.invariants(self._peek())

    # -- state documents -----------------------------------------------------------------------
    @classmethod
    def from_plain(cls, game: Game, config: Config, rng_state: Any, data: Data) -> State:
        """A state over a private copy of ``data`` (the caller's document stays untouched)."""
        return cls(game, config, None, Rng.from_state(rng_state), plain.freeze(data))
