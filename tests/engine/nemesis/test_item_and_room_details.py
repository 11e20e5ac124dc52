"""Rules that were only partly enforced: Armor Vest, Inconspicuous's Noise-roll option, Defense Plan's
free Room action, Duct-Taped weapons, co-op Neutral Pool peeks, peek records and resampling, the
Technical Corridors Noise space, kill credit, Service Keys and Venting."""
from __future__ import annotations

import pytest

from engine.core import Refused, Rng
from engine.nemesis.content import content
from engine.nemesis.effects import NEM
from engine.nemesis.rules import event_phase, facility, intruders
from engine.nemesis.trees import run_tree

from .scenario import (
    add_intruder,
    cards,
    ctx,
    data,
    explore_all,
    give,
    hold,
    in_tile,
    kinds,
    pay,
    place,
    play,
    set_bag,
    set_hand,
    stack,
    started,
)

SERIOUS_HIT = next(a.id for a in content().attacks.values()
                   if "adult" in a.symbols and a.effect == {"wound": ("target", "serious", 1)} and a.darkness is None)


def position(characters=("sentry", "hacker"), room="R006", hand_size=5, mode=None):
    match = started(len(characters), mode=mode, seed=5, characters=list(characters))
    explore_all(match)
    d = data(match)
    for seat in range(len(characters)):
        place(match, seat, room if seat == 0 else "BPS", cards(match, seat, hand_size))
    d["milestones"]["first_encounter"] = True
    d["active_power"] = [1, 2, 3, 4]
    return match


def card_of(match, seat, kind):
    p = data(match)["players"][seat]
    return next(c for c in p["hand"] + p["deck"] + p["discard"] if c.startswith(kind))


# -- 1. Armor Vest ---------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-ACTION-13")
@pytest.mark.rule("NEM-DEC-44")
def test_armor_vest_turns_an_attacks_serious_wound_into_a_light_wound():
    match = position()
    give(match, 0, "armor_vest")
    stack(match, "attack", SERIOUS_HIT)
    iid = add_intruder(match, "adult", "R006")
    c = ctx(match)
    intruders.attack(c, iid, 0)
    NEM.drain(c)
    assert {cmd.args[0] for cmd in match.state.legal()} == {"play", "pass"}
    events = play(match, "0: answer play")
    p = data(match)["players"][0]
    assert p["serious"] == [] and p["light"] == 1 and "wound_absorbed" in kinds(events)
    assert {"item": "armor_vest", "ammo": None} not in p["inventory"] and "armor_vest" in data(match)["discards"]["red"]
    # passing: the Serious Wound comes, the vest stays
    match = position()
    give(match, 0, "armor_vest")
    stack(match, "attack", SERIOUS_HIT)
    iid = add_intruder(match, "adult", "R006")
    c = ctx(match)
    intruders.attack(c, iid, 0)
    NEM.drain(c)
    play(match, "0: answer pass")
    p = data(match)["players"][0]
    assert len(p["serious"]) == 1 and any(t["item"] == "armor_vest" for t in p["inventory"])


# -- 2. Inconspicuous: skip a bag-development Noise roll in Darkness ---------------------------------------

@pytest.mark.rule("NEM-DEC-44")
def test_inconspicuous_skips_a_bag_noise_roll_in_darkness():
    match = position(characters=("lab_rat", "hacker"))
    d = data(match)
    card = card_of(match, 0, "inconspicuous")
    set_hand(match, 0, [card])
    d["active_power"] = []                                 # Darkness
    d["players"][1]["where"] = "locked"
    set_bag(match, "adult")
    c = ctx(match)
    event_phase.e7_bag(c)
    NEM.drain(c)
    assert "noise_roll" not in kinds(c.events)
    assert {cmd.args[0] for cmd in match.state.legal()} == {"play", "pass"}
    events = play(match, "0: answer play")
    assert "noise_roll_skipped" in kinds(events) and "noise_roll" not in kinds(events)
    assert card in data(match)["players"][0]["discard"]


# -- 3. Defense Plan: the Room's action for free --------------------------------------------------------

