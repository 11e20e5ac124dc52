"""Honor and trigger tokens, the end of the game and final scoring: spec 5.20–5.22 (VIN-HONOR,
VIN-END, VIN-SCORE) and the solo variant of 4.2 (VIN-SOLO)."""
from __future__ import annotations

import pytest

from engine.vindication.rules.flow import solo_rating
from engine.vindication.setup import fresh_turn
from tests.engine.vindication.positions import events, give, power, table

TOKENS = {0: "T25", 1: "T28", 2: "T31", 3: "T34"}
FAILING_QUEST = "Q04"        # 3 Strength companions / mount rank 4: nobody here meets either


def at(players: int = 2, regions: dict | None = None, **kw):
    game = table(players=players, tokens={s: TOKENS[s] for s in range(players)}, regions=regions or {}, **kw)
    game.edit(lambda d: [p.update(quest=FAILING_QUEST) for p in d["players"]])
    return game


def resolve(game, token: str = "decline") -> None:
    """Answer the pending choices: nothing gained, ``token`` for any trigger-token offer."""
    while game.prompt not in ("turn", None):
        game.answer(token if game.prompt == "trigger_token" else [])


def control_fort(game, space: str = "R08", token: str = "decline") -> None:
    game.play(f"visit {space} control_first=1")
    resolve(game, token)


def strip(d) -> None:
    """Every player gives their companions back to the decks (mastery counts start at 0)."""
    for p in d["players"]:
        for c in p["companions"]:
            d["decks"]["companion_" + c["id"][0]].append(c["id"])
            p["influence"] += c["blocks"]
        p["companions"] = []


def end_now(game) -> None:
    """Make the current round the final one and play out its last turn: scoring follows."""
    def last_turn(d):
        d["end_round"] = d["round"]
        d["current"] = len(d["order"]) - 1
        d["turn"] = fresh_turn(d["order"][-1])
        d["turn"]["used"]["move"] = 1
    game.edit(last_turn)
    game.play("end_turn")
    assert game.data["phase"] == "over"


def honors(game) -> list[int]:
    return [p["honor"] for p in game.data["players"]]


# -- VIN-HONOR ------------------------------------------------------------------------------------
@pytest.mark.rule("VIN-HONOR-1", "VIN-DEC-21")
def test_honor_has_no_maximum() -> None:
    game = at(regions={"R08": "fort"})
    game.edit(lambda d: d["players"][0].update(honor=240))
    control_fort(game)
    assert game.player(0)["honor"] == 242


@pytest.mark.rule("VIN-HONOR-2", "VIN-DEC-21")
def test_honor_never_drops_below_zero() -> None:
    game = at()
    game.edit(lambda d: (give(d, 0, "S12", blocks=1), d["players"][0].update(honor=3)))   # S12: 4 honor
    game.play("recover S12")
    assert game.player(0)["honor"] == 0


@pytest.mark.rule("VIN-HONOR-3", "VIN-HONOR-4", "VIN-END-1", "VIN-DEC-20")
def test_reaching_a_trigger_space_offers_its_token_and_taking_it_reveals_an_end_trigger() -> None:
    game = at(regions={"R08": "fort"})
    game.edit(lambda d: d["players"][0].update(honor=28))
    top = game.data["end_deck"][-1]
    shown = list(game.data["end_faceup"])
    game.play("visit R08 control_first=1")                    # +2: exactly onto 30
    game.answer([])
    assert (game.prompt, game.active, game.options()) == ("trigger_token", 0, ["take", "decline"])
    game.answer("take")
    assert game.player(0)["trigger_tokens"] == [30]
    assert game.data["trigger_spaces"] == [45, 60, 75]
    assert game.data["end_faceup"] == shown + [top]
    assert top not in game.data["end_deck"]


@pytest.mark.rule("VIN-HONOR-3")
def test_no_token_is_offered_below_a_space_or_when_already_past_it() -> None:
    game = at(regions={"R08": "fort"})
    game.edit(lambda d: d["players"][0].update(honor=27))
    game.play("visit R08 control_first=1")                    # 29
    game.answer([])
    assert game.prompt == "turn"
    other = at(regions={"R08": "fort"})
    other.edit(lambda d: d["players"][0].update(honor=31))
    other.play("visit R08 control_first=1")                   # 33: 30 was passed before
    other.answer([])
    assert other.prompt == "turn" and other.data["trigger_spaces"] == [30, 45, 60, 75]


