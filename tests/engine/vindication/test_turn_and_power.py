"""Turns, blocks, attributes and the activate action: spec 5.2–5.5 (VIN-TURN, VIN-POWER, VIN-ATTR,
VIN-ACTIVATE)."""
from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from engine.core import Refused, Rng
from tests.engine.vindication.positions import as_seat, blocks_of, give, load, power, snapshot, table

# seat 0 on start 1 (T25: R08, R09), seat 1 on start 4 (T28: R11, R12); seed 1 gives seat 0 the
# Knowledge companion K10 (gains K1 W1) and seat 1 the Strength companion S11
TOKENS = {0: "T25", 1: "T28"}


def fort_table(**kw) -> object:
    return table(tokens=TOKENS, regions={"R08": "fort", "R09": "library", **kw.pop("regions", {})}, **kw)


# -- VIN-TURN ------------------------------------------------------------------------------------
@pytest.mark.rule("VIN-TURN-1", "VIN-TURN-10", "VIN-TURN-11")
def test_every_player_takes_one_turn_per_round_in_turn_order() -> None:
    game = table(players=3, tokens={0: "T25", 1: "T28", 2: "T31"})
    turns = []
    for _ in range(7):
        turns.append((game.data["round"], game.active))
        game.play(game.legal("move")[0], "end_turn")
        assert game.data["first"] == 0                    # the start player marker stays
    assert turns == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0)]


@pytest.mark.rule("VIN-TURN-10")
def test_the_round_ends_after_the_last_player_in_turn_order() -> None:
    game = table(players=2, tokens=TOKENS)
    game.play("move T25,T13", "end_turn")
    assert (game.data["round"], game.active) == (1, 1)
    assert "round_started" not in game.kinds()
    game.play("move T28,T16", "end_turn")
    assert (game.data["round"], game.active) == (2, 0)
    assert [e.data for e in game.events if e.kind == "round_started"] == [{"round": 2}]


@pytest.mark.rule("VIN-TURN-2")
@pytest.mark.parametrize("order", [
    ("visit R08", "activate self", "move T25,T13"),
    ("move T25,T13", "visit R09", "activate self"),
    ("activate self", "move T25,T13", "visit R08"),
])
def test_the_three_turn_actions_may_come_in_any_order(order: tuple[str, ...]) -> None:
    game = fort_table()
    for command in order:
        game.play(command)
        game.answer_all(lambda options: options[-1])
    used = game.data["turn"]["used"]
    assert (used["activate"], used["move"], used["visit"]) == (1, 1, 1)
    game.play("end_turn")
    assert game.active == 1


@pytest.mark.rule("VIN-TURN-3")
def test_end_turn_is_refused_until_the_move_is_made() -> None:
    game = fort_table()
    game.refused("end_turn", "VIN-TURN-3")
    game.play("activate self")
    game.answer([])
    game.play("visit R08")
    game.answer(["S", "S"])
    game.refused("end_turn", "VIN-TURN-3")
    game.play("move T25,T13", "end_turn")
    assert game.active == 1


@pytest.mark.rule("VIN-TURN-4")
def test_a_turn_may_end_after_only_the_move() -> None:
    game = fort_table()
    before = snapshot(game, 0)
    game.play("move T25,T13,T14", "end_turn")
    assert game.active == 1 and game.data["round"] == 1
    after = snapshot(game, 0)
    assert after == before


@pytest.mark.rule("VIN-TURN-5")
def test_a_second_use_of_a_turn_action_is_refused() -> None:
    game = fort_table()
    game.play("activate self")
    game.answer([])
    game.refused("activate self", "VIN-TURN-5")
    game.refused("activate K10", "VIN-TURN-5")
    game.play("move T25,T13")
    game.refused("move T13,T14", "VIN-TURN-5")
    game.play("visit R09")
    game.answer([])
    game.refused("visit R09", "VIN-TURN-5")


