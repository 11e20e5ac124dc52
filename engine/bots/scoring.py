"""The shape of every game's heuristic bot: rate each legal command, play the best one.

A game's heuristic bot knows its game's rules of thumb and nothing else: it sees its seat's view
and legal commands only, and draws ties from its own seeded generator (`best_scored`). What is
the same in every game — the bot's name, its game, refusing an empty legal list, scoring and
tie-breaking — lives here; a game subclasses `ScoringBot` and says only how it rates a command.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import Command, Data, Game, Rng

from .base import best_scored


class ScoringBot:
    """Plays the legal command that `scorer` rates highest; seeded noise breaks ties."""

    name = "heuristic"
    # Ties are broken by noise below 1000 / noise_scale (`best_scored`): a game whose scores are
    # coarse may let the noise weigh more.
    noise_scale = 100_000

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command:
        if not legal:
            raise ValueError("the heuristic bot needs at least one legal command")
        return best_scored(legal, self.scorer(view, legal[0].seat or 0), rng, self.noise_scale)

    def scorer(self, view: Data, seat: int) -> Callable[[Command], float]:
        """How good each command is for ``seat``, made once per decision from its ``view`` (so a
        game reads the view once, not once per command). Each game's bot says this."""
        raise NotImplementedError
