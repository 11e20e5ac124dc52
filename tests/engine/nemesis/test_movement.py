"""Movement, Careful Movement and exploration (NEM-MOVE, NEM-SNEAK, NEM-EXPLORE)."""
from __future__ import annotations

import pytest

from engine.core import Command, Refused
from engine.nemesis.content import content
from engine.nemesis.rules import intruders, moving
from tests.engine.nemesis.scenario import add_intruder, ctx, data, explore_all, kinds, place, play, rig, started

BOARD = content().board


def mover(seat0="R002", hand=5, explored=True, **kw):
    """Seat 0 (Sentry) to act in ``seat0`` with ``hand`` cards; seat 1 (Hacker) far away in BPS."""
    match = started(2, seed=kw.get("seed", 1), characters=["sentry", "hacker"])
    if explored:
        explore_all(match)
    d = data(match)
    cards = sorted(d["players"][0]["hand"] + d["players"][0]["deck"])[:hand]
    place(match, 0, seat0, cards)
    place(match, 1, "BPS")
    return match


def pay(match, n=1, seat=0):
    return ",".join(data(match)["players"][seat]["hand"][:n])


def unexplore(match, room, token, tile=None):
    state = data(match)["rooms"][room]
    state["explored"], state["token"] = False, token
    if tile:
        state["tile"] = tile


@pytest.mark.rule("NEM-MOVE-1", "NEM-COST-4")
def test_movement_to_a_neighbour_costs_one_card():
    match = mover()
    rig(match, "1")
    play(match, f"0: move R006 pay={pay(match)}")
    p = data(match)["players"][0]
    assert p["room"] == "R006" and len(p["hand"]) == 4 and len(p["discard"]) == 1
    with pytest.raises(Refused) as refused:
        play(match, f"0: move R015 pay={pay(match)}")
    assert refused.value.rule_id == "NEM-MOVE-1"


@pytest.mark.rule("NEM-MOVE-2")
def test_a_closed_door_blocks_but_a_destroyed_door_does_not():
    match = mover()
    d = data(match)
    corridor = BOARD.corridor_between("R002", "R006")
    d["corridors"][corridor]["door"] = "closed"
    assert not any(c.args[0] == "R006" for c in match.state.legal(0) if c.verb == "move")
    with pytest.raises(Refused) as refused:
        play(match, f"0: move R006 pay={pay(match)}")
    assert refused.value.rule_id == "NEM-MOVE-2"
    d = data(match)                                         # a refusal restores a fresh copy
    d["corridors"][corridor]["door"] = "destroyed"
    rig(match, "1")
    play(match, f"0: move R006 pay={pay(match)}")
    assert d["players"][0]["room"] == "R006"


@pytest.mark.rule("NEM-MOVE-3")
def test_technical_corridor_entrances_never_make_rooms_neighbours():
    match = mover(seat0="R001")
    targets = {c.args[0] for c in match.state.legal(0) if c.verb == "move"}
    assert targets == {BOARD.corridors["C01"].other("R001"), BOARD.corridors["C02"].other("R001")}
    with pytest.raises(Refused):
        play(match, f"0: move R004 pay={pay(match)}")    # both have Entrances, no Corridor


@pytest.mark.rule("NEM-MOVE-4", "NEM-EXPLORE-11")
def test_moving_out_of_combat_is_an_escape_and_still_explores():
    match = mover()
    unexplore(match, "R006", "X01")
    add_intruder(match, "adult", "R002")
    events = play(match, f"0: move R006 pay={pay(match)}")
    names = kinds(events)
    assert names.index("escape") < names.index("intruder_attack") < names.index("character_moved")
    if data(match)["players"][0]["where"] == "facility":
        assert "room_explored" in names and data(match)["rooms"]["R006"]["explored"]


@pytest.mark.rule("NEM-MOVE-5", "NEM-NOISE-1", "NEM-NOISE-2")
def test_arriving_in_an_empty_room_rolls_for_noise_on_the_numbered_exit():
    match = mover()
    rig(match, "3")
    events = play(match, f"0: move R006 pay={pay(match)}")
    roll = next(e for e in events if e.kind == "noise_roll")
    assert roll.data["room"] == "R006" and roll.data["face"] == "3"
    assert data(match)["corridors"][BOARD.exit("R006", 3)]["noise"]


