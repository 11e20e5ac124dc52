"""Bots that play any registered game through the game contract, never by peeking.

A bot receives its seat's view, its seat's legal commands and its own seeded generator, and
returns one of those commands. Seats name bots as ``bot:KIND``; games add kinds with
`register_bot`.
"""
from .base import Bot, BotFactory, best_scored, bot_kinds, make_bot, register_bot
from .random_bot import RandomBot
from .runner import PlayoutError, PlayoutResult, bot_rng, play_out
from .search import SearchBot, SearchResult, chances, hard_search, normal_search, think
from .state_bots import StateBot, StateFeed, decide, seat_bots, wants_state

register_bot("random", RandomBot)
register_bot("search", normal_search)
register_bot("search_hard", hard_search)

__all__ = ["Bot", "BotFactory", "best_scored", "PlayoutError", "PlayoutResult", "RandomBot", "SearchBot",
           "SearchResult", "StateBot", "StateFeed", "bot_kinds", "bot_rng", "chances", "decide", "make_bot", "play_out",
           "register_bot", "seat_bots", "think", "wants_state"]
