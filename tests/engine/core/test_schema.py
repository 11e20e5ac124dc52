"""The schema vocabulary for plain data: every misfit is found with its path and what was expected."""
from __future__ import annotations

import pytest

from engine.core.schema import (
    MAX_PROBLEMS,
    Bool,
    Const,
    Int,
    ListOf,
    MapOf,
    Nullable,
    OneOf,
    Record,
    Str,
    Tagged,
    Tuple,
    Where,
    check,
)

PLAYER = Record({"seat": Int(0, 3), "hand": ListOf(Str({"a", "b", "c"}), max_len=2, unique=True)},
                optional={"name": Nullable(Str())})


@pytest.mark.parametrize(("value", "path", "message"), [
    ({"seat": 4, "hand": []}, ("seat",), "expected an int from 0 to 3, not 4"),
    ({"seat": True, "hand": []}, ("seat",), "expected an int from 0 to 3, not true"),
    ({"seat": 1, "hand": ["d"]}, ("hand", 0), "'d' is not one of a, b, c"),
    ({"seat": 1, "hand": ["a", "a"]}, ("hand", 1), "'a' appears twice in the list"),
    ({"seat": 1, "hand": ["a", "b", "c"]}, ("hand",),
     "expected a list of at most 2 (one of a, b, c), not a list of 3"),
    ({"hand": []}, (), "the field 'seat' is missing (an int from 0 to 3)"),
    ({"seat": 1, "hand": [], "x": 1}, ("x",), "unknown field 'x' (known: hand, name, seat)"),
    ({"seat": 1, "hand": [], "name": 5}, ("name",), "expected a string, not 5"),
    ([1], (), "expected a mapping, not a list of 1"),
])
def test_a_misfit_names_its_path_and_what_was_expected(value, path, message):
    problems = check(PLAYER, value)
    assert [(p.path, p.message) for p in problems] == [(path, message)]


def test_a_fitting_value_has_no_problems():
    assert check(PLAYER, {"seat": 3, "hand": ["c", "a"], "name": None}) == []


def test_maps_tuples_constants_and_rules():
    schema = Record({
        "board": MapOf(Str({"a1", "a2"}), Nullable(Int(1, 6)), complete=True),
        "rng": Tuple(Int(0), Int(0)), "mode": Const("versus"), "flag": OneOf(Bool(), Int(0, 1)),
        "even": Where(Int(), lambda n: n % 2 == 0, "an even number"),
    })
    good = {"board": {"a1": None, "a2": 3}, "rng": [1, 2], "mode": "versus", "flag": 1, "even": 4}
    assert check(schema, good) == []
    bad = {"board": {"a1": 9}, "rng": [1], "mode": "solo", "flag": 2, "even": 3}
    assert {(p.path, p.message) for p in check(schema, bad)} == {
        (("board", "a1"), "expected an int from 1 to 6, not 9"),
        (("board",), "the key 'a2' is missing (one of a1, a2)"),
        (("rng",), "expected a list of 2 (an int of at least 0, an int of at least 0), not a list of 1"),
        (("mode",), "expected 'versus', not 'solo'"),
        (("flag",), "expected true or false or an int from 0 to 1, not 2"),
        (("even",), "3 breaks the rule: an even number"),
    }


def test_a_tagged_mapping_is_checked_by_the_shape_its_tag_names():
    step = Tagged("kind", {"move": Record({"kind": Const("move"), "to": Str()}),
                           "wait": Record({"kind": Const("wait")})}, what="a step")
    assert check(step, {"kind": "move", "to": "R1"}) == []
    assert [str(p) for p in check(step, {"kind": "wait", "to": "R1"})] == \
        ["to: unknown field 'to' (known: kind)"]
    assert [str(p) for p in check(step, {"kind": "fly"})] == ["kind: 'fly' is not a known kind (move, wait)"]
    assert [str(p) for p in check(step, {"to": "R1"})] == ["the field 'kind' is missing (a step)"]


def test_a_badly_damaged_value_stops_at_a_readable_number_of_problems():
    problems = check(ListOf(Int(0, 1)), list(range(10, 1000)))
    assert len(problems) == MAX_PROBLEMS
