"""Run every benchmark and print ratios against baselines measured in the same run.

    python tests/benchmarks/run.py

Benchmarks are not tests: nothing here asserts a time. The figures go into the README.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import app_start
import gui_speed
import state_copy
import table_speed


def main() -> None:
    for name, f in state_copy.run().items():
        print(f"state copy ({name}): copy {f['copy_ratio']:.3f}×, copy+first read {f['copy_and_read_ratio']:.3f}×, "
              f"copy of an unchanged state {f['copy_again_ratio']:.3f}× of copy.deepcopy "
              f"({f['deepcopy_us']:.0f} µs) — goal ≤ 0.1×")
    f = app_start.run()
    print(f"app start: {f['app_start_ms']:.0f} ms vs bare QMainWindow {f['bare_start_ms']:.0f} ms "
          f"= {f['start_ratio']:.2f}× — goal ≤ 1.5×")
    print(f"peak memory with the New Game dialog open: {f['dialog_rss_mib']:.1f} MiB vs bare window "
          f"{f['bare_rss_mib']:.1f} MiB = {f['memory_ratio']:.2f}× — goal ≤ 1.5×")
    print("GUI speed and memory (Step 3):")
    print(gui_speed.table(gui_speed.run()))
    print("The table with Nemesis on it (Step 8):")
    print(table_speed.table(table_speed.run()))


if __name__ == "__main__":
    main()
