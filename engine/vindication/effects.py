"""Vindication's effect vocabulary (spec 7.1): one interpreter runs every card, region and rune.

This module declares each primitive with its parameters, so content files are checked when they
load. The handlers live with the rules they apply (`engine.vindication.rules`) and attach
themselves with ``@VIN.handles(name)``; a primitive without one refuses to run.
"""
from __future__ import annotations

from typing import Any, Literal

from engine.core import EffectInterpreter, Param

from .vocabulary import Attribute, GainKind

VIN = EffectInterpreter("VIN")
EFFECTS = VIN.effects  # the schema type of an effect list

Duration = Literal["visit", "turn", "while_held"]
DeckOrAny = Literal["companion_S", "companion_K", "companion_I", "monster", "trait", "relic", "companion_X", "any"]

# name -> parameter declarations, in the order of spec 7.1
PRIMITIVES: dict[str, dict[str, Any]] = {
    # costs
    "spend_attr": {"kind": Literal["S", "K", "I", "C", "W", "V", "X"], "n": int},
    "spend_conviction": {"n": int},
    "spend_influence": {"n": int, "to": str},
    "spend_charges": {"n": int},
    # effects
    "gain_attr": {"kind": GainKind, "max": int},
    "augment": {"max": int, "step": Param(Literal["any", "inf_to_conv", "pot_to_inf"], "any")},
    "dilute": {"n": int},
    "gain_honor": {"n": int},
    "lose_honor": {"n": int},
    "gain_per": {"counter": str, "per": int, "max": int},
    "gain_card": {"deck": DeckOrAny, "initial_charge_min": Param(int, 0)},
    "free_empowered": {"deck": DeckOrAny, "scope": Param(Duration, "turn")},
    "blind_choice": {"n": int},
    "roll_attr_die": {"bonus_if_zero": bool},
    "return_from_companions": {"max": int},
    "remove_from_companion": {"max": int, "owner": Param(Literal["own", "any"], "own")},
    "place_on_companion": {"source": Literal["potential", "influence"], "n": int},
    "charge_relics": {"max": Param(int, 99)},
    "mount_up": {"n": int},
    "speed_mod": {"n": int, "duration": Duration},
    "extra_action": {"kind": Literal["activate", "visit"]},
    "cost_mod": {"region": str, "kind": Literal["S", "K", "I", "C", "W", "V", "chosen_basic"], "delta": int,
                 "duration": Duration},
    "unit_cost": {"region": str, "kind": Attribute, "n": int, "duration": Duration},
    "unit_yield": {"region": str, "n": int},
    "prevent": {"event": Literal["companion_death", "fatigue"], "when": Param(Literal["always", "self_is_elite"],
                                                                             "always")},
    "modify_fatigue": {"n": int},
    "reroll": {"die": Literal["monster", "attribute", "check"]},
    "peek_reorder": {"deck": DeckOrAny, "n": int},
    "take_proficiency": {"kind": Literal["S", "K", "I", "C", "W", "V", "X", "chosen_min_2"], "cost": int},
    "activation_from_potential": {},
    "displace_discount": {"n": int, "duration": Duration},
    "visit_honor_bonus": {"n": int},
    "reuse_activated": {},
    "monster_challenge": {},
    "temple": {},
    "attr_check": {"required": Param(int, 0), "per_hit": Param(EFFECTS, ()), "on_pass": Param(EFFECTS, ())},
    "substitute_conviction_for_attr": {"n": int},
    "end_score": {"counter": str, "per": int, "max": int},
    "end_score_if": {"condition": str, "honor": int},
}

for _name, _params in PRIMITIVES.items():
    VIN.declare(_name, **_params)
