"""The end of the game, survival, contingencies, the Victory Check and objectives (NEM-END,
NEM-SURVIVE, NEM-CONTINGENCY, NEM-VICTORY, NEM-OBJECTIVE)."""
from __future__ import annotations

import pytest

from engine.core import Command
from engine.nemesis.content import content
from engine.nemesis.objectives import objective_met, player_by_number
from engine.nemesis.rules import end, event_phase
from tests.engine.nemesis.scenario import add_intruder, ctx, data, explore_all, kinds, place, started

COLOUR = {"GREEN": "CT1", "YELLOW": "CT4", "BLUE": "CT5", "GRAY": "CT6", "RED": "CT7"}


def table(players=3, mode=None, active="GREEN"):
    match = started(players, mode=mode, seed=3, characters=["sentry", "hacker", "janitor", "survivor"][:players])
    explore_all(match)
    d = data(match)
    for seat in range(players):
        place(match, seat, "R006")
        d["players"][seat]["knowledge"] = 6
        d["players"][seat]["signal"] = True
    held = [t for p in d["players"] for t in p["contingency"]] + d["neutral"] + [d["contingency_active"]]
    held.remove(COLOUR[active])
    d["contingency_active"] = COLOUR[active]
    for p in d["players"]:
        p["contingency"] = [held.pop() for _ in p["contingency"]]
    d["neutral"] = held
    return match


def finish(match, kind="purge"):
    c = ctx(match)
    (end.purge if kind == "purge" else end.destroy_facility)(c, "test")
    return c.events


# -- end of the game ---------------------------------------------------------------------------
@pytest.mark.rule("NEM-END-1", "NEM-SURVIVE-1", "NEM-SURVIVE-2")
def test_the_purge_kills_whoever_is_in_the_facility_and_spares_the_locked_in_and_intruders():
    match = table()
    d = data(match)
    d["players"][1]["where"] = "locked"
    d["players"][2]["where"] = "bunker"
    iid = add_intruder(match, "adult", "R010")
    finish(match, "purge")
    assert [p["where"] for p in d["players"]] == ["dead", "locked", "bunker"]
    assert iid in d["intruders"] and not d["queen_killed"]
    assert [d["result"][s]["alive"] for s in "012"] == [False, True, True]


@pytest.mark.rule("NEM-END-1", "NEM-TIME-2")
def test_the_time_token_reaching_s_ends_the_game_by_purge():
    match = table()
    d = data(match)
    d["time"] = 1
    c = ctx(match)
    event_phase.e2_time(c)
    assert d["phase"] == "over" and d["end"]["kind"] == "purge"


@pytest.mark.rule("NEM-END-3", "NEM-OBJECTIVE-6")
def test_destruction_kills_the_locked_in_and_every_intruder_and_counts_the_queen_killed():
    match = table()
    d = data(match)
    d["players"][1]["where"] = "locked"
    d["players"][2]["where"] = "evacuated"
    add_intruder(match, "queen", "R010")
    finish(match, "destroyed")
    assert [p["where"] for p in d["players"]] == ["dead", "dead", "evacuated"]
    assert d["intruders"] == {} and d["queen_killed"] and d["facility_destroyed"] and not d["nest_destroyed"]
    assert match.state.invariant_problems() == []


@pytest.mark.rule("NEM-END-2", "NEM-END-3")
def test_a_purge_with_autodestruction_on_the_track_destroys_the_facility():
    match = table()
    d = data(match)
    d["selfdestruct"] = {"slot": 5, "colour": "yellow"}
    finish(match, "purge")
    assert d["end"]["kind"] == "destroyed"


@pytest.mark.rule("NEM-END-4", "NEM-END-8", "NEM-SURVIVE-3")
def test_the_last_character_leaving_the_facility_ends_the_game_at_once():
    match = table(players=2)
    d = data(match)
    d["players"][1]["where"] = "bunker"
    d["players"][0]["serious"] = [{"card": None, "type": "generic", "dressed": False}] * 3
    d["players"][0]["hand"] = d["players"][0]["hand"] + d["players"][0]["deck"][:3]
    add_intruder(match, "adult", "R006")
    d["decks"]["attack"].append("A03")
    pay = d["players"][0]["hand"][0]
    events = match.apply(Command.parse(f"0: move R002 pay={pay}"))
    assert d["phase"] == "over" and d["end"]["kind"] == "purge"
    assert "game_ended" in kinds(events) and "event_phase" not in kinds(events)


