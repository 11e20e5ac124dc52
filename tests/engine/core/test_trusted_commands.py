"""Commands the engine's own listers build with `Command.trusted` (no check of their words) are
exactly the commands the checked constructor builds: over whole seeded games of every built-in game,
in every mode and player count, every listed command is rebuilt with `Command(...)` and read back
from its notation, and must be equal, hash alike and print alike (so ``True`` never passes as ``1``
and options are given in the order a command keeps). A command from anyone else keeps every check.
"""
from __future__ import annotations

import pytest

from engine.core import (
    Command,
    Match,
    NotationError,
    Rng,
    SaveError,
    commands,
    get_game,
    state_from_document,
    state_to_document,
    weighted_choice,
)

GAMES = ("vindication", "nemesis", "dragonbond")


def setups(game_id: str) -> list[tuple[str, int]]:
    return [(mode.id, n) for mode in get_game(game_id).info.modes
            for n in range(mode.min_players, mode.max_players + 1)]


def assert_as_checked(listed: Command) -> None:
    rebuilt = Command(listed.verb, listed.args, listed.options, listed.seat)
    read_back = Command.parse(str(listed))
    for twin in (rebuilt, read_back):
        assert twin == listed and hash(twin) == hash(listed), (listed, twin)
        assert repr(twin) == repr(listed) and str(twin) == str(listed), (listed, twin)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_listed_command_of_whole_seeded_games_equals_the_checked_one(game_id):
    commands = listed = 0
    for seed, (mode, players) in enumerate(setups(game_id)):
        match = Match.new(game_id, players, mode=mode, seed=seed)
        rng = Rng(seed, stream=7)
        while not match.state.is_terminal():
            for seat in match.state.deciders():
                for command in match.state.legal(seat):
                    assert_as_checked(command)
                    listed += 1
            legal = match.state.legal()
            match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))
            commands += 1
    assert commands > 100 and listed > commands


def test_commands_from_anyone_else_keep_every_check():
    with pytest.raises(NotationError):
        Command("move", (True,), (), 0)
    with pytest.raises(NotationError):
        Command("move", ("not a name",), (), 0)
    with pytest.raises(NotationError):
        Command.parse("0: move T25 x=1 x=2")
    # the options of a checked command are kept sorted; a lister gives them sorted already
    assert Command("visit", ("R07",), (("units", 2), ("choice", "S")), 0).options == (("choice", "S"), ("units", 2))
    assert Command.trusted("visit", ("R07",), (("choice", "S"), ("units", 2)), 0) == Command.parse(
        "0: visit R07 units=2 choice=S")


def test_a_state_document_is_refused_when_a_listed_command_holds_a_word_no_command_may(monkeypatch):
    # A document is the one way outside data reach the listers: loading it checks their words.
    match = Match.new("dragonbond", 2, mode="humans2", seed=1)
    document = state_to_document(match.state)
    state_from_document(document, "pos.yaml")
    monkeypatch.setattr(commands, "AUDIT_TRUSTED", False)   # the suite's own check would catch it first
    monkeypatch.setattr(type(match.game), "legal_commands",
                        lambda self, data, seat: [Command.trusted("place", ("not a name",), (), seat)])
    with pytest.raises(SaveError, match="a legal command holds a word no command may"):
        state_from_document(document, "pos.yaml")
