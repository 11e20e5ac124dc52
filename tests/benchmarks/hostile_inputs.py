"""Figures for the README: hostile input tried per game, in one run, with the same mutations and
checks as tests/conformance/test_hostile_input.py but drawn from a seeded generator.

    python tests/benchmarks/hostile_inputs.py [--documents N] [--saves N] [--commands N]

Prints, per game and mode, how many mutated state documents, mutated saves and junk commands were
tried, how each was handled, and the failures (there should be none: a failure is an exception
that is not a refusal, a refusal that changed the state, or an accepted unlisted command).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("TABLEKEEPER_GAMES", "tests.toygame")

from engine.core import Match, Rng
from tests.conformance.hostile import (
    check_command,
    check_document,
    check_save,
    hostile_setups,
    junk_commands,
    mutate,
    saved_game,
    snapshots,
)


def documents(setup: tuple[str, str, int], cases: int, rng: Rng) -> Counter[str]:
    counts: Counter[str] = Counter()
    pool = snapshots(*setup)
    for _ in range(cases):
        document = json.loads(pool[rng.below(len(pool))])
        label = ""
        try:
            for _ in range(1 + rng.below(2)):
                if rng.below(5) and isinstance(document, dict) and "data" in document:
                    document["data"], label = mutate(document["data"], rng.below)
                else:
                    document, label = mutate(document, rng.below)
            counts[check_document(document, label)] += 1
        except Exception as error:
            counts["FAILED"] += 1
            print(f"  document failure ({label}): {type(error).__name__}: {str(error)[:200]}")
    return counts


def saves(setup: tuple[str, str, int], cases: int, rng: Rng, folder: Path) -> Counter[str]:
    counts: Counter[str] = Counter()
    text = saved_game(*setup)
    for _ in range(cases):
        label = ""
        try:
            if rng.below(4):
                document, label = mutate(json.loads(text), rng.below)
                mutant = json.dumps(document, indent=1)
            else:
                at = rng.below(len(text))
                mutant, label = (text[:at], f"cut at {at}") if rng.below(2) else (
                    text[:at] + "}" + text[at + 1:], f"a brace at {at}")
            counts[check_save(mutant, folder, label)] += 1
        except Exception as error:
            counts["FAILED"] += 1
            print(f"  save failure ({label}): {type(error).__name__}: {str(error)[:200]}")
    return counts


def commands(setup: tuple[str, str, int], cases: int, rng: Rng) -> Counter[str]:
    game_id, mode, players = setup
    counts: Counter[str] = Counter()
    seed = 31
    while sum(counts.values()) < cases:
        match = Match.new(game_id, players, mode=mode, seed=seed, seats=["bot:random"] * players)
        seed += 1
        while not match.state.is_terminal() and sum(counts.values()) < cases:
            state = match.state
            if rng.below(4) == 0:
                for text in junk_commands(state, rng.below):
                    try:
                        counts[check_command(state, text)] += 1
                    except Exception as error:
                        counts["FAILED"] += 1
                        print(f"  command failure ({text[:80]!r}): "
                              f"{type(error).__name__}: {str(error)[:200]}")
            legal = state.legal()
            match.apply(legal[rng.below(len(legal))])
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=1000,
                        help="mutated state documents per game and mode")
    parser.add_argument("--saves", type=int, default=300, help="mutated saves per game and mode")
    parser.add_argument("--commands", type=int, default=5000, help="junk commands per game and mode")
    args = parser.parse_args()
    rng = Rng(2026, stream=1)
    failed = 0
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for setup in hostile_setups():
            if setup[0] == "toy":
                continue
            started = time.perf_counter()
            found = {"documents": documents(setup, args.documents, rng),
                     "saves": saves(setup, args.saves, rng, Path(folder)),
                     "commands": commands(setup, args.commands, rng)}
            for category, counts in found.items():
                failed += counts["FAILED"]
                outcome = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k != "FAILED")
                rows.append(f"| {setup[0]} {setup[1]} {setup[2]}p | {category} | {sum(counts.values())} | "
                            f"{sum(counts.values()) - counts['FAILED']} | {outcome} |")
            print(f"{setup[0]} {setup[1]}: {time.perf_counter() - started:.0f} s", file=sys.stderr)
    print("| game, mode, players | input | tried | clean | handled as |")
    print("|---|---|---|---|---|")
    print("\n".join(rows))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
