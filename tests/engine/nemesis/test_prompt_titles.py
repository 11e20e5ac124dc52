"""Every decision a Nemesis game can pend has a title in both languages (the app shows it)."""
from __future__ import annotations

import random

from engine.core import Config, State, get_game
from engine.nemesis.labels import PROMPTS


def test_every_prompt_met_in_seeded_games_has_a_title_in_english_and_chinese():
    game = get_game("nemesis")
    met: set[str] = set()
    for seed in range(12):
        for mode, players in (("standard", 2 + seed % 4), ("solo", 1), ("coop", 2 + seed % 3)):
            state = State.new(game, Config.build(game.info, players, seed=seed, mode=mode))
            rng = random.Random(seed)
            for _ in range(400):
                prompt = game.prompt(state.data)
                if prompt is None:
                    break
                met.add(prompt.kind)
                legal = [c for seat in prompt.seats for c in game.legal_commands(state.data, seat)]
                state.apply(rng.choice(legal))
    assert len(met) > 10
    assert met <= set(PROMPTS["en"]) and set(PROMPTS["en"]) == set(PROMPTS["zh"])
    assert game.describe_prompt("noise_exit", "en") == "the corridor the noise comes from"
    assert game.describe_prompt("noise_exit", "zh_TW") == "噪音來自的走廊"
