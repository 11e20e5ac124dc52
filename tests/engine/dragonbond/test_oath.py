"""The Dragonbond oath (DRG-OATH), bonding and bonded players (DRG-BONDED, DRG-GOAL-5), on the
building blocks of engine.dragonbond.rules.oath run against a live game's state. Dice are fixed
by choosing the generator's seed (searched with `Rng`), never by patching the rules."""
from __future__ import annotations

import pytest

from engine.core import Refused, Rng
from engine.dragonbond.context import Ctx
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import combat, oath, stack

from .scenario import started

HERE = "golden_fields"
ELSEWHERE = "willow_fords"


def _game(seed: int = 1):
    """Elyse (general, seat 0) and Nagasha (dragon, seat 1) are human; Adrael and Ferellon are AIs.
    Every figure starts in ELSEWHERE-free places; tests put the figures where they need them."""
    state = started(("elyse", "nagasha"), first=0)
    ctx = Ctx(state.data, Rng(seed), 0)
    ctx.queue.clear()
    for r in ctx.data["regions"].values():
        r["neutral"], r["units"] = 0, {}
    regions = list(ctx.content.map.order)
    for i, ch in enumerate(ctx.data["seating"]):                  # four separate regions
        ctx.board(ch)["region"] = [r for r in regions if r not in (HERE, ELSEWHERE)][i]
    ctx.data["arrived"], ctx.data["fought"] = [], []
    return state, ctx


def _set_power(ctx, ch, n):
    p = ctx.board(ch)["power"]
    ctx.data["supply"]["power"] += p["unspent"] + p["spent"] - n
    p["unspent"], p["spent"] = n, 0


def _meet(ctx, *characters, region=HERE, arrived=None):
    for ch in characters:
        ctx.board(ch)["region"] = region
    ctx.data["arrived"] = list(characters[-1:] if arrived is None else arrived)


def _bonded(ctx, a, b):
    return ctx.board(a)["bonded_with"] == b and ctx.board(b)["bonded_with"] == a


# --- pairs and triggers --------------------------------------------------------------------------

@pytest.mark.rule("DRG-OATH-1", "DRG-BONDED-7")
def test_an_oath_pair_is_an_unbonded_general_and_dragon_whose_figures_share_a_region():
    _, ctx = _game()
    assert oath.oath_pairs(ctx.data) == []
    _meet(ctx, "elyse", "nagasha", "adrael")
    assert oath.oath_pairs(ctx.data) == [("elyse", "nagasha"), ("adrael", "nagasha")]
    ctx.data["regions"][ELSEWHERE]["units"]["elyse"] = {"infantry": 2, "cavalry": 0, "ranged": 0}
    ctx.board("ferellon")["region"] = ELSEWHERE                   # units are not the general
    assert ("elyse", "ferellon") not in oath.oath_pairs(ctx.data)
    oath.bond(ctx, "adrael", "nagasha")
    assert oath.oath_pairs(ctx.data) == []                        # bonded: never a pair again


@pytest.mark.rule("DRG-OATH-2", "DRG-OATH-3")
def test_the_oath_triggers_only_on_an_arrival_and_not_between_characters_who_fought():
    _, ctx = _game()
    _meet(ctx, "elyse", "nagasha", arrived=[])
    assert oath.triggered_pairs(ctx.data) == []                   # sharing a region is not enough
    ctx.data["arrived"] = ["elyse"]
    assert oath.triggered_pairs(ctx.data) == [("elyse", "nagasha")]
    ctx.data["fought"] = [["nagasha", "elyse"]]
    assert oath.triggered_pairs(ctx.data) == []
    ctx.data["fought"] = [["nagasha", None], ["adrael", "elyse"]]  # fights with others do not count
    assert oath.triggered_pairs(ctx.data) == [("elyse", "nagasha")]


@pytest.mark.rule("DRG-OATH-4")
def test_event_ev06_makes_every_pair_take_the_oath_without_arrival_or_fight_conditions():
    _, ctx = _game()
    _meet(ctx, "elyse", "nagasha", arrived=[])
    ctx.data["fought"] = [["elyse", "nagasha"]]
    assert oath.triggered_pairs(ctx.data, everyone=True) == [("elyse", "nagasha")]


