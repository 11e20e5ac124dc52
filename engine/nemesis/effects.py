"""Nemesis's one effect interpreter, ``NEM`` (engine/core/effects.py), and its tree vocabulary.

The flow of a round runs on its queue (rules/flow.py and the other rule modules declare those
steps with ``@NEM.primitive``). Card, item, Room, Event and Attack card effects are trees whose choices the
command names (spec 9.2), so they run on its walked mode, ``NEM.trees``: the names and signatures
of spec 7.1 (vocabulary.py), the selectors, filters and conditions of trees.py, and the primitive
handlers that primitives.py and the rule modules register with ``@trees.handles``.

This module imports nothing of the rules (not even the context), so every module may import it.
"""
from __future__ import annotations

from typing import Any

from engine.core.effects import EffectInterpreter
from engine.core.trees import WalkRules

from .vocabulary import PRIMITIVES

NEM = EffectInterpreter("NEM")


def _ended(ctx: Any) -> bool:
    """Walks stop once the game is over (a ``Ctx``)."""
    return bool(ctx.ended())


def _not_ready(ctx: Any, name: str) -> None:
    """A primitive without a handler is reported, so play and logs show what is missing."""
    ctx.emit("effect_not_ready", primitive=name)


NEM.trees.configure(PRIMITIVES, WalkRules(option="NEM-ACTION-9", target="NEM-ACTION-6", no_target="NEM-ACTION-16"),
                    stopped=_ended, not_ready=_not_ready)
