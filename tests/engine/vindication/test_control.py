"""Region control: spec 5.15 (VIN-CONTROL) with decisions VIN-DEC-23 and -24."""
from __future__ import annotations

import dataclasses

import pytest

from engine.vindication.content import content
from tests.engine.vindication.positions import blocks_of, events, power, snapshot, table

# seat 0 on T25 (touches R08, R09), seat 1 on T28 (touches R11, R12)
TOKENS = {0: "T25", 1: "T28"}


def at(regions: dict, **kw):
    return table(tokens=kw.pop("tokens", TOKENS), regions=regions, **kw)


def markers(game, seat: int) -> list[str]:
    return [space for space, r in game.data["regions"].items() if r and r["controller"] == seat]


def visit_fort(game, space: str = "R08") -> None:
    game.play(f"visit {space}")
    game.answer([])


@pytest.mark.rule("VIN-CONTROL-1", "VIN-CONTROL-2", "VIN-DEC-23")
def test_control_of_a_visited_region_turns_one_conviction_into_its_marker() -> None:
    game = at({"R08": "fort"})
    visit_fort(game)
    before = snapshot(game, 0)
    game.play("control R08")
    after = snapshot(game, 0)
    assert game.data["regions"]["R08"] == {"tile": "fort", "controller": 0}
    assert after["conviction"] == before["conviction"] - 1
    assert after["influence"] == before["influence"]
    assert blocks_of(game.data, 0) == 21                   # the block is on the region now
    game.play("move T25,T13")                              # a free action: the move is still there


@pytest.mark.rule("VIN-CONTROL-1")
def test_control_needs_a_region_tile() -> None:
    game = at({"R08": "fort"}, bag=[])
    game.refused("control R09", "VIN-CONTROL-1")           # an empty space
    game.refused("control R42", "VIN-CONTROL-1")


@pytest.mark.rule("VIN-CONTROL-1", "VIN-CONTROL-14")
def test_control_needs_a_visit_to_that_region_this_turn() -> None:
    game = at({"R08": "fort", "R09": "library", "R12": "inn"})
    game.refused("control R08", "VIN-CONTROL-14")
    visit_fort(game)
    game.refused("control R09", "VIN-CONTROL-14")          # touched, but not the one visited
    game.refused("control R12", "VIN-CONTROL-14")
    assert game.legal("control") == ["control R08"]


@pytest.mark.rule("VIN-CONTROL-2")
def test_control_is_refused_without_conviction() -> None:
    game = at({"R08": "fort"})
    game.edit(lambda d: power(d, 0, conviction=0))
    visit_fort(game)
    game.refused("control R08", "VIN-CONTROL-2")
    assert game.legal("control") == []


@pytest.mark.rule("VIN-CONTROL-3", "VIN-DEC-23")
def test_displacing_another_player_costs_one_more_conviction_and_returns_their_marker() -> None:
    game = at({"R08": ("fort", 1)})
    game.edit(lambda d: power(d, 0, conviction=3))
    visit_fort(game)
    me, them = snapshot(game, 0), snapshot(game, 1)
    game.play("control R08")
    assert game.data["regions"]["R08"]["controller"] == 0
    assert snapshot(game, 0)["conviction"] == me["conviction"] - 2
    assert snapshot(game, 0)["influence"] == me["influence"] + 1        # the extra conviction
    assert snapshot(game, 1)["influence"] == them["influence"] + 1      # not to conviction
    assert snapshot(game, 1)["conviction"] == them["conviction"]
    assert [blocks_of(game.data, s) for s in (0, 1)] == [21, 21]


@pytest.mark.rule("VIN-CONTROL-3")
def test_displacing_with_one_conviction_is_refused() -> None:
    game = at({"R08": ("fort", 1)})
    game.edit(lambda d: power(d, 0, conviction=1))
    visit_fort(game)
    game.refused("control R08", "VIN-CONTROL-3")


@pytest.mark.rule("VIN-CONTROL-4")
def test_controlling_your_own_region_again_is_refused() -> None:
    game = at({"R08": ("fort", 0)})
    game.refused("visit R08 control_first=1", "VIN-CONTROL-4")
    visit_fort(game)
    game.refused("control R08", "VIN-CONTROL-4")


@pytest.mark.rule("VIN-CONTROL-4")
def test_a_region_cannot_be_controlled_twice_in_one_turn() -> None:
    game = at({"R08": "fort"})
    visit_fort(game)
    game.play("control R08")
    game.refused("control R08", "VIN-CONTROL-4")


@pytest.mark.rule("VIN-CONTROL-5")
@pytest.mark.parametrize("controller", [None, 1])
def test_gaining_control_gives_two_honor(controller) -> None:
    game = at({"R08": ("fort", controller) if controller is not None else "fort"})
    visit_fort(game)
    honor = game.player(0)["honor"]
    game.play("control R08")
    assert game.player(0)["honor"] == honor + 2
    assert events(game, "honor_changed") == [{"seat": 0, "delta": 2, "reason": "control of R08"}]


@pytest.mark.rule("VIN-CONTROL-6")
def test_a_displaced_player_keeps_the_honor_of_their_control() -> None:
    game = at({"R08": "fort"}, tokens={0: "T25", 1: "T13"})
    game.play("visit R08 control_first=1")
    game.answer([])
    game.play("move T25,T13,T07", "end_turn")
    honor = game.player(0)["honor"]
    game.play("visit R08 control_first=1")                # seat 1 displaces seat 0
    game.answer([])
    assert game.data["regions"]["R08"]["controller"] == 1
    assert game.player(0)["honor"] == honor


