"""The command stack and execution (DRG-STACK, DRG-EXEC), cleanup and the end of the game, views,
and seeded random whole games with the invariants checked after every command."""
from __future__ import annotations

import random

import pytest

from engine.core import Refused

from .scenario import board, new, play, play_all, started


def _plan_and_pass(state, seat=0):
    """Seat 0 (the only human) places one card, then passes in the second lap."""
    play(state, f"{seat}: place {board(state, state.data['humans'][seat])['hand'][0]}")
    return play_all(state, f"{seat}: pass")


@pytest.mark.rule("DRG-STACK-3", "DRG-ROUND-1", "DRG-ROUND-2")
def test_cards_are_revealed_one_at_a_time_in_the_order_placed():
    state = started(("elyse",))
    play(state, "0: place ely_a1")
    stack_order = [e["card"] for e in state.data["stack"]]
    events = play_all(state, "0: pass")
    closing = next(e for e in events if e.kind == "card_placed")
    assert closing.data["which"] == "closing"
    revealed = [e for e in events if e.kind == "card_revealed"]
    assert [e.data["card"] for e in revealed][:len(stack_order)] == stack_order
    assert all(e.reveals for e in revealed)
    phases = [e.data["phase"] for e in events if e.kind == "phase_changed"]
    assert phases[:3] == ["execution", "cleanup", "planning"]
    assert state.data["round"] == 2


@pytest.mark.rule("DRG-EXEC-2", "DRG-EXEC-3", "DRG-EVENT-6", "DRG-CLEANUP-2")
def test_events_are_discarded_and_action_cards_return_to_their_owners():
    state = started(("elyse",))
    play(state, "0: place ely_a1")
    ai_cards = {e["owner"]: e["card"] for e in state.data["stack"] if e["owner"] not in (None, "elyse")}
    _ = play_all(state, "0: pass")
    assert len(state.data["discards"]["event"]) == 2
    assert "ely_a1" in board(state, "elyse")["hand"]
    for ch, card in ai_cards.items():                      # played pile, then shuffled back in cleanup
        assert card in board(state, ch)["ai_deck"] and board(state, ch)["ai_played"] == []
        assert len(board(state, ch)["ai_deck"]) == 6 - (ch == "adrael")


@pytest.mark.rule("DRG-REGIONCARD-6", "DRG-CONTROL-1")
def test_a_region_card_goes_to_the_controlling_human_general_or_the_deck():
    state = started(("elyse", "adrael"), first=0)
    play(state, "0: place rc_allarian_crownlands")
    state.data["regions"]["allarian_crownlands"]["neutral"] = 1   # nobody controls it now
    state.data["supply"]["neutral"] -= 1
    play(state, "1: place adr_a1")
    play(state, "0: place ely_a2")                                # deploys only: the neutral unit stays
    events = play_all(state, "1: pass")
    routed = [e.data for e in events if e.kind == "region_card_routed"]
    assert routed[0] == {"card": "rc_allarian_crownlands", "to": "region_deck"}
    assert "rc_allarian_crownlands" not in board(state, "elyse")["hand"]
    assert "rc_tyverian_bloodmarch" in board(state, "adrael")["hand"]          # cleanup (DRG-CLEANUP-3)


@pytest.mark.rule("DRG-CLEANUP-3")
def test_cleanup_gives_region_cards_to_controlling_human_generals():
    state = started(("elyse",))
    state.data["regions"]["willow_fords"].update(neutral=0, units={"elyse": {"infantry": 1, "cavalry": 0,
                                                                             "ranged": 0}})
    state.data["supply"]["neutral"] += 1
    board(state, "elyse")["pool"]["infantry"] -= 1
    state.data["decks"]["region"].remove("rc_golden_fields")             # held, but not controlled
    board(state, "elyse")["hand"].append("rc_golden_fields")
    from .test_region_cards import executing
    executing(state)                                                     # an empty stack: cleanup
    assert state.data["round"] == 2
    assert "rc_willow_fords" in board(state, "elyse")["hand"]
    assert "rc_willow_fords" not in state.data["decks"]["region"]
    assert "rc_golden_fields" in state.data["decks"]["region"]
    assert "rc_golden_fields" not in board(state, "elyse")["hand"]


