"""Dragonbond rule areas, one module each (spec section 5), loaded by game.py (`load_rule_areas`)."""
