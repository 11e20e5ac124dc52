"""Every built-in game has the same shape (ARCHITECTURE.md, "The game template"), and nothing inside
`engine/` imports in a circle.

Knowing one game teaches the others only if each keeps the same file roles, registers its verbs
the same way, runs its card effects on the one core interpreter and checks its invariants in one
place. The import graph counts imports inside functions and under TYPE_CHECKING too: a deferred
import is still a knot, only hidden from the interpreter.
"""
from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from engine.core.effects import EffectInterpreter
from engine.core.registry import BUILTIN_GAME_MODULES
from engine.core.rules_game import RulesGame
from engine.core.verbs import Verbs

ROOT = Path(__file__).resolve().parents[2]

# The file roles of the template; a game may add modules of its own beside these.
TEMPLATE_MODULES = (
    "info", "game", "context", "commands", "effects", "invariants", "content", "schema", "board",
    "setup", "views", "bot", "vocabulary", "labels", "log", "layout", "presentation", "results",
)


def engine_import_graph() -> dict[str, set[str]]:
    """Module -> the engine modules it imports anywhere in its source (packages' own
    ``__init__`` re-exports left out, as they only gather names)."""
    modules: dict[str, Path] = {}
    packages: set[str] = set()
    for path in (ROOT / "engine").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
            packages.add(".".join(parts))
        modules[".".join(parts)] = path
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
            graph[name] |= {t for t in targets if t in modules and t != name and t not in packages}
    return graph


def knots(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_knot_finder_finds_a_knot():
    assert knots({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert knots({"a": {"b"}, "b": set()}) == []


def test_nothing_inside_the_engine_imports_in_a_circle():
    assert knots(engine_import_graph()) == []


@pytest.mark.parametrize("package", BUILTIN_GAME_MODULES)
def test_each_game_has_the_template_files(package):
    folder = ROOT.joinpath(*package.split("."))
    missing = [name for name in TEMPLATE_MODULES if not (folder / f"{name}.py").is_file()]
    assert missing == []
    assert (folder / "rules" / "__init__.py").is_file(), "rule areas live in rules/"
    assert (folder / "rules" / "__init__.py").read_text(encoding="utf-8").strip(), \
        "rules/__init__.py names the layers of the rule areas"


@pytest.mark.parametrize("package", BUILTIN_GAME_MODULES)
def test_each_game_registers_verbs_on_the_core_registry_from_its_rule_areas(package):
    commands = importlib.import_module(f"{package}.commands")
    importlib.import_module(f"{package}.game")
    verbs = [value for value in vars(commands).values() if isinstance(value, Verbs)]
    assert len(verbs) == 1, "one verb registry per game, in commands.py"
    registry = verbs[0]
    assert registry.handlers, "the rule areas registered their verbs"
    assert registry.areas, "the order of the legal list is fixed by the rule areas, not by imports"
    owners = {handler.__module__.rsplit(".", 1)[-1] for handler in registry.handlers.values()}
    assert owners <= set(registry.areas)


@pytest.mark.parametrize("package", BUILTIN_GAME_MODULES)
def test_each_game_runs_its_effects_on_one_core_interpreter(package):
    """One EffectInterpreter per game, in effects.py; no module of the game defines an interpreter
    class of its own (a game adds primitives, never a second interpreter)."""
    importlib.import_module(f"{package}.game")
    effects = importlib.import_module(f"{package}.effects")
    mine = [value for value in vars(effects).values() if isinstance(value, EffectInterpreter)]
    assert len(mine) == 1
    elsewhere = []
    for path in ROOT.joinpath(*package.split(".")).rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, EffectInterpreter) and value is not mine[0]:
                elsewhere.append(name)
            if inspect.isclass(value) and value.__module__ == name and "Interpreter" in value.__name__:
                elsewhere.append(f"{name}.{value.__name__}")
    assert elsewhere == []


def _rules_game(package: str) -> type[RulesGame]:
    game_module = importlib.import_module(f"{package}.game")
    found = [value for value in vars(game_module).values()
             if inspect.isclass(value) and value.__module__ == game_module.__name__
             and issubclass(value, RulesGame)]
    assert len(found) == 1, "game.py holds one RulesGame subclass"
    return found[0]


@pytest.mark.parametrize("package", BUILTIN_GAME_MODULES)
def test_each_game_is_a_rules_game_wired_to_its_template_modules(package):
    """game.py names its parts; the skeleton (core/rules_game.py) does the rest the same way."""
    game = _rules_game(package)
    assert game.check_invariants is importlib.import_module(f"{package}.invariants").check_invariants
    assert game.VERBS is importlib.import_module(f"{package}.commands").VERBS
    effects = importlib.import_module(f"{package}.effects")
    assert any(game.interpreter is value for value in vars(effects).values())
    assert game.context_class is importlib.import_module(f"{package}.context").Ctx


@pytest.mark.parametrize("package", BUILTIN_GAME_MODULES)
def test_each_rule_module_imports_only_rule_modules_listed_before_its_own(package):
    """`rules.LAYERS` orders the rule areas bottom first; an area may use what is listed before it
    (a lower layer, or earlier in its own) and nothing after it, not even inside a function."""
    rules = importlib.import_module(f"{package}.rules")
    order = [area for layer in rules.LAYERS for area in layer]
    folder = ROOT.joinpath(*package.split("."), "rules")
    assert sorted(order) == sorted(path.stem for path in folder.glob("*.py") if path.stem != "__init__"), \
        "every rule module stands in exactly one layer"
    rank = {f"{package}.rules.{area}": index for index, area in enumerate(order)}
    graph = engine_import_graph()
    upward = sorted((module, target) for module in rank for target in graph[module]
                    if target in rank and rank[target] >= rank[module])
    assert upward == []


def test_the_import_graph_sees_imports_at_the_top_and_inside_functions():
    graph = engine_import_graph()
    assert "engine.nemesis.rules.places" in graph["engine.nemesis.rules.moving"]       # at the top
    assert "engine.dragonbond.rules.combat" in graph["engine.dragonbond.bot"]          # in a function
