"""Moving and discovering: spec 5.1 (VIN-GEO-6..9), 5.6 (VIN-MOVE) and 5.7 (VIN-DISCOVER)."""
from __future__ import annotations

from collections import Counter, deque

import pytest

from engine.vindication.content import content
from engine.vindication.rules import move as move_rules
from tests.engine.vindication.positions import FIRST_GAME_BAG, events, give, power, snapshot, table

BOARD = content().board
TOKENS = {0: "T25", 1: "T28"}


def distances(start: str) -> dict[str, int]:
    seen, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        for there in BOARD.triangles[here].neighbours:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def move_ends(game) -> set[str]:
    return {c.args[0][-1] for c in game.match.state.legal() if c.verb == "move"}


def set_mount(rank: int):
    return lambda d: d["players"][0].update(mount=rank)


# -- VIN-GEO-6..9 --------------------------------------------------------------------------------
@pytest.mark.rule("VIN-GEO-6", "VIN-MOVE-1")
@pytest.mark.parametrize(("start", "rank"), [("T25", 1), ("T01", 1), ("T03", 2), ("T30", 3), ("T12", 4)])
def test_a_move_reaches_exactly_the_triangles_within_speed_steps(start: str, rank: int) -> None:
    game = table(tokens={0: start, 1: "T33" if start != "T33" else "T25"})
    game.edit(set_mount(rank))
    speed = content().mounts[rank].speed
    expected = {t for t, n in distances(start).items() if 1 <= n <= speed} - {game.player(1)["token"]}
    assert move_ends(game) == expected


@pytest.mark.rule("VIN-GEO-6", "VIN-MOVE-3")
def test_distance_ignores_tokens_on_the_way() -> None:
    game = table(tokens={0: "T25", 1: "T13"})        # the only exit of start 1 is occupied
    assert move_ends(game) == {"T07", "T14"}
    game.play("move T25,T13,T14")
    assert game.player(0)["token"] == "T14"


@pytest.mark.rule("VIN-GEO-7")
def test_a_filled_space_keeps_its_tile_and_gets_no_second_one() -> None:
    game = table(tokens=TOKENS, regions={"R08": "academy", "R09": "fort", "R02": "inn"}, bag=["library"] * 5)
    game.play("move T25,T13,T14", "end_turn")
    assert [e["space"] for e in events(game, "tile_discovered")] == ["R10"]
    game.play("move T28,T16", "end_turn")
    game.play("move T14,T13,T25")
    assert events(game, "tile_discovered") == []
    regions = game.data["regions"]
    assert [regions[r]["tile"] for r in ("R08", "R09", "R02", "R10")] == ["academy", "fort", "inn", "library"]
    assert game.data["bag"] == ["library"]              # R10, R11, R12, R03: one tile each


@pytest.mark.rule("VIN-GEO-8", "VIN-MOVE-4")
def test_a_move_may_not_end_on_another_token() -> None:
    game = table(tokens={0: "T25", 1: "T14"})
    game.refused("move T25,T13,T14", "VIN-MOVE-4")
    assert "T14" not in move_ends(game)


@pytest.mark.rule("VIN-GEO-8")
@pytest.mark.parametrize("text", ["move T25,R08", "move T25,R09,T13"])
def test_tokens_never_stand_on_region_spaces(text: str) -> None:
    game = table(tokens=TOKENS)
    game.refused(text, "VIN-MOVE-1")


@pytest.mark.rule("VIN-GEO-8")
def test_after_every_move_no_triangle_holds_two_tokens() -> None:
    game = table(players=4, tokens={0: "T25", 1: "T13", 2: "T01", 3: "T26"})
    for _ in range(8):
        for command in game.legal("move"):
            assert command.split()[1].split(",")[-1] not in {p["token"] for p in game.data["players"]}
        game.play(game.legal("move")[-1], "end_turn")
        tokens = [p["token"] for p in game.data["players"]]
        assert len(set(tokens)) == 4 and all(t in BOARD.triangles for t in tokens)


@pytest.mark.rule("VIN-GEO-9")
def test_empty_region_spaces_do_not_block_movement() -> None:
    game = table(tokens=TOKENS, bag=[])                  # nothing can be discovered: all stays empty
    assert all(r is None for r in game.data["regions"].values())
    game.play("move T25,T13,T07", "end_turn")
    game.play("move T28,T16,T09", "end_turn")
    game.play("move T07,T01")
    assert game.player(0)["token"] == "T01"
    assert all(r is None for r in game.data["regions"].values())


