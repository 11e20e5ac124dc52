"""A match: a game, its config, who sits where, and the commands played so far.

The match keeps the history, so undo and redo live here; the GUI's QUndoStack only mirrors it.
Undo never goes back past a command that drew randomness or showed someone something hidden:
replaying it would only reveal the same secret again, and undoing it would let a player peek.

Earlier states are rebuilt rather than kept: every `checkpoint_every` commands the match keeps the
state's frozen bytes (which a copy of the state costs anyway), and undo thaws the last checkpoint
before the wanted state and replays the few commands after it, as the game is deterministic from a
state and its commands. So a command costs no snapshot of its own. The same rebuild puts the state
back as it was when the rules fail on a command they listed as legal (an engine bug, which
`State.apply` alone answers by breaking the state): the match raises the failure, unchanged.
"""
from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import registry
from .commands import Command
from .documents import state_from_document
from .errors import ConfigError, Refused
from .events import Event
from .game import Config, Data, Game
from .rng import Rng
from .state import State

HUMAN = "human"
BOT_PREFIX = "bot:"  # a computer seat is "bot:" + a bot kind, e.g. "bot:random"
SEAT_KIND_PATTERN = re.compile(rf"({HUMAN}|{BOT_PREFIX}[a-z_][a-z0-9_]*)\Z")


def parse_seats(kinds: Sequence[str] | str | None, players: int) -> tuple[str, ...]:
    """Seat kinds such as ``human,bot:random``; missing seats are human."""
    if isinstance(kinds, str):
        kinds = [k.strip() for k in kinds.split(",") if k.strip()]
    kinds = list(kinds or [])
    if len(kinds) > players:
        raise ConfigError(f"{len(kinds)} seat kinds given for {players} players")
    for kind in kinds:
        if not SEAT_KIND_PATTERN.match(kind):
            raise ConfigError(f"seat kind {kind!r} is neither 'human' nor 'bot:NAME'")
    return tuple(kinds + [HUMAN] * (players - len(kinds)))


@dataclass(slots=True)
class Step:
    command: Command
    events: list[Event]
    undoable: bool          # drew no chance and revealed nothing (no command after it may be a barrier)
    private: bool = False   # only the commanding seat may read the command

    def command_for(self, seat: int | None) -> str:
        """The command as ``seat`` may read it (None: an onlooker): a private command shows the
        other seats only who gave it and its verb."""
        command = self.command
        if not self.private or seat == command.seat:
            return str(command)
        return f"{command.seat}: {command.verb} (hidden)"


