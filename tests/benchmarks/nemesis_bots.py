"""Nemesis: how the heuristic bot plays against the random bot (issue 5).

For each mode (solo 1 player; standard 2–4 players; co-op 2–4 players, player counts cycling
with the seed) it plays N seeded games with every seat heuristic and N with every seat random,
and reports, per character: the survival rate (alive after the Victory Check), the objective
rate (kept objective met) and the win rate; plus how characters died and which route the
survivors took.

    python tests/benchmarks/nemesis_bots.py [--games 200] [--jobs 2]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from engine.bots import bot_rng, make_bot
from engine.core import Match

MODES = (("solo", (1,)), ("standard", (2, 3, 4)), ("coop", (2, 3, 4)))


def play(mode: str, players: int, seed: int, kind: str, max_commands: int = 20_000) -> list[dict]:
    """One seeded game with every seat a ``kind`` bot; per character its Victory Check entry."""
    match = Match.new("nemesis", players, mode=mode, seed=seed, seats=[f"bot:{kind}"] * players)
    bots = {seat: make_bot(kind, match.game) for seat in range(players)}
    rngs = {seat: bot_rng(seed, seat) for seat in range(players)}
    for _ in range(max_commands):
        state = match.state
        if state.is_terminal():
            break
        seat = state.deciders()[0]
        legal = state.legal(seat)
        match.apply(bots[seat].choose(state.view(seat), legal, rngs[seat]))
    data = match.state.data
    if data["phase"] != "over":
        return [{"alive": False, "objective_met": False, "won": False, "route": "unfinished",
                 "reason": "unfinished"} for _ in range(players)]
    out = []
    for seat in range(players):
        entry = dict(data["result"][str(seat)])
        entry["cause"] = data["players"][seat].get("cause")
        out.append(entry)
    return out


def run(mode: str, counts: tuple[int, ...], games: int, kind: str) -> list[dict]:
    entries: list[dict] = []
    for seed in range(1, games + 1):
        entries += play(mode, counts[seed % len(counts)], seed, kind)
    return entries


def summary(entries: list[dict]) -> dict:
    n = len(entries) or 1
    return {
        "characters": len(entries),
        "survival": sum(e["alive"] for e in entries) / n,
        "objective": sum(bool(e.get("objective_met")) for e in entries) / n,
        "win": sum(bool(e.get("won")) for e in entries) / n,
        "routes": Counter(e["route"] for e in entries if e["alive"]),
        "deaths": Counter((e.get("cause") or e.get("reason") or "?") for e in entries if not e["alive"]),
    }


def _job(args: tuple[str, tuple[int, ...], int, str]) -> tuple[str, str, list[dict], float]:
    mode, counts, games, kind = args
    started = time.perf_counter()
    entries = run(mode, counts, games, kind)
    return mode, kind, entries, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games per mode and bot kind")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--modes", default="solo,standard,coop")
    args = parser.parse_args()
    wanted = set(args.modes.split(","))
    jobs = [(mode, counts, args.games, kind) for mode, counts in MODES if mode in wanted
            for kind in ("heuristic", "random")]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_job, jobs))
    else:
        results = [_job(j) for j in jobs]
    by = {(mode, kind): (summary(entries), seconds) for mode, kind, entries, seconds in results}
    print(f"Nemesis bots, {args.games} seeded games per mode and kind (seeds 1..{args.games}); "
          "rates per character")
    print(f"{'mode':<10}{'bot':<11}{'chars':>6}{'survival':>10}{'objective':>11}{'win':>8}{'s/game':>8}")
    for mode, _ in MODES:
        for kind in ("heuristic", "random"):
            if (mode, kind) not in by:
                continue
            s, seconds = by[mode, kind]
            print(f"{mode:<10}{kind:<11}{s['characters']:>6}{s['survival']:>10.1%}{s['objective']:>11.1%}"
                  f"{s['win']:>8.1%}{seconds / args.games:>8.2f}")
    print()
    for (mode, kind), (s, _) in by.items():
        print(f"{mode}/{kind}: survivors by route {dict(s['routes'].most_common())}; "
              f"deaths {dict(s['deaths'].most_common(6))}")


if __name__ == "__main__":
    main()