@pytest.mark.rule("VIN-HONOR-5")
def test_one_gain_past_several_spaces_offers_each_token_in_ascending_order() -> None:
    # A single base-game gain is at most 5, under the 15 between printed spaces; the honor track
    # here has two tokens a point apart so that one gain passes both.
    game = at(regions={"R08": "fort"})
    game.edit(lambda d: (d["players"][0].update(honor=29), d.update(trigger_spaces=[30, 31, 45])))
    game.play("visit R08 control_first=1")                    # 29 -> 31
    game.answer([])
    assert game.prompt == "trigger_token"
    game.answer("decline")                                    # the 30 token first
    assert game.prompt == "trigger_token"
    game.answer("take")                                       # then the 31 token
    assert game.player(0)["trigger_tokens"] == [31]
    assert sorted(game.data["trigger_spaces"]) == [30, 45]


@pytest.mark.rule("VIN-HONOR-5")
def test_taking_the_first_token_does_not_skip_the_second() -> None:
    game = at(regions={"R08": "fort"})
    game.edit(lambda d: (d["players"][0].update(honor=29), d.update(trigger_spaces=[30, 31])))
    game.play("visit R08 control_first=1")
    game.answer([])
    game.answer("take")
    game.answer("take")
    assert game.player(0)["trigger_tokens"] == [30, 31]
    assert len(game.data["end_faceup"]) == 4


@pytest.mark.rule("VIN-HONOR-6", "VIN-DEC-20")
def test_a_declined_token_stays_for_the_next_player_to_reach_it() -> None:
    game = at(regions={"R08": "fort", "R11": "fort"})
    game.edit(lambda d: [p.update(honor=28) for p in d["players"]])
    control_fort(game, token="decline")
    assert game.data["trigger_spaces"] == [30, 45, 60, 75] and game.player(0)["trigger_tokens"] == []
    game.play("move T25,T13", "end_turn")
    game.play("visit R11 control_first=1")
    game.answer([])
    assert (game.prompt, game.active) == ("trigger_token", 1)
    game.answer("take")
    assert game.player(1)["trigger_tokens"] == [30]


@pytest.mark.rule("VIN-HONOR-6")
def test_a_declined_token_is_offered_again_when_crossed_again() -> None:
    game = at(regions={"R08": "fort"})
    game.edit(lambda d: (d["players"][0].update(honor=28), give(d, 0, "K01", blocks=1)))  # K01: 1 honor
    control_fort(game, token="decline")                       # 30
    game.play("recover K01")                                  # 29: below the token again
    game.play("move T25,T13", "end_turn")
    game.play("move T28,T16", "end_turn")
    game.edit(lambda d: d["regions"].update(R02={"tile": "fort", "controller": None}))
    game.play("visit R02 control_first=1")                    # 29 -> 31
    game.answer([])
    assert (game.prompt, game.active) == ("trigger_token", 0)


@pytest.mark.rule("VIN-HONOR-7")
def test_a_token_taken_from_an_empty_end_deck_reveals_nothing() -> None:
    game = at(regions={"R08": "fort"})
    game.edit(lambda d: (d["players"][0].update(honor=28), d.update(end_deck=[])))
    shown = list(game.data["end_faceup"])
    control_fort(game, token="take")
    assert game.player(0)["trigger_tokens"] == [30]
    assert game.data["end_faceup"] == shown


@pytest.mark.rule("VIN-HONOR-8", "VIN-SCORE-8")
def test_trigger_tokens_stay_with_their_holders_for_the_tie_break() -> None:
    game = at(players=2, regions={"R08": "fort", "R12": ("fort", 1)})
    game.edit(lambda d: (strip(d), d["players"][0].update(honor=28), d["players"][1].update(honor=30),
                         power(d, 0, potential=8, conviction=2), power(d, 1, potential=8, conviction=1)))
    control_fort(game, token="take")                          # seat 0: 30 honor and the token
    assert game.player(0)["trigger_tokens"] == [30]
    end_now(game)
    assert honors(game) == [32, 32]
    assert [(p["conviction"], p["potential"]) for p in game.data["players"]] == [(1, 8), (1, 8)]
    assert game.match.state.outcome.winners == (1,)               # fewer trigger tokens