class Match:
    # Commands between the kept states undo and recovery rebuild from (module docstring): each
    # costs one frozen copy of the state; undo replays at most this many commands.
    checkpoint_every = 16

    def __init__(self, initial: State, seats: Sequence[str], start_document: Data | None = None) -> None:
        self.game: Game = initial.game
        self.config: Config = initial.config
        self.seats = parse_seats(seats, initial.config.players)
        self.start_document = start_document  # set when the match began from a state document
        self.initial_digest = initial.digest()
        self.state = initial
        self.history: list[Step] = []
        self._redo: list[Command] = []
        # (commands played, frozen data, generator state) of earlier states, oldest first; the
        # first is at or before `_barrier`, the first state undo may still go back to.
        self._checkpoints: list[tuple[int, bytes, list[int]]] = []
        self._barrier = 0
        self._keep_checkpoint()

    @classmethod
    def new(cls, game_id: str, players: int, *, mode: str | None = None, seed: int | None = None,
            options: Mapping[str, Any] | None = None, seats: Sequence[str] | str | None = None) -> Match:
        game = registry.get_game(game_id)
        if seed is None:  # an unseeded match still records the seed it drew, so it replays
            seed = int.from_bytes(os.urandom(8), "big") >> 1
        config = Config.build(game.info, players, mode, seed, options)
        return cls(State.new(game, config), parse_seats(seats, players))

    # -- playing -------------------------------------------------------------------------------
    @property
    def commands(self) -> list[Command]:
        return [step.command for step in self.history]

    def apply(self, command: Command) -> list[Event]:
        """Apply a command; a command without a seat goes to the only seat the game waits on.
        A new command ends the line of commands that redo could bring back."""
        events = self._apply(command)
        self._redo.clear()
        return events

    def _apply(self, command: Command) -> list[Event]:
        state = self.state
        command = state.resolve(self.with_seat(command))  # recorded as the game lists it
        played = len(self.history)
        # Someone holding the live data may have changed them: then keep this state as it is.
        if state._handed_out or played - self._checkpoints[-1][0] >= self.checkpoint_every:
            self._keep_checkpoint()
        rng_before = state.rng.get_state()
        private = self.game.is_private_command(command, state._peek())
        try:
            events = state.apply_resolved(command)
        except BaseException:
            # The rules failed on a command they listed (an engine bug): the same state object is
            # put back as it was before the command, and the failure raised.
            state._become(self._rebuilt(played))
            raise
        undoable = (state.rng.get_state() == rng_before
                    and all(e.public and not e.reveals for e in events)
                    and self.game.is_undoable(command, events))
        if not undoable:  # nothing up to here can be undone any more
            self._barrier = played + 1
            checkpoints = self._checkpoints
            keep = max(i for i, (at, _, _) in enumerate(checkpoints) if at <= self._barrier)
            del checkpoints[:keep]
        self.history.append(Step(command, events, undoable, private))
        return events

    def _keep_checkpoint(self) -> None:
        """Keep the state now, after the commands played so far (replacing any kept for later)."""
        played, checkpoints = len(self.history), self._checkpoints
        while checkpoints and checkpoints[-1][0] >= played:
            checkpoints.pop()
        checkpoints.append((played, self.state._freeze(), self.state.rng.get_state()))

    def _rebuilt(self, played: int) -> State:
        """A new state equal to the match's after its first ``played`` commands: the last checkpoint
        at or before it, and the commands since applied again (they were accepted once, and the
        rules are deterministic)."""
        at, frozen, rng_state = next(c for c in reversed(self._checkpoints) if c[0] <= played)
        state = State(self.game, self.config, None, Rng.from_state(rng_state), frozen)
        for step in self.history[at:played]:
            state.apply_resolved(step.command)
        return state

    def with_seat(self, command: Command) -> Command:
        if command.seat is not None:
            return command
        deciders = self.state.deciders()
        if len(deciders) != 1:
            who = "nobody" if not deciders else "seats " + ", ".join(map(str, deciders))
            raise Refused(self.game.rule_not_your_decision,
                          f"say which seat gives {command.verb!r}: the game waits on {who}")
        return command.by(deciders[0])

    # -- undo and redo -------------------------------------------------------------------------
    def can_undo(self) -> bool:
        # An undoable last step has no barrier after it, or it would not be last.
        return bool(self.history) and self.history[-1].undoable

    def undo(self) -> Command:
        if not self.can_undo():
            raise Refused("CORE-UNDO-1", "the last command drew chance or revealed something hidden, "
                                         "so it cannot be taken back")
        step = self.history.pop()
        played, checkpoints = len(self.history), self._checkpoints
        while checkpoints[-1][0] > played:  # states after the undone command: gone with it
            checkpoints.pop()
        self.state = self._rebuilt(played)
        self._redo.append(step.command)
        return step.command

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> list[Event]:
        if not self._redo:
            raise Refused("CORE-UNDO-2", "there is nothing to redo")
        return self._apply(self._redo.pop())

    # -- records -------------------------------------------------------------------------------
    def events_for(self, seat: int | None) -> list[Event]:
        return [e for step in self.history for e in step.events if e.visible_to(seat)]

    def initial_state(self) -> State:
        """The state the match began from, rebuilt from the config or the start document."""
        if self.start_document is not None:
            return state_from_document(self.start_document, "start document")
        return State.new(self.game, self.config)

    def replayed(self) -> State:
        """The state reached by replaying every command from the start; raises `Refused` if one
        of them no longer applies."""
        state = self.initial_state()
        for step in self.history:
            state.apply(step.command)
        return state

    def digest(self) -> str:
        return self.state.digest()
