"""Nemesis's one effect interpreter (engine.core.effects): the flow of the game and the small
decisions inside it run as its primitives on the shared effect queue, kept as plain data in the
state. The rule modules register the primitives they own with ``@NEM.primitive(name)``
(rules/flow.py: set-up picks, rounds, the Event Phase steps); `Ctx.push` queues them."""
from __future__ import annotations

from engine.core.effects import EffectInterpreter

NEM = EffectInterpreter("NEM")
