"""`State`: one game's plain data and generator, behind the contract every caller uses.

The state checks who may act and that the command is one the game lists as legal now (in any
spelling the game counts as equal), then hands the listed command to the game's rules. So `legal`
and `apply` cannot disagree: a command the list does not hold is refused, with the rules' own
reason where they give one, before anything is changed (its digest stays the same).

The rules only ever run on a command the game has just listed, which by the contract they cannot
refuse, so no roll-back snapshot is taken (it was a copy of the whole state before every command),
and a command that is the very object `legal` handed out is found by identity, without spelling
it again. Should the rules fail anyway — an engine bug: they refuse or crash on a command they
listed — the data may be half-changed. Rather than play on from half a command, the state then
marks itself broken: every further use raises `StateBroken`, naming the command and the failure.
A `Match` holds the history to rebuild the state before the command, and does (`Match.apply`).

What is known of one version of the data — the outcome and prompt, each seat's legal commands and
views — is computed once and kept until the data change.
"""
from __future__ import annotations

from typing import Any

from . import plain, sampling
from .commands import Command
from .errors import Refused, StateBroken, TablekeeperError
from .events import Event
from .game import Config, Data, Game, Outcome, Prompt
from .notation_check import mismatch_reason
from .rng import Rng, weighted_choice


class _Listing:
    """One seat's legal commands at one version of the data, in the game's order; found by
    identity (the objects `State.legal` hands out) or by value (built on first need)."""

    __slots__ = ("commands", "_ids", "_values")

    def __init__(self, commands: list[Command]) -> None:
        self.commands = commands
        self._ids: frozenset[int] | None = None
        self._values: dict[Command, None] | None = None

    def holds_object(self, command: Command) -> bool:
        """Whether ``command`` is one of these very objects: no hashing, no comparing. The listing
        keeps its commands alive, so no other object can have one of their ids."""
        ids = self._ids
        if ids is None:
            ids = self._ids = frozenset(map(id, self.commands))
        return id(command) in ids

    def by_value(self) -> dict[Command, None]:
        values = self._values
        if values is None:
            values = self._values = dict.fromkeys(self.commands)
        return values


