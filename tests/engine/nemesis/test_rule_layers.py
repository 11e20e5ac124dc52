"""The template's layering (rules/__init__.py): no import knot inside engine/nemesis, counting every
import, those inside functions too, and each rule module imports only rule modules of the layers
below its own, as rules/__init__.py lists them."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import engine.nemesis.rules

PACKAGE = Path(__file__).parents[3] / "engine" / "nemesis"


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
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine.nemesis."):
                base = node.module.removeprefix("engine.nemesis.").split(".")
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


def _layers() -> dict[str, int]:
    """Rule module -> its layer number, read from the numbered list of rules/__init__.py."""
    found: dict[str, int] = {}
    layer = None
    for line in (engine.nemesis.rules.__doc__ or "").splitlines():
        numbered = re.match(r"\s*(\d+)\. ", line)
        if numbered:
            layer = int(numbered.group(1))
        if layer is not None:
            for name in re.findall(r"``(\w+)``", line):
                assert name not in found, f"{name} is listed twice"
                found[name] = layer
    return found


def test_no_nemesis_module_imports_one_that_imports_it():
    edges = _imports()
    assert "rules.places" in edges["rules.moving"]          # the walk sees imports
    assert "rules.holding" in edges["trees"]                # ... inside functions too
    knots = sorted(name for name in edges if name in _reaches(edges, name))
    assert knots == []


def test_each_rule_module_imports_only_the_layers_below_its_own():
    layers = _layers()
    rules = sorted(f.stem for f in (PACKAGE / "rules").glob("*.py") if f.stem != "__init__")
    assert sorted(layers) == rules                          # every rule module in exactly one layer
    upward = [(name, target) for name, targets in _imports().items() if name.startswith("rules.")
              for target in targets if target.startswith("rules.")
              and layers[target.removeprefix("rules.")] >= layers[name.removeprefix("rules.")]]
    assert upward == []
