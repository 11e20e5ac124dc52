"""A game engine's speed and memory, as ratios against baselines measured in the same run.

- commands per second in seeded random playouts (legal-command generation included) next to
  python-chess random-playout plies per second (goal ≥ 1.0×);
- a mid-game state copy vs `copy.deepcopy` of the same state (goal ≤ 0.1×);
- the heuristic bot's median decision time (goal ≤ 50 ms), when the game has one;
- peak RSS after the last 100 of N random games vs after the first 100 (goal: within 5 %).

Random games cycle through every mode and player count the game offers.

    python tests/benchmarks/game_speed.py vindication [--games 1000]
    python tests/benchmarks/game_speed.py nemesis [--games 1000]
    python tests/benchmarks/game_speed.py dragonbond [--games 1000]
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

from engine.bots import make_bot
from engine.core import Match, Rng, TablekeeperError, get_game, weighted_choice

GAME = "vindication"


def setups() -> list[tuple[str, int]]:
    """(mode, players) for every mode and player count of the game under test."""
    return [(mode.id, n) for mode in get_game(GAME).info.modes for n in range(mode.min_players, mode.max_players + 1)]


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


def random_game(seed: int) -> int:
    mode, players = setups()[seed % len(setups())]
    match = Match.new(GAME, players, mode=mode, seed=seed)
    rng = Rng(seed, stream=7)
    commands = 0
    while not match.state.is_terminal():
        # the random bot's draw, as weighted_choice over match.state.legal() would make it
        # (`State.sample`: no listing where the game describes its list as groups)
        match.apply(match.state.sample(rng))
        commands += 1
    return commands


def commands_per_second(seconds: float = 6.0) -> float:
    start, commands, seed = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        commands += random_game(seed)
        seed += 1
    return commands / (time.perf_counter() - start)


def copy_ratio() -> float:
    mode, players = max(setups(), key=lambda s: s[1])
    match = Match.new(GAME, players, mode=mode, seed=3)
    rng = Rng(3, stream=7)
    for _ in range(300):
        if match.state.is_terminal():
            break
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


def heuristic_decision_ms(games: int = 5) -> float | None:
    times: list[float] = []
    for seed in range(games):
        mode, players = max(setups(), key=lambda s: s[1])
        match = Match.new(GAME, players, mode=mode, seed=seed)
        try:
            bot = make_bot("heuristic", match.game)
        except TablekeeperError:
            return None                 # the game has no heuristic bot yet
        rng = Rng(seed)
        while not match.state.is_terminal():
            seat = match.state.deciders()[0]
            t = time.perf_counter()
            view, legal = match.state.view(seat), match.state.legal(seat)
            command = bot.choose(view, legal, rng)
            times.append(time.perf_counter() - t)
            match.apply(command)
    return statistics.median(times) * 1000


def memory_drift(games: int) -> tuple[float, float, dict[tuple[str, int], list[float]]]:
    """Peak RSS after the first 100 games and after all, and each setup's game times (seconds)."""
    times: dict[tuple[str, int], list[float]] = {}

    def timed(seed: int) -> None:
        started = time.perf_counter()
        random_game(seed)
        times.setdefault(setups()[seed % len(setups())], []).append(time.perf_counter() - started)

    for seed in range(100):
        timed(seed)
    first = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for seed in range(100, games):
        timed(seed)
        if seed + 1 in (250, 500, 750):   # where it grows: a leak keeps growing, a bounded cache levels off
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(f"  peak RSS after {seed + 1} games: {peak:.1f} MiB")
    last = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return first / 1024, last / 1024, times


def main() -> None:
    global GAME
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?", default="vindication", help="the game to measure")
    parser.add_argument("--games", type=int, default=1000, help="games for the memory check")
    args = parser.parse_args()
    GAME = args.game
    ours = commands_per_second()
    theirs = chess_plies_per_second()
    print(f"random playouts: {ours:,.0f} commands/s vs python-chess {theirs:,.0f} plies/s = {ours / theirs:.2f}× "
          f"(goal ≥ 1.0×)")
    print(f"state copy vs copy.deepcopy: {copy_ratio():.3f}× (goal ≤ 0.1×)")
    decision = heuristic_decision_ms()
    print("heuristic bot: none yet" if decision is None
          else f"heuristic bot median decision: {decision:.2f} ms (goal ≤ 50 ms)")
    first, last, times = memory_drift(args.games)
    print(f"peak RSS after 100 games {first:.1f} MiB, after {args.games} games {last:.1f} MiB "
          f"= {100 * (last / first - 1):+.1f} % (goal within 5 %)")
    print("whole random games per second (mode, players: games/s over the games of the memory check):")
    for (mode, players), spent in sorted(times.items()):
        print(f"  {mode} {players}p: {len(spent) / sum(spent):.1f} games/s ({len(spent)} games)")


if __name__ == "__main__":
    main()
