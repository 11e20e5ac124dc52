"""Undo can never reveal a hidden card: every command that drew one, or opened a prompt that
shows one, is final; commands that showed nothing can be taken back and replayed exactly."""
from __future__ import annotations

import pytest

from engine.core import Refused
from tests.engine.vindication.scenario import Scenario
from tests.engine.vindication.test_abilities_mechanism import hold, table


def assert_final(game) -> None:
    assert not game.match.can_undo()
    before = game.match.digest()
    with pytest.raises(Refused):
        game.match.undo()
    assert game.match.digest() == before


@pytest.mark.rule("VIN-CARD-10")
def test_blind_and_empowered_draws_and_their_prompts_cannot_be_undone():
    game = table(regions={"R08": "ancient_tomb"})
    game.edit(lambda d: hold(d, 0, W=4, conviction=3))
    game.play("visit R08")
    assert game.match.can_undo()                   # paying and the draw-mode prompt show nothing
    game.answer("empowered")                        # three hidden cards are now in front of seat 0
    assert_final(game)
    game.answer(game.options()[0])
    assert_final(game)


def test_a_tile_drawn_from_the_bag_cannot_be_undone():
    game = table()
    game.play("move T25,T13")                      # discovers R02 from the bag
    assert any(e.kind == "tile_discovered" for e in game.events)
    assert_final(game)


@pytest.mark.rule("VVH-BUILD-1")
def test_building_shows_the_villages_bag_so_it_cannot_be_undone():
    game = Scenario.start(players=2, seed=4, villages_hamlets=True)
    seat = game.active

    def on_the_isle(d):
        d["players"][seat]["token"] = "F2"
        d["players"][1 - seat]["token"] = "T25" if d["players"][seat]["token"] != "T25" else "T26"

    game.edit(on_the_isle)
    game.play("build A1")
    assert game.prompt == "build_tile"
    assert game.match.state.view(seat)["prompt"]["options"]           # the builder sees the bag
    assert game.match.state.view(1 - seat)["prompt"]["options"] is None   # nobody else does
    assert_final(game)


def test_an_undo_after_a_quiet_command_restores_exactly_and_replays_the_same():
    game = table(regions={"R08": "fort"})
    before = game.match.digest()
    game.play("visit R08")
    game.answer(["S", "S"])
    after = game.match.digest()
    game.match.undo()
    game.match.undo()
    assert game.match.digest() == before
    game.match.redo()
    game.match.redo()
    assert game.match.digest() == after
