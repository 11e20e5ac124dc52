"""Set-up (spec 4.2, DRG-SETUP-1..17) for 1–4 humans."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.content import content
from engine.dragonbond.setup import SEATINGS

from .scenario import board, new, play, started


@pytest.mark.rule("DRG-SETUP-2", "DRG-AI-1")
def test_each_human_picks_a_distinct_character_and_the_rest_are_ai():
    state = new(2)
    assert state.prompt.kind == "choose_character"
    play(state, "0: answer nagasha")
    with pytest.raises(Refused) as refused:
        play(state, "1: answer nagasha")
    assert refused.value.rule_id == "DRG-SETUP-2"
    play(state, "1: answer adrael")
    assert state.data["humans"] == ["nagasha", "adrael"]
    assert [ch for ch, b in state.data["boards"].items() if b["seat"] is None] == ["elyse", "ferellon"]


@pytest.mark.rule("DRG-SETUP-2")
def test_characters_taken_from_the_option():
    state = new(3, characters="in_order")
    assert state.data["humans"] == ["elyse", "nagasha", "adrael"]
    assert state.prompt.kind == "plan_turn"


@pytest.mark.rule("DRG-SETUP-3")
@pytest.mark.parametrize("seating", ["default", "alternate"])
def test_seats_alternate_generals_and_dragons(seating):
    state = started(("elyse",), seating=seating)
    order = state.data["seating"]
    assert order == list(SEATINGS[seating])
    assert [content().role(ch) for ch in order] == ["general", "dragon", "general", "dragon"]


@pytest.mark.rule("DRG-SETUP-4", "DRG-SETUP-5", "DRG-SETUP-6", "DRG-SETUP-7", "DRG-SETUP-17")
def test_boards_and_figures_at_start():
    state = started(("elyse", "ferellon"))
    data = state.data
    for ch, b in data["boards"].items():
        assert b["bond_card"] == "down" and b["bonded_with"] is None
        assert b["region"] == content().characters[ch].start_region
        assert b["power"] == {"unspent": 0, "spent": 0} and b["upgrades"] == []
    assert board(state, "nagasha")["health"] == 5 and board(state, "ferellon")["health"] == 6
    for general, region in (("elyse", "allarian_crownlands"), ("adrael", "tyverian_bloodmarch")):
        assert data["regions"][region]["units"][general] == {"infantry": 1, "cavalry": 1, "ranged": 1}
        assert board(state, general)["pool"] == {"infantry": 5, "cavalry": 5, "ranged": 5}
    assert data["round"] == 1 and data["phase"] == "planning"


@pytest.mark.rule("DRG-SETUP-8", "DRG-SETUP-9", "DRG-SETUP-10", "DRG-SETUP-11")
def test_hands_for_humans_decks_for_ais():
    state = started(("elyse", "nagasha"))
    c = content()
    elyse, nagasha, adrael = board(state, "elyse"), board(state, "nagasha"), board(state, "adrael")
    assert sorted(elyse["hand"]) == sorted([*c.characters["elyse"].action_cards, "rc_allarian_crownlands"])
    assert sorted(nagasha["hand"]) == sorted(c.characters["nagasha"].action_cards)
    assert sorted(elyse["vaala_deck"]) == sorted(c.characters["elyse"].vaala_cards) and elyse["vaala_hand"] == []
    assert adrael["hand"] == [] and adrael["vaala_deck"] == []
    assert sorted(adrael["ai_deck"]) == sorted(c.characters["adrael"].action_cards)
    assert "rc_tyverian_bloodmarch" in state.data["decks"]["region"]      # no region card for an AI general
    assert len(state.data["decks"]["region"]) == 11


@pytest.mark.rule("DRG-SETUP-11")
def test_ai_decks_are_shuffled():
    orders = {tuple(board(started(("elyse",), seed=s), "ferellon")["ai_deck"]) for s in range(8)}
    assert len(orders) > 1


@pytest.mark.rule("DRG-SETUP-10")
def test_vaala_decks_are_shuffled():
    orders = {tuple(board(started(("elyse",), seed=s), "elyse")["vaala_deck"]) for s in range(8)}
    assert len(orders) > 1


@pytest.mark.rule("DRG-SETUP-12", "DRG-SETUP-13")
def test_upgrade_market_and_event_deck():
    state = started(("elyse",))
    data = state.data
    assert len(data["market"]) == 6 and len(data["decks"]["upgrade"]) == 6
    assert len(data["decks"]["event"]) == 11 and len(data["stack"]) >= 1    # one opening event drawn
    orders = {tuple(started(("elyse",), seed=s).data["decks"]["event"]) for s in range(6)}
    assert len(orders) > 1
    markets = {tuple(started(("elyse",), seed=s).data["market"]) for s in range(6)}
    assert len(markets) > 1                                                  # the upgrades are shuffled


@pytest.mark.rule("DRG-SETUP-14", "DRG-SETUP-15")
def test_power_and_neutral_units_on_non_start_regions():
    state = started(("elyse",))
    data = state.data
    for region in content().map.order:
        here = data["regions"][region]
        start = content().map.regions[region].start_of is not None
        assert (here["power"], here["neutral"]) == ((0, 0) if start else (1, 1))
    assert data["supply"] == {"power": 42, "neutral": 16, "cities": 12}


@pytest.mark.rule("DRG-SETUP-16", "DRG-AI-5")
def test_first_player_marker_goes_to_a_human():
    for seed in range(10):
        state = started(("nagasha", "adrael"), seed=seed)
        assert state.data["first"] in ("nagasha", "adrael")
    state = started(("nagasha", "adrael"), first=1)
    assert state.data["first"] == "adrael"


@pytest.mark.rule("DRG-SETUP-16")
def test_first_player_choice_offers_humans_only():
    state = new(2, characters="in_order", first_player="choose")
    assert state.prompt.kind == "choose_first_player"
    assert [c.args[0] for c in state.legal()] == [0, 1]
    with pytest.raises(Refused):
        play(state, "0: answer 2")
