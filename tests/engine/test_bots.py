"""Bots play through the contract only: legal choices, reproducible, blind to others' secrets."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import pytest

from engine.bots import Bot, PlayoutError, RandomBot, bot_kinds, bot_rng, make_bot, play_out, register_bot
from engine.bots import base as bot_registry
from engine.bots.scoring import ScoringBot
from engine.core import Command, ConfigError, Data, Match, Rng, State, get_game
from tests.toygame import ToyRidge


def toy_match(players: int, seed: int, seats: Sequence[str] | None = None) -> Match:
    return Match.new("toy", players, seed=seed, seats=seats or ["bot:random"] * players)


def random_bots(players: int) -> dict[int, Bot]:
    return {seat: make_bot("random") for seat in range(players)}


class SpyBot:
    """Records what it is given, then answers like the random bot."""

    name = "spy"

    def __init__(self, game: object = None) -> None:
        self.seen: list[tuple[Data, tuple[Command, ...]]] = []

    def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command:
        self.seen.append((view, tuple(legal)))
        return rng.choice(legal)


# -- registry ----------------------------------------------------------------------------------
def test_make_bot_accepts_the_kind_and_the_seat_spelling() -> None:
    assert make_bot("random").name == "random"
    assert make_bot("bot:random").name == "random"
    assert "random" in bot_kinds()


def test_unknown_bot_kind_is_a_config_error_listing_the_kinds() -> None:
    with pytest.raises(ConfigError, match=r"no bot kind 'genius' \(bot kinds: .*random"):
        make_bot("genius")


def test_games_can_register_more_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_registry, "_factories", dict(bot_registry._factories))
    register_bot("spy", SpyBot)
    assert "spy" in bot_kinds()
    assert isinstance(make_bot("bot:spy"), SpyBot)
    with pytest.raises(ValueError, match="two different bots"):
        register_bot("spy", RandomBot)
    with pytest.raises(ValueError, match="lower case"):
        register_bot("Bad Name", SpyBot)


# -- the random bot ----------------------------------------------------------------------------
def test_random_bot_only_picks_legal_commands_and_repeats_from_a_seed() -> None:
    match = toy_match(3, seed=11)
    legal = match.state.legal(0)
    bot = RandomBot()
    picks = [bot.choose(match.state.view(0), legal, Rng(seed)) for seed in range(200)]
    assert set(picks) <= set(legal)
    assert len(set(picks)) > len(legal) // 2  # it really spreads over the choices
    assert picks == [bot.choose(match.state.view(0), legal, Rng(seed)) for seed in range(200)]


def test_random_bot_refuses_an_empty_choice() -> None:
    with pytest.raises(ValueError, match="at least one"):
        RandomBot().choose({}, [], Rng(1))


# -- the scoring (heuristic) bot shape ------------------------------------------------------------
class LongestVerbBot(ScoringBot):
    """Rates a command by its verb's length, and remembers whose view it read."""

    def scorer(self, view: Data, seat: int) -> Callable[[Command], float]:
        self.read = (view["me"], seat)
        return lambda command: len(command.verb)


def test_a_scoring_bot_plays_the_best_rated_command_and_breaks_ties_from_its_seed() -> None:
    legal = [Command.parse(text) for text in ("1: go", "1: wait", "1: rest", "1: gather")]
    bot = LongestVerbBot()
    assert bot.choose({"me": "seat 1"}, legal, Rng(3)) == legal[3] and bot.read == ("seat 1", 1)
    tied = legal[1:3]                                       # wait and rest rate the same
    picks = [bot.choose({"me": "seat 1"}, tied, Rng(seed)) for seed in range(40)]
    assert set(picks) == set(tied)
    assert picks == [bot.choose({"me": "seat 1"}, tied, Rng(seed)) for seed in range(40)]
    with pytest.raises(ValueError, match="at least one"):
        bot.choose({"me": "seat 1"}, [], Rng(1))


# -- the runner --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_runner_finishes_toy_games(players: int) -> None:
    for seed in range(5):
        match = toy_match(players, seed)
        result = play_out(match, random_bots(players), rng_seed=seed)
        assert result.finished and result.outcome == match.state.outcome
        assert result.commands == len(match.history) > 0
        assert result.seconds >= 0
        assert match.state.invariant_problems() == []
        assert match.replayed().digest() == match.digest()


def test_runner_is_reproducible_from_its_seed() -> None:
    def commands(game_seed: int, bot_seed: int) -> list[str]:
        match = toy_match(3, game_seed)
        play_out(match, random_bots(3), rng_seed=bot_seed)
        return [str(c) for c in match.commands]

    assert commands(4, 99) == commands(4, 99)
    assert len({tuple(commands(4, bot_seed)) for bot_seed in range(6)}) > 1


