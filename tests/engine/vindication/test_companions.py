"""Companions (VIN-COMPANION, VIN-ACTIVATE-5/-6/-9) and each companion ability of spec 7.3."""
from __future__ import annotations

import pytest

from engine.core import Match
from engine.vindication.content import content
from engine.vindication.counters import mastery_count
from engine.vindication.rules import move
from tests.engine.vindication.test_abilities_mechanism import finish, force_dice, hold, mods, stack, table


def honor(game, seat=0):
    return game.data["players"][seat]["honor"]


def companions(game, seat=0):
    return {c["id"]: c["blocks"] for c in game.data["players"][seat]["companions"]}


def inn_with(card, **power):
    """Seat 0 next to an Inn (R08) with ``card`` on top of its deck's face-up pile."""
    game = table(regions={"R08": "inn"})
    deck = content().cards[card].deck
    game.edit(lambda d: (stack(d, deck, faceup=[card]), hold(d, 0, **{"S": 2, "K": 2, "I": 2, **power})))
    return game


def join(game, card, colour):
    game.play(f"visit R08 choice={colour}")
    game.answer("faceup")
    assert card in companions(game)


# -- the rules -----------------------------------------------------------------------------------------
@pytest.mark.rule("VIN-COMPANION-1")
def test_three_companion_decks_each_card_with_reaction_gains_and_at_most_one_ability():
    cards = content().cards
    for colour in "SKI":
        deck = [c for c in cards.values() if c.deck == f"companion_{colour}"]
        assert len(deck) == 12
        for card in deck:
            assert card.reaction is not None and card.gains
            assert card.ability.type in ("none", "passive", "on_join", "activated", "whenever")


@pytest.mark.rule("VIN-COMPANION-2", "VIN-REGION-12")
def test_the_inn_gives_a_companion_of_the_chosen_colour():
    game = inn_with("K05")
    join(game, "K05", "K")
    assert game.player(0)["attrs"]["K"] == 0


@pytest.mark.rule("VIN-COMPANION-3", "VIN-CARD-12")
def test_an_on_join_ability_is_offered_once_right_after_joining_and_is_lost_if_declined():
    game = inn_with("S09")
    join(game, "S09", "S")
    assert game.prompt == "on_join" and game.options() == ["S09", "decline"]
    game.answer("decline")
    assert game.prompt == "turn" and game.player(0)["mount"] == 1
    game.refused("use S09", "VIN-TURN-6")          # never again
    game.play("activate S09")
    game.answer_all()
    assert game.player(0)["mount"] == 1 and "on_join" not in game.kinds()


@pytest.mark.rule("VIN-COMPANION-3", "VIN-CARD-11")
def test_horse_breeder_s09_raises_the_mount_on_joining():
    game = inn_with("S09")
    before = honor(game)
    join(game, "S09", "S")
    game.answer("S09")
    assert game.player(0)["mount"] == 2
    assert honor(game) == before + 2 + 1           # the card's honor, then rank 2's


def test_horse_breeder_s09_is_not_offered_at_rank_5():
    game = inn_with("S09")
    game.edit(lambda d: d["players"][0].update(mount=5))
    join(game, "S09", "S")
    assert game.prompt == "turn"


@pytest.mark.rule("VIN-PROFICIENCY-3")
def test_tutor_k12_takes_a_proficiency_for_2_points_of_an_attribute_held_twice_and_fixes_the_kind():
    game = inn_with("K12", K=4, S=3, I=1)
    join(game, "K12", "K")                           # K 4 -> 2
    game.answer("K12")
    assert game.prompt == "proficiency_kind" and game.options() == ["S", "K"]
    game.answer("S")
    p = game.player(0)
    assert p["proficiencies"]["S"] == 1 and p["attrs"]["S"] == 1
    assert game.data["proficiency_supply"]["S"] == 0
    game.edit(lambda d: hold(d, 0, K=3))
    game.refused("proficiency K", "VIN-PROFICIENCY-3")   # K12's tile was this turn's purchase


def test_tutor_k12_is_not_offered_when_no_attribute_reaches_2():
    game = inn_with("K12", K=2, S=1, I=1, C=0, W=0, V=0)
    join(game, "K12", "K")
    assert game.prompt == "turn"


def test_choir_mistress_i10_augments_twice_on_joining():
    game = inn_with("I10", potential=4, influence=2)
    conviction = game.player(0)["conviction"]
    join(game, "I10", "I")
    game.answer("I10")
    game.answer("pot_to_inf")
    game.answer("inf_to_conv")
    p = game.player(0)
    assert (p["potential"], p["conviction"]) == (3, conviction + 1)
    assert game.prompt == "turn"


