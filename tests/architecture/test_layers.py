"""One-way layers: the engine knows nothing of Qt or the GUI; in the GUI only the controller
talks to the engine; the engine draws randomness only from its seeded generator."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BLOCK_QT = r"""
import importlib.abc, pkgutil, sys
BLOCKED = ("PySide6", "shiboken6", "pyqtgraph", "gui")
class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"engine imported {name}")
sys.meta_path.insert(0, Blocker())
import engine
for info in pkgutil.walk_packages(engine.__path__, "engine."):
    if not info.name.endswith("__main__"):
        __import__(info.name)
loaded = sorted(m for m in sys.modules if m.startswith("engine"))
print(len(loaded), "engine modules imported without Qt")
"""


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def test_engine_imports_with_qt_blocked():
    result = subprocess.run([sys.executable, "-c", BLOCK_QT], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "engine modules imported without Qt" in result.stdout
    assert int(result.stdout.split()[0]) >= 10


def test_engine_source_never_names_qt_or_the_gui():
    offenders = {
        str(path.relative_to(ROOT)): sorted(m for m in imports_of(path)
                                            if m.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph", "gui"))
        for path in (ROOT / "engine").rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_only_the_gui_controller_imports_the_engine():
    gui = ROOT / "gui"
    offenders = {
        str(path.relative_to(ROOT)): sorted(m for m in imports_of(path) if m.split(".")[0] == "engine")
        for path in gui.rglob("*.py")
        if "controller" not in path.relative_to(gui).parts
    }
    assert {k: v for k, v in offenders.items() if v} == {}
    controller = [p for p in (gui / "controller").rglob("*.py") if any(
        m.split(".")[0] == "engine" for m in imports_of(p))]
    assert controller, "the controller is where the GUI meets the engine"


def test_engine_has_no_module_level_random():
    """Every draw comes from the game's seeded Rng, so saves replay exactly."""
    offenders = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.py")
                       if {"random", "numpy.random"} & imports_of(p))
    assert offenders == []
