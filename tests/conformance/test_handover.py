"""Hot-seat hand-overs are decided from the views (`Game.view_shows_more`): the hand-over screen may
be skipped only when the next seat's view shows nothing the one before may not know. Checked for
every game against its own model of secrets, `resample_hidden`: what one seat cannot see, dealt
again, must leave unchanged any view said to show nothing more than its own."""
from __future__ import annotations

import pytest

from engine.core import Rng, games

from .test_contract import new_match, random_playout

EVERY = 4       # positions between checks
REDEALS = 3     # redeals of what the earlier seat cannot see, per check


def handover_setups() -> list[tuple[str, str, int]]:
    """Each mode of each game with secrets, at two seats and at its largest table."""
    return [(game.info.id, mode.id, players) for game in games() if game.info.hidden_information
            for mode in game.info.modes
            for players in sorted({max(2, mode.min_players), mode.max_players})
            if 1 < players <= mode.max_players]


SETUPS = handover_setups()


@pytest.mark.parametrize(("game_id", "mode", "players"), SETUPS, ids=[f"{g}-{m}-{p}p" for g, m, p in SETUPS])
def test_a_view_that_shows_nothing_more_cannot_tell_the_secrets_of_the_seat_before(game_id, mode, players):
    match = new_match(game_id, mode, players, 17)
    rng = Rng(17, stream=5)
    skipped = needed = 0
    for step, (state, _) in enumerate(random_playout(match, 17)):
        if step % EVERY:
            continue
        game, data = state.game, state.to_plain()["data"]
        views = [state.view(seat) for seat in range(players)]
        for earlier in range(players):
            assert not game.view_shows_more(views[earlier], views[earlier])
            for later in range(players):
                if later == earlier:
                    continue
                if game.view_shows_more(views[later], views[earlier]):
                    needed += 1
                    continue
                skipped += 1
                for _ in range(REDEALS):
                    other = game.resample_hidden(data, earlier, rng)
                    if other is not None:
                        assert game.view(other, later) == views[later], (
                            f"step {step}: seat {later}'s view was said to show nothing seat {earlier} "
                            f"may not know, yet it changes when seat {earlier}'s unknowns are dealt again")
    assert needed, "no position ever needed a hand-over: the views hide nothing from each other?"
