"""Solo and full co-operative modes (NEM-SOLO, NEM-COOP) and FAQ rulings of the end of the game."""
from __future__ import annotations

import pytest

from engine.core import Command, Refused
from engine.nemesis.rules import end, event_phase, intruders, turns, wounds
from tests.engine.nemesis.scenario import add_intruder, ctx, data, explore_all, place, set_bag, started


def first_encounter(match, seat=0, room="R006"):
    set_bag(match, "adult")
    c = ctx(match, seat)
    intruders.encounter(c, room, seat)
    from engine.nemesis.effects import NEM
    NEM.drain(c)


@pytest.mark.rule("NEM-SOLO-2", "NEM-MILESTONE-2", "NEM-MILESTONE-1")
def test_solo_keeps_one_of_two_objectives_at_the_first_encounter():
    match = started(1, mode="solo", characters=["sentry"])
    explore_all(match)
    place(match, 0, "R006", data(match)["players"][0]["hand"][:5])
    d = data(match)
    two = list(d["players"][0]["objectives"])
    assert len(two) == 2
    first_encounter(match)
    assert match.state.prompt.kind == "keep_objective" and match.state.prompt.seats == (0,)
    assert [c.args[0] for c in match.state.legal(0)] == ["o0", "o1"]   # by place: commands are public
    assert match.state.view(0)["players"][0]["objectives"] == two     # what the places name, for the owner
    with pytest.raises(Refused):
        match.apply(Command("answer", (two[1],), (), 0))              # never by the hidden id
    match.apply(Command("answer", ("o1",), (), 0))
    d = data(match)
    assert d["players"][0]["objectives"] == [two[1]] and two[0] in d["removed"]
    assert match.state.view(0)["removed"] == 1


@pytest.mark.rule("NEM-MILESTONE-1")
def test_standard_players_each_keep_one_objective_privately():
    match = started(3, characters=["sentry", "hacker", "janitor"])
    explore_all(match)
    place(match, 0, "R006", data(match)["players"][0]["hand"][:5])
    first_encounter(match)
    for seat in range(3):
        assert match.state.prompt.seats == (seat,)
        match.apply(match.state.legal(seat)[0])
    assert all(len(p["objectives"]) == 1 for p in data(match)["players"])


@pytest.mark.rule("NEM-COOP-1", "NEM-MILESTONE-2")
def test_coop_objectives_are_never_discarded():
    match = started(3, mode="coop", characters=["sentry", "hacker", "janitor"])
    explore_all(match)
    place(match, 0, "R006", data(match)["players"][0]["hand"][:5])
    before = [list(p["objectives"]) for p in data(match)["players"]]
    first_encounter(match)
    assert match.state.prompt.kind != "keep_objective"
    assert [p["objectives"] for p in data(match)["players"]] == before and all(len(b) == 1 for b in before)


@pytest.mark.rule("NEM-SOLO-5", "NEM-SOLO-6")
def test_solo_wins_alive_with_the_kept_objective_and_keeps_the_first_player_token():
    match = started(1, mode="solo", characters=["sentry"])
    d = data(match)
    for _ in range(2):
        match.apply(Command("pass", (), (), 0))
        while match.state.prompt.kind != "turn":
            match.apply(match.state.legal()[0])
        d = data(match)
        assert d["first"] == 0
    d["players"][0]["objectives"] = ["S9"]
    d["time_active"] = True
    d["players"][0]["where"] = "bunker"
    d["contingency_active"] = next(t for t in ("CT1", "CT2", "CT3") if t not in d["players"][0]["contingency"])
    end.purge(ctx(match), "test")
    assert match.state.outcome.winners == (0,)


def revive_table(**changes):
    match = started(2, mode="coop", characters=["sentry", "hacker"])
    explore_all(match)
    d = data(match)
    d["rooms"]["R006"]["tile"] = "emergency_room"
    d["rooms"]["R002"]["tile"] = "archive"
    place(match, 0, "R006")
    place(match, 1, "R002")
    p = d["players"][0]
    p["knowledge"], p["signal"], p["light"] = 4, True, 2
    p["serious"] = [{"card": "arm", "type": "arm", "dressed": False}]
    wounds.die(ctx(match), 0, "wounds")
    for key in changes:
        key(d) if callable(key) else None
    return match


