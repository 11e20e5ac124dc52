"""Cleanup (DRG-CLEANUP), rounds (DRG-ROUND), the end of the game and ties (DRG-END, DRG-TIE),
control (DRG-CONTROL), and the stack's rules during execution (DRG-STACK-5, DRG-EXEC), on live
game states edited directly; the stack is set up by hand so that no event or AI card interferes."""
from __future__ import annotations

import itertools

import pytest

from engine.core import Command, Refused
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import round as rounds
from engine.dragonbond.rules.control import controller
from engine.dragonbond.rules.round import cleanup, defeat, finish, power_of

from .scenario import board, pending, play, set_power, started
from .scenario import rule_ctx as ctx_of
from .test_region_cards import answer, executing

CROWN = "allarian_crownlands"
FORDS = "willow_fords"


def bond(state, a, b):
    board(state, a)["bonded_with"], board(state, b)["bonded_with"] = b, a
    board(state, a)["bond_card"] = board(state, b)["bond_card"] = "up"


def clear_map(state):
    for r in state.data["regions"].values():
        state.data["supply"]["neutral"] += r["neutral"]
        r["neutral"] = 0
        for ch, units in r["units"].items():
            for t, n in units.items():
                board(state, ch)["pool"][t] += n
        r["units"] = {}


def put_units(state, region, general, **units):
    here = state.data["regions"][region]["units"].setdefault(general, {"infantry": 0, "cavalry": 0, "ranged": 0})
    for t, n in units.items():
        here[t] += n
        board(state, general)["pool"][t] -= n


# --- cleanup -------------------------------------------------------------------------------------

@pytest.mark.rule("DRG-CLEANUP-4")
def test_cleanup_runs_cards_market_power_then_round_effects():
    state = started(("elyse",))
    ctx = ctx_of(state)
    cleanup(ctx)
    steps = [e.data["step"] for e in ctx.events if e.kind == "cleanup_step"]
    assert steps == ["cards", "region_cards", "market", "power", "round_effects"]
    kinds = [e.kind for e in ctx.events]
    assert kinds.index("market_refreshed") < kinds.index("cleanup_step", kinds.index("market_refreshed"))


@pytest.mark.rule("DRG-CLEANUP-7", "DRG-ROUND-5", "DRG-EVENT-7")
def test_round_effects_end_with_cleanup_and_the_next_round_begins():
    state = started(("elyse",))
    state.data["modifiers"] = [
        {"kind": "mountains_closed", "value": None, "side": "self", "holder": None, "when": {},
         "duration": "round", "source": "ev08"}]
    ctx = ctx_of(state)
    cleanup(ctx)
    assert state.data["modifiers"] == []
    assert state.data["round"] == 2
    DRG.drain(ctx)
    assert state.data["phase"] == "planning"


@pytest.mark.rule("DRG-ROUND-5")
def test_round_effects_end_when_the_game_ends():
    state = started(("elyse",))
    state.data["modifiers"] = [{"kind": "dice", "value": 1, "side": "self", "holder": "elyse", "when": {},
                                "duration": "round", "source": "ev01"}]
    finish(ctx_of(state), "event_deck_empty")
    assert state.data["modifiers"] == []


@pytest.mark.rule("DRG-POWER-12", "DRG-DEC-8", "DRG-CLEANUP-6")
def test_spent_tokens_turn_unspent_in_cleanup_and_still_count_before():
    state = started(("elyse",))
    set_power(state, "elyse", 1, 3)
    set_power(state, "ferellon", 0, 2)
    assert power_of(state.data, "elyse") == 4
    cleanup(ctx_of(state))
    assert board(state, "elyse")["power"] == {"unspent": 4, "spent": 0}
    assert board(state, "ferellon")["power"] == {"unspent": 2, "spent": 0}


# --- rounds and the end --------------------------------------------------------------------------

