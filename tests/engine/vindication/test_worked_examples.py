"""The worked examples of spec section 9 that cover the core rules (1, 2, 3, 5, 8 and 9)."""
from __future__ import annotations

import pytest

from tests.engine.vindication.positions import events, give, power, snapshot, table
from tests.engine.vindication.scenario import Scenario


def setup_events(game: Scenario) -> list:
    seen = []
    while game.data["phase"] == "setup":
        game.answer(game.options()[0])
        seen += game.events
    return seen


@pytest.mark.rule("VIN-GEO-5", "VIN-SETUP-17", "VIN-MOVE-1", "VIN-DISCOVER-1")
def test_worked_example_1_start_and_first_move() -> None:
    game = Scenario.start(players=2, seed=49)                 # seat 0 drew start 1 and plays first
    p = game.player(0)
    assert (game.active, p["start"], p["token"]) == (0, 1, "T25")
    regions = game.data["regions"]
    assert regions["R08"] is not None and regions["R09"] is not None      # filled at setup
    ends = {c.split()[1].split(",")[-1]: len(c.split()[1].split(",")) - 1 for c in game.legal("move")}
    assert ends == {"T13": 1, "T07": 2, "T14": 2}
    game.play("move T25,T13,T14")
    assert [e["space"] for e in events(game, "tile_discovered")] == ["R02", "R10"]


@pytest.mark.rule("VIN-SETUP-17")
def test_worked_example_2_neighbouring_starts() -> None:
    game = Scenario.start(players=2, seed=73, answer_setup=False)
    assert [p["start"] for p in game.data["players"]] == [4, 3]
    seen = setup_events(game)
    # start 3 (T27) fills R10 and R11; start 4 (T28) then only R12, as R11 is shared
    assert [e.data["space"] for e in seen if e.kind == "tile_discovered"] == ["R10", "R11", "R12"]
    assert len(game.data["bag"]) == 16


@pytest.mark.rule("VIN-MOVE-8", "VIN-MOVE-9")
def test_worked_example_3_surrounded() -> None:
    game = table(players=4, tokens={0: "T25", 1: "T13", 2: "T07", 3: "T14"})
    ends = {c.split()[1].split(",")[-1] for c in game.legal("move")}
    assert ends == {"T01", "T24", "T08", "T26"}               # one extra step
    for end in ("T13", "T07", "T14"):
        assert end not in ends
    game.refused("move T25,T13,T14,T08,T02 extension=2 dilute=conv_to_inf", "VIN-MOVE-9")
    before = snapshot(game, 0)
    game.play("move T25,T13,T07,T24 extension=1 dilute=conv_to_inf")
    after = snapshot(game, 0)
    assert game.player(0)["token"] == "T24"
    assert (after["conviction"], after["influence"]) == (before["conviction"] - 1, before["influence"] + 1)


@pytest.mark.rule("VIN-CONTROL-3", "VIN-CONTROL-5", "VIN-VISIT-7", "VIN-VISIT-9")
def test_worked_example_5_control_displacement() -> None:
    red, blue = 0, 1
    game = table(tokens={red: "T08", blue: "T28"}, regions={"R03": ("fort", blue), "R02": "library"})
    game.edit(lambda d: (power(d, red, conviction=2), d["turn"]["extra"].update(visit=1)))
    red_before, blue_before = snapshot(game, red), snapshot(game, blue)
    game.play("visit R03")
    game.answer([])
    assert game.player(blue)["honor"] == blue_before["honor"] + 2
    game.play("control R03")
    assert game.data["regions"]["R03"]["controller"] == red
    red_after, blue_after = snapshot(game, red), snapshot(game, blue)
    assert blue_after["influence"] == blue_before["influence"] + 1            # Blue's marker
    assert red_after["conviction"] == red_before["conviction"] - 2
    assert red_after["influence"] == red_before["influence"] + 1              # one conviction spent
    assert red_after["honor"] == red_before["honor"] + 2
    game.refused("visit R02", "VIN-VISIT-9")                                  # even with a spare visit


@pytest.mark.rule("VIN-PROFICIENCY-3", "VIN-PROFICIENCY-6")
def test_worked_example_8_proficiency() -> None:
    game = table(players=3, tokens={0: "T25", 1: "T28", 2: "T31"})
    game.edit(lambda d: power(d, 0, influence=3, S=6, K=3))
    game.play("proficiency S")
    game.refused("proficiency K", "VIN-PROFICIENCY-3")
    game.play("proficiency S")                                 # 3 players: 2 strength tiles
    assert game.player(0)["proficiencies"]["S"] == 2 and game.data["proficiency_supply"]["S"] == 0
    game.play("move T25,T13", "end_turn", "move T28,T16", "end_turn", "move T31,T19", "end_turn")
    game.play("discard_proficiency S")
    assert game.data["proficiency_supply"]["S"] == 1
    influence = game.player(0)["influence"]
    assert game.options() == [(), ("S",), ("S", "S")]
    game.answer(["S", "S"])
    assert game.player(0)["attrs"]["S"] == 2 and game.player(0)["influence"] == influence - 2


@pytest.mark.rule("VIN-END-3")
def test_worked_example_9_final_round() -> None:
    a, b, c = 0, 1, 2
    game = table(players=3, tokens={a: "T25", b: "T28", c: "T31"}, regions={"R11": "gaping_maw"})
    game.edit(lambda d: (d.update(round=7, end_faceup=["E02", "E09"],
                                  end_deck=[x for x in d["end_deck"] + d["end_faceup"]
                                            if x not in ("E02", "E09")]),
                         [give(d, b, m) for m in ("C01", "C02", "C03")], power(d, b, C=2)))
    game.play("move T25,T13", "end_turn")
    assert (game.data["round"], game.active) == (7, b)
    game.play("visit R11")
    game.answer("faceup")
    game.answer_all(lambda options: options[0])
    assert len(game.player(b)["monsters"]) == 4 and game.data["end_round"] == 8
    game.play("move T28,T16", "end_turn")
    turns = []
    while game.data["phase"] == "play":
        turns.append((game.data["round"], game.active))
        game.play(game.legal("move")[0], "end_turn")
    assert turns == [(7, c), (8, a), (8, b), (8, c)]
    assert game.data["scores"] is not None and game.match.state.outcome is not None
