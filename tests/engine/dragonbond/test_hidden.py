"""Hidden information in what every seat reads besides its view (DRG-HIDDEN-1..10): public events,
their log lines and the commands as the other seats see them name no card that is not public."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import Match, Rng, weighted_choice
from engine.dragonbond.content import content
from engine.dragonbond.game import GAME


def _cards() -> set[str]:
    c = content()
    return {*c.action_cards, *c.region_cards, *c.event_cards, *c.upgrade_cards, *c.vaala_cards}


def _named(value: Any, cards: set[str]) -> set[str]:
    """Card ids anywhere in a value (strings, lists, mappings, option notation like cast/x/pay)."""
    if isinstance(value, str):
        return {part for part in value.replace("@", "/").split("/") if part in cards}
    if isinstance(value, dict):
        return set().union(*(_named(v, cards) for v in value.values()), set())
    if isinstance(value, (list, tuple)):
        return set().union(*(_named(v, cards) for v in value), set())
    return set()


@pytest.mark.rule("DRG-HIDDEN-2", "DRG-HIDDEN-3", "DRG-HIDDEN-4", "DRG-HIDDEN-6", "DRG-HIDDEN-10")
def test_public_events_and_commands_name_only_public_cards():
    cards = _cards()
    checked = 0
    for seed in range(1, 9):
        humans = seed % 3 + 2
        match = Match.new("dragonbond", humans, seed=seed, seats=["bot:random"] * humans)
        rng = Rng(seed, stream=5)
        while not match.state.is_terminal():
            before = _named(match.state.view(None), cards)
            legal = match.state.legal()
            events = match.apply(weighted_choice(rng, legal, [GAME.random_weight(c) for c in legal]))
            public = before | _named(match.state.view(None), cards)
            public |= set().union(*(_named(e.data, cards) for e in events if e.reveals), set())
            for event in events:
                if event.public:
                    checked += 1
                    assert _named(event.data, cards) <= public, (event.kind, event.data)
            shown = match.history[-1].command_for(None)
            assert _named(shown, cards) <= public, shown
    assert checked > 1_000