@pytest.mark.rule("DRG-OATH-11")
def test_pairs_go_owner_first_and_a_character_bonded_earlier_leaves_the_later_pairs():
    _, ctx = _game()
    _meet(ctx, "elyse", "nagasha", arrived=["elyse", "nagasha"])
    _meet(ctx, "adrael", "ferellon", region=ELSEWHERE, arrived=[])
    ctx.data["arrived"] = ["elyse", "nagasha", "adrael"]
    assert oath.triggered_pairs(ctx.data, None) == [("elyse", "nagasha"), ("adrael", "ferellon")]
    assert oath.triggered_pairs(ctx.data, "ferellon") == [("adrael", "ferellon"), ("elyse", "nagasha")]
    # one region, two pairs sharing Elyse: both dice succeed for the first pair, so it bonds and
    # the second pair (Elyse, Ferellon) no longer exists — it rolls no dice at all
    _, ctx = _game(seed=combat.seeded(["hit1", "hit1"]))
    _meet(ctx, "elyse", "nagasha", "ferellon", arrived=["elyse"])
    ctx.push({"oath_check": {"owner": "nagasha"}})
    assert DRG.drain(ctx) is None
    assert _bonded(ctx, "elyse", "nagasha")
    assert ctx.board("ferellon")["bonded_with"] is None
    assert [e.kind for e in ctx.events].count("dice_rolled") == 2


# --- the roll, rerolls, bonding ------------------------------------------------------------------

@pytest.mark.rule("DRG-OATH-5", "DRG-OATH-10", "DRG-OATH-12", "DRG-OATH-13", "DRG-BONDED-9")
def test_two_hitting_dice_bond_the_pair_at_once_with_cards_face_up():
    _, ctx = _game(seed=combat.seeded(["crit1", "hit2"]))
    _meet(ctx, "elyse", "nagasha")
    ctx.push({"oath_check": {"owner": "elyse"}})
    assert DRG.drain(ctx) is None                                 # no one is asked whether to swear
    assert _bonded(ctx, "elyse", "nagasha")
    assert ctx.board("elyse")["bond_card"] == ctx.board("nagasha")["bond_card"] == "up"
    assert ctx.board("adrael")["bond_card"] == "down"
    bonded = [e for e in ctx.events if e.kind == "bonded"]
    assert len(bonded) == 1 and bonded[0].audience is None        # public


@pytest.mark.rule("DRG-OATH-10", "DRG-OATH-5")
def test_a_blank_die_means_no_bond_and_the_pair_may_swear_again_later():
    _, ctx = _game(seed=combat.seeded(["blank", "hit1"]))
    _meet(ctx, "elyse", "nagasha")
    ctx.push({"oath_check": {"owner": "elyse"}})
    assert DRG.drain(ctx) is None                                 # no tokens: no reroll offered
    assert ctx.board("elyse")["bonded_with"] is None and ctx.board("elyse")["bond_card"] == "down"
    assert "oath_failed" in [e.kind for e in ctx.events]
    assert oath.triggered_pairs(ctx.data) == [("elyse", "nagasha")]


@pytest.mark.rule("DRG-GOAL-5", "DRG-OATH-13", "DRG-GOAL-2")
def test_the_pairs_combined_total_is_checked_the_moment_they_bond():
    _, ctx = _game(seed=combat.seeded(["hit1", "hit1"]))
    _set_power(ctx, "elyse", 8)
    _set_power(ctx, "nagasha", 7)
    for ch in ("elyse", "nagasha"):                               # spent: no reroll to offer
        p = ctx.board(ch)["power"]
        p["unspent"], p["spent"] = 0, p["unspent"]
    _meet(ctx, "elyse", "nagasha")
    ctx.push({"oath_check": {"owner": "elyse"}})
    assert DRG.drain(ctx) is None
    assert ctx.ended()
    assert sorted(ctx.data["end"]["winners"]) == ["elyse", "nagasha"]


@pytest.mark.rule("DRG-OATH-6", "DRG-OATH-8")
def test_members_alternate_paid_rerolls_from_the_owner_until_two_declines_in_a_row():
    # dice: Elyse blank, Nagasha hit1; Elyse's reroll shows hit2
    _, ctx = _game(seed=combat.seeded(["blank", "hit1", "hit2"]))
    _set_power(ctx, "elyse", 2)
    _meet(ctx, "elyse", "nagasha")
    ctx.push({"oath_check": {"owner": "nagasha"}})
    pause = DRG.drain(ctx)                    # Nagasha (the owner) begins, cannot pay: declines
    assert pause.kind == "oath_reroll" and ctx.data["oath"]["turn"] == "elyse"
    pause = DRG.resume(ctx, "reroll")
    assert ctx.board("elyse")["power"] == {"unspent": 1, "spent": 1}
    assert ctx.data["oath"]["dice"]["elyse"] == "hit2"
    assert pause.kind == "oath_reroll" and ctx.data["oath"]["turn"] == "elyse"   # declines reset
    assert DRG.resume(ctx, "decline") is None
    assert _bonded(ctx, "elyse", "nagasha")