# -- VIN-MOVE ------------------------------------------------------------------------------------
@pytest.mark.rule("VIN-MOVE-1")
def test_each_step_goes_to_an_adjacent_triangle_and_at_most_speed_steps() -> None:
    game = table(tokens=TOKENS)
    game.refused("move T25,T14", "VIN-MOVE-1")            # not adjacent
    game.refused("move T25,T13,T14,T08", "VIN-MOVE-1")    # 3 steps at speed 2
    game.refused("move T25,T13,T99", "VIN-MOVE-1")        # no such triangle
    game.play("move T25,T13")
    assert game.player(0)["token"] == "T13"


@pytest.mark.rule("VIN-MOVE-2")
@pytest.mark.parametrize("rank", [2, 3, 4])
def test_speed_is_the_mounts_speed(rank: int) -> None:
    speed = content().mounts[rank].speed
    path = ["T25", "T13", "T07", "T01", "T02", "T03", "T04"]
    game = table(tokens=TOKENS)
    game.edit(set_mount(rank))
    game.refused("move " + ",".join(path[:speed + 2]), "VIN-MOVE-1")
    game.play("move " + ",".join(path[:speed + 1]))
    assert game.player(0)["token"] == path[speed]


@pytest.mark.rule("VIN-MOVE-2", "VIN-DEC-69")
def test_speed_modifiers_add_to_the_mount_without_a_maximum() -> None:
    path = ["T25", "T13", "T07", "T01", "T02", "T03", "T04", "T05"]
    game = table(tokens=TOKENS)
    game.edit(lambda d: (give(d, 0, "S02"), d["players"][0].update(mount=4)))   # Caravan Guard: +1
    game.refused("move " + ",".join(path[:8]), "VIN-MOVE-1")
    game.play("move " + ",".join(path[:7]))                  # 6 steps: above any mount's speed
    assert game.player(0)["token"] == "T04"


@pytest.mark.rule("VIN-MOVE-3")
def test_a_path_may_pass_through_occupied_triangles() -> None:
    game = table(players=3, tokens={0: "T25", 1: "T13", 2: "T07"})
    game.edit(set_mount(2))
    game.play("move T25,T13,T07,T01")
    assert game.player(0)["token"] == "T01"


@pytest.mark.rule("VIN-MOVE-5", "VIN-DEC-5")
def test_a_path_may_not_end_where_it_began() -> None:
    game = table(tokens={0: "T13", 1: "T28"})
    game.refused("move T13,T14,T13", "VIN-MOVE-5")
    game.refused("move T13,T25,T13", "VIN-MOVE-5")
    assert "T13" not in move_ends(game)


@pytest.mark.rule("VIN-MOVE-6", "VIN-DEC-5")
def test_a_path_may_pass_back_through_its_start() -> None:
    game = table(tokens={0: "T13", 1: "T28"})
    game.edit(set_mount(2))
    game.play("move T13,T25,T13,T14")
    assert game.player(0)["token"] == "T14"
    again = table(tokens={0: "T13", 1: "T28"})
    again.edit(set_mount(2))
    again.play("move T13,T14,T13,T07")                      # revisits the start, ends elsewhere
    assert again.player(0)["token"] == "T07"


@pytest.mark.rule("VIN-MOVE-7")
def test_a_move_of_zero_steps_is_refused() -> None:
    game = table(tokens=TOKENS)
    game.refused("move T25", "VIN-MOVE-7")
    game.refused("move T25,", "VIN-MOVE-7")


@pytest.mark.rule("VIN-MOVE-7")
def test_the_move_is_made_at_once_and_cannot_be_split() -> None:
    game = table(tokens=TOKENS, regions={"R08": "fort"})
    game.play("move T25,T13")
    game.refused("move T13,T14", "VIN-TURN-5")              # the rest of the speed is gone
    game.play("visit R08")
    game.answer([])
    game.refused("move T13,T07", "VIN-TURN-5")


def surrounded(**power_kw):
    """Worked example 3's position: start 1 with speed 2, its three nearest triangles taken."""
    game = table(players=4, tokens={0: "T25", 1: "T13", 2: "T07", 3: "T14"})
    if power_kw:
        game.edit(lambda d: power(d, 0, **power_kw))
    return game


@pytest.mark.rule("VIN-MOVE-8", "VIN-POWER-6", "VIN-DEC-6")
@pytest.mark.parametrize(("step", "change"), [("conv_to_inf", (0, 1, -1)), ("inf_to_pot", (1, -1, 0))])
def test_a_surrounded_player_takes_one_extra_step_and_dilutes(step: str, change) -> None:
    game = surrounded()
    before = snapshot(game, 0)
    game.play(f"move T25,T13,T14,T26 extension=1 dilute={step}")
    after = snapshot(game, 0)
    assert game.player(0)["token"] == "T26"
    assert (after["potential"] - before["potential"], after["influence"] - before["influence"],
            after["conviction"] - before["conviction"]) == change


