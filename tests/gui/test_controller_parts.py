"""The controller's parts: each module says its one job in its docstring, and the parts import
one another one way only (no cycle, counting imports made only for type checking), so the session
façade composes them and none of them reaches back to it."""
from __future__ import annotations

import ast
from pathlib import Path

CONTROLLER = Path(__file__).resolve().parents[2] / "gui" / "controller"


def _modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(CONTROLLER.glob("*.py"))
            if path.stem != "__init__"}


def _imports(tree: ast.Module) -> set[str]:
    """The controller modules ``tree`` imports (``from .x import …`` and ``from . import x``)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("gui.controller."):
            found.add((node.module or "").split(".")[2])
    return found


def test_each_part_says_its_job() -> None:
    missing = [name for name, tree in _modules().items() if len((ast.get_docstring(tree) or "").split()) < 8]
    assert not missing, missing


def test_the_parts_import_one_way() -> None:
    graph = {name: _imports(tree) for name, tree in _modules().items()}
    assert graph["session"] >= {"match_control", "view_cache", "handover", "interactions", "bot_scheduling",
                                "autosave", "steps", "offers", "descriptions", "files"}
    # online.py builds on the façade (an `OnlineSession` is a `GameSession` whose match is an online
    # table's mirror): a layer above it, like the widgets, not one of its parts. Its own parts
    # (the account calls, the table, the mirror) stand beside the session's and reach neither
    # the façade nor online.py; no part of the session's reaches any of them.
    online_parts = {"online_calls", "online_table", "mirror"}
    assert graph["online"] >= {"session", *online_parts}
    assert not any("session" in imported for name, imported in graph.items() if name != "online")
    assert not any("online" in imported for imported in graph.values())
    assert not any(imported & online_parts for name, imported in graph.items()
                   if name not in online_parts | {"online"})
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " → ".join((*path, name))
        if name in done:
            return
        for imported in graph.get(name, ()):
            visit(imported, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())