@pytest.mark.rule("VIN-CONTROL-7")
def test_every_visit_by_another_player_pays_the_controller() -> None:
    game = table(players=3, tokens={0: "T31", 1: "T14", 2: "T13"}, regions={"R09": ("fort", 0)})
    honor = game.player(0)["honor"]
    game.play("move T31,T19", "end_turn")
    for seat, away in ((1, "move T14,T26"), (2, "move T13,T25")):
        assert game.active == seat
        game.play("visit R09")
        game.answer([])
        game.play(away, "end_turn")
    assert game.player(0)["honor"] == honor + 4
    assert markers(game, 0) == ["R09"]


@pytest.mark.rule("VIN-CONTROL-10", "VIN-DEC-24")
def test_control_first_takes_control_before_the_visit_resolves() -> None:
    game = at({"R08": "fort"})
    honor = game.player(0)["honor"]
    game.play("visit R08 control_first=1")
    assert game.prompt == "gain"                             # the visit's effect is still to come
    assert game.data["regions"]["R08"]["controller"] == 0
    assert game.player(0)["honor"] == honor + 2
    game.answer(["S", "S"])
    assert game.player(0)["attrs"]["S"] == 3
    assert game.data["turn"]["used"]["visit"] == 1


@pytest.mark.rule("VIN-CONTROL-10", "VIN-DEC-24", "VIN-POWER-9")
def test_control_first_is_refused_whole_when_the_control_cannot_be_paid() -> None:
    game = at({"R08": "inn", "R09": ("library", 1)})
    game.edit(lambda d: power(d, 0, conviction=0, S=2))
    game.refused("visit R08 choice=S control_first=1", "VIN-CONTROL-2")
    game.edit(lambda d: power(d, 0, conviction=1, S=2))
    game.refused("visit R09 control_first=1", "VIN-CONTROL-3")
    assert game.player(0)["attrs"]["S"] == 2 and game.data["turn"]["used"]["visit"] == 0


@pytest.mark.rule("VIN-CONTROL-10", "VIN-DEC-24")
def test_control_first_is_refused_whole_when_the_visit_cannot_be_paid() -> None:
    game = at({"R08": "inn"})
    game.edit(lambda d: power(d, 0, conviction=2, S=1))
    game.refused("visit R08 choice=S control_first=1", "VIN-VISIT-4")
    assert game.data["regions"]["R08"]["controller"] is None


@pytest.mark.rule("VIN-CONTROL-10")
def test_control_first_checks_adjacency() -> None:
    game = at({"R08": "fort", "R10": "fort"})
    game.refused("visit R10 control_first=1", "VIN-VISIT-4")
    assert game.data["regions"]["R10"]["controller"] is None


@pytest.mark.rule("VIN-CONTROL-11")
def test_a_region_that_is_not_controllable_cannot_be_controlled(monkeypatch: pytest.MonkeyPatch) -> None:
    # No base region is uncontrollable (VIN-REGION-13); a modder's content may make one so.
    regions = content().regions
    monkeypatch.setitem(regions, "fort", dataclasses.replace(regions["fort"], controllable=False))
    game = at({"R08": "fort"})
    game.refused("visit R08 control_first=1", "VIN-CONTROL-11")
    visit_fort(game)
    game.refused("control R08", "VIN-CONTROL-11")


@pytest.mark.rule("VIN-CONTROL-12")
def test_a_player_may_control_any_number_of_regions() -> None:
    held = {f"R{n:02d}": ("fort", 0) for n in range(10, 17)}
    game = at({"R08": "fort", **held})
    game.edit(lambda d: power(d, 0, conviction=2))
    visit_fort(game)
    game.play("control R08")
    assert len(markers(game, 0)) == 8


@pytest.mark.rule("VIN-CONTROL-13")
def test_control_lasts_until_displaced_or_recovered() -> None:
    game = at({"R08": "fort"}, tokens={0: "T25", 1: "T13"})
    game.play("visit R08 control_first=1")
    game.answer([])
    game.play("move T25,T13,T07", "end_turn")
    game.play("visit R08")                                   # a visit by someone else
    game.answer([])
    game.play("move T13,T14", "end_turn")
    game.play("move T07,T01,T02", "end_turn")                # the controller moves away
    game.play("move T14,T08", "end_turn")
    assert markers(game, 0) == ["R08"]
    game.play("recover R08")
    assert markers(game, 0) == []


@pytest.mark.rule("VIN-CONTROL-14")
def test_control_after_the_visit_is_legal_later_in_the_same_turn() -> None:
    game = at({"R08": "fort"})
    visit_fort(game)
    game.play("activate self")
    game.answer([])
    game.play("move T25,T13,T14")                            # R08 is not even touched any more
    game.play("control R08")
    assert markers(game, 0) == ["R08"]


@pytest.mark.rule("VIN-CONTROL-14")
def test_control_on_a_later_turn_needs_a_new_visit() -> None:
    game = at({"R08": "fort"})
    visit_fort(game)
    game.play("move T25,T13", "end_turn")
    game.play("move T28,T16", "end_turn")
    game.refused("control R08", "VIN-CONTROL-14")
    visit_fort(game)
    game.play("control R08")
    assert markers(game, 0) == ["R08"]