@pytest.mark.rule("NEM-COOP-6", "NEM-COOP-7", "NEM-COOP-8")
def test_a_corpse_in_the_emergency_room_revives_at_the_start_of_the_round():
    match = revive_table()
    d = data(match)
    assert d["main_gate_open"] and "corpse" in d["rooms"]["R006"]["objects"]
    deck = sorted(d["players"][0]["deck"] + d["players"][0]["hand"] + d["players"][0]["discard"])
    d["players"][0]["deck"] += d["players"][0]["hand"]
    d["players"][0]["hand"] = []
    c = ctx(match)
    turns.start_round(c)
    p = d["players"][0]
    assert p["where"] == "facility" and p["room"] == "R006" and "corpse" not in d["rooms"]["R006"]["objects"]
    assert p["light"] == 0 and all(w["dressed"] for w in p["serious"]) and len(p["serious"]) == 1
    assert p["knowledge"] == 4 and p["signal"] and p["hands"] == [] and p["inventory"] == []
    assert sorted(p["deck"] + p["hand"] + p["discard"]) == deck
    kinds = [(e.kind, e.data.get("seat")) for e in c.events]
    assert kinds.index(("character_revived", 0)) < kinds.index(("cards_drawn", 0))
    wounds.die(ctx(match), 0, "wounds")                 # and again
    turns.start_round(ctx(match))
    assert d["players"][0]["where"] == "facility"


@pytest.mark.rule("NEM-COOP-6")
@pytest.mark.parametrize("block", ["malfunction", "intruder", "unexplored", "standard"])
def test_no_revive_in_a_broken_occupied_or_unexplored_emergency_room_or_outside_coop(block):
    match = revive_table()
    d = data(match)
    if block == "malfunction":
        d["rooms"]["R006"]["malfunction"] = True
    elif block == "intruder":
        add_intruder(match, "adult", "R006")
    elif block == "unexplored":
        d["rooms"]["R006"]["explored"] = False
    else:
        d["mode"] = "standard"
    turns.start_round(ctx(match))
    assert d["players"][0]["where"] == "dead"


@pytest.mark.rule("NEM-COOP-6", "NEM-COOP-7")
def test_a_carried_corpse_revives_when_its_carrier_stands_in_the_emergency_room():
    match = revive_table()
    d = data(match)
    d["rooms"]["R006"]["objects"].remove("corpse")
    place(match, 1, "R006")
    d["players"][1]["hands"] = [{"object": "corpse"}]
    turns.start_round(ctx(match))
    assert d["players"][0]["where"] == "facility" and d["players"][1]["hands"] == []


@pytest.mark.rule("NEM-COOP-9")
def test_revive_cannot_prevent_the_last_character_out_ending():
    match = revive_table()
    d = data(match)
    d["players"][1]["where"] = "dead"
    from engine.nemesis.rules import end as end_rules
    d["phase"] = "player"
    end_rules.check_last_out(ctx(match))
    assert d["phase"] == "over"


@pytest.mark.rule("NEM-FAQ-4")
def test_several_characters_can_survive_locked_in_the_isolation_room():
    match = started(2, characters=["sentry", "hacker"])
    d = data(match)
    for p in d["players"]:
        p["where"], p["room"] = "locked", "ISO"
    d["contingency_active"] = "CT1" if "CT1" not in [t for p in d["players"] for t in p["contingency"]] else "CT2"
    d["phase"] = "player"
    end.check_last_out(ctx(match))
    assert d["result"]["0"]["alive"] and d["result"]["1"]["alive"]


@pytest.mark.rule("NEM-FAQ-8", "NEM-ALERT-3")
def test_the_alert_ending_with_autodestruction_on_the_track_destroys_the_facility():
    match = started(2, characters=["sentry", "hacker"])
    d = data(match)
    d["alert"] = d["time"]
    d["selfdestruct"] = {"slot": 3, "colour": "yellow"}
    event_phase.e2_time(ctx(match))
    assert d["phase"] == "over" and d["end"]["kind"] == "destroyed"