@pytest.mark.rule("VIN-TURN-5")
def test_an_extra_visit_action_allows_a_second_visit() -> None:
    game = fort_table()
    game.edit(lambda d: d["turn"]["extra"].update(visit=1))      # as granted by an effect
    game.play("visit R08")
    game.answer(["S"])
    game.play("visit R09")
    game.answer(["K"])
    assert game.player(0)["attrs"]["S"] == 2 and game.player(0)["attrs"]["K"] == 2
    game.refused("visit R08", "VIN-TURN-5")


@pytest.mark.rule("VIN-TURN-6")
def test_free_actions_may_come_before_between_and_after_turn_actions() -> None:
    game = fort_table()
    game.edit(lambda d: power(d, 0, S=4, K=3, I=4))
    game.play("upgrade C")                    # before any turn action
    game.play("move T25,T13")
    game.play("upgrade C", "upgrade W")       # between, several times
    game.play("visit R08")
    game.answer([])
    game.play("upgrade V")                    # after the last turn action
    game.play("upgrade C")
    assert game.player(0)["attrs"] == {"S": 0, "K": 1, "I": 0, "C": 3, "W": 1, "V": 1}
    game.play("end_turn")


@pytest.mark.rule("VIN-TURN-7")
def test_while_a_choice_is_pending_every_other_command_is_refused() -> None:
    game = fort_table()
    game.play("visit R08")
    assert game.prompt == "gain"
    for text in ("move T25,T13", "end_turn", "upgrade C", "activate self", "recover S"):
        game.refused(text, "VIN-TURN-7")
    game.answer(["S"])                         # the visit resolves inside the command that asked
    assert game.prompt == "turn" and game.player(0)["attrs"]["S"] == 2
    game.play("move T25,T13")


@pytest.mark.rule("VIN-TURN-7", "VIN-TURN-8")
def test_a_prompt_for_another_player_is_answered_off_turn_and_blocks_the_active_player() -> None:
    game = table(tokens=TOKENS, regions={"R08": ("fort", 1)})
    game.edit(lambda d: d["players"][1].update(honor=29))
    game.play("visit R08")                        # seat 1 controls the Fort: +2 honor, reaching 30
    assert game.player(1)["honor"] == 31
    game.answer(["S"])
    assert (game.prompt, game.active) == ("trigger_token", 1)
    before = game.match.digest()
    with pytest.raises(Refused):
        game.play("0: move T25,T13")
    with pytest.raises(Refused) as refusal:
        as_seat(game, 1, "upgrade C")             # an off-turn answer only, no free action
    assert refusal.value.rule_id in ("VIN-TURN-7", "VIN-TURN-8")
    assert game.match.digest() == before
    as_seat(game, 1, "answer decline")
    assert game.prompt == "turn" and game.active == 0


@pytest.mark.rule("VIN-TURN-8", "VIN-DEC-26")
@pytest.mark.parametrize("text", ["upgrade C", "recover S", "vindicate", "control R08", "end_turn",
                                  "move T28,T16", "activate self"])
def test_no_free_or_turn_action_outside_your_own_turn(text: str) -> None:
    game = fort_table()
    game.refused(f"1: {text}", "VIN-TURN-8")


@pytest.mark.rule("VIN-TURN-9")
def test_per_turn_state_resets_at_the_end_of_a_turn() -> None:
    game = table(tokens=TOKENS, regions={"R08": "fort", "R09": "library"})
    game.edit(lambda d: power(d, 0, S=3, K=3, conviction=2))
    game.play("activate self")
    game.answer([])
    game.play("visit R08 control_first=1")
    game.answer([])
    game.play("proficiency S", "move T25,T13,T14", "end_turn")
    game.play("move T28,T16", "end_turn")
    # seat 0 again: actions, control lock and proficiency kind are all fresh
    game.play("activate self")
    game.answer([])
    game.play("visit R09")                          # not locked to R08 any more
    game.answer([])
    game.play("proficiency K")                      # another kind than last turn's
    game.play("move T14,T13")
    assert game.player(0)["proficiencies"]["K"] == 1