@pytest.mark.rule("VIN-MOVE-8", "VIN-DEC-6")
def test_the_extension_reaches_exactly_the_nearest_free_triangles() -> None:
    game = surrounded()
    assert move_ends(game) == {"T01", "T24", "T08", "T26"}
    assert all(c.get("extension") == 1 for c in game.match.state.legal() if c.verb == "move")


@pytest.mark.rule("VIN-MOVE-8")
def test_the_surrounded_dilution_is_required() -> None:
    game = surrounded()
    game.refused("move T25,T13,T14,T26 extension=1", "VIN-MOVE-8")
    game.refused("move T25,T13,T14,T26 extension=1 dilute=none", "VIN-MOVE-8")
    game.refused("move T25,T13,T14,T26 extension=1 dilute=pot_to_inf", "VIN-MOVE-8")


@pytest.mark.rule("VIN-MOVE-8", "VIN-POWER-6")
def test_a_player_with_nothing_to_dilute_still_takes_the_extra_step() -> None:
    game = surrounded(influence=0, conviction=0)
    before = snapshot(game, 0)
    game.play("move T25,T13,T07,T01 extension=1")
    assert game.player(0)["token"] == "T01"
    assert snapshot(game, 0) == before


@pytest.mark.rule("VIN-MOVE-8")
def test_only_the_dilution_that_can_be_made_is_offered() -> None:
    game = surrounded(conviction=0)
    game.refused("move T25,T13,T14,T26 extension=1 dilute=conv_to_inf", "VIN-MOVE-8")
    game.play("move T25,T13,T14,T26 extension=1 dilute=inf_to_pot")
    assert game.player(0)["conviction"] == 0


@pytest.mark.rule("VIN-MOVE-9")
def test_extra_steps_are_refused_when_a_legal_end_is_within_speed() -> None:
    game = table(players=4, tokens={0: "T25", 1: "T13", 2: "T07", 3: "T29"})
    game.refused("move T25,T13,T14,T26 extension=1 dilute=conv_to_inf", "VIN-MOVE-9")
    game.refused("move T25,T13,T14 extension=1 dilute=conv_to_inf", "VIN-MOVE-9")


@pytest.mark.rule("VIN-MOVE-9")
def test_an_extension_larger_than_needed_is_refused() -> None:
    game = surrounded()
    game.refused("move T25,T13,T14,T08,T02 extension=2 dilute=conv_to_inf", "VIN-MOVE-9")
    game.refused("move T25,T13,T14,T26 extension=2 dilute=conv_to_inf", "VIN-MOVE-9")
    game.refused("move T25,T13,T14,T08 extension=3 dilute=conv_to_inf", "VIN-MOVE-9")


@pytest.mark.rule("VIN-MOVE-10")
def test_with_no_escape_even_with_two_extra_steps_the_move_is_skipped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # With four tokens on the main island an escape always exists within speed + 2 (speed is at
    # least 2); speed 0 makes start 1 with T13, T07 and T14 taken a position with no escape.
    monkeypatch.setattr(move_rules, "speed", lambda data, seat: 0)
    game = surrounded()
    before = snapshot(game, 0)
    assert game.legal("move") == []
    game.refused("move T25,T13,T14,T26 extension=2 dilute=conv_to_inf", "VIN-MOVE-9")
    game.play("end_turn")
    assert game.kinds()[:2] == ["move_skipped", "turn_ended"]
    assert game.active == 1 and snapshot(game, 0) == before and game.data["players"][0]["token"] == "T25"


@pytest.mark.rule("VIN-MOVE-11")
def test_a_path_starts_with_the_current_triangle() -> None:
    game = table(tokens=TOKENS)
    game.refused("move T13,T14", "VIN-MOVE-11")
    game.refused("move -", "VIN-MOVE-11")


@pytest.mark.rule("VIN-MOVE-12")
def test_a_moth_flies_to_any_free_triangle() -> None:
    game = table(tokens={0: "T25", 1: "T04"})
    game.edit(set_mount(5))
    fly = {c.args[0] for c in game.match.state.legal() if c.verb == "fly"}
    assert fly == set(BOARD.triangles) - {"T25", "T04"}
    game.refused("fly T04", "VIN-MOVE-4")
    game.refused("fly T25", "VIN-MOVE-12")
    game.refused("fly R01", "VIN-MOVE-12")
    game.play("fly T31")
    assert game.player(0)["token"] == "T31"
    game.refused("fly T30", "VIN-TURN-5")                    # the flight used the move action
    game.refused("move T31,T19", "VIN-TURN-5")
    game.play("end_turn")


