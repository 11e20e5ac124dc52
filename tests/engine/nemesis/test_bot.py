"""The heuristic bot plays whole games in every mode through its seat's view only; a soak run
(`pytest -m soak --soak-games N`) plays more seeded random and heuristic games, checking the
invariants after every command."""
from __future__ import annotations

import pytest

from engine.bots import bot_rng, make_bot
from engine.core import Match

MODES = (("solo", 1), ("standard", 2), ("standard", 4), ("standard", 5), ("coop", 2), ("coop", 4))


def checked_game(mode: str, players: int, seed: int, kind: str, max_commands: int = 5_000) -> Match:
    """Play a whole game with bots of ``kind``; the invariants hold after every command and each
    bot only ever sees its own seat's view."""
    match = Match.new("nemesis", players, mode=mode, seed=seed, seats=[f"bot:{kind}"] * players)
    bots = {seat: make_bot(kind, match.game) for seat in range(players)}
    rngs = {seat: bot_rng(seed, seat) for seat in range(players)}
    for _ in range(max_commands):
        state = match.state
        if state.is_terminal():
            break
        seat = state.deciders()[0]
        legal = state.legal(seat)
        command = bots[seat].choose(state.view(seat), legal, rngs[seat])
        assert command in legal
        match.apply(command)
        problems = match.state.invariant_problems()
        assert problems == [], (mode, players, seed, len(match.history), problems)
    assert match.state.is_terminal(), f"{mode}/{players} seed {seed} did not end in {max_commands} commands"
    return match


@pytest.mark.parametrize("mode,players", MODES)
def test_heuristic_bots_finish_games_in_every_mode(mode, players):
    match = checked_game(mode, players, seed=3, kind="heuristic")
    outcome = match.state.outcome
    data = match.state.data
    assert data["phase"] == "over"
    assert set(data["result"]) == {str(s) for s in range(players)}
    for seat in range(players):
        assert f"seat {seat} " in outcome.reason          # each character's fate is reported


def test_the_heuristic_bot_is_registered_for_nemesis_only_as_its_own_kind():
    from engine.nemesis.bot import HeuristicBot
    match = Match.new("nemesis", 2, seed=1)
    assert isinstance(make_bot("heuristic", match.game), HeuristicBot)


def test_the_heuristic_bot_escapes_combat_and_never_walks_into_an_intruder():
    from tests.engine.nemesis.scenario import add_intruder, data, explore_all, place, started
    match = started(2, seed=5)
    explore_all(match)
    seat = match.state.prompt.seats[0]
    place(match, seat, "R006")
    add_intruder(match, "adult", "R006")
    add_intruder(match, "adult", "R003")
    bot = make_bot("heuristic", match.game)
    legal = match.state.legal(seat)
    choice = bot.choose(match.state.view(seat), legal, bot_rng(1, seat))
    assert choice.verb == "move" and choice.args[0] != "R003"
    assert data(match)["intruders"]


@pytest.mark.soak
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_soak_seeded_games_keep_every_invariant(kind, soak_games):
    for seed in range(500, 500 + soak_games):
        for mode, players in MODES:
            checked_game(mode, players, seed, kind)


def survivors(mode: str, counts: tuple[int, ...], kind: str, games: int = 20) -> tuple[int, int]:
    """Characters alive after the Victory Check, and characters, over ``games`` seeded games."""
    alive = total = 0
    for seed in range(1, games + 1):
        players = counts[seed % len(counts)]
        match = Match.new("nemesis", players, mode=mode, seed=seed, seats=[f"bot:{kind}"] * players)
        bots = {seat: make_bot(kind, match.game) for seat in range(players)}
        rngs = {seat: bot_rng(seed, seat) for seat in range(players)}
        for _ in range(20_000):
            state = match.state
            if state.is_terminal():
                break
            seat = state.deciders()[0]
            match.apply(bots[seat].choose(state.view(seat), state.legal(seat), rngs[seat]))
        assert match.state.is_terminal()
        result = match.state.data["result"]
        alive += sum(1 for entry in result.values() if entry["alive"])
        total += players
    return alive, total


@pytest.mark.parametrize("mode,counts", [("solo", (1,)), ("standard", (2, 3, 4)), ("coop", (2, 3, 4))])
def test_the_heuristic_bot_survives_more_often_than_the_random_bot(mode, counts):
    """Issue 5 regression (the figures over 200 games: tests/benchmarks/nemesis_bots.py)."""
    heuristic, total = survivors(mode, counts, "heuristic")
    random, _ = survivors(mode, counts, "random")
    assert heuristic > random, (mode, heuristic, random, total)


def test_the_heuristic_bot_locks_itself_in_once_the_isolation_room_opens():
    from tests.engine.nemesis.scenario import data, explore_all, place, started
    match = started(2, seed=5)
    explore_all(match)
    seat = match.state.prompt.seats[0]
    place(match, seat, "ISO")
    data(match)["time"] = 8
    data(match)["rooms"]["ISO"]["face"] = "open"       # as E2 turns it on the first white slot
    legal = match.state.legal(seat)
    assert any(c.verb == "room" and c.args[0] == "lock_in" for c in legal)
    choice = make_bot("heuristic", match.game).choose(match.state.view(seat), legal, bot_rng(1, seat))
    assert choice.verb == "room" and choice.args[0] == "lock_in"


def test_the_heuristic_bot_shoots_when_armed_and_walks_toward_the_isolation_room_late():
    from tests.engine.nemesis.scenario import add_intruder, data, explore_all, place, started
    match = started(2, seed=5)
    explore_all(match)
    seat = match.state.prompt.seats[0]
    player = data(match)["players"][seat]
    player["hands"] = [{"item": "revolver", "ammo": 3}]
    place(match, seat, "R012")
    add_intruder(match, "adult", "R012")
    bot = make_bot("heuristic", match.game)
    choice = bot.choose(match.state.view(seat), match.state.legal(seat), bot_rng(1, seat))
    assert choice.verb == "shoot"
    data(match)["intruders"].clear()
    data(match)["time"] = 9
    choice = bot.choose(match.state.view(seat), match.state.legal(seat), bot_rng(1, seat))
    assert choice.verb in ("move", "careful_move") and choice.args[0] == "ISO", str(choice)