# -- VIN-POWER -----------------------------------------------------------------------------------
def locations(game) -> list[int]:
    return [blocks_of(game.data, seat) for seat in range(len(game.data["players"]))]


@pytest.mark.rule("VIN-POWER-1", "VIN-DEC-10")
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_every_player_keeps_exactly_21_blocks_through_play(seed: int) -> None:
    game = table(players=3, seed=seed, tokens={0: "T25", 1: "T28", 2: "T31"}, clear=False)
    rng = Rng(seed)
    for _ in range(150):
        legal = game.match.state.legal()
        if not legal:
            break
        game.match.apply(legal[rng.below(len(legal))])
        assert locations(game) == [21, 21, 21]


@pytest.mark.rule("VIN-POWER-2")
def test_potential_pays_for_nothing() -> None:
    game = fort_table()
    game.edit(lambda d: power(d, 0, potential=12, influence=0))
    game.refused("activate K10", "VIN-ACTIVATE-3")
    game.play("activate self")                     # nothing can be gained without influence
    assert game.prompt == "turn"
    game.play("visit R08")
    assert game.prompt == "turn"
    assert snapshot(game, 0)["S"] == 1 and game.player(0)["potential"] == 12


@pytest.mark.rule("VIN-POWER-3", "VIN-ATTR-2")
def test_influence_pays_for_attribute_points_and_activations() -> None:
    game = fort_table()
    game.play("activate K10")
    p = game.player(0)
    assert p["influence"] == 7 and p["companions"][0]["blocks"] == 1
    game.answer(["K"])
    game.answer(["W"])
    p = game.player(0)
    assert p["influence"] == 5 and p["attrs"]["K"] == 2 and p["attrs"]["W"] == 1


@pytest.mark.rule("VIN-POWER-4")
def test_conviction_pays_for_control_and_empowered_draws() -> None:
    game = table(tokens=TOKENS, regions={"R08": "inn"})
    game.edit(lambda d: power(d, 0, influence=5, conviction=3, S=2))
    game.play("visit R08 choice=S control_first=1")
    p = game.player(0)
    assert (p["conviction"], p["influence"]) == (2, 7)          # 1 conviction became the marker
    assert game.data["regions"]["R08"]["controller"] == 0
    game.answer("empowered")
    p = game.player(0)
    assert (p["conviction"], p["influence"]) == (1, 8)          # 1 conviction back to influence


@pytest.mark.rule("VIN-POWER-5")
def test_rest_augments_one_block_by_the_chosen_step() -> None:
    game = fort_table()
    game.play("rest inf_to_conv")
    assert (game.player(0)["influence"], game.player(0)["conviction"]) == (7, 3)
    game.refused("rest pot_to_inf", "VIN-VISIT-2")
    other = fort_table()
    other.play("rest pot_to_inf")
    assert (other.player(0)["potential"], other.player(0)["influence"]) == (7, 9)


@pytest.mark.rule("VIN-POWER-5")
def test_an_augment_from_an_empty_zone_is_impossible() -> None:
    game = fort_table()
    game.edit(lambda d: power(d, 0, potential=0, influence=10))
    game.refused("rest pot_to_inf", "VIN-POWER-5")
    assert "rest pot_to_inf" not in game.legal() and "rest inf_to_conv" in game.legal()


@pytest.mark.rule("VIN-POWER-5")
def test_augment_up_to_n_may_stop_early() -> None:
    game = table(tokens=TOKENS, regions={"R08": "monastery"})
    game.edit(lambda d: power(d, 0, influence=3, conviction=2, K=3))
    game.play("visit R08 units=2")
    assert game.prompt == "augment" and game.options() == ["pot_to_inf", "inf_to_conv", "stop"]
    game.answer("pot_to_inf")
    game.answer("stop")
    p = game.player(0)
    assert (p["influence"], p["conviction"], p["attrs"]["K"]) == (6, 2, 1)
    assert p["potential"] == 10                                  # 11 before: one augment only


