"""Dragonbond rule areas, one module each (spec section 5)."""
