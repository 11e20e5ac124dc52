"""Rulings of spec section 6 (DRG-DEC-n) in the areas of set-up, planning, power and the AI deck,
each checked on a live game state."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.content import content
from engine.dragonbond.rules import power
from engine.dragonbond.rules.round import cleanup

from .scenario import board, new, pending, play, set_power, started, turn_of
from .scenario import rule_ctx as ctx_of


@pytest.mark.rule("DRG-DEC-6")
def test_each_general_has_six_of_each_type_and_there_are_24_neutral_units():
    state = started(("elyse",))
    data = state.data
    for ch in ("elyse", "adrael"):
        for t in ("infantry", "cavalry", "ranged"):
            on_map = sum(r["units"].get(ch, {}).get(t, 0) for r in data["regions"].values())
            assert board(state, ch)["pool"][t] + on_map == 6
    assert data["supply"]["neutral"] + sum(r["neutral"] for r in data["regions"].values()) == 24
    assert board(state, "nagasha")["pool"] is None                     # dragons own no units


@pytest.mark.rule("DRG-DEC-7")
def test_a_board_holds_ten_tokens_and_a_full_bonded_board_overflows_to_the_ally():
    state = started(("elyse",))
    assert content().params.power_hold_limit == 10
    board(state, "nagasha")["bonded_with"], board(state, "elyse")["bonded_with"] = "elyse", "nagasha"
    set_power(state, "nagasha", 7, 3)                                   # full: 10 spent and unspent
    set_power(state, "elyse", 3)
    ctx = ctx_of(state)
    supply = state.data["supply"]["power"]
    assert power.gain(ctx, "nagasha", 1) == 1                            # to the ally (DRG-POWER-7)
    assert power.power_of(state.data, "nagasha") == 10 and power.power_of(state.data, "elyse") == 4
    assert state.data["supply"]["power"] == supply - 1


@pytest.mark.rule("DRG-DEC-14")
def test_nobody_with_cards_may_pass_in_the_first_lap():
    state = started(("elyse", "nagasha"), first=0)
    assert content().params.first_lap_pass_allowed is False
    with pytest.raises(Refused) as refused:
        play(state, "0: pass to=1")
    assert refused.value.rule_id == "DRG-PASS-1"
    play(state, "0: place ely_a1")
    play(state, "1: place nag_a1")
    assert turn_of(state) == "elyse"                                    # second lap: passing is allowed
    play(state, "0: pass to=1")
    assert state.data["first"] == "nagasha"


@pytest.mark.rule("DRG-DEC-15", "DRG-DEC-54")
def test_a_first_player_who_passes_gives_the_marker_away_unless_alone():
    state = started(("elyse", "nagasha"), first=0)
    play(state, "0: place ely_a1")
    play(state, "1: place nag_a1")
    with pytest.raises(Refused) as refused:
        play(state, "0: pass")                                          # keeping it (the review's reading)
    assert refused.value.rule_id == "DRG-PASS-6"
    lone = started(("elyse",))
    play(lone, "0: place ely_a1")
    assert turn_of(lone) == "elyse"
    play(lone, "0: pass")
    assert lone.data["first"] == "elyse"


@pytest.mark.rule("DRG-DEC-16")
def test_an_ai_plays_its_top_card_is_skipped_when_empty_and_reshuffles_at_cleanup():
    state = started(("elyse",), first=0)
    deck = list(board(state, "nagasha")["ai_deck"])
    board(state, "adrael")["ai_played"] += board(state, "adrael")["ai_deck"]
    board(state, "adrael")["ai_deck"] = []
    events = play(state, "0: place ely_a1")
    placed = [e for e in state.data["stack"] if e["owner"] == "nagasha"]
    assert [e["card"] for e in placed] == [deck[-1]]                      # the top card (last)
    assert any(e.kind == "turn_skipped" and e.data["character"] == "adrael" for e in events)
    assert not [e for e in state.data["stack"] if e["owner"] == "adrael"]
    cleanup(ctx_of(state))
    assert len(board(state, "adrael")["ai_deck"]) == 5 and board(state, "adrael")["ai_played"] == []


@pytest.mark.rule("DRG-DEC-33")
def test_generals_collect_where_they_control_and_dragons_where_they_stand_unguarded():
    state = started(("elyse",))
    data = state.data
    ctx = ctx_of(state)
    data["regions"]["allarian_crownlands"]["power"] = 1
    data["supply"]["power"] -= 1
    assert power.collect_regions(ctx, "elyse") == ("allarian_crownlands",)
    assert "silverwood" not in power.collect_regions(ctx, "elyse")       # a guarded token
    board(state, "nagasha")["region"] = "silverwood"                      # token with a neutral guard
    assert power.collect_regions(ctx, "nagasha") == ()
    data["regions"]["silverwood"]["neutral"] = 0
    data["supply"]["neutral"] += 1
    assert power.collect_regions(ctx, "nagasha") == ("silverwood",)


@pytest.mark.rule("DRG-DEC-35")
def test_a_lost_token_is_a_spent_one_first_and_a_stolen_one_keeps_its_side():
    state = started(("elyse",))
    set_power(state, "adrael", 2, 1)
    ctx = ctx_of(state)
    power.steal(ctx, "nagasha", "adrael", 1)
    assert board(state, "adrael")["power"] == {"unspent": 2, "spent": 0}
    assert board(state, "nagasha")["power"] == {"unspent": 0, "spent": 1}
    power.lose(ctx, "adrael", 1)
    assert board(state, "adrael")["power"] == {"unspent": 1, "spent": 0}


@pytest.mark.rule("DRG-DEC-39")
def test_both_alternating_seatings_are_allowed_and_the_default_is_elyse_nagasha_adrael_ferellon():
    assert new(1, 1).data["seating"] == ["elyse", "nagasha", "adrael", "ferellon"]
    assert new(1, 1, seating="alternate").data["seating"] == ["elyse", "ferellon", "adrael", "nagasha"]
    roles = content().characters
    for seating in (new(1, s, seating="random").data["seating"] for s in range(6)):
        assert [roles[ch].role for ch in seating] == ["general", "dragon", "general", "dragon"]


@pytest.mark.rule("DRG-DEC-48")
def test_the_players_choose_a_human_as_first_player():
    state = new(2, 1, first_player="choose")
    play(state, "0: answer elyse")
    play(state, "1: answer nagasha")
    kind, seat, options = pending(state)
    assert kind == "choose_first_player" and seat == 0 and options == (0, 1)     # humans only
    play(state, "0: answer 1")
    assert state.data["first"] == "nagasha"


@pytest.mark.rule("DRG-DEC-53", "DRG-PLAN-11")
def test_an_event_that_cannot_be_drawn_is_simply_missing():
    state = started(("elyse",))
    data = state.data
    data["discards"]["event"] += data["decks"]["event"]
    data["decks"]["event"] = []
    play(state, "0: place ely_a1")
    events = play(state, "0: pass")
    assert any(e.kind == "event_missing" and e.data["which"] == "closing" for e in events)