@pytest.mark.rule("VIN-POWER-7")
@pytest.mark.parametrize("text", ["augment pot_to_inf", "dilute conv_to_inf", "augment", "dilute"])
def test_no_command_augments_or_dilutes_at_will(text: str) -> None:
    game = fort_table()
    game.refused(text, "VIN-TURN-2")
    verbs = {c.verb for c in game.match.state.legal()}
    assert not verbs & {"augment", "dilute"}


@pytest.mark.rule("VIN-POWER-8")
def test_blocks_leaving_a_sphere_a_card_or_a_region_go_to_influence() -> None:
    game = table(tokens=TOKENS, regions={"R12": ("fort", 0)})
    game.edit(lambda d: (load(d, 0, "K10", 2), power(d, 0, influence=4, conviction=2, S=3)))
    game.play("recover S")
    assert (game.player(0)["influence"], game.player(0)["attrs"]["S"]) == (7, 0)
    game.play("recover R12")
    assert game.player(0)["influence"] == 8 and game.player(0)["conviction"] == 2
    game.play("recover K10")
    assert game.player(0)["influence"] == 10 and game.player(0)["companions"] == []


@pytest.mark.rule("VIN-POWER-8", "VIN-POWER-10")
def test_a_displaced_marker_goes_to_its_owners_influence() -> None:
    game = table(tokens=TOKENS, regions={"R08": ("fort", 1)})
    before = snapshot(game, 1)
    game.play("visit R08")
    game.answer([])
    game.play("control R08")
    after = snapshot(game, 1)
    assert after["influence"] == before["influence"] + 1
    assert after["honor"] == before["honor"] + 2                  # only the visit honor besides
    assert {k: v for k, v in after.items() if k not in ("influence", "honor")} == \
           {k: v for k, v in before.items() if k not in ("influence", "honor")}
    p = game.player(0)
    assert (p["conviction"], p["influence"]) == (0, 9)              # 1 became the marker, 1 spent


@pytest.mark.rule("VIN-POWER-9")
@pytest.mark.parametrize(("regions", "text", "attrs"), [
    ({"R08": "inn"}, "visit R08 choice=S", {"S": 1}),
    ({"R08": "command_post"}, "visit R08 units=2", {"S": 5}),
    ({"R08": "arcane_tower"}, "visit R08", {"V": 1}),
    ({"R08": "ancient_tomb"}, "visit R08", {"W": 1}),
    ({"R08": "monastery"}, "visit R08 units=3", {"K": 2}),
])
def test_a_cost_that_cannot_be_paid_in_full_refuses_the_whole_command(regions, text, attrs) -> None:
    game = table(tokens=TOKENS, regions=regions)
    game.edit(lambda d: power(d, 0, **attrs))
    game.refused(text, "VIN-VISIT-4")


@pytest.mark.rule("VIN-POWER-10")
def test_another_players_visit_moves_none_of_your_blocks() -> None:
    game = table(tokens={0: "T13", 1: "T14"}, regions={"R09": ("fort", 1)})
    before = snapshot(game, 1)
    game.play("visit R09")
    game.answer(["S", "S"])
    after = snapshot(game, 1)
    assert after == {**before, "honor": before["honor"] + 2}
    assert game.data["regions"]["R09"]["controller"] == 1


# -- VIN-ATTR ------------------------------------------------------------------------------------
@pytest.mark.rule("VIN-ATTR-1")
def test_six_attributes_three_basic_three_heroic() -> None:
    game = fort_table()
    assert list(game.player(0)["attrs"]) == ["S", "K", "I", "C", "W", "V"]
    game.play("activate self")                             # the character gives basic points only
    assert game.options() == [(), ("S",), ("K",), ("I",)]
    game.answer([])
    game.play("upgrade C")                                 # heroic points come from basic ones
    assert game.player(0)["attrs"] == {"S": 0, "K": 1, "I": 0, "C": 1, "W": 0, "V": 0}