@pytest.mark.rule("NEM-ACTION-9")
def test_defense_plan_performs_a_red_or_white_rooms_action_for_free():
    match = started(2, seed=5, characters=["sentry", "hacker"])
    in_tile(match, 0, "surgery", hand_size=0)                  # green: the first part does nothing here
    plan = card_of(match, 0, "defense_plan")
    set_hand(match, 0, [plan])
    assert not any(cmd.get("option") == 0 for cmd in match.state.legal() if cmd.verb == "card")
    with pytest.raises(Refused) as refused:
        play(match, f"0: card {plan} option=0")
    assert refused.value.rule_id == "NEM-ACTION-9"
    in_tile(match, 0, "transmitter_control", hand_size=0)      # white
    set_hand(match, 0, [plan])
    assert any(cmd.get("option") == 0 for cmd in match.state.legal() if cmd.verb == "card")
    play(match, f"0: card {plan} option=0")
    options = {cmd.args[0] for cmd in match.state.legal()}
    assert "skip" in options and "send_signal/-/-" in options
    events = play(match, "0: answer send_signal/-/-")
    assert "room_action" in kinds(events) and data(match)["players"][0]["signal"] is True
    assert data(match)["players"][0]["hand"] == []              # nothing paid beyond the card


# -- 4. a Duct-Taped second weapon can Shoot -------------------------------------------------------------

@pytest.mark.rule("NEM-HEAVY-6")
@pytest.mark.rule("NEM-SHOOT-1")
def test_a_duct_taped_second_weapon_can_be_chosen_for_shoot():
    match = position()
    d = data(match)
    d["players"][0]["hands"] = []
    hold(match, 0, "pistol", ammo=0)
    d["players"][0]["hands"][0]["taped"] = {"item": "smg", "ammo": 2}
    add_intruder(match, "adult", "R006")
    d["turn"] = {"seat": 0, "actions": 0, "first_turn_moves": 0}
    shots = [cmd for cmd in match.state.legal() if cmd.verb == "shoot"]
    assert {cmd.get("weapon") for cmd in shots} == {"smg"}
    play(match, str(shots[0]))
    assert data(match)["players"][0]["hands"][0]["taped"]["ammo"] == 1


# -- 5/6. peeks through items and cards -------------------------------------------------------------------

@pytest.mark.rule("NEM-COOP-3")
def test_a_co_op_motion_tracker_peek_at_the_neutral_pool_reveals_it_to_all():
    match = position(mode="coop")
    d = data(match)
    token = d["neutral"][0]
    c = ctx(match)
    run_tree(c, {"peek": {"kind": "contingency", "target": "N0", "n": 1}})
    assert token in d["neutral_revealed"] and "contingency_revealed_public" in kinds(c.events)
    assert match.state.view(1)["neutral"][0] == token


@pytest.mark.rule("NEM-VIEW-1")
def test_every_peek_is_recorded_as_where_and_what():
    match = position()
    d = data(match)
    token = d["neutral"][0]
    c = ctx(match)
    run_tree(c, {"peek": {"kind": "contingency", "target": "N0", "n": 1}})
    slot = sorted(d["css"])[0]
    run_tree(c, {"peek": {"kind": "css_token", "target": int(slot)}})
    known = d["players"][0]["known"]
    assert known["contingency"][-1] == {"where": "neutral.0", "what": {"token": token,
                                        "colour": facility.contingency_colour(c, token)}}
    assert known["css"][-1]["where"] == int(slot)
    assert all(isinstance(r, dict) and set(r) == {"where", "what"} for group in known.values() for r in group)
    assert match.state.view(1)["players"][0]["known"] == "hidden"


# -- 7. resampling keeps the seat's own peeks ------------------------------------------------------------

@pytest.mark.rule("NEM-VIEW-1")
def test_resample_hidden_never_contradicts_the_seats_own_peeks():
    match = position()
    d = data(match)
    room = "R010"
    d["rooms"][room]["explored"] = False
    c = ctx(match)
    run_tree(c, {"peek": {"kind": "room_tile", "target": room}})
    slot = sorted(d["css"])[0]
    run_tree(c, {"peek": {"kind": "css_token", "target": int(slot)}})
    run_tree(c, {"peek": {"kind": "contingency", "target": "N0", "n": 1}})
    run_tree(c, {"peek": {"kind": "event_top", "n": 1}})
    tile, css, token, top = d["rooms"][room]["tile"], d["css"][slot], d["neutral"][0], d["decks"]["event"][-1]
    for k in range(25):
        dealt = match.game.resample_hidden(match.state._peek(), 0, Rng(k))
        assert dealt["rooms"][room]["tile"] == tile and dealt["css"][slot] == css
        assert dealt["neutral"][0] == token and dealt["decks"]["event"][-1] == top


