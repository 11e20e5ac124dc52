"""The planning phase (DRG-PLAN) and passing with the first-player marker (DRG-PASS)."""
from __future__ import annotations

import pytest

from engine.core import Refused

from .scenario import board, kinds, play, play_all, started, turn_of


@pytest.mark.rule("DRG-PLAN-1", "DRG-HIDDEN-4")
def test_opening_event_face_down_at_the_bottom():
    state = started(("elyse",))
    bottom = state.data["stack"][0]
    assert bottom["kind"] == "event" and not bottom["revealed"]
    assert state.data["decks"]["event"] and bottom["card"] not in state.data["decks"]["event"]
    assert state.view(0)["stack"][0]["card"] == "hidden"


@pytest.mark.rule("DRG-PLAN-2", "DRG-PLAN-5", "DRG-AI-3")
def test_turns_in_action_order_with_ais_placing_their_top_card():
    state = started(("elyse",))
    tops = {ch: board(state, ch)["ai_deck"][-1] for ch in ("nagasha", "adrael", "ferellon")}
    play(state, "0: place ely_a1")
    stack = state.data["stack"]
    assert [(e["owner"], e["card"]) for e in stack[1:]] == [
        ("elyse", "ely_a1"), ("nagasha", tops["nagasha"]), ("adrael", tops["adrael"]),
        ("ferellon", tops["ferellon"])]
    assert turn_of(state) == "elyse" and state.prompt.kind == "plan_turn"


@pytest.mark.rule("DRG-PLAN-2")
def test_the_first_player_starts_and_turns_go_clockwise():
    state = started(("elyse", "adrael"), first=1)
    assert turn_of(state) == "adrael"
    play(state, "1: place adr_a1")                     # ferellon (AI) then elyse
    assert turn_of(state) == "elyse"
    assert [e["owner"] for e in state.data["stack"][1:]] == ["adrael", "ferellon"]
    with pytest.raises(Refused) as refused:
        play(state, "1: place adr_a2")
    assert refused.value.rule_id == "DRG-PLAN-2"


@pytest.mark.rule("DRG-PLAN-3", "DRG-PLAN-4")
def test_only_cards_from_your_hand():
    state = started(("elyse", "nagasha"), first=0)
    for card in ("ely_v1", "ely_bond", "ev01", "up01", "nag_a1"):
        with pytest.raises(Refused) as refused:
            play(state, f"0: place {card}")
        assert refused.value.rule_id == "DRG-PLAN-4"
    events = play(state, "0: place rc_allarian_crownlands")
    assert state.data["stack"][-1] == {"card": "rc_allarian_crownlands", "kind": "region", "owner": "elyse",
                                       "revealed": False}
    assert "rc_allarian_crownlands" not in board(state, "elyse")["hand"]
    assert all("card" not in e.data for e in events if e.public)          # DRG-HIDDEN-10


@pytest.mark.rule("DRG-PLAN-6", "DRG-AI-4")
def test_an_ai_with_an_empty_deck_is_skipped():
    state = started(("elyse",))
    board(state, "nagasha")["ai_deck"] = []
    board(state, "nagasha")["ai_played"] = ["nag_a1", "nag_a2", "nag_a3", "nag_a4", "nag_a5", "nag_a6"]
    events = play(state, "0: place ely_a1")
    assert "turn_skipped" in kinds(events)
    assert "nagasha" not in [e["owner"] for e in state.data["stack"]]
    assert state.data["planning"]["turns"] == 4


@pytest.mark.rule("DRG-PASS-1", "DRG-PASS-2", "DRG-PLAN-8")
def test_no_pass_in_the_first_lap_with_cards_in_hand():
    state = started(("elyse", "nagasha"), first=0)
    assert "pass" not in [c.verb for c in state.legal()]
    with pytest.raises(Refused) as refused:
        play(state, "0: pass to=1")
    assert refused.value.rule_id == "DRG-PASS-1"
    play(state, "0: place ely_a1")
    with pytest.raises(Refused):
        play(state, "1: pass")
    play(state, "1: place nag_a1")       # adrael, ferellon (AIs) place; the second lap begins
    assert turn_of(state) == "elyse"
    assert "pass" in [c.verb for c in state.legal()]
    play(state, "0: place ely_a2")      # DRG-PLAN-8: more cards in a round
    assert [e["card"] for e in state.data["stack"] if e["owner"] == "elyse"] == ["ely_a1", "ely_a2"]


