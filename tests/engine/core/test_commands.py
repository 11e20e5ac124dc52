"""Command notation: frozen values whose text round-trips."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Command, NotationError, command

names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_@/.+\-]{0,8}", fullmatch=True)
ints = st.integers(min_value=-10**6, max_value=10**6)
atoms = st.one_of(ints, names)
values = st.one_of(atoms, st.lists(atoms, max_size=4).map(tuple))
keys = st.from_regex(r"[a-z_][a-z0-9_]{0,6}", fullmatch=True)
commands = st.builds(
    Command,
    verb=keys,
    args=st.lists(values, max_size=4).map(tuple),
    options=st.dictionaries(keys, values, max_size=3).map(lambda d: tuple(d.items())),
    seat=st.one_of(st.none(), st.integers(min_value=0, max_value=9)),
)


@given(commands)
def test_notation_round_trips(cmd):
    assert Command.parse(str(cmd)) == cmd
    assert hash(Command.parse(str(cmd))) == hash(cmd)


def test_notation_reads_like_the_specs():
    cmd = Command.parse("2: move T25,T13,T14 extension=1 dilute=none")
    assert cmd == command("move", ("T25", "T13", "T14"), seat=2, dilute="none", extension=1)
    assert str(cmd) == "2: move T25,T13,T14 dilute=none extension=1"


def test_one_item_and_empty_lists_are_distinct_from_plain_values():
    assert Command.parse("pay V03,").args == (("V03",),)
    assert Command.parse("pay -").args == ((),)
    assert Command.parse("pay V03").args == ("V03",)
    assert Command.parse("roll 3").args == (3,)


def test_options_are_order_independent():
    assert Command.parse("a x=1 y=2") == Command.parse("a y=2 x=1")


@pytest.mark.parametrize("text", ["", "   ", "Move T1", "move T1 x=1 T2", "move ,,", "move 3abc",
                                  "move x=1 x=2", "move T1=", "move A,,B"])
def test_bad_notation_is_refused_with_a_clear_error(text):
    with pytest.raises(NotationError):
        Command.parse(text)


@pytest.mark.parametrize("bad", [True, 1.5, "3", "has space", None, ["T1"]])
def test_values_that_cannot_round_trip_are_refused(bad):
    with pytest.raises(NotationError):
        Command("move", (bad,))


def test_commands_are_frozen():
    cmd = command("pass", seat=0)
    with pytest.raises(AttributeError):
        cmd.verb = "move"  # type: ignore[misc]


@pytest.mark.parametrize("bad", [
    ("move", (True,), (), 0), ("move", ((True,),), (), 0), ("move", ("T1",), (("x", True),), 0),
    ("move", ("T1",), (("x", ("T1", 1.5)),), 0), ("move", ("T1",), (("x", 1), ("x", 2)), 0),
    ("move", ("T1",), (("Bad", 1),), 0), ("move", ("T1",), (), True), ("move", ("T1",), (), -1),
    ("Move", ("T1",), (), 0),
])
def test_words_already_seen_do_not_let_a_bad_command_through(bad):
    """Commands built from remembered words skip the pattern checks, never the type, seat and
    duplicate-option checks: a bool is not an int, a seat is not True, an option comes once."""
    Command("move", ("T1", ("T1", 1)), (("x", 1), ("y", ("T1",))), 0)   # every word now remembered
    with pytest.raises(NotationError):
        Command(*bad)


def test_options_are_kept_sorted_however_the_command_is_built():
    built = Command("move", ("T1",), (("y", 2), ("x", ("T1", 3))), 1)
    assert built.options == (("x", ("T1", 3)), ("y", 2))
    assert built == Command.parse("1: move T1 x=T1,3 y=2")


@pytest.mark.parametrize(("text", "message"), [
    ("0: recover " + "9" * 5000, "at most 4000 characters"),
    ("0: answer " + "9" * 10, "has at most 9 digits"),
    ("0: answer -" + "9" * 10, "has at most 9 digits"),
    ("0: card x pay=" + "9" * 12, "has at most 9 digits"),
    ("0: card " + "a" * 300, "a name has at most 256 characters"),
    ("0: card " + ",".join(["a"] * 65), "at most 64 items"),
    ("123: pass", "seat 123 does not exist"),
    ("x" * 300, "is not a command name"),
])
def test_hostile_sizes_are_refused_with_a_clear_error(text, message):
    with pytest.raises(NotationError, match=message):
        Command.parse(text)


def test_the_largest_numbers_still_round_trip():
    cmd = Command.parse("0: x 999999999 -999999999 y=" + ",".join(["a"] * 64))
    assert Command.parse(str(cmd)) == cmd


@pytest.mark.parametrize("bad", [
    ("x", (10**9,), (), 0), ("x", ((1, -10**9),), (), 0), ("x", ("a" * 257,), (), 0),
    ("x", (tuple(range(65)),), (), 0), ("x", (), (), 100),
    ("x", ("a",) * 65, (), 0), ("x", (1,) * 65, (), 0),     # too many arguments, every one known
    ("x", (), tuple((f"k{n}", 1) for n in range(65)), 0),   # too many options, every key known
])
def test_commands_built_in_python_have_the_same_limits(bad):
    Command("x", (1, ("a",)), (), 0)                        # the words are remembered: fast path
    Command("x", (), tuple((f"k{n}", 1) for n in range(64)), 0)
    Command("x", (), (("k64", 1),), 0)
    with pytest.raises(NotationError):
        Command(*bad)


def test_the_memory_of_checked_names_is_bounded_by_characters(monkeypatch):
    from engine.core import commands as module
    monkeypatch.setattr(module, "_valid_names", set())
    monkeypatch.setattr(module, "_remembered_chars", 0)
    monkeypatch.setattr(module, "_MEMORY_CHARS", 10_000)
    for n in range(1_000):
        Command("x", (f"n{n:03d}" + "a" * 250,))
    assert sum(map(len, module._valid_names)) <= 10_000
    assert len(module._valid_names) < 1_000