@pytest.mark.rule("VIN-ATTR-2")
def test_an_attribute_is_the_number_of_blocks_on_its_sphere() -> None:
    game = fort_table()
    game.edit(lambda d: power(d, 0, influence=6, S=2))
    game.play("visit R08")
    game.answer(["S", "S"])
    p = game.player(0)
    assert p["attrs"]["S"] == 4 and p["influence"] == 4
    assert blocks_of(game.data, 0) == 21


@pytest.mark.rule("VIN-ATTR-3")
@pytest.mark.parametrize(("influence", "options"), [
    (5, [(), ("S",), ("S", "S")]),
    (1, [(), ("S",)]),
])
def test_gain_up_to_n_is_zero_to_n_and_limited_by_influence(influence: int, options) -> None:
    game = fort_table()
    game.edit(lambda d: power(d, 0, influence=influence))
    game.play("visit R08")
    assert game.options() == options
    game.answer(options[-1])
    p = game.player(0)
    assert (p["attrs"]["S"], p["influence"]) == (1 + len(options[-1]), influence - len(options[-1]))


@pytest.mark.rule("VIN-ATTR-3")
def test_gain_with_no_influence_gains_nothing() -> None:
    game = fort_table()
    game.edit(lambda d: power(d, 0, influence=0))
    game.play("visit R08")
    assert game.prompt == "turn" and game.player(0)["attrs"]["S"] == 1


@pytest.mark.rule("VIN-ATTR-4")
def test_spending_moves_blocks_from_the_sphere_to_influence() -> None:
    game = table(tokens=TOKENS, regions={"R08": "inn"})
    game.edit(lambda d: power(d, 0, influence=4, K=3))
    game.play("visit R08 choice=K")
    p = game.player(0)
    assert (p["attrs"]["K"], p["influence"]) == (1, 6)
    short = table(tokens=TOKENS, regions={"R08": "inn"})
    short.edit(lambda d: power(d, 0, K=1))
    short.refused("visit R08 choice=K", "VIN-VISIT-4")


@pytest.mark.rule("VIN-ATTR-5")
def test_attributes_have_no_maximum() -> None:
    game = fort_table()
    game.edit(lambda d: power(d, 0, influence=3, conviction=0, S=15))
    game.play("visit R08")
    game.answer(["S", "S"])
    assert game.player(0)["attrs"]["S"] == 17


@pytest.mark.rule("VIN-ATTR-6", "VIN-UPGRADE-5")
def test_blocks_change_sphere_only_by_upgrading() -> None:
    game = fort_table()
    game.edit(lambda d: power(d, 0, potential=0, influence=7, conviction=2, S=2, K=2, I=2, C=2, W=2, V=2))
    sphere_moves = {c.verb for c in game.match.state.legal()
                    if c.verb not in ("activate", "move", "visit", "rest", "recover", "end_turn", "control")}
    assert sphere_moves == {"upgrade"}
    game.play("upgrade V")
    p = game.player(0)
    assert p["attrs"] == {"S": 1, "K": 1, "I": 2, "C": 2, "W": 2, "V": 3}
    for basic in ("S", "K", "I"):                    # heroic points never go back to basic ones
        game.refused(f"upgrade {basic}", "VIN-UPGRADE-5")


# -- VIN-ACTIVATE --------------------------------------------------------------------------------
@pytest.mark.rule("VIN-ACTIVATE-1")
def test_activate_chooses_one_source_the_character_or_an_own_companion() -> None:
    game = fort_table()
    game.edit(lambda d: give(d, 0, "K04"))
    assert sorted(game.legal("activate")) == ["activate K04", "activate K10", "activate self"]
    game.play("activate K04")
    game.answer_all(lambda options: options[0])
    game.refused("activate K10", "VIN-TURN-5")
    game.refused("activate self", "VIN-TURN-5")


