"""Setting a game up: spec 4.1 (VIN-SETUP-*) and 4.2 (VIN-SOLO-*, the parts fixed at set-up)."""
from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from engine.core import Config, ConfigError, Match, Refused, Rng
from engine.vindication.content import content
from engine.vindication.game import GAME
from engine.vindication.setup import setup
from engine.vindication.vocabulary import ATTRIBUTES, DECKS
from tests.engine.vindication.positions import FIRST_GAME_BAG
from tests.engine.vindication.scenario import Scenario

START_TRIANGLE = {n: f"T{24 + n}" for n in range(1, 13)}
JOURNEY_DECK = {1: "companion_K", 2: "companion_S", 0: "companion_I"}   # by start position mod 3


def finish_setup(game: Scenario) -> list:
    """Answer the remaining set-up choices with their first option; all events of the answers."""
    seen = []
    while game.data["phase"] == "setup":
        game.answer(game.options()[0])
        seen += game.events
    return seen


@pytest.mark.rule("VIN-SETUP-1")
@pytest.mark.parametrize("players", [0, 5, 6])
def test_player_counts_other_than_one_to_four_are_refused(players: int) -> None:
    with pytest.raises(ConfigError):
        Match.new("vindication", players, seed=1)


@pytest.mark.rule("VIN-SETUP-1")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_to_four_players_can_set_up(players: int) -> None:
    game = Scenario.start(players=players, seed=3)
    assert len(game.data["players"]) == players
    assert game.data["phase"] == "play"


@pytest.mark.rule("VIN-SETUP-1")
def test_players_choose_distinct_characters_and_have_distinct_colours() -> None:
    game = Scenario.start(players=4, seed=2, answer_setup=False)
    assert game.prompt == "character" and game.active == 0
    assert game.options() == ["CH1", "CH2", "CH3", "CH4", "CH5"]
    game.answer("CH3")
    assert game.active == 1 and "CH3" not in game.options()
    with pytest.raises(Refused):
        game.answer("CH3")                               # taken by seat 0
    game.answer("CH5")
    game.answer("CH1")
    assert game.options() == ["CH2", "CH4"]
    game.answer("CH4")
    players = game.data["players"]
    assert [p["character"] for p in players] == ["CH3", "CH5", "CH1", "CH4"]
    assert len({p["colour"] for p in players}) == 4


@pytest.mark.rule("VIN-SETUP-2", "VIN-SETUP-16", "VIN-DEC-38")
@pytest.mark.parametrize("seed", range(1, 9))
def test_turn_order_is_seating_order_from_the_lowest_start(seed: int) -> None:
    game = Scenario.start(players=4, seed=seed)
    starts = [p["start"] for p in game.data["players"]]
    first = starts.index(min(starts))
    assert game.data["first"] == first
    assert game.data["order"] == [(first + i) % 4 for i in range(4)]
    assert game.active == first


@pytest.mark.rule("VIN-SETUP-3")
def test_each_deck_is_shuffled_with_its_top_card_face_up() -> None:
    tops: dict[str, set[str]] = {deck: set() for deck in DECKS}
    for seed in range(1, 16):
        data = Scenario.start(players=2, seed=seed).data
        held = [c["id"] for p in data["players"] for c in p["companions"]]
        for deck in DECKS:
            assert len(data["faceup"][deck]) == 1
            cards = data["decks"][deck] + data["faceup"][deck] + [c for c in held if c[0] == deck[-1]
                                                                   and deck.startswith("companion")]
            assert sorted(cards) == sorted(content().decks[deck])
            tops[deck].add(data["faceup"][deck][0])
    assert all(len(seen) >= 5 for seen in tops.values()), tops


@pytest.mark.rule("VIN-SETUP-3")
def test_decks_are_shuffled_separately() -> None:
    data = Scenario.start(players=2, seed=4).data
    positions = {deck: [int(card[1:]) for card in data["decks"][deck][-8:]]
                 for deck in ("monster", "trait", "relic")}
    assert len({tuple(p) for p in positions.values()}) == 3