@pytest.mark.rule("NEM-MOVE-5", "NEM-NOISE-2", "NEM-NOISE-4")
def test_noise_on_a_tech_exit_goes_to_the_shared_technical_corridors_space():
    match = mover(seat0="R002")
    rig(match, "4")
    play(match, f"0: move R003 pay={pay(match)}")        # R003 exit 4 is TECH
    d = data(match)
    assert d["tech_noise"]
    from engine.nemesis.rules.places import has_noise
    assert has_noise(d, "TECH") and "TECH" in BOARD.rooms["R001"].exits.values()


@pytest.mark.rule("NEM-MOVE-6")
def test_arriving_where_another_character_stands_makes_no_noise_roll():
    match = mover()
    place(match, 1, "R006")
    events = play(match, f"0: move R006 pay={pay(match)}")
    assert "noise_roll" not in kinds(events)


@pytest.mark.rule("NEM-MOVE-7", "NEM-ENCOUNTER-12")
def test_arriving_where_an_intruder_is_means_combat_without_encounter_or_surprise():
    match = mover()
    add_intruder(match, "adult", "R006")
    events = play(match, f"0: move R006 pay={pay(match)}")
    assert not {"noise_roll", "encounter", "surprise_attack", "intruder_attack"} & set(kinds(events))
    from engine.nemesis.rules.places import in_combat
    assert in_combat(data(match), 0)


@pytest.mark.rule("NEM-MOVE-8", "NEM-EXPLORE-9")
def test_a_door_token_closes_the_corridor_walked_through_after_arrival():
    match = mover()
    unexplore(match, "R006", "X18")
    rig(match, "1")
    events = play(match, f"0: move R006 pay={pay(match)}")
    corridor = BOARD.corridor_between("R002", "R006")
    assert data(match)["corridors"][corridor]["door"] == "closed"
    names = kinds(events)
    assert names.index("character_moved") < names.index("door_closed") < names.index("noise_roll")


@pytest.mark.rule("NEM-MOVE-9")
def test_printed_and_special_rooms_count_as_explored():
    match = mover(seat0="R009", explored=False)
    data(match)["rooms"]["R009"]["explored"] = True
    rig(match, "1")
    events = play(match, f"0: move EL2 pay={pay(match)}")
    assert "room_explored" not in kinds(events) and "noise_roll" in kinds(events)


@pytest.mark.rule("NEM-MOVE-10")
def test_carried_objects_move_with_the_character():
    match = mover()
    data(match)["players"][0]["hands"] = [{"object": "egg"}]
    rig(match, "1")
    play(match, f"0: move R006 pay={pay(match)}")
    assert data(match)["players"][0]["hands"] == [{"object": "egg"}]
    assert "egg" not in data(match)["rooms"]["R002"]["objects"]


@pytest.mark.rule("NEM-MOVE-11", "NEM-FAQ-1", "NEM-DEC-80")
def test_wounded_knee_makes_only_the_first_movement_of_the_first_turn_cost_more():
    match = mover()
    d = data(match)
    d["players"][0]["serious"] = [{"card": "knee", "type": "knee", "dressed": False}]
    with pytest.raises(Refused):
        play(match, f"0: move R006 pay={pay(match, 1)}")
    d = data(match)                                         # a refusal restores a fresh copy
    rig(match, "1", "1")
    play(match, f"0: move R006 pay={pay(match, 2)}")
    play(match, f"0: move R002 pay={pay(match, 1)}")       # second movement: normal cost
    assert len(d["players"][0]["hand"]) == 2


@pytest.mark.rule("NEM-MOVE-11", "NEM-FAQ-1")
def test_wounded_knee_spares_the_later_turns_of_the_round():
    match = mover(hand=5)
    d = data(match)
    d["players"][0]["serious"] = [{"card": "knee", "type": "knee", "dressed": False}]
    rig(match, "SILENCE", "SILENCE", "SILENCE")
    play(match, f"0: move R006 pay={pay(match, 2)}")        # the first turn's first move: 1 more
    play(match, f"0: move R002 pay={pay(match, 1)}")
    assert d["turn"]["seat"] == 1
    play(match, "1: pass")
    assert d["turn"]["seat"] == 0 and len(d["players"][0]["hand"]) == 2
    play(match, f"0: move R006 pay={pay(match, 1)}")        # the second turn: the normal cost
    assert d["players"][0]["room"] == "R006" and len(d["players"][0]["hand"]) == 1
    from engine.nemesis.rules import turns
    from engine.nemesis.rules.moving import wounded_knee_extra
    turns.start_round(ctx(match))                          # a new round: the first turn costs more again
    d["turn"] = {"seat": 0, "actions": 0, "first_turn_moves": 0}
    assert wounded_knee_extra(d, 0) == 1


