"""Dragonbond's one effect interpreter (engine.core.effects): the flow of a round, action and region
card icons, combat, the oath and card effects (events, Vaala cards, upgrade and Dragonbond card
triggers) all run as its steps on the shared queue, kept as plain data in the state.

The rule modules (`engine.dragonbond.rules`) register the primitives of their own area with
``@DRG.primitive(name, **params)``; a step that needs a player pauses with a prompt, and the answer
resumes it.

Card effects (spec 7.1.2) are DRG primitives too, declared here from the one list of their
parameters (vocabulary.PRIMITIVES) under the names ``effect.<name>`` (`card_effect`). They run
only inside the ``effect`` step (rules/card_effects.py), which keeps the source card, the actor and
the event region with the effect and calls the primitive by name (`EffectInterpreter.call`), so
DRG's table is the one dispatch. The prefix keeps a card effect apart from a flow step of the same
name: ``oath_check`` is both, and a card effect is never queued as a step of its own.

Cards are checked when the content loads by vocabulary.EffectDecoder, with its messages; the
declarations carry the same checks as parameter types (`Checked`), so the core's loader checks a
card effect the same way (``DRG.decode_effect({"effect.heal": {...}})``), except what spans several
parameters (a modifier's value by kind, grant_icon's icon and its parameters), which only the
decoder knows.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from engine.core.content import FieldPath
from engine.core.effects import EffectInterpreter, Param

from .vocabulary import PRIMITIVES, Check

DRG = EffectInterpreter("DRG")

CARD_EFFECT_PREFIX = "effect."


def card_effect(name: str) -> str:
    """The name DRG knows the card effect ``name`` by (``heal`` -> ``effect.heal``)."""
    return CARD_EFFECT_PREFIX + name


@dataclass(frozen=True)
class Checked:
    """A value check of vocabulary.py as a decoder for the core's loader (``Annotated[Any,
    Checked(check)]``): the loaded value, or the check's own FieldError."""

    check: Check

    def decode_content(self, raw: object, path: FieldPath) -> object:
        return self.check(raw, path)


# What a left-out optional parameter means to the rules, which read it as ``args.get(key)``.
_LEFT_OUT: dict[str, object] = {"optional": False}


def _declare_card_effects() -> None:
    for name, spec in PRIMITIVES.items():
        params: dict[str, Any] = {key: Annotated[Any, Checked(check)] for key, check in spec.required.items()}
        params.update({key: Param(Annotated[Any, Checked(check)], _LEFT_OUT.get(key))
                       for key, check in spec.optional.items()})
        if name == "grant_icon":   # loaded, one of: the icon (vocabulary.Icon), or an icon by role
            params.update(icon=Param(Any, None), icon_by_role=Param(Any, None))
        DRG.declare(card_effect(name), **params)


_declare_card_effects()
