"""Rounds and turns (NEM-ROUND): draws, the First Player token, turn order, the Event Phase order."""
from __future__ import annotations

import pytest

from engine.core import Command, Refused
from engine.nemesis.rules.places import in_order
from tests.engine.nemesis.scenario import data, kinds, set_hand, started


def pass_all(match) -> list:
    """Everyone passes until the Player Phase is over; the events of all those commands."""
    events = []
    start = data(match)["round"]
    while data(match)["round"] == start and data(match)["phase"] != "over":
        prompt = match.state.prompt
        if prompt.kind != "turn":                  # a pending choice (keep an objective, ...)
            events += match.apply(match.state.legal()[0])
            continue
        events += match.apply(Command("pass", (), (), prompt.seats[0]))
    return events


@pytest.mark.rule("NEM-ROUND-1", "NEM-ROUND-2", "NEM-ROUND-6")
def test_a_round_is_a_player_phase_then_an_event_phase():
    match = started(3, seed=4)
    d = data(match)
    assert d["round"] == 1 and d["phase"] == "player"
    for seat in range(3):
        set_hand(match, seat, [])
    found = kinds(pass_all(match))
    assert (found.index("passed") < found.index("event_phase") < found.index("time_advanced")
            < found.index("round_started"))
    assert found.count("passed") == 3
    assert d["round"] == 2 and d["phase"] == "player"
    # step 1 (draw) happens before step 3 (turns)
    after = found[found.index("round_started"):]
    assert after.index("cards_drawn") < after.index("turn_started")


@pytest.mark.rule("NEM-ROUND-4")
def test_the_first_player_token_passes_clockwise_skipping_inactive_players():
    match = started(4, seed=4)
    d = data(match)
    pass_all(match)
    assert d["first"] == 1
    d["players"][2]["where"] = "locked"
    pass_all(match)
    assert d["first"] == 3
    pass_all(match)
    assert d["first"] == 0


@pytest.mark.rule("NEM-ROUND-5", "NEM-ROUND-10")
def test_turns_go_clockwise_from_the_first_player_and_skip_passed_players():
    match = started(4, seed=4)
    d = data(match)
    pass_all(match)                        # round 2: Player 2 (seat 1) is First Player
    assert match.state.prompt.seats == (1,)
    assert in_order(d) == [1, 2, 3, 0]
    match.apply(Command("pass", (), (), 1))
    assert match.state.prompt.seats == (2,)
    seen = []
    while d["round"] == 2:
        seat = match.state.prompt.seats[0]
        seen.append(seat)
        match.apply(Command("pass", (), (), seat))
    assert seen == [2, 3, 0]                # seat 1 passed: never asked again


@pytest.mark.rule("NEM-ROUND-5")
def test_only_the_player_whose_turn_it_is_may_act():
    match = started(3, seed=4)
    with pytest.raises(Refused) as refused:
        match.apply(Command("pass", (), (), 2))
    assert refused.value.rule_id == "NEM-ROUND-5"


@pytest.mark.rule("NEM-ROUND-7", "NEM-ROUND-8")
def test_event_phase_steps_in_order_and_the_round_ends_after_bag_development():
    match = started(2, seed=8)
    found = kinds(pass_all(match))
    order = [found.index(k) for k in ("event_phase", "time_advanced", "event_card", "bag_development",
                                      "round_started")]
    assert order == sorted(order)


@pytest.mark.rule("NEM-ROUND-9", "NEM-END-1", "NEM-END-8")
def test_an_end_condition_interrupts_the_rest_of_the_round():
    match = started(2, seed=8)
    d = data(match)
    d["time"] = 1
    found = kinds(pass_all(match))
    assert "game_ended" in found
    ended = found.index("game_ended")
    assert "event_card" not in found[ended:] and "bag_development" not in found[ended:]
    assert "round_started" not in found[found.index("event_phase"):]
    assert d["phase"] == "over" and match.state.outcome is not None


@pytest.mark.rule("NEM-ROUND-11")
def test_inactive_players_take_no_turns_and_draw_no_cards():
    match = started(3, seed=4)
    d = data(match)
    d["players"][1]["where"] = "bunker"
    set_hand(match, 1, [])
    found = pass_all(match)
    assert not any(e.kind == "cards_drawn" and e.data["seat"] == 1 for e in found)
    assert not any(e.kind == "turn_started" and e.data["seat"] == 1 for e in found)
    assert d["players"][1]["hand"] == []
