"""Dragonbond rule areas, one module each (spec section 5)."""
# `steps` imports every rule module (each registers its steps there) and several rule modules use
# `steps.DRG`: loading `steps` first makes any first import (`rules.combat`, …) work.
from .. import steps  # noqa: F401
