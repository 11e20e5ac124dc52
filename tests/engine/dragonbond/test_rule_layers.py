"""The template's layering (rules/__init__.py): no import knot inside engine/dragonbond, counting every
import, those inside functions too, so a rule module never imports one that imports it."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parents[3] / "engine" / "dragonbond"


def _imports() -> dict[str, set[str]]:
    """Module -> the modules of the package it imports (a package's own __init__ not counted)."""
    modules = {".".join(f.relative_to(PACKAGE).with_suffix("").parts): f for f in PACKAGE.rglob("*.py")}
    modules = {name.removesuffix(".__init__").removesuffix("__init__"): f for name, f in modules.items()}
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = here[: len(here) - node.level + 1] + ([node.module] if node.module else [])
                targets = [".".join(base)] + [".".join(base + [a.name]) for a in node.names]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine.dragonbond."):
                base = node.module.removeprefix("engine.dragonbond.").split(".")
                targets = [".".join(base)] + [".".join(base + [a.name]) for a in node.names]
            else:
                continue
            edges[name] |= {t for t in targets if t in modules and t != name and modules[t].name != "__init__.py"}
    return edges


def _reaches(edges: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for nxt in edges[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def test_no_dragonbond_module_imports_one_that_imports_it():
    edges = _imports()
    assert "rules.actions" in edges and "rules.card_effects" in edges["rules.actions"]   # the walk sees imports
    knots = sorted(name for name in edges if name in _reaches(edges, name))
    assert knots == []
