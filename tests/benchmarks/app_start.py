"""App start and memory against a bare Qt window, measured in the same run.

- start: from process launch to the first shown main window (the event loop's first turn after
  `show()`), for `gui.app.main` vs a bare `QApplication` + `QMainWindow` (goal ≤ 1.5×);
- memory: peak resident size with the New Game dialog open vs the bare window (goal ≤ 1.5×).

Each side runs in fresh processes (offscreen, a throw-away settings folder); medians are reported.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BARE = """
import resource, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
window = QMainWindow()
window.show()
def shown():
    print("shown", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
    app.quit()
QTimer.singleShot(0, shown)
app.exec()
"""

APP = """
import resource, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv)
def shown():
    window = next(w for w in app.topLevelWidgets() if w.inherits("QMainWindow") and w.isVisible())
    print("shown", flush=True)
    if "--dialog" in sys.argv:
        dialog = window.create_new_game_dialog()
        dialog.show()
        app.processEvents()
        print("rss", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, flush=True)
        dialog.close()
    app.quit()
QTimer.singleShot(0, shown)
import gui.app
sys.exit(gui.app.main([]))
"""


def run_child(code: str, *args: str) -> tuple[float, int | None]:
    """Seconds from launch to the 'shown' line, and the peak RSS (KiB) the child reported."""
    # throw-away settings and data folders: a real autosave would make the app ask to resume
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": tempfile.mkdtemp(),
           "XDG_DATA_HOME": tempfile.mkdtemp(), "TABLEKEEPER_GAMES": "tests.toygame"}
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None
    shown_at, rss = None, None
    for line in child.stdout:
        if line.startswith("shown") and shown_at is None:
            shown_at = time.perf_counter() - start
            parts = line.split()
            rss = int(parts[1]) if len(parts) > 1 else rss
        elif line.startswith("rss"):
            rss = int(line.split()[1])
    child.wait(timeout=60)
    if shown_at is None or child.returncode != 0:
        raise RuntimeError(f"child failed ({child.returncode}): {child.stderr.read() if child.stderr else ''}")
    return shown_at, rss


def run(repeats: int = 7) -> dict[str, float]:
    run_child(BARE)
    run_child(APP)  # warm the file cache for both sides
    bare = [run_child(BARE) for _ in range(repeats)]
    app = [run_child(APP) for _ in range(repeats)]
    dialog = [run_child(APP, "--dialog") for _ in range(3)]
    bare_start = statistics.median(t for t, _ in bare)
    app_start = statistics.median(t for t, _ in app)
    bare_rss = statistics.median(r for _, r in bare if r)
    dialog_rss = statistics.median(r for _, r in dialog if r)
    return {"bare_start_ms": bare_start * 1000, "app_start_ms": app_start * 1000,
            "start_ratio": app_start / bare_start, "bare_rss_mib": bare_rss / 1024,
            "dialog_rss_mib": dialog_rss / 1024, "memory_ratio": dialog_rss / bare_rss}


if __name__ == "__main__":
    f = run()
    print(f"start:  app {f['app_start_ms']:.0f} ms vs bare window {f['bare_start_ms']:.0f} ms "
          f"= {f['start_ratio']:.2f}× (goal ≤ 1.5×)")
    print(f"memory: app with New Game dialog {f['dialog_rss_mib']:.1f} MiB vs bare window "
          f"{f['bare_rss_mib']:.1f} MiB = {f['memory_ratio']:.2f}× (goal ≤ 1.5×)")
