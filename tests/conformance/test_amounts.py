"""Every game that reads answers as numbers (`Game.command_amounts`) reads one decision's answers
consistently, for the deciding seat and in both languages: no two answers of a group hold the same
numbers (so a row of spin boxes plays exactly one answer), no number is negative, a group has one
title — and every row stands for at least two answers."""
from __future__ import annotations

import pytest

from engine.core import LANGUAGES, Match, Rng, games, weighted_choice
from engine.core.amounts import amount_problems, amount_rows

STEPS = 400


@pytest.mark.parametrize("game_id", [g.info.id for g in games()])
def test_the_answers_of_every_decision_read_as_numbers_consistently(game_id: str) -> None:
    game = next(g for g in games() if g.info.id == game_id)
    mode = game.info.modes[0]
    match = Match.new(game_id, mode.max_players, mode=mode.id, seed=11, seats=["bot:random"] * mode.max_players)
    rng = Rng(11, stream=7)
    for _ in range(STEPS):
        state = match.state
        if state.is_terminal():
            break
        for seat in state.prompt.seats:
            legal = state.legal(seat)
            if not legal or any(c.verb != "answer" for c in legal):
                continue
            view = state.view(seat)
            for language in LANGUAGES:
                read = [(str(c), game.command_amounts(c, view, language)) for c in legal]
                assert amount_problems(read) == [], (seat, language, state.prompt.kind)
                for row in amount_rows(read):
                    assert len(row.choices) >= 2 and len(row.parts) >= 1
                    assert {answer for _, answer in row.choices} <= {str(c) for c in legal}
        legal = state.legal()
        match.apply(weighted_choice(rng, legal, [game.random_weight(c) for c in legal]))