@pytest.mark.rule("VIN-COMPANION-9", "VIN-SETUP-13")
def test_no_start_companions_are_never_starting_companions_but_join_normally_otherwise():
    for seed in range(12):
        match = Match.new("vindication", 4, seed=seed)
        while match.state.data["phase"] == "setup":
            match.apply(match.state.legal()[0])
        for p in match.state.data["players"]:
            assert not content().cards[p["companions"][0]["id"]].no_start
    game = inn_with("S08")
    before = honor(game)
    join(game, "S08", "S")
    assert honor(game) == before - 2


@pytest.mark.rule("VIN-COMPANION-3", "VIN-DEC-44")
def test_every_on_join_companion_is_no_start_so_the_starting_draw_never_has_one_to_resolve():
    for card in content().cards.values():
        if card.ability.type == "on_join":
            assert card.no_start, card.id


@pytest.mark.rule("VIN-COMPANION-4", "VIN-VISIT-7")
@pytest.mark.parametrize(("held", "gained"), [(["I02"], 3), ([], 2)])
def test_pilgrim_i02_adds_1_honor_when_another_player_visits_its_holders_region(held, gained):
    game = table(regions={"R08": ("fort", 1)})
    game.edit(lambda d: hold(d, 1, companions=held + ["S01"]))
    before = honor(game, 1)
    game.play("visit R08")
    assert honor(game, 1) == before + gained       # on seat 0's turn: passives work on every turn


@pytest.mark.rule("VIN-COMPANION-5", "VIN-ACTIVATE-5", "VIN-DEC-33")
def test_an_activated_ability_is_available_once_any_time_later_in_the_activation_turn():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S10"], influence=4, potential=3))
    game.refused("use S10", "VIN-COMPANION-5")
    game.play("activate S10")
    game.answer_all()
    game.play("move T25,T13")                      # any moment later in the same turn
    game.play("use S10")
    game.answer("pot_to_inf")
    game.refused("use S10", "VIN-ACTIVATE-5")
    game.play("end_turn", "move T28,T16", "end_turn")
    game.refused("use S10", "VIN-COMPANION-5")     # the availability ended with the turn


@pytest.mark.rule("VIN-ACTIVATE-6")
def test_activating_a_passive_on_join_or_plain_companion_yields_only_its_attributes():
    for card in ("I02", "S09", "S01"):
        game = table()
        game.edit(lambda d, card=card: hold(d, 0, companions=[card], influence=4))
        game.play(f"activate {card}")
        while game.prompt == "gain":
            game.answer(game.options()[-1])
        assert game.prompt == "turn"
        assert game.legal("use") == []
        assert game.player(0)["mount"] == 1


@pytest.mark.rule("VIN-ACTIVATE-9", "VIN-DEC-34", "VIN-TURN-5")
def test_an_extra_activation_must_choose_another_source():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S10", "S01"], relics=[("V04", 3)], influence=5))
    game.play("activate S10")
    game.answer_all()
    game.refused("activate S01", "VIN-TURN-5")
    game.play("use V04")
    game.refused("activate S10", "VIN-ACTIVATE-9")
    game.play("activate S01")
    game.answer_all()
    assert game.data["turn"]["activated"] == ["S10", "S01"]


@pytest.mark.rule("VIN-COMPANION-6", "VIN-CARD-8", "VIN-CARD-9")
def test_a_companion_dies_to_a_skull_its_blocks_return_and_it_tops_the_face_up_pile(monkeypatch):
    force_dice(monkeypatch, monster=["skull"], attribute=["S"])
    game = table(regions={"R08": "gaping_maw"})
    game.edit(lambda d: hold(d, 0, companions=[("K05", 2)], C=2, conviction=0, influence=3))
    before = honor(game)
    game.play("visit R08")
    game.answer("faceup")
    monster_honor = content().cards[game.player(0)["monsters"][0]].honor
    game.answer_all()
    assert "K05" not in companions(game)
    assert game.data["faceup"]["companion_K"][-1] == "K05"
    assert game.player(0)["influence"] == 3 + 2 + 2     # 2 courage paid back, 2 blocks home
    assert honor(game) == before + monster_honor - 3


@pytest.mark.rule("VIN-COMPANION-7", "VIN-REGION-7")
def test_emptying_a_companion_at_the_shrine_does_not_discard_it():
    game = table(regions={"R08": "shrine"})
    game.edit(lambda d: hold(d, 0, companions=[("S01", 1)], I=1))
    game.play("visit R08 units=1")
    game.answer("S01")
    assert companions(game) == {"S01": 0}


@pytest.mark.rule("VIN-COMPANION-8")
def test_each_companion_counts_1_toward_its_colours_mastery():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S01", "S05", "K01"]))
    data = game.data
    assert [mastery_count(data, 0, kind) for kind in "SKI"] == [2, 1, 0]


