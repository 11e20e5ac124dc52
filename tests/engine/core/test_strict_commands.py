"""`legal` and `apply` agree: a command no legal command spells is refused, whatever the rules would
make of it, with the rules' own reason or what in the notation does not fit; equal spellings play
the listed command."""
from __future__ import annotations

from typing import Any

import pytest

import tests.toygame  # noqa: F401  (registers the toy game)
from engine.core import Command, Data, Match, Refused, get_game
from engine.core.notation_check import mismatch_reason
from tests.toygame import ToyRidge


def toy(players: int = 2, seed: int = 1) -> Match:
    return Match.new("toy", players, seed=seed)


def refusal(match: Match, text: str) -> Refused:
    before = match.digest()
    with pytest.raises(Refused) as caught:
        match.apply(Command.parse(text))
    assert match.digest() == before and match.commands == []
    return caught.value


def test_junk_the_rules_would_read_past_is_refused_and_changes_nothing():
    match = toy()
    # ToyRidge's own `pass` ignores its arguments: the legal list does not, so neither does apply
    assert "toy" == match.config.game and Command.parse("0: pass") in match.state.legal()
    assert "takes no arguments" in refusal(match, "0: pass 1").reason
    assert "has no option 'x'" in refusal(match, "0: pass x=1").reason
    assert refusal(match, "0: pass now=yes").rule_id == "TOY-COMMAND-1"


def test_the_rules_explain_a_refusal_when_they_can():
    match = toy()
    hand = match.state.data["hands"][0]
    missing = next(v for v in range(1, 7) if v not in hand)
    caught = refusal(match, f"0: place {missing} a1")
    assert (caught.rule_id, caught.reason) == ("TOY-PLACE-1", f"you hold no {missing}")


def test_a_command_whose_rules_crash_on_junk_is_refused_not_raised(monkeypatch):
    match = toy()

    def broken_pass(self, data, cmd, rng):
        raise KeyError("junk reached the rules")
    monkeypatch.setattr(ToyRidge, "_do_pass", broken_pass)
    assert "takes no arguments" in refusal(match, "0: pass 1 2").reason


def test_an_unlisted_verb_and_an_idle_seat_are_named():
    match = toy()
    assert "no command" in mismatch_reason(Command.parse("0: pass"), [])
    assert "(now: claim, pass, place)" in mismatch_reason(Command.parse("0: fly"), match.state.legal(0))
    text = mismatch_reason(Command.parse("0: place 9 a1"), match.state.legal(0))
    assert "is not one of the" in text and "legal 'place' commands now (e.g. 'place" in text


def test_needed_options_are_named():
    offered = [Command.parse("0: go north speed=1"), Command.parse("0: go south speed=2")]
    assert mismatch_reason(Command.parse("0: go north"), offered) == "'go' needs the option 'speed' now"
    assert mismatch_reason(Command.parse("0: go north x=1"), offered) == \
        "'go' has no option 'x' (its options now: speed)"
    assert mismatch_reason(Command.parse("0: go"), offered) == "'go' takes 1 argument now, not 0"


class _Spelled(ToyRidge):
    """The toy game where a space may also be written in upper case."""

    def spelling_key(self, command: Command, data: Data) -> Any:
        if command.verb == "place" and len(command.args) == 2 and isinstance(command.args[1], str):
            return ("place", command.args[0], command.args[1].lower(), command.seat)
        return command


def test_an_equal_spelling_plays_the_listed_command_and_is_recorded_so(monkeypatch):
    game = get_game("toy")
    monkeypatch.setattr(game, "spelling_key", _Spelled.spelling_key.__get__(game))
    match = toy()
    value = match.state.data["hands"][0][0]
    match.apply(Command.parse(f"0: place {value} B2"))
    assert [str(c) for c in match.commands] == [f"0: place {value} b2"]
    assert match.state.data["board"]["b2"] == {"seat": 0, "value": value}


def test_listing_is_remembered_until_the_state_changes(monkeypatch):
    match = toy()
    game = match.game
    calls = []
    original = type(game).legal_commands

    def counted(self, data, seat):
        calls.append(seat)
        return original(self, data, seat)
    monkeypatch.setattr(type(game), "legal_commands", counted)
    state = match.state
    legal = state.legal(0)
    state.copy().check(legal[0])
    match.apply(legal[0])                       # the listing made above serves the check and apply
    assert calls == [0]
    state.legal(0)
    assert len(calls) == 2                      # the state changed: listed afresh
    state.data["passes"] = 0                    # whoever holds the live data may change it
    state.legal(0)
    assert len(calls) == 3


def test_a_refused_command_keeps_the_listing():
    match = toy()
    state = match.state
    state.legal(0)
    offers = state._offers
    with pytest.raises(Refused):
        state.apply(Command.parse("0: place 99 a1"))
    assert state._offers is offers


def _until(match: Match, done, limit: int = 400) -> None:
    """Play the first legal command until ``done(state)`` holds."""
    for _ in range(limit):
        if done(match.state):
            return
        match.apply(match.state.legal()[0])
    raise AssertionError("the position was never reached")


def test_an_answer_with_nothing_pending_says_so():
    match = Match.new("vindication", 2, seed=5)
    _until(match, lambda state: state.prompt.kind == "turn")
    seat = match.state.deciders()[0]
    before = match.digest()
    with pytest.raises(Refused) as caught:
        match.apply(Command.parse(f"{seat}: answer CH1"))
    assert caught.value.reason == "nothing waits for an answer now: give a turn command"
    assert match.digest() == before


def test_an_answer_of_two_values_says_one_is_wanted():
    match = Match.new("dragonbond", 2, seed=5)
    seat = match.state.deciders()[0]
    before = match.digest()
    with pytest.raises(Refused) as caught:
        match.apply(Command.parse(f"{seat}: answer reroll adrael"))
    assert "one choice" in caught.value.reason and "None" not in caught.value.reason
    assert match.digest() == before


def test_a_wrong_seat_is_told_who_decides():
    match = toy()
    caught = refusal(match, "1: pass")
    assert caught.rule_id == "TOY-TURN-1"
    assert caught.reason == "seat 1 is not the one to decide now (the game waits on seat 0)"
