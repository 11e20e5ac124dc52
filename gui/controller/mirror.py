"""A match as one seat knows it: `MirrorMatch` holds the parts of `engine.core.Match` the
session's parts read (game, config, seats, state, history), built from the seat's `SeatClient`
alone — its own view, its legal commands, the public log and its private events. It never holds
another seat's secrets, because the client never receives them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from .types import BOT_SEAT_PREFIX, HUMAN_SEAT, REMOTE_SEAT_KIND, SessionError

if TYPE_CHECKING:
    from engine.core import Command, Event, Game
    from engine.online import SeatClient

translate = QCoreApplication.translate

REMOTE_SEAT = REMOTE_SEAT_KIND      # a seat another app plays (the mirror's seat kind)


class _MirrorStep:
    __slots__ = ("text", "events")

    def __init__(self, text: str, events: list[Event]) -> None:
        self.text, self.events = text, events

    def command_for(self, seat: int | None) -> str:
        return self.text


class _InitialState:
    def __init__(self, view: dict[str, Any]) -> None:
        self._view = view

    def view(self, seat: int | None) -> Any:
        from engine.core import plain
        return plain.thaw(plain.freeze(self._view))


class MirrorState:
    """The parts of `engine.core.State` the session reads, from one seat's view and legal list."""

    def __init__(self, game: Game, seat: int, view: dict[str, Any], legal: list[Command], outcome: Any,
                 digest: str) -> None:
        from engine.core import plain
        self.game, self.seat = game, seat
        self._frozen = plain.freeze(view)
        self._legal = legal
        self.outcome = outcome
        self._digest = digest
        try:
            prompt = None if outcome is not None else game.prompt(view)  # a view is not the whole data:
        except Exception:
            prompt = None
        if prompt is not None and legal and seat not in prompt.seats:
            prompt = None   # a view that tells an older story than the legal list
        self.prompt = prompt

    def deciders(self) -> tuple[int, ...]:
        if self.outcome is not None:
            return ()
        if self.prompt is not None:
            return tuple(self.prompt.seats)
        return (self.seat,) if self._legal else ()

    def waiting_on(self) -> tuple[int, ...] | None:
        """The other seats the game waits on, when the view tells (None: it does not)."""
        if self.prompt is None:
            return None
        return tuple(s for s in self.prompt.seats if s != self.seat)

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def legal(self, seat: int | None = None, space: str | None = None) -> list[Command]:
        if seat is not None and seat != self.seat:
            return []
        return list(self._legal)

    def frozen_view(self, seat: int | None) -> bytes:
        return self._frozen   # never more than this seat may see, whoever asks

    def view(self, seat: int | None) -> Any:
        from engine.core import plain
        return plain.thaw(self._frozen)

    def check(self, command: Command) -> None:
        from engine.core import Refused
        if command not in self._legal:
            raise Refused("", translate("GameSession", "That is not one of your moves now."))

    def digest(self) -> str:
        return self._digest


class MirrorMatch:
    """The parts of `engine.core.Match` the session reads, as one seat's client knows the game."""

    def __init__(self, client: SeatClient) -> None:
        from engine.core import Config, get_game
        setup = client.setup
        seat = client.seat
        if setup is None or seat is None:
            raise SessionError(translate("GameSession", "Cannot play here"),
                               translate("GameSession", "This account holds no seat at this table."))
        self.client = client
        self.seat = seat
        self.game: Game = get_game(setup.game)
        self.config = Config.build(self.game.info, setup.players, setup.mode, 0, setup.options)
        self.history: list[_MirrorStep] = []
        self._initial: dict[str, Any] | None = None
        self.seats: tuple[str, ...] = ()
        self.state = MirrorState(self.game, seat, {}, [], None, "")
        self.refresh()

    def refresh(self) -> None:
        """Take in what the client holds now."""
        from engine.core import Command, Event
        client = self.client
        mine = client.transport.account
        self.seats = tuple(HUMAN_SEAT if holder == mine else holder if holder.startswith(BOT_SEAT_PREFIX)
                           else REMOTE_SEAT for holder in client.holders)
        view = client.view
        if view is not None and self._initial is None:
            self._initial = view.view
        waiting = any(m.base == client.seq for m in client.pending.values())
        legal = [] if waiting else [Command.parse(text) for text in client.legal]
        self.state = MirrorState(self.game, self.seat, view.view if view is not None else {}, legal,
                                 self._outcome(), client.digest or "")
        steps = []
        for entry in client.entries:
            events = [Event(e["kind"], e.get("data") or {}, None, bool(e.get("reveals"))) for e in entry.events]
            for private in client.private_events.get(entry.seq, []):
                audience = private.get("audience")
                events.append(Event(private["kind"], private.get("data") or {},
                                    frozenset(audience) if isinstance(audience, list) else frozenset({self.seat}),
                                    bool(private.get("reveals"))))
            steps.append(_MirrorStep(entry.command, events))
        self.history = steps

    def _outcome(self) -> Any:
        from engine.core.game import Outcome
        result = self.client.result
        if result is None:
            return None
        plain = result.outcome
        scores = plain.get("scores")
        breakdown = plain.get("breakdown") or {}
        return Outcome(tuple(plain.get("winners") or ()), str(plain.get("reason", "")),
                       None if scores is None else tuple(scores),
                       tuple((name, tuple(values)) for name, values in breakdown.items()))

    @property
    def commands(self) -> list[str]:
        return [step.text for step in self.history]

    def events_for(self, seat: int | None) -> list[Event]:
        return [e for step in self.history for e in step.events if e.visible_to(seat)]

    def initial_state(self) -> _InitialState:
        return _InitialState(self._initial or {})

    def digest(self) -> str:
        return self.state.digest()

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False
