"""Drawing a random command without listing (engine/core/sampling.py, `State.sample`), held to the
listing it stands for on every built-in game.

- Where a game describes a state's legal commands as groups (`Game.legal_groups`), the groups'
  members, built one by one, are exactly the legal list in order, each of its group's weight (the
  game's `random_weight`): checked at every state of whole seeded random games, every mode (Nemesis:
  every mode and player count).
- `State.sample` draws the very command, with the very generator draws, that `weighted_choice` over
  the listing draws — through the groups where the game has them, else through the list (the
  default every game gets).
- The sampled command is applied without listing (by identity, as a listed one); a command that
  is not the sampled object keeps the full check: refused with the digest unchanged.
"""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import Command, Match, Refused, Rng, get_game, weighted_choice
from engine.core.sampling import draw, group_of, listing, members, one_group, runs

GAMES = ("vindication", "nemesis", "dragonbond")


def setups(game_id: str) -> list[tuple[str, int]]:
    return [(mode.id, n) for mode in get_game(game_id).info.modes
            for n in range(mode.min_players, mode.max_players + 1)]


def random_states(game_id: str, games: int, max_commands: int = 20_000) -> Iterator[Match]:
    """The match at every state of ``games`` seeded random games cycling through every setup (and
    Vindication's Villages & Hamlets every other game), before each command."""
    for seed in range(games):
        mode, players = setups(game_id)[seed % len(setups(game_id))]
        options = {"villages_hamlets": True} if game_id == "vindication" and seed % 2 else None
        match = Match.new(game_id, players, mode=mode, seed=seed, options=options)
        rng = Rng(seed, stream=7)
        for _ in range(max_commands):
            if match.state.is_terminal():
                break
            yield match
            legal = match.state.legal()
            match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))


@pytest.mark.parametrize("game_id", GAMES)
def test_groups_are_the_legal_list_in_order(game_id: str) -> None:
    game = get_game(game_id)
    grouped = 0
    # Vindication: both board sets; Nemesis: every mode and player count (9 setups)
    for match in random_states(game_id, {"vindication": 8, "nemesis": 9}.get(game_id, 3)):
        data = match.state._peek()
        for seat in range(match.config.players):
            groups = game.legal_groups(data, seat)
            if groups is None:
                continue
            grouped += 1
            built = list(members(groups))
            legal = game.legal_commands(data, seat)
            assert [c for c, _ in built] == legal, f"seed {match.config.seed}: groups differ from the list"
            assert [w for _, w in built] == [game.random_weight(c) for c in legal]
            assert all(size >= 0 for size, _, _ in groups)
    if game_id in ("vindication", "nemesis"):
        assert grouped > 500    # the turns of every game are drawn by groups


@pytest.mark.parametrize("game_id", GAMES)
def test_sample_draws_what_weighted_choice_draws(game_id: str) -> None:
    game = get_game(game_id)
    for i, match in enumerate(random_states(game_id, 4 if game_id == "vindication" else 2)):
        seat = match.state.deciders()[0]
        fresh = match.state.copy()                    # no listing kept: the groups' way
        listed = match.state.copy()
        legal = listed.legal(seat)                    # listed: the list's way
        mine, theirs = Rng(i, stream=3), Rng(i, stream=3)
        expected = weighted_choice(theirs, legal, [game.random_weight(c) for c in legal])
        assert fresh.sample(mine, seat) == expected
        assert mine.get_state() == theirs.get_state()
        assert listed.sample(Rng(i, stream=3), seat) is expected


def test_sampled_command_applies_without_listing_and_refusals_keep_the_digest() -> None:
    checked = 0
    for match in random_states("vindication", 2, max_commands=200):
        state = match.state.copy()
        drawn = state.sample(Rng(checked))
        if drawn.verb == "answer":
            continue
        checked += 1
        assert not state._offers                     # drawn from the groups, nothing listed
        digest = state.digest()
        # not the drawn object: the full check, refused with the digest unchanged
        with pytest.raises(Refused):
            state.apply(Command("xyzzy_no_such_command", seat=drawn.seat))
        bad = Command(drawn.verb, ("nowhere_at_all",) + drawn.args[1:], drawn.options, drawn.seat)
        with pytest.raises(Refused):
            state.apply(bad)
        assert state.digest() == digest
        # the drawn command itself, and only it, is taken as listed
        assert state.resolve(drawn) is drawn
        state.apply(drawn)
        assert not state._offers and state._sampled is None
        # drawn at an earlier version of the data: checked in full again
        if not state.is_terminal():
            before = state.digest()
            try:
                state.apply(drawn)
            except Refused:
                assert state.digest() == before
    assert checked > 50


def test_draw_matches_weighted_choice_on_made_up_groups() -> None:
    commands = [Command("c", (i,), seat=0) for i in range(9)]
    weights = [1.0, 1.0, 0.05, 0.05, 0.05, 1.0, 0.5, 0.5, 0.0]
    groups = runs(commands, lambda c: weights[commands.index(c)])
    assert [size for size, _, _ in groups] == [2, 3, 1, 2, 1]
    for seed in range(300):
        a, b = Rng(seed), Rng(seed)
        assert draw(groups, a) == weighted_choice(b, commands, weights)
        assert a.get_state() == b.get_state()
    assert draw([(0, 1.0, commands.__getitem__), group_of(commands[:1], 1.0)], Rng(1)) is commands[0]


def test_a_lister_made_from_groups_lists_their_members() -> None:
    commands = [Command("c", (i,), seat=0) for i in range(5)]

    def groups(data: object, seat: int) -> list[tuple[int, float, object]]:
        return [group_of(commands[:2], 1.0), (0, 1.0, commands.__getitem__), (3, 0.5, lambda k: commands[2 + k])]

    assert listing(groups)(None, 0) == commands  # type: ignore[arg-type]
    assert listing(groups).__module__ == __name__
    assert one_group(lambda data, seat: commands)(None, 0)[0][:2] == (5, 1.0)
    assert one_group(lambda data, seat: [])(None, 0) == []
