"""The context rules run in: the state data, the generator, who acts, and the events so far.

Rules are functions of a `Ctx`. Small helpers here make the recurring moves of blocks, honor and
cards read like the spec, and keep the invariants (21 blocks each, honor ≥ 0) in one place.
"""
from __future__ import annotations

from typing import Any

from engine.core import Data
from engine.core.effects import RuleContext

from .content import Content, content
from .effects import VIN


class Ctx(RuleContext):
    """One command's working context. ``meta`` is the tag of the effect now running."""

    content_loader = content
    content: Content

    # -- who ---------------------------------------------------------------------------------
    def player(self, seat: int | None = None) -> Data:
        return self.data["players"][self.actor if seat is None else seat]

    @property
    def active(self) -> int:
        return self.data["order"][self.data["current"]]

    @property
    def turn(self) -> Data:
        return self.data["turn"]

    # -- output ------------------------------------------------------------------------------
    def push(self, raw_effects: list[Any], **meta: Any) -> None:
        """Queue effects (in the content files' form) to run next, for ``meta['seat']`` or the actor."""
        tag = {"seat": self.actor, **meta}
        VIN.push(self, VIN.parse(raw_effects, "rules"), tag)