# -- 8. Sensitive Hearing on the TECH exit ---------------------------------------------------------------

@pytest.mark.rule("NEM-NOISE-2")
def test_sensitive_hearing_on_the_tech_exit_marks_the_technical_corridors_space():
    match = started(2, characters=["lab_rat", "janitor"])
    card = card_of(match, 0, "sensitive_hearing")
    place(match, 0, "R008", [card])
    data(match)["tech_noise"] = False
    play(match, f"0: card {card} option=1 target=TECH")
    assert data(match)["tech_noise"] is True


# -- 9. kill credit --------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-INTRUDERDMG-8")
def test_an_event_effect_kill_credits_nobody():
    match = position()
    d = data(match)
    iid = add_intruder(match, "larva", "R006")
    d["phase"] = "event"
    c = ctx(match)
    run_tree(c, {"injure": [iid, 1]})
    assert iid not in d["intruders"] and d["players"][0]["stats"]["kills"] == {}
    iid = add_intruder(match, "larva", "R006")
    d["phase"] = "player"
    d["turn"] = {"seat": 0, "actions": 0, "first_turn_moves": 0}
    run_tree(c, {"injure": [iid, 1]})
    assert d["players"][0]["stats"]["kills"] == {"larva": 1}


# -- 10. Service Keys ------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-DEC-10")
def test_service_keys_never_target_the_current_room():
    match = started(2, characters=["janitor", "hacker"])
    explore_all(match)
    board = content().board
    here = board.entrance_rooms[0]
    place(match, 0, here, cards(match, 0, 3))
    d = data(match)
    d["players"][0]["quest"] = {"id": "service_keys", "active": True}
    give(match, 0, "service_keys")
    d["turn"] = {"seat": 0, "actions": 0, "first_turn_moves": 0}
    targets = {cmd.get("target") for cmd in match.state.legal() if cmd.verb == "item" and cmd.args[0] == "service_keys"}
    flat = {t[0] if isinstance(t, tuple) else t for t in targets}
    assert flat and here not in flat
    with pytest.raises(Refused):
        play(match, f"0: item service_keys target={here} {pay(match, 0, 1)}")
    there = sorted(flat)[0]
    play(match, f"0: item service_keys target={there} {pay(match, 0, 1)}")
    assert data(match)["players"][0]["room"] == there


# -- 11. Venting ------------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-ROOM-27")
def test_venting_kills_even_when_the_door_tokens_ran_out():
    match = started(2, seed=5, characters=["sentry", "hacker"])
    in_tile(match, 0, "vent_control", hand_size=6)
    d = data(match)
    own = set(content().board.corridors_of("R012"))
    order = list(content().board.corridors)
    last = max(order.index(c) for c in own)
    after = order[last + 1:]                                # closed Doors to borrow, after R012's own
    before = [c for c in order[:last] if c not in own][:facility.DOOR_TOKENS - len(after)]
    for corridor in after:
        d["corridors"][corridor]["door"] = "closed"
    for corridor in before:
        d["corridors"][corridor]["door"] = "destroyed"      # every Door token is on the board
    iid = add_intruder(match, "adult", "R012")
    play(match, f"0: room vent_out target=R012 {pay(match, 0, 2)}")
    assert d is data(match) and all(d["corridors"][c]["door"] == "closed" for c in own)
    assert d["venting"] == "R012"
    d["players"][1]["passed"] = True
    events = play(match, "0: pass")
    assert iid not in data(match)["intruders"] and "intruder_killed" in kinds(events)
    assert data(match)["venting"] is None


@pytest.mark.rule("NEM-ROOM-26")
def test_a_door_of_the_vented_room_broken_by_an_intruder_removes_the_token_at_once():
    match = started(2, seed=5, characters=["sentry", "hacker"])
    in_tile(match, 0, "vent_control", hand_size=6)
    play(match, f"0: room vent_out target=R012 {pay(match, 0, 2)}")
    d = data(match)
    iid = add_intruder(match, "adult", "R012")
    board = content().board
    number = next(n for n, e in board.rooms["R012"].exits.items() if e != "TECH")
    c = ctx(match)
    intruders.move_through(c, iid, number)
    assert d["venting"] is None and "venting_removed" in kinds(c.events)
