"""Vindication (with Villages & Hamlets): rules engine on the shared core. Spec: shared/rules/vindication.md."""
from engine.bots import register_bot
from engine.core import register

from .bot import HeuristicBot
from .game import GAME

register(GAME)
register_bot("heuristic", HeuristicBot, game_id=GAME.info.id)