@pytest.mark.rule("VIN-SETUP-4")
@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_bag_holds_the_nineteen_first_game_tiles(players: int) -> None:
    data = Scenario.start(players=players, seed=7).data
    laid = [r["tile"] for r in data["regions"].values() if r]
    assert Counter(laid + data["bag"]) == Counter(FIRST_GAME_BAG)
    assert len(data["bag"]) == 19 - len(laid)


@pytest.mark.rule("VIN-SETUP-4")
def test_bag_draws_are_random_over_the_whole_bag() -> None:
    first_draws: Counter[str] = Counter()
    for seed in range(200):
        game = Scenario.start(players=1, seed=seed, answer_setup=False)
        first = next(e for e in finish_setup(game) if e.kind == "tile_discovered")
        first_draws[first.data["tile"]] += 1
    assert set(first_draws) == set(FIRST_GAME_BAG)            # every kind can come out first
    assert first_draws["inn"] > first_draws["academy"]        # 3 copies against 1


@pytest.mark.rule("VIN-SETUP-5")
def test_every_region_space_starts_empty() -> None:
    game = Scenario.start(players=3, seed=5, answer_setup=False)
    assert list(game.data["regions"]) == [f"R{i:02d}" for i in range(1, 20)]
    assert all(region is None for region in game.data["regions"].values())
    assert Counter(game.data["bag"]) == Counter(FIRST_GAME_BAG)


@pytest.mark.rule("VIN-SETUP-6", "VIN-SOLO-2", "VIN-DEC-27")
@pytest.mark.parametrize(("players", "supply"), [(1, 1), (2, 1), (3, 2), (4, 3)])
def test_proficiency_supply_is_players_minus_one_at_least_one(players: int, supply: int) -> None:
    data = Scenario.start(players=players, seed=1).data
    assert data["proficiency_supply"] == {a: supply for a in ATTRIBUTES}


@pytest.mark.rule("VIN-SETUP-8")
def test_trigger_tokens_lie_on_30_45_60_75() -> None:
    data = Scenario.start(players=2, seed=1).data
    assert data["trigger_spaces"] == [30, 45, 60, 75]
    assert all(p["trigger_tokens"] == [] for p in data["players"])


@pytest.mark.rule("VIN-SETUP-9", "VIN-END-1", "VIN-DEC-17")
def test_two_random_end_triggers_are_face_up() -> None:
    seen = set()
    for seed in range(1, 11):
        data = Scenario.start(players=3, seed=seed).data
        assert len(data["end_faceup"]) == 2 and len(set(data["end_faceup"])) == 2
        assert sorted(data["end_faceup"] + data["end_deck"]) == sorted(content().end_triggers)
        seen.update(data["end_faceup"])
    assert len(seen) >= 6


@pytest.mark.rule("VIN-SETUP-9", "VIN-SOLO-3")
def test_solo_keeps_a_multiplayer_card_with_a_solo_condition() -> None:
    data = Scenario.start(players=1, seed=3).data
    assert "E07" in data["end_faceup"] + data["end_deck"]
    assert len(data["end_faceup"] + data["end_deck"]) == 12


@pytest.mark.rule("VIN-SETUP-9", "VIN-SOLO-3")
def test_solo_removes_a_multiplayer_card_without_a_solo_condition(monkeypatch: pytest.MonkeyPatch) -> None:
    triggers = content().end_triggers
    plain = dataclasses.replace(triggers["E07"], solo_condition=None, solo_text=None)
    monkeypatch.setitem(triggers, "E07", plain)
    for seed in range(1, 6):
        solo = Scenario.start(players=1, seed=seed).data
        assert "E07" not in solo["end_faceup"] + solo["end_deck"]
        assert len(solo["end_faceup"] + solo["end_deck"]) == 11
        duo = Scenario.start(players=2, seed=seed).data
        assert "E07" in duo["end_faceup"] + duo["end_deck"]


@pytest.mark.rule("VIN-SETUP-9")
def test_players_may_choose_the_two_end_triggers() -> None:
    game = Scenario.start(players=2, seed=1, answer_setup=False, choose_end_triggers=True)
    while game.data["phase"] == "setup":
        options = game.options()
        game.answer("E05" if "E05" in options else "E11" if "E11" in options else options[0])
    assert sorted(game.data["end_faceup"]) == ["E05", "E11"]


