"""Jumping to any point of a long game in a review (goal: ≤ 100 ms for a 1,000-command game).

`engine.core.review.Review` keeps the position every N commands (frozen bytes and the generator)
and reaches step k from the snapshot at or before it, applying at most N − 1 commands again. For
several N this reports, per game: the time to build the review (one replay of the whole game),
the memory its snapshots hold, and the time of a jump — to random points (as a slider does, each
jump free to start from the position before it when that is nearer), and the worst case (to the
step just before a snapshot, from nowhere: N − 1 commands applied again).

    python tests/benchmarks/review_jump.py [--jumps 200] [--every 1,8,16,32,64,128]

Wall times on a loaded machine are noisy: compare the rows of one run.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from engine.bots import make_bot, play_out
from engine.core import Match
from engine.core.review import SNAPSHOT_EVERY, Review

# (game, players, seed): seeded random-bot games; Vindication's is the 1,000-command game.
GAMES = [("vindication", 4, 2), ("dragonbond", 4, 1), ("nemesis", 5, 2)]


def long_game(game_id: str, players: int, seed: int) -> Match:
    match = Match.new(game_id, players, seed=seed)
    play_out(match, {seat: make_bot("random", match.game) for seat in range(players)}, seed)
    return match


def measure(match: Match, every: int, jumps: int) -> dict[str, float]:
    started = time.perf_counter()
    review = Review(match, 0, snapshot_every=every)
    build = time.perf_counter() - started
    sizes = review.snapshot_bytes()
    rng = random.Random(every)
    n = len(review)
    times = []
    for _ in range(jumps):
        k = rng.randint(0, n)
        started = time.perf_counter()
        review.digest(k)
        times.append(time.perf_counter() - started)
    worst = []
    for k in [k for k in range(every - 1, n + 1, every)][:max(5, jumps // 10)]:
        review._last = None  # from the snapshot, not from the position before
        started = time.perf_counter()
        review.digest(k)
        worst.append(time.perf_counter() - started)
    return {"build_ms": build * 1000, "snapshots": len(sizes), "kb_total": sum(sizes) / 1024,
            "kb_each": statistics.mean(sizes) / 1024, "mean_ms": statistics.mean(times) * 1000,
            "p95_ms": sorted(times)[int(len(times) * 0.95) - 1] * 1000,
            "max_ms": max(times) * 1000, "worst_ms": statistics.median(worst) * 1000 if worst else 0.0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jumps", type=int, default=200)
    parser.add_argument("--every", default="1,8,16,32,64,128")
    args = parser.parse_args(argv)
    everies = [int(x) for x in args.every.split(",")]
    print(f"default snapshot_every = {SNAPSHOT_EVERY}")
    print(f"{'game':<22}{'cmds':>6}{'N':>5}{'build ms':>10}{'snaps':>7}{'KB all':>9}{'KB each':>9}"
          f"{'jump ms':>9}{'p95':>7}{'max':>7}{'worst':>7}")
    for game_id, players, seed in GAMES:
        match = long_game(game_id, players, seed)
        for every in everies:
            r = measure(match, every, args.jumps)
            print(f"{f'{game_id} {players}p s{seed}':<22}{len(match.history):>6}{every:>5}{r['build_ms']:>10.0f}"
                  f"{r['snapshots']:>7.0f}{r['kb_total']:>9.0f}{r['kb_each']:>9.1f}{r['mean_ms']:>9.1f}"
                  f"{r['p95_ms']:>7.1f}{r['max_ms']:>7.1f}{r['worst_ms']:>7.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
