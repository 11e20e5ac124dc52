"""The double-click bundle against baselines measured in the same run (a benchmark, not a test).

    python3 tests/benchmarks/bundle_size.py              # builds app + hello (packaging/build.py --hello)
    python3 tests/benchmarks/bundle_size.py --no-build   # measures the last build in build/bundle

- size: the app's one-folder bundle and its .tar.gz vs a bare PySide6-Essentials window
  (packaging/hello_world.py) bundled by the same spec with the same slimming (goal ≤ 1.3×);
- start: from process launch to the first shown main window (`--smoke-start`, offscreen, throw-away
  settings), the bundle vs `python -m gui` in the build venv, i.e. the same installed files
  (goal ≤ 1.0×); the hello bundle vs `python hello_world.py` for comparison.

Runs alternate between the sides; medians are reported. The machine is noisy: read the ratios.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOWN = "smoke: first window shown"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def packed_size(folder: Path, work: Path) -> int:
    """The folder as a .tar.gz, packed the way packaging/build.py packs the archive."""
    archive = work / f"{folder.name}.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(folder, arcname=folder.name)
    size = archive.stat().st_size
    archive.unlink()
    return size


def time_to_window(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall seconds from launch to the 'shown' line, and the CPU seconds the child used in all
    (it quits right after showing; CPU time suffers less from the other work on a shared machine)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "QT_QPA_PLATFORM": "offscreen",
           "HOME": tempfile.mkdtemp(), "XDG_CONFIG_HOME": tempfile.mkdtemp(), "XDG_DATA_HOME": tempfile.mkdtemp()}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith(SHOWN):
            elapsed = time.perf_counter() - started
            break
    else:
        raise RuntimeError(f"{command} never showed its window")
    process.wait(timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "bundle")
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--runs", type=int, default=9)
    options = parser.parse_args(argv)
    out = options.out.resolve()
    if not options.no_build:
        subprocess.run([sys.executable, str(ROOT / "packaging" / "build.py"), "--hello", "--out", str(out)],
                       check=True)
    app, hello = out / "dist" / "tablekeeper", out / "dist" / "hello"
    python = out / "venv" / "bin" / "python"
    archive = next(out.glob("tablekeeper-*-linux-*.tar.gz"))
    work = Path(tempfile.mkdtemp())

    sizes = {"app": folder_size(app), "hello": folder_size(hello)}
    packed = {"app": packed_size(app, work), "hello": packed_size(hello, work)}

    commands = {
        "app bundle": [str(app / "tablekeeper"), "--smoke-start"],
        "python -m gui": [str(python), "-m", "gui", "--smoke-start"],
        "hello bundle": [str(hello / "hello"), "--smoke-start"],
        "python hello_world.py": [str(python), str(out / "source" / "packaging" / "hello_world.py"), "--smoke-start"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpu_times: dict[str, list[float]] = {name: [] for name in commands}
    for command in commands.values():  # warm the page cache first
        time_to_window(command, work)
    for _ in range(options.runs):
        for name, command in commands.items():
            wall, cpu = time_to_window(command, work)
            times[name].append(wall)
            cpu_times[name].append(cpu)
    median = {name: statistics.median(values) for name, values in times.items()}
    cpu = {name: statistics.median(values) for name, values in cpu_times.items()}

    def mb(size: int) -> str:
        return f"{size / 1e6:.1f} MB"

    print("| what | app | baseline | ratio | goal |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| one-folder bundle vs hello-world bundle | {mb(sizes['app'])} | {mb(sizes['hello'])} | "
          f"{sizes['app'] / sizes['hello']:.2f}× | ≤ 1.3× |")
    print(f"| bundle folder as .tar.gz vs hello-world's | {mb(packed['app'])} | {mb(packed['hello'])} | "
          f"{packed['app'] / packed['hello']:.2f}× | ≤ 1.3× |")
    print(f"| the release archive ({archive.name}) | {mb(archive.stat().st_size)} | | | |")
    print(f"| start to first window: bundle vs `python -m gui` | {median['app bundle'] * 1000:.0f} ms | "
          f"{median['python -m gui'] * 1000:.0f} ms | {median['app bundle'] / median['python -m gui']:.2f}× | ≤ 1.0× |")
    print(f"| CPU time of that start: bundle vs `python -m gui` | {cpu['app bundle'] * 1000:.0f} ms | "
          f"{cpu['python -m gui'] * 1000:.0f} ms | {cpu['app bundle'] / cpu['python -m gui']:.2f}× | — |")
    print(f"| start to first window: hello bundle vs `python hello_world.py` | "
          f"{median['hello bundle'] * 1000:.0f} ms | {median['python hello_world.py'] * 1000:.0f} ms | "
          f"{median['hello bundle'] / median['python hello_world.py']:.2f}× | — |")
    print(f"({options.runs} runs each, alternating; medians; ranges: " + ", ".join(
        f"{name} {min(v) * 1000:.0f}–{max(v) * 1000:.0f} ms" for name, v in times.items()) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
