"""Reactions: the Interruption window (NEM-ACTION-13/17/18/20, NEM-DEC-44/69/78) and what a cancelled
action still costs (NEM-COST-6/7)."""
from __future__ import annotations

import pytest

from engine.core import Refused

from .scenario import data, explored, give, place, play, started, turn_of

INFECTED = "CONT03"


def _game(players=2, characters=("sentry", "janitor")):
    match = started(players, characters=list(characters))
    explored(match, "R008", "laboratory", 2)
    place(match, 0, "R008", ["rest.4", "search.0", "search.1", "interruption.3", INFECTED])
    place(match, 1, "R008", ["interruption.3", "search.0"])
    for seat in range(2, players):
        place(match, seat, "REP")
    return match


def _prompt(match):
    prompt = match.state.prompt
    return prompt.kind, prompt.seats, tuple(c.args[0] for c in match.state.legal())


@pytest.mark.rule("NEM-ACTION-17")
@pytest.mark.rule("NEM-COST-6")
def test_interruption_cancels_the_declared_action_and_its_cost_stays_paid():
    match = _game()
    play(match, "0: card rest.4 pay=search.0")
    assert _prompt(match) == ("interruption", (1,), ("play", "pass"))
    play(match, "1: answer play")
    assert _prompt(match)[:2] == ("interruption", (0,))      # the actor may counter
    play(match, "0: answer pass")
    actor = data(match)["players"][0]
    assert INFECTED in actor["hand"] and not actor["larva"]   # cancelled: no effect
    assert {"rest.4", "search.0"} <= set(actor["discard"])    # the cost is not refunded
    assert "interruption.3" in data(match)["players"][1]["discard"]
    assert data(match)["turn"] == {"seat": 0, "actions": 1, "first_turn_moves": 0}


@pytest.mark.rule("NEM-ACTION-17")
def test_a_counter_interruption_restores_the_action():
    match = _game()
    play(match, "0: card rest.4 pay=search.0")
    play(match, "1: answer play")
    play(match, "0: answer play")
    assert data(match)["players"][0]["larva"]                 # Rest resolved: the INFECTED card infects
    assert "interruption.3" in data(match)["players"][0]["discard"]


@pytest.mark.rule("NEM-ACTION-18")
def test_reactions_are_asked_in_order_from_the_player_after_the_actor():
    match = _game(players=4, characters=("sentry", "janitor", "hacker", "xenobiologist"))
    place(match, 2, "R008", ["interruption.3"])
    place(match, 3, "R008", ["interruption.3"])
    place(match, 1, "R008", ["interruption.3", "rest.4", "search.0", "search.1"])
    turn_of(match, 2)
    place(match, 2, "R008", ["interruption.3", "rest.4", "search.0"])
    play(match, "2: card rest.4 pay=search.0")
    asked = []
    while match.state.prompt.kind == "interruption":
        asked.append(match.state.prompt.seats[0])
        play(match, f"{asked[-1]}: answer pass")
    assert asked == [3, 0, 1]


@pytest.mark.rule("NEM-ACTION-13")
def test_a_player_who_has_passed_may_still_interrupt():
    match = _game()
    data(match)["players"][1]["passed"] = True
    play(match, "0: card rest.4 pay=search.0")
    assert _prompt(match)[:2] == ("interruption", (1,))


@pytest.mark.rule("NEM-DEC-69")
def test_only_characters_in_the_actors_room_may_interrupt():
    match = _game()
    place(match, 1, "REP")
    play(match, "0: card rest.4 pay=search.0")
    assert match.state.prompt.kind != "interruption"
    assert data(match)["players"][0]["larva"]


@pytest.mark.rule("NEM-DEC-44")
def test_only_players_holding_an_interruption_are_asked():
    match = _game()
    place(match, 1, "R008", ["search.0"])
    play(match, "0: card rest.4 pay=search.0")
    assert match.state.prompt.kind == "turn"


@pytest.mark.rule("NEM-ACTION-20")
def test_passes_and_drops_cannot_be_interrupted_but_item_actions_can():
    match = _game()
    give(match, 0, "stimulant")
    play(match, "0: drop h0")                                 # Drop: free, no window
    assert match.state.prompt.kind == "turn" and data(match)["turn"]["actions"] == 0
    play(match, "0: item stimulant")
    assert _prompt(match)[:2] == ("interruption", (1,))
    play(match, "1: answer pass")
    play(match, "0: pass")                                    # a pass: no window
    assert match.state.prompt.kind != "interruption"


@pytest.mark.rule("NEM-COST-7")
def test_a_cancelled_one_use_item_is_still_discarded():
    match = _game()
    give(match, 0, "stimulant")
    play(match, "0: item stimulant")
    play(match, "1: answer play")
    play(match, "0: answer pass")
    assert data(match)["players"][0]["inventory"] == []
    assert data(match)["discards"]["green"][-1] == "stimulant"
    assert len(data(match)["players"][0]["hand"]) == 5        # no card drawn


@pytest.mark.rule("NEM-ACTION-12")
def test_drop_is_free_and_only_on_your_own_turn():
    match = _game()
    give(match, 1, "stimulant")
    with pytest.raises(Refused):
        play(match, "1: drop i0")
    assert not [c for c in match.state.legal() if c.verb == "drop" and c.seat == 1]
    give(match, 0, "medkit")
    play(match, "0: drop i0")
    play(match, "0: drop h0")
    assert data(match)["turn"]["actions"] == 0 and data(match)["players"][0]["hands"] == []


@pytest.mark.rule("NEM-DEC-44")
def test_the_always_option_asks_everyone_in_the_room_alike():
    match = started(2, options={"reaction_prompt": "always"}, characters=["sentry", "janitor"])
    explored(match, "R008", "laboratory", 2)
    place(match, 0, "R008", ["rest.4", "search.0", INFECTED])
    place(match, 1, "R008", ["search.0"])                    # no Interruption in hand
    play(match, "0: card rest.4 pay=search.0")
    assert _prompt(match) == ("interruption", (1,), ("play", "pass"))
    play(match, "1: answer play")                             # nothing to play: counts as a pass
    assert data(match)["players"][0]["larva"] and data(match)["players"][1]["hand"] == ["search.0"]


@pytest.mark.rule("NEM-ACTION-20")
def test_a_movement_can_be_interrupted():
    match = _game()
    place(match, 0, "REP", ["search.0", "search.1"])
    place(match, 1, "REP", ["interruption.3"])
    play(match, "0: move R008 pay=search.0")
    assert _prompt(match)[:2] == ("interruption", (1,))
    play(match, "1: answer play")
    assert data(match)["players"][0]["room"] == "REP" and data(match)["turn"]["actions"] == 1