@pytest.mark.rule("DRG-ROUND-3")
def test_the_game_goes_on_without_a_win_a_defeat_or_an_empty_event_deck():
    state = started(("elyse",))
    events = executing(state)                              # an empty stack, events left: cleanup
    assert state.data["phase"] == "planning" and state.data["end"] is None
    assert "game_over" not in [e.kind for e in events]
    state.data["discards"]["event"] += state.data["decks"]["event"] + [
        e["card"] for e in state.data["stack"] if e["kind"] == "event"]
    state.data["decks"]["event"] = []
    state.data["stack"] = []
    executing(state)                                       # ...and it ends once the deck is empty
    assert state.data["phase"] == "over" and state.data["end"]["why"] == "event_deck_empty"
    with pytest.raises(Refused) as refused:
        play(state, "0: pass")
    assert refused.value.rule_id == "DRG-ROUND-3"


@pytest.mark.rule("DRG-END-5", "DRG-END-4")
def test_a_defeated_general_and_its_ally_are_eliminated_and_the_rest_are_scored():
    state = started(("elyse",))
    bond(state, "elyse", "nagasha")
    set_power(state, "nagasha", 9)
    set_power(state, "elyse", 2)
    set_power(state, "adrael", 3)
    set_power(state, "ferellon", 4)
    ctx = ctx_of(state)
    defeat(ctx, "elyse")
    end = state.data["end"]
    assert end["why"] == "general_defeated" and end["eliminated"] == ["elyse", "nagasha"]
    assert end["winners"] == ["ferellon"]
    assert any(e.kind == "general_defeated" for e in ctx.events)


@pytest.mark.rule("DRG-END-6", "DRG-BONDED-1")
def test_the_highest_score_wins_and_both_members_of_a_pair_win():
    state = started(("elyse",))
    bond(state, "adrael", "ferellon")
    set_power(state, "adrael", 6)
    set_power(state, "ferellon", 1)
    set_power(state, "elyse", 5)
    set_power(state, "nagasha", 4)
    finish(ctx_of(state), "event_deck_empty")
    assert state.data["end"]["winners"] == ["adrael", "ferellon"]       # 6, the higher member's count


@pytest.mark.rule("DRG-END-8")
def test_the_end_reports_winners_every_power_the_pairs_and_the_reason():
    state = started(("elyse",))
    bond(state, "elyse", "ferellon")
    set_power(state, "elyse", 3, 1)
    set_power(state, "nagasha", 2)
    ctx = ctx_of(state)
    finish(ctx, "event_deck_empty")
    end = state.data["end"]
    assert end["why"] == "event_deck_empty"
    assert end["power"] == {"elyse": 4, "nagasha": 2, "adrael": 0, "ferellon": 0}
    assert [sorted(p) for p in end["pairs"]] == [["elyse", "ferellon"]]
    over = next(e for e in ctx.events if e.kind == "game_over")
    assert over.data["reason"] == "event_deck_empty" and over.data["winners"] == end["winners"]
    assert over.data["scores"] == end["power"] and over.data["pairs"] == end["pairs"]
    assert state.outcome.winners == (0,) and "event_deck_empty" in state.outcome.reason


@pytest.mark.rule("DRG-TIE-2", "DRG-DEC-38")
def test_a_pair_ties_from_the_seat_of_the_member_whose_count_is_its_score():
    state = started(("elyse",), first=0)                   # action order: elyse, nagasha, adrael, ferellon
    bond(state, "elyse", "ferellon")
    set_power(state, "elyse", 3)
    set_power(state, "ferellon", 5)
    set_power(state, "adrael", 5)
    assert rounds.winners_by_score(state.data) == ("adrael",)            # Ferellon's seat is after Adrael's
    set_power(state, "elyse", 5)
    assert rounds.winners_by_score(state.data) == ("elyse", "ferellon")  # both have it: Elyse's seat


@pytest.mark.rule("DRG-TIE-3")
def test_the_tie_break_starts_from_whoever_holds_the_marker_at_the_end():
    state = started(("elyse", "adrael"), first=0)
    set_power(state, "elyse", 4)
    set_power(state, "adrael", 4)
    assert rounds.winners_by_score(state.data) == ("elyse",)
    state.data["first"] = "adrael"
    finish(ctx_of(state), "event_deck_empty")
    assert state.data["end"]["winners"] == ["adrael"]


