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


@pytest.mark.parametrize(("game_id", "mode", "players"), SETUPS, ids=[f"{g}-{m}-{p}p" for g, m, p in SETUPS])
def test_a_decision_shown_in_the_public_view_offers_what_any_deal_of_the_secrets_would(game_id, mode, players):
    """`Game.needs_own_view` False lets a shared screen show the decider's answers in the public
    view: then those answers, worded from the public view, must not depend on any seat's secrets —
    the same with everything another seat cannot see (the decider's hand among it) dealt again."""
    from engine.core.rules_game import answers_itself
    match = new_match(game_id, mode, players, 23)
    rng = Rng(23, stream=5)
    public = 0
    for step, (state, _) in enumerate(random_playout(match, 23)):
        game = state.game
        data = None
        for seat in state.deciders():
            if game.needs_own_view(state.view(seat)):
                continue
            public += 1
            if public % EVERY:
                continue
            data = data or state.to_plain()["data"]
            offered = [(str(c), game.describe_command(c, "en", state.view(None))) for c in state.legal(seat)]
            assert offered, f"step {step}: a public decision with no answer"
            for other in set(range(players)) - {seat}:
                redealt = game.resample_hidden(data, other, rng)
                if redealt is None:
                    continue
                again = [(str(c), game.describe_command(c, "en", game.view(redealt, None)))
                         for c in game.legal_commands(redealt, seat)]
                assert again == offered, (f"step {step}: seat {seat}'s answers shown in the public view change "
                                          f"when seat {other}'s unknowns are dealt again")
    if answers_itself(match.game, "needs_own_view"):
        assert public, "the game says some decisions need no own view, yet none came up"
