"""`State`: one game's plain data and generator, behind the contract every caller uses.

The state checks who may act and that the command is one the game lists as legal now (in any
spelling the game counts as equal), hands it to the game's rules and, if the rules refuse it (or
fail), puts data and generator back exactly as they were. So `legal` and `apply` cannot disagree:
a command the list does not hold is refused, with the rules' own reason where they give one.
"""
from __future__ import annotations

from typing import Any

from . import plain
from .commands import Command
from .errors import Refused
from .events import Event
from .game import Config, Data, Game, Outcome, Prompt
from .notation_check import mismatch_reason
from .rng import Rng


class State:
    __slots__ = ("game", "config", "_data", "_frozen", "rng", "_offers", "_views")

    def __init__(self, game: Game, config: Config, data: Data | None, rng: Rng,
                 frozen: bytes | None = None) -> None:
        self.game = game
        self.config = config
        self._data = data      # live data, or None until first needed
        self._frozen = frozen  # marshal bytes of the data while they are unchanged
        self.rng = rng
        # Each seat's legal commands, by spelling key, while the data are unchanged: bots and the
        # GUI list before they apply, so the check in `apply` costs a dictionary lookup.
        self._offers: dict[int, dict[Command, None]] = {}  # per seat, its legal commands in order
        # Each seat's view, frozen, while the data are unchanged: the GUI asks for the viewer's
        # view many times per command (board, boards, panels, labels), the game builds it once.
        self._views: dict[int | None, bytes] = {}

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
        self._offers = {}
        self._views = {}
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
        copied = State(self.game, self.config, None, Rng.from_state(self.rng.get_state()), self._freeze())
        copied._offers = self._offers  # never changed in place, only replaced: safe to share
        copied._views = self._views
        return copied

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
        found = [c for s in seats for c in self._offered(s)]
        if space is not None:
            found = [c for c in found if space in self.game.command_spaces(c)[:1]]
        return found

    def _offered(self, seat: int) -> dict[Command, None]:
        """``seat``'s legal commands (computed once per unchanged state), as a dict for lookups."""
        offers = self._offers.get(seat)
        if offers is None:
            offers = dict.fromkeys(self.game.legal_commands(self._peek(), seat))
            self._offers = {**self._offers, seat: offers}
        return offers

    def _listed_spelling(self, command: Command, offers: dict[Command, None]) -> Command | None:
        """The legal command ``command`` spells: itself, or one with the same spelling key."""
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
        data = self._peek()
        if game.outcome(data) is not None:
            raise Refused(game.rule_game_over, "the game is over")
        if command.seat is None or not 0 <= command.seat < self.config.players:
            raise Refused(game.rule_not_your_decision,
                          f"a command must name a seat from 0 to {self.config.players - 1}")
        prompt = game.prompt(data)
        if command.verb not in game.anytime_verbs and (prompt is None or command.seat not in prompt.seats):
            waiting = ("nobody" if prompt is None or not prompt.seats else
                       ("seat " if len(prompt.seats) == 1 else "seats ") + ", ".join(map(str, prompt.seats)))
            raise Refused(game.not_your_decision_rule(data),
                          f"seat {command.seat} is not the one to decide now (the game waits on {waiting})")
        offers = self._offered(command.seat)
        listed = self._listed_spelling(command, offers)
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
        raise Refused(game.rule_unknown_command, mismatch_reason(command, offers))

    def apply(self, command: Command) -> list[Event]:
        """Apply one command and return its events, or raise `Refused` leaving all unchanged."""
        return self.apply_resolved(self.resolve(command))

    def apply_resolved(self, command: Command) -> list[Event]:
        """`apply` for a command `resolve` has just returned (the listed spelling): the rules run
        at once, and a refusal or failure still leaves all unchanged."""
        data = self._peek()
        snapshot = self._freeze()
        rng_before = self.rng.get_state()
        self._frozen = None
        offers, self._offers = self._offers, {}
        views, self._views = self._views, {}
        try:
            events = self.game.apply(data, command, self.rng)
        except BaseException:
            self._data = plain.thaw(snapshot)
            self._frozen = snapshot
            self._offers = offers
            self._views = views
            self.rng.set_state(rng_before)
            raise
        return events

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
