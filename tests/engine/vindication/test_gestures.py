"""Gestures as commands: a drag of every legal command's gesture plays that command back, and a
click on a space the player cannot use asks for something the rules refuse with a reason."""
from __future__ import annotations

import random

import pytest

from engine.core import Command, Match, Refused
from engine.vindication import gestures


def _positions(options: dict | None, seed: int, count: int = 250):
    """(state, seat) after each command of a seeded random two-player game."""
    match = Match.new("vindication", 2, seed=seed, options=options, seats=["human", "human"])
    rng = random.Random(seed)
    for _ in range(count):
        if match.state.is_terminal():
            return
        seat = match.state.deciders()[0]
        yield match.state, seat
        legal = match.state.legal(seat)
        weights = [match.game.random_weight(c) for c in legal]
        match.apply(rng.choices(legal, weights)[0])


@pytest.mark.parametrize("options", [None, {"villages_hamlets": True}])
def test_the_drag_of_every_legal_commands_gesture_plays_a_legal_command_to_the_same_place(options) -> None:
    seen: set[str] = set()
    for state, seat in _positions(options, seed=11):
        view = state.view(seat)
        legal = state.legal(seat)
        texts = {str(c) for c in legal}
        for command in legal:
            gesture = gestures.command_gesture(command, view)
            if gesture is None:
                continue
            seen.add(command.verb)
            dragged = gestures.drag_command(view, seat, *gesture)
            assert dragged is not None, command
            if command.verb in ("move", "fly"):
                # a walk may take another path to the same triangle; it must end there
                assert gestures.command_gesture(dragged, view) == gesture
            else:
                assert str(dragged) in texts and str(dragged) == str(command)
    assert {"move", "rest", "activate", "recover"} <= seen


def test_a_dragged_medallion_walks_the_triangles_it_passed_with_gaps_filled() -> None:
    match = Match.new("vindication", 1, mode="solo", seed=3, seats=["human"])
    while match.state.data["phase"] == "setup":
        match.apply(match.state.legal()[0])
    view = match.state.view(0)
    start = view["players"][0]["token"]
    walks = [c.args[0] for c in match.state.legal(0) if c.verb == "move" and len(c.args[0]) == 3]
    path = walks[0]
    assert gestures.drag_command(view, 0, "token", path[2], [path[1]]) == Command("move", (path,), (), 0)
    jumped = gestures.drag_command(view, 0, "token", path[2], [])   # the pointer skipped the middle
    assert jumped is not None and jumped.args[0][0] == start and jumped.args[0][-1] == path[2]
    assert len(jumped.args[0]) == 3


def test_a_click_on_a_far_triangle_is_refused_with_the_speed_rule() -> None:
    match = Match.new("vindication", 1, mode="solo", seed=3, seats=["human"])
    while match.state.data["phase"] == "setup":
        match.apply(match.state.legal()[0])
    view = match.state.view(0)
    start = view["players"][0]["token"]
    far = max(match.game.board_layout(match.config)["spaces"],
              key=lambda s: len(gestures.shortest_path(start, s["id"]) or ()) if s["id"].startswith("T") else 0)
    command = gestures.click_command(view, 0, far["id"])
    assert command is not None and command.verb == "move"
    with pytest.raises(Refused) as refused:
        match.state.check(command)
    assert refused.value.rule_id == "VIN-MOVE-1" and "speed" in refused.value.reason
    assert gestures.click_command(view, 0, "H30") is None      # the honor track asks for nothing


def test_drops_that_mean_nothing_are_none() -> None:
    match = Match.new("vindication", 1, mode="solo", seed=3, seats=["human"])
    view = match.state.view(0)
    assert gestures.drag_command(view, 0, "potential", "conviction") is None
    assert gestures.drag_command(view, 0, "influence", "attr:S") is None    # no gain is being chosen
    assert gestures.drag_command(view, 0, "token", "R07") is None
