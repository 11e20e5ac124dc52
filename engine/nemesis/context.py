"""The context the rules run in: the state data, the generator, who acts, the events so far.

Rules are functions of a `Ctx`; the flow of a round runs as steps on the shared effect queue
(`effects.NEM`), so a pending decision anywhere (a draft pick, a noise exit) pauses it as plain data.
"""
from __future__ import annotations

from typing import Any

from engine.core import Data
from engine.core.effects import RuleContext

from .content import Content, content
from .effects import NEM


class Ctx(RuleContext):
    """One command's working context. ``meta`` is the tag of the step now running."""

    content_loader = content
    content: Content
    armor_vest: int | None = None    # the seat whose Armor Vest takes the next Serious Wound (encounters.py)

    def player(self, seat: int | None = None) -> Data:
        return self.data["players"][self.actor if seat is None else seat]

    def push(self, *steps: Any, **meta: Any) -> None:
        """Queue flow steps (``"name"`` or ``{"name": {params}}``) to run next, in the order given."""
        NEM.push_steps(self, steps, {"seat": self.actor, **meta})

    def ended(self) -> bool:
        return self.data["phase"] == "over"