@pytest.mark.rule("NEM-SNEAK-1")
def test_careful_movement_is_refused_in_combat():
    match = mover()
    add_intruder(match, "adult", "R002")
    assert not [c for c in match.state.legal(0) if c.verb == "careful_move"]
    with pytest.raises(Refused) as refused:
        play(match, f"0: careful_move R006 pay={pay(match, 2)}")
    assert refused.value.rule_id == "NEM-SNEAK-1"


@pytest.mark.rule("NEM-SNEAK-2")
def test_careful_movement_needs_a_quiet_exit_at_the_target():
    match = mover()
    d = data(match)
    from engine.nemesis.rules.places import exits_of, set_noise
    for exit_id in exits_of("R006"):
        set_noise(d, exit_id, True)
    assert not [c for c in match.state.legal(0) if c.verb == "careful_move" and c.args[0] == "R006"]
    with pytest.raises(Refused) as refused:
        play(match, f"0: careful_move R006 pay={pay(match, 2)}")
    assert refused.value.rule_id == "NEM-SNEAK-2"


@pytest.mark.rule("NEM-SNEAK-3", "NEM-SNEAK-4", "NEM-COST-4")
def test_careful_movement_places_a_chosen_marker_instead_of_rolling():
    match = mover()
    d = data(match)
    from engine.nemesis.rules.places import exits_of, has_noise, set_noise
    noisy = exits_of("R006")[0]
    set_noise(d, noisy, True)
    events = play(match, f"0: careful_move R006 pay={pay(match, 2)}")
    assert "noise_roll" not in kinds(events) and len(d["players"][0]["hand"]) == 3
    prompt = match.state.prompt
    assert prompt.kind == "noise_exit" and prompt.seats == (0,)
    options = [c.args[0] for c in match.state.legal(0)]
    assert noisy not in options and sorted(options) == sorted(e for e in exits_of("R006") if e != noisy)
    play(match, f"0: answer {options[0]}")
    assert has_noise(d, options[0]) and "encounter" not in kinds(events)


@pytest.mark.rule("NEM-SNEAK-5")
def test_no_careful_marker_where_someone_already_stands():
    match = mover()
    place(match, 1, "R006")
    play(match, f"0: careful_move R006 pay={pay(match, 2)}")
    assert match.state.prompt.kind == "turn"


@pytest.mark.rule("NEM-SNEAK-6", "NEM-EXPLORE-4")
def test_silence_on_careful_exploration_still_places_the_marker():
    match = mover()
    unexplore(match, "R006", "X01")
    events = play(match, f"0: careful_move R006 pay={pay(match, 2)}")
    assert "noise_roll" not in kinds(events) and match.state.prompt.kind == "noise_exit"


@pytest.mark.rule("NEM-SNEAK-7", "NEM-SNEAK-8", "NEM-FAQ-7", "NEM-EXPLORE-5", "NEM-NOISE-8")
def test_danger_on_careful_exploration_is_resolved_and_leaves_no_empty_exit():
    match = mover()
    unexplore(match, "R006", "X06")
    events = play(match, f"0: careful_move R006 pay={pay(match, 2)}")
    from engine.nemesis.rules.places import exits_of, has_noise
    assert "danger_noise" in kinds(events) and "noise_roll" not in kinds(events)
    assert all(has_noise(data(match), e) for e in exits_of("R006"))
    assert match.state.prompt.kind == "turn"                 # nothing left to mark


@pytest.mark.rule("NEM-SNEAK-7")
def test_danger_pulling_an_intruder_in_means_no_careful_marker():
    match = mover()
    unexplore(match, "R006", "X06")
    add_intruder(match, "adult", "R010" if False else BOARD.corridors[BOARD.exit("R006", 4)].other("R006"))
    play(match, f"0: careful_move R006 pay={pay(match, 2)}")
    assert match.state.prompt.kind == "turn"
    assert any(i["room"] == "R006" for i in data(match)["intruders"].values())