def test_each_bot_seat_has_its_own_generator() -> None:
    draws = [[bot_rng(7, seat).below(1 << 30) for _ in range(4)] for seat in range(3)]
    game_draws = [Rng(7).below(1 << 30) for _ in range(4)]
    assert len({tuple(d) for d in [*draws, game_draws]}) == 4


def test_bots_see_only_their_own_seat() -> None:
    spies = {seat: SpyBot() for seat in range(3)}
    play_out(toy_match(3, seed=5), spies, rng_seed=5)
    for seat, spy in spies.items():
        assert spy.seen, f"seat {seat} was never asked"
        for view, legal in spy.seen:
            hands = view["hands"]
            assert isinstance(hands[seat], list)
            assert all(isinstance(h, int) for i, h in enumerate(hands) if i != seat)
            assert isinstance(view["deck"], int)
            assert legal and all(c.seat == seat for c in legal)


def test_a_bot_cannot_change_the_game_through_its_view() -> None:
    class SharingView(ToyRidge):
        """A view that hands out the live board and discard pile (allowed to be lazy about copies)."""

        def view(self, data: Data, seat: int | None) -> Data:
            return {**super().view(data, seat), "board": data["board"], "discard": data["discard"]}

    class VandalBot(SpyBot):
        def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command:
            view["board"].clear()
            view["discard"].append(6)
            return super().choose(view, legal, rng)

    match = Match(State.new(SharingView(), Match.new("toy", 2, seed=8).config), ["bot:random"] * 2)
    play_out(match, {0: VandalBot(), 1: VandalBot()}, rng_seed=8)
    assert match.state.invariant_problems() == []
    assert len(match.state.data["board"]) == 9
    assert match.replayed().digest() == match.digest()


def test_runner_stops_when_a_seat_without_a_bot_decides() -> None:
    match = toy_match(2, seed=3, seats=["human", "bot:random"])
    result = play_out(match, {1: make_bot("random")}, rng_seed=3)
    assert result.outcome is None and result.waiting_on == (0,) and result.commands == 0
    match.apply(Command("pass"))
    result = play_out(match, {1: make_bot("random")}, rng_seed=3)
    assert result.commands >= 1
    assert result.finished or 0 in match.state.deciders()


def test_game_offering_no_legal_command_is_named_in_the_error() -> None:
    class Stuck(ToyRidge):
        info = dataclasses.replace(ToyRidge.info, id="stuck_toy")

        def legal_commands(self, data: Data, seat: int) -> list[Command]:
            return []

    game = Stuck()
    config = dataclasses.replace(Match.new("toy", 2, seed=1).config, game="stuck_toy")
    match = Match(State.new(game, config), ["bot:random"] * 2)
    with pytest.raises(PlayoutError, match=r"stuck_toy offers seat 0 no legal command at prompt 'turn'"):
        play_out(match, random_bots(2), rng_seed=1)


def test_a_bot_choosing_an_illegal_command_is_stopped() -> None:
    class Cheat(SpyBot):
        name = "cheat"

        def choose(self, view: Data, legal: Sequence[Command], rng: Rng) -> Command:
            return Command("place", (6, "b2"), seat=0)

    match = toy_match(2, seed=1)
    digest = match.digest()
    with pytest.raises(PlayoutError, match="bot 'cheat' of seat 0 chose '0: place 6 b2'"):
        play_out(match, {0: Cheat(), 1: make_bot("random")}, rng_seed=1)
    assert match.digest() == digest


def test_runner_stops_at_the_command_cap() -> None:
    match = toy_match(2, seed=1)
    with pytest.raises(PlayoutError, match="did not end within 3 commands"):
        play_out(match, random_bots(2), rng_seed=1, max_commands=3)
    assert len(match.history) == 3


def test_toy_is_registered_for_these_tests() -> None:
    assert get_game("toy").info.name.en == "Toy Ridge"


@pytest.mark.parametrize("game, players, mode, seed", [
    ("vindication", 3, "standard", 5), ("dragonbond", 2, "humans2", 5),
    ("nemesis", 3, "coop", 7),      # differed under hash seeds 0 and 11 while the bot walked a set
])
def test_heuristic_bots_play_the_same_game_under_any_hash_seed(game, players, mode, seed):
    """A bot that walks a set decides by the interpreter's string hash seed; a seeded game must
    not (the Nemesis bot once chose its goal room that way)."""
    import os
    import subprocess
    import sys

    def played(hash_seed: str) -> list[str]:
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-m", "engine", "play", game, "--players", str(players),
                               "--mode", mode, "--bots", "heuristic", "--seed", str(seed), "--log"],
                              capture_output=True, text=True, check=True, env=env)
        return [line for line in done.stdout.splitlines() if "commands/s" not in line]

    first = played("0")
    assert len(first) > 50
    assert played("11") == first
