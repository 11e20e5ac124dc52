"""Escape the Facility, the Bunker, the Rover and the Main Gate (NEM-BUNKER, NEM-ROOM-39), CSS
launches (NEM-CSS-5..12) and the end of a game around them."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.nemesis.rules import event_phase, wounds

from .scenario import add_intruder, ctx, data, in_tile, kinds, pay, place, play, rig, started


@pytest.fixture
def match():
    return started(2, seed=11)


def D(match):
    return data(match)


def refused(match, text: str) -> str:
    before = repr(D(match))
    with pytest.raises(Refused) as err:
        play(match, text)
    assert repr(D(match)) == before
    return err.value.rule_id


def at_exit(match) -> None:
    in_tile(match, 0, "archive", room="R001")


@pytest.mark.rule("NEM-BUNKER-1")
@pytest.mark.rule("NEM-BUNKER-2")
def test_main_gate_starts_closed_and_blocks_the_bunker(match):
    at_exit(match)
    assert not D(match)["main_gate_open"]
    assert refused(match, f"0: escape_facility rover {pay(match, 0, 1)}") == "NEM-BUNKER-2"


@pytest.mark.rule("NEM-BUNKER-1")
@pytest.mark.rule("NEM-MILESTONE-3")
def test_first_death_opens_the_gate_for_good(match):
    place(match, 1, "R005")
    wounds.die(ctx(match), 1, "test")
    assert D(match)["main_gate_open"]


@pytest.mark.rule("NEM-BUNKER-3")
@pytest.mark.rule("NEM-BUNKER-4")
@pytest.mark.rule("NEM-BUNKER-5")
def test_rover_escape_always_succeeds_alone_without_noise(match):
    at_exit(match)
    D(match)["main_gate_open"] = True
    place(match, 1, "R001")
    events = play(match, f"0: escape_facility rover {pay(match, 0, 1)}")
    assert D(match)["players"][0]["where"] == "bunker" and D(match)["rover"] == "bunker"
    assert D(match)["players"][1]["where"] == "facility" and "noise_roll" not in kinds(events)


@pytest.mark.rule("NEM-BUNKER-3")
def test_escape_needs_the_exit_room_and_no_intruder(match):
    in_tile(match, 0, "archive", room="R002")
    D(match)["main_gate_open"] = True
    assert refused(match, f"0: escape_facility rover {pay(match, 0, 1)}") == "NEM-BUNKER-3"
    at_exit(match)
    add_intruder(match, "adult", "R001")
    assert refused(match, f"0: escape_facility rover {pay(match, 0, 1)}") == "NEM-BUNKER-3"


@pytest.mark.rule("NEM-ROOM-39")
@pytest.mark.rule("NEM-DEC-46")
def test_malfunction_in_the_exit_room_does_not_block_escape(match):
    at_exit(match)
    D(match)["main_gate_open"] = True
    D(match)["rooms"]["R001"]["malfunction"] = True
    assert any(c.verb == "escape_facility" for c in match.state.legal())
    play(match, f"0: escape_facility rover {pay(match, 0, 1)}")
    assert D(match)["players"][0]["where"] == "bunker"


@pytest.mark.rule("NEM-BUNKER-6")
@pytest.mark.rule("NEM-DEC-72")
def test_suit_escape_rolls_and_fails_if_an_intruder_arrives(match):
    at_exit(match)
    D(match)["main_gate_open"] = True
    D(match)["rover"] = "bunker"
    assert refused(match, f"0: escape_facility suit {pay(match, 0, 1)}") == "NEM-BUNKER-6"
    D(match)["players"][0]["inventory"].append({"item": "enviro_suit"})
    iid = add_intruder(match, "adult", "R002")
    rig(match, "DANGER")
    play(match, f"0: escape_facility suit {pay(match, 0, 1)}")
    assert D(match)["players"][0]["where"] == "facility" and D(match)["intruders"][iid]["room"] == "R001"


@pytest.mark.rule("NEM-BUNKER-6")
def test_suit_escape_succeeds_on_silence(match):
    at_exit(match)
    D(match)["main_gate_open"] = True
    D(match)["players"][0]["inventory"].append({"item": "enviro_suit"})
    rig(match, "SILENCE")
    play(match, f"0: escape_facility suit {pay(match, 0, 1)}")
    assert D(match)["players"][0]["where"] == "bunker" and D(match)["rover"] == "facility"


@pytest.mark.rule("NEM-BUNKER-8")
@pytest.mark.rule("NEM-SURVIVE-1")
def test_bunker_survives_destruction(match):
    at_exit(match)
    D(match)["main_gate_open"] = True
    play(match, f"0: escape_facility rover {pay(match, 0, 1)}")
    from engine.nemesis.rules import end
    end.destroy_facility(ctx(match), "test")
    assert D(match)["players"][0]["where"] == "bunker"
    assert D(match)["result"]["0"]["route"] == "bunker"


# -- CSS launches (E1) ------------------------------------------------------------------------------

def in_pod(match, seat: int, pod: str, tile: str, room: str) -> None:
    D(match)["rooms"][room].update(tile=tile, explored=True)
    player = D(match)["players"][seat]
    player["where"], player["pod"], player["room"] = "pod", pod, None
    D(match)["pods"][pod] = seat


def css_token(outcome: str) -> str:
    from engine.nemesis.content import content
    return next(t.id for t in content().tokens.css_tokens if t.outcome == outcome)


@pytest.mark.rule("NEM-CSS-7")
@pytest.mark.rule("NEM-CSS-8")
@pytest.mark.rule("NEM-CSS-10")
@pytest.mark.rule("NEM-CSS-11")
def test_launch_evacuates_the_named_pod_and_fails_the_others(match):
    d = D(match)
    d["time"] = 11
    d["css"]["11"] = css_token("A")
    in_pod(match, 0, "A", "css_a", "R003")
    in_pod(match, 1, "B", "css_b", "R004")
    event_phase.e1_css(ctx(match))
    assert d["players"][0]["where"] == "evacuated"
    assert d["players"][1]["where"] == "facility" and d["players"][1]["room"] == "R004"
    assert len(d["players"][1]["serious"]) == 1
    assert "11" not in d["css"] and d["css_launched"]


@pytest.mark.rule("NEM-CSS-9")
@pytest.mark.rule("NEM-CSS-12")
def test_all_and_none_outcomes_and_pods_are_reusable(match):
    d = D(match)
    d["time"] = 11
    d["css"]["11"] = css_token("ALL")
    in_pod(match, 0, "A", "css_a", "R003")
    event_phase.e1_css(ctx(match))
    assert d["players"][0]["where"] == "evacuated" and d["pods"]["A"] is None
    d["time"] = 9
    d["css"]["9"] = css_token("NONE")
    in_pod(match, 1, "A", "css_a", "R003")
    event_phase.e1_css(ctx(match))
    assert d["players"][1]["where"] == "facility" and d["players"][1]["room"] == "R003"


@pytest.mark.rule("NEM-CSS-1")
@pytest.mark.rule("NEM-SETUP-7")
def test_six_css_tokens_under_the_css_slots():
    m = started(2, seed=2)
    assert sorted(int(s) for s in data(m)["css"]) == [3, 5, 7, 9, 11, 13]


@pytest.mark.rule("NEM-CSS-5")
def test_pod_occupants_are_outside_every_effect(match):
    d = D(match)
    in_pod(match, 0, "A", "css_a", "R003")
    wounds.light_wound(ctx(match), 0)
    assert d["players"][0]["light"] == 0
    from engine.nemesis.rules.places import characters_in
    assert 0 not in characters_in(d, "R003")


@pytest.mark.rule("NEM-END-6")
@pytest.mark.rule("NEM-DEC-24")
def test_pod_without_a_launch_dies_at_the_end(match):
    in_pod(match, 0, "A", "css_a", "R003")
    from engine.nemesis.rules import end
    end.purge(ctx(match), "test")
    assert D(match)["players"][0]["where"] == "dead"
