"""FAQ rulings of spec 5.57 (NEM-FAQ) and peeking at unexplored tiles (NEM-EXPLORE-12), each on a
built position."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.nemesis.content import content
from engine.nemesis.effects import NEM
from engine.nemesis.rules import computer, escape, items, rooms
from engine.nemesis.trees import run_tree
from tests.engine.nemesis.scenario import (
    add_intruder,
    cards,
    ctx,
    data,
    explore_all,
    give,
    in_tile,
    kinds,
    pay,
    place,
    play,
    power,
    rig,
    set_bag,
    started,
    turn_of,
)

BOARD = content().board


def game(characters=("sentry", "hacker"), mode=None):
    match = started(len(characters), mode=mode, seed=7, characters=list(characters))
    explore_all(match)
    d = data(match)
    d["milestones"]["first_encounter"] = True
    for seat in range(len(characters)):
        place(match, seat, "R006" if seat == 0 else "BPS", cards(match, seat, 5))
    turn_of(match, 0)
    return match


def cost(tile, index=0):
    return content().tiles[tile].actions[index].cost


def refused(match, text):
    with pytest.raises(Refused) as info:
        play(match, text)
    return info.value.rule_id


def answer_all(match):
    events = []
    while data(match)["effects"] and data(match)["effects"][0].get("pause"):
        events += match.apply(match.state.legal()[0])
    return events


@pytest.mark.rule("NEM-FAQ-3")
def test_a_computer_room_action_needs_no_power_but_a_computer_action_does():
    match = game()
    room = in_tile(match, 0, "archive", room="R006")
    section = next(r.section for r in content().board_file.rooms if r.id == room)
    power(match, section, False)
    d = data(match)
    assert content().tiles["archive"].computer
    assert computer.computer_problem(d, 0) is not None                 # no power: no Computer action
    events = play(match, f"0: room examine_archives target=neutral.0 {pay(match, 0, cost('archive'))}")
    assert "room_action" in kinds(events)                               # the Room action works unpowered
    power(match, section, True)
    assert computer.computer_problem(data(match), 0) is None


@pytest.mark.rule("NEM-FAQ-5", "NEM-CRAFT-6")
def test_the_repository_lets_everyone_present_craft_through_one_action():
    match = game()
    d = data(match)
    room = in_tile(match, 0, "repository", room="R006")
    place(match, 1, room)
    c = ctx(match)
    items.craft_equipment(c, 0)
    queued = [(s["primitive"], s["meta"]["seat"]) for s in d["effects"]]
    assert queued == [("craft_equipment", 0), ("craft_equipment", 1)]


@pytest.mark.rule("NEM-FAQ-6", "NEM-ITEM-4")
def test_only_the_holder_uses_an_item():
    match = game()
    place(match, 1, "R006")
    give(match, 1, "motion_tracker")
    assert refused(match, f"0: item motion_tracker option=0 {pay(match, 0, 1)}") == "NEM-ITEM-4"
    assert not any(c.args[0] == "motion_tracker" for c in match.state.legal() if c.verb == "item")


@pytest.mark.rule("NEM-FAQ-9", "NEM-ROOM-4", "NEM-ROOM-36")
def test_the_archive_sees_any_non_active_token_and_the_alert_room_takes_a_neutral_one():
    match = game(characters=("sentry", "hacker", "janitor"))
    d = data(match)
    spots = [t for _, t in rooms._archive_choices(d, 0)]
    tokens = [rooms.contingency_at(d, s) for s in spots]
    assert any(s.startswith("seat1") for s in spots) and any(s.startswith("neutral") for s in spots)
    assert d["contingency_active"] not in tokens
    in_tile(match, 0, "alert_room", room="R006")
    token = d["neutral"][0]
    own = list(d["players"][0]["contingency"])
    play(match, f"0: room obtain_contingency target=neutral.0 {pay(match, 0, cost('alert_room', 1))}")
    d = data(match)
    assert d["players"][0]["contingency"] == own + [token] and token not in d["neutral"]


@pytest.mark.rule("NEM-FAQ-11", "NEM-EGG-5")
def test_smashing_eggs_never_contaminates_nor_wounds_on_a_miss():
    match = game()
    d = data(match)
    nest = next(r for r in BOARD.order if d["rooms"][r]["tile"] == "nest")
    in_tile(match, 0, "nest", room=nest)
    d["nest_eggs"] = 3
    p = d["players"][0]
    discard = list(p["discard"])
    rig(match, "BLANK", "SILENCE")
    events = play(match, f"0: melee target=eggs {pay(match, 0, 1)}")
    events += answer_all(match)
    p = data(match)["players"][0]
    assert "contamination_gained" not in kinds(events) and not any(c.startswith("CONT") for c in p["discard"])
    assert p["serious"] == [] and data(match)["nest_eggs"] == 3 and len(p["discard"]) == len(discard) + 1


@pytest.mark.rule("NEM-FAQ-12", "NEM-TRADE-4")
def test_ammo_is_never_traded_apart_from_its_weapon():
    match = game()
    d = data(match)
    place(match, 1, "R006")
    d["players"][0]["hands"] = [{"item": "smg", "ammo": 2}]
    d["players"][1]["hands"] = []
    c = ctx(match)
    offer = items.tradable(c, 0)
    assert offer == ["h0"]                                              # the weapon, no separate Ammo
    c.push({"trade_accept": {"giver": 0, "thing": "h0"}}, seat=1)
    NEM.drain(c)
    play(match, "1: answer accept")
    assert data(match)["players"][1]["hands"] == [{"item": "smg", "ammo": 2}]


@pytest.mark.rule("NEM-FAQ-13", "NEM-DEC-64")
def test_no_lock_in_while_in_combat_and_an_arrival_fails_it():
    match = game()
    room = in_tile(match, 0, "isolation_room", room="ISO")
    d = data(match)
    d["rooms"][room]["face"] = "open"
    action = rooms.tile_action(d, 0, "lock_in")
    assert action is not None
    iid = add_intruder(match, "adult", room)
    assert refused(match, f"0: room lock_in {pay(match, 0, action.cost)}") == "NEM-ROOM-1"
    d = data(match)
    del d["intruders"][iid]
    set_bag(match, "adult")
    c = ctx(match)
    rig(match, "DANGER")
    near = next(r for _, r in BOARD.neighbours(room))
    add_intruder(match, "adult", near)
    c = ctx(match)
    escape.lock_in(c, 0)
    assert d["players"][0]["where"] == "facility" and "lock_in_failed" in kinds(c.events)


@pytest.mark.rule("NEM-EXPLORE-12")
def test_peeking_at_an_unexplored_tile_shows_it_to_that_player_only():
    match = game()
    d = data(match)
    room = "R010"
    d["rooms"][room]["explored"] = False
    c = ctx(match)
    run_tree(c, {"peek": {"kind": "room_tile", "target": room}})
    assert d["rooms"][room]["explored"] is False
    def seen(seat):
        return [k.get("where") if isinstance(k, dict) else k for k in d["players"][seat]["known"]["tiles"]]
    assert room in seen(0) and room not in seen(1)
    result = next(e for e in c.events if e.kind == "peek_result")
    assert result.audience == frozenset({0})
    tile = d["rooms"][room]["tile"]
    mine, theirs = match.state.game.view(d, 0), match.state.game.view(d, 1)
    assert theirs["rooms"][room]["tile"] != tile and mine["rooms"][room]["tile"] != tile    # not revealed
    assert tile in repr(mine["players"][0]["known"]) and tile not in repr(theirs["players"][0].get("known"))
