"""Dragonbond: how the heuristic bot plays against the random bot.

Each seeded game has two human seats (mode humans2, so two AI characters play by the AI rules),
characters dealt at random; the heuristic bot sits in seat ``seed % 2`` and the random bot in the
other. The heuristic "beats" the random bot in a game when it ends with more power, or wins while
the random bot does not (DRG-GOAL, DRG-END). Also reported: wins, ties, average power, and the
same-seat comparison (the same seeds with the random bot in the heuristic's seat).

    python tests/benchmarks/dragonbond_bots.py [--games 200] [--jobs 2]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from engine.bots import bot_rng, make_bot
from engine.core import Match


def play(seed: int, kinds: tuple[str, str], max_commands: int = 20_000) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """One seeded humans2 game with bots ``kinds`` per seat: (final power per seat, winning seats)."""
    match = Match.new("dragonbond", 2, seed=seed, seats=[f"bot:{k}" for k in kinds],
                      options={"characters": "random"})
    bots = {seat: make_bot(kind, match.game) for seat, kind in enumerate(kinds)}
    rngs = {seat: bot_rng(seed, seat) for seat in range(2)}
    for _ in range(max_commands):
        state = match.state
        if state.is_terminal():
            break
        seat = state.deciders()[0]
        match.apply(bots[seat].choose(state.view(seat), state.legal(seat), rngs[seat]))
    outcome = match.state.outcome
    if outcome is None:
        raise RuntimeError(f"seed {seed} did not end in {max_commands} commands")
    return tuple(outcome.scores or (0.0, 0.0)), tuple(outcome.winners)


def duel(seed: int) -> dict:
    """The heuristic in seat seed % 2 against the random bot; then the same seed all random."""
    me = seed % 2
    kinds = ("heuristic", "random") if me == 0 else ("random", "heuristic")
    scores, winners = play(seed, kinds)
    base_scores, base_winners = play(seed, ("random", "random"))
    other = 1 - me
    return {"mine": scores[me], "theirs": scores[other], "won": me in winners, "lost": other in winners,
            "base": base_scores[me], "base_won": me in base_winners}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(duel, range(1, args.games + 1)))
    n = len(results)
    beats = sum(1 for r in results if r["mine"] > r["theirs"] or (r["won"] and not r["lost"]))
    ties = sum(1 for r in results if r["mine"] == r["theirs"] and r["won"] == r["lost"])
    wins = sum(r["won"] for r in results)
    same_seat = sum(1 for r in results if r["mine"] > r["base"])
    print(f"{n} seeded humans2 games, heuristic vs random, seats alternating ({time.perf_counter() - started:.0f} s)")
    print(f"heuristic beats random: {beats}/{n} = {100 * beats / n:.1f} % (goal ≥ 80 %); ties {ties}")
    print(f"heuristic wins the game: {wins}/{n} = {100 * wins / n:.1f} %; "
          f"random wins: {sum(r['lost'] for r in results)}/{n}")
    print(f"average power: heuristic {sum(r['mine'] for r in results) / n:.2f}, "
          f"random opponent {sum(r['theirs'] for r in results) / n:.2f}, "
          f"random bot in the same seat and seed {sum(r['base'] for r in results) / n:.2f}")
    print(f"same seat and seed, heuristic ends with more power than the random bot did: "
          f"{same_seat}/{n} = {100 * same_seat / n:.1f} %; game wins then {sum(r['base_won'] for r in results)}/{n}")


if __name__ == "__main__":
    main()
