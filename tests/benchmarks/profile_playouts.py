"""Where a game's random playouts spend their time: cProfile over seeded random games (the same
games `game_speed.py` plays), the top entries by own time and by cumulative time.

    python tests/benchmarks/profile_playouts.py vindication [--games 100] [--top 15]
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

import game_speed  # the benchmark's own random games (this folder is on the path)

from engine.core import get_game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?", default="vindication", help="the game to profile")
    parser.add_argument("--games", type=int, default=100, help="seeded random games to play")
    parser.add_argument("--top", type=int, default=15, help="entries per table")
    args = parser.parse_args()
    game_speed.GAME = args.game
    get_game(args.game)                      # load the rules outside the profile
    profile = cProfile.Profile()
    profile.enable()
    commands = sum(game_speed.random_game(seed) for seed in range(args.games))
    profile.disable()
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    print(f"{args.games} games, {commands:,} commands, {stats.total_tt:.2f} s under the profiler "
          f"({1e6 * stats.total_tt / commands:.0f} µs per command)")
    for order in ("tottime", "cumulative"):
        out.seek(0)
        out.truncate()
        stats.sort_stats(order).print_stats(args.top)
        text = out.getvalue()
        print(f"\n-- top {args.top} by {order} --")
        print(text[text.index("   ncalls"):].rstrip())


if __name__ == "__main__":
    main()
