"""Build the double-click app: a clean PyInstaller build in its own venv, and the Linux archive.

    python3 packaging/build.py                 # → build/bundle/tablekeeper-VERSION-linux-ARCH.tar.gz
    python3 packaging/build.py --hello         # also the bare PySide6 window (benchmark baseline)

Steps, each from scratch unless told otherwise:
1. stage the sources as a clean checkout has them (`git ls-files`: tracked and new files, never
   ignored ones such as build/, .venv/ or __pycache__/);
2. make a build venv and pip-install the staged project with its `bundle` extra (PyInstaller,
   pinned in pyproject.toml) — PySide6-Essentials only: the build stops if the `pyside6` meta
   package or the Addons came in;
3. run PyInstaller on packaging/tablekeeper.spec (one folder, windowed, slimmed);
4. pack the folder, the desktop entry, the icons (hicolor sizes) and install.sh into a .tar.gz.

Runs with the machine's python3 (3.11+) and needs nothing installed beyond it; the venv needs the
package index (pip). On Windows or macOS, steps 1-3 make the .exe folder or the .app; step 4 is Linux's.
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
FORBIDDEN = ("pyside6", "pyside6-addons")  # the meta package and the Addons (+430 MB, +22 MB bundled)


def log(message: str) -> None:
    print(f"build: {message}", flush=True)


def run(*command: str | Path, **kwargs: object) -> subprocess.CompletedProcess:
    log("+ " + " ".join(str(c) for c in command))
    return subprocess.run([str(c) for c in command], check=True, **kwargs)  # type: ignore[arg-type]


def stage_sources(source: Path, stage: Path) -> None:
    """Copy the files a clean checkout of ``source`` would hold (plus new, not yet committed ones)."""
    if (source / ".git").exists():
        listed = subprocess.run(["git", "-C", str(source), "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard"], check=True, capture_output=True).stdout
        files = [name for name in listed.decode().split("\0") if name]
    else:  # an unpacked source archive: everything but build output and caches
        skip = {"build", "dist", ".venv", "venv", "__pycache__", ".git"}
        files = [str(p.relative_to(source)) for p in source.rglob("*")
                 if p.is_file() and not skip & set(p.relative_to(source).parts)]
    if stage.exists():
        shutil.rmtree(stage)
    for name in files:
        origin = source / name
        if origin.is_file():  # a deleted but still tracked file is not copied
            target = stage / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(origin, target)
    log(f"staged {len(files)} files from {source}")


def make_venv(venv: Path, stage: Path, reuse: bool) -> Path:
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not (reuse and python.exists()):
        if venv.exists():
            shutil.rmtree(venv)
        run(sys.executable, "-m", "venv", venv)
        run(python, "-m", "pip", "install", "-q", "--upgrade", "pip")
    # not editable: the bundle takes the installed copy, with its metadata (the About box's version)
    if reuse:  # the same version number: pip would keep the old copy of the project
        run(python, "-m", "pip", "install", "-q", "--force-reinstall", "--no-deps", f"{stage}")
    # the `online` extra: matrix-nio with vodozemac, for Game ▸ Play Online (loaded lazily: see the spec)
    run(python, "-m", "pip", "install", "-q", f"{stage}[bundle,online]")
    installed = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze"], check=True,
                               capture_output=True, text=True).stdout.lower().split()
    names = {line.split("==")[0].replace("_", "-") for line in installed}
    extra = sorted(names & set(FORBIDDEN))
    if extra:
        raise SystemExit(f"build: the build venv has {', '.join(extra)}: build from PySide6-Essentials only")
    return python


def pyinstaller(python: Path, stage: Path, out: Path, bundle: str = "app") -> Path:
    env = {**os.environ, "TABLEKEEPER_BUNDLE": bundle}
    started = time.monotonic()
    run(python, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--workpath", out / "work", "--distpath", out / "dist", stage / "packaging" / "tablekeeper.spec",
        env=env, cwd=stage)
    log(f"PyInstaller ({bundle}) took {time.monotonic() - started:.0f} s")
    project = tomllib.loads((stage / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return out / "dist" / (project["name"] if bundle == "app" else "hello")


def linux_archive(folder: Path, stage: Path, out: Path, version: str) -> Path:
    """The .tar.gz a player downloads: the app folder, launcher, icons and install script."""
    base = f"tablekeeper-{version}-linux-{platform.machine()}"
    root = out / base
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    shutil.copytree(folder, root / "tablekeeper", symlinks=True)
    linux = stage / "packaging" / "linux"
    for name in ("tablekeeper.desktop", "tablekeeper-mime.xml", "install.sh"):
        shutil.copy2(linux / name, root / name)
    (root / "install.sh").chmod(0o755)
    icons = stage / "resources" / "icons"
    for size in ICON_SIZES:
        target = root / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        target.mkdir(parents=True)
        shutil.copy2(icons / f"tablekeeper-{size}.png", target / "tablekeeper.png")
    scalable = root / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copy2(icons / "tablekeeper.svg", scalable / "tablekeeper.svg")
    (root / "README.txt").write_text(
        "Tablekeeper " + version + "\n\n"
        "Start it: double-click tablekeeper/tablekeeper (or run it from a terminal).\n"
        "Install it in your applications menu: run ./install.sh (no root needed; ./install.sh --uninstall\n"
        "removes it). It needs an X11 or Wayland (XWayland) desktop with the usual X libraries.\n"
        "The shipped Chinese font is Noto Sans CJK TC (SIL Open Font License 1.1):\n"
        "tablekeeper/_internal/resources/fonts/LICENSE-OFL.txt\n", encoding="utf-8")
    archive = out / f"{base}.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(root, arcname=base)
    shutil.rmtree(root)
    return archive


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=ROOT, help="the checkout to build (default: this one)")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "bundle",
                        help="where the venv, the bundle and the archive go (default: build/bundle)")
    parser.add_argument("--reuse-venv", action="store_true",
                        help="keep an existing build venv (faster; the project is reinstalled anyway)")
    parser.add_argument("--hello", action="store_true", help="also build the bare PySide6 window baseline")
    parser.add_argument("--no-archive", action="store_true", help="stop after PyInstaller")
    options = parser.parse_args(argv)

    out = options.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    stage = out / "source"
    stage_sources(options.source.resolve(), stage)
    python = make_venv(out / "venv", stage, options.reuse_venv)
    version = tomllib.loads((stage / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    folder = pyinstaller(python, stage, out)
    log(f"app folder: {folder} ({folder_size(folder) / 1e6:.1f} MB)")
    if options.hello:
        hello = pyinstaller(python, stage, out, "hello")
        log(f"hello folder: {hello} ({folder_size(hello) / 1e6:.1f} MB)")
    if not options.no_archive and sys.platform.startswith("linux"):
        archive = linux_archive(folder, stage, out, version)
        log(f"archive: {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
