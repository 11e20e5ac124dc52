"""The random bot: any legal command, drawn at random. The baseline every game gets.

Each command is weighted by its game's `Game.random_weight` (1 unless a game says otherwise),
so commands that only undo progress do not keep a random game from ever ending.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.core import Command, Data, Game, Rng, weighted_choice


class RandomBot:
    name = "random"

    def __init__(self, game: Game | None = None) -> None:
        self.game = game

    def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command:
        if not legal:
            raise ValueError("the random bot needs at least one legal command to choose from")
        if self.game is None:
            return rng.choice(legal)
        return weighted_choice(rng, legal, [self.game.random_weight(c) for c in legal])