# -- strength companions -------------------------------------------------------------------------------
def test_caravan_guard_s02_adds_1_speed_while_held():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S02"]))
    assert move.speed(game.data, 0) == 3
    game.edit(lambda d: hold(d, 0, companions=["S01"]))
    assert move.speed(game.data, 0) == 2


def test_pit_fighter_s03_cuts_the_gaping_maw_to_1_courage_this_turn():
    game = table(regions={"R08": "gaping_maw"})
    game.edit(lambda d: hold(d, 0, companions=["S03"], C=1, influence=1))
    game.refused("visit R08", "VIN-VISIT-4")
    game.play("activate S03", "use S03")
    assert mods(game, "cost")[0]["delta"] == -1
    game.play("visit R08")
    assert game.player(0)["attrs"]["C"] == 0


@pytest.mark.rule("VIN-CARD-14")
def test_stablehand_s04_makes_each_command_post_rank_cost_2_strength():
    game = table(regions={"R08": "command_post"})
    game.edit(lambda d: hold(d, 0, companions=["S04"], S=4, influence=2))
    game.refused("visit R08 units=2", "VIN-VISIT-4")   # 6 strength by the rule
    game.play("activate S04")
    game.answer_all()
    game.play("use S04", "visit R08 units=2")
    assert game.player(0)["mount"] == 3 and game.player(0)["attrs"]["S"] == 0


def test_bounty_tracker_s06_gains_1_honor_per_monster_defeated(monkeypatch):
    force_dice(monkeypatch, monster=["blank"], attribute=["V"])
    game = table(regions={"R08": "gaping_maw"})
    game.edit(lambda d: (hold(d, 0, companions=["S06"], C=2), stack(d, "monster", faceup=["C12"])))
    before = honor(game)
    game.play("visit R08")
    game.answer("faceup")
    game.answer_all()
    assert honor(game) == before + 5 + 1
    kinds = game.kinds()
    assert kinds.index("monster_defeated") < kinds.index("ability_used")


@pytest.mark.rule("VIN-MONSTER-6")
def test_shieldbearer_s07_survives_a_skull_while_it_is_the_elite(monkeypatch):
    force_dice(monkeypatch, monster=["skull"], attribute=["S"])
    game = table(regions={"R08": "gaping_maw"})
    game.edit(lambda d: hold(d, 0, companions=["S07", "S05"], C=2, conviction=2))
    game.play("visit R08")
    game.answer("faceup")
    assert "death_prevented" in game.kinds() and game.prompt == "gain"     # no save prompt
    game.answer_all()
    assert "S07" in companions(game) and game.player(0)["conviction"] == 2


def test_shieldbearer_s07_does_not_protect_another_elite(monkeypatch):
    force_dice(monkeypatch, monster=["skull"], attribute=["S"])
    game = table(regions={"R08": "gaping_maw"})
    game.edit(lambda d: hold(d, 0, companions=["S07", "K08"], C=2, conviction=0))
    game.play("visit R08")
    game.answer("faceup")
    assert game.prompt == "elite" and sorted(game.options()) == ["K08", "S07"]
    game.answer("K08")
    game.answer_all()
    assert "K08" not in companions(game) and "S07" in companions(game)


def test_drill_sergeant_s10_augments_once():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S10"], influence=3, potential=2, conviction=0))
    game.play("activate S10")
    game.answer_all()
    game.play("use S10")
    assert game.prompt == "augment"
    game.answer("inf_to_conv")
    assert game.prompt == "turn" and game.player(0)["conviction"] == 1


def test_cliff_scout_s11_adds_2_speed_this_turn():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["S11"], influence=3))
    game.play("activate S11")
    game.answer_all()
    game.refused("move T25,T13,T07,T01,T02", "VIN-MOVE-1")
    game.play("use S11", "move T25,T13,T07,T01,T02")
    assert game.player(0)["token"] == "T02"


def test_veteran_captain_s12_gains_1_honor_per_controlled_region_up_to_3():
    for regions, gained in (({"R02": ("fort", 0), "R03": ("fort", 0)}, 2),
                            ({f"R0{i}": ("library", 0) for i in range(2, 7)}, 3)):
        game = table(regions=regions)
        game.edit(lambda d: hold(d, 0, companions=["S12"], influence=3))
        game.play("activate S12")
        game.answer_all()
        before = honor(game)
        game.play("use S12")
        assert honor(game) == before + gained


# -- knowledge companions ------------------------------------------------------------------------------
def test_cartographer_k02_gains_1_honor_for_a_move_that_discovers():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["K02"]))
    before = honor(game)
    game.play("move T25,T13")                      # R08, R09 and R02 discovered: one gain per move
    assert honor(game) == before + 1