@pytest.mark.rule("DRG-PASS-3")
def test_a_human_with_no_card_must_pass_even_in_the_first_lap():
    state = started(("elyse", "nagasha"), first=0)
    state.data["decks"]["region"].append(board(state, "elyse")["hand"].pop())
    board(state, "nagasha")["hand"] += board(state, "elyse")["hand"]    # cards parked elsewhere
    board(state, "elyse")["hand"] = []
    assert [str(c) for c in state.legal()] == ["0: pass to=1"]


@pytest.mark.rule("DRG-PLAN-9", "DRG-PLAN-10", "DRG-STACK-1", "DRG-PASS-5")
def test_a_pass_ends_planning_and_the_closing_event_tops_the_stack():
    state = started(("elyse", "nagasha"), first=0)
    play(state, "0: place ely_a1")
    play(state, "1: place nag_a1")
    assert turn_of(state) == "elyse"                       # adrael and ferellon (AIs) placed
    play(state, "0: place ely_a2")
    stack_before = [dict(e) for e in state.data["stack"]]
    events = play_all(state, "1: pass")
    assert state.data["first"] == "nagasha"                # DRG-PASS-5
    assert kinds(events)[:3] == ["pass", "marker_moved", "card_placed"]
    placed = next(e for e in events if e.kind == "card_placed")
    assert placed.data["which"] == "closing"
    assert stack_before[0]["kind"] == "event" and len(stack_before) == 6
    assert [e.data["card"] for e in events if e.kind == "card_revealed"][:6] == [e["card"] for e in stack_before]


@pytest.mark.rule("DRG-PASS-6", "DRG-PASS-8")
def test_the_marker_holder_hands_it_to_another_human():
    state = started(("elyse", "nagasha", "adrael"), first=0)
    play(state, "0: place ely_a1")
    play(state, "1: place nag_a1")
    play(state, "2: place adr_a1")                          # ferellon (AI) places; Elyse again
    for text in ("0: pass", "0: pass to=0", "0: pass to=7"):
        with pytest.raises(Refused) as refused:
            play(state, text)
        assert refused.value.rule_id == "DRG-PASS-6"
    assert sorted(str(c) for c in state.legal() if c.verb == "pass") == ["0: pass to=1", "0: pass to=2"]
    play_all(state, "0: pass to=2")
    assert state.data["first"] == "adrael"
    assert state.data["planning"] is not None and turn_of(state) == "adrael"   # next round begins with him


@pytest.mark.rule("DRG-PASS-7")
def test_a_lone_human_keeps_the_marker():
    state = started(("nagasha",))
    play(state, "0: place nag_a1")
    with pytest.raises(Refused) as refused:
        play(state, "0: pass to=0")
    assert refused.value.rule_id == "DRG-PASS-7"
    play(state, "0: pass")
    assert state.data["first"] == "nagasha"


@pytest.mark.rule("DRG-PASS-4", "DRG-PASS-9")
def test_an_ai_never_passes_nor_holds_the_marker():
    state = started(("elyse",))
    passes = []
    while not state.is_terminal():
        events = state.apply(state.legal()[-1])            # pass whenever allowed
        passes += [e.data["owner"] for e in events if e.kind == "pass"]
        assert state.data["boards"][state.data["first"]]["seat"] is not None
    assert passes and set(passes) == {"elyse"}


@pytest.mark.rule("DRG-PLAN-11")
def test_a_missing_closing_event_when_the_deck_is_empty():
    state = started(("nagasha",))
    state.data["discards"]["event"] += state.data["decks"]["event"]
    state.data["decks"]["event"] = []
    play(state, "0: place nag_a1")
    events = play(state, "0: pass")
    assert any(e.kind == "event_missing" and e.data["which"] == "closing" for e in events)
