"""The hand-over policy alone: who sits at the screen, which seat's view it draws, and when the
screen must be handed over first (Toy Ridge: each hand is secret)."""
from __future__ import annotations

import pytest

from engine.core import Match
from gui.controller.handover import HandOver, is_hot_seat


def toy(seats=("human", "human")) -> Match:
    return Match.new("toy", len(seats), mode="versus", seed=3, options={"challenges": False}, seats=list(seats))


def place(match: Match) -> None:
    match.apply(next(c for c in match.state.legal(match.state.deciders()[0]) if c.verb == "place"))


def test_each_new_decider_gets_the_screen_after_a_hand_over() -> None:
    match, handover = toy(), HandOver()
    assert is_hot_seat(match)
    assert handover.update(match) and (handover.viewer, handover.shown, handover.due) == (0, 0, True)
    assert not handover.update(match)  # nothing changed
    place(match)
    assert handover.update(match) and (handover.viewer, handover.shown, handover.due) == (1, 1, True)


def test_against_the_computer_the_person_keeps_the_screen_and_needs_no_hand_over() -> None:
    match, handover = toy(("human", "bot:random")), HandOver()
    assert not is_hot_seat(match)
    handover.update(match)
    assert (handover.viewer, handover.shown, handover.due) == (0, 0, False)
    place(match)                      # the computer decides now
    assert match.state.deciders() == (1,)
    assert not handover.update(match) and (handover.viewer, handover.shown) == (0, 0)


def test_a_decision_that_needs_no_secret_shows_the_public_view_without_a_hand_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    match, handover = toy(), HandOver()
    monkeypatch.setattr(type(match.game), "needs_own_view", lambda self, view: False)
    handover.update(match)
    assert (handover.viewer, handover.shown, handover.due) == (0, None, False)
    place(match)
    handover.update(match)
    assert (handover.viewer, handover.shown, handover.due) == (1, None, False)


def test_reset_forgets_who_looked() -> None:
    match, handover = toy(), HandOver()
    handover.update(match)
    handover.reset()
    assert (handover.viewer, handover.shown, handover.due) == (None, None, False)
