"""Hostile input, for every game: mutated state documents and saves are refused in one line or
play on without an exception; junk commands are refused without changing anything, or spell a
listed command. CI runs a sample; `--soak-games N` runs N times as many cases
(tests/benchmarks/hostile_inputs.py prints the figures of a larger run)."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Config, Match, Rng, get_game

from .hostile import (
    check_command,
    check_document,
    check_save,
    hostile_setups,
    junk_commands,
    mutate,
    saved_game,
    snapshots,
)

SETUPS = hostile_setups()
IDS = [f"{g}-{m}-{p}p" for g, m, p in SETUPS]
DOCUMENTS, SAVES, COMMAND_POSITIONS = 30, 15, 12   # per game and mode in CI's sample


def _examples(request: pytest.FixtureRequest, sample: int) -> int:
    return sample * (request.config.getoption("--soak-games") or 1)


def _settings(examples: int):
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_every_game_declares_the_schema_of_its_data(setup):
    game = get_game(setup[0])
    assert game.data_schema(Config.build(game.info, setup[2], setup[1])) is not None


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_mutated_state_documents_are_refused_in_one_line_or_play_on(setup, request):
    documents = snapshots(*setup)

    @_settings(_examples(request, DOCUMENTS))
    @given(st.data())
    def run(data):
        def pick(n: int) -> int:
            return data.draw(st.integers(0, n - 1))
        document = json.loads(documents[pick(len(documents))])
        labels = []
        for _ in range(1 + pick(2)):
            if pick(5) and isinstance(document, dict) and "data" in document:   # mostly the game's data
                document["data"], label = mutate(document["data"], pick)
            else:
                document, label = mutate(document, pick)
            labels.append(label)
        check_document(document, "; ".join(labels))
    run()


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_mutated_saves_are_refused_in_one_line_or_play_on(setup, request, tmp_path):
    text = saved_game(*setup)

    @_settings(_examples(request, SAVES))
    @given(st.data())
    def run(data):
        def pick(n: int) -> int:
            return data.draw(st.integers(0, n - 1))
        if pick(4):
            document, label = mutate(json.loads(text), pick)
            mutant = json.dumps(document, indent=1)
        else:   # damage the text itself: cut it short or change one character
            at = pick(len(text))
            if pick(2):
                mutant, label = text[:at], f"cut at {at}"
            else:
                mutant, label = text[:at] + "}" + text[at + 1:], f"a brace at {at}"
        check_save(mutant, tmp_path, label)
    run()


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_junk_commands_are_refused_or_spell_a_listed_command(setup, request):
    game_id, mode, players = setup
    seed = 21
    match = Match.new(game_id, players, mode=mode, seed=seed, seats=["bot:random"] * players)
    rng = Rng(seed, stream=23)
    positions = _examples(request, COMMAND_POSITIONS)
    tried = 0
    for step in range(positions * 7):
        state = match.state
        if state.is_terminal():
            break
        if step % 7 == 0:
            for text in junk_commands(state, rng.below):
                check_command(state, text)
                tried += 1
        legal = state.legal()
        match.apply(legal[rng.below(len(legal))])
    assert tried
