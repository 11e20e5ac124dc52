"""Steps run at once play exactly as the queue would run them one at a time.

The rules run a flow step that never pauses at once (`Ctx.run_now`, `try_now`, `run_each`,
`run_queued`) instead of a queue round trip. Here those shortcuts are turned off — each step is
queued and the queue runs it, one at a time — and seeded random games are played side by side
with the rules as they are: every command must list the same legal commands, give the same events
and leave the same state digest (the queue, kept in the state, included)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from engine.core import Match, Rng, weighted_choice
from engine.dragonbond.context import Ctx
from engine.dragonbond.effects import DRG

MAX_COMMANDS = 3_000


# `Ctx` shortcuts that queue the step instead of running it: what the queue then does is what
# running it at once must match. Steps a handler runs at once one after another run in that order,
# each before what the handler queued earlier: so each step queued here goes behind the ones queued
# here by the same handler (`QUEUED_HERE` is emptied when the queue starts its next step).
QUEUED_HERE: list[dict[str, Any]] = []


def queued_run_now(ctx: Ctx, name: str, params: dict[str, Any] | None = None, **meta: Any) -> None:
    ctx.push({name: dict(params or {})}, **meta)
    item, queue = ctx.queue.pop(0), ctx.queue
    at = 0
    while at < len(queue) and any(queue[at] is mine for mine in QUEUED_HERE):
        at += 1
    queue.insert(at, item)
    QUEUED_HERE.append(item)


def queued_try_now(ctx: Ctx, name: str, params: dict[str, Any] | None = None, **meta: Any) -> bool:
    return False                           # "it paused, having changed nothing": the caller queues it


def queued_run_each(ctx: Ctx, steps: list[dict[str, Any]], **meta: Any) -> None:
    for step in steps:
        [(name, params)] = step.items()
        queued_run_now(ctx, name, params, **meta)


def queued_run_queued(ctx: Ctx, name: str) -> bool:
    return False                           # left queued: the queue runs it next


ONE_AT_A_TIME = {"run_now": queued_run_now, "try_now": queued_try_now, "run_each": queued_run_each,
                 "run_queued": queued_run_queued}


@contextmanager
def steps_one_at_a_time() -> Iterator[None]:
    """While inside, the `Ctx` shortcuts queue their steps (`ONE_AT_A_TIME`)."""
    at_once = {name: getattr(Ctx, name) for name in ONE_AT_A_TIME}
    for name, shortcut in ONE_AT_A_TIME.items():
        setattr(Ctx, name, shortcut)
    try:
        yield
    finally:
        for name, shortcut in at_once.items():
            setattr(Ctx, name, shortcut)


def _played(match: Match, command: Any) -> tuple[list[Any], str]:
    events = match.apply(command)
    return [e.to_plain() for e in events], match.state.digest()


def _setup(seed: int) -> tuple[int, dict[str, Any]]:
    options = ({}, {"first_player": "choose", "ai_tie_break": "random"}, {"characters": "random"})
    return seed % 4 + 1, options[seed % len(options)]


@pytest.mark.parametrize("seed", range(6))
def test_steps_run_at_once_play_as_the_queue_one_at_a_time(seed, monkeypatch):
    step, queued = DRG._step, 0

    def each_step(ctx: Any, item: dict[str, Any], *answer: Any) -> Any:
        nonlocal queued
        queued += len(QUEUED_HERE)
        QUEUED_HERE.clear()
        return step(ctx, item, *answer)
    monkeypatch.setattr(DRG, "_step", each_step)     # (on this interpreter only)
    players, options = _setup(seed)
    fast = Match.new("dragonbond", players, seed=seed, options=options)
    with steps_one_at_a_time():
        slow = Match.new("dragonbond", players, seed=seed, options=options)
    assert fast.state.digest() == slow.state.digest()
    rng = Rng(seed, stream=7)
    for played in range(MAX_COMMANDS):
        if fast.state.is_terminal():
            break
        legal = fast.state.legal()
        assert [str(c) for c in legal] == [str(c) for c in slow.state.legal()], (seed, played)
        command = weighted_choice(rng, legal, [fast.game.random_weight(c) for c in legal])
        fast_result = _played(fast, command)
        with steps_one_at_a_time():
            slow_result = _played(slow, slow.state.legal()[legal.index(command)])
        assert fast_result[0] == slow_result[0], (seed, played, str(command), "events")
        assert fast_result[1] == slow_result[1], (seed, played, str(command), "digest")
    assert fast.state.is_terminal() and slow.state.is_terminal()
    assert queued > 100                              # the slow game did queue the steps one at a time