@pytest.mark.rule("VIN-DEC-8")
@pytest.mark.parametrize(("rank", "speed", "flies"),
                         [(1, 2, False), (2, 3, False), (3, 4, False), (4, 5, False), (5, 5, True)])
def test_mount_ladder_speeds_and_flight(rank: int, speed: int, flies: bool) -> None:
    game = table(tokens={0: "T01", 1: "T28"})
    game.edit(set_mount(rank))
    legal = game.match.state.legal()
    assert max(len(c.args[0]) - 1 for c in legal if c.verb == "move") == speed
    assert any(c.verb == "fly" for c in legal) == flies


@pytest.mark.rule("VIN-MOVE-12")
def test_only_a_rank_five_mount_flies() -> None:
    game = table(tokens=TOKENS)
    game.edit(set_mount(4))
    game.refused("fly T01", "VIN-MOVE-12")
    assert not [c for c in game.match.state.legal() if c.verb == "fly"]


@pytest.mark.rule("VIN-MOVE-13", "VIN-DISCOVER-1")
def test_discovery_follows_the_completed_move() -> None:
    game = table(tokens=TOKENS)
    game.play("move T25,T13,T07")
    kinds = game.kinds()
    assert kinds[0] == "token_moved" and set(kinds[1:]) == {"tile_discovered"}
    assert game.events[0].data["path"] == ["T25", "T13", "T07"]


# -- VIN-DISCOVER --------------------------------------------------------------------------------
@pytest.mark.rule("VIN-DISCOVER-1", "VIN-DEC-7")
@pytest.mark.parametrize(("tokens", "path", "order"), [
    ({0: "T25", 1: "T28"}, "T25,T13,T07", ["R08", "R09", "R02", "R07"]),
    ({0: "T01", 1: "T28"}, "T01,T02,T08", ["R01", "R02", "R07", "R03", "R10"]),
    ({0: "T22", 1: "T28"}, "T22,T12,T06", ["R06", "R17", "R18", "R07", "R01"]),
])
def test_discovery_goes_in_path_order_then_region_order(tokens, path: str, order: list[str]) -> None:
    game = table(tokens=tokens)
    game.play(f"move {path}")
    found = events(game, "tile_discovered")
    assert [e["space"] for e in found] == order
    for e in found:
        assert game.data["regions"][e["space"]] == {"tile": e["tile"], "controller": None}
    assert Counter(game.data["bag"]) + Counter(e["tile"] for e in found) == Counter(FIRST_GAME_BAG)


@pytest.mark.rule("VIN-DISCOVER-1")
def test_discovered_tiles_are_drawn_at_random() -> None:
    tiles = set()
    for seed in range(1, 30):
        game = table(seed=seed, tokens=TOKENS)
        game.play("move T25,T13")
        tiles.add(events(game, "tile_discovered")[0]["tile"])
    assert len(tiles) >= 6


@pytest.mark.rule("VIN-DISCOVER-2")
def test_a_flight_discovers_only_around_the_destination() -> None:
    game = table(tokens=TOKENS)
    game.edit(set_mount(5))
    game.play("fly T03")
    assert [e["space"] for e in events(game, "tile_discovered")] == ["R01", "R03", "R04"]
    assert game.data["regions"]["R08"] is None and game.data["regions"]["R09"] is None


@pytest.mark.rule("VIN-DISCOVER-3")
def test_a_discovered_tile_can_be_visited_the_same_turn() -> None:
    game = table(tokens=TOKENS, regions={"R08": "inn", "R09": "inn"}, bag=["library"])
    game.play("move T25,T13")
    assert game.data["regions"]["R02"] == {"tile": "library", "controller": None}
    game.play("visit R02")
    game.answer(["K", "K"])
    assert game.player(0)["attrs"]["K"] == 3


@pytest.mark.rule("VIN-DISCOVER-4")
def test_with_an_empty_bag_spaces_stay_empty_and_cannot_be_visited() -> None:
    game = table(tokens=TOKENS, regions={"R08": "fort"}, bag=["library"])
    game.play("move T25,T13,T07")
    regions = game.data["regions"]
    assert regions["R09"]["tile"] == "library" and regions["R02"] is None and regions["R07"] is None
    assert game.data["bag"] == []
    game.refused("visit R02", "VIN-VISIT-4")
    game.refused("visit R07", "VIN-VISIT-4")


@pytest.mark.rule("VIN-DISCOVER-5")
def test_discovering_gives_no_honor() -> None:
    game = table(tokens=TOKENS)
    honor = game.player(0)["honor"]
    game.play("move T25,T13,T07")
    assert len(events(game, "tile_discovered")) == 4
    assert game.player(0)["honor"] == honor and "honor_changed" not in game.kinds()