@pytest.mark.rule("DRG-CLEANUP-6", "DRG-CLEANUP-5")
def test_cleanup_refreshes_spent_power_and_the_market():
    state = started(("elyse",))
    state.data["supply"]["power"] -= 3
    board(state, "elyse")["power"] = {"unspent": 1, "spent": 2}
    _plan_and_pass(state)
    assert board(state, "elyse")["power"] == {"unspent": 3, "spent": 0}
    assert len(state.data["market"]) == 6


@pytest.mark.rule("DRG-END-2", "DRG-ROUND-4", "DRG-CLEANUP-1")
def test_the_game_ends_when_the_event_deck_is_empty_after_execution():
    state = started(("elyse",))
    rounds = 0
    while not state.is_terminal():
        _plan_and_pass(state)
        rounds += 1
    assert rounds == 6 and state.data["round"] == 6
    assert state.data["end"]["why"] == "event_deck_empty" and state.data["phase"] == "over"
    with pytest.raises(Refused):
        play(state, "0: pass")


@pytest.mark.rule("DRG-END-3", "DRG-TIE-1", "DRG-END-7", "DRG-GOAL-7")
def test_highest_power_wins_ties_by_action_order_and_an_ai_can_win():
    state = started(("elyse",))
    state.data["decks"]["event"] = state.data["decks"]["event"][:1]
    state.data["discards"]["event"] += started(("elyse",)).data["decks"]["event"][1:]
    state.data["supply"]["power"] -= 4
    board(state, "nagasha")["power"]["unspent"] = 2
    board(state, "ferellon")["power"]["spent"] = 2
    while not state.is_terminal():
        _plan_and_pass(state)
    assert state.data["end"]["winners"] == ["nagasha"]        # tie with Ferellon: earlier from the first player
    assert state.outcome.winners == ()


@pytest.mark.rule("DRG-STACK-2", "DRG-HIDDEN-2", "DRG-HIDDEN-3", "DRG-AI-20", "DRG-HIDDEN-7")
def test_views_hide_hands_faces_and_deck_order():
    state = started(("elyse", "nagasha"), first=0)
    play(state, "0: place ely_a1")
    mine, theirs = state.view(0), state.view(1)
    assert mine["stack"][1] == {"kind": "action", "owner": "elyse", "revealed": False, "card": "ely_a1"}
    assert theirs["stack"][1]["card"] == "hidden" and theirs["stack"][1]["owner"] == "elyse"
    assert theirs["boards"]["elyse"]["hand"] == {"action": 4, "region": 1}
    assert sorted(mine["boards"]["elyse"]["hand"]) == sorted(board(state, "elyse")["hand"])
    assert theirs["boards"]["adrael"]["ai_deck"] == 5 and theirs["decks"]["event"] == 11
    assert theirs["boards"]["elyse"]["vaala_deck"] == 5
    assert theirs["decks"]["region"] == state.data["decks"]["region"]
    assert "ely_a1" not in repr(state.view(None)["stack"])


@pytest.mark.rule("DRG-ROUND-3")
@pytest.mark.parametrize("humans", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_whole_games_keep_the_invariants(humans, seed):
    options = {"characters": "pick", "seating": "random", "first_player": "choose"} if seed % 2 else {}
    state = new(humans, seed, **options)
    pick = random.Random(seed * 10 + humans)
    for _ in range(2_000):
        if state.is_terminal():
            break
        legal = state.legal()
        assert legal, state.prompt
        state.apply(pick.choice(legal))
        assert state.invariant_problems() == []
    assert state.is_terminal()                              # DRG-ROUND-3: the only three ways to end
    assert state.data["end"]["why"] in ("event_deck_empty", "power_goal", "general_defeated")
