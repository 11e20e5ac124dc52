"""The positions a command passes through (`positions_recorded`, which the app shows one step at a
time) come with the command's own events, in their order, and every seat's view and table can be
built from each of them."""
from __future__ import annotations

import pytest

from engine.core import games, plain
from engine.core.effects import positions_recorded

from .test_contract import new_match, random_playout

SETUPS = [(game.info.id, mode.id, mode.max_players) for game in games() for mode in game.info.modes]
STEPS = 60


@pytest.mark.parametrize(("game_id", "mode", "players"), SETUPS, ids=[f"{g}-{m}-{p}p" for g, m, p in SETUPS])
def test_each_recorded_position_has_views_and_tables_for_every_seat(game_id, mode, players):
    match = new_match(game_id, mode, players, 9)
    game = match.game
    recorded = 0
    for step, (state, command) in enumerate(random_playout(match, 9)):
        if step >= STEPS:
            break
        probe = state.copy()
        with positions_recorded() as positions:
            events = probe.apply(command)
        order = [next(i for i, e in enumerate(events) if e is event) for event, _ in positions]
        assert order == sorted(order)
        for _, frozen in positions:
            data = plain.thaw(frozen)
            for seat in [*range(players), None]:
                game.table(game.view(data, seat))
        recorded += len(positions)
    with positions_recorded() as positions:
        pass
    assert positions == []
    if game_id != "toy":  # the toy game's rules emit their events without a rule context
        assert recorded
