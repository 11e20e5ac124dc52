"""Bots that think about whole states (a search), and how a runner hands them one without
letting them peek.

Most bots choose from their seat's view (`Bot.choose`). A search must play the game forward, so
it needs whole states: a `StateBot` is handed a copy of the real state and must at once
determinise it from its own seat (`engine.bots.determinise`: what it cannot see dealt again,
canonically) and forget the rest. A runner asks any bot through `decide`; where a runner still
passes only views (`play_out`, the GUI's worker), `seat_bots` puts each state bot behind a
`StateFeed` that takes the state from the match at the moment it is asked.
"""
from __future__ import annotations

import marshal
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, runtime_checkable

from engine.core import Command, Data, Match, Rng, State

from .base import Bot


@runtime_checkable
class StateBot(Protocol):
    """A bot that chooses from a whole state: it must read the state only through
    `engine.bots.determinise.determinise` from ``seat``, so it learns no more than the seat's view."""

    name: str

    def choose_from_state(self, state: State, seat: int, legal: Sequence[Command], rng: Rng) -> Command: ...


def wants_state(bot: object) -> bool:
    return isinstance(bot, StateBot)


def decide(bot: Bot | StateBot, state: State, seat: int, legal: Sequence[Command], rng: Rng) -> Command:
    """``bot``'s command for ``seat`` in ``state``: a state bot gets a copy of the state (which it
    determinises at once), any other bot the seat's view, detached from the state."""
    if isinstance(bot, StateBot):
        return bot.choose_from_state(state.copy(), seat, tuple(legal), rng)
    view: Data = marshal.loads(marshal.dumps(state.view(seat)))
    return bot.choose(view, tuple(legal), rng)


class StateFeed:
    """A state bot as a view bot: asked with a view, it takes the state from ``source`` (the
    match's state now) and checks that the view is that state's view of the deciding seat, so it
    cannot be handed a state other than the one its seat looks at."""

    def __init__(self, bot: StateBot, source: Callable[[], State]) -> None:
        self.bot = bot
        self.source = source
        self.name = bot.name

    def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command:
        if not legal or legal[0].seat is None:
            raise ValueError(f"the {self.name} bot needs the seat's legal commands, each with its seat")
        seat = legal[0].seat
        state = self.source()
        if state.view(seat) != view:
            raise ValueError(f"the {self.name} bot was asked about a view that is not seat {seat}'s "
                             "view of the match's state now")
        return self.bot.choose_from_state(state.copy(), seat, tuple(legal), rng)


def seat_bots(match: Match, bots: Mapping[int, Bot | StateBot], think_ms: int | None = None) -> dict[int, Bot]:
    """``bots`` ready for a runner that passes views (`engine.bots.play_out`): each state bot
    behind a `StateFeed` reading ``match``'s state; ``think_ms``, when given, becomes the time
    budget of every bot that has one (``think_ms`` attribute)."""
    ready: dict[int, Bot] = {}
    for seat, bot in bots.items():
        if think_ms is not None and hasattr(bot, "think_ms"):
            bot.think_ms = think_ms
        ready[seat] = StateFeed(bot, lambda: match.state) if isinstance(bot, StateBot) else bot
    return ready
