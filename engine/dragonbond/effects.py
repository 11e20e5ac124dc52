"""Dragonbond's one effect interpreter (engine.core.effects): the flow of a round, action and region
card icons, combat, the oath and card effects (events, Vaala cards, upgrade and Dragonbond card
triggers) all run as its steps on the shared queue, kept as plain data in the state.

The rule modules (`engine.dragonbond.rules`) register the primitives of their own area with
``@DRG.primitive(name, **params)``; a step that needs a player pauses with a prompt, and the answer
resumes it. Card effects (spec 7.1.2) queue as the ``effect`` step of rules/card_effects.py.
"""
from __future__ import annotations

from engine.core.effects import EffectInterpreter

DRG = EffectInterpreter("DRG")