@pytest.mark.rule("VIN-SETUP-10")
def test_characters_start_wretched_on_a_rank_one_mount() -> None:
    game = Scenario.start(players=4, seed=6)
    for p in game.data["players"]:
        assert p["vindicated"] is False and p["mount"] == 1
    assert content().mounts[1].speed == 2
    lengths = {len(c.args[0]) - 1 for c in game.match.state.legal() if c.verb == "move"}
    assert lengths == {1, 2}                           # speed 2


@pytest.mark.rule("VIN-SETUP-11")
def test_one_journey_card_is_dealt_to_each_player_at_random() -> None:
    seen = set()
    for seed in range(1, 13):
        players = Scenario.start(players=4, seed=seed).data["players"]
        starts = [p["start"] for p in players]
        assert len(set(starts)) == 4 and all(1 <= s <= 12 for s in starts)
        seen.update(starts)
    assert len(seen) >= 10


@pytest.mark.rule("VIN-SETUP-12", "VIN-DEC-9", "VIN-HONOR-1")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_journey_card_places_token_honor_and_blocks(seed: int) -> None:
    game = Scenario.start(players=3, seed=seed)
    for p in game.data["players"]:
        assert p["token"] == START_TRIANGLE[p["start"]]
        companion_honor = sum(content().cards[c["id"]].honor for c in p["companions"])
        assert p["honor"] == 15 + companion_honor
        assert (p["potential"], p["influence"], p["conviction"]) == (8, 8, 2)     # quests drawn 2
        assert p["attrs"] == {"S": 1, "K": 1, "I": 1, "C": 0, "W": 0, "V": 0}


