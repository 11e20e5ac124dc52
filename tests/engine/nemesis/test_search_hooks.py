"""What the search player reads of Nemesis (engine/nemesis/search.py): the value of a position as
the Victory Check will see it (the Active Contingency, the contamination check, wounds and
intruders), the mended playout policy, command groups and the playout depth."""
from __future__ import annotations

import pytest

from engine.core import Command, Config, Rng
from engine.nemesis import search
from engine.nemesis.content import content
from engine.nemesis.views import seat_view

from .scenario import add_intruder, data, in_tile, place, started


def _colour_token(colour: str) -> str:
    return next(t.id for t in content().tokens.contingency_tokens if t.colour == colour)


def _active(match, colour: str) -> None:
    """Make a token of ``colour`` the Active Contingency (swapped with wherever it was)."""
    d = data(match)
    token = _colour_token(colour)
    if d["contingency_active"] == token:
        return
    for pile in [d["neutral"]] + [p["contingency"] for p in d["players"]]:
        if token in pile:
            pile[pile.index(token)] = d["contingency_active"]
            break
    d["contingency_active"] = token


@pytest.fixture
def match():
    m = started(2, characters=["sentry", "janitor"])
    place(m, 0, "R008")
    place(m, 1, "REP")
    return m


def test_a_character_locked_in_dies_by_the_red_contingency_and_lives_by_a_green_one(match):
    d = data(match)
    player = d["players"][0]
    player["where"], player["room"] = "locked", None
    _active(match, "GREEN")
    safe = search.search_values(d)[0]
    _active(match, "RED")
    assert search.search_values(d)[0] == 0.0 < safe


def test_the_blue_contingency_spares_a_signaller(match):
    d = data(match)
    _active(match, "BLUE")
    player = d["players"][0]
    player["where"], player["room"] = "locked", None
    assert search.search_values(d)[0] == 0.0
    player["signal"] = True
    assert search.search_values(d)[0] > 0.5


def test_an_infected_card_makes_the_contamination_check_a_gamble(match):
    player = data(match)["players"][0]
    assert search._contamination_passes(player) == 1.0
    infected = next(c.id for c in content().contamination if c.infected)
    player["deck"].append(infected)
    cards = len(player["hand"] + player["deck"] + player["discard"])
    assert search._contamination_passes(player) == pytest.approx((cards - 4) / cards)
    player["larva"] = True
    assert search._contamination_passes(player) < 1.0


def test_wounds_and_an_intruder_in_the_room_lower_a_characters_value(match):
    d = data(match)
    _active(match, "GREEN")
    fresh = search.search_values(d)[0]
    d["players"][0]["serious"].append({"card": "x", "dressed": False})
    wounded = search.search_values(d)[0]
    add_intruder(match, "adult", "R008")
    assert fresh > wounded > search.search_values(d)[0] > 0.0


def test_the_policy_sends_no_second_signal_and_walks_out_of_fire(match):
    room = in_tile(match, 0, "transmitter_control", hand_size=5)
    d = data(match)
    policy = search.PolicyBot()
    me = d["players"][0]
    me["objectives"] = [next(o.id for o in content().objectives.values()
                             if "signal" in str(o.condition))]
    legal = match.state.legal(0)
    signal = [c for c in legal if c.verb == "room" and c.args[0] == "send_signal"]
    assert signal
    me["signal"] = True
    legal = match.state.legal(0)
    chosen = policy.choose(seat_view(d, 0), legal, Rng(1))
    assert not (chosen.verb == "room" and chosen.args[0] == "send_signal")
    d["rooms"][room]["fire"] = True
    chosen = policy.choose(seat_view(d, 0), match.state.legal(0), Rng(1))
    assert chosen.verb in ("move", "careful_move")


def test_copies_of_a_card_and_payments_of_a_shot_are_one_group():
    group = search.search_group
    assert group(Command.parse("0: card rest.4 pay=dismantle.2")) == group(Command.parse("0: card rest.9"))
    assert group(Command.parse("0: shoot pay=search.0 target=I1 weapon=nail_gun")) == \
        group(Command.parse("0: shoot pay=rest.4 target=I1 weapon=nail_gun"))
    assert group(Command.parse("0: shoot target=I1 weapon=nail_gun")) != \
        group(Command.parse("0: shoot target=I2 weapon=nail_gun"))
    assert group(Command.parse("0: answer o1")) is None


def test_playouts_look_about_a_round_a_seat_ahead():
    solo = Config("nemesis", 1, "solo", 1)
    assert search.search_depth(solo) < search.search_depth(Config("nemesis", 2, "standard", 1))


def test_an_unmet_objective_is_worth_more_near_the_room_it_needs_while_time_remains(match):
    d = data(match)
    _active(match, "GREEN")
    d["rooms"]["R003"].update(tile="transmitter_control", explored=True)
    me = d["players"][0]
    me["objectives"] = [next(o.id for o in content().objectives.values() if o.condition == "signal")]
    d["time"] = 14
    place(match, 0, "R001")                         # R001 - R003 is two Movements (C01, C03 via R002)
    far = search.search_values(d)[0]
    place(match, 0, "R003")
    there = search.search_values(d)[0]
    assert there > far
    me["signal"] = True                              # met: worth the whole objective, wherever it stands
    assert search.search_values(d)[0] > there
    me["signal"] = False
    d["time"] = search.ROUTE_UNTIL                   # time to go home: the way to the Room no longer counts
    assert search._objective(d, me) == 0.25


def test_the_policy_rests_before_locking_in_but_never_with_a_larva(match):
    d = data(match)
    me = d["players"][0]
    cards = [c for c in me["hand"] + me["deck"] + me["discard"] if not c.startswith("CONT")]
    rest = next(c for c in cards if c.startswith("rest"))
    others = [c for c in cards if c != rest][:3]
    clean = next(c.id for c in content().contamination if not c.infected)
    place(match, 0, "ISO", [rest, *others, clean])
    d["time"] = 7                                    # the Isolation Room is open (NEM-ROOM-29)
    d["turn"] = {"seat": 0, "actions": 0, "first_turn_moves": 0}
    policy = search.PolicyBot()
    chosen = policy.choose(seat_view(d, 0), match.state.legal(0), Rng(1))
    assert chosen.verb == "card" and str(chosen.args[0]) == rest
    me["larva"] = True
    chosen = policy.choose(seat_view(d, 0), match.state.legal(0), Rng(1))
    assert not (chosen.verb == "card" and str(chosen.args[0]) == rest)