@pytest.mark.rule("NEM-END-5", "NEM-END-6", "NEM-FAQ-2")
def test_a_pending_css_launch_is_resolved_before_the_end_and_other_pods_die():
    match = table()
    d = data(match)
    tiles = content().tiles
    d["rooms"]["R002"]["tile"], d["rooms"]["R004"]["tile"] = "css_b", "css_c"
    pods = sorted(tiles[r["tile"]].pod for r in d["rooms"].values() if tiles[r["tile"]].pod)[:2]
    launch = next(t for t in content().tokens.css_tokens if t.evacuates == {pods[0]})
    d["css"] = {str(d["time"]): launch.id}
    for seat, pod in ((0, pods[0]), (1, pods[1])):
        d["players"][seat]["where"], d["players"][seat]["pod"] = "pod", pod
        d["pods"][pod] = seat
    finish(match, "purge")
    assert d["players"][0]["where"] == "evacuated" and d["players"][1]["where"] == "dead"
    assert d["pods"] == {"A": None, "B": None, "C": None}


@pytest.mark.rule("NEM-END-6", "NEM-DEC-24")
def test_characters_in_pods_without_a_launch_die():
    match = table()
    d = data(match)
    d["css"] = {}
    d["players"][0]["where"], d["players"][0]["pod"] = "pod", "A"
    d["pods"]["A"] = 0
    finish(match, "purge")
    assert d["players"][0]["where"] == "dead"


@pytest.mark.rule("NEM-END-7", "NEM-VICTORY-6")
def test_nobody_surviving_means_everyone_loses_and_several_winners_are_possible():
    match = table()
    d = data(match)
    finish(match)
    assert match.state.outcome.winners == ()
    match = table()
    d = data(match)
    for seat in range(3):
        d["players"][seat]["where"] = "bunker"
        d["players"][seat]["objectives"] = ["K1"]                   # Signal sent: met
    finish(match)
    assert match.state.outcome.winners == (0, 1, 2)


# -- contingency --------------------------------------------------------------------------------
@pytest.mark.rule("NEM-CONTINGENCY-6", "NEM-VICTORY-1")
@pytest.mark.parametrize("colour,route,knowledge,signal,dies", [
    ("GREEN", "evacuated", 1, False, False),
    ("YELLOW", "bunker", 4, True, True), ("YELLOW", "bunker", 5, True, False),
    ("BLUE", "bunker", 9, False, True), ("BLUE", "bunker", 9, True, False),
    ("GRAY", "evacuated", 9, True, True), ("GRAY", "bunker", 9, True, False),
    ("RED", "locked", 9, True, True), ("RED", "evacuated", 9, True, False)])
def test_each_active_contingency(colour, route, knowledge, signal, dies):
    match = table(active=colour)
    d = data(match)
    p = d["players"][0]
    p["where"], p["knowledge"], p["signal"] = route, knowledge, signal
    events = finish(match)
    assert d["result"]["0"]["alive"] is (not dies)
    assert d["result"]["0"]["contingency"] is (not dies)
    revealed = next(e for e in events if e.kind == "contingency_revealed")
    assert revealed.data["colour"] == colour and revealed.reveals


@pytest.mark.rule("NEM-CONTINGENCY-7", "NEM-CONTINGENCY-1")
def test_only_the_active_token_counts():
    match = table(active="GREEN")
    d = data(match)
    d["players"][0]["contingency"] = ["CT7"] + [t for t in d["players"][0]["contingency"] if t != "CT7"][:0]
    d["neutral"] = [t for t in d["neutral"] if t != "CT7"]
    for p in d["players"][1:]:
        p["contingency"] = [t for t in p["contingency"] if t != "CT7"]
    d["players"][0]["where"] = "locked"
    finish(match)
    assert d["result"]["0"]["alive"]


# -- victory check ------------------------------------------------------------------------------
@pytest.mark.rule("NEM-VICTORY-2", "NEM-VICTORY-3")
def test_no_infected_card_and_no_larva_passes_the_contamination_check():
    match = table()
    d = data(match)
    p = d["players"][0]
    clean = [c.id for c in content().contamination if not c.infected]
    d["decks"]["contamination"] = [c for c in d["decks"]["contamination"] if c not in clean[:3]]
    p["discard"] += clean[:3]
    p["where"] = "bunker"
    finish(match)
    assert d["result"]["0"]["alive"] and d["result"]["0"]["contamination"] is True


@pytest.mark.rule("NEM-VICTORY-4")
def test_infection_means_four_cards_drawn_and_any_contamination_kills():
    match = table()
    d = data(match)
    p = d["players"][0]
    p["where"], p["larva"] = "bunker", True
    everything = p["hand"] + p["deck"] + p["discard"]
    contamination = d["decks"]["contamination"][:8]
    d["decks"]["contamination"] = d["decks"]["contamination"][8:]
    p["hand"], p["deck"], p["discard"] = [], everything[:0] + contamination, []
    d["players"][0]["deck"] += []
    finish(match)
    assert d["result"]["0"]["alive"] is False and d["result"]["0"]["reason"] == "contamination"
    match = table()
    d = data(match)
    d["players"][0]["where"], d["players"][0]["larva"] = "bunker", True
    finish(match)                                       # a Larva but no Contamination card at all
    assert d["result"]["0"]["alive"] is True


