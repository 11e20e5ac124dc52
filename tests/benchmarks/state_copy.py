"""State copy vs `copy.deepcopy` of the same state (goal: ≤ 0.1×).

Two states: the toy game mid-game (tiny), and a synthetic state shaped like a Vindication table
(4 players, 29 triangles, 40 region spaces, four 36-card decks), since the real games are not in
yet. `State.copy()` freezes the data (marshal) and thaws lazily, so it is reported three ways:
the copy of a just-changed state, the copy plus its first read (the full price when the copy is
used), and another copy of an unchanged state (frozen bytes reused, as a search bot does).
"""
from __future__ import annotations

import copy
import os
import sys
import timeit

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
os.environ.setdefault("TABLEKEEPER_GAMES", "tests.toygame")

from engine.core import Match, Rng, State


def toy_state() -> State:
    match = Match.new("toy", 4, seed=3)
    rng = Rng(3, stream=9)
    for _ in range(8):
        match.apply(rng.choice(match.state.legal()))
    return match.state


def table_sized_state() -> State:
    state = toy_state()
    data = state.data
    data["players_detail"] = [
        {"blocks": {"potential": 5, "influence": 7, "conviction": 3, "courage": 2, "wisdom": 2, "vision": 2},
         "cards": [f"C{i:02}" for i in range(6)], "relics": [{"id": f"V{i:02}", "charges": 2} for i in range(2)],
         "token": "T25", "honor": 12, "proficiencies": {"strength": 1, "knowledge": 0}}
        for _ in range(4)]
    data["triangles"] = {f"T{i:02}": {"token": None, "touches": [f"R{(i + k) % 40:02}" for k in range(3)]}
                         for i in range(1, 30)}
    data["regions"] = {f"R{i:02}": {"tile": "fort", "controller": None, "units": [1, 2], "visited": False}
                       for i in range(40)}
    data["decks"] = {kind: [f"{kind}{i:02}" for i in range(36)] for kind in ("C", "W", "V", "J")}
    return state


def ratio(state: State, number: int) -> dict[str, float]:
    state.data  # noqa: B018 — start from live data, as a state is after apply
    deep = min(timeit.repeat(lambda: copy.deepcopy(state), number=number, repeat=5)) / number
    cached = min(timeit.repeat(lambda: state.copy(), number=number, repeat=5)) / number

    def copy_after_change() -> None:
        state.data  # noqa: B018 — invalidate the cached frozen bytes, as apply does
        state.copy()

    lazy = min(timeit.repeat(copy_after_change, number=number, repeat=5)) / number

    def copy_and_read() -> None:
        state.data  # noqa: B018 — invalidate the cached frozen bytes, as apply does
        state.copy().data  # noqa: B018

    full = min(timeit.repeat(copy_and_read, number=number, repeat=5)) / number
    return {"deepcopy_us": deep * 1e6, "copy_ratio": lazy / deep, "copy_and_read_ratio": full / deep,
            "copy_again_ratio": cached / deep}


def run() -> dict[str, dict[str, float]]:
    return {"toy": ratio(toy_state(), 2000), "table-sized": ratio(table_sized_state(), 500)}


if __name__ == "__main__":
    for name, figures in run().items():
        print(f"{name:12} deepcopy {figures['deepcopy_us']:7.1f} µs | copy {figures['copy_ratio']:.3f}× | "
              f"copy+read {figures['copy_and_read_ratio']:.3f}× | copy of an unchanged state "
              f"{figures['copy_again_ratio']:.3f}×")
