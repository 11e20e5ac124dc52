"""The random bot: any legal command, each equally likely. The baseline every game gets."""
from __future__ import annotations

from collections.abc import Sequence

from engine.core import Command, Data, Rng


class RandomBot:
    name = "random"

    def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command:
        if not legal:
            raise ValueError("the random bot needs at least one legal command to choose from")
        return rng.choice(legal)