@pytest.mark.rule("NEM-EXPLORE-1", "NEM-EXPLORE-3")
def test_exploring_flips_the_tile_reveals_and_removes_the_token_and_sets_the_counter():
    match = mover()
    unexplore(match, "R006", "X04", tile="archive")
    events = play(match, f"0: move R006 pay={pay(match)}")
    state = data(match)["rooms"]["R006"]
    assert state["explored"] and state["token"] is None and state["items"] == 3
    explored = next(e for e in events if e.kind == "room_explored")
    assert explored.reveals and explored.public and explored.data["tile"] == "archive"
    assert data(match)["players"][0]["stats"]["rooms_explored"] == 1


@pytest.mark.rule("NEM-EXPLORE-3", "NEM-SOLO-4")
def test_item_counters_are_halved_rounding_up_in_solo_and_the_nest_gets_none():
    match = started(1, mode="solo", characters=["sentry"])
    explore_all(match)
    for token, expected in (("X04", 2), ("X05", 2), ("X02", 1), ("X01", 1)):
        unexplore(match, "R006", token, tile="archive")
        moving.explore(ctx(match), 0, "R006", None)
        assert data(match)["rooms"]["R006"]["items"] == expected
    unexplore(match, "R006", "X05", tile="nest")
    moving.explore(ctx(match), 0, "R006", None)
    assert data(match)["rooms"]["R006"]["items"] is None


@pytest.mark.rule("NEM-EXPLORE-2")
def test_intruders_entering_an_unexplored_room_never_explore_it():
    match = mover()
    unexplore(match, "R006", "X04")
    iid = add_intruder(match, "adult", "R002")
    intruders.move_through(ctx(match), iid, BOARD.exit_number("R002", BOARD.corridor_between("R002", "R006")))
    assert data(match)["intruders"][iid]["room"] == "R006"
    assert not data(match)["rooms"]["R006"]["explored"] and data(match)["rooms"]["R006"]["token"] == "X04"


@pytest.mark.rule("NEM-EXPLORE-4", "NEM-NOISE-6")
def test_silence_with_slime_becomes_danger():
    match = mover()
    unexplore(match, "R006", "X01")
    data(match)["players"][0]["slime"] = True
    events = play(match, f"0: move R006 pay={pay(match)}")
    assert "danger_noise" in kinds(events) and "noise_roll" not in kinds(events)


@pytest.mark.rule("NEM-EXPLORE-6", "NEM-EXPLORE-7", "NEM-EXPLORE-8")
@pytest.mark.parametrize("token,check", [("X11", "slime"), ("X13", "fire"), ("X15", "malfunction")])
def test_slime_fire_and_malfunction_tokens_then_a_normal_noise_roll(token, check):
    match = mover()
    unexplore(match, "R006", token, tile="archive")
    rig(match, "1")
    events = play(match, f"0: move R006 pay={pay(match)}")
    d = data(match)
    if check == "slime":
        assert d["players"][0]["slime"]
    else:
        assert d["rooms"]["R006"][check]
    assert "noise_roll" in kinds(events)


@pytest.mark.rule("NEM-EXPLORE-10")
def test_exploring_the_nest_gives_one_knowledge_once():
    match = mover()
    unexplore(match, "R006", "X01", tile="nest")
    before = data(match)["players"][0]["knowledge"]
    play(match, f"0: move R006 pay={pay(match)}")
    assert data(match)["players"][0]["knowledge"] == before + 1
    unexplore(match, "R002", "X02", tile="nest")
    play(match, f"0: move R002 pay={pay(match)}")
    assert data(match)["players"][0]["knowledge"] == before + 1


@pytest.mark.rule("NEM-EXPLORE-13")
def test_fire_in_an_unexplored_room_stays_after_exploration():
    match = mover()
    unexplore(match, "R006", "X01")
    data(match)["rooms"]["R006"]["fire"] = True
    play(match, f"0: move R006 pay={pay(match)}")
    assert data(match)["rooms"]["R006"]["fire"] and data(match)["rooms"]["R006"]["explored"]


def test_commands_refer_to_the_mover_seat():
    match = mover()
    with pytest.raises(Refused):
        match.apply(Command("move", ("R006",), (("pay", (data(match)["players"][1]["hand"][0],)),), 1))
