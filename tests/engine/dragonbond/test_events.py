"""Event cards (spec 5.7, 7.4) resolved by the effect interpreter: each card, who acts and in
which order, granted icons, and the storm's duration."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.rules.movement import storm_active, units_of

from .effect_helpers import (
    answer,
    bond,
    clear_map,
    event,
    give_power,
    kinds_of,
    put_power,
    put_units,
)
from .scenario import answer_move, board, pending, play, settle_all, started


def opening(state, card):
    """Make ``card`` the opening event at the bottom of the stack (swapping it with the deck)."""
    data = state.data
    old = data["stack"][0]["card"]
    if old != card:
        i = data["decks"]["event"].index(card)
        data["decks"]["event"][i], data["stack"][0]["card"] = old, card


def to_execution(state, humans=1):
    """Everyone places one card; the first human passes in its second turn: execution starts with
    the opening event."""
    cards = {"elyse": "ely_a2", "nagasha": "nag_a4", "adrael": "adr_a3", "ferellon": "fer_a4"}
    for seat, ch in enumerate(state.data["humans"]):
        play(state, f"{seat}: place {cards[ch]}")
    return play(state, "0: pass" + (" to=1" if humans > 1 else ""))


def finish_round(state, limit=200):
    """Answer every decision with its first option until the next planning phase."""
    events = []
    for _ in range(limit):
        choice = pending(state)
        if choice is None:
            break
        kind, seat, options = choice
        pick = "decline" if "decline" in options else options[0]
        events += play(state, f"{seat}: answer {pick}")
    return events


# --- who acts, in which order ---------------------------------------------------------------------

@pytest.mark.rule("DRG-EVENT-1", "DRG-AI-16", "DRG-EVENT-4", "DRG-DEC-13")
def test_an_event_applies_to_every_player_it_names_ai_included():
    state = started(("elyse",))
    board(state, "nagasha")["health"] = 3                                 # an AI dragon
    board(state, "ferellon")["health"] = 5
    opening(state, "ev04")
    pool = dict(board(state, "adrael")["pool"])
    to_execution(state)
    kind, seat, options = pending(state)                                  # Elyse may deploy (ev04)
    assert (kind, seat) == ("optional_icon", 0)
    assert options[-1] == "decline" and all(o.startswith("deploy/") for o in options[:-1])
    events = answer(state, "decline")
    assert kinds_of(events, "icon_declined")[0]["owner"] == "elyse"
    assert sum(board(state, "adrael")["pool"].values()) == sum(pool.values()) - 1   # the AI always uses it
    assert [e["character"] for e in kinds_of(events, "unit_deployed")][:1] == ["adrael"]
    assert board(state, "nagasha")["health"] == 4 and board(state, "ferellon")["health"] == 6


@pytest.mark.rule("DRG-EVENT-2", "DRG-DEC-40", "DRG-AI-16")
def test_players_act_one_at_a_time_in_action_order_from_the_first_player():
    state = started(("elyse", "nagasha"), first=0)
    opening(state, "ev05")
    to_execution(state, humans=2)                                          # Nagasha now holds the marker
    assert state.data["first"] == "nagasha"
    kind, seat, options = pending(state)
    assert (kind, seat) == ("optional_icon", 1) and options[0].startswith("fly/")
    events = answer(state, "decline")
    while pending(state)[0] == "ai_tie":                                   # the proxy settles AI ties
        events += answer(state, pending(state)[2][0])
    assert [e.kind for e in events][0] == "icon_declined"
    acted = [e.data.get("character") for e in events if e.kind in ("pieces_moved", "dragon_flew")]
    assert acted == ["adrael", "ferellon"]                                 # the AIs, in seat order
    kind, seat, options = pending(state)
    assert (kind, seat) == ("optional_icon", 0) and options[0].startswith("move/")


@pytest.mark.rule("DRG-EVENT-3", "DRG-DEC-40")
def test_tokens_go_to_regions_in_map_order_until_the_supply_is_empty():
    state = started(("elyse",))
    clear_map(state)
    power = state.data["supply"]["power"]
    give_power(state, "elyse", power - 2)                                  # 2 tokens left in the supply
    events = event(state, "ev01")
    placed = kinds_of(events, "power_placed")
    assert [p["region"] for p in placed] == ["allarian_crownlands", "silverwood"]   # map order 1, 2
    assert state.data["supply"]["power"] == 0
    assert state.data["regions"]["willow_fords"]["power"] == 0


@pytest.mark.rule("DRG-EVENT-4", "DRG-DEC-13", "DRG-ACTION-3")
def test_a_mandatory_granted_icon_offers_no_decline_and_an_optional_one_may_be_used():
    from engine.dragonbond.vocabulary import Icon

    from .effect_helpers import run_icon
    state = started(("elyse",))
    run_icon(state, "elyse", Icon("move"))
    kind, seat, options = pending(state)
    assert kind == "icon_move" and "decline" not in options
    with pytest.raises(Refused) as refused:
        play(state, "0: answer decline")
    assert refused.value.rule_id == "DRG-ACTION-3"
    state = started(("elyse",))
    run_icon(state, "elyse", Icon("deploy", type="any"), optional=True)
    answer(state, "deploy/ranged@allarian_crownlands")
    assert units_of(state.data, "allarian_crownlands", "elyse")["ranged"] == 2


@pytest.mark.rule("DRG-EVENT-5", "DRG-HEAL-5")
def test_a_dragon_at_zero_health_uses_no_granted_icon_but_is_healed():
    state = started(("nagasha",))
    board(state, "nagasha")["health"] = 0
    events = event(state, "ev12")                                          # heal 1, then may fly 1
    assert board(state, "nagasha")["health"] == 1
    assert pending(state)[0] == "optional_icon"                            # healed first, so it may fly
    state = started(("nagasha",))
    board(state, "nagasha")["health"] = 0
    events = event(state, "ev07")                                          # may attack
    skipped = kinds_of(events, "icon_skipped")
    assert {"owner": "nagasha", "reason": "no_health"}.items() <= skipped[0].items()


@pytest.mark.rule("DRG-EVENT-7", "DRG-MOVE-8", "DRG-ROUND-5")
def test_the_storm_lasts_until_the_end_of_this_rounds_cleanup():
    state = started(("elyse",))
    opening(state, "ev08")
    to_execution(state)
    assert storm_active(state.data)
    from engine.dragonbond.rules import movement

    from .effect_helpers import ctx_of
    with pytest.raises(Refused) as refused:                                # silverwood: a mountain border
        movement.move(ctx_of(state), "elyse", "allarian_crownlands", "silverwood", {"infantry": 1})
    assert refused.value.rule_id == "DRG-MOVE-8"
    finish_round(state)
    assert state.data["round"] == 2 and state.data["phase"] == "planning"
    assert not storm_active(state.data)


@pytest.mark.rule("DRG-GOAL-6", "DRG-DEC-40")
def test_fewest_power_is_fixed_first_then_gains_go_in_action_order():
    state = started(("elyse", "nagasha"), first=1)
    give_power(state, "elyse", 2)
    give_power(state, "adrael", 1)
    events = event(state, "ev09")                                          # nagasha and ferellon have 0
    assert [e["character"] for e in kinds_of(events, "power_gained")] == ["nagasha", "ferellon"]
    assert board(state, "adrael")["power"]["unspent"] == 1


# --- every event card, checked on its effect (DRG-DEC-3) ------------------------------------------

def _ev01(state):
    events = event(state, "ev01")
    assert [p["region"] for p in kinds_of(events, "power_placed")] == ["red_moon_crags", "serpent_mire"]
    regions = state.data["regions"]                                        # figures do not matter
    assert regions["allarian_crownlands"]["power"] == 0 and regions["red_moon_crags"]["power"] == 1


def _ev02(state):
    state.data["regions"]["golden_fields"]["city"] = "elyse"
    state.data["supply"]["cities"] -= 1
    before = state.data["regions"]["golden_fields"]["power"]
    event(state, "ev02")
    assert state.data["regions"]["golden_fields"]["power"] == before + 1
    assert len(board(state, "elyse")["vaala_hand"]) == 1 and board(state, "adrael")["vaala_hand"] == []


def _ev03(state):
    event(state, "ev03")
    regions = state.data["regions"]
    assert regions["red_moon_crags"]["neutral"] == 0                        # Ferellon's figure
    assert regions["silverwood"]["neutral"] == 1                            # already had one: none added


def _ev04(state):
    board(state, "nagasha")["health"] = 4
    event(state, "ev04")
    answer(state, "deploy/cavalry@allarian_crownlands")
    assert units_of(state.data, "allarian_crownlands", "elyse")["cavalry"] == 2
    assert board(state, "nagasha")["health"] == 5


def _ev05(state):
    event(state, "ev05")
    answer_move(state, "allarian_crownlands", "golden_fields", {"cavalry": 1})       # staged (rules/actions.py)
    assert units_of(state.data, "golden_fields", "elyse")["cavalry"] == 1


def _ev06(state):
    board(state, "nagasha")["region"] = "allarian_crownlands"               # an oath pair, no arrival
    events = event(state, "ev06")
    assert kinds_of(events, "oath_rolled")[0]["general"] == "elyse"


def _ev07(state):
    board(state, "ferellon")["region"] = "silverwood"                       # one neutral unit there
    events = event(state, "ev07")
    assert pending(state) is None                                          # the AIs attacked on their own
    assert kinds_of(events, "combat_started") == [{"attacker": "ferellon", "target": "neutral",
                                                   "region": "silverwood"}]
    assert kinds_of(events, "icon_skipped")[0]["owner"] == "nagasha"       # no target where it is


def _ev08(state):
    event(state, "ev08")
    assert storm_active(state.data)
    assert state.data["modifiers"][-1]["kind"] == "mountains_closed"


def _ev09(state):
    give_power(state, "elyse", 1)
    event(state, "ev09")
    assert board(state, "elyse")["power"]["unspent"] == 1
    assert all(board(state, ch)["power"]["unspent"] == 1 for ch in ("nagasha", "adrael", "ferellon"))


def _ev10(state):
    put_power(state, "allarian_crownlands", 1)                             # Elyse's units guard it
    put_power(state, "serpent_mire", 2)
    event(state, "ev10")
    regions = state.data["regions"]
    assert regions["allarian_crownlands"]["power"] == 1 and regions["serpent_mire"]["power"] == 1
    assert regions["silverwood"]["power"] == 1                             # a neutral guards it


def _ev11(state):
    put_power(state, "allarian_crownlands", 1)
    event(state, "ev11")
    regions = state.data["regions"]
    assert regions["allarian_crownlands"]["neutral"] == 1
    assert regions["tyverian_bloodmarch"]["neutral"] == 0                  # controlled, but no token


def _ev12(state):
    board(state, "ferellon")["health"] = 2
    event(state, "ev12")
    assert board(state, "ferellon")["health"] == 3


EVENTS = {"ev01": _ev01, "ev02": _ev02, "ev03": _ev03, "ev04": _ev04, "ev05": _ev05, "ev06": _ev06,
          "ev07": _ev07, "ev08": _ev08, "ev09": _ev09, "ev10": _ev10, "ev11": _ev11, "ev12": _ev12}


@pytest.mark.rule("DRG-DEC-3", "DRG-EVENT-1")
@pytest.mark.parametrize("card", sorted(EVENTS))
def test_each_event_card_resolves_with_its_effect(card):
    state = started(("elyse",))
    EVENTS[card](state)
    settle_all(state)            # resolved outside execution: planning waits with nothing queued
    assert state.invariant_problems() == []


@pytest.mark.rule("DRG-POWER-13")
def test_tokens_pile_up_in_a_region_and_stay_until_removed_by_an_effect():
    state = started(("elyse",))
    clear_map(state)
    for _ in range(3):
        event(state, "ev01")
    assert state.data["regions"]["serpent_mire"]["power"] == 1             # ev01 needs no power there
    put_power(state, "serpent_mire", 4)
    assert state.data["regions"]["serpent_mire"]["power"] == 5
    event(state, "ev10")
    assert state.data["regions"]["serpent_mire"]["power"] == 4


@pytest.mark.rule("DRG-BONDED-3")
def test_a_bonded_actor_never_chooses_its_allys_pieces():
    state = started(("nagasha",))
    bond(state, "adrael", "nagasha")
    put_units(state, "adrael", "serpent_mire", infantry=1)
    put_units(state, "elyse", "serpent_mire", ranged=1)
    from .test_vaala import _cast
    _cast(state, "nagasha", "nag_v4")
    kind, seat, options = pending(state)
    assert options == ("elyse-ranged.1",)
    with pytest.raises(Refused) as refused:
        play(state, "0: answer adrael-infantry.1")
    assert refused.value.rule_id == "DRG-BONDED-3"


@pytest.mark.rule("DRG-VAALA-9")
def test_a_choice_no_option_spells_cites_the_rule_of_the_card_it_comes_from():
    state = started(("nagasha",))
    put_units(state, "elyse", "serpent_mire", ranged=1)
    from .test_vaala import _cast
    _cast(state, "nagasha", "nag_v4")                                      # a Vaala card's removal
    assert pending(state)[2] == ("elyse-ranged.1",)
    with pytest.raises(Refused) as refused:
        play(state, "0: answer elyse-ranged.3")
    assert (refused.value.rule_id, refused.value.reason) == ("DRG-VAALA-9", "3 of elyse-ranged are not there to choose")
