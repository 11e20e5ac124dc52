"""The random bot: any legal command, drawn at random. The baseline every game gets.

Each command is weighted by its game's `Game.random_weight` (1 unless a game says otherwise),
so commands that only undo progress do not keep a random game from ever ending.

Given the state (`sample`), it draws the same command with the same generator draws without the
legal list, where the game describes it as groups (`engine.core.sampling`): random playouts then
skip listing and weighing every command.
"""
from __future__ import annotations

from collections.abc import Sequence

from engine.core import Command, Data, Game, Rng, State, weighted_choice


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

    def sample(self, state: State, seat: int, rng: Rng) -> Command:
        """`choose` over ``state``'s legal commands for ``seat`` — the same command, the same draws
        — drawn by `State.sample` (no listing where the game has groups); the state then applies
        it without listing either. ValueError when ``seat`` has no legal command."""
        if self.game is None or self.game is not state.game:
            return self.choose({}, state.legal(seat), rng)
        return state.sample(rng, seat)
