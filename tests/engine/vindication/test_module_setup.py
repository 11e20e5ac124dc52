"""Villages & Hamlets set-up: spec 4.3 (VVH-SETUP-1..10) with decisions VIN-DEC-62, -63, -68, -75."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from engine.core import Refused, Rng
from engine.vindication.content import content
from engine.vindication.game import GAME
from engine.vindication.setup import module_setup
from tests.engine.vindication.scenario import Scenario

MODULE = content().module
SEEDS = range(1, 9)
RUNES = [r.id for r in MODULE.runes]
SLOTS = [f"{s.id}/{i}" for s in MODULE.settlements for i in range(1, s.slots + 1)]
MAIN = list(content().board.regions)


def module_game(seed: int, players: int = 2, **options) -> Scenario:
    return Scenario.start(players=players, seed=seed, villages_hamlets=True, **options)


def main_tiles(data) -> list[str]:
    return [data["regions"][r]["tile"] for r in MAIN if data["regions"][r]]


def slot_tiles(data) -> list[str]:
    return [data["regions"][s]["tile"] for s in SLOTS if data["regions"][s]]


def port_spaces(data) -> tuple[str, ...]:
    return content().board.triangles[data["port"]].touches


def start_spaces(data) -> set[str]:
    return {r for p in data["players"] for r in content().board.triangles[p["token"]].touches}


# -- VVH-SETUP-1, VIN-DEC-63: one module, replacing the first-game bag -------------------------------
@pytest.mark.rule("VVH-SETUP-1", "VIN-DEC-63")
def test_the_module_brings_villages_and_the_isle_together_and_nothing_without_it() -> None:
    assert [o.key for o in GAME.info.options if o.key.startswith(("villages", "vh_", "isle"))] == [
        "villages_hamlets", "vh_setup"]                          # no separate Isle switch
    plain = Scenario.start(players=2, seed=1).data
    assert not {"isle", "port", "settlements", "villages_bag", "rune_maps"} & set(plain)
    assert not set(plain["regions"]) - set(MAIN)
    data = module_game(1).data
    assert {"isle", "port", "settlements", "villages_bag", "rune_maps"} <= set(data)
    assert set(data["regions"]) == set(MAIN) | set(SLOTS) | {"A1", "A2", "A3"}
    # VIN-SETUP-4 is replaced: the scumbag is not the first-game bag but required + 7 selected
    assert Counter(data["bag"] + main_tiles(data)) != Counter(content().board_file.first_game_bag)
    assert Counter(MODULE.required) <= Counter(data["bag"] + main_tiles(data))


# -- VVH-SETUP-2, -3: the Forgotten Isle and the rune maps ----------------------------------------
@pytest.mark.rule("VVH-SETUP-2")
def test_each_isle_area_gets_an_unbuilt_site_and_face_down_ruins_chosen_at_random() -> None:
    chosen = set()
    for seed in SEEDS:
        data = module_game(seed).data
        assert all(data["regions"][a] is None for a in ("A1", "A2", "A3"))      # a site, unbuilt
        on_isle = [data["isle"][a]["ruins"] for a in ("A1", "A2", "A3")]
        assert len(set(on_isle)) == 3 and set(on_isle) <= set(RUNES)
        assert sorted(on_isle + data["ruins_out"]) == sorted(RUNES)            # 3 more out of the game
        chosen.add(tuple(on_isle))
    assert len(chosen) > 1                                                      # random, not fixed


@pytest.mark.rule("VVH-SETUP-2")
def test_ruins_on_the_isle_and_out_of_the_game_stay_hidden_in_every_view() -> None:
    game = module_game(2)
    for seat in (None, 0, 1):
        view = game.match.state.view(seat)
        assert view["isle"] == {a: {"ruins": "hidden"} for a in ("A1", "A2", "A3")}
        assert view["ruins_out"] == 3
        text = json.dumps(view)
        assert not [rune for rune in RUNES if f'"{rune}"' in text]


@pytest.mark.rule("VVH-SETUP-3")
def test_six_rune_maps_form_the_supply_and_nobody_starts_with_one() -> None:
    data = module_game(1).data
    assert data["rune_maps"] == 6
    assert [p["rune_map"] for p in data["players"]] == [False, False]


# -- VVH-SETUP-4: the port ---------------------------------------------------------------------------
@pytest.mark.rule("VVH-SETUP-4", "VIN-DEC-75")
def test_the_port_lies_on_another_journeys_start_and_its_spaces_are_not_discovered() -> None:
    starts = content().board.starts
    untouched = 0
    for seed in SEEDS:
        data = module_game(seed, players=3).data
        assert data["port"] in starts.values()
        assert data["port"] not in [p["token"] for p in data["players"]]
        for space in port_spaces(data):          # only spaces a player's own start touches are filled
            assert (data["regions"][space] is not None) == (space in start_spaces(data))
            untouched += space not in start_spaces(data)
    assert untouched                             # the rule was really put to the test


# -- VVH-SETUP-5..7: the bags ----------------------------------------------------------------------
@pytest.mark.rule("VVH-SETUP-5", "VVH-SETUP-7")
def test_random_mode_puts_required_and_7_selected_tiles_in_the_scumbag_and_14_in_the_villages_bag() -> None:
    bags = set()
    for seed in SEEDS:
        data = module_game(seed).data
        scumbag = data["bag"] + main_tiles(data)
        villages = data["villages_bag"] + slot_tiles(data)          # a hex drawn at set-up fills its slots
        assert len(scumbag) == 19 and len(villages) == 14
        assert Counter(MODULE.required) <= Counter(scumbag)
        assert Counter(scumbag) + Counter(villages) == Counter(MODULE.required) + Counter(MODULE.selectable)
        bags.add(tuple(sorted(villages)))
    assert len(bags) > 1                                                     # chosen at random


# -- VVH-SETUP-6: the selection ------------------------------------------------------------------------
def fresh() -> dict:
    return {"regions": {space: None for space in MAIN}}


@pytest.mark.rule("VVH-SETUP-6")
@pytest.mark.parametrize("selection", [
    list(MODULE.selectable[:20]),                                  # one short
    list(MODULE.selectable) + ["fort"],                            # one too many
    list(MODULE.selectable[:20]) + ["dragon_lair"],                # a tile that does not exist
    list(MODULE.selectable[:20]) + ["gaping_maw"],                 # a tile not in the pool
    ["fort" if t == "academy" else t for t in MODULE.selectable],  # three forts (the pool has 2)
])
def test_a_selection_of_another_size_or_outside_the_pool_is_refused(selection) -> None:
    data = fresh()
    rng = Rng(1)
    before = (json.dumps(data), rng.get_state())
    with pytest.raises(Refused) as refusal:
        module_setup(data, rng, selection=selection)
    assert refusal.value.rule_id == "VVH-SETUP-6"
    assert (json.dumps(data), rng.get_state()) == before


@pytest.mark.rule("VVH-SETUP-6")
def test_the_whole_pool_in_any_order_is_a_valid_selection() -> None:
    selection = list(reversed(MODULE.selectable))
    data = fresh()
    module_setup(data, Rng(4), selection=selection)
    assert Counter(data["bag"]) + Counter(data["villages_bag"]) == Counter(MODULE.required + tuple(selection))
    assert (len(data["bag"]), len(data["villages_bag"])) == (19, 14)


# -- VVH-SETUP-8, -9, VIN-DEC-62: pre-configured boards ----------------------------------------------
def preconfigured(seed: int, picks: list[str]) -> tuple[Scenario, list[str]]:
    """Set-up answered by hand: the preconfiguration prompts take ``picks`` in order."""
    game = module_game(seed, vh_setup="preconfigured", answer_setup=False)
    prompts = []
    queue = list(picks)
    while game.data["phase"] == "setup":
        prompts.append(game.prompt)
        game.answer(queue.pop(0) if game.prompt == "preconfigure" else game.options()[0])
    return game, prompts


PICKS = ["theater", "fear_gauntlet", "mausoleum", "tidewatch_beacon", "hearth_kitchen",     # Venfero
         "wayfarers_stable", "drill_yard", "scriptorium",                                    # Dobney
         "observatory", "guildhouse", "academy",                                             # Tarcee
         "fort", "library", "holy_spire"]                                                    # villages bag


@pytest.mark.rule("VVH-SETUP-8", "VVH-SETUP-9", "VIN-DEC-62")
def test_preconfigured_mode_fills_11_slots_puts_3_in_the_villages_bag_and_7_in_the_scumbag() -> None:
    game, prompts = preconfigured(5, PICKS)
    data = game.data
    assert prompts.count("preconfigure") == 14
    assert [data["regions"][s]["tile"] for s in SLOTS] == PICKS[:11]           # in slot order
    assert sorted(data["villages_bag"]) == sorted(PICKS[11:])
    rest = Counter(MODULE.selectable) - Counter(PICKS)
    assert Counter(data["bag"] + main_tiles(data)) == Counter(MODULE.required) + rest
    assert sum(rest.values()) == 7


@pytest.mark.rule("VVH-SETUP-8")
def test_preconfiguration_offers_only_the_tiles_still_unassigned() -> None:
    game = module_game(5, vh_setup="preconfigured", answer_setup=False)
    while game.prompt != "preconfigure":
        game.answer(game.options()[0])
    assert sorted(game.options()) == sorted(set(MODULE.selectable))
    game.answer("academy")                                     # the only Academy of the pool
    assert "academy" not in game.options()
    game.answer("fort")
    assert "fort" in game.options()                            # the pool holds two forts
    game.answer("fort")
    assert "fort" not in game.options()


@pytest.mark.rule("VVH-SETUP-9")
def test_random_mode_boards_start_empty_unless_their_hex_came_out_at_set_up() -> None:
    empty = 0
    for seed in SEEDS:
        data = module_game(seed).data
        drawn = set(main_tiles(data))
        for settlement in MODULE.settlements:
            filled = [data["regions"][f"{settlement.id}/{i}"] for i in range(1, settlement.slots + 1)]
            if settlement.hex_tile in drawn:
                assert all(filled)
            else:
                assert not any(filled)
                empty += 1
    assert empty


# -- VVH-SETUP-10, VIN-DEC-75: the order ---------------------------------------------------------------
@pytest.mark.rule("VVH-SETUP-10", "VIN-DEC-75")
def test_initial_discovery_draws_from_the_full_19_tile_scumbag_in_both_modes() -> None:
    for seed in SEEDS:
        for options in ({}, {"vh_setup": "preconfigured"}):
            data = module_game(seed, **options).data
            discovered = main_tiles(data)
            assert discovered and len(data["bag"]) + len(discovered) == 19
            assert set(r for r in MAIN if data["regions"][r]) == start_spaces(data)


@pytest.mark.rule("VVH-SETUP-10")
def test_the_boards_are_configured_where_the_bags_are_filled_before_the_quests_are_drawn() -> None:
    _, prompts = preconfigured(6, PICKS)
    first_board = prompts.index("preconfigure")
    last_board = len(prompts) - prompts[::-1].index("preconfigure") - 1
    assert prompts[:first_board] == ["character", "character"]
    assert set(prompts[last_board + 1:]) == {"quest_draw", "quest_keep"}


# -- VIN-DEC-68: spelling ----------------------------------------------------------------------------
@pytest.mark.rule("VIN-DEC-68")
def test_the_village_is_spelt_venfero() -> None:
    village = next(s for s in MODULE.settlements if s.kind == "village")
    assert (village.id, village.name.en) == ("venfero_secret", "Venfero's Secret")
    assert village.hex_tile == "venfero_secret"
    assert content().regions["venfero_secret"].name.en == "Venfero's Secret"
    assert not [r for r in content().regions if r.startswith("verfero")]
