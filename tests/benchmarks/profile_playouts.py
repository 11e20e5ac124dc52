"""Where a game's random playouts spend their time: cProfile over seeded random games (the same
playouts as game_speed.py: every mode and player count in turn, legal listing included), printing
the top entries by own time and by cumulative time.

    python tests/benchmarks/profile_playouts.py nemesis [--games 30] [--top 15]
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from engine.core import Match, Rng, get_game, weighted_choice


def playouts(game: str, games: int) -> int:
    setups = [(mode.id, n) for mode in get_game(game).info.modes
              for n in range(mode.min_players, mode.max_players + 1)]
    commands = 0
    for seed in range(games):
        mode, players = setups[seed % len(setups)]
        match = Match.new(game, players, mode=mode, seed=seed)
        rng = Rng(seed, stream=7)
        while not match.state.is_terminal():
            legal = match.state.legal()
            match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
            commands += 1
    return commands


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    playouts(args.game, 1)                      # content loaded and memos warm before profiling
    start = time.perf_counter()
    commands = playouts(args.game, args.games)
    plain = time.perf_counter() - start
    print(f"{commands:,} commands in {plain:.2f} s unprofiled = {commands / plain:,.0f} commands/s")
    profile = cProfile.Profile()
    profile.enable()
    playouts(args.game, args.games)
    profile.disable()
    stats = pstats.Stats(profile)
    stats.sort_stats("tottime").print_stats(args.top)
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
