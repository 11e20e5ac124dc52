"""The context the rules run in: the state data, the generator, who acts, the events so far.

Rules are functions of a `Ctx`; the flow of a round runs as steps on the shared effect queue
(`effects.NEM`), so a pending decision anywhere (a draft pick, a noise exit) pauses it as plain data.
"""
from __future__ import annotations

from typing import Any

from engine.core import Data
from engine.core.effects import EffectError, RuleContext

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

    def run_now(self, name: str, params: dict[str, Any], **meta: Any) -> None:
        """Run the flow step ``name`` at once, exactly as `push` then the queue would run it next (the
        same tag; what it queues goes first): for a step that never pauses, which spares it the queue's
        round trip. Call it last, when nothing else would run before the queue goes on."""
        running = self.meta
        self.meta = {"seat": self.actor, **meta}
        try:
            if NEM.call(self, name, params) is not None:
                raise EffectError(f"NEM: the step {name} paused, so it cannot run at once")
        finally:
            self.meta = running

    def run_after(self, queued: int, name: str, params: dict[str, Any], **meta: Any) -> None:
        """The step ``name`` (one that never pauses) as if it had been queued when the queue held
        ``queued`` items, so that what was queued since runs first: at once when nothing was, else
        queued behind those."""
        added = len(self.queue) - queued
        if added:
            self.push(*({name: params},), **meta)
            queue = self.queue
            queue[added + 1:added + 1] = queue[:1]
            del queue[:1]
        else:
            self.run_now(name, params, **meta)

    def run_each(self, queued: int, *steps: str, **meta: Any) -> None:
        """The flow steps named (none of which pauses) as if pushed when the queue held ``queued``
        items: each runs at once while it would be the step queued next; once steps were queued since
        (by one of them, or before this call), the rest are queued behind those, where the queue runs
        them, as it would have."""
        for i, name in enumerate(steps):
            added = len(self.queue) - queued
            if added:
                self.push(*steps[i:], **meta)
                queue, n = self.queue, len(steps) - i
                queue[added + n:added + n] = queue[:n]
                del queue[:n]
                return
            self.run_now(name, {}, **meta)                 # the queue still holds ``queued`` items

    def ended(self) -> bool:
        return self.data["phase"] == "over"
