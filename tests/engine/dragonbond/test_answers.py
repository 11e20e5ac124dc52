"""Answers to a pending decision (answers.py): every legal spelling of a listed answer plays it,
and what no listed answer spells is refused with the rule it breaks and a plain reason; a command
from a seat that does not decide cites the rule that says who does."""
from __future__ import annotations

import pytest

from engine.core import Command, Match, Refused
from engine.dragonbond.vocabulary import Icon

from .effect_helpers import give_power, run_icon, to_hand
from .scenario import pending, started


def _fly(n: int, storm: bool = False):
    """Ferellon (human seat 1, in Red Moon Crags) about to fly up to ``n`` steps, as a match."""
    state = started(("elyse", "ferellon"), first=0)
    if storm:
        state.data["modifiers"] = [{"kind": "mountains_closed", "value": None, "side": None, "holder": None,
                                    "when": {}, "duration": "round", "source": "ev08"}]
    run_icon(state, "ferellon", Icon("fly", n=n), seat=1)
    assert pending(state)[:2] == ("icon_fly", 1)
    return Match(state, ["human", "human"])


def _refusal(match: Match, text: str) -> tuple[str, str]:
    with pytest.raises(Refused) as refused:
        match.apply(Command.parse(text))
    return refused.value.rule_id, refused.value.reason


@pytest.mark.rule("DRG-MOVE-3", "DRG-MOVE-7", "DRG-MOVE-9")
def test_every_legal_fly_path_to_a_region_plays_its_listed_fly():
    match = _fly(3)
    options = pending(match.state)[2]
    assert "fly/highpass/saltmere" in options and "fly/iron_hills/saltmere" not in options
    assert len(options) == len({o.split("/")[-1] for o in options})          # one path per destination
    for path in ("iron_hills/saltmere", "iron_hills/highpass/saltmere", "highpass/red_moon_crags/highpass"):
        trial = Match(match.state.copy(), match.seats)
        events = trial.apply(Command.parse(f"1: answer fly/{path}"))
        destination = path.split("/")[-1]
        listed = next(o for o in options if o.split("/")[-1] == destination)
        assert str(trial.history[-1].command) == f"1: answer {listed}"          # recorded as listed
        assert trial.state.data["boards"]["ferellon"]["region"] == destination
        arrived = [e.data["region"] for e in events if e.kind == "figure_arrived"]
        assert arrived == [destination]                                      # only the end arrives


@pytest.mark.rule("DRG-MOVE-3", "DRG-MOVE-4", "DRG-MOVE-9")
def test_an_illegal_fly_path_is_refused_with_its_rule():
    match = _fly(2)
    assert _refusal(match, "1: answer fly/highpass/saltmere/ember_coast") == (
        "DRG-MOVE-3", "this fly goes at most 2 steps, not 3")
    assert _refusal(match, "1: answer fly/saltmere") == (
        "DRG-MOVE-3", "saltmere is not adjacent to red_moon_crags: a fly goes from region to adjacent region")
    assert _refusal(match, "1: answer fly/highpass/red_moon_crags") == (
        "DRG-MOVE-9", "a fly must end in a region other than where it began (red_moon_crags)")
    assert _refusal(match, "1: answer fly")[0] == "DRG-MOVE-4"
    assert _refusal(match, "1: answer fly/atlantis") == ("DRG-MOVE-3", "'atlantis' is not a region of the map")
    assert not match.history


@pytest.mark.rule("DRG-MOVE-8")
def test_under_the_storm_a_path_across_a_mountain_border_is_refused_even_if_another_is_open():
    match = _fly(2, storm=True)
    options = pending(match.state)[2]
    assert "fly/highpass/sunken_ruins" in options and not any(o.endswith("/saltmere") for o in options)
    assert _refusal(match, "1: answer fly/iron_hills") == (
        "DRG-MOVE-8", ("the storm closes the mountain border between red_moon_crags and iron_hills: "
                       "no flying across it"))
    assert _refusal(match, "1: answer fly/highpass/saltmere")[0] == "DRG-MOVE-8"
    match.apply(Command.parse("1: answer fly/highpass/iron_hills"))           # open borders: it plays
    assert match.state.data["boards"]["ferellon"]["region"] == "iron_hills"


