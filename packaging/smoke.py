"""Smoke check of the double-click app: build it, then prove the bundle really runs.

    python3 packaging/smoke.py                       # build (packaging/build.py), then check
    python3 packaging/smoke.py --no-build            # check the last build in build/bundle

Checks, in order (each prints "check: … ok" or "check: … FAILED: why"; exit code 1 if any failed):
1. the archive holds the app folder, the desktop entry, the icons in every size and install.sh;
2. ldd finds every library of every .so in the bundle (with only the bundle's own folder added);
3. offscreen, with no environment but QT_QPA_PLATFORM (`env -i`: no Python on PATH, no HOME), the
   app plays a short Vindication game against the computer (`--smoke`), saves, draws the end
   screen's chart (pyqtgraph) and exits 0; it shows the version from the package metadata (the
   About box's); the save loads with the engine of the build venv (`python -m engine show`);
4. the same in Traditional Chinese on a machine without CJK fonts (fontconfig limited to DejaVu):
   the app's own font must show the glyphs;
5. a real X11 window under Xvfb (`env -i DISPLAY=… QT_QPA_PLATFORM=xcb`), in Chinese, and a
   screenshot of the X screen taken from outside the app (build/bundle/smoke/xvfb.png); again with
   fontconfig limited to DejaVu (xvfb-no-cjk-fonts.png: the glyphs come from the app's font);
6. online play's libraries, offline and with no environment (`tablekeeper --smoke-online DIR`,
   packaging/online_smoke.py): engine.online.matrix loads as the app loads it at sign-in, nio
   creates the device's Olm account (vodozemac) in a SQLite store (peewee) and reads it back, an
   Olm message between two accounts decrypts, nio's JSON schemas check a reply, and OpenSSL finds
   CA certificates;
7. install.sh into a throw-away HOME puts the launcher, icons and command where desktops look.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
NO_CJK_FONTS = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>/usr/share/fonts/truetype/dejavu</dir>
  <cachedir>{cache}</cachedir>
</fontconfig>
"""
GRAB = """
import sys
from PySide6.QtGui import QGuiApplication
app = QGuiApplication(sys.argv[:1])
ok = app.primaryScreen().grabWindow(0).save(sys.argv[1])
print("grabbed" if ok else "grab failed", flush=True)
sys.exit(0 if ok else 1)
"""

failures: list[str] = []


def check(name: str, ok: bool, detail: str = "") -> bool:
    print(f"check: {name} {'ok' if ok else 'FAILED'}{': ' + detail if detail else ''}", flush=True)
    if not ok:
        failures.append(name)
    return ok


def run_app(app: Path, args: list[str], env: dict[str, str], timeout: float = 180) -> subprocess.CompletedProcess:
    """The bundle with exactly ``env`` (what `env -i VAR=… app` gives)."""
    return subprocess.run([str(app), *args], env=env, capture_output=True, text=True, timeout=timeout)


def check_archive(archive: Path) -> None:
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
    base = archive.name.removesuffix(".tar.gz")
    wanted = [f"{base}/tablekeeper/tablekeeper", f"{base}/tablekeeper.desktop", f"{base}/install.sh",
              f"{base}/tablekeeper-mime.xml", f"{base}/icons/hicolor/scalable/apps/tablekeeper.svg",
              *(f"{base}/icons/hicolor/{s}x{s}/apps/tablekeeper.png" for s in ICON_SIZES)]
    missing = [name for name in wanted if name not in names]
    check("archive contents", not missing, f"missing {missing}" if missing else f"{len(names)} entries")


