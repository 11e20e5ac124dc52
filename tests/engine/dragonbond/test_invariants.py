"""The invariants the soak games check after every command notice each kind of broken state."""
from __future__ import annotations

import pytest

from engine.dragonbond.invariants import check_invariants

from .scenario import started


def _broken(change) -> list[str]:
    state = started(("elyse", "nagasha"), first=0)
    assert check_invariants(state.data) == []
    change(state.data)
    return check_invariants(state.data)


def _one_sided_bond(data):
    data["boards"]["elyse"]["bonded_with"] = "nagasha"
    data["boards"]["elyse"]["bond_card"] = "up"


def _overfull_board(data):
    data["supply"]["power"] -= 11
    data["boards"]["elyse"]["power"]["unspent"] += 11


@pytest.mark.parametrize(("change", "words"), [
    (_one_sided_bond, "both ways"),
    (_overfull_board, "more than 10 power"),
    (lambda data: data["boards"]["nagasha"].update(health=9), "health 9 is out of bounds"),
    (lambda data: data["boards"]["elyse"].update(region="atlantis"), "stands nowhere"),
    (lambda data: data["supply"].update(power=data["supply"]["power"] + 1), "power tokens in play"),
    (lambda data: data["boards"]["elyse"]["pool"].update(infantry=0), "infantry are not conserved"),
])
def test_each_broken_state_is_reported(change, words):
    assert any(words in problem for problem in _broken(change))
