"""Vindication speed and memory, as ratios against baselines measured in the same run.

- commands per second in seeded random playouts (legal-command generation included) next to
  python-chess random-playout plies per second (goal ≥ 1.0×);
- a Vindication state copy vs `copy.deepcopy` of the same state (goal ≤ 0.1×);
- the heuristic bot's median decision time (goal ≤ 50 ms);
- peak RSS after the last 100 of N random games vs after the first 100 (goal: within 5 %).

    python tests/benchmarks/vindication_speed.py [--games 1000]
"""
from __future__ import annotations

import argparse
import copy
import os
import random
import resource
import statistics
import sys
import time

import chess

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from engine.bots import make_bot  # noqa: E402
from engine.core import Match, Rng, weighted_choice  # noqa: E402


def chess_plies_per_second(seconds: float = 3.0) -> float:
    """Random legal moves from the start position, restarting at each game end."""
    rng = random.Random(1)  # the baseline's own generator; the engine never uses `random`
    board, plies, start = chess.Board(), 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if board.is_game_over(claim_draw=False):
            board.reset()
        board.push(rng.choice(list(board.legal_moves)))
        plies += 1
    return plies / (time.perf_counter() - start)


def random_game(seed: int, players: int) -> int:
    match = Match.new("vindication", players, seed=seed)
    rng = Rng(seed, stream=7)
    commands = 0
    while not match.state.is_terminal():
        legal = match.state.legal()
        match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
        commands += 1
    return commands


def commands_per_second(seconds: float = 6.0) -> float:
    start, commands, seed = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        commands += random_game(seed, 2 + seed % 3)
        seed += 1
    return commands / (time.perf_counter() - start)


def copy_ratio() -> float:
    match = Match.new("vindication", 4, seed=3)
    rng = Rng(3, stream=7)
    for _ in range(300):
        legal = match.state.legal()
        match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
    state = match.state
    n = 300
    state.data  # noqa: B018 — live data, as after apply
    t = time.perf_counter()
    for _ in range(n):
        copy.deepcopy(state)
    deep = time.perf_counter() - t
    t = time.perf_counter()
    for _ in range(n):
        state.data  # noqa: B018 — invalidate the frozen bytes, as apply does
        state.copy()
    ours = time.perf_counter() - t
    return ours / deep


def heuristic_decision_ms(games: int = 5) -> float:
    times: list[float] = []
    for seed in range(games):
        match = Match.new("vindication", 4, seed=seed)
        bot = make_bot("heuristic", match.game)
        rng = Rng(seed)
        while not match.state.is_terminal():
            seat = match.state.deciders()[0]
            t = time.perf_counter()
            view, legal = match.state.view(seat), match.state.legal(seat)
            command = bot.choose(view, legal, rng)
            times.append(time.perf_counter() - t)
            match.apply(command)
    return statistics.median(times) * 1000


def memory_drift(games: int) -> tuple[float, float]:
    for seed in range(100):
        random_game(seed, 1 + seed % 4)
    first = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for seed in range(100, games):
        random_game(seed, 1 + seed % 4)
    last = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return first / 1024, last / 1024


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1000, help="games for the memory check")
    args = parser.parse_args()
    ours = commands_per_second()
    theirs = chess_plies_per_second()
    print(f"random playouts: {ours:,.0f} commands/s vs python-chess {theirs:,.0f} plies/s = {ours / theirs:.2f}× "
          f"(goal ≥ 1.0×)")
    print(f"state copy vs copy.deepcopy: {copy_ratio():.3f}× (goal ≤ 0.1×)")
    print(f"heuristic bot median decision: {heuristic_decision_ms():.2f} ms (goal ≤ 50 ms)")
    first, last = memory_drift(args.games)
    print(f"peak RSS after 100 games {first:.1f} MiB, after {args.games} games {last:.1f} MiB "
          f"= {100 * (last / first - 1):+.1f} % (goal within 5 %)")


if __name__ == "__main__":
    main()