@pytest.mark.rule("NEM-VICTORY-5", "NEM-VIEW-5", "NEM-OBJECTIVE-1")
def test_at_the_victory_check_objectives_and_the_active_contingency_become_public():
    match = table()
    d = data(match)
    assert isinstance(match.state.view(1)["players"][0]["objectives"], int)
    assert match.state.view(1)["contingency_active"] == "hidden"
    d["players"][0]["where"] = "bunker"
    finish(match)
    view = match.state.view(1)
    assert view["players"][0]["objectives"] == d["players"][0]["objectives"]
    assert view["contingency_active"] == d["contingency_active"]


@pytest.mark.rule("NEM-VICTORY-7", "NEM-COOP-4")
def test_coop_wins_together_only_when_every_objective_is_met():
    match = table(players=2, mode="coop")
    d = data(match)
    d["players"][0]["where"] = "bunker"
    d["players"][0]["objectives"], d["players"][1]["objectives"] = ["S1"], ["S9"]
    d["time_active"] = True
    finish(match)
    assert match.state.outcome.winners == (0, 1)
    match = table(players=2, mode="coop")
    d = data(match)
    d["players"][0]["where"] = "bunker"
    d["players"][0]["objectives"], d["players"][1]["objectives"] = ["S1"], ["S9"]
    finish(match)                                       # S9 not met: the team loses
    assert match.state.outcome.winners == ()


@pytest.mark.rule("NEM-VICTORY-8")
def test_the_result_reports_route_checks_and_objective_per_player():
    match = table()
    d = data(match)
    d["players"][0]["where"] = "bunker"
    d["players"][0]["objectives"] = ["K1"]
    finish(match)
    entry = d["result"]["0"]
    assert entry["route"] == "bunker" and entry["contingency"] is True and entry["contamination"] is True
    assert entry["objective"] == "K1" and entry["objective_met"] and entry["won"]
    assert "seat 0 Sentry: in the Bunker, alive, objective K1 met" in match.state.outcome.reason


# -- objectives -----------------------------------------------------------------------------------
@pytest.mark.rule("NEM-OBJECTIVE-2")
def test_a_met_objective_without_surviving_does_not_win():
    match = table()
    d = data(match)
    d["players"][0]["objectives"] = ["K1"]
    finish(match)
    assert d["result"]["0"]["objective_met"] and not d["result"]["0"]["won"]


@pytest.mark.rule("NEM-OBJECTIVE-3", "NEM-OBJECTIVE-5")
def test_cannot_survive_counts_deaths_from_the_contingency():
    match = table(active="YELLOW")
    d = data(match)
    for seat in (0, 1):
        d["players"][seat]["where"] = "bunker"
    d["players"][1]["knowledge"] = 2                    # dies to the YELLOW contingency
    d["players"][0]["objectives"] = ["P2"]              # Player 2 cannot survive
    finish(match)
    assert d["result"]["1"]["alive"] is False and d["result"]["0"]["won"]


@pytest.mark.rule("NEM-OBJECTIVE-4", "NEM-DEC-23")
def test_player_n_means_help_card_n_and_the_holders_own_number_means_the_next():
    d = data(table(players=3))
    assert player_by_number(d, 0, 2) == 1
    assert player_by_number(d, 1, 2) == 2
    assert player_by_number(d, 2, 3) == 0


@pytest.mark.rule("NEM-OBJECTIVE-6", "NEM-DEC-77")
def test_queen_and_nest_objectives_after_a_purge_need_what_happened_before():
    match = table()
    d = data(match)
    add_intruder(match, "queen", "R010")
    finish(match, "purge")
    assert not objective_met(d, 0, "K9") and not objective_met(d, 0, "K3")
    match = table()
    d = data(match)
    finish(match, "destroyed")
    assert objective_met(d, 0, "K9") and not objective_met(d, 0, "K3")


@pytest.mark.rule("NEM-OBJECTIVE-7")
def test_explore_sections_counts_only_those_sections():
    match = table()
    d = data(match)
    board = content().board
    assert objective_met(d, 0, "K7")
    s3 = next(r for r in board.section_rooms("S03") if d["rooms"][r]["tile"] not in ("isolation_room",
                                                                                     "backup_power"))
    d["rooms"][s3]["explored"] = False
    assert objective_met(d, 0, "K7") and not objective_met(d, 0, "K8")


@pytest.mark.rule("NEM-OBJECTIVE-8")
def test_discover_a_weakness_needs_w2_or_w3_revealed():
    match = table()
    d = data(match)
    assert not objective_met(d, 0, "K2")
    d["weaknesses"][2]["revealed"] = True
    assert objective_met(d, 0, "K2")
