"""Vaala cards (spec 5.12, 7.6): the `vaala` icon, drawing, paying and casting every icon card."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.rules import vaala
from engine.dragonbond.rules.movement import units_of
from engine.dragonbond.vocabulary import Icon

from .effect_helpers import (
    answer,
    bond,
    clear_map,
    ctx_of,
    give_power,
    kinds_of,
    put_neutral,
    put_power,
    put_units,
    run_icon,
    to_hand,
)
from .scenario import answer_move, board, pending, play, started

VAALA = Icon("vaala")


@pytest.mark.rule("DRG-VAALA-1", "DRG-DEC-41")
def test_humans_start_with_a_five_card_vaala_deck_and_no_hand_ais_have_none():
    state = started(("elyse", "nagasha"), first=0)
    for human in ("elyse", "nagasha"):
        b = board(state, human)
        assert len(b["vaala_deck"]) == 5 and b["vaala_hand"] == [] and b["vaala_discard"] == []
    for ai in ("adrael", "ferellon"):
        b = board(state, ai)
        assert b["vaala_deck"] == b["vaala_hand"] == b["vaala_discard"] == []


@pytest.mark.rule("DRG-VAALA-2", "DRG-HIDDEN-6", "DRG-VAALA-7")
def test_the_vaala_icon_draws_the_top_card_seen_only_by_its_drawer():
    state = started(("elyse", "nagasha"), first=0)
    run_icon(state, "elyse", VAALA)
    kind, seat, options = pending(state)
    assert (kind, seat, options) == ("icon_vaala", 0, ("draw",))        # nothing castable yet
    top = board(state, "elyse")["vaala_deck"][-1]
    events = answer(state, "draw")
    assert board(state, "elyse")["vaala_hand"] == [top]
    private = next(e for e in events if e.kind == "vaala_card_drawn")
    assert private.audience == frozenset({0}) and private.data["card"] == top
    public = next(e for e in events if e.kind == "vaala_drawn")
    assert public.audience is None and top not in repr(public.data)
    for _ in range(4):                                                  # DRG-VAALA-7: no hand limit
        vaala.draw(ctx_of(state), "elyse")
    assert len(board(state, "elyse")["vaala_hand"]) == 5


@pytest.mark.rule("DRG-VAALA-3", "DRG-HIDDEN-6", "DRG-VAALA-9")
def test_casting_spends_the_cost_resolves_the_effects_and_discards_the_card_publicly():
    state = started(("elyse", "nagasha"), first=0)
    to_hand(state, "nagasha", "nag_v2")
    give_power(state, "nagasha", 2)
    board(state, "nagasha")["health"] = 2
    run_icon(state, "nagasha", VAALA, seat=1)
    kind, seat, options = pending(state)
    assert seat == 1 and "cast/nag_v2/pay/own.1" in options
    events = answer(state, "cast/nag_v2/pay/own.1")
    b = board(state, "nagasha")
    assert b["power"] == {"unspent": 1, "spent": 1}
    assert b["health"] == 4 and b["vaala_hand"] == [] and b["vaala_discard"] == ["nag_v2"]
    cast = next(e for e in events if e.kind == "vaala_cast")
    assert cast.audience is None and cast.data["card"] == "nag_v2"


@pytest.mark.rule("DRG-VAALA-4", "DRG-POWER-2")
def test_a_cast_is_refused_without_the_cost_or_a_legal_first_effect():
    state = started(("adrael",))
    to_hand(state, "adrael", "adr_v5")                                   # needs an enemy city
    to_hand(state, "adrael", "adr_v4")
    give_power(state, "adrael", 1)
    options = vaala.icon_options(ctx_of(state), "adrael")
    assert "cast/adr_v4/pay/own.1" in options
    assert not any(o.startswith("cast/adr_v5") for o in options)
    with pytest.raises(Refused) as refused:
        vaala.apply(ctx_of(state), "adrael", "cast/adr_v5/pay/own.2")
    assert refused.value.rule_id == "DRG-VAALA-4"
    state.data["regions"]["tyverian_bloodmarch"]["city"] = "elyse"
    state.data["supply"]["cities"] -= 1
    assert not any(o.startswith("cast/adr_v5") for o in vaala.icon_options(ctx_of(state), "adrael"))
    with pytest.raises(Refused) as refused:                             # castable, but 1 power of 2
        vaala.apply(ctx_of(state), "adrael", "cast/adr_v5/pay/own.2")
    assert refused.value.rule_id == "DRG-POWER-2"


@pytest.mark.rule("DRG-VAALA-4")
def test_a_later_effect_with_no_legal_execution_is_skipped():
    state = started(("adrael",))
    clear_map(state)
    state.data["regions"]["tyverian_bloodmarch"]["city"] = "elyse"
    state.data["supply"]["cities"] -= 1
    put_units(state, "adrael", "tyverian_bloodmarch", infantry=1)
    to_hand(state, "adrael", "adr_v5")
    give_power(state, "adrael", 2)
    state.data["supply"]["power"] = 0                                    # gain_power finds nothing
    run_icon(state, "adrael", VAALA)
    answer(state, "cast/adr_v5/pay/own.2")
    events = answer(state, "tyverian_bloodmarch")
    assert state.data["regions"]["tyverian_bloodmarch"]["city"] is False
    assert board(state, "adrael")["power"] == {"unspent": 0, "spent": 2}
    assert not kinds_of(events, "power_gained")
    assert kinds_of(events, "effect_skipped")[0]["effect"] == "gain_power"
    assert "adr_v5" in board(state, "adrael")["vaala_discard"] and pending(state) is None


@pytest.mark.rule("DRG-VAALA-6", "DRG-DEC-41")
def test_an_empty_deck_reshuffles_the_discard_and_with_both_empty_drawing_is_illegal():
    state = started(("elyse",))
    b = board(state, "elyse")
    b["vaala_discard"], b["vaala_deck"] = b["vaala_deck"], []
    ctx = ctx_of(state)
    card = vaala.draw(ctx, "elyse")
    assert card is not None and len(b["vaala_deck"]) == 4 and b["vaala_discard"] == []
    assert any(e.kind == "vaala_reshuffled" for e in ctx.events)
    b["vaala_hand"] += b["vaala_deck"]
    b["vaala_deck"] = []
    assert not vaala.can_draw(ctx, "elyse")
    with pytest.raises(Refused) as refused:
        vaala.apply(ctx, "elyse", "draw")
    assert refused.value.rule_id == "DRG-VAALA-6"


@pytest.mark.rule("DRG-VAALA-8", "DRG-DEC-13")
def test_the_vaala_icon_is_skipped_when_nothing_can_be_drawn_or_cast():
    state = started(("elyse",))
    b = board(state, "elyse")
    b["vaala_hand"], b["vaala_deck"] = b["vaala_deck"], []               # cards in hand, no power
    events = run_icon(state, "elyse", VAALA)
    assert pending(state) is None
    assert kinds_of(events, "icon_skipped")[0]["reason"] == "no_legal_option"


@pytest.mark.rule("DRG-VAALA-9", "DRG-ACTION-5")
def test_the_caster_makes_every_choice_of_its_card():
    state = started(("elyse", "ferellon"), first=0)
    clear_map(state)
    put_power(state, "silverwood", 1)                                    # adjacent to red_moon_crags
    put_power(state, "highpass", 1)
    to_hand(state, "ferellon", "fer_v3")
    give_power(state, "ferellon", 2)
    run_icon(state, "ferellon", VAALA, seat=1)
    answer(state, "cast/fer_v3/pay/own.2")
    kind, seat, options = pending(state)
    assert (kind, seat, options) == ("effect_choice", 1, ("silverwood", "highpass"))
    with pytest.raises(Refused):
        play(state, "0: answer highpass")
    answer(state, "highpass")
    assert board(state, "ferellon")["power"] == {"unspent": 1, "spent": 2}
    assert state.data["regions"]["highpass"]["power"] == 0


@pytest.mark.rule("DRG-BONDED-5", "DRG-AI-23", "DRG-DEC-58", "DRG-DEC-34", "DRG-AI-2")
def test_a_human_bonded_to_an_ai_may_pay_with_the_ais_tokens_but_the_ai_never_pays():
    state = started(("elyse",))
    bond(state, "elyse", "nagasha")
    give_power(state, "elyse", 1)
    give_power(state, "nagasha", 3)
    ctx = ctx_of(state)
    assert vaala.cast_cost_payments(ctx, "elyse", 2) == ("pay/own.1+ally.1", "pay/ally.2")
    assert vaala.cast_cost_payments(ctx, "nagasha", 1) == ()             # DRG-AI-2
    to_hand(state, "elyse", "ely_v5")
    put_units(state, "elyse", "willow_fords", infantry=1)               # a unit where a token lies
    run_icon(state, "elyse", VAALA)
    answer(state, "cast/ely_v5/pay/ally.2")
    answer(state, "willow_fords")
    assert board(state, "nagasha")["power"] == {"unspent": 1, "spent": 2}
    assert board(state, "elyse")["power"]["unspent"] == 2
    with pytest.raises(Refused) as refused:
        vaala.pay(ctx_of(state), "nagasha", "pay/own.1")
    assert refused.value.rule_id == "DRG-AI-2"


# --- every icon-timing card resolves through the interpreter (DRG-DEC-3) --------------------------

def _cast(state, caster, card, seat=0):
    to_hand(state, caster, card)
    give_power(state, caster, 2)
    run_icon(state, caster, VAALA, seat=seat)
    cost = state_cost(card)
    return answer(state, f"cast/{card}/pay/own.{cost}")


def state_cost(card):
    from engine.dragonbond.content import content
    return content().vaala_cards[card].cost


def _ely_v2(state):
    _cast(state, "elyse", "ely_v2")
    answer(state, "allarian_crownlands/cavalry.2")
    assert units_of(state.data, "allarian_crownlands", "elyse")["cavalry"] == 3


def _ely_v4(state):
    _cast(state, "elyse", "ely_v4")
    kind, _, options = pending(state)
    assert kind == "icon_move" and "decline" not in options              # optional: false
    answer_move(state, "allarian_crownlands", "silverwood", {"infantry": 1})        # staged (rules/actions.py)
    assert units_of(state.data, "silverwood", "elyse")["infantry"] == 1


def _ely_v5(state):
    put_units(state, "elyse", "willow_fords", ranged=1)                  # not controlled: a neutral is there
    _cast(state, "elyse", "ely_v5")
    answer(state, "willow_fords")
    assert state.data["regions"]["willow_fords"]["power"] == 0
    assert board(state, "elyse")["power"]["unspent"] == 1


def _adr_v3(state):
    _cast(state, "adrael", "adr_v3")
    answer_move(state, "tyverian_bloodmarch", "iron_hills", {"infantry": 1})        # staged (rules/actions.py)
    answer_move(state, "iron_hills", "saltmere", {"infantry": 1})
    assert units_of(state.data, "saltmere", "adrael")["infantry"] == 1


def _adr_v4(state):
    _cast(state, "adrael", "adr_v4")                                     # one region: no question
    assert units_of(state.data, "tyverian_bloodmarch", "adrael")["infantry"] == 3


def _adr_v5(state):
    state.data["regions"]["tyverian_bloodmarch"]["city"] = "elyse"
    state.data["supply"]["cities"] -= 1
    _cast(state, "adrael", "adr_v5")
    answer(state, "tyverian_bloodmarch")
    assert state.data["regions"]["tyverian_bloodmarch"]["city"] is False
    assert board(state, "adrael")["power"] == {"unspent": 1, "spent": 2}


def _nag_v2(state):
    board(state, "nagasha")["health"] = 1
    _cast(state, "nagasha", "nag_v2")
    assert board(state, "nagasha")["health"] == 3


def _nag_v3(state):
    board(state, "adrael")["region"] = "serpent_mire"
    give_power(state, "adrael", 2, "spent")
    _cast(state, "nagasha", "nag_v3")
    answer(state, "adrael")
    assert board(state, "adrael")["power"]["spent"] == 1
    assert board(state, "nagasha")["power"] == {"unspent": 0, "spent": 3}


def _nag_v4(state):
    put_neutral(state, "serpent_mire", 1)
    put_units(state, "adrael", "serpent_mire", cavalry=2)
    _cast(state, "nagasha", "nag_v4")
    answer(state, "neutral.1+adrael-cavalry.1")
    assert state.data["regions"]["serpent_mire"]["neutral"] == 0
    assert units_of(state.data, "serpent_mire", "adrael")["cavalry"] == 1


def _nag_v5(state):
    _cast(state, "nagasha", "nag_v5")
    answer(state, "fly/golden_fields/allarian_crownlands")
    assert board(state, "nagasha")["region"] == "allarian_crownlands"


def _fer_v3(state):
    clear_map(state)
    put_power(state, "iron_hills", 2)
    put_power(state, "highpass", 1)
    put_neutral(state, "highpass", 1)                                    # guarded: not offered
    _cast(state, "ferellon", "fer_v3")
    assert pending(state)[2] == ("iron_hills",)
    answer(state, "iron_hills")
    assert state.data["regions"]["iron_hills"]["power"] == 1
    assert board(state, "ferellon")["power"] == {"unspent": 1, "spent": 2}


def _fer_v4(state):
    put_neutral(state, "red_moon_crags", 2)
    _cast(state, "ferellon", "fer_v4")
    answer(state, "highpass/neutral.2")
    assert state.data["regions"]["red_moon_crags"]["neutral"] == 0
    assert state.data["regions"]["highpass"]["neutral"] == 3


ICON_CARDS = {"ely_v2": ("elyse", _ely_v2), "ely_v4": ("elyse", _ely_v4), "ely_v5": ("elyse", _ely_v5),
              "adr_v3": ("adrael", _adr_v3), "adr_v4": ("adrael", _adr_v4), "adr_v5": ("adrael", _adr_v5),
              "nag_v2": ("nagasha", _nag_v2), "nag_v3": ("nagasha", _nag_v3), "nag_v4": ("nagasha", _nag_v4),
              "nag_v5": ("nagasha", _nag_v5), "fer_v3": ("ferellon", _fer_v3), "fer_v4": ("ferellon", _fer_v4)}


def test_every_icon_vaala_card_is_listed():
    from engine.dragonbond.content import content
    assert sorted(ICON_CARDS) == sorted(v.id for v in content().vaala_cards.values() if v.timing == "icon")


@pytest.mark.rule("DRG-DEC-3", "DRG-VAALA-3")
@pytest.mark.parametrize("card", sorted(ICON_CARDS))
def test_each_icon_vaala_card_resolves_with_its_effect(card):
    caster, check = ICON_CARDS[card]
    state = started((caster,))
    check(state)
    assert pending(state) is None
    assert card in board(state, caster)["vaala_discard"]
    assert state.invariant_problems() == []
