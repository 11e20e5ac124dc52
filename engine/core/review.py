"""Looking back at a match: the position after any number of its commands, and "what if" branches.

A `Review` is a cursor over a match, finished or not. It replays the match once from its start
and keeps the state's frozen bytes every `snapshot_every` commands, so the position at any step
``k`` (0 … the number of commands) is the nearest snapshot at or before it, thawed, and at most
``snapshot_every - 1`` commands applied again (they were accepted once and the rules are
deterministic). `tests/benchmarks/review_jump.py` measured the default (module constant below).

Hidden information stays hidden. A finished game may be looked at from any seat's view (or the
onlooker's); a game still being played only from the reviewer's own seat (`viewer`), as that
seat saw it then: its view at ``k``, the events it could see up to ``k``, the commands as it could
read them. The whole state of an unfinished game never leaves this class except as a digest.

`branch` starts a new match from the position at ``k``. In a game still being played everything
the reviewer could not see at ``k`` is dealt again (the game's `resample_hidden`, through
`SortedShuffles` so the deal depends only on *what* is unseen, never on its real order) and the
generator of what is still to come is a new one, from a fresh seed: a branch cannot teach the
real order of a deck or a hidden card. A finished game's branch may keep the real order. A
branch is a match that began from a state document (its `start_document`), so it saves and loads
like any other (`persistence.save_match`), named after its parent and the move (`branch_name`).
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from . import plain
from .commands import Command
from .documents import state_from_document, state_to_document
from .errors import Refused, TablekeeperError
from .events import Event
from .game import Config, Data, Game
from .match import Match
from .rng import Rng, SortedShuffles
from .state import State

# Commands between kept positions. Measured by tests/benchmarks/review_jump.py (README): a jump
# costs one thaw and at most this many commands less one.
SNAPSHOT_EVERY = 32

RULE_HIDDEN_SEAT = "CORE-REVIEW-1"   # an unfinished game shows only the reviewer's own view
RULE_REAL_ORDER = "CORE-REVIEW-2"    # only a finished game's branch may keep the real order
RULE_OUT_OF_RANGE = "CORE-REVIEW-3"  # no such step
RULE_GAME_OVER = "CORE-REVIEW-4"     # no branch from a position where the game is over

# The generator stream a branch's redeal draws from (its play to come uses the seed's own).
_BRANCH_STREAM = 0xB7A9C


@dataclass(frozen=True, slots=True)
class LogLine:
    """One command of the log as a seat may read it: the step it leads to (1 … n), the command
    (a private one shows others only its verb), and the events of it that seat may see."""

    step: int
    command: str
    seat: int | None
    events: tuple[Event, ...]


class Review:
    """A cursor over ``match``'s history for ``viewer`` (a seat, or None for an onlooker)."""

    def __init__(self, match: Match, viewer: int | None, snapshot_every: int = SNAPSHOT_EVERY) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.game: Game = match.game
        self.config: Config = match.config
        self.seats = match.seats
        self.viewer = viewer
        self.snapshot_every = snapshot_every
        self.finished = match.state.is_terminal()
        self._history = list(match.history)  # steps are never changed, only appended or popped
        self._commands: list[Command] = [step.command for step in self._history]
        # (frozen data, generator state) after 0, N, 2N … commands
        self._snapshots: list[tuple[bytes, list[int]]] = []
        # The round each position is in, when the game counts rounds in its public data.
        self._rounds: list[int] | None = []
        self._last: tuple[int, State] | None = None  # the position asked for last (stepping is cheap)
        state = match.initial_state()
        self._rounds_public = "round" in state.view(None)
        for k, command in enumerate(self._commands):
            if k % snapshot_every == 0:
                self._snapshots.append((state._freeze(), state.rng.get_state()))
            self._note_round(state)
            state.apply_resolved(command)
        if len(self._commands) % snapshot_every == 0:
            self._snapshots.append((state._freeze(), state.rng.get_state()))
        self._note_round(state)
        if state.digest() != match.digest():
            raise TablekeeperError("the match's commands no longer reach its position: it cannot be reviewed")
        self._last = (len(self._commands), state)

    def _note_round(self, state: State) -> None:
        if self._rounds is None:
            return
        number = state._peek().get("round") if self._rounds_public else None
        if isinstance(number, int) and not isinstance(number, bool):
            self._rounds.append(number)
        else:
            self._rounds = None  # the game counts no rounds: steps go by turns

    # -- the timeline --------------------------------------------------------------------------
    def __len__(self) -> int:
        """The number of commands: positions go from 0 (the start) to this."""
        return len(self._commands)

    def _check_step(self, k: int) -> None:
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(self._commands):
            raise Refused(RULE_OUT_OF_RANGE, f"step {k!r} is not between 0 and {len(self._commands)}")

    def round_of(self, k: int) -> int | None:
        """The round the game is in at step ``k`` (None when the game counts no rounds)."""
        self._check_step(k)
        return None if self._rounds is None else self._rounds[k]

    def round_starts(self) -> list[int]:
        """The steps where a new round (or, in a game that counts none, a new turn) begins: the
        points "one round back / forward" goes to, always with 0 and the last step."""
        n = len(self._commands)
        if self._rounds is not None:
            rounds = self._rounds
            marks = [k for k in range(1, n + 1) if rounds[k] != rounds[k - 1]]
        else:
            marks = [k + 1 for k, command in enumerate(self._commands) if self.game.is_turn_end(command)]
        return sorted({0, n, *marks})

    def next_round(self, k: int) -> int:
        self._check_step(k)
        return next((s for s in self.round_starts() if s > k), len(self._commands))

    def previous_round(self, k: int) -> int:
        self._check_step(k)
        return next((s for s in reversed(self.round_starts()) if s < k), 0)

    # -- who may be looked at ------------------------------------------------------------------
    def seats_shown(self) -> tuple[int | None, ...]:
        """The seats whose view may be shown: a finished game's every seat and the onlooker's
        (None); an unfinished game's the reviewer's own only."""
        if self.finished:
            return (*range(self.config.players), None)
        return (self.viewer,)

    def may_show(self, seat: int | None) -> bool:
        return seat in self.seats_shown()

    def _check_seat(self, seat: int | None) -> None:
        if not self.may_show(seat):
            raise Refused(RULE_HIDDEN_SEAT, "a game still being played is reviewed only from your own seat")

    # -- positions -----------------------------------------------------------------------------
    def _state(self, k: int) -> State:
        """The whole position after ``k`` commands, a state of its own (never handed to a viewer
        of an unfinished game)."""
        self._check_step(k)
        every = self.snapshot_every
        base = k - k % every
        last = self._last
        if last is not None and base <= last[0] <= k:  # on from the last position: fewer commands
            start, state = last[0], last[1].copy()
        else:
            frozen, rng_state = self._snapshots[k // every]
            start, state = base, State(self.game, self.config, None, Rng.from_state(rng_state), frozen)
        for command in self._commands[start:k]:
            state.apply_resolved(command)
        self._last = (k, state.copy())
        return state

    def digest(self, k: int) -> str:
        """The digest of the position after ``k`` commands (equal to the match's then)."""
        return self._state(k).digest()

    def position(self, k: int) -> State:
        """The whole position after ``k`` commands: a finished game's only."""
        if not self.finished:
            raise Refused(RULE_HIDDEN_SEAT, "a game still being played shows only your own view")
        return self._state(k)

    def view(self, k: int, seat: int | None) -> Data:
        """``seat``'s view after ``k`` commands (`seats_shown` says which seats may be asked)."""
        self._check_seat(seat)
        return self._state(k).view(seat)

    def deciders(self, k: int) -> tuple[int, ...]:
        """The seats the game waited on after ``k`` commands (public: every view shows whose turn)."""
        return self._state(k).deciders()

    def is_over_at(self, k: int) -> bool:
        return self._state(k).is_terminal()

    def events(self, k: int, seat: int | None) -> list[Event]:
        """The events of the first ``k`` commands that ``seat`` could see."""
        self._check_seat(seat)
        self._check_step(k)
        return [e for step in self._history[:k] for e in step.events if e.visible_to(seat)]

    def step_events(self, k: int, seat: int | None) -> list[Event]:
        """The events of command ``k`` (1 … n) that ``seat`` could see."""
        self._check_seat(seat)
        self._check_step(k)
        return [] if k == 0 else [e for e in self._history[k - 1].events if e.visible_to(seat)]

    def log(self, seat: int | None, upto: int | None = None) -> list[LogLine]:
        """The commands (up to step ``upto``, default all) as ``seat`` may read them, each with the
        events of it that seat could see."""
        self._check_seat(seat)
        steps = self._history if upto is None else self._history[:upto]
        return [LogLine(number, step.command_for(seat), step.command.seat,
                        tuple(e for e in step.events if e.visible_to(seat)))
                for number, step in enumerate(steps, start=1)]

    def snapshot_bytes(self) -> list[int]:
        """The size of each kept position's frozen data, in bytes (for the benchmark)."""
        return [len(frozen) for frozen, _ in self._snapshots]

    # -- what if -------------------------------------------------------------------------------
    def branch(self, k: int, keep_real_order: bool = False, seed: int | None = None,
               seats: Sequence[str] | None = None) -> Match:
        """A new match from the position after ``k`` commands, its seats ``seats`` (default: the
        parent's). Unless ``keep_real_order`` (a finished game's only), what the reviewer could not
        see at ``k`` is dealt again from ``seed`` (default: a fresh one), which also seeds the
        chance still to come. The match's start document is the branch's first position."""
        if keep_real_order and not self.finished:
            raise Refused(RULE_REAL_ORDER, "only a finished game's branch may keep the real order")
        state = self._state(k)
        if state.is_terminal():
            raise Refused(RULE_GAME_OVER, "the game is over at this point: there is nothing to play on")
        if not keep_real_order:
            if seed is None:
                seed = int.from_bytes(os.urandom(8), "big") >> 1
            data = state._peek()
            dealt = self.game.resample_hidden(data, self.viewer,  # type: ignore[arg-type]  # None too
                                              SortedShuffles(Rng(seed, stream=_BRANCH_STREAM)))  # type: ignore[arg-type]
            config = Config(self.config.game, self.config.players, self.config.mode, seed, self.config.options)
            state = State.from_plain(self.game, config, Rng(seed).get_state(), data if dealt is None else dealt)
        document = plain.thaw(plain.freeze(state_to_document(state)))
        start = state_from_document(document, "the branch's start")  # checked as a loaded one is
        return Match(start, list(seats) if seats is not None else list(self.seats), start_document=document)


def branch_name(parent: str, k: int, template: str = "{parent} - from move {move}") -> str:
    """The name a branch is saved under: its parent's (a file name without its suffix, or a
    title) and the move it branches after, e.g. ``"evening game - from move 12"`` (``template``:
    the same words in another language)."""
    stem = os.path.splitext(os.path.basename(parent))[0] if parent else ""
    return template.format(parent=stem or "game", move=k)

