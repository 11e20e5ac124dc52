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
from engine.core.game import Game
from engine.core.registry import BUILTIN_GAME_MODULES
from engine.core.rules_game import GAME_HOOKS, RulesGame, answers_itself, module_function
from engine.core.verbs import Verbs

ROOT = Path(__file__).resolve().parents[2]

# The file roles of the template; a game may add modules of its own beside these.
TEMPLATE_MODULES = (
    "info", "game", "context", "commands", "effects", "invariants", "content", "schema", "board",
    "setup", "views", "bot", "vocabulary", "labels", "log", "layout", "presentation", "results",
)

# The hooks of `GAME_HOOKS` every game answers itself: its board, its table, its words and its end.
# Any other hook of the table a game may leave to the core's default (no dice, no rule references,
# one column per seat on the end screen, no answers as numbers).
EVERY_GAME_ANSWERS = (
    "board_layout", "table", "command_touches", "describe_verb", "is_turn_end", "describe_command",
    "describe_prompt", "score_category_name", "describe", "data_schema", "describe_outcome", "progress_plot",
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


def _game_module(package: str, name: str):
    """``package.name``, or None when the game has no such module (only optional roles may lack one)."""
    try:
        return importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.{name}":
            raise
        assert name not in TEMPLATE_MODULES, f"{package} lacks the template module {name}"
        return None


def _parameters(function) -> list[tuple[str, object]]:
    """(name, default) of each parameter but ``self``."""
    return [(p.name, p.default) for p in inspect.signature(function).parameters.values() if p.name != "self"]


@pytest.mark.parametrize("package", BUILTIN_GAME_MODULES)
def test_each_game_answers_the_hooks_of_its_template_modules(package):
    """RulesGame answers each hook of `GAME_HOOKS` by the function of the hook's name in the module
    the table names (core/rules_game.py). That function takes the hook's own parameters (names in
    order, and the hook's defaults), unless game.py overrides the hook, and then the module does not
    define it too (one of the two would never run). The hooks every game describes are answered."""
    game = _rules_game(package)
    unanswered, twice, signatures = [], [], []
    for hook, name in GAME_HOOKS.items():
        module = _game_module(package, name)
        function = getattr(module, hook, None) if module is not None else None
        overridden = hook in vars(game)
        if function is not None and overridden:
            twice.append(f"{hook}: game.py and {name}.py")
        elif function is not None:
            assert module_function(game, hook) is function
            mine, wanted = _parameters(function), _parameters(getattr(Game, hook))
            same = [n for n, _ in mine] == [n for n, _ in wanted] and all(
                default is inspect.Parameter.empty or dict(mine)[n] == default for n, default in wanted)
            if not same:
                signatures.append(f"{name}.{hook}{inspect.signature(function)}")
        elif not overridden and hook in EVERY_GAME_ANSWERS:
            unanswered.append(f"{hook} (in {name}.py)")
    assert unanswered == [], "define these functions, or override the hook in game.py"
    assert twice == []
    assert signatures == [], "take the hook's own parameters (engine/core/game.py)"


@pytest.mark.parametrize("package", BUILTIN_GAME_MODULES)
def test_no_hook_function_lies_where_the_skeleton_does_not_look(package):
    """A function named after a hook of `GAME_HOOKS` but defined in another module of the game is
    never called as the hook, unless the module the table names takes it in (a re-export)."""
    _rules_game(package)
    astray = []
    for path in ROOT.joinpath(*package.split(".")).rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        module = importlib.import_module(name)
        for hook, role in GAME_HOOKS.items():
            function = vars(module).get(hook)
            if not inspect.isfunction(function) or function.__module__ != name or name == f"{package}.{role}":
                continue
            home = _game_module(package, role)
            if home is None or getattr(home, hook, None) is not function:
                astray.append(f"{name}.{hook} (the hook reads {role}.py)")
    assert astray == []


def test_a_hook_falls_back_to_the_core_default():
    """No module (Vindication has no table.py), or None from the module function for an input it
    leaves alone (Dragonbond names only its own score categories), and the core answers."""
    from engine.dragonbond.game import GAME as DRAGONBOND
    from engine.vindication.game import GAME as VINDICATION
    assert module_function(type(VINDICATION), "describe_table") is None
    assert VINDICATION.describe_table({}, "en") == ""
    assert not answers_itself(VINDICATION, "describe_table") and answers_itself(VINDICATION, "table")
    assert answers_itself(DRAGONBOND, "needs_own_view") and answers_itself(DRAGONBOND, "outcome")
    assert DRAGONBOND.score_category_name("power", "zh_TW") == "權力"
    assert DRAGONBOND.score_category_name("secret_quest") == Game.score_category_name(DRAGONBOND, "secret_quest")
    assert DRAGONBOND.describe_verb("place")[0] == "Place a card"
    assert DRAGONBOND.describe_verb("end_turn") == ("End turn", "")