def check_ldd(folder: Path) -> None:
    internal = folder / "_internal"
    libraries = [p for p in internal.rglob("*.so*") if p.is_file() and not p.is_symlink()]
    missing: set[str] = set()
    for library in [folder / folder.name, *libraries]:
        result = subprocess.run(["ldd", str(library)], capture_output=True, text=True,
                                env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LD_LIBRARY_PATH": str(internal)})
        missing.update(f"{library.name}: {line.strip()}" for line in result.stdout.splitlines() if "not found" in line)
    check("ldd finds every library", not missing,
          "; ".join(sorted(missing)[:10]) if missing else f"{len(libraries)} libraries")


def check_play(app: Path, venv_python: Path, work: Path, name: str, env: dict[str, str],
               extra: list[str] = (), needs: tuple[str, ...] = ()) -> bool:
    save = work / f"{name}.tksave"
    result = run_app(app, ["--smoke", str(save), *extra], env)
    (work / f"{name}.log").write_text(result.stdout + result.stderr, encoding="utf-8")
    lines = [line for line in result.stdout.splitlines() if line.startswith("smoke:")]
    ok = result.returncode == 0 and "smoke: ok" in lines and save.is_file()
    detail = f"exit {result.returncode}; " + (lines[-2] if len(lines) > 1 else (result.stderr or "no output")[-400:])
    for text in needs:
        if not any(text in line for line in lines):
            ok, detail = False, f"no line with {text!r} ({work / (name + '.log')})"
    if not check(f"{name}: play, save, quit", ok, detail):
        return False
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TABLEKEEPER_GAMES")}  # the real games
    shown = subprocess.run([str(venv_python), "-m", "engine", "show", str(save)], capture_output=True, text=True,
                           env=env, cwd=work)
    return check(f"{name}: the save loads with the engine", shown.returncode == 0,
                 (shown.stdout.splitlines() or [""])[0][:100] if shown.returncode == 0 else shown.stderr[-300:])


def check_online(app: Path, work: Path) -> None:
    """Online play's libraries in the bundle, offline (`tablekeeper --smoke-online DIR`, see
    packaging/online_smoke.py): engine.online.matrix loads as the app loads it, an Olm account is
    created (vodozemac) and stored (peewee/SQLite), an Olm message decrypts, nio's schemas check."""
    store = work / "online-store"
    result = run_app(app, ["--smoke-online", str(store)], {}, timeout=120)  # no environment at all
    (work / "online.log").write_text(result.stdout + result.stderr, encoding="utf-8")
    lines = [line for line in result.stdout.splitlines() if line.startswith("online:")]
    ok = result.returncode == 0 and "online: ok" in lines and any("Olm account created" in line for line in lines)
    detail = next((line for line in lines if "Olm account created" in line), "") if ok else \
        f"exit {result.returncode}; " + " | ".join(lines[-3:] or [result.stderr[-400:]])
    check("online: engine.online.matrix loads, Olm account created offline", ok, detail)


def start_xvfb() -> tuple[subprocess.Popen, str]:
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        raise RuntimeError("Xvfb did not start")
    return server, f":{number}"


def check_xvfb(app: Path, venv_python: Path, work: Path, name: str = "xvfb",
               extra_env: dict[str, str] | None = None, needs: tuple[str, ...] = ()) -> None:
    if not shutil.which("Xvfb"):
        check("Xvfb window", False, "Xvfb is not installed (apt-get install xvfb, see packaging/apt-packages.txt)")
        return
    server, display = start_xvfb()
    screenshot = work / f"{name}.png"
    try:
        save = work / f"{name}.tksave"
        env = {"DISPLAY": display, "QT_QPA_PLATFORM": "xcb", **(extra_env or {})}
        process = subprocess.Popen([str(app), "--smoke", str(save), "--smoke-language", "zh_TW",
                                    "--smoke-hold", "4000"], env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True)
        lines: list[str] = []
        grabbed = ""
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip())
            if "reloaded to the same position" in line:  # the game is on screen for 4 s now
                time.sleep(0.5)
                grab = subprocess.run([str(venv_python), "-c", GRAB, str(screenshot)], capture_output=True,
                                      text=True, env={"DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}, timeout=60)
                grabbed = (grab.stdout + grab.stderr).strip()
        code = process.wait(timeout=180)
        (work / f"{name}.log").write_text("\n".join(lines), encoding="utf-8")
        smoke = [line for line in lines if line.startswith("smoke:")]
        missing = [text for text in needs if not any(text in line for line in smoke)]
        check(f"{name}: a real X11 window plays, saves, quits", code == 0 and "smoke: ok" in smoke and not missing,
              f"exit {code}; " + next((line for line in smoke if " font " in line), str(lines[-5:]))
              + (f"; no {missing}" if missing else ""))
        check(f"{name}: screenshot of the X screen", screenshot.is_file() and screenshot.stat().st_size > 10_000,
              f"{screenshot} ({grabbed})")
    finally:
        server.terminate()
        server.wait(timeout=10)


def check_install(archive: Path, work: Path) -> None:
    home = work / "home"
    unpacked = work / "unpacked"
    shutil.rmtree(home, ignore_errors=True)
    shutil.rmtree(unpacked, ignore_errors=True)
    with tarfile.open(archive) as tar:
        tar.extractall(unpacked, filter="tar")
    script = next(unpacked.glob("*/install.sh"))
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    result = subprocess.run(["sh", str(script)], env=env, capture_output=True, text=True)
    data = home / ".local" / "share"
    desktop = data / "applications" / "tablekeeper.desktop"
    wanted = [home / ".local" / "bin" / "tablekeeper", desktop, data / "tablekeeper" / "tablekeeper",
              data / "mime" / "packages" / "tablekeeper.xml",
              *(data / "icons" / "hicolor" / f"{s}x{s}" / "apps" / "tablekeeper.png" for s in ICON_SIZES)]
    missing = [str(p.relative_to(home)) for p in wanted if not p.exists()]
    exec_line = next((line for line in desktop.read_text().splitlines() if line.startswith("Exec=")), "") \
        if desktop.exists() else ""
    ok = result.returncode == 0 and not missing and str(data / "tablekeeper" / "tablekeeper") in exec_line
    check("install.sh into ~/.local", ok, f"missing {missing}; {result.stderr[-300:]}" if not ok else exec_line)
    removed = subprocess.run(["sh", str(script), "--uninstall"], env=env, capture_output=True, text=True)
    check("install.sh --uninstall", removed.returncode == 0 and not desktop.exists()
          and not (home / ".local" / "bin" / "tablekeeper").exists(), removed.stderr[-300:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "bundle", help="build/bundle by default")
    parser.add_argument("--no-build", action="store_true", help="check the bundle already in --out")
    parser.add_argument("--reuse-venv", action="store_true", help="passed to build.py")
    options = parser.parse_args(argv)
    out = options.out.resolve()
    if not options.no_build:
        command = [sys.executable, str(ROOT / "packaging" / "build.py"), "--out", str(out)]
        subprocess.run(command + (["--reuse-venv"] if options.reuse_venv else []), check=True)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    folder = out / "dist" / project["name"]
    app = folder / project["name"]
    venv_python = out / "venv" / "bin" / "python"
    archives = sorted(out.glob(f"tablekeeper-{project['version']}-linux-*.tar.gz"))
    if not check("bundle built", app.is_file() and bool(archives), f"{app}"):
        return 1
    work = out / "smoke"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()

    check_archive(archives[-1])
    check_ldd(folder)
    check_play(app, venv_python, work, "offscreen", {"QT_QPA_PLATFORM": "offscreen"},
               needs=(f"version {project['version']}",  # the About box's version: metadata shipped
                      "app icon: drawn, sizes [16, 24, 32, 48, 64, 128, 256]",
                      "plot drawn with pyqtgraph"))  # lazily imported pyqtgraph, numpy, QtOpenGL
    check_online(app, work)
    bundled_font = "(bundled, Noto Sans CJK TC): has the glyphs"
    with tempfile.TemporaryDirectory() as cache:
        fonts_conf = work / "fonts-without-cjk.conf"
        fonts_conf.write_text(NO_CJK_FONTS.format(cache=cache), encoding="utf-8")
        check_play(app, venv_python, work, "offscreen-zh_TW-no-cjk-fonts",
                   {"QT_QPA_PLATFORM": "offscreen", "FONTCONFIG_FILE": str(fonts_conf)},
                   ["--smoke-language", "zh_TW", "--smoke-screenshot", str(work / "no-cjk-fonts.png")],
                   needs=(bundled_font,))
        check_xvfb(app, venv_python, work)
        check_xvfb(app, venv_python, work, "xvfb-no-cjk-fonts", {"FONTCONFIG_FILE": str(fonts_conf)},
                   needs=(bundled_font,))
    check_install(archives[-1], work)
    print(f"smoke check: {'FAILED: ' + ', '.join(failures) if failures else 'all passed'} "
          f"(logs and screenshots in {work})", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
