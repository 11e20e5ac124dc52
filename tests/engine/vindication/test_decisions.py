"""Decisions of spec section 6 that no single rule area owns."""
from __future__ import annotations

import pytest

from engine.core import Rng
from engine.vindication.context import Ctx
from engine.vindication.rules import abilities
from engine.vindication.setup import fresh_turn
from tests.engine.vindication.test_abilities_mechanism import hold, table


@pytest.mark.rule("VIN-DEC-70", "VIN-TRAIT-2")
def test_a_passive_trait_is_once_per_turn_of_any_player_not_once_per_round():
    """W09 (Patience) is passive_once on `visit(shrine)`: seat 1's copy answers on seat 0's turn
    only once in that turn, and again on its own turn. No base card lets one player's visit reach
    another's trait, so the turn bookkeeping is checked on the trigger mechanism itself."""
    game = table()
    game.edit(lambda d: hold(d, 1, traits=["W09"]))
    data = game.match.state.to_plain()["data"]
    assert data["turn"]["seat"] == 0
    assert abilities.triggered(data, 1, "visit", ("shrine",)) == ["W09"]        # on seat 0's turn
    abilities.mark_used(data, "W09")
    assert abilities.triggered(data, 1, "visit", ("shrine",)) == []             # once in that turn
    data["current"], data["turn"] = 1, fresh_turn(1)                            # seat 1's own turn
    assert abilities.triggered(data, 1, "visit", ("shrine",)) == ["W09"]
    abilities.fire(Ctx(data, Rng(1), 1), "visit", "shrine", seats=[1])
    assert [item["meta"]["seat"] for item in data["effects"]] == [1]
