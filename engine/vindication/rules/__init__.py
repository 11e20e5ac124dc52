"""Vindication's rules by area. Importing the package attaches every effect handler."""
from . import abilities, cards, control, flow, free_actions, move, power, regions, visit  # noqa: F401
