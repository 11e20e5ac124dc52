"""The context the rules run in: the state data, the generator, who acts, the events so far.

Rules are functions of a `Ctx`; the flow of a round runs as steps on the shared effect queue
(`effects.DRG`), so a pending decision anywhere (a set-up pick) pauses it as plain data.
"""
from __future__ import annotations

from typing import Any

from engine.core import Data, refuse
from engine.core.effects import EffectError, Pause, RuleContext

from .content import Content, content
from .effects import DRG


class Ctx(RuleContext):
    """One command's working context. ``meta`` is the tag of the step now running."""

    content_loader = content
    content: Content

    def board(self, character: str) -> Data:
        return self.data["boards"][character]

    def push(self, *steps: Any, **meta: Any) -> None:
        """Queue flow steps (``"name"`` or ``{"name": {params}}``) to run next, in the order given."""
        DRG.push_plain(self, steps, {"seat": self.actor, **meta})

    def run_next(self, name: str, params: dict[str, Any], **meta: Any) -> None:
        """``push({name: params}, **meta)`` run at once (`EffectInterpreter.run_next`): for a staged
        decision asking its next stage, a step whose handler reads its params alike as given or as
        the queue checks them; when it pauses, it waits at the front of the queue, as it would have.
        Call it last, when nothing else runs before the queue goes on."""
        DRG.run_next(self, name, params, {"seat": self.actor, **meta})

    def run_now(self, name: str, params: dict[str, Any] | None = None, **meta: Any) -> None:
        """Run the flow step ``name`` at once, exactly as `push` then the queue would run it next
        (the same tag, what it queues goes first): for a step that never pauses, which spares it
        the queue's round trip. Call it last, when nothing else runs before the queue goes on."""
        running = self.meta                 # as `try_now`, written out: it runs for most steps
        self.meta = {"seat": self.actor, **meta}
        try:
            paused = DRG.call(self, name, params or {}) is not None
        finally:
            self.meta = running
        if paused:
            raise EffectError(f"DRG: the step {name} paused, so it cannot run at once")

    def try_now(self, name: str, params: dict[str, Any] | None = None, **meta: Any) -> bool:
        """`run_now` for a step that may pause: True when it ran to its end; False when it paused,
        having changed nothing (as every step must before it pauses, since `resume` asks it again),
        and the caller queues it to be asked there, as it would have been."""
        running = self.meta
        self.meta = {"seat": self.actor, **meta}
        try:
            return DRG.call(self, name, params or {}) is None
        finally:
            self.meta = running

    def run_each(self, steps: list[dict[str, Any]], **meta: Any) -> None:
        """`push` ``steps`` (``{"name": {params}}``, none of which pauses), running each at once
        while it would be the step queued next: once one queues steps of its own, the rest are
        queued behind those, where the queue runs them, as it would have."""
        for i, step in enumerate(steps):
            [(name, params)] = step.items()
            before = len(self.queue)
            self.run_now(name, params, **meta)
            added = len(self.queue) - before
            if added and i + 1 < len(steps):
                self.push_behind(added, *steps[i + 1:], **meta)
                return

    def push_behind(self, count: int, *steps: Any, **meta: Any) -> None:
        """`push` ``steps``, but behind the ``count`` steps queued first (those a step just ran at
        once queued, which come before them)."""
        self.push(*steps, **meta)
        if count:
            queue, n = self.queue, len(steps)
            queue[count + n:count + n] = queue[:n]
            del queue[:n]

    def run_queued(self, name: str) -> bool:
        """Run the step queued next now when it is a ``name`` step (one that never pauses): taken
        from the queue and run with its own parameters and tag, as the queue would run it next.
        False, changing nothing, when the next step is another. Call it last."""
        running = self.meta
        params = self.take_queued(name)
        if params is None:
            return False
        try:
            if DRG.call(self, name, params) is not None:
                raise EffectError(f"DRG: the step {name} paused, so it cannot run at once")
        finally:
            self.meta = running
        return True

    def take_queued(self, name: str) -> dict[str, Any] | None:
        """Take the step queued next off the queue when it is a ``name`` step not waiting on a
        decision; its tag becomes the running one and its parameters are returned, for the caller
        to run it, next, as the queue would have (`run_queued`). None, changing nothing, otherwise."""
        queue = self.queue
        if not queue or queue[0]["primitive"] != name or "pause" in queue[0]:
            return None
        item = queue.pop(0)
        self.meta = item.get("meta") or {}
        params: dict[str, Any] = item["params"]
        return params

    def ended(self) -> bool:
        return self.data["phase"] == "over"


# The rule a wrong answer to each pending decision kind breaks; each rule module adds its own kinds
# (``ANSWER_RULES.update(...)`` at import), so adding a decision never touches game.py.
ANSWER_RULES: dict[str, str] = {
    "choose_character": "DRG-SETUP-2",
    "choose_first_player": "DRG-SETUP-16",
    "heal_or_execute": "DRG-HEAL-1",
}


def stage_pick(kind: str, options: tuple[str, ...], answer: Any, rule: str) -> str | Pause:
    """One stage of a staged decision (a move's pieces, an attack's approach): a stage with one
    option is taken without asking; otherwise it pauses, and an answer must be one of the options."""
    if answer is None and len(options) > 1:
        return Pause(kind, options)
    picked = str(answer) if answer is not None else options[0]
    if picked not in options:
        raise refuse(rule, f"{picked!r} is not one of {', '.join(options)}")
    return picked


def in_action_order(data: Data, start: str | None = None) -> list[str]:
    """The four characters clockwise from ``start`` (default: the first player), spec 1.3."""
    seating = data["seating"]
    i = seating.index(start or data["first"])
    return seating[i:] + seating[:i]


def seat_of(data: Data, character: str) -> int | None:
    return data["boards"][character]["seat"]


def is_ai(data: Data, character: str) -> bool:
    return data["boards"][character]["seat"] is None
