"""Vindication (with Villages & Hamlets): rules engine on the shared core. Spec: shared/rules/vindication.md.

Importing the package loads nothing else. `info` describes the game (`INFO`), which is all the
registry reads to list it; `game` holds the rules and, when imported (the first time the game is
started, loaded or asked for), registers the game and its heuristic bot.
"""
