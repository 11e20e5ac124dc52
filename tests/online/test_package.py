"""engine/online stands apart: nothing else in the engine imports it, and it imports only the
engine's public faces (engine.core, engine.bots) and the standard library — no Qt, no network
library, but in `matrix.py` (matrix-nio, the optional extra), which nothing imports by statement."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ONLINE = ROOT / "engine" / "online"


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def test_nothing_else_in_the_engine_imports_the_online_package() -> None:
    offenders = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "engine").rglob("*.py")
                       if ONLINE not in path.parents and any(m.startswith("engine.online") for m in _imports(path)))
    assert offenders == []


def test_the_online_package_imports_only_the_engine_core_bots_and_the_standard_library() -> None:
    allowed_engine = {"engine.core", "engine.bots"}
    for path in ONLINE.rglob("*.py"):
        for module in _imports(path):
            top = module.split(".")[0]
            if top == "engine":
                assert module in allowed_engine, f"{path.name} imports {module}"
            elif path.name == "matrix.py" and top == "nio":
                continue  # the Matrix transport, the only module that needs the `online` extra
            else:
                assert top in sys.stdlib_module_names or top == "__future__", f"{path.name} imports {module}"


def test_only_a_lazy_import_by_name_reaches_the_matrix_transport() -> None:
    for path in ROOT.joinpath("engine").rglob("*.py"):
        if path.name != "matrix.py":
            assert not any(m.endswith("online.matrix") for m in _imports(path)), f"{path} imports the matrix module"
    code = "import sys, engine.online; assert 'nio' not in sys.modules and 'engine.online.matrix' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
