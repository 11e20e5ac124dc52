"""Event cards in step E6 (NEM-EVENT) and the board primitives their trees use."""
from __future__ import annotations

import pytest

from engine.nemesis.content import content
from engine.nemesis.rules import event_phase

from .scenario import add_intruder, ctx, data, explore_all, place, started


@pytest.fixture
def match():
    m = started(2, seed=17)
    explore_all(m)
    d = data(m)
    d["active_power"] = [1, 2, 3, 4]
    for p in d["players"]:
        p["where"] = "locked"                  # nobody in the Facility unless a test puts them there
    return m


def D(match):
    return data(match)


def next_event(match, card: str) -> None:
    deck, discard = D(match)["decks"]["event"], D(match)["discards"]["event"]
    (deck if card in deck else discard).remove(card)
    deck.append(card)


def run(match, card: str):
    next_event(match, card)
    c = ctx(match)
    event_phase.e6_event(c)
    assert "effect_not_ready" not in [e.kind for e in c.events]
    return [e.kind for e in c.events]


def set_tile(match, room: str, tile: str) -> None:
    D(match)["rooms"][room].update(tile=tile, explored=True)


@pytest.mark.rule("NEM-EVENT-1")
@pytest.mark.rule("NEM-EVENT-2")
def test_movement_first_then_effect_only_matching_types_in_empty_rooms(match):
    adult = add_intruder(match, "adult", "R003")       # R003 exit 1 → C05 → R004
    larva = add_intruder(match, "larva", "R002")
    fighting = add_intruder(match, "adult", "R005")
    place(match, 0, "R005")
    kinds = run(match, "E09")                          # Blackout: C A, move 1, power drop
    d = D(match)
    assert d["intruders"][adult]["room"] == "R004"
    assert d["intruders"][larva]["room"] == "R002" and d["intruders"][fighting]["room"] == "R005"
    assert kinds.index("intruder_moved") < kinds.index("power_dropped")


@pytest.mark.rule("NEM-EVENT-3")
def test_two_numbers_move_twice(match):
    adult = add_intruder(match, "adult", "R003")       # Hunting Pack: 4 then 1
    run(match, "E12")
    exits = content().board.rooms["R003"].exits
    assert exits[4] == "TECH"                           # R003's 4 is its Entrance: back to the bag
    assert adult not in D(match)["intruders"]


@pytest.mark.rule("NEM-EVENT-4")
def test_moves_are_simultaneous(match):
    a = add_intruder(match, "adult", "R003")           # exit 1: C05 to R004
    b = add_intruder(match, "adult", "R004")           # exit 1: C05 to R003
    run(match, "E09")
    assert D(match)["intruders"][a]["room"] == "R004" and D(match)["intruders"][b]["room"] == "R003"


@pytest.mark.rule("NEM-EVENT-6")
def test_tech_exit_returns_the_intruder_to_the_bag(match):
    iid = add_intruder(match, "adult", "R001")         # R001 exit 4: TECH
    D(match)["intruders"][iid]["injuries"] = 2
    D(match)["tech_noise"] = True
    token = D(match)["intruders"][iid]["token"]
    run(match, "E04")                                   # Spreading Flames: A, 4
    assert iid not in D(match)["intruders"] and token in D(match)["bag"]
    assert D(match)["tech_noise"]


@pytest.mark.rule("NEM-EVENT-7")
@pytest.mark.rule("NEM-ENCOUNTER-12")
def test_intruders_walk_into_rooms_with_characters_and_unexplored_rooms(match):
    d = D(match)
    iid = add_intruder(match, "adult", "R003")
    d["rooms"]["R004"].update(explored=False, token="X")
    run(match, "E09")
    assert d["intruders"][iid]["room"] == "R004" and not d["rooms"]["R004"]["explored"]
    place(match, 0, "R003")
    other = add_intruder(match, "adult", "R004")        # exit 1 of R004: C05 to R003
    d["intruders"][iid]["room"] = "R002"
    kinds = run(match, "E05")                           # Short Circuit: L C, move 1 — adults stay
    assert d["intruders"][other]["room"] == "R004" and "encounter" not in kinds
    run(match, "E09")
    assert d["intruders"][other]["room"] == "R003" and d["players"][0]["where"] == "facility"


@pytest.mark.rule("NEM-EVENT-8")
def test_darkness_effect_only_reaches_characters_in_darkness(match):
    d = D(match)
    place(match, 0, "R003")                             # S-01
    place(match, 1, "R012")                             # S-03
    d["active_power"] = [d["power"]["S01"]]
    run(match, "E11")                                   # Slime Trail: in combat; darkness: all in Darkness
    assert not d["players"][0]["slime"] and d["players"][1]["slime"]