@pytest.mark.rule("DRG-TIE-4")
def test_the_tie_break_always_yields_exactly_one_player_or_pair():
    state = started(("elyse",))
    chars = state.data["seating"]
    for powers in itertools.product((0, 2), repeat=4):
        for pair in (None, ("elyse", "nagasha"), ("adrael", "ferellon")):
            for ch in chars:
                board(state, ch)["bonded_with"] = None
            if pair:
                bond(state, *pair)
            for ch, n in zip(chars, powers):
                set_power(state, ch, n)
            won = rounds.winners_by_score(state.data)
            contenders = [m for m, _, _ in rounds.scores(state.data)]
            assert won in contenders


@pytest.mark.rule("DRG-GOAL-8")
def test_power_on_the_map_counts_for_nobody():
    state = started(("elyse",))
    state.data["regions"][CROWN]["power"] = 8                  # in a region Elyse controls
    state.data["supply"]["power"] -= 8
    set_power(state, "nagasha", 1)
    assert power_of(state.data, "elyse") == 0
    finish(ctx_of(state), "event_deck_empty")
    assert state.data["end"]["winners"] == ["nagasha"] and state.data["end"]["power"]["elyse"] == 0


# --- control -------------------------------------------------------------------------------------

@pytest.mark.rule("DRG-CONTROL-2", "DRG-UNIT-7", "DRG-DEC-55", "DRG-DEC-46", "DRG-CITY-7")
def test_figures_and_cities_never_grant_or_block_control():
    state = started(("elyse",))
    clear_map(state)
    board(state, "elyse")["region"] = FORDS                    # a general's figure alone
    state.data["regions"][FORDS]["city"] = "elyse"
    state.data["supply"]["cities"] -= 1
    assert controller(state.data, FORDS) is None
    put_units(state, FORDS, "adrael", infantry=1)              # Elyse's figure and city do not block
    board(state, "nagasha")["region"] = FORDS                  # nor does a dragon
    assert controller(state.data, FORDS) == "adrael"
    state.data["regions"][FORDS]["units"] = {}                 # the city stays when units leave
    board(state, "adrael")["pool"]["infantry"] += 1
    assert state.data["regions"][FORDS]["city"] == "elyse" and controller(state.data, FORDS) is None


@pytest.mark.rule("DRG-CONTROL-3", "DRG-CONTROL-4", "DRG-DEC-26")
def test_only_generals_control_and_empty_neutral_or_contested_regions_belong_to_nobody():
    state = started(("elyse",))
    clear_map(state)
    board(state, "ferellon")["region"] = FORDS
    assert controller(state.data, FORDS) is None                         # empty (a dragon alone)
    state.data["regions"][FORDS]["neutral"] = 1
    state.data["supply"]["neutral"] -= 1
    assert controller(state.data, FORDS) is None                         # neutral only
    put_units(state, FORDS, "elyse", cavalry=1)
    assert controller(state.data, FORDS) is None                         # with a neutral unit
    state.data["regions"][FORDS]["neutral"] = 0
    state.data["supply"]["neutral"] += 1
    assert controller(state.data, FORDS) == "elyse"
    put_units(state, FORDS, "adrael", ranged=1)
    assert controller(state.data, FORDS) is None                         # contested


@pytest.mark.rule("DRG-CONTROL-5")
def test_control_is_computed_from_the_board_never_stored():
    state = started(("elyse",))
    assert controller(state.data, CROWN) == "elyse"
    assert all("control" not in r and "controller" not in r for r in state.data["regions"].values())
    state.data["regions"][CROWN]["neutral"] = 1
    state.data["supply"]["neutral"] -= 1
    assert controller(state.data, CROWN) is None                         # at once, nothing to update


# --- the stack during execution ------------------------------------------------------------------

