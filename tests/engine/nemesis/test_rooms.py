"""Room actions (NEM-ROOM, NEM-SIGNAL, NEM-ELEVATOR, NEM-CSS entry) in command notation."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.nemesis.content import content
from engine.nemesis.rules import hand

from .scenario import add_intruder, cards, data, in_tile, kinds, pay, place, play, rig, set_hand, started


def refused(match, text: str) -> str:
    before = repr(data(match))
    with pytest.raises(Refused) as err:
        play(match, text)
    assert repr(data(match)) == before
    return err.value.rule_id


@pytest.fixture
def match():
    return started(2, seed=5)


_current = {}


@pytest.fixture(autouse=True)
def _live(match):
    _current["match"] = match


def D():
    """The live state (a refusal rolls back by replacing it, so never keep it across one)."""
    return data(_current["match"])


# -- general -------------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-ROOM-1")
def test_room_action_needs_that_room_out_of_combat_without_malfunction(match):
    room = in_tile(match, 0, "transmitter_control")
    assert refused(match, f"0: room power_section {pay(match, 0, 2)}") == "NEM-ROOM-1"   # not this Room's
    add_intruder(match, "adult", room)
    assert refused(match, f"0: room send_signal {pay(match, 0, 2)}") == "NEM-ROOM-1"
    assert not [c for c in match.state.legal() if c.verb == "room"]


@pytest.mark.rule("NEM-MALF-3")
@pytest.mark.rule("NEM-ROOM-1")
def test_malfunction_disables_the_room_action(match):
    room = in_tile(match, 0, "transmitter_control")
    data(match)["rooms"][room]["malfunction"] = True
    assert refused(match, f"0: room send_signal {pay(match, 0, 2)}") == "NEM-MALF-3"


@pytest.mark.rule("NEM-ROOM-2")
def test_room_action_repeats_paying_each_time(match):
    in_tile(match, 0, "power_generator", hand_size=5)
    section = "S01"
    token = data(match)["power"][section]
    play(match, f"0: room power_section {pay(match, 0, 2)}")
    assert token not in data(match)["active_power"]
    play(match, f"0: room power_section {pay(match, 0, 2)}")
    assert token in data(match)["active_power"]
    assert len(data(match)["players"][0]["hand"]) == 1


@pytest.mark.rule("NEM-ROOM-3")
@pytest.mark.rule("NEM-FIRE-6")
def test_fire_does_not_stop_room_actions(match):
    room = in_tile(match, 0, "transmitter_control")
    data(match)["rooms"][room]["fire"] = True
    play(match, f"0: room send_signal {pay(match, 0, 2)}")
    assert data(match)["players"][0]["signal"]


@pytest.mark.rule("NEM-COST-5")
@pytest.mark.rule("NEM-COST-8")
def test_concussion_adds_one_to_room_actions_once(match):
    in_tile(match, 0, "transmitter_control")
    data(match)["players"][0]["serious"] = [{"card": None, "type": "head", "dressed": False}] * 2
    assert refused(match, f"0: room send_signal {pay(match, 0, 2)}") == "NEM-COST-1"
    play(match, f"0: room send_signal {pay(match, 0, 3)}")
    assert len(data(match)["players"][0]["hand"]) == 2


# -- the rooms -----------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-ROOM-4")
@pytest.mark.rule("NEM-CONTINGENCY-4")
def test_archive_gives_knowledge_activates_token_and_peeks(match):
    in_tile(match, 0, "archive")
    player = data(match)["players"][0]
    k = player["knowledge"]
    token = data(match)["players"][1]["contingency"][0]
    events = play(match, f"0: room examine_archives target=seat1.0 {pay(match, 0, 2)}")
    assert player["knowledge"] == k + 2 and player["knowledge_active"]
    assert player["known"]["contingency"][-1]["what"]["token"] == token
    private = [e for e in events if e.kind == "peek_result"]
    assert private and private[0].audience == frozenset({0})
    assert refused(match, f"0: room examine_archives target=seat1.0 {pay(match, 0, 2)}") == "NEM-ROOM-4"


@pytest.mark.rule("NEM-ROOM-5")
def test_cave_entrance_moves_through_tech_then_adult_attack_no_noise(match):
    in_tile(match, 0, "cave_entrance")
    D()["rooms"]["R014"]["explored"] = True
    adult = next(a.id for a in content().attacks.values() if "adult" in a.symbols and a.blood != "retreat")
    D()["decks"]["attack"].remove(adult)
    D()["decks"]["attack"].append(adult)
    assert refused(match, f"0: room move_through_tech target=R006 {pay(match, 0, 1)}") == "NEM-ROOM-5"
    events = play(match, f"0: room move_through_tech target=R014 {pay(match, 0, 1)}")
    assert D()["players"][0]["room"] == "R014"
    attack = [e for e in events if e.kind == "intruder_attack"]
    assert attack and attack[0].data["card"] == adult and attack[0].data["hit"]
    assert "noise_roll" not in kinds(events)


@pytest.mark.rule("NEM-ROOM-6")
@pytest.mark.rule("NEM-SELFDESTRUCT-1")
@pytest.mark.rule("NEM-SELFDESTRUCT-2")
def test_cooling_system_starts_autodestruction_once(match):
    in_tile(match, 0, "cooling_system")
    data(match)["time"] = 10
    play(match, f"0: room initiate_autodestruction {pay(match, 0, 2)}")
    assert data(match)["selfdestruct"] == {"slot": 7, "colour": "yellow"}
    assert refused(match, f"0: room initiate_autodestruction {pay(match, 0, 2)}") == "NEM-SELFDESTRUCT-2"


@pytest.mark.rule("NEM-SELFDESTRUCT-1")
def test_autodestruction_near_the_end_lands_on_s(match):
    in_tile(match, 0, "cooling_system")
    data(match)["time"] = 2
    play(match, f"0: room initiate_autodestruction {pay(match, 0, 2)}")
    assert data(match)["selfdestruct"]["slot"] == 0


@pytest.mark.rule("NEM-ROOM-7")
@pytest.mark.rule("NEM-INFECT-5")
@pytest.mark.rule("NEM-SLIME-3")
def test_decontamination_removes_infected_larva_and_slime(match):
    infected = next(c.id for c in content().contamination if c.infected)
    clean = next(c.id for c in content().contamination if not c.infected)
    in_tile(match, 0, "decon_room")
    set_hand(match, 0, cards(match, 0, 2) + [infected, clean])
    player = data(match)["players"][0]
    player["larva"] = player["slime"] = True
    play(match, f"0: room decontamination {pay(match, 0, 2)}")
    assert player["hand"] == [clean] and clean in player["scanned"]
    assert data(match)["decks"]["contamination"][0] == infected
    assert not player["larva"] and not player["slime"]


@pytest.mark.rule("NEM-ROOM-8")
def test_emergency_room_treats_one_way(match):
    in_tile(match, 0, "emergency_room", hand_size=6)
    player = data(match)["players"][0]
    player["light"] = 2
    player["serious"] = [{"card": "torso", "type": "torso", "dressed": False},
                         {"card": "arm", "type": "arm", "dressed": True}]
    play(match, f"0: room treat_wounds option=heal_light {pay(match, 0, 2)}")
    assert player["light"] == 0 and len(player["serious"]) == 2
    play(match, f"0: room treat_wounds option=heal_serious {pay(match, 0, 2)}")
    assert player["serious"] == [{"card": "torso", "type": "torso", "dressed": False}]
    data(match)["turn"] = {"seat": 0, "actions": 0, "first_turn_moves": 0}
    assert refused(match, f"0: room treat_wounds option=heal_light {pay(match, 0, 2)}") == "NEM-ROOM-8"


@pytest.mark.rule("NEM-ROOM-9")
def test_laboratory_research_reveals_next_weakness_then_removes(match):
    room = in_tile(match, 0, "laboratory", hand_size=6)
    D()["rooms"][room]["objects"] = ["egg", "egg"]
    player = D()["players"][0]
    k = player["knowledge"]
    events = play(match, f"0: room analyze_object target=egg {pay(match, 0, 2)}")
    assert player["knowledge"] == k + 3
    assert D()["weaknesses"][1]["revealed"] and D()["weaknesses"][1]["object"] == "egg"
    assert "object_researched" in kinds(events)
    play(match, f"0: room analyze_object target=egg {pay(match, 0, 2)}")
    assert not D()["weaknesses"][2]["revealed"] and D()["rooms"][room]["objects"] == []


@pytest.mark.rule("NEM-ROOM-10")
def test_laboratory_cannot_analyse_what_another_carries(match):
    room = in_tile(match, 0, "laboratory")
    place(match, 1, room)
    data(match)["players"][1]["hands"] = [{"object": "carcass"}]
    assert refused(match, f"0: room analyze_object target=held.carcass {pay(match, 0, 2)}") == "NEM-ROOM-9"
    data(match)["players"][0]["hands"] = [{"object": "carcass"}]
    play(match, f"0: room analyze_object target=held.carcass {pay(match, 0, 2)}")
    assert data(match)["players"][0]["hands"] == []


@pytest.mark.rule("NEM-ROOM-11")
@pytest.mark.rule("NEM-CSS-3")
@pytest.mark.rule("NEM-CSS-4")
@pytest.mark.rule("NEM-ACTION-15")
def test_enter_pod_needs_a_css_window_then_discards_and_passes(match):
    in_tile(match, 0, "css_b")
    D()["time"] = 12
    assert refused(match, f"0: room enter_pod {pay(match, 0, 1)}") == "NEM-CSS-3"
    D()["time"] = 11
    play(match, f"0: room enter_pod {pay(match, 0, 1)}")
    player = D()["players"][0]
    assert player["where"] == "pod" and D()["pods"]["B"] == 0 and player["hand"] == []
    assert player["passed"] and D()["turn"]["seat"] == 1


@pytest.mark.rule("NEM-CSS-2")
@pytest.mark.rule("NEM-CSS-6")
def test_pod_holds_one_and_is_entered_only_from_its_room(match):
    in_tile(match, 0, "css_a")
    D()["time"] = 13
    D()["pods"]["A"] = 1
    assert refused(match, f"0: room enter_pod {pay(match, 0, 1)}") == "NEM-CSS-3"
    D()["pods"]["A"] = None
    play(match, f"0: room enter_pod {pay(match, 0, 1)}")
    assert D()["pods"] == {"A": 0, "B": None, "C": None}


@pytest.mark.rule("NEM-ROOM-12")
@pytest.mark.rule("NEM-HEAVY-4")
def test_take_an_egg_into_a_free_hand_then_noise(match):
    in_tile(match, 0, "nest")
    eggs = D()["nest_eggs"]
    rig(match, "SILENCE")
    events = play(match, f"0: room take_egg {pay(match, 0, 1)}")
    assert D()["nest_eggs"] == eggs - 1 and {"object": "egg"} in D()["players"][0]["hands"]
    assert "noise_roll" in kinds(events)
    D()["players"][0]["hands"].append({"object": "carcass"})
    assert refused(match, f"0: room take_egg {pay(match, 0, 1)}") == "NEM-HEAVY-4"


@pytest.mark.rule("NEM-ROOM-13")
@pytest.mark.rule("NEM-ROOM-22")
@pytest.mark.rule("NEM-MALF-2")
def test_nest_and_contaminated_room_never_hold_a_malfunction(match):
    from engine.nemesis.rules import board_markers

    from .scenario import ctx
    for tile, room in (("nest", "R003"), ("contaminated_room", "R004")):
        D()["rooms"][room].update(tile=tile, explored=True)
        board_markers.place(ctx(match), "malfunction", room, by=None)
        assert not D()["rooms"][room]["malfunction"]
    assert not content().tiles["contaminated_room"].actions
    board_markers.place(ctx(match), "malfunction", "R005", by=None)     # unexplored
    assert not D()["rooms"]["R005"]["malfunction"]


@pytest.mark.rule("NEM-ROOM-14")
@pytest.mark.rule("NEM-SELFDESTRUCT-3")
@pytest.mark.rule("NEM-SELFDESTRUCT-7")
def test_power_generator_stops_only_a_yellow_autodestruction(match):
    in_tile(match, 0, "power_generator", hand_size=6)
    assert refused(match, f"0: room stop_autodestruction {pay(match, 0, 2)}") == "NEM-SELFDESTRUCT-7"
    D()["selfdestruct"] = {"slot": 4, "colour": "red"}
    assert refused(match, f"0: room stop_autodestruction {pay(match, 0, 2)}") == "NEM-SELFDESTRUCT-7"
    D()["selfdestruct"] = {"slot": 4, "colour": "yellow"}
    play(match, f"0: room stop_autodestruction {pay(match, 0, 2)}")
    assert D()["selfdestruct"] is None


@pytest.mark.rule("NEM-ROOM-15")
@pytest.mark.rule("NEM-POWER-2")
def test_power_generator_flips_its_own_section_whatever_the_time_token(match):
    room = in_tile(match, 0, "power_generator", room="R012")
    D()["time_active"] = False
    D()["active_power"] = [D()["power"]["S01"]]
    play(match, f"0: room power_section {pay(match, 0, 2)}")
    assert D()["power"]["S03"] in D()["active_power"]
    assert room == "R012"


@pytest.mark.rule("NEM-ROOM-16")
@pytest.mark.rule("NEM-SIGNAL-1")
@pytest.mark.rule("NEM-SIGNAL-2")
def test_send_signal_once_public(match):
    in_tile(match, 0, "transmitter_control", hand_size=6)
    play(match, f"0: room send_signal {pay(match, 0, 2)}")
    play(match, f"0: room send_signal {pay(match, 0, 2)}")
    assert data(match)["players"][0]["signal"] is True
    assert match.state.view(1)["players"][0]["signal"] is True


@pytest.mark.rule("NEM-SIGNAL-3")
@pytest.mark.rule("NEM-SIGNAL-4")
def test_check_objective_needs_another_signal_and_is_private(match):
    in_tile(match, 0, "transmitter_control")
    assert refused(match, f"0: room check_objective target=1 {pay(match, 0, 2)}") == "NEM-SIGNAL-4"
    D()["players"][1]["signal"] = True
    events = play(match, f"0: room check_objective target=1 {pay(match, 0, 2)}")
    shown = [e for e in events if e.kind == "peek_result"]
    assert shown[0].audience == frozenset({0}) and shown[0].data["what"] == D()["players"][1]["objectives"]
    assert match.state.view(1)["players"][0]["known"] == "hidden"


def answer_interruptions(match) -> None:
    while match.state.prompt is not None and match.state.prompt.kind == "interruption":
        play(match, f"{match.state.prompt.seats[0]}: answer pass")


@pytest.mark.rule("NEM-ROOM-17")
@pytest.mark.rule("NEM-ROOM-18")
def test_schedule_css_peeks_then_moves_one_slot(match):
    in_tile(match, 0, "css_control", hand_size=6)
    D()["time"] = 14
    token = D()["css"]["9"]
    play(match, f"0: room schedule_css target=9 {pay(match, 0, 1)}")
    answer_interruptions(match)
    assert D()["players"][0]["known"]["css"][-1]["where"] == 9          # seen before deciding
    assert match.state.prompt.kind == "css_move" and match.state.prompt.seats == (0,)
    assert {c.args[0] for c in match.state.legal(0)} == {"left", "right", "stay"}
    play(match, "0: answer right")
    assert D()["css"]["8"] == token and "9" not in D()["css"]


@pytest.mark.rule("NEM-ROOM-18")
@pytest.mark.rule("NEM-CSS-13")
def test_css_token_moves_are_limited(match):
    from engine.nemesis.rules.facility import css_move_problem
    d = D()
    d["time"] = 13
    assert css_move_problem(d, 13, -1)                  # on the Time token's slot
    assert css_move_problem(d, 11, 1) is None and css_move_problem(d, 11, 2)   # 13 is taken
    assert css_move_problem(d, 12, 1)                   # no face-down token there
    d["time"] = 12
    assert css_move_problem(d, 11, 1)                   # onto the Time token
    d["css"]["0"] = d["css"].pop("3")
    assert css_move_problem(d, 0, -1)                   # off the track
    d["css_launched"].append(d["css"].pop("11"))
    assert css_move_problem(d, 11, -1)                  # launched: gone from the track


@pytest.mark.rule("NEM-ROOM-19")
@pytest.mark.rule("NEM-ROOM-20")
def test_exterminate_the_threat(match):
    room = in_tile(match, 0, "defense_control", hand_size=6)
    D()["rooms"]["R014"].update(explored=True, tile="archive")
    iid = add_intruder(match, "larva", "R014")
    place(match, 1, "R014")
    D()["rooms"][room]["items"] = 1
    play(match, f"0: room exterminate option=items target=R014 {pay(match, 0, 2)}")
    assert D()["rooms"][room]["items"] == 0 and not D()["rooms"][room]["malfunction"]
    assert D()["rooms"]["R014"]["malfunction"] and iid not in D()["intruders"]
    assert len(D()["players"][1]["serious"]) == 1
    add_intruder(match, "adult", "R013")
    D()["rooms"]["R013"].update(explored=True, tile="surgery")
    assert refused(match, f"0: room exterminate option=items target=R013 {pay(match, 0, 2)}") == "NEM-ROOM-19"
    play(match, f"0: room exterminate option=malfunction target=R013 {pay(match, 0, 2)}")
    assert D()["rooms"][room]["malfunction"]           # now unusable: the counter was the only repeat


@pytest.mark.rule("NEM-ROOM-21")
@pytest.mark.rule("NEM-DEC-73")
def test_guard_room_takes_a_taser_or_suit_from_the_crafted_deck(match):
    room = in_tile(match, 0, "guard_room")
    D()["rooms"][room]["items"] = 1
    play(match, f"0: room take_equipment option=enviro_suit {pay(match, 0, 2)}")
    assert {"item": "enviro_suit", "ammo": None} in D()["players"][0]["inventory"] and D()["rooms"][room]["items"] == 0
    assert D()["crafted"].count("enviro_suit") == 2
    assert refused(match, f"0: room take_equipment option=taser {pay(match, 0, 2)}") == "NEM-ROOM-21"


@pytest.mark.rule("NEM-ROOM-23")
def test_surgery_cleans_wounds_reshuffles_and_passes(match):
    infected = next(c.id for c in content().contamination if c.infected)
    in_tile(match, 0, "surgery")
    player = D()["players"][0]
    set_hand(match, 0, cards(match, 0, 3))
    player["discard"].append(infected)
    D()["decks"]["contamination"].remove(infected)
    player["larva"] = True
    play(match, f"0: room surgical_procedure {pay(match, 0, 2)}")
    assert infected not in player["deck"] + player["discard"] + player["hand"]
    assert not player["larva"] and player["light"] == 1
    assert player["hand"] == [] and player["discard"] == [] and len(player["deck"]) == 10
    assert player["passed"]


@pytest.mark.rule("NEM-ROOM-24")
def test_testing_lab_needs_knowledge_4(match):
    in_tile(match, 0, "testing_lab")
    D()["players"][0]["knowledge"] = 3
    assert refused(match, f"0: room take_neutralizer {pay(match, 0, 2)}") == "NEM-ROOM-24"
    player = D()["players"][0]
    player["knowledge"] = 4
    play(match, f"0: room take_neutralizer {pay(match, 0, 2)}")
    assert {"item": "neutralizer", "ammo": None} in player["inventory"]


@pytest.mark.rule("NEM-ROOM-25")
@pytest.mark.rule("NEM-ROOM-27")
@pytest.mark.rule("NEM-ROOM-40")
@pytest.mark.rule("NEM-ROUND-6")
def test_vent_out_closes_doors_and_kills_at_the_end_of_the_player_phase(match):
    in_tile(match, 0, "vent_control", hand_size=6)
    D()["rooms"]["R014"]["fire"] = True
    D()["corridors"]["C31"]["door"] = "destroyed"
    assert refused(match, f"0: room vent_out target=R014 {pay(match, 0, 2)}") == "NEM-ROOM-25"
    D()["rooms"]["R012"]["fire"] = True
    iid = add_intruder(match, "adult", "R012")
    play(match, f"0: room vent_out target=R012 {pay(match, 0, 2)}")
    assert D()["venting"] == "R012" and not D()["rooms"]["R012"]["fire"]
    assert all(D()["corridors"][c]["door"] == "closed" for c in ("C24", "C25", "C26"))
    assert refused(match, f"0: room vent_out target=R016 {pay(match, 0, 2)}") == "NEM-ROOM-25"
    D()["players"][1]["passed"] = True
    play(match, "0: pass")
    assert iid not in D()["intruders"] and D()["venting"] is None


@pytest.mark.rule("NEM-ROOM-26")
def test_opening_a_vented_door_removes_the_venting_token(match):
    from engine.nemesis.rules import facility

    from .scenario import ctx
    in_tile(match, 0, "vent_control")
    play(match, f"0: room vent_out target=R012 {pay(match, 0, 2)}")
    facility.set_door(ctx(match), "C25", "open")
    assert D()["venting"] is None


@pytest.mark.rule("NEM-ROOM-28")
@pytest.mark.rule("NEM-MALF-3")
def test_isolation_room_draws_to_six_unless_malfunctioning(match):
    place(match, 0, "ISO")
    assert hand.draw_target(D(), 0) == 6
    D()["rooms"]["ISO"]["malfunction"] = True
    assert hand.draw_target(D(), 0) == 5


@pytest.mark.rule("NEM-ROOM-29")
@pytest.mark.rule("NEM-DEC-64")
def test_lock_in_only_when_open_and_fails_when_an_intruder_arrives(match):
    in_tile(match, 0, "isolation_room", room="ISO", hand_size=6)
    D()["rooms"]["ISO"]["face"] = "closed"
    assert refused(match, f"0: room lock_in {pay(match, 0, 1)}") == "NEM-ROOM-1"
    D()["rooms"]["ISO"]["face"] = "open"
    iid = add_intruder(match, "adult", "R012")
    rig(match, "DANGER")
    play(match, f"0: room lock_in {pay(match, 0, 1)}")
    assert D()["intruders"][iid]["room"] == "ISO" and D()["players"][0]["where"] == "facility"


@pytest.mark.rule("NEM-ROOM-29")
@pytest.mark.rule("NEM-ROOM-30")
@pytest.mark.rule("NEM-ROOM-32")
@pytest.mark.rule("NEM-SELFDESTRUCT-8")
def test_lock_in_succeeds_on_silence_and_autodestruction_still_starts(match):
    in_tile(match, 0, "isolation_room", room="ISO")
    D()["rooms"]["ISO"]["face"] = "open"
    in_tile(match, 1, "isolation_room", room="ISO")
    D()["turn"] = {"seat": 0, "actions": 0, "first_turn_moves": 0}
    rig(match, "SILENCE")
    play(match, f"0: room lock_in {pay(match, 0, 1)}")
    if match.state.prompt.kind == "interruption":
        play(match, "1: answer pass")
    assert D()["players"][0]["where"] == "locked"
    in_tile(match, 1, "cooling_system")
    play(match, f"1: room initiate_autodestruction {pay(match, 1, 2)}")
    assert D()["selfdestruct"] is not None


@pytest.mark.rule("NEM-ROOM-31")
def test_malfunction_in_isolation_does_not_touch_the_locked_in(match):
    from engine.nemesis.rules import board_markers

    from .scenario import ctx
    place(match, 0, "ISO")
    D()["players"][0]["where"] = "locked"
    board_markers.place(ctx(match), "malfunction", "ISO", by=None)
    assert D()["players"][0]["where"] == "locked"


@pytest.mark.rule("NEM-ROOM-34")
@pytest.mark.rule("NEM-TIME-4")
def test_restore_power_resets_rearranges_and_flips_the_time_token(match):
    in_tile(match, 0, "backup_power", room="BPS")
    D()["active_power"] = [3]
    play(match, f"0: room restore_power target=4,3,2,1 {pay(match, 0, 2)}")
    assert D()["active_power"] == [1, 2]
    assert D()["power"] == {"S01": 4, "S02": 3, "S03": 2, "ELEVATOR": 1}
    assert D()["time_active"]


@pytest.mark.rule("NEM-ROOM-34")
def test_restore_power_keeps_three_active_tokens(match):
    in_tile(match, 0, "backup_power", room="BPS")
    D()["active_power"] = [1, 3, 4]
    D()["time_active"] = True
    play(match, f"0: room restore_power target=1,2,3,4 {pay(match, 0, 2)}")
    assert D()["active_power"] == [1, 3, 4] and D()["time_active"]


@pytest.mark.rule("NEM-ROOM-35")
@pytest.mark.rule("NEM-ALERT-1")
@pytest.mark.rule("NEM-ALERT-2")
@pytest.mark.rule("NEM-MILESTONE-4")
def test_alert_room_starts_the_alert_once(match):
    in_tile(match, 0, "alert_room", room="ALR", hand_size=6)
    D()["time"] = 13
    play(match, f"0: room start_alert {pay(match, 0, 2)}")
    assert D()["alert"] == 6 and D()["rooms"]["ISO"]["face"] == "open"
    assert refused(match, f"0: room start_alert {pay(match, 0, 2)}") == "NEM-ALERT-2"


@pytest.mark.rule("NEM-ALERT-1")
def test_alert_on_slot_one_goes_to_s():
    from engine.nemesis.rules.facility import alert_slot
    assert alert_slot(1) == 0 and alert_slot(3) == 1 and alert_slot(8) == 4


@pytest.mark.rule("NEM-ROOM-36")
def test_obtain_a_contingency_from_the_neutral_pool(match):
    in_tile(match, 0, "alert_room", room="ALR")
    pool = list(D()["neutral"])
    mine = len(D()["players"][0]["contingency"])
    play(match, f"0: room obtain_contingency target=neutral.0 {pay(match, 0, 2)}")
    assert D()["players"][0]["contingency"][-1] == pool[0] and len(D()["players"][0]["contingency"]) == mine + 1
    D()["neutral"] = []
    D()["turn"]["actions"] = 0
    assert refused(match, f"0: room obtain_contingency target=neutral.0 {pay(match, 0, 2)}") == "NEM-ROOM-36"


@pytest.mark.rule("NEM-ROOM-38")
@pytest.mark.rule("NEM-POWER-4")
def test_staircase_has_no_action_and_is_dark(match):
    from engine.nemesis.rules.places import in_darkness
    place(match, 0, "ST12")
    D()["active_power"] = [1, 2, 3, 4]
    assert in_darkness(D(), 0)
    assert not [c for c in match.state.legal() if c.verb in ("room", "computer")]


# -- Elevator -------------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-ROOM-37")
@pytest.mark.rule("NEM-ELEVATOR-3")
@pytest.mark.rule("NEM-ELEVATOR-1")
def test_call_the_elevator(match):
    in_tile(match, 0, "elevator_room", room="EL1")
    D()["elevator"] = "EL2"
    play(match, f"0: room call_elevator {pay(match, 0, 1)}")
    assert D()["elevator"] == "EL1"
    assert refused(match, f"0: room call_elevator {pay(match, 0, 1)}") == "NEM-ELEVATOR-3"


@pytest.mark.rule("NEM-ELEVATOR-2")
@pytest.mark.rule("NEM-POWER-2")
def test_elevator_needs_its_own_power_and_no_combat(match):
    in_tile(match, 0, "elevator_room", room="EL1")
    D()["elevator"] = "EL2"
    D()["active_power"] = [t for t in (1, 2, 3, 4) if t != D()["power"]["ELEVATOR"]]
    assert refused(match, f"0: room call_elevator {pay(match, 0, 1)}") == "NEM-ELEVATOR-2"
    D()["active_power"] = [1, 2, 3, 4]
    D()["rooms"]["EL1"]["malfunction"] = True
    assert refused(match, f"0: room call_elevator {pay(match, 0, 1)}") == "NEM-MALF-3"


@pytest.mark.rule("NEM-ELEVATOR-4")
@pytest.mark.rule("NEM-ELEVATOR-5")
@pytest.mark.rule("NEM-ELEVATOR-6")
@pytest.mark.rule("NEM-COMPUTER-6")
def test_use_the_elevator_asks_riders_and_makes_no_noise(match):
    in_tile(match, 0, "elevator_room", room="EL1")
    place(match, 1, "EL1")
    D()["elevator"] = "EL1"
    D()["active_power"] = [D()["power"]["ELEVATOR"]]          # Sections dark: room actions need no power
    iid = add_intruder(match, "adult", "EL3")
    events = play(match, f"0: room use_elevator target=EL3 {pay(match, 0, 1)}")
    assert match.state.prompt.kind == "elevator_ride" and match.state.prompt.seats == (1,)
    events += play(match, "1: answer yes")
    assert D()["players"][0]["room"] == "EL3" and D()["players"][1]["room"] == "EL3" and D()["elevator"] == "EL3"
    assert "noise_roll" not in kinds(events) and D()["intruders"][iid]["room"] == "EL3"
    assert D()["turn"]["actions"] == 1


@pytest.mark.rule("NEM-ELEVATOR-4")
def test_use_the_elevator_needs_it_here(match):
    in_tile(match, 0, "elevator_room", room="EL1")
    data(match)["elevator"] = "EL2"
    assert refused(match, f"0: room use_elevator target=EL3 {pay(match, 0, 1)}") == "NEM-ELEVATOR-4"


@pytest.mark.rule("NEM-ELEVATOR-7")
def test_elevator_room_darkness_follows_its_section(match):
    from engine.nemesis.rules.places import in_darkness
    place(match, 0, "EL1")
    D()["active_power"] = [D()["power"]["ELEVATOR"]]
    assert in_darkness(D(), 0)
    D()["active_power"] = [D()["power"]["S01"]]
    assert not in_darkness(D(), 0)


@pytest.mark.rule("NEM-ROOM-33")
@pytest.mark.rule("NEM-CRAFT-6")
def test_repository_craft_equipment_offers_a_free_craft(match):
    in_tile(match, 0, "repository", room="REP")
    D()["players"][0]["inventory"] = [{"item": "weapon_battery"}, {"item": "ammo_box"}]
    play(match, f"0: room craft_equipment {pay(match, 0, 1)}")
    while match.state.prompt.kind == "interruption":
        play(match, f"{match.state.prompt.seats[0]}: answer pass")
    assert match.state.prompt.kind == "craft_equipment" and match.state.prompt.seats == (0,)
    choice = next(c for c in match.state.legal(0) if str(c.args[0]).startswith("pistol"))
    match.apply(choice)
    assert any(t.get("item") == "pistol" for t in D()["players"][0]["hands"] + D()["players"][0]["inventory"])
    assert D()["turn"]["actions"] == 1
