"""The Facility graph of spec 3.1 / 3.2, derived from board_basic.yaml."""
from __future__ import annotations

import pytest

from engine.nemesis.board import TECH
from engine.nemesis.content import board


def test_room_and_corridor_counts():
    b = board()
    assert len(b.rooms) == 25 and len(b.corridors) == 33
    assert len(b.slots("I")) == 10 and len(b.slots("II")) == 6
    assert len(b.slots("special")) == 3 and len(b.slots("printed")) == 6
    assert len(b.entrance_rooms) == 23
    assert set(b.rooms) - set(b.entrance_rooms) == {"R006", "REP"}
    assert b.is_connected()


def test_r006_has_no_entrance_and_four_corridors():
    b = board()
    assert not b.has_entrance("R006")
    assert [b.exit("R006", n) for n in (1, 2, 3, 4)] == ["C04", "C06", "C08", "C10"]
    assert b.neighbours("R006") == (("C04", "R002"), ("C06", "R003"), ("C08", "R005"), ("C10", "EL1"))
    assert b.exit_target("R006", 4) == "EL1"


def test_exits_by_number_and_tech():
    b = board()
    assert b.exit("R001", 3) == TECH and b.exit_target("R001", 4) == TECH
    assert b.exit_target("R001", 1) == "R005" and b.exit_number("R005", "C02") == 1
    assert b.corridor_between("ALR", "REP") == "C16" and b.corridor_between("R001", "R006") is None


def test_c16_has_its_waypoint_and_others_are_straight():
    b = board()
    assert b.corridors["C16"].path == ((190, 785),)
    assert all(not c.path for cid, c in b.corridors.items() if cid != "C16")


@pytest.mark.rule("NEM-DEC-27")
def test_the_exit_room_is_001():
    b = board()
    assert b.exit_room == "R001" and b.rooms["R001"].number == "001"


def test_sections_of_spec_3_2():
    b = board()
    assert b.section_rooms("S01") == ("R001", "R002", "R003", "R004", "EL1", "R005", "R006")
    assert set(b.section_rooms("S02")) == {"R007", "R008", "R009", "R010", "R011", "ALR", "REP", "EL2"}
    assert set(b.section_rooms("S03")) == {"R012", "R013", "R014", "R015", "R016", "ISO", "BPS", "EL3"}
    assert b.section_rooms("ELEVATOR") == ()
    assert b.section_of("ST12") is None and b.section_of("ST23") is None
    assert not b.same_section("ST12", "ST12") and b.same_section("R001", "R006")


@pytest.mark.rule("NEM-DEC-49")
def test_staircase_corridors_take_the_other_ends_section():
    b = board()
    assert b.corridor_section("C09") == "S01" and b.corridor_section("C11") == "S02"
    assert b.corridor_section("C22") == "S02" and b.corridor_section("C24") == "S03"
    assert sum(len(b.section_corridors(s)) for s in ("S01", "S02", "S03")) == 33


@pytest.mark.rule("NEM-DEC-50")
def test_board_table_order():
    b = board()
    assert b.order[:6] == ("R001", "R002", "R003", "R004", "EL1", "R005")
    assert b.order[-1] == "BPS" and len(b.order) == 25
    assert b.sort_rooms({"BPS", "R001", "ISO"}) == ("R001", "ISO", "BPS")


@pytest.mark.rule("NEM-DEC-1")
def test_starting_rooms_are_three_steps_from_backup_power():
    b = board()
    assert b.distance("ISO", "BPS") == 3  # three Movements
    assert b.shortest_path("ISO", "BPS") == ("ISO", "R015", "R016", "BPS")  # exit 1 (C27) is tried first
    assert b.distance("REP", "EL2") == 1 and b.distance("EL3", "BPS") == 1  # Movement, Elevator, Movement


def test_closed_doors_cut_distances():
    b = board()
    assert b.distance("R001", "R002") == 1
    assert b.distance("R001", "R002", closed={"C01"}) == 3  # R001-R005-R006-R002
    assert b.distance("R001", "R005", closed={"C02", "C01"}) is None
    assert b.neighbours("R006", closed={"C04"}) == (("C06", "R003"), ("C08", "R005"), ("C10", "EL1"))
    assert b.reachable("R001", closed={"C01", "C02"}) == {"R001"}