@pytest.mark.rule("VIN-ACTIVATE-2")
def test_wretched_character_gives_up_to_one_basic_point_for_free() -> None:
    game = fort_table()
    game.play("activate self")
    assert game.options() == [(), ("S",), ("K",), ("I",)]
    game.answer(["I"])
    p = game.player(0)
    assert (p["attrs"]["I"], p["influence"], p["companions"][0]["blocks"]) == (2, 7, 0)


@pytest.mark.rule("VIN-ACTIVATE-2", "VIN-VINDICATE-5")
def test_vindicated_character_gives_up_to_two_basic_points_in_any_mix() -> None:
    game = fort_table()
    game.edit(lambda d: d["players"][0].update(vindicated=True))
    game.play("activate self")
    expected = [tuple(c) for n in range(3) for c in combinations_with_replacement("SKI", n)]
    assert game.options() == expected
    game.answer(["S", "I"])
    p = game.player(0)
    assert (p["attrs"]["S"], p["attrs"]["I"], p["influence"]) == (2, 2, 6)


@pytest.mark.rule("VIN-ACTIVATE-2", "VIN-DEC-32")
@pytest.mark.parametrize("character", ["CH1", "CH2", "CH3", "CH4", "CH5"])
def test_every_character_activates_alike(character: str) -> None:
    for vindicated, most in ((False, 1), (True, 2)):
        game = fort_table()
        game.edit(lambda d, vindicated=vindicated: (
            d["players"][1].update(character=d["players"][0]["character"])
            if d["players"][1]["character"] == character else None,
            d["players"][0].update(character=character, vindicated=vindicated)))
        game.play("activate self")
        expected = [tuple(c) for n in range(most + 1) for c in combinations_with_replacement("SKI", n)]
        assert game.options() == expected


@pytest.mark.rule("VIN-ACTIVATE-3")
def test_activating_a_companion_puts_one_influence_on_it() -> None:
    game = fort_table()
    game.edit(lambda d: power(d, 0, influence=1))
    game.play("activate K10")
    p = game.player(0)
    assert (p["influence"], p["companions"][0]["blocks"]) == (0, 1)
    assert game.prompt == "turn"                           # nothing left to pay for points
    broke = fort_table()
    broke.edit(lambda d: power(d, 0, influence=0))
    broke.refused("activate K10", "VIN-ACTIVATE-3")
    assert "activate K10" not in broke.legal()


@pytest.mark.rule("VIN-ACTIVATE-4")
def test_an_activated_companion_yields_up_to_its_printed_points() -> None:
    game = fort_table()                                    # K10: K1 W1
    game.play("activate K10")
    assert game.options() == [(), ("K",)]
    game.answer([])
    assert game.options() == [(), ("W",)]
    game.answer(["W"])
    p = game.player(0)
    assert (p["attrs"]["K"], p["attrs"]["W"], p["influence"]) == (1, 1, 6)


@pytest.mark.rule("VIN-ACTIVATE-4")
def test_companion_points_are_paid_with_influence() -> None:
    game = fort_table()
    game.edit(lambda d: power(d, 0, influence=2))
    game.play("activate K10")
    game.answer(["K"])
    assert game.prompt == "turn"                           # no influence left for the W point
    p = game.player(0)
    assert (p["attrs"]["K"], p["attrs"]["W"], p["influence"]) == (2, 0, 0)


@pytest.mark.rule("VIN-ACTIVATE-7")
def test_a_companion_holding_blocks_can_still_be_activated() -> None:
    game = fort_table()
    game.edit(lambda d: load(d, 0, "K10", 6))
    game.play("activate K10")
    game.answer_all(lambda options: options[0])
    assert game.player(0)["companions"][0]["blocks"] == 7


@pytest.mark.rule("VIN-ACTIVATE-8")
def test_another_players_companion_cannot_be_activated() -> None:
    game = fort_table()
    assert game.player(1)["companions"][0]["id"] == "S11"
    game.refused("activate S11", "VIN-ACTIVATE-8")
    assert "activate S11" not in game.legal()