def test_cartographer_k02_gains_nothing_when_the_move_discovers_nothing():
    game = table(regions={"R08": "fort", "R09": "fort", "R02": "inn"})
    game.edit(lambda d: hold(d, 0, companions=["K02"]))
    before = honor(game)
    game.play("move T25,T13")
    assert honor(game) == before


def test_hedge_alchemist_k03_augments_twice():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["K03"], influence=3, conviction=0))
    game.play("activate K03")
    game.answer_all()
    game.play("use K03")
    game.answer("inf_to_conv")
    game.answer("inf_to_conv")
    assert game.prompt == "turn" and game.player(0)["conviction"] == 2


@pytest.mark.rule("VIN-RELIC-8")
def test_relic_appraiser_k06_charges_relics_twice():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["K06"], relics=[("V01", 0), ("V07", 2)], influence=4))
    game.play("activate K06")
    game.answer_all()
    game.play("use K06")
    assert game.options() == ["V01", "V07", "done"]
    game.answer("V07")
    assert game.options() == ["V01", "done"]      # V07 is full (VIN-RELIC-4)
    game.answer("V01")
    assert game.prompt == "turn"
    assert [r["charges"] for r in game.player(0)["relics"]] == [1, 3]


def test_tactician_k07_makes_the_next_card_gain_empowered_for_free():
    game = table(regions={"R08": "ancient_tomb"})
    game.edit(lambda d: hold(d, 0, companions=["K07"], W=2, conviction=0, influence=3))
    game.play("activate K07")
    game.answer_all()
    game.play("use K07", "visit R08")
    assert game.options() == ["faceup", "blind", "empowered"]
    game.answer("empowered")
    game.answer(game.options()[0])
    assert game.player(0)["conviction"] == 0 and len(game.player(0)["traits"]) == 1
    assert mods(game, "free_empowered") == []


def test_without_tactician_an_empowered_draw_needs_conviction():
    game = table(regions={"R08": "ancient_tomb"})
    game.edit(lambda d: hold(d, 0, W=2, conviction=0))
    game.play("visit R08")
    assert "empowered" not in game.options()


def test_abbey_novice_k09_augments_once_more_after_a_monastery_visit():
    game = table(regions={"R08": "monastery"})
    game.edit(lambda d: hold(d, 0, companions=["K09"], K=1, influence=2, potential=3, conviction=0))
    game.play("visit R08 units=1")
    game.answer("inf_to_conv")
    assert game.prompt == "augment"                # K09's augment, which may stop
    game.answer("inf_to_conv")
    assert game.player(0)["conviction"] == 2


# -- inspiration companions ----------------------------------------------------------------------------
def test_faith_healer_i03_returns_up_to_2_blocks_from_companions():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["I03", ("S01", 3)], influence=2))
    game.play("activate I03")
    game.answer_all()
    game.play("use I03")
    game.answer("S01")
    game.answer("I03")                              # its own activation block may come back too
    assert companions(game) == {"I03": 0, "S01": 2} and game.prompt == "turn"


@pytest.mark.rule("VIN-CONTROL-3")
def test_herald_i07_lets_a_displacement_cost_no_extra_conviction():
    game = table(regions={"R08": ("fort", 1)})
    game.edit(lambda d: hold(d, 0, companions=["I07"], conviction=1, influence=3))
    game.play("visit R08")
    game.answer([])
    game.refused("control R08", "VIN-CONTROL-3")
    game.play("activate I07")
    game.answer_all()
    game.play("use I07", "control R08")
    assert game.data["regions"]["R08"]["controller"] == 0 and game.player(0)["conviction"] == 0


def test_almoner_i11_makes_each_shrine_unit_return_3():
    for held, returned in ((["I11"], 3), ([], 2)):
        game = table(regions={"R08": "shrine"})
        game.edit(lambda d, held=held: hold(d, 0, companions=held + [("S01", 5)], I=1))
        game.play("visit R08 units=1")
        for _ in range(returned):
            game.answer("S01")
        assert game.prompt == "turn" and companions(game)["S01"] == 5 - returned


def test_beggar_prince_i12_gains_1_honor_per_empty_companion_not_itself():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["I12", "S01", "S05", ("K01", 1)], influence=3))
    game.play("activate I12")
    game.answer_all()
    before = honor(game)
    game.play("use I12")
    assert honor(game) == before + 2


def test_monster_bonuses_count_companions_at_game_end():
    game = table()
    game.edit(lambda d: hold(d, 0, companions=["K01", "K04"], monsters=["C01"]))
    assert finish(game)["scores"][0]["monsters"] == 2
