"""pyqtgraph costs ~250 ms to import: no gui module may import it at module level.
(tests/architecture checks that only gui.controller imports engine.)"""
from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parents[2] / "gui"
HEAVY = ("pyqtgraph", "numpy")


def test_no_module_level_import_of_heavy_libraries() -> None:
    for path in GUI.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:  # only top-level statements run at import time
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] in HEAVY for n in names), path


def test_dialogs_are_imported_when_first_opened() -> None:
    tree = ast.parse((GUI / "main_window.py").read_text(encoding="utf-8"))
    top = {node.module for node in tree.body if isinstance(node, ast.ImportFrom)}
    assert "gui.widgets.new_game_dialog" not in top
    assert "gui.widgets.plots" not in top
