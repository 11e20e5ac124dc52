"""The session's view cache alone: views, legal commands and tables are built once per change and
seat, and a change of position (or of language) builds them again."""
from __future__ import annotations

import random

import pytest

from engine.core import Command, Match, games, plain
from gui.controller.handover import HandOver
from gui.controller.steps import Step, StepShow
from gui.controller.view_cache import ViewCache


def toy(seats=("human", "human")) -> Match:
    return Match.new("toy", len(seats), mode="versus", seed=3, options={"challenges": False}, seats=list(seats))


def parts(match: Match) -> tuple[ViewCache, HandOver, StepShow]:
    handover, steps = HandOver(), StepShow(lambda: 0)
    cache = ViewCache(handover, steps)
    cache.reset(match)
    handover.update(match)
    return cache, handover, steps


def test_what_is_built_for_a_position_is_built_once(qapp) -> None:
    cache, _, _ = parts(toy())
    assert cache.view(0) is cache.view(0) and cache.shown_view() is cache.view(0)
    assert cache.table(0) is cache.table(0)
    assert cache.viewer_legal() is cache.viewer_legal() and cache.viewer_legal()
    assert cache.board_layout() is cache.board_layout()
    assert cache.view(1) is not cache.view(0)  # per seat: Player 2's hand is not Player 1's
    assert isinstance(cache.view(1)["hands"][0], int) and isinstance(cache.view(0)["hands"][0], list)


def test_a_change_of_position_invalidates_views_tables_and_legal_commands(qapp) -> None:
    match = toy()
    cache, handover, _ = parts(match)
    view, table, legal, generation = cache.view(0), cache.table(0), cache.viewer_legal(), cache.generation
    assert all(c.seat == 0 for c in legal)
    match.apply(Command.parse(f"0: place {view['hands'][0][0]} a1"))
    assert cache.view(0) is not view and cache.view(0)["board"]["a1"]["seat"] == 0   # the view follows the state
    assert cache.table(0) is not table
    assert cache.viewer_legal() is legal       # the legal commands are listed once per change …
    cache.changed()
    handover.update(match)
    assert cache.generation == generation + 1  # … and listed again after it: now Player 2's
    assert handover.viewer == 1 and cache.viewer_legal() and all(c.seat == 1 for c in cache.viewer_legal())
    assert "a1" in cache.spaces_seen()         # the spaces seen so far are kept


def test_a_change_of_language_rebuilds_the_table_and_the_layout(qapp) -> None:
    cache, _, _ = parts(toy())
    table, layout = cache.table(0), cache.board_layout()
    cache.language = "zh_TW"
    assert cache.table(0) is not table and cache.board_layout() is not layout
    assert cache.table(0) is cache.table(0)


def test_while_a_command_unfolds_nothing_can_be_played_and_the_table_is_the_steps(qapp) -> None:
    match = toy()
    cache, handover, steps = parts(match)
    before = plain.freeze(match.state.data)
    steps.begin([Step([], [], before), Step([], [], None)])
    assert cache.unfolding() and cache.viewer_legal() == []
    assert cache.shown_table(handover.shown) is not cache.table(handover.shown)
    assert cache.shown_table(1) is cache.table(1)  # only the shown seat's table is the step's
    steps.drop()
    assert cache.viewer_legal() and cache.shown_table(handover.shown) is cache.table(handover.shown)


def test_a_closed_game_keeps_nothing(qapp) -> None:
    cache, _, _ = parts(toy())
    cache.table(0)
    cache.reset(None)
    assert cache.match is None and cache.viewer_legal() == [] and cache.board_layout() == {}
    assert cache.spaces_seen() == set()


@pytest.mark.parametrize("game", [g.info.id for g in games()])
def test_the_hooks_the_screen_asks_leave_the_view_as_it_was(game: str) -> None:
    """The cache hands one view of a position to every hook the screen asks of it: no hook may
    change it (a seeded random game; every seat's view checked after each hook)."""
    info = next(g.info for g in games() if g.info.id == game)
    mode = info.modes[0]
    match = Match.new(game, mode.min_players, mode=mode.id, seed=5)
    rng = random.Random(5)
    for _ in range(25):
        state = match.state
        if state.is_terminal():
            break
        for seat in state.deciders():
            view = state.view(seat)
            frozen = plain.freeze(view)
            legal = state.legal(seat)
            for command in legal[:40]:
                match.game.command_touches(command, view)
                match.game.command_gesture(command, view)
                match.game.is_panel_action(command, view)
                match.game.describe_command(command, "en", view)
                match.game.command_amounts(command, view, "en")
            match.game.table(view, "en")
            match.game.needs_own_view(view)
            match.game.describe_table(view, "en")
            assert plain.freeze(view) == frozen, f"{game}: a hook changed seat {seat}'s view"
        seat = state.deciders()[0]
        legal = state.legal(seat)
        match.apply(rng.choice(legal))
