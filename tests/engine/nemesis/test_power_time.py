"""Power, the Time track, Autodestruction, the Alert Procedure, noise removal, Fire, Malfunctions,
Doors and Slime (NEM-POWER, NEM-TIME, NEM-SELFDESTRUCT, NEM-ALERT, NEM-NOISEREMOVE, NEM-FIRE,
NEM-MALF, NEM-DOOR, NEM-SLIME, NEM-MILESTONE-4..6)."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.nemesis.rules import board_markers, event_phase, facility, moving
from engine.nemesis.rules.places import in_darkness

from .scenario import add_intruder, ctx, data, in_tile, pay, place, play, rig, started


@pytest.fixture
def match():
    return started(2, seed=13)


def D(match):
    return data(match)


def power_only(match, *locations: str) -> None:
    d = D(match)
    d["active_power"] = sorted(d["power"][loc] for loc in locations)


# -- power ---------------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-POWER-1")
@pytest.mark.rule("NEM-SETUP-6")
def test_four_power_locations_tokens_one_and_two_active(match):
    d = D(match)
    assert sorted(d["power"]) == ["ELEVATOR", "S01", "S02", "S03"]
    assert sorted(d["power"].values()) == [1, 2, 3, 4] and d["active_power"] == [1, 2]


@pytest.mark.rule("NEM-POWER-2")
@pytest.mark.rule("NEM-POWER-4")
@pytest.mark.rule("NEM-POWER-6")
def test_darkness_follows_the_section_token_when_checked(match):
    place(match, 0, "R003")
    power_only(match, "S01")
    assert not in_darkness(D(match), 0)
    power_only(match, "S02", "S03", "ELEVATOR")
    assert in_darkness(D(match), 0)


@pytest.mark.rule("NEM-POWER-3")
@pytest.mark.rule("NEM-NOISEREMOVE-1")
def test_noise_removed_only_in_powered_sections(match):
    d = D(match)
    power_only(match, "S01")
    d["corridors"]["C01"]["noise"] = True          # S-01
    d["corridors"]["C12"]["noise"] = True          # S-02
    for p in d["players"]:
        p["where"] = "dead"
    event_phase.e3_noise_removal(ctx(match))
    assert not d["corridors"]["C01"]["noise"] and d["corridors"]["C12"]["noise"]


@pytest.mark.rule("NEM-NOISEREMOVE-1")
@pytest.mark.rule("NEM-NOISEREMOVE-3")
def test_a_character_at_either_end_keeps_the_noise_but_not_from_a_pod(match):
    d = D(match)
    d["active_power"] = [1, 2, 3, 4]
    d["corridors"]["C01"]["noise"] = True
    d["corridors"]["C03"]["noise"] = True
    place(match, 0, "R001")
    place(match, 1, "R003")
    d["players"][1]["where"] = "pod"
    event_phase.e3_noise_removal(ctx(match))
    assert d["corridors"]["C01"]["noise"] and not d["corridors"]["C03"]["noise"]


@pytest.mark.rule("NEM-NOISEREMOVE-2")
def test_tech_noise_is_never_removed(match):
    d = D(match)
    d["active_power"] = [1, 2, 3, 4]
    d["tech_noise"] = True
    event_phase.e3_noise_removal(ctx(match))
    assert d["tech_noise"]


@pytest.mark.rule("NEM-POWER-5")
def test_power_drop_takes_the_highest_active_token_wherever(match):
    d = D(match)
    d["active_power"] = [1, 3, 4]
    event_phase.power_drop(ctx(match))
    assert d["active_power"] == [1, 3]
    d["active_power"] = []
    event_phase.power_drop(ctx(match))
    assert d["active_power"] == []


@pytest.mark.rule("NEM-POWER-7")
def test_power_flip_may_take_the_elevator_as_a_fourth_section(match):
    d = D(match)
    token = d["power"]["ELEVATOR"]
    was = token in d["active_power"]
    facility.power_flip(ctx(match), "ELEVATOR")
    assert (token in d["active_power"]) != was


# -- the Time track -----------------------------------------------------------------------------------

@pytest.mark.rule("NEM-TIME-1")
@pytest.mark.rule("NEM-TIME-3")
@pytest.mark.rule("NEM-DEC-76")
def test_time_moves_one_slot_and_thresholds_drop_power(match):
    d = D(match)
    d["time"] = 14                                  # leaving 14: red threshold
    d["active_power"] = [1, 2]
    d["time_active"] = True
    event_phase.e2_time(ctx(match))
    assert d["time"] == 13 and d["active_power"] == [1, 2]      # red, Time token active: nothing
    event_phase.e2_time(ctx(match))                 # leaving 13: blue, always
    assert d["time"] == 12 and d["active_power"] == [1]
    d["time"], d["time_active"] = 11, False
    event_phase.e2_time(ctx(match))                 # red, Time token inactive: a drop
    assert d["active_power"] == []


@pytest.mark.rule("NEM-TIME-5")
@pytest.mark.rule("NEM-MILESTONE-4")
@pytest.mark.rule("NEM-MILESTONE-6")
def test_isolation_opens_when_time_reaches_eight_once(match):
    d = D(match)
    d["time"] = 9
    events = ctx(match)
    event_phase.e2_time(events)
    assert d["rooms"]["ISO"]["face"] == "open" and d["milestones"]["isolation_open"]
    c = ctx(match)
    event_phase.e2_time(c)
    assert "isolation_opened" not in [e.kind for e in c.events]


@pytest.mark.rule("NEM-TIME-2")
@pytest.mark.rule("NEM-END-1")
@pytest.mark.rule("NEM-TIME-6")
def test_reaching_s_ends_the_game_with_a_purge(match):
    d = D(match)
    assert d["time"] == 15
    d["time"] = 1
    place(match, 0, "R003")
    event_phase.e2_time(ctx(match))
    assert d["phase"] == "over" and d["end"]["kind"] == "purge"
    assert d["players"][0]["where"] == "dead"


@pytest.mark.rule("NEM-SELFDESTRUCT-4")
@pytest.mark.rule("NEM-MILESTONE-5")
@pytest.mark.rule("NEM-DEC-71")
def test_yellow_autodestruction_turns_red_and_opens_the_gate(match):
    d = D(match)
    d["time"] = 10
    d["selfdestruct"] = {"slot": 10, "colour": "yellow"}
    event_phase.e2_time(ctx(match))
    assert d["selfdestruct"] == {"slot": 7, "colour": "red"}
    assert d["main_gate_open"] and d["milestones"]["selfdestruct_red"]


@pytest.mark.rule("NEM-SELFDESTRUCT-5")
@pytest.mark.rule("NEM-END-3")
def test_red_autodestruction_passed_destroys_the_facility(match):
    d = D(match)
    d["time"] = 7
    d["selfdestruct"] = {"slot": 7, "colour": "red"}
    place(match, 0, "R003")
    d["players"][1]["where"] = "locked"
    event_phase.e2_time(ctx(match))
    assert d["facility_destroyed"] and d["players"][0]["where"] == "dead"
    assert d["players"][1]["where"] == "dead" and d["queen_killed"]


@pytest.mark.rule("NEM-SELFDESTRUCT-6")
@pytest.mark.rule("NEM-DEC-53")
def test_autodestruction_on_s_at_the_end_destroys(match):
    d = D(match)
    d["time"] = 1
    d["selfdestruct"] = {"slot": 0, "colour": "yellow"}
    event_phase.e2_time(ctx(match))
    assert d["facility_destroyed"]


@pytest.mark.rule("NEM-ALERT-3")
@pytest.mark.rule("NEM-END-2")
def test_alert_end_is_a_purge_or_with_autodestruction_a_destruction(match):
    d = D(match)
    d["time"], d["alert"] = 6, 6
    event_phase.e2_time(ctx(match))
    assert d["phase"] == "over" and d["end"]["kind"] == "purge"
    m = started(2, seed=13)
    d = data(m)
    d["time"], d["alert"] = 6, 6
    d["selfdestruct"] = {"slot": 2, "colour": "yellow"}
    event_phase.e2_time(ctx(m))
    assert d["facility_destroyed"]


@pytest.mark.rule("NEM-ALERT-4")
def test_alert_token_never_moves(match):
    d = D(match)
    d["time"] = 12
    facility.alert_start(ctx(match))
    slot = d["alert"]
    event_phase.e2_time(ctx(match))
    assert d["alert"] == slot == 6


# -- Fire and Malfunction -----------------------------------------------------------------------------

@pytest.mark.rule("NEM-FIRE-1")
@pytest.mark.rule("NEM-FIRE-2")
@pytest.mark.rule("NEM-FIRE-8")
def test_one_fire_per_room_even_unexplored_and_removed_fire_returns(match):
    d = D(match)
    c = ctx(match)
    board_markers.place(c, "fire", "R005", by=None)
    board_markers.place(c, "fire", "R005", by=None)
    assert d["rooms"]["R005"]["fire"] and board_markers.placed(c, "fire") == 1
    board_markers.remove(c, "fire", "R005")
    assert board_markers.placed(c, "fire") == 0


@pytest.mark.rule("NEM-FIRE-7")
def test_thirteenth_fire_destroys_the_facility(match):
    d = D(match)
    rooms = list(d["rooms"])
    for room in rooms[:12]:
        d["rooms"][room]["fire"] = True
    board_markers.place(ctx(match), "fire", rooms[12], by=None)
    assert d["facility_destroyed"]


@pytest.mark.rule("NEM-MALF-1")
@pytest.mark.rule("NEM-MALF-4")
@pytest.mark.rule("NEM-MALF-6")
def test_one_malfunction_per_room_staircases_allowed(match):
    d = D(match)
    c = ctx(match)
    board_markers.place(c, "malfunction", "ST12", by=None)
    board_markers.place(c, "malfunction", "ST12", by=None)
    assert d["rooms"]["ST12"]["malfunction"] and board_markers.placed(c, "malfunction") == 1
    board_markers.remove(c, "malfunction", "ST12")
    assert board_markers.placed(c, "malfunction") == 0


@pytest.mark.rule("NEM-MALF-5")
def test_eleventh_malfunction_destroys_the_facility(match):
    d = D(match)
    for room in [r for r in d["rooms"] if r != "R003"][:10]:
        d["rooms"][room]["malfunction"] = True
    d["rooms"]["R003"].update(explored=True, tile="archive")
    board_markers.place(ctx(match), "malfunction", "R003", by=None)
    assert d["facility_destroyed"]


@pytest.mark.rule("NEM-FIRE-3")
@pytest.mark.rule("NEM-ACTION-14")
def test_ending_a_turn_in_fire_hurts_once(match):
    in_tile(match, 0, "archive")
    D(match)["rooms"]["R003"]["fire"] = True
    play(match, "0: pass")
    assert D(match)["players"][0]["light"] == 1


@pytest.mark.rule("NEM-FIRE-4")
@pytest.mark.rule("NEM-FIRE-5")
def test_event_phase_fire_burns_intruders_and_one_egg_not_characters(match):
    d = D(match)
    place(match, 0, "R003")
    d["rooms"]["R003"].update(fire=True, objects=["egg", "egg"])
    iid = add_intruder(match, "larva", "R003")
    event_phase.e5_fire(ctx(match))
    assert iid not in d["intruders"] and d["rooms"]["R003"]["objects"] == ["egg"]
    assert d["players"][0]["light"] == 0


@pytest.mark.rule("NEM-FIRE-9")
@pytest.mark.rule("NEM-DEC-82")
def test_fire_injury_once_per_intruder_per_step(match):
    d = D(match)
    for room in ("R003", "R004"):
        d["rooms"][room]["fire"] = True
    iid = add_intruder(match, "adult", "R003")
    retreat = next(c for c, card in __import__("engine.nemesis.content", fromlist=["content"]).content()
                   .attacks.items() if card.blood == "retreat")
    d["decks"]["attack"].remove(retreat)
    d["decks"]["attack"].append(retreat)
    event_card = next(e for e, card in __import__("engine.nemesis.content", fromlist=["content"]).content()
                      .events.items() if card.move[0] == 1)     # R003 exit 1 → R004 (burning)
    d["decks"]["event"].remove(event_card)
    d["decks"]["event"].append(event_card)
    event_phase.e5_fire(ctx(match))
    assert d["intruders"][iid]["room"] == "R004" and d["intruders"][iid]["injuries"] == 1


# -- Doors and Slime ----------------------------------------------------------------------------------

@pytest.mark.rule("NEM-DOOR-1")
@pytest.mark.rule("NEM-DOOR-3")
def test_doors_start_open_and_a_closed_one_blocks_characters(match):
    d = D(match)
    assert all(c["door"] == "open" for c in d["corridors"].values())
    in_tile(match, 0, "archive", room="R002")
    d["corridors"]["C03"]["door"] = "closed"
    with pytest.raises(Refused) as err:
        play(match, f"0: move R003 {pay(match, 0, 1)}")
    assert err.value.rule_id == "NEM-MOVE-2"


@pytest.mark.rule("NEM-DOOR-2")
@pytest.mark.rule("NEM-DOOR-8")
def test_one_door_per_corridor_borrowed_when_all_are_out(match):
    d = D(match)
    c = ctx(match)
    corridors = sorted(d["corridors"])
    for cid in corridors[:11]:
        d["corridors"][cid]["door"] = "closed"
    assert facility.set_door(c, corridors[20], "closed")
    assert facility.doors_on_board(d) == 11 and d["corridors"][corridors[0]]["door"] == "open"
    assert not facility.set_door(c, corridors[20], "closed")


@pytest.mark.rule("NEM-DOOR-4")
@pytest.mark.rule("NEM-EVENT-5")
def test_intruders_break_a_closed_door_once_and_all_stay(match):
    d = D(match)
    a, b = add_intruder(match, "adult", "R003"), add_intruder(match, "adult", "R003")
    d["corridors"]["C05"]["door"] = "closed"              # R003 exit 1
    from engine.nemesis.content import content
    card = next(e for e, ev in content().events.items() if ev.move == (1,) and "adult" in ev.symbols)
    d["decks"]["event"].remove(card)
    d["decks"]["event"].append(card)
    event_phase.e6_event(ctx(match))
    assert d["corridors"]["C05"]["door"] == "destroyed"
    assert d["intruders"][a]["room"] == "R003" and d["intruders"][b]["room"] == "R003"


@pytest.mark.rule("NEM-DOOR-5")
@pytest.mark.rule("NEM-DOOR-6")
def test_destroyed_door_stays_destroyed(match):
    d = D(match)
    c = ctx(match)
    assert facility.set_door(c, "C01", "closed") and d["corridors"]["C01"]["door"] == "closed"
    assert facility.set_door(c, "C01", "open") and d["corridors"]["C01"]["door"] == "open"
    d["corridors"]["C01"]["door"] = "destroyed"
    assert not facility.set_door(c, "C01", "closed")
    assert d["corridors"]["C01"]["door"] == "destroyed"


@pytest.mark.rule("NEM-DOOR-7")
def test_doors_do_not_affect_noise(match):
    d = D(match)
    place(match, 0, "R002")
    d["players"][0]["hand"] = []
    d["corridors"]["C01"].update(noise=True, door="closed")   # R002 exit 2
    rig(match, "2")
    moving.noise_roll(ctx(match), 0)
    assert not d["corridors"]["C01"]["noise"]               # the Encounter cleared it


@pytest.mark.rule("NEM-DOOR-10")
def test_main_gate_is_not_a_door(match):
    d = D(match)
    c = ctx(match)
    for corridor in ("C01", "C02"):
        facility.set_door(c, corridor, "closed")
    assert not d["main_gate_open"]
    d["main_gate_open"] = True
    for corridor in ("C01", "C02"):
        facility.set_door(c, corridor, "destroyed")
    assert d["main_gate_open"]


@pytest.mark.rule("NEM-SLIME-1")
@pytest.mark.rule("NEM-SLIME-2")
def test_slime_is_single_and_turns_silence_into_danger(match):
    d = D(match)
    place(match, 0, "R002")
    d["players"][0]["slime"] = True
    d["players"][0]["slime"] = True
    assert d["players"][0]["slime"] is True
    rig(match, "SILENCE")
    c = ctx(match)
    moving.noise_roll(c, 0)
    assert "danger_noise" in [e.kind for e in c.events]


@pytest.mark.rule("NEM-DOOR-9")
def test_a_grenade_cannot_reach_through_a_closed_door(match):
    in_tile(match, 0, "archive", room="R002")
    D(match)["players"][0]["inventory"].append({"item": "grenade"})

    def targets() -> set:
        return {c.get("target") for c in match.state.legal() if c.verb == "item" and c.args[0] == "grenade"}
    assert any("R003" in str(t) for t in targets())
    D(match)["corridors"]["C03"]["door"] = "closed"
    assert not any("R003" in str(t) for t in targets()) and any("R001" in str(t) for t in targets())