# -- VIN-END --------------------------------------------------------------------------------------
def with_end_card(card: str):
    return lambda d: d.update(end_faceup=[card, "E09"], end_deck=[c for c in d["end_deck"] + d["end_faceup"]
                                                                  if c not in (card, "E09")])


@pytest.mark.rule("VIN-END-2", "VIN-END-3", "VIN-DEC-18")
def test_a_met_condition_triggers_the_end_and_the_next_round_is_the_last() -> None:
    held = {f"R{n:02d}": ("fort", 0) for n in range(1, 5)}
    game = at(players=3, regions={"R08": "fort", **held})
    game.edit(with_end_card("E05"))
    game.play("move T25,T13", "end_turn")
    game.play("move T28,T16", "end_turn")
    game.play("move T31,T19", "end_turn")
    assert game.data["round"] == 2 and game.data["end_round"] is None
    game.play("visit R08 control_first=1")                     # 5 regions: E05 holds
    game.answer([])                                            # the visit resolves: the check runs
    assert game.data["end_round"] == 3
    assert events(game, "end_triggered") == [{"card": "E05", "round": 2, "final_round": 3}]
    played = []
    while game.data["phase"] == "play":
        played.append((game.data["round"], game.active))
        if not game.data["turn"]["used"]["move"]:
            game.play(game.legal("move")[0])
        game.play("end_turn")
    assert played == [(2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (3, 2)]
    assert game.match.state.outcome is not None


@pytest.mark.rule("VIN-END-2")
def test_the_condition_is_checked_for_every_player_after_every_command() -> None:
    game = at(regions={"R08": ("fort", 1)})
    game.edit(lambda d: (with_end_card("E12")(d), d["players"][1].update(honor=89)))
    game.play("visit R08")                                     # the controller reaches 91
    resolve(game)
    assert game.data["end_round"] == 2


@pytest.mark.rule("VIN-END-2", "VIN-END-4")
def test_the_end_stays_triggered_when_the_condition_stops_holding() -> None:
    held = {f"R{n:02d}": ("fort", 0) for n in range(1, 5)}
    game = at(regions={"R08": "fort", **held})
    game.edit(with_end_card("E05"))
    control_fort(game)
    assert game.data["end_round"] == 2
    game.play("recover R01", "recover R02")                    # 3 regions now
    game.play("move T25,T13", "end_turn")
    assert game.data["end_round"] == 2
    game.play("move T28,T16", "end_turn")
    assert game.data["round"] == 2
    game.play("move T13,T07", "end_turn")
    game.play("move T16,T15", "end_turn")
    assert game.data["phase"] == "over"


@pytest.mark.rule("VIN-END-4")
def test_the_end_cannot_be_triggered_again_later() -> None:
    game = at(regions={"R08": "fort", "R11": "fort"})
    game.edit(lambda d: (with_end_card("E12")(d), d["players"][0].update(honor=89),
                         d["players"][1].update(honor=88)))
    control_fort(game)
    game.play("move T25,T13", "end_turn")
    assert game.data["end_round"] == 2
    control_fort(game, "R11")                                   # round 1, seat 1: also past 90
    game.play("move T28,T16", "end_turn")
    assert game.data["end_round"] == 2 and game.data["round"] == 2
    assert [e.kind for step in game.match.history for e in step.events].count("end_triggered") == 1


@pytest.mark.rule("VIN-END-5", "VIN-HONOR-4")
def test_a_revealed_card_whose_condition_already_holds_triggers_the_end() -> None:
    game = at(regions={"R08": "fort"})
    game.edit(lambda d: (d["players"][1].update(mount=5), d["players"][0].update(honor=28),
                         d.update(end_faceup=["E05", "E09"],
                                  end_deck=[c for c in d["end_deck"] + d["end_faceup"]
                                            if c not in ("E05", "E09", "E06")] + ["E06"])))
    game.play("visit R08 control_first=1")
    game.answer([])
    assert game.data["end_round"] is None
    game.answer("take")                                         # reveals E06: seat 1 has the moth
    assert game.data["end_faceup"][-1] == "E06"
    assert game.data["end_round"] == 2


@pytest.mark.rule("VIN-END-6")
def test_tokens_may_be_taken_in_the_final_round_without_changing_it() -> None:
    game = at(regions={"R08": "fort"})
    game.edit(lambda d: (d.update(end_round=1), d["players"][0].update(honor=28)))
    control_fort(game, token="take")
    assert game.player(0)["trigger_tokens"] == [30] and game.data["end_round"] == 1
    game.play("move T25,T13", "end_turn", "move T28,T16", "end_turn")
    assert game.data["phase"] == "over"


@pytest.mark.rule("VIN-END-7")
def test_conditions_look_at_the_state_not_at_history() -> None:
    held = {f"R{n:02d}": ("fort", 0) for n in range(1, 5)}
    game = at(regions={"R08": "fort", **held})
    game.edit(lambda d: (d["players"][0].update(honor=26), power(d, 0, potential=0),
                         d.update(end_faceup=["E09", "E11"],
                                  end_deck=[c for c in d["end_deck"] + d["end_faceup"]
                                            if c not in ("E09", "E11", "E05")] + ["E05"])))
    control_fort(game)                                         # 5 regions for a moment (28 honor)
    game.play("recover R01")                                   # 4 regions
    game.play("vindicate")                                     # 33 honor: the 30 token
    game.answer("take")                                        # reveals E05
    assert game.data["end_faceup"][-1] == "E05"
    assert game.data["end_round"] is None


# -- VIN-SCORE ------------------------------------------------------------------------------------
@pytest.mark.rule("VIN-SCORE-1", "VIN-DEC-67")
def test_scoring_order_and_no_tokens_during_scoring() -> None:
    game = at()
    game.edit(lambda d: (give(d, 0, "C05"), give(d, 0, "C03"), d["players"][0].update(honor=66, quest="Q12"),
                         d["regions"].update(R08={"tile": "fort", "controller": 0}), power(d, 0)))
    end_now(game)
    scores = game.data["scores"][0]
    assert list(scores) == ["before", "monsters", "quest", "regions", "villages", "mastery", "total"]
    assert (scores["monsters"], scores["regions"], scores["mastery"]) == (2, 2, 10)   # C05; R08; C and K
    # Q12's "honor >= 70" reads the honor when scoring begins (66), not the 70 reached on the way
    assert scores["quest"] == 0
    # 66 -> 80 passes the 75 token, which is not offered during scoring
    assert game.player(0)["honor"] == 80
    assert game.player(0)["trigger_tokens"] == [] and game.data["trigger_spaces"] == [30, 45, 60, 75]
    assert game.prompt is None


@pytest.mark.rule("VIN-SCORE-2")
def test_monster_bonuses_are_scored_on_the_final_state() -> None:
    game = at(regions={"R01": ("fort", 0), "R02": ("fort", 0), "R03": ("fort", 0)})
    game.edit(lambda d: (give(d, 0, "C05"), give(d, 0, "C02"), give(d, 0, "C06"), give(d, 0, "C12"),
                         give(d, 0, "C11"), power(d, 0, conviction=7)))
    end_now(game)
    # C05: 1 per monster (5); C02: 3 regions -> 3; C06: mount 1 -> 0; C12: none; C11: conviction 4 max
    assert game.data["scores"][0]["monsters"] == 5 + 3 + 0 + 0 + 4


@pytest.mark.rule("VIN-SCORE-3", "VIN-DEC-16")
@pytest.mark.parametrize(("conviction", "potential", "quest"), [(6, 0, 6), (6, 1, 4), (5, 0, 2), (5, 2, 0)])
def test_quest_objectives_score_independently(conviction: int, potential: int, quest: int) -> None:
    game = at()
    game.edit(lambda d: (d["players"][0].update(quest="Q11"),
                         power(d, 0, conviction=conviction, potential=potential)))
    end_now(game)
    scores = game.data["scores"][0]
    assert scores["quest"] == quest                             # a failed objective costs nothing
    assert scores["total"] == scores["before"] + sum(scores[k] for k in ("monsters", "quest", "regions",
                                                                         "villages", "mastery"))


@pytest.mark.rule("VIN-SCORE-4", "VIN-CONTROL-8")
def test_each_controlled_region_scores_two() -> None:
    game = at(regions={"R01": ("fort", 0), "R02": ("inn", 0), "R03": ("fort", 1), "R04": "fort"})
    end_now(game)
    assert [s["regions"] for s in game.data["scores"]] == [4, 2]


def mastery(game) -> list[int]:
    return [s["mastery"] for s in game.data["scores"]]


@pytest.mark.rule("VIN-SCORE-5", "VIN-PROFICIENCY-5")
def test_a_proficiency_tile_counts_two_toward_mastery() -> None:
    game = at(players=2)
    # knowledge: seat 0 holds K10 (1), seat 1 one K tile (2); strength: seat 1's S11 alone
    game.edit(lambda d: (d["players"][1]["proficiencies"].update(K=1), d["proficiency_supply"].update(K=0)))
    assert [c["id"] for p in game.data["players"] for c in p["companions"]] == ["K10", "S11"]
    end_now(game)
    assert mastery(game) == [0, 10]


@pytest.mark.rule("VIN-SCORE-5", "VIN-SCORE-6", "VIN-SETUP-7", "VIN-DEC-28")
def test_each_attribute_has_a_mastery_bonus_of_five_for_its_single_leader() -> None:
    game = at(players=2)
    game.edit(lambda d: (strip(d), [give(d, 0, c) for c in ("S01", "K01", "I01", "C01", "W01", "V01")]))
    end_now(game)
    assert mastery(game) == [6 * 5, 0]                          # one mastery tile per attribute


@pytest.mark.rule("VIN-SCORE-5")
@pytest.mark.parametrize(("kind", "cards"), [
    ("S", ["S01", "S05", "S06"]), ("K", ["K01", "K04", "K05"]), ("I", ["I01", "I04", "I05"]),
    ("C", ["C01", "C03", "C04"]), ("W", ["W01", "W02", "W03"]), ("V", ["V01", "V02", "V03"]),
])
def test_mastery_counts_the_cards_of_each_attribute(kind: str, cards: list[str]) -> None:
    game = at(players=2)
    game.edit(lambda d: (strip(d), give(d, 0, cards[0]), give(d, 1, cards[1]), give(d, 1, cards[2])))
    end_now(game)
    assert mastery(game) == [0, 5]                              # 2 cards of the attribute beat 1


@pytest.mark.rule("VIN-SCORE-5", "VIN-DEC-71")
def test_relics_not_traits_count_toward_vision_mastery() -> None:
    game = at(players=2)
    game.edit(lambda d: (strip(d), give(d, 0, "W01"), give(d, 0, "W02"), give(d, 0, "W03"),
                         give(d, 1, "V01")))
    end_now(game)
    assert mastery(game) == [5, 5]                              # seat 0: wisdom; seat 1: vision


@pytest.mark.rule("VIN-SCORE-6", "VIN-DEC-28")
def test_a_tie_for_the_highest_count_gives_nobody_the_bonus() -> None:
    game = at(players=3)
    # strength: seat 1 has two cards, seat 2 one tile (2): tied; no other attribute has a count
    game.edit(lambda d: (strip(d), give(d, 1, "S01"), give(d, 1, "S05"),
                         d["players"][2]["proficiencies"].update(S=1), d["proficiency_supply"].update(S=1)))
    end_now(game)
    assert mastery(game) == [0, 0, 0]


@pytest.mark.rule("VIN-SCORE-6")
def test_the_single_leader_wins_even_with_others_behind() -> None:
    game = at(players=3)
    game.edit(lambda d: (strip(d), give(d, 1, "S01"), give(d, 1, "S05"), give(d, 2, "S06")))
    end_now(game)
    assert mastery(game) == [0, 5, 0]


@pytest.mark.rule("VIN-SCORE-7")
def test_the_player_with_the_most_honor_wins() -> None:
    game = at(players=3)
    game.edit(lambda d: (strip(d), [p.update(honor=h) for p, h in zip(d["players"], (40, 55, 41))]))
    end_now(game)
    assert honors(game) == [40, 55, 41]
    assert game.match.state.outcome.winners == (1,)


@pytest.mark.rule("VIN-SCORE-8")
@pytest.mark.parametrize(("zones", "tokens", "winners"), [
    ({0: (2, 5), 1: (2, 4)}, ([], []), (0,)),              # (potential, conviction): more conviction
    ({0: (3, 4), 1: (2, 4)}, ([], []), (1,)),              # then fewer potential
    ({0: (2, 4), 1: (2, 4)}, ([30], []), (1,)),            # then fewer trigger tokens
    ({0: (2, 4), 1: (2, 4)}, ([30], [45]), (0, 1)),        # still tied: shared victory
])
def test_ties_are_broken_by_conviction_potential_and_tokens(zones, tokens, winners) -> None:
    game = at(players=2)

    def tie(d):
        strip(d)
        for seat, (potential, conviction) in zones.items():
            d["players"][seat].update(honor=50, trigger_tokens=list(tokens[seat]))
            power(d, seat, potential=potential, conviction=conviction)
        d["trigger_spaces"] = [s for s in (30, 45, 60, 75) if s not in tokens[0] + tokens[1]]
    game.edit(tie)
    end_now(game)
    assert honors(game) == [50, 50]
    assert game.match.state.outcome.winners == winners


# -- VIN-SOLO -------------------------------------------------------------------------------------
def solo(**kw):
    game = table(players=1, tokens={0: "T25"}, **kw)
    game.edit(lambda d: d["players"][0].update(quest=FAILING_QUEST))
    return game


@pytest.mark.rule("VIN-SOLO-4")
@pytest.mark.parametrize(("monsters", "bonus"),
                         [(["C01", "C02", "C03"], 0), (["C01", "C02", "C03", "C04"], 5)])
def test_solo_mastery_needs_a_count_of_four(monsters: list[str], bonus: int) -> None:
    game = solo()
    game.edit(lambda d: [give(d, 0, c) for c in monsters])
    end_now(game)
    assert game.data["scores"][0]["mastery"] == bonus           # the starting companion's 1 never


@pytest.mark.rule("VIN-SOLO-5")
def test_solo_rounds_are_single_turns_and_a_trigger_makes_the_next_turn_the_last() -> None:
    game = solo(regions={"R08": "fort"})
    game.edit(with_end_card("E10"))
    game.edit(lambda d: power(d, 0, conviction=9, influence=5))
    game.play("move T25,T13", "end_turn")
    assert game.data["round"] == 2 and game.active == 0
    game.play("rest inf_to_conv")                             # 10 conviction: E10
    assert game.data["end_round"] == 3
    game.play("move T13,T07", "end_turn")
    assert game.data["round"] == 3
    game.play("move T07,T01", "end_turn")
    assert game.data["phase"] == "over"


@pytest.mark.rule("VIN-SOLO-6")
def test_solo_round_25_is_final_without_a_trigger() -> None:
    game = solo()
    game.edit(lambda d: d.update(round=23))
    for expected in (23, 24, 25):
        assert game.data["round"] == expected and game.data["phase"] == "play"
        game.play(game.legal("move")[0], "end_turn")
        assert game.data["end_round"] == (None if expected == 23 else 25)
    assert game.data["phase"] == "over"


@pytest.mark.rule("VIN-SOLO-7")
@pytest.mark.parametrize(("honor", "rating"), [(0, "Wretch"), (59, "Wretch"), (60, "Penitent"),
                                               (79, "Penitent"), (80, "Vindicated"), (99, "Vindicated"),
                                               (100, "Legend"), (180, "Legend")])
def test_solo_rating(honor: int, rating: str) -> None:
    assert solo_rating(honor) == rating


@pytest.mark.rule("VIN-SOLO-7")
def test_a_solo_game_ends_with_its_rating() -> None:
    game = solo()
    game.edit(lambda d: d["players"][0].update(honor=83))
    end_now(game)
    outcome = game.match.state.outcome
    assert game.player(0)["honor"] == 83
    assert outcome.winners == (0,) and outcome.reason == "solo rating: Vindicated"


@pytest.mark.rule("VIN-SOLO-3", "VIN-SETUP-9")
@pytest.mark.parametrize(("players", "honor", "triggered"), [(1, 48, True), (1, 40, False), (2, 48, False)])
def test_the_solo_condition_of_a_multiplayer_only_card(players: int, honor: int, triggered: bool) -> None:
    game = table(players=players, tokens={s: TOKENS[s] for s in range(players)}, regions={"R08": "fort"})
    game.edit(lambda d: (with_end_card("E07")(d), d["players"][0].update(vindicated=True, honor=honor)))
    control_fort(game)                                          # vindicated, honor + 2
    assert (game.data["end_round"] is not None) == triggered
