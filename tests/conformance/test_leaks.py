"""Nothing a seat cannot see reaches it through another surface: its legal commands, the commands
of others as logs and replays show them (`Step.command_for`), or the events it may see (which the
log lines and `replay --log` are made from).

A string counts as hidden from a seat when it is in the state, not in the seat's view, and missing
from some state the seat cannot tell apart (secrets.py). An event or command may name such a
thing only if the seat's view shows it afterwards (a card drawn, a tile turned over).
"""
from __future__ import annotations

import pytest

from engine.core import Event, Match, Rng, games, weighted_choice

from .secrets import command_words, hidden_from, strings

STEPS = 150   # commands per game in the default run; the soak test plays whole games


def leak_setups(with_options: bool) -> list[tuple[str, str, int, tuple]]:
    """Each game's modes at their largest table; ``with_options``: also each yes/no option on."""
    found = []
    for game in games():
        if not game.info.hidden_information:
            continue
        for mode in game.info.modes:
            found.append((game.info.id, mode.id, mode.max_players, ()))
        first = game.info.modes[0]
        if with_options:
            found += [(game.info.id, first.id, first.max_players, ((o.key, not o.default),))
                      for o in game.info.options if o.kind == "bool"]
    return found


def _ids(setups: list[tuple[str, str, int, tuple]]) -> list[str]:
    return [f"{g}-{m}-{p}p" + "".join(f"-{k}={v}" for k, v in o) for g, m, p, o in setups]


SETUPS, SOAK_SETUPS = leak_setups(False), leak_setups(True)


def leaks(match: Match, seed: int, steps: int = STEPS) -> list[str]:
    """Play random legal commands and list every surface that names what its seat cannot see and
    was never shown (a card turned over earlier may be named again)."""
    rng = Rng(seed, stream=17)
    players = match.config.players
    seen: list[set[str]] = [strings(match.state.view(seat)) for seat in range(players)]
    found: list[str] = []
    for _ in range(steps):
        state = match.state
        if state.is_terminal():
            break
        secret = [hidden_from(state, seat) - seen[seat] for seat in range(players)]
        for seat in state.deciders():
            for command in state.legal(seat):
                named = command_words(command) & secret[seat]
                if named:
                    found.append(f"seat {seat} is offered {command}, naming {sorted(named)}")
        legal = state.legal()
        match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
        step = match.history[-1]
        for seat in range(players):
            seen_now = strings(match.state.view(seat))
            told = _event_words(step.events, seat)
            if "(hidden)" not in step.command_for(seat):
                told |= command_words(step.command)
            revealed = _revealed_words(step.events, seat)
            named = (told & secret[seat]) - seen_now - revealed
            if named:
                found.append(f"seat {seat} is told {sorted(named)} by {step.command_for(seat)!r}: "
                             + "; ".join(f"{e.kind} {dict(e.data)}" for e in step.events
                                         if e.visible_to(seat)))
            seen[seat] |= seen_now | told | revealed
    return found


def _event_words(events: list[Event], seat: int) -> set[str]:
    """What the events tell ``seat``; an event the game marks as revealing something hidden (a
    card turned over) may name it, since uncovering it is the rule."""
    words: set[str] = set()
    for event in events:
        if event.visible_to(seat) and not event.reveals:
            strings(dict(event.data), words, keys=False)
    return words


def _revealed_words(events: list[Event], seat: int) -> set[str]:
    words: set[str] = set()
    for event in events:
        if event.visible_to(seat) and event.reveals:
            strings(dict(event.data), words, keys=False)
    return words


@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SETUPS, ids=_ids(SETUPS))
def test_no_surface_names_what_its_seat_cannot_see(game_id, mode, players, options):
    match = Match.new(game_id, players, mode=mode, seed=3, options=dict(options),
                      seats=["bot:random"] * players)
    assert leaks(match, 3) == []


@pytest.mark.soak
@pytest.mark.parametrize(("game_id", "mode", "players", "options"), SOAK_SETUPS, ids=_ids(SOAK_SETUPS))
def test_soak_whole_games_leak_nothing(game_id, mode, players, options, soak_only_games):
    for seed in range(100, 100 + soak_only_games):
        match = Match.new(game_id, players, mode=mode, seed=seed, options=dict(options),
                          seats=["bot:random"] * players)
        assert leaks(match, seed, steps=100_000) == [], f"seed {seed}"


def test_the_leak_check_finds_a_face_down_card_named_in_a_public_event(monkeypatch):
    """A Dragonbond card is placed face down; a public event that names it is the leak to find."""
    match = Match.new("dragonbond", 2, seed=3, seats=["bot:random"] * 2)
    game = type(match.game)
    original = game.apply

    def leaky_apply(self, data, command, rng):
        events = original(self, data, command, rng)
        if command.verb == "place":
            events.append(Event("told", {"card": command.args[0]}))
        return events
    monkeypatch.setattr(game, "apply", leaky_apply)
    found = leaks(match, 3, steps=6)
    assert found and all(": place (hidden)':" in line for line in found)
