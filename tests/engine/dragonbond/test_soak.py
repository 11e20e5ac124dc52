"""Seeded bot games over every mix of human and AI seats (modes humans1..humans4), the invariants
checked after every command and each bot seeing only its seat's view. By default a small sample
runs; `pytest -m soak --soak-games N` plays N random and N // 3 heuristic games (300 gives the
full 300 random + 100 heuristic run)."""
from __future__ import annotations

import pytest

from engine.bots import bot_rng, make_bot
from engine.core import Match

MAX_COMMANDS = 5_000
OPTIONS = ({}, {"characters": "random"}, {"characters": "in_order", "seating": "alternate"},
           {"first_player": "choose", "ai_tie_break": "random"}, {"seating": "random"})


def checked_game(seed: int, kind: str) -> Match:
    """One whole game: humans1..4 and the options cycle with the seed; every seat is a ``kind`` bot."""
    humans = seed % 4 + 1
    options = OPTIONS[(seed // 4) % len(OPTIONS)]
    match = Match.new("dragonbond", humans, seed=seed, seats=[f"bot:{kind}"] * humans, options=options)
    bots = {seat: make_bot(kind, match.game) for seat in range(humans)}
    rngs = {seat: bot_rng(seed, seat) for seat in range(humans)}
    assert match.state.invariant_problems() == []
    bonds: set[tuple[str, str]] = set()
    for _ in range(MAX_COMMANDS):
        state = match.state
        if state.is_terminal():
            break
        seat = state.deciders()[0]
        legal = state.legal(seat)
        assert legal, f"seed {seed} ({kind}, {humans} humans, {options}): seat {seat} has no legal command " \
                      f"at {state.prompt}"
        command = bots[seat].choose(state.view(seat), legal, rngs[seat])
        assert command in legal
        match.apply(command)
        problems = match.state.invariant_problems()
        assert problems == [], (seed, kind, humans, options, len(match.history), str(command), problems)
        now = {(ch, b["bonded_with"]) for ch, b in match.state.data["boards"].items() if b["bonded_with"]}
        assert bonds <= now, (seed, kind, "a bond ended", bonds - now)             # DRG-OATH-14
        bonds = now
    assert match.state.is_terminal(), f"seed {seed} ({kind}) did not end in {MAX_COMMANDS} commands"
    outcome = match.state.outcome
    assert outcome is not None and "won: " in outcome.reason
    return match


def soak_count(request: pytest.FixtureRequest, default: int) -> int:
    return request.config.getoption("--soak-games") or default


@pytest.mark.soak
def test_soak_random_games_keep_every_invariant(request):
    for seed in range(1, soak_count(request, 8) + 1):
        checked_game(seed, "random")


@pytest.mark.soak
def test_soak_heuristic_games_keep_every_invariant(request):
    for seed in range(1, max(1, soak_count(request, 8) // 3) + 1):
        checked_game(seed, "heuristic")


def test_every_mode_is_covered_by_the_default_sample():
    assert {seed % 4 + 1 for seed in range(1, 9)} == {1, 2, 3, 4}