class SpyRng(Rng):
    """The real generator, remembering each list it shuffled (as it was right after)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.shuffled: list[list[str]] = []

    def shuffle(self, items):  # type: ignore[no-untyped-def]
        super().shuffle(items)
        self.shuffled.append(list(items))


@pytest.mark.rule("VIN-SETUP-13", "VIN-DEC-15")
def test_starting_companion_is_the_first_deck_card_without_no_start() -> None:
    cards = content().cards
    skipped = 0
    for seed in range(40):
        rng = SpyRng(seed)
        data = setup(Config.build(GAME.info, 4, None, seed), rng)
        # shuffles: the six decks (VIN-SETUP-3, DECKS order; the top is the end, popped face up),
        # the end triggers, the journeys, then each starting draw's deck in start order
        decks = {deck: rng.shuffled[i][:-1] for i, deck in enumerate(DECKS)}
        for k, p in enumerate(sorted(data["players"], key=lambda p: p["start"])):
            deck = JOURNEY_DECK[p["start"] % 3]
            order = decks[deck]
            expected = next(card for card in reversed(order) if not cards[card].no_start)
            skipped += order[-1] != expected
            assert [c["id"] for c in p["companions"]] == [expected]
            assert p["honor"] == 15 + cards[expected].honor
            reshuffled = rng.shuffled[8 + k]       # the set-aside cards went back into that deck
            assert sorted(reshuffled) == sorted(c for c in order if c != expected)
            decks[deck] = reshuffled
        for i, deck in enumerate(DECKS):
            assert data["decks"][deck] == decks[deck]
            assert data["faceup"][deck] == [rng.shuffled[i][-1]]     # the face-up pile is untouched
    assert skipped >= 3      # some top cards were no-start cards and were set aside


@pytest.mark.rule("VIN-SETUP-14")
def test_journey_cards_leave_the_game_after_setup() -> None:
    data = Scenario.start(players=4, seed=8).data
    assert all("journey" not in p and "companion_deck" not in p for p in data["players"])
    assert not any(key.startswith("journey") for key in data)


@pytest.mark.rule("VIN-SETUP-15")
def test_each_player_draws_two_quests_and_keeps_one_in_start_order() -> None:
    game = Scenario.start(players=3, seed=5, answer_setup=False)
    for _ in range(3):
        game.answer(game.options()[0])                       # characters
    starts = [p["start"] for p in game.data["players"]]
    by_start = sorted(range(3), key=lambda s: starts[s])
    for seat in by_start:
        assert (game.prompt, game.active) == ("quest_draw", seat)
        deck_before = list(game.data["quest_deck"])
        game.answer("draw2")
        offered = game.options()
        assert game.prompt == "quest_keep" and offered == deck_before[::-1][:2]
        game.answer(offered[1])
        p = game.data["players"][seat]
        assert p["quest"] == offered[1]
        assert offered[0] in game.data["quests_out"]
        assert (p["conviction"], p["influence"]) == (2, 8)
    # a kept quest is hidden from the other players
    view = game.match.state.view(by_start[0])
    assert view["players"][by_start[1]]["quest"] == "hidden"
    assert view["players"][by_start[0]]["quest"] == game.data["players"][by_start[0]]["quest"]


@pytest.mark.rule("VIN-SETUP-15")
def test_a_player_may_pay_one_conviction_to_draw_three_quests() -> None:
    game = Scenario.start(players=2, seed=5, answer_setup=False)
    game.answer(game.options()[0])
    game.answer(game.options()[0])
    seat = game.active
    assert game.options() == ["draw2", "draw3"]
    game.answer("draw3")
    assert len(game.options()) == 3
    p = game.player(seat)
    assert (p["conviction"], p["influence"]) == (1, 9)        # the block moved to influence
    kept = game.options()[2]
    game.answer(kept)
    assert game.data["players"][seat]["quest"] == kept
    assert len(game.data["quests_out"]) == 2


@pytest.mark.rule("VIN-SETUP-17", "VIN-DEC-39")
@pytest.mark.parametrize("seed", range(1, 13))
def test_initial_discovery_fills_start_spaces_in_start_order(seed: int) -> None:
    game = Scenario.start(players=4, seed=seed, answer_setup=False)
    seen = finish_setup(game)
    board = content().board
    expected: list[str] = []
    for p in sorted(game.data["players"], key=lambda p: p["start"]):
        expected += [r for r in board.triangles[p["token"]].touches if r not in expected]
    discovered = [e.data["space"] for e in seen if e.kind == "tile_discovered"]
    assert discovered == expected
    assert sum(r is not None for r in game.data["regions"].values()) == len(expected)


@pytest.mark.rule("VIN-SETUP-18", "VIN-TURN-1")
def test_round_one_begins_with_the_first_player_after_setup() -> None:
    game = Scenario.start(players=3, seed=9, answer_setup=False)
    seen = finish_setup(game)
    data = game.data
    assert (data["phase"], data["round"], data["current"]) == ("play", 1, 0)
    assert game.prompt == "turn" and game.active == data["first"]
    assert data["end_round"] is None
    assert seen[-1].kind == "round_started" and seen[-1].data == {"round": 1}


@pytest.mark.rule("VIN-SETUP-18", "VIN-END-2", "VIN-END-3", "VIN-DEC-19")
def test_a_trigger_met_at_setup_makes_round_one_the_final_round() -> None:
    game = Scenario.start(players=2, seed=9, answer_setup=False)
    game.edit(lambda d: (d.update(end_faceup=["E12", d["end_faceup"][1]],
                                  end_deck=[e for e in d["end_deck"] + d["end_faceup"][:1] if e != "E12"]),
                         d["players"][1].update(honor=90)))
    seen = finish_setup(game)
    assert [e.data["round"] for e in seen if e.kind == "end_triggered"] == [0]
    assert (game.data["round"], game.data["end_round"]) == (1, 1)
    for _ in range(2):                                       # round 1 is played, then it is over
        assert game.match.state.outcome is None
        move = next(c for c in game.legal("move"))
        game.play(move, "end_turn")
    assert game.data["phase"] == "over" and game.match.state.outcome is not None


@pytest.mark.rule("VIN-SOLO-1", "VIN-DEC-40")
def test_solo_game_sets_up_with_the_base_rules() -> None:
    game = Scenario.start(players=1, seed=11)
    data = game.data
    p = data["players"][0]
    assert (p["potential"], p["influence"], p["conviction"], p["mount"]) == (8, 8, 2, 1)
    assert len(p["companions"]) == 1 and p["quest"] is not None
    assert p["token"] == START_TRIANGLE[p["start"]]
    assert [r for r, v in data["regions"].items() if v] == list(content().board.triangles[p["token"]].touches)
    assert data["order"] == [0] and data["round"] == 1
    game.refused("end_turn", "VIN-TURN-3")                   # base turn rules apply