def test_a_payment_is_its_shares_however_they_are_written():
    state = started(("elyse", "nagasha"), first=0)
    to_hand(state, "nagasha", "nag_v2")
    give_power(state, "nagasha", 2)
    state.data["boards"]["nagasha"]["health"] = 2
    run_icon(state, "nagasha", Icon("vaala"), seat=1)
    assert "cast/nag_v2/pay/own.1" in pending(state)[2]
    match = Match(state, ["human", "human"])
    match.apply(Command.parse("1: answer cast/nag_v2/pay/own.1+ally.0"))
    assert str(match.history[-1].command) == "1: answer cast/nag_v2/pay/own.1"
    assert match.state.data["boards"]["nagasha"]["power"] == {"unspent": 1, "spent": 1}


def test_a_wrong_answer_names_the_decision_and_its_answers():
    match = _fly(1)
    rule, reason = _refusal(match, "1: answer reroll adrael")
    assert rule == "DRG-ACTION-3"
    assert reason == ("an answer is one choice, not 2; choose how to carry out the fly icon: answer with one of "
                      "fly/silverwood, fly/highpass, fly/iron_hills")
    assert _refusal(match, "1: answer highpass")[1].startswith("'highpass' is not a choice now; choose how")
    assert _refusal(match, "1: answer fly/highpass to=2")[1].startswith("an answer takes no options (to=)")
    assert _refusal(match, "1: place fer_a1")[1].startswith("the game waits on an answer first; choose how")
    assert _refusal(match, "1: answer attack/red_moon_crags/neutral") == (
        "DRG-ACTION-1", "'attack/red_moon_crags/neutral' does not execute the fly(1) icon, which resolves now")


@pytest.mark.rule("DRG-PLAN-2")
def test_a_wrong_seat_in_planning_breaks_the_planning_turn_order():
    state = started(("elyse", "nagasha"), first=0)
    assert state.prompt.kind == "plan_turn" and state.deciders() == (0,)
    with pytest.raises(Refused) as refused:
        state.apply(Command.parse("1: place nag_a1"))
    assert refused.value.rule_id == "DRG-PLAN-2"


@pytest.mark.rule("DRG-ACTION-5")
def test_a_wrong_seat_while_a_card_resolves_breaks_the_owners_choice():
    state = started(("elyse", "nagasha"), first=0)
    for text in ("0: place ely_a1", "1: place nag_a3", "0: pass to=1"):
        state.apply(Command.parse(text))
    assert state.data["phase"] == "execution" and pending(state)[:2] == ("icon_move", 0)   # Elyse's card
    with pytest.raises(Refused) as refused:
        state.apply(Command.parse(f"1: answer {pending(state)[2][0]}"))
    assert refused.value.rule_id == "DRG-ACTION-5"


@pytest.mark.rule("DRG-AI-10")
def test_a_wrong_seat_at_a_proxy_decision_breaks_the_proxy_rule():
    from engine.dragonbond.effects import DRG
    from engine.dragonbond.rules import ai

    from .test_proxy import _tied_dragon
    state, ctx = _tied_dragon()
    assert ai.run_icon(ctx, "ferellon", Icon("attack"))
    DRG.drain(ctx)
    assert pending(state)[:2] == ("ai_tie", 0)                              # the first player decides
    with pytest.raises(Refused) as refused:
        state.apply(Command.parse("1: answer attack/willow_fords/neutral"))
    assert refused.value.rule_id == "DRG-AI-10"


@pytest.mark.rule("DRG-PLAN-3")
def test_an_answer_on_a_planning_turn_says_what_the_turn_takes():
    state = started(("elyse",), first=0)
    with pytest.raises(Refused) as refused:
        state.apply(Command.parse("0: answer elyse"))
    assert refused.value.rule_id == "DRG-PLAN-3"
    assert refused.value.reason.startswith("no decision waits for an answer: on a planning turn, place one card "
                                           "from your hand or pass (place ely_a1, place ely_a2,")
