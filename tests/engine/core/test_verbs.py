"""The verb registry lists legal commands in one order, whoever imports a rule module first."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core.commands import Command
from engine.core.verbs import Verbs

LISTERS = """
import importlib, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
from engine.nemesis.commands import VERBS
print([lister.__qualname__ for lister in VERBS.listers])
"""


def _listers_after_importing(*modules: str) -> str:
    done = subprocess.run([sys.executable, "-c", LISTERS, *modules], capture_output=True,
                          text=True, check=True)
    return done.stdout


def test_nemesis_lists_its_verbs_in_one_order_whatever_is_imported_first():
    usual = _listers_after_importing("engine.nemesis.game")
    assert _listers_after_importing("engine.nemesis.rules.items", "engine.nemesis.game") == usual
    assert _listers_after_importing("engine.nemesis.rules.rooms", "engine.nemesis.rules.items",
                                    "engine.nemesis.game") == usual


def test_listers_are_ranked_by_area_and_keep_their_order_within_one():
    verbs = Verbs("Test", areas=("first", "second"))

    def lister(name: str, module: str):
        def listed(data, seat):
            return [Command(name, seat=seat)]
        listed.__module__ = f"engine.test.{module}"
        return listed

    verbs.verb("c", lister("c", "second"))(lambda ctx, cmd: None)
    verbs.verb("a", lister("a", "first"))(lambda ctx, cmd: None)
    verbs.verb("d", lister("d", "second"))(lambda ctx, cmd: None)
    assert [c.verb for c in verbs.listed(None, 0)] == ["a", "c", "d"]
    with pytest.raises(ValueError, match="not in the verb registry's areas"):
        verbs.verb("e", lister("e", "third"))(lambda ctx, cmd: None)


def test_a_gate_keeps_a_seat_that_may_not_act_to_its_open_areas():
    verbs = Verbs("Test", areas=("turn", "act"))

    def lister(name: str, module: str):
        def listed(data, seat):
            return [Command(name, seat=seat)]
        listed.__module__ = f"engine.test.{module}"
        return listed

    verbs.verb("pass", lister("pass", "turn"))(lambda ctx, cmd: None)
    verbs.verb("move", lister("move", "act"))(lambda ctx, cmd: None)
    verbs.gate(lambda data, seat: data["standing"][seat], always=("turn",))
    data = {"standing": [True, False]}
    assert [c.verb for c in verbs.listed(data, 0)] == ["pass", "move"]
    assert [c.verb for c in verbs.listed(data, 1)] == ["pass"]


def test_nemesis_lists_only_passes_for_a_character_out_of_the_rooms():
    from engine.core import Match
    match = Match.new("nemesis", 2, seed=3, seats=["human"] * 2)
    while match.state.prompt is not None and match.state.prompt.kind == "draft":
        match.apply(match.state.legal()[0])
    seat = match.state.data["turn"]["seat"]
    assert {c.verb for c in match.state.legal()} - {"pass"}
    match.state.data["players"][seat]["where"] = "pod"
    assert {c.verb for c in match.state.legal()} == {"pass"}


LOADED = """
import json, sys
from engine.core.verbs import load_rule_areas
before = {name for name in sys.modules if name.startswith("engine.dragonbond.rules.")}
load_rule_areas("engine.dragonbond.rules")
after = {name for name in sys.modules if name.startswith("engine.dragonbond.rules.")}
print(json.dumps([sorted(before), sorted(after)]))
"""


def test_load_rule_areas_imports_every_module_of_a_rules_package():
    done = subprocess.run([sys.executable, "-c", LOADED], capture_output=True, text=True, check=True)
    before, after = json.loads(done.stdout)
    rules = Path(__file__).parents[3] / "engine" / "dragonbond" / "rules"
    expected = sorted(f"engine.dragonbond.rules.{f.stem}" for f in rules.glob("*.py") if f.stem != "__init__")
    assert before == [] and after == expected