@pytest.mark.rule("DRG-OATH-6")
def test_without_the_owner_among_the_members_the_general_begins():
    _, ctx = _game(seed=combat.seeded(["hit1", "blank"]))
    _set_power(ctx, "elyse", 1)
    _set_power(ctx, "nagasha", 1)
    _meet(ctx, "elyse", "nagasha")
    ctx.push({"oath_check": {"owner": "adrael"}})
    assert DRG.drain(ctx).kind == "oath_reroll"
    assert ctx.data["oath"]["turn"] == "elyse"


@pytest.mark.rule("DRG-OATH-7")
def test_a_member_may_not_reroll_the_other_members_die():
    _, ctx = _game(seed=combat.seeded(["hit1", "blank"]))
    _set_power(ctx, "elyse", 2)
    _meet(ctx, "elyse", "nagasha")
    ctx.push({"oath_check": {"owner": "elyse"}})
    assert DRG.drain(ctx).kind == "oath_reroll"
    with pytest.raises(Refused) as refused:
        oath.reroll(ctx, "elyse", "nagasha")
    assert refused.value.rule_id == "DRG-OATH-7"
    assert ctx.board("elyse")["power"] == {"unspent": 2, "spent": 0}


@pytest.mark.rule("DRG-OATH-9")
def test_an_ai_member_rolls_but_never_rerolls():
    _, ctx = _game(seed=combat.seeded(["hit1", "blank"]))
    _set_power(ctx, "ferellon", 4)
    _meet(ctx, "elyse", "ferellon")
    ctx.push({"oath_check": {"owner": "ferellon"}})
    assert DRG.drain(ctx) is None                                 # Elyse has no token either
    assert ctx.board("ferellon")["power"] == {"unspent": 4, "spent": 0}
    assert ctx.board("elyse")["bonded_with"] is None


@pytest.mark.rule("DRG-OATH-14")
def test_a_bond_is_permanent():
    _, ctx = _game()
    oath.bond(ctx, "elyse", "nagasha")
    with pytest.raises(Refused) as refused:
        oath.bond(ctx, "elyse", "ferellon")
    assert refused.value.rule_id == "DRG-OATH-14"
    assert _bonded(ctx, "elyse", "nagasha")


@pytest.mark.rule("DRG-EXEC-5", "DRG-OATH-3")
def test_the_oath_check_runs_after_every_card_and_fights_count_per_card():
    _, ctx = _game()
    ctx.data["phase"] = "execution"
    ctx.data["stack"] = [{"card": "ev01", "kind": "event", "owner": None, "revealed": False}]
    ctx.data["fought"] = [["elyse", "nagasha"]]                   # from an earlier card
    stack.resolve_next(ctx)
    assert [item["primitive"] for item in ctx.queue] == ["resolve_card", "finish_card", "oath_check",
                                                          "resolve_next"]
    assert ctx.data["fought"] == []


# --- bonded players ------------------------------------------------------------------------------

@pytest.mark.rule("DRG-BONDED-2")
def test_a_bonded_player_may_not_attack_its_ally():
    _, ctx = _game()
    _meet(ctx, "elyse", "nagasha")
    oath.bond(ctx, "elyse", "nagasha")
    with pytest.raises(Refused) as refused:
        combat.start(ctx, "nagasha", {"kind": "general", "who": "elyse"}, HERE)
    assert refused.value.rule_id == "DRG-BONDED-2"


@pytest.mark.rule("DRG-BONDED-3")
def test_harmful_effects_may_not_choose_the_bonded_ally():
    _, ctx = _game()
    oath.check_not_ally(ctx, "elyse", "nagasha", "steal from")    # not bonded yet: allowed
    oath.bond(ctx, "elyse", "nagasha")
    with pytest.raises(Refused) as refused:
        oath.check_not_ally(ctx, "elyse", "nagasha", "steal from")
    assert refused.value.rule_id == "DRG-BONDED-3"
    oath.check_not_ally(ctx, "elyse", "ferellon", "push")         # others remain fair game


@pytest.mark.rule("DRG-BONDED-6")
def test_each_bonded_player_uses_its_own_face_up_dragonbond_card():
    _, ctx = _game()
    assert oath.active_bond_card(ctx.data, "elyse") is None
    oath.bond(ctx, "elyse", "nagasha")
    assert oath.active_bond_card(ctx.data, "elyse") == "ely_bond"
    assert oath.active_bond_card(ctx.data, "nagasha") == "nag_bond"
    assert oath.active_bond_card(ctx.data, "ferellon") is None
