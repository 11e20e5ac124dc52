"""Power tokens (DRG-POWER) and the immediate win (DRG-GOAL), on the building blocks of
engine.dragonbond.rules.power run against a live game's state."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.context import Ctx
from engine.dragonbond.invariants import check_invariants
from engine.dragonbond.rules import power

from .scenario import started


def _game():
    state = started(("elyse",), first=0)            # action order: elyse, nagasha, adrael, ferellon
    return state, Ctx(state.data, state.rng, 0)


def _set(ctx, ch, unspent=0, spent=0):
    """Give a board tokens from the supply (keeps tokens conserved)."""
    p = ctx.board(ch)["power"]
    ctx.data["supply"]["power"] += p["unspent"] + p["spent"] - unspent - spent
    p["unspent"], p["spent"] = unspent, spent


def _bond(ctx, a, b):
    ctx.board(a)["bonded_with"], ctx.board(b)["bonded_with"] = b, a
    ctx.board(a)["bond_card"] = ctx.board(b)["bond_card"] = "up"                 # DRG-OATH-13


def _pw(ctx, ch):
    p = ctx.board(ch)["power"]
    return p["unspent"], p["spent"]


class _Limit:
    """The content with some params changed (to reach otherwise unreachable corners)."""

    def __init__(self, content, **params):
        import dataclasses
        self._content = content
        self.params = dataclasses.replace(content.params, **params)

    def __getattr__(self, name):
        return getattr(self._content, name)


@pytest.mark.rule("DRG-POWER-5")
def test_gain_takes_unspent_tokens_from_the_supply_and_only_what_it_holds():
    state, ctx = _game()
    supply = ctx.data["supply"]["power"]
    assert power.gain(ctx, "elyse", 2) == 2
    assert _pw(ctx, "elyse") == (2, 0) and ctx.data["supply"]["power"] == supply - 2
    _set(ctx, "adrael", 1)
    ctx.data["regions"]["golden_fields"]["power"] += ctx.data["supply"]["power"] - 1
    ctx.data["supply"]["power"] = 1
    assert power.gain(ctx, "elyse", 3) == 1
    assert _pw(ctx, "elyse") == (3, 0) and ctx.data["supply"]["power"] == 0
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-POWER-6", "DRG-POWER-8")
def test_a_full_unbonded_board_takes_no_more_and_the_token_stays_in_the_supply():
    state, ctx = _game()
    ctx.content = _Limit(ctx.content, win_power_unbonded=11)   # so that a full board does not win
    _set(ctx, "elyse", 6, 3)
    supply = ctx.data["supply"]["power"]
    assert power.gain(ctx, "elyse", 3) == 1
    assert _pw(ctx, "elyse") == (7, 3) and power.room(ctx, "elyse") == 0
    assert ctx.data["supply"]["power"] == supply - 1
    assert ctx.data["phase"] != "over"
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-POWER-7", "DRG-BONDED-4")
def test_overflow_at_the_hold_limit_goes_to_the_bonded_ally():
    state, ctx = _game()
    _bond(ctx, "elyse", "nagasha")
    _set(ctx, "elyse", 9, 0)
    _set(ctx, "nagasha", 1, 0)
    supply = ctx.data["supply"]["power"]
    assert power.gain(ctx, "elyse", 3) == 3
    assert _pw(ctx, "elyse") == (10, 0) and _pw(ctx, "nagasha") == (3, 0)
    assert ctx.data["supply"]["power"] == supply - 3
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-POWER-8")
def test_when_both_bonded_boards_are_full_the_token_returns_to_the_supply():
    state, ctx = _game()
    ctx.content = _Limit(ctx.content, win_power_bonded=20)
    _bond(ctx, "elyse", "nagasha")
    _set(ctx, "elyse", 10, 0)
    _set(ctx, "nagasha", 10, 0)
    supply = ctx.data["supply"]["power"]
    assert power.gain(ctx, "elyse", 2) == 0
    assert _pw(ctx, "elyse") == (10, 0) and _pw(ctx, "nagasha") == (10, 0)
    assert ctx.data["supply"]["power"] == supply
    ctx.data["regions"]["golden_fields"]["power"] += 1
    ctx.data["supply"]["power"] -= 1
    there = ctx.data["regions"]["golden_fields"]["power"]
    assert power.take_from_region(ctx, "elyse", "golden_fields", 1) == 0
    assert ctx.data["regions"]["golden_fields"]["power"] == there       # stays in its region
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-POWER-9", "DRG-POWER-11")
def test_a_lost_token_is_a_spent_one_first_and_losing_from_nothing_is_fine():
    state, ctx = _game()
    _set(ctx, "elyse", 2, 1)
    assert power.lose(ctx, "elyse", 2) == 2
    assert _pw(ctx, "elyse") == (1, 0)
    assert power.lose(ctx, "elyse", 5) == 1
    assert power.lose(ctx, "elyse", 1) == 0
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-POWER-10", "DRG-POWER-9", "DRG-POWER-11")
def test_a_stolen_token_keeps_its_side_and_stealing_from_nobody_takes_nothing():
    state, ctx = _game()
    _set(ctx, "elyse", 1, 1)
    _set(ctx, "nagasha", 0, 0)
    assert power.steal(ctx, "nagasha", "elyse", 1) == 1
    assert _pw(ctx, "nagasha") == (0, 1) and _pw(ctx, "elyse") == (1, 0)
    assert power.steal(ctx, "nagasha", "elyse", 3) == 1
    assert _pw(ctx, "nagasha") == (1, 1) and _pw(ctx, "elyse") == (0, 0)
    assert power.steal(ctx, "nagasha", "elyse", 1) == 0
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-POWER-10")
def test_a_stolen_token_overflows_from_a_full_thief_to_its_ally():
    state, ctx = _game()
    _bond(ctx, "nagasha", "adrael")
    _set(ctx, "nagasha", 10, 0)
    _set(ctx, "adrael", 0, 0)
    _set(ctx, "elyse", 0, 2)
    assert power.steal(ctx, "nagasha", "elyse", 1) == 1
    assert _pw(ctx, "nagasha") == (10, 0) and _pw(ctx, "adrael") == (0, 1)
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-POWER-1", "DRG-POWER-2")
def test_spending_flips_unspent_tokens_and_too_large_a_payment_is_refused():
    state, ctx = _game()
    _set(ctx, "elyse", 2, 1)
    power.spend(ctx, "elyse", 2)
    assert _pw(ctx, "elyse") == (0, 3)
    with pytest.raises(Refused) as refused:
        power.spend(ctx, "elyse", 1)
    assert refused.value.rule_id == "DRG-POWER-2"
    assert _pw(ctx, "elyse") == (0, 3)
    assert not power.can_pay(ctx, "elyse", 1)


@pytest.mark.rule("DRG-BONDED-5", "DRG-POWER-2")
def test_a_bonded_payer_may_add_its_allys_unspent_tokens():
    state, ctx = _game()
    _set(ctx, "elyse", 1, 0)
    _set(ctx, "nagasha", 2, 0)
    with pytest.raises(Refused) as refused:
        power.spend(ctx, "elyse", 2, from_ally=1)
    assert refused.value.rule_id == "DRG-BONDED-5"
    assert not power.can_pay(ctx, "elyse", 2)
    _bond(ctx, "elyse", "nagasha")
    assert power.can_pay(ctx, "elyse", 3)
    power.spend(ctx, "elyse", 3, from_ally=2)
    assert _pw(ctx, "elyse") == (0, 1) and _pw(ctx, "nagasha") == (0, 2)
    with pytest.raises(Refused):
        power.spend(ctx, "elyse", 1, from_ally=1)


@pytest.mark.rule("DRG-POWER-3")
def test_a_general_collects_only_in_a_region_it_controls():
    state, ctx = _game()
    home = "allarian_crownlands"                    # elyse's start region: her units only
    ctx.data["regions"]["golden_fields"]["power"] += 1
    ctx.data["supply"]["power"] -= 1
    assert ctx.data["regions"][home]["power"] == 0
    assert "golden_fields" not in power.collect_regions(ctx, "elyse")
    with pytest.raises(Refused) as refused:
        power.collect(ctx, "elyse", "golden_fields")
    assert refused.value.rule_id == "DRG-POWER-3"
    ctx.data["regions"][home]["power"] = 2
    ctx.data["supply"]["power"] -= 2
    assert power.collect_regions(ctx, "elyse") == (home,)
    assert power.collect(ctx, "elyse", home) == 1
    assert _pw(ctx, "elyse") == (1, 0) and ctx.data["regions"][home]["power"] == 1
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-POWER-4", "DRG-BONDED-8")
def test_a_dragon_collects_in_its_own_region_unless_other_units_are_there():
    state, ctx = _game()
    region = ctx.board("nagasha")["region"]
    ctx.data["regions"][region]["power"] = 1
    ctx.data["supply"]["power"] -= 1
    ctx.data["regions"][region]["units"]["elyse"] = {"infantry": 1, "cavalry": 0, "ranged": 0}
    ctx.board("elyse")["pool"]["infantry"] -= 1
    with pytest.raises(Refused) as refused:
        power.collect(ctx, "nagasha", region)
    assert refused.value.rule_id == "DRG-POWER-4"
    _bond(ctx, "elyse", "nagasha")                  # the ally's units do not block
    assert power.collect(ctx, "nagasha", region) == 1
    assert _pw(ctx, "nagasha") == (1, 0)
    with pytest.raises(Refused):                    # no token left
        power.collect(ctx, "nagasha", region)
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-GOAL-1", "DRG-GOAL-4", "DRG-END-1")
def test_an_unbonded_player_reaching_ten_with_spent_tokens_wins_at_once():
    state, ctx = _game()
    _set(ctx, "adrael", 5, 4)
    power.gain(ctx, "adrael", 3)
    assert ctx.data["phase"] == "over"
    assert ctx.data["end"]["winners"] == ["adrael"] and ctx.data["end"]["why"] == "power_goal"
    assert _pw(ctx, "adrael") == (6, 4)             # the game ended at the tenth token
    assert [e.data["winners"] for e in ctx.events if e.kind == "game_over"] == [["adrael"]]


@pytest.mark.rule("DRG-GOAL-2", "DRG-GOAL-3")
def test_a_bonded_pair_wins_at_fifteen_together_and_not_at_ten_alone():
    state, ctx = _game()
    _bond(ctx, "elyse", "nagasha")
    _set(ctx, "nagasha", 3, 0)
    _set(ctx, "elyse", 9, 0)
    power.gain(ctx, "elyse", 1)                     # 10 alone: no win once bonded
    assert ctx.data["phase"] != "over"
    _set(ctx, "adrael", 9, 0)                       # an unbonded 9 ties nobody
    power.gain(ctx, "nagasha", 1)
    assert ctx.data["phase"] != "over"
    power.gain(ctx, "nagasha", 1)                   # 10 + 5 = 15
    assert ctx.data["phase"] == "over"
    assert sorted(ctx.data["end"]["winners"]) == ["elyse", "nagasha"]


@pytest.mark.rule("DRG-GOAL-5")
def test_a_win_ends_everything_at_once_even_mid_effect():
    state, ctx = _game()
    _set(ctx, "nagasha", 0, 0)
    _set(ctx, "elyse", 0, 9)
    power.steal(ctx, "elyse", "nagasha", 1)         # nothing to steal: no change, no win
    assert ctx.data["phase"] != "over"
    ctx.data["regions"]["allarian_crownlands"]["power"] = 3
    ctx.data["supply"]["power"] -= 3
    assert power.take_from_region(ctx, "elyse", "allarian_crownlands", 3) == 1
    assert ctx.data["phase"] == "over" and ctx.data["regions"]["allarian_crownlands"]["power"] == 2
    assert power.gain(ctx, "adrael", 1) == 0        # nothing further resolves
    assert check_invariants(ctx.data) == []


@pytest.mark.rule("DRG-GOAL-5", "DRG-GOAL-1")
def test_a_steal_that_takes_the_thief_to_ten_wins_for_the_thief():
    state, ctx = _game()
    _set(ctx, "adrael", 9, 0)
    _set(ctx, "ferellon", 2, 0)
    power.steal(ctx, "adrael", "ferellon", 2)
    assert ctx.data["end"]["winners"] == ["adrael"]
    assert _pw(ctx, "ferellon") == (1, 0)           # the second token was never taken


@pytest.mark.rule("DRG-GOAL-6")
def test_gains_for_several_players_go_in_action_order_and_the_first_winner_wins():
    state, ctx = _game()                            # order: elyse, nagasha, adrael, ferellon
    for ch in ("elyse", "nagasha", "adrael", "ferellon"):
        _set(ctx, ch, 9, 0)
    power.gain_each(ctx, ["ferellon", "adrael", "nagasha"], 1)
    assert ctx.data["end"]["winners"] == ["nagasha"]
    assert _pw(ctx, "adrael") == (9, 0) and _pw(ctx, "ferellon") == (9, 0)
