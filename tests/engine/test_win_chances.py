"""Win chances (engine/bots/search.py `chances`): each seat's chance to win as the search's root
value, estimated from the onlooker's information set — the same whatever the seats' secrets are."""
from __future__ import annotations

import pytest

from engine.bots import chances
from engine.core import Match, Rng, plain, weighted_choice
from tests.engine.test_search_bot import DECISIONS, decision


def onlooker_twin(state, deal_seed: int):
    """The same position with everything any seat keeps to itself dealt again (hands, deck
    orders, face-down tiles, secret objectives) and another generator: its public view is the same."""
    other = state.copy()
    dealt = state.game.resample_hidden(plain.thaw(plain.freeze(state.data)), None, Rng(deal_seed))
    assert dealt is not None
    other.data.clear()
    other.data.update(dealt)
    other.rng = Rng(deal_seed + 1)
    return other


@pytest.mark.parametrize("key", list(DECISIONS))
def test_the_estimate_is_the_same_when_the_seats_secrets_are_dealt_again(key):
    state, _, _ = decision(key)
    twins = [onlooker_twin(state, seed) for seed in (11, 12)]
    assert all(t.view(None) == state.view(None) for t in twins)
    assert any(plain.digest(t.data) != plain.digest(state.data) for t in twins), "the twins must hide else"
    found = [chances(state.game, s, Rng(5), iterations=12) for s in (state, *twins)]
    assert found[0] == found[1] == found[2]
    assert len(found[0]) == state.config.players and all(0.0 <= v <= 1.0 for v in found[0])
    assert state.digest() == decision(key)[0].digest()   # the estimate changes nothing


def test_a_seats_own_estimate_may_use_its_secrets_but_no_one_elses():
    state, seat, _ = decision("toy")
    other = state.copy()
    dealt = state.game.resample_hidden(plain.thaw(plain.freeze(state.data)), seat, Rng(3))
    other.data.clear()
    other.data.update(dealt)
    assert chances(state.game, state, Rng(2), seat=seat, iterations=20) == \
        chances(state.game, other, Rng(2), seat=seat, iterations=20)


def test_the_seed_and_budget_make_it_reproducible_and_a_finished_game_is_certain():
    state, _, _ = decision("vindication")
    runs = [chances(state.game, state, Rng(s), iterations=10) for s in (1, 1, 2)]
    assert runs[0] == runs[1] and runs[0] != runs[2]
    assert chances(state.game, state, Rng(1), think_ms=20, iterations=None)
    with pytest.raises(ValueError, match="budget"):
        chances(state.game, state, Rng(1), iterations=None)
    match = Match.new("toy", 2, seed=4)
    rng = Rng(4)
    while not match.state.is_terminal():
        seat = match.state.deciders()[0]
        legal = match.state.legal(seat)
        match.apply(weighted_choice(rng, legal, [1] * len(legal)))
    winners = match.state.outcome.winners
    assert chances(match.game, match.state, Rng(1)) == tuple(1.0 if s in winners else 0.0 for s in range(2))
