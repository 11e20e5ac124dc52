"""The search player against the heuristic bot: strength, decision time and simulations per second.

Seeded and reproducible in what it plays (the search's choices vary with the machine's speed under a
time budget; give ``--iterations`` for exactly repeatable games). Seats alternate: in game ``i``
(seed ``first + i``) the search sits in seat ``i % 2``.

- Vindication, 2 players: the search wins (most honor, VIN-SCORE-7) while the heuristic does not.
- Dragonbond, mode humans2 (2 humans + 2 AI characters, characters dealt at random): the search
  ends with more power than the heuristic in the other seat (or wins while it does not).
- Nemesis: Lockdown, each mode: survival, objective and win rates of the search's seats against
  the heuristic's — standard 2 players one seat each; solo and co-op (2 players) every seat the
  same bot, on the same seeds; and each character's fate (survival route, or what killed it:
  wounds before or after the Isolation Room opened on Time 8, the Purge, the contingency or
  contamination check of the Victory Check, an infection).

Each search decision (one with a choice) is timed: median and 95th percentile, iterations
(simulations) and simulated commands per second.

    python tests/benchmarks/search_strength.py [--games 10] [--think-ms 500] [--game vindication]
                                               [--jobs 1] [--iterations N] [--first 1]
                                               [--mode solo] [--scaling [--factors 0.5,1,2,4]]

``--mode`` limits Nemesis to some of its modes. ``--scaling`` plays Vindication and Dragonbond on
the same seeds at multiples of the budget (0.25, 0.5, 1 and 2 s for Normal's 500 ms; with
``--iterations N``, multiples of N) and prints a table of the search's results by budget.
"Simulations per CPU second" counts the search decisions' CPU time in their process, a figure
that a loaded machine shrinks far less than the wall-clock rate (to 60–75 % of a quiet machine's
rate in this project's runs): a floor for what a time budget gets on a quiet machine.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))

from engine.bots import SearchBot, bot_rng, decide, make_bot
from engine.bots import search as search_module
from engine.core import Match, Outcome

GAMES = ("vindication", "dragonbond", "nemesis")
NEMESIS_MODES = (("standard", 2), ("solo", 1), ("coop", 2))


@dataclass
class Played:
    """One game: its outcome, the search's seats, and the search's decisions."""

    outcome: Outcome
    search_seats: tuple[int, ...]
    times: list[float] = field(default_factory=list)
    iterations: int = 0
    commands: int = 0
    seconds: float = 0.0
    cpu: float = 0.0              # the search decisions' CPU time in this process (load-independent-ish)
    fates: dict[int, str] = field(default_factory=dict)   # Nemesis: each seat's fate (`fate`)


def play(game_id: str, players: int, mode: str | None, options: dict, seed: int, kinds: tuple[str, ...],
         think_ms: int | None, iterations: int | None, max_commands: int = 20_000) -> Played:
    """One seeded game; seats of kind ``search`` think for ``think_ms`` (or ``iterations``)."""
    match = Match.new(game_id, players, mode=mode, seed=seed, options=options)
    bots = {}
    for seat, kind in enumerate(kinds):
        if kind == "search":
            bots[seat] = SearchBot(match.game, think_ms=think_ms, iterations=iterations,
                                   exploration=search_module.EXPLORATION, widening=search_module.WIDENING,
                                   candidates=search_module.CANDIDATES, tree_depth=search_module.TREE_DEPTH,
                                   keep_margin=search_module.KEEP_MARGIN, paired=search_module.PAIRED)
        else:
            bots[seat] = make_bot(kind, match.game)
    rngs = {seat: bot_rng(seed, seat) for seat in range(players)}
    played = Played(Outcome((), ""), tuple(s for s, k in enumerate(kinds) if k == "search"))
    died_at: dict[int, int] = {}      # Nemesis: the Time slot each character died on
    for _ in range(max_commands):
        state = match.state
        if state.is_terminal():
            break
        seat = state.deciders()[0]
        bot = bots[seat]
        started, cpu = time.perf_counter(), time.process_time()
        command = decide(bot, state, seat, state.legal(seat), rngs[seat])
        spent = time.perf_counter() - started
        if isinstance(bot, SearchBot) and bot.last is not None:
            played.cpu += time.process_time() - cpu
            played.times.append(spent)
            played.iterations += bot.last.iterations
            played.commands += bot.last.commands
            played.seconds += bot.last.seconds
        for event in match.apply(command):
            if event.kind == "character_died" and game_id == "nemesis":
                died_at[event.data["seat"]] = state.data["time"]
    outcome = match.state.outcome
    if outcome is None:
        raise RuntimeError(f"{game_id} seed {seed} did not end in {max_commands} commands")
    played.outcome = outcome
    if game_id == "nemesis":
        played.fates = {seat: fate(match.state.data, seat, died_at.get(seat)) for seat in range(players)}
    return played


def fate(data: dict, seat: int, died_at: int | None) -> str:
    """A Nemesis character's fate: its survival route, or what killed it — wounds (with the Time slot
    of the death: before or after the Isolation Room opened), the Purge, the Victory Check's
    contingency or contamination check, an infection."""
    entry = data["result"][str(seat)]
    if entry["alive"]:
        return f"survived ({entry['route']})"
    cause = data["players"][seat].get("cause") or str(entry.get("reason", "?"))
    if cause == "wounds" and died_at is not None:
        return f"wounds, Time {'9+' if died_at > 8 else '8-1'}"
    return str(cause)


def duel(job: tuple) -> dict:
    """One seed of one game's comparison: the search's result and the heuristic's (Nemesis: in
    ``modes``, every mode when not given)."""
    game_id, seed, think_ms, iterations, *rest = job
    modes = rest[0] if rest and rest[0] else tuple(mode for mode, _ in NEMESIS_MODES)
    me = seed % 2
    if game_id == "vindication":
        kinds = ("search", "heuristic") if me == 0 else ("heuristic", "search")
        p = play(game_id, 2, None, {}, seed, kinds, think_ms, iterations)
        won = me in p.outcome.winners
        lost = (1 - me) in p.outcome.winners
        scores = p.outcome.scores or (0.0, 0.0)
        return {"game": game_id, "beats": won and not lost, "tie": won and lost, "mine": scores[me],
                "theirs": scores[1 - me], "times": p.times, "iterations": p.iterations, "commands": p.commands,
                "seconds": p.seconds, "cpu": p.cpu}
    if game_id == "dragonbond":
        kinds = ("search", "heuristic") if me == 0 else ("heuristic", "search")
        p = play(game_id, 2, None, {"characters": "random"}, seed, kinds, think_ms, iterations)
        scores = p.outcome.scores or (0.0, 0.0)
        won, lost = me in p.outcome.winners, (1 - me) in p.outcome.winners
        beats = scores[me] > scores[1 - me] or (won and not lost)
        tie = scores[me] == scores[1 - me] and won == lost
        return {"game": game_id, "beats": beats, "tie": tie, "won": won, "lost": lost, "mine": scores[me],
                "theirs": scores[1 - me], "times": p.times, "iterations": p.iterations, "commands": p.commands,
                "seconds": p.seconds, "cpu": p.cpu}
    # nemesis: every mode, search seats against heuristic seats
    rows = {}
    all_fates: dict[str, dict[str, list[str]]] = {}
    times: list[float] = []
    its = cmds = 0
    secs = cpu = 0.0
    for mode, players in NEMESIS_MODES:
        if mode not in modes:
            continue
        if mode == "standard":
            kinds = ("search", "heuristic") if me == 0 else ("heuristic", "search")
            games = [play(game_id, players, mode, {}, seed, kinds, think_ms, iterations)]
        else:
            games = [play(game_id, players, mode, {}, seed, (kind,) * players, think_ms, iterations)
                     for kind in ("search", "heuristic")]
        tally = {"search": [0, 0, 0, 0], "heuristic": [0, 0, 0, 0]}   # seats, survived, objective, won
        fates: dict[str, list[str]] = {"search": [], "heuristic": []}
        for p in games:
            breakdown = dict(p.outcome.breakdown)
            for seat in range(players):
                fates["search" if seat in p.search_seats else "heuristic"].append(p.fates[seat])
                who = tally["search" if seat in p.search_seats else "heuristic"]
                who[0] += 1
                who[1] += int(breakdown["survived"][seat])
                who[2] += int(breakdown["objective"][seat])
                who[3] += int(breakdown["won"][seat])
            times += p.times
            its += p.iterations
            cmds += p.commands
            secs += p.seconds
            cpu += p.cpu
        rows[mode] = tally
        all_fates[mode] = fates
    return {"game": game_id, "modes": rows, "fates": all_fates, "times": times, "iterations": its, "commands": cmds,
            "seconds": secs, "cpu": cpu}


def _percent(n: int, d: int) -> str:
    return f"{n}/{d} = {100 * n / d:.0f} %" if d else "0/0"


def report(game_id: str, results: list[dict], think_ms: int | None, iterations: int | None) -> None:
    n = len(results)
    budget = f"{iterations} iterations" if iterations else f"{think_ms} ms"
    times = sorted(t for r in results for t in r["times"])
    seconds = sum(r["seconds"] for r in results) or 1e-9
    print(f"\n== {game_id}: {n} seeded games, search ({budget} a decision) vs heuristic, seats alternating")
    print(f"search settings: exploration {search_module.EXPLORATION}, widening {search_module.WIDENING}, "
          f"candidates {search_module.CANDIDATES}, tree depth {search_module.TREE_DEPTH}, "
          f"paired {search_module.PAIRED}, keep margin {search_module.KEEP_MARGIN}")
    if game_id in ("vindication", "dragonbond"):
        beats = sum(r["beats"] for r in results)
        ties = sum(r["tie"] for r in results)
        what = "wins" if game_id == "vindication" else "ends with more power (or wins alone)"
        print(f"search {what}: {_percent(beats, n)}; ties {ties}")
        print(f"average score: search {statistics.mean(r['mine'] for r in results):.1f}, "
              f"heuristic {statistics.mean(r['theirs'] for r in results):.1f}")
        if game_id == "dragonbond":
            won, lost = sum(r["won"] for r in results), sum(r["lost"] for r in results)
            print(f"game won: search {won}/{n}, heuristic {lost}/{n}")
    else:
        for mode, _ in NEMESIS_MODES:
            if mode not in results[0]["modes"]:
                continue
            line = []
            for who in ("search", "heuristic"):
                seats, survived, objective, won = (sum(r["modes"][mode][who][i] for r in results) for i in range(4))
                line.append(f"{who}: survived {_percent(survived, seats)}, objective {_percent(objective, seats)}, "
                            f"won {_percent(won, seats)}")
            print(f"{mode:8} " + "; ".join(line))
            for who in ("search", "heuristic"):
                fates = Counter(f for r in results for f in r["fates"][mode][who])
                print(f"         {who} fates: " + ", ".join(f"{k} {v}" for k, v in fates.most_common()))
    if times:
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"decisions searched: {len(times)}; time median {1000 * statistics.median(times):.0f} ms, "
              f"p95 {1000 * p95:.0f} ms")
        cpu = sum(r["cpu"] for r in results) or 1e-9
        print(f"simulations/s {sum(r['iterations'] for r in results) / seconds:.0f}; "
              f"simulated commands/s {sum(r['commands'] for r in results) / seconds:.0f}; "
              f"simulations per CPU second {sum(r['iterations'] for r in results) / cpu:.0f} "
              "(a quiet machine gives more)")


class _InProcess:
    """A pool of one: the games one after another in this process."""

    def __enter__(self) -> _InProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    @staticmethod
    def map(fn, jobs):  # type: ignore[no-untyped-def]
        return map(fn, jobs)


def _progress(seed: int, result: dict) -> None:
    """One line a finished game, on stderr: a long run shows its results as they come."""
    if "beats" in result:
        line = f"beats {result['beats']}, tie {result['tie']}, score {result['mine']} vs {result['theirs']}"
    else:
        line = "; ".join(f"{mode} {tally} {result['fates'][mode]}" for mode, tally in result["modes"].items())
    print(f"  {result['game']} seed {seed}: {line}", file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="seeds per game (default 10)")
    parser.add_argument("--think-ms", type=int, default=500, help="the search's time a decision (default 500)")
    parser.add_argument("--iterations", type=int, default=None, help="an iteration budget instead of time")
    parser.add_argument("--game", choices=GAMES, action="append", help="only this game (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (each game runs in one)")
    parser.add_argument("--first", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--mode", choices=[mode for mode, _ in NEMESIS_MODES], action="append",
                        help="Nemesis: only this mode (repeatable; default every mode)")
    parser.add_argument("--exploration", type=float, default=search_module.EXPLORATION, help="UCB's constant")
    parser.add_argument("--widening", type=float, default=search_module.WIDENING,
                        help="progressive widening's constant (0: none, plain ISMCTS)")
    parser.add_argument("--candidates", type=int, default=search_module.CANDIDATES or 0,
                        help="the root looks at the playout policy's top N commands only (0: all)")
    parser.add_argument("--tree-depth", type=int, default=search_module.TREE_DEPTH or 0,
                        help="decisions the tree grows, the root's counted (0: no limit)")
    parser.add_argument("--keep-margin", type=float, default=search_module.KEEP_MARGIN,
                        help="the policy's pick is kept unless another root command's mean beats it by this")
    parser.add_argument("--paired", action=argparse.BooleanOptionalAction, default=search_module.PAIRED,
                        help="flat rounds: every candidate played out on the same determinisation and draws")
    parser.add_argument("--scaling", action="store_true",
                        help="Vindication / Dragonbond: the same seeds at half, one, two and four times the "
                             "budget (--think-ms, or --iterations as its equivalent): 0.25, 0.5, 1 and 2 s "
                             "for Normal's 500 ms; a table of the search's win rate by budget")
    parser.add_argument("--factors", default="0.5,1,2,4", help="--scaling: the budget's multiples")
    args = parser.parse_args()
    search_module.EXPLORATION = args.exploration            # read by each process as it starts a game
    search_module.WIDENING = args.widening or None
    search_module.CANDIDATES = args.candidates or None
    search_module.TREE_DEPTH = args.tree_depth or None
    search_module.KEEP_MARGIN = args.keep_margin
    search_module.PAIRED = args.paired
    think_ms = None if args.iterations else args.think_ms
    if args.scaling:
        scaling(args, think_ms)
        return
    for game_id in args.game or GAMES:
        started = time.perf_counter()
        modes = tuple(args.mode or ())
        seeds = range(args.first, args.first + args.games)
        jobs = [(game_id, seed, think_ms, args.iterations, modes) for seed in seeds]
        results = []
        with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _InProcess() as pool:
            for job, result in zip(jobs, pool.map(duel, jobs)):
                results.append(result)
                _progress(job[1], result)
        report(game_id, results, think_ms, args.iterations)
        print(f"({time.perf_counter() - started:.0f} s)")
        sys.stdout.flush()


def scaling(args: argparse.Namespace, think_ms: int | None) -> None:
    """The search against the heuristic on the same seeds as its budget doubles (``--scaling``)."""
    factors = [float(f) for f in args.factors.split(",")]
    for game_id in args.game or ("vindication", "dragonbond"):
        if game_id == "nemesis":
            raise SystemExit("--scaling: Vindication and Dragonbond only")
        rows = []
        for factor in factors:
            ms = None if think_ms is None else round(think_ms * factor)
            its = None if args.iterations is None else max(1, round(args.iterations * factor))
            started = time.perf_counter()
            jobs = [(game_id, seed, ms, its) for seed in range(args.first, args.first + args.games)]
            results = []
            with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _InProcess() as pool:
                for job, result in zip(jobs, pool.map(duel, jobs)):
                    results.append(result)
                    _progress(job[1], result)
            report(game_id, results, ms, its)
            print(f"({time.perf_counter() - started:.0f} s)")
            sys.stdout.flush()
            n = len(results)
            rows.append((factor, ms, its, n, sum(r["beats"] for r in results), sum(r["tie"] for r in results),
                         statistics.mean(r["mine"] for r in results), statistics.mean(r["theirs"] for r in results),
                         sum(r["iterations"] for r in results) / max(1, sum(len(r["times"]) for r in results))))
        what = "wins" if game_id == "vindication" else "more power"
        print(f"\n== {game_id}: search vs heuristic as the budget doubles (seeds {args.first}-"
              f"{args.first + args.games - 1}, seats alternating)")
        print(f"| budget | games | search {what} | ties | average score, search vs heuristic | "
              "simulations a decision |")
        print("| --- | --- | --- | --- | --- | --- |")
        for factor, ms, its, n, beats, ties, mine, theirs, per in rows:
            budget = f"{its} iterations (x{factor:g})" if its is not None else f"{ms} ms"
            print(f"| {budget} | {n} | {_percent(beats, n)} | {ties} | {mine:.1f} vs {theirs:.1f} | {per:.0f} |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