@pytest.mark.rule("DRG-STACK-5", "DRG-PLAN-7")
def test_no_card_enters_or_leaves_the_stack_during_execution_except_by_resolving():
    state = started(("elyse",))
    executing(state, ("rc_allarian_crownlands", "elyse"), ("ely_a2", "elyse"))
    assert pending(state)[0] == "icon_reinforce"
    stack = [dict(e) for e in state.data["stack"]]
    assert [e["card"] for e in stack] == ["rc_allarian_crownlands", "ely_a2"]
    for text in ("0: place ely_a3", "0: pass"):
        with pytest.raises(Refused):
            play(state, text)
    assert state.data["stack"] == stack
    assert "ely_a2" not in board(state, "elyse")["hand"]                 # placed: never taken back


@pytest.mark.rule("DRG-EXEC-6", "DRG-CLEANUP-1")
def test_when_the_last_card_resolves_execution_ends_then_cleanup_or_the_end():
    state = started(("elyse",))
    events = executing(state)
    phases = [e.data["phase"] for e in events if e.kind == "phase_changed"]
    assert phases == ["execution", "cleanup", "planning"]
    state2 = started(("elyse",))
    state2.data["discards"]["event"] += state2.data["decks"]["event"] + [e["card"] for e in state2.data["stack"]]
    state2.data["decks"]["event"], state2.data["stack"] = [], []
    events = executing(state2)
    assert [e.data["phase"] for e in events if e.kind == "phase_changed"] == ["execution"]
    assert state2.data["phase"] == "over"


@pytest.mark.rule("DRG-EXEC-7", "DRG-END-1")
def test_after_a_win_during_execution_the_rest_of_the_stack_does_not_resolve():
    state = started(("elyse",))
    set_power(state, "elyse", 9)
    state.data["regions"][CROWN]["power"] = 1                  # Elyse controls it: her collect wins
    state.data["supply"]["power"] -= 1
    events = executing(state, ("ely_a3", "elyse"), ("rc_allarian_crownlands", "elyse"))
    while pending(state):
        events += answer(state, pending(state)[2][0])
    assert state.data["end"]["winners"] == ["elyse"]
    revealed = [e.data["card"] for e in events if e.kind == "card_revealed"]
    assert revealed == ["ely_a3"]
    left = [e for e in state.data["stack"] if e["card"] == "rc_allarian_crownlands"]
    assert left and not left[0]["revealed"]


@pytest.mark.rule("DRG-EXEC-8", "DRG-HEAL-6")
def test_a_dragon_may_heal_instead_and_the_card_still_returns_to_its_owner():
    state = started(("nagasha",))
    board(state, "nagasha")["health"] = 2
    executing(state, ("nag_a4", "nagasha"))
    kind, seat, options = pending(state)
    assert (kind, seat, options) == ("heal_or_execute", 0, ("execute", "heal"))   # no "skip"
    with pytest.raises(Refused):
        state.apply(Command("answer", ("skip",), (), 0))
    answer(state, "heal")
    assert board(state, "nagasha")["health"] == 3
    assert "nag_a4" in board(state, "nagasha")["hand"]


@pytest.mark.rule("DRG-PLAN-12", "DRG-DEC-29")
def test_a_dragon_at_zero_health_may_still_place_cards():
    state = started(("nagasha",))
    board(state, "nagasha")["health"] = 0
    play(state, "0: place nag_a1")
    assert {"card": "nag_a1", "kind": "action", "owner": "nagasha", "revealed": False} in state.data["stack"]


@pytest.mark.rule("DRG-PLAN-13")
def test_a_general_may_place_a_region_card_without_controlling_its_region():
    state = started(("elyse",))
    state.data["regions"][CROWN]["neutral"] = 1
    state.data["supply"]["neutral"] -= 1
    assert controller(state.data, CROWN) is None
    play(state, "0: place rc_allarian_crownlands")
    assert {"card": "rc_allarian_crownlands", "kind": "region", "owner": "elyse",
            "revealed": False} in state.data["stack"]