@pytest.mark.rule("NEM-EVENT-9")
def test_event_discarded_then_reshuffled_and_coolant_leak_removed(match):
    d = D(match)
    run(match, "E12")
    assert d["discards"]["event"][-1] == "E12"
    set_tile(match, "R003", "cooling_system")
    run(match, "E01")
    assert "E01" in d["removed"] and "E01" not in d["decks"]["event"] + d["discards"]["event"]
    assert d["rooms"]["R003"]["malfunction"] and d["discards"]["event"] == []
    d["decks"]["event"], d["discards"]["event"] = [], ["E12", "E09"]
    event_phase.e6_event(ctx(match))
    assert len(d["decks"]["event"]) + len(d["discards"]["event"]) == 2


@pytest.mark.rule("NEM-SELFDESTRUCT-1")
def test_coolant_leak_on_a_broken_cooling_system_starts_autodestruction(match):
    set_tile(match, "R003", "cooling_system")
    D(match)["rooms"]["R003"]["malfunction"] = True
    run(match, "E01")
    assert D(match)["selfdestruct"] == {"slot": 12, "colour": "yellow"}


@pytest.mark.rule("NEM-EVENT-10")
def test_room_choices_use_board_order(match):
    d = D(match)
    run(match, "E16")                                   # Cave-in: first explored Room with an Entrance
    first = next(r for r in content().board.order if content().board.has_entrance(r)
                 and content().tiles[d["rooms"][r]["tile"]].malfunction_allowed)
    assert d["rooms"][first]["malfunction"]


@pytest.mark.rule("NEM-EVENT-10")
def test_each_character_effects_in_order(match):
    d = D(match)
    place(match, 0, "R003")
    place(match, 1, "R012")
    d["players"][0]["larva"] = d["players"][1]["larva"] = True
    d["first"] = 1
    c = ctx(match)
    next_event(match, "E06")                            # Hatching: each character with a Larva
    event_phase.e6_event(c)
    seats = [e.data["seat"] for e in c.events if e.kind == "contamination_gained"]
    assert seats == [1, 0]


@pytest.mark.rule("NEM-POWER-5")
def test_power_surge_flips_the_time_token_and_lowest_inactive(match):
    d = D(match)
    d["active_power"] = [1, 4]
    run(match, "E03")
    assert d["time_active"] and d["active_power"] == [1, 2, 4]


@pytest.mark.rule("NEM-DOOR-6")
def test_bulkhead_seal_and_acid_drip(match):
    d = D(match)
    d["corridors"]["C07"]["door"] = "destroyed"
    run(match, "E10")
    assert d["corridors"]["C10"]["door"] == "closed" and d["corridors"]["C07"]["door"] == "destroyed"
    add_intruder(match, "breeder", "EL1")
    place(match, 0, "EL1")                              # in combat: it stays for the effect
    run(match, "E21")
    assert d["corridors"]["C10"]["door"] == "destroyed"


@pytest.mark.rule("NEM-FIRE-1")
def test_spreading_flames_and_sprinkler(match):
    d = D(match)
    d["rooms"]["R006"]["fire"] = True                   # R006 exit 4 → C10 → EL1
    run(match, "E04")
    assert d["rooms"]["EL1"]["fire"]
    run(match, "E20")                                   # powered everywhere: all fire out
    assert not d["rooms"]["EL1"]["fire"] and not d["rooms"]["R006"]["fire"]


@pytest.mark.rule("NEM-BAG-9")
def test_egg_laying_adds_from_the_supply_only(match):
    d = D(match)
    eggs = d["nest_eggs"]
    d["eggs_supply"] = 1
    add_intruder(match, "breeder", "R003")
    run(match, "E07")
    assert d["nest_eggs"] == eggs + 1 and d["eggs_supply"] == 0


def test_every_event_card_runs_without_missing_primitives(match):
    d = D(match)
    place(match, 0, "R003")
    place(match, 1, "R012")
    d["players"][0]["larva"] = d["players"][1]["slime"] = True
    d["rooms"]["R004"]["fire"] = True
    for card in content().events:
        if card in d["decks"]["event"] or card in d["discards"]["event"]:
            if card in d["discards"]["event"]:
                d["discards"]["event"].remove(card)
                d["decks"]["event"].append(card)
            run(match, card)
