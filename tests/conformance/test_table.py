"""Every game describes its table by the presentation contract (`engine.core.table`), for every
seat and in both languages, and the description shows only what that seat's view holds: a state
the seat cannot tell apart (what it cannot see dealt again) gives the same table, word for word —
so no tooltip, card face or label drawn from it can give a secret away."""
from __future__ import annotations

import pytest

from engine.core import LANGUAGES, Match, Rng, games, weighted_choice
from engine.core.table import layout_problems, table_problems

STEPS, EVERY = 120, 25


def _setups() -> list[tuple[str, str, int]]:
    return [(g.info.id, mode.id, players) for g in games() for mode in g.info.modes
            for players in sorted({mode.min_players, mode.max_players})]


@pytest.mark.parametrize(("game_id", "mode", "players"), _setups(), ids=lambda v: str(v))
def test_every_seat_sees_a_table_that_fits_the_contract_and_holds_no_secret(game_id, mode, players):
    match = Match.new(game_id, players, mode=mode, seed=5, seats=["bot:random"] * players)
    game = match.game
    layouts = {language: game.board_layout(match.config, language) for language in LANGUAGES}
    for language, layout in layouts.items():
        assert layout_problems(layout) == [], language
    rng = Rng(5, stream=23)
    for step in range(STEPS):
        state = match.state
        if state.is_terminal():
            break
        if step % EVERY == 0:
            for seat in range(players):
                view = state.view(seat)
                for language in LANGUAGES:
                    table = game.table(view, language)
                    assert table_problems(table, layouts[language] or None) == [], (seat, language)
                other = game.resample_hidden(state.data, seat, Rng(step, stream=3))
                if other is not None:
                    assert game.table(game.view(other, seat)) == game.table(view), (
                        f"seat {seat}'s table changes with what it cannot see at step {step}")
        legal = state.legal()
        match.apply(weighted_choice(rng, legal, [game.random_weight(c) for c in legal]))
