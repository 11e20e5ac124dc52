"""One hash per game, mode and option set over whole seeded bot games: "plays identically" in figures.

For every built-in game, each of its modes and option sets (defaults, Vindication's Villages &
Hamlets, every option off its default: `tests.golden.playthrough.option_sets`) it plays N seeded
games to the end (seeds 1..N; the player count cycles through the mode's range; odd seeds the game's
heuristic bots, even seeds random bots) and hashes, after every command and once before the first:

- play: every seat's legal command list, the command's events and the state's digest;
- views: what an onlooker and every seat sees (`Game.view`), reported apart, so a change of
  presentation alone does not hide whether the rules still play the same.

Run it before and after a refactor: equal hashes mean every legal list, event, digest (and view) of
every game was the same. ``--each`` prints every game's own hashes, to find the seed that differs.
Not a test: nothing here asserts; the golden files (tests/golden) are what CI checks.

    python tests/benchmarks/behaviour_hash.py [--games 20] [--jobs 2] [--each] [--no-views]
"""
from __future__ import annotations

import argparse
import hashlib
import os
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
os.environ.pop("TABLEKEEPER_GAMES", None)  # only the built-in games

from tests.golden.playthrough import Setup, behaviour_setups, bot_playthrough

MAX_COMMANDS = 30_000  # a bot game longer than this is a bug; it is reported as unfinished
DIGITS = 16


def play(setup: Setup, views: bool) -> tuple[str, str, int, bool]:
    """One game: its play hash, views hash ("" without views), commands and whether it ended."""
    play_hash, views_hash = hashlib.sha256(), hashlib.sha256()
    commands = -1
    for fingerprint, seen in bot_playthrough(setup, MAX_COMMANDS, views):
        for text in (fingerprint.command or "", fingerprint.digest, fingerprint.legal, fingerprint.events):
            play_hash.update(text.encode() + b"\0")
        if seen is not None:
            views_hash.update(seen.encode() + b"\0")
        commands += 1
    ended = commands < MAX_COMMANDS
    return play_hash.hexdigest(), views_hash.hexdigest() if views else "", commands, ended


def _play(job: tuple[Setup, bool]) -> tuple[str, str, int, bool]:
    return play(*job)


def combined(hashes: list[str]) -> str:
    return hashlib.sha256("\n".join(hashes).encode()).hexdigest()[:DIGITS]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="seeded games per game, mode and option set")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes to play in")
    parser.add_argument("--each", action="store_true", help="print every game's hashes too")
    parser.add_argument("--no-views", dest="views", action="store_false", help="leave the views out (faster)")
    args = parser.parse_args(argv)

    lines = behaviour_setups(args.games)
    jobs = [(setup, args.views) for line in lines for setup in line]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(_play, jobs, chunksize=1))
    seconds = time.perf_counter() - started
    children = resource.getrusage(resource.RUSAGE_CHILDREN)

    width = max(len(line[0].line) for line in lines)
    views_column = f"  {'views':<{DIGITS}}" if args.views else ""
    print(f"{'game mode +options':<{width}}  games  commands  {'play':<{DIGITS}}{views_column}")
    all_play, all_views, total = [], [], 0
    for line in lines:
        mine = results[:len(line)]
        results = results[len(line):]
        plays, views = [r[0] for r in mine], [r[1] for r in mine]
        commands = sum(r[2] for r in mine)
        unfinished = [s.seed for s, r in zip(line, mine) if not r[3]]
        total += commands
        all_play.append(combined(plays))
        all_views.append(combined(views))
        shown_views = f"  {all_views[-1]}" if args.views else ""
        note = f"  (unfinished: seeds {unfinished})" if unfinished else ""
        print(f"{line[0].line:<{width}}  {len(line):>5}  {commands:>8,}  {all_play[-1]}{shown_views}{note}")
        if args.each:
            for setup, (p, v, n, _) in zip(line, mine):
                each_views = f"  {v[:DIGITS]}" if args.views else ""
                print(f"  seed {setup.seed:>3} {setup.players}p {setup.bot:<9}  {n:>8,}  {p[:DIGITS]}{each_views}")
    shown_views = f"  {combined(all_views)}" if args.views else ""
    print(f"{'all':<{width}}  {len(jobs):>5}  {total:>8,}  {combined(all_play)}{shown_views}")
    print(f"{len(jobs)} games, {total:,} commands: {seconds:.1f} s wall, "
          f"{children.ru_utime + children.ru_stime:.1f} s CPU in {args.jobs} processes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
