"""Nemesis: Lockdown rules, one module per rule area of spec section 5."""