class State:
    __slots__ = ("game", "config", "_data", "_frozen", "rng", "_facts", "_offers", "_views", "_handed_out",
                 "_broken", "_sampled")

    def __init__(self, game: Game, config: Config, data: Data | None, rng: Rng,
                 frozen: bytes | None = None) -> None:
        self.game = game
        self.config = config
        self._data = data      # live data, or None until first needed
        self._frozen = frozen  # marshal bytes of the data while they are unchanged
        self.rng = rng
        # The outcome and prompt while the data are unchanged: asked several times per command.
        self._facts: tuple[Outcome | None, Prompt | None] | None = None
        # Each seat's legal commands while the data are unchanged: bots and the GUI list before
        # they apply, so the check in `apply` costs an identity lookup.
        self._offers: dict[int, _Listing] = {}
        # Each seat's view, frozen, while the data are unchanged: the GUI asks for the viewer's
        # view many times per command (board, boards, panels, labels), the game builds it once.
        self._views: dict[int | None, bytes] = {}
        # Whether `data` has handed the live data out: whoever holds them may change them without
        # the state knowing, so the outcome and prompt are no longer kept (`Match` takes note too).
        self._handed_out = False
        self._broken: str | None = None  # what broke the state (`StateBroken`), or None
        # The command `sample` last drew at this version of the data, accepted by identity as a
        # listed one is (None once the data change).
        self._sampled: Command | None = None

    @classmethod
    def new(cls, game: Game, config: Config) -> State:
        rng = Rng(config.seed)
        return cls(game, config, game.setup(config, rng), rng)

    # -- data ----------------------------------------------------------------------------------
    @property
    def data(self) -> Data:
        """The live data. Read it freely; change it only through `apply`."""
        data = self._peek()
        self._frozen = None  # the caller may hold the live dict from now on
        self._handed_out = True
        self._forget()
        return data

    def _peek(self) -> Data:
        data = self._data
        if data is None:
            if self._broken is not None:
                raise StateBroken(self._broken)
            data = self._data = plain.thaw(self._frozen)  # type: ignore[arg-type]
        return data

    def _freeze(self) -> bytes:
        frozen = self._frozen
        if frozen is None:
            frozen = self._frozen = plain.freeze(self._peek())
        return frozen

    def _forget(self) -> None:
        """Drop what was known of the data: they change (or may, in someone else's hands)."""
        self._facts = None
        self._offers = {}
        self._views = {}
        self._sampled = None

    def copy(self) -> State:
        """An independent state. Cheap: the copy shares frozen bytes and thaws when first read."""
        copied = State(self.game, self.config, None, Rng.from_state(self.rng.get_state()), self._freeze())
        # Listings and frozen views hold only immutable values and are replaced, never changed,
        # when the data change: safe to share with the copy, which has the same data.
        copied._offers = self._offers
        copied._views = self._views
        return copied

    def _become(self, other: State) -> None:
        """Take ``other``'s data and generator (a state `Match` rebuilt for this one): whatever
        this state held, live or broken, is let go."""
        self._data, self._frozen = None, other._freeze()
        self.rng.set_state(other.rng.get_state())
        self._forget()
        self._handed_out = False
        self._broken = None

    def digest(self) -> str:
        """Equal digests mean equal states: config, data and generator."""
        return plain.digest(self.to_plain())

    def to_plain(self) -> Data:
        return {"config": self.config.to_plain(), "rng": self.rng.get_state(), "data": self._peek()}

    # -- the contract --------------------------------------------------------------------------
    def _known(self) -> tuple[Outcome | None, Prompt | None]:
        facts = self._facts
        if facts is None:
            data = self._peek()
            facts = (self.game.outcome(data), self.game.prompt(data))
            if not self._handed_out:
                self._facts = facts
        return facts

    @property
    def prompt(self) -> Prompt | None:
        return self._known()[1]

    def deciders(self) -> tuple[int, ...]:
        """The seats the game waits on (empty once it is over)."""
        prompt = self._known()[1]
        return prompt.seats if prompt else ()

    @property
    def outcome(self) -> Outcome | None:
        return self._known()[0]

    def is_terminal(self) -> bool:
        return self._known()[0] is not None

    def legal(self, seat: int | None = None, space: str | None = None) -> list[Command]:
        """Legal commands of one seat (None: of every seat the game waits on), optionally only
        those a player starts by clicking ``space``."""
        outcome, prompt = self._known()
        if outcome is not None:
            return []
        seats = (prompt.seats if prompt else ()) if seat is None else (seat,)
        if len(seats) == 1:
            found = list(self._listing(seats[0]).commands)
        else:
            found = [c for s in seats for c in self._listing(s).commands]
        if space is not None:
            found = [c for c in found if space in self.game.command_spaces(c)[:1]]
        return found

    def sample(self, rng: Rng, seat: int | None = None) -> Command:
        """One legal command of ``seat`` (None: of every seat the game waits on) drawn at random,
        each as likely as its `Game.random_weight`: exactly the command, and exactly the generator
        draws, of ``weighted_choice(rng, legal, [random_weight(c) for c in legal])`` over
        ``legal(seat)`` — without listing where the game describes the list as groups
        (`Game.legal_groups`, `engine.core.sampling`). `apply` then takes the drawn command as it
        takes a listed one, by identity, without listing either: the groups are the listing
        (their exactness is tested over whole games). Raises ValueError when there is none."""
        outcome, prompt = self._known()
        seats = () if outcome is not None else (prompt.seats if prompt else ()) if seat is None else (seat,)
        groups: list[sampling.Group] | None = []
        offers = self._offers
        for s in seats:
            found = None if s in offers else self.game.legal_groups(self._peek(), s)   # listed: draw from the list
            if found is None:
                groups = None
                break
            groups += found  # type: ignore[operator]
        if groups is None:
            legal = self.legal(seat)
            if not legal:
                raise ValueError("no legal command to draw")
            return weighted_choice(rng, legal, [self.game.random_weight(c) for c in legal])
        if not any(size for size, _, _ in groups):
            raise ValueError("no legal command to draw")
        command = sampling.draw(groups, rng)
        if not self._handed_out:  # whoever holds the live data may change them unseen
            self._sampled = command
        return command

    def _listing(self, seat: int) -> _Listing:
        """``seat``'s legal commands, computed once per unchanged state."""
        listing = self._offers.get(seat)
        if listing is None:
            listing = _Listing(self.game.legal_commands(self._peek(), seat))
            self._offers = {**self._offers, seat: listing}  # replaced, never changed: copies share it
        return listing

    def _listed_spelling(self, command: Command, listing: _Listing) -> Command | None:
        """The legal command ``command`` spells: itself, or one with the same spelling key."""
        offers = listing.by_value()
        if command in offers:
            return command
        key = self.game.spelling_key
        data = self._peek()
        wanted = key(command, data)
        if wanted == command:  # the game counts no other spelling as equal to this one
            return None
        return next((c for c in offers if c.verb == command.verb and key(c, data) == wanted), None)

    def check(self, command: Command) -> None:
        """Raise `Refused` if ``command`` may not be applied now; never changes the state."""
        self.resolve(command)

    def resolve(self, command: Command) -> Command:
        """The legal command ``command`` spells, as the game lists it (its canonical spelling), or
        `Refused` with the reason: the rules' own where they give one, else what in the notation
        does not fit. Never changes the state."""
        game = self.game
        outcome, prompt = self._known()
        if outcome is not None:
            raise Refused(game.rule_game_over, "the game is over")
        seat = command.seat
        if seat is None or not 0 <= seat < self.config.players:
            raise Refused(game.rule_not_your_decision,
                          f"a command must name a seat from 0 to {self.config.players - 1}")
        if command.verb not in game.anytime_verbs and (prompt is None or seat not in prompt.seats):
            waiting = ("nobody" if prompt is None or not prompt.seats else
                       ("seat " if len(prompt.seats) == 1 else "seats ") + ", ".join(map(str, prompt.seats)))
            raise Refused(game.not_your_decision_rule(self._peek()),
                          f"seat {seat} is not the one to decide now (the game waits on {waiting})")
        if command is self._sampled:  # drawn by `sample` from this very data: listed, in effect
            return command
        listing = self._listing(seat)
        if listing.holds_object(command):  # the very command `legal` handed out: nothing to spell
            return command
        listed = self._listed_spelling(command, listing)
        if listed is not None:
            return listed
        # Not on the list: let the rules say why on a throw-away copy, for the clearest reason.
        probe = self.copy()
        try:
            game.apply(probe._peek(), command, probe.rng)
        except Refused:
            raise
        except Exception:
            pass
        raise Refused(game.rule_unknown_command, mismatch_reason(command, listing.commands))

    def apply(self, command: Command) -> list[Event]:
        """Apply one command and return its events, or raise `Refused` leaving all unchanged."""
        return self.apply_resolved(self.resolve(command))

    def apply_resolved(self, command: Command) -> list[Event]:
        """`apply` for a command `resolve` has just returned (the listed spelling): the rules run
        at once, with no snapshot to roll back to, since they cannot refuse what they listed. If
        they fail all the same (an engine bug), the state is broken (`StateBroken`) and the
        failure is raised."""
        data = self._peek()
        self._frozen = None
        self._forget()
        try:
            return self.game.apply(data, command, self.rng)
        except BaseException as failure:
            self._data = None  # half-changed: never to be read again
            self._broken = (f"the rules failed midway through {str(command)!r}, a command the game listed "
                            f"as legal, with {type(failure).__name__}: {failure} (an engine bug); "
                            "this state cannot be used any more")
            raise

    def view(self, seat: int | None) -> Data:
        """What ``seat`` may know, as data of its own: changing it cannot reach the state."""
        return plain.thaw(self.frozen_view(seat))

    def frozen_view(self, seat: int | None) -> bytes:
        """``seat``'s view, frozen: equal bytes for equal views, built once per unchanged state."""
        frozen = self._views.get(seat)
        if frozen is None:
            frozen = plain.freeze(self.game.view(self._peek(), seat))
            self._views = {**self._views, seat: frozen}  # replaced, never changed: copies share it
        return frozen

    def invariant_problems(self) -> list[str]:
        return plain.plain_problems(self._peek()) + self.game.invariants(self._peek())

    # -- state documents -----------------------------------------------------------------------
    @classmethod
    def from_plain(cls, game: Game, config: Config, rng_state: Any, data: Data) -> State:
        """A state over a private copy of ``data`` (the caller's document stays untouched)."""
        return cls(game, config, None, Rng.from_state(rng_state), plain.freeze(data))


def quiet_forced_answer(state: State, commands: list[Command]) -> Command | None:
    """The one command of ``commands`` when it is an answer that draws nothing and reveals nothing
    (tried on a copy), so an app may take it for the seat; None when there is a real choice."""
    if len(commands) != 1 or commands[0].verb != "answer" or state.is_terminal():
        return None
    trial = state.copy()
    before = trial.rng.get_state()
    try:
        events = trial.apply(commands[0])
    except TablekeeperError:
        return None
    if trial.rng.get_state() != before or not all(e.public and not e.reveals for e in events):
        return None
    return commands[0]
