"""Vindication (with Villages & Hamlets): rules engine on the shared core. Spec: shared/rules/vindication.md."""
from engine.core import register

from .game import GAME

register(GAME)
