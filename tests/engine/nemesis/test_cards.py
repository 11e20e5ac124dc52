"""Action cards: costs (NEM-COST), combat tags and OR parts (NEM-ACTION), Rest and scans (NEM-REST,
NEM-SCAN), Infection (NEM-INFECT), Dismantle and the characters' unique cards (spec 7.3)."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.nemesis.rules import cards as card_rules
from engine.nemesis.rules import intruders

from .scenario import (
    add_intruder,
    ctx,
    data,
    explore_all,
    explored,
    give,
    kinds,
    place,
    play,
    started,
    turn_of,
)

CLEAN, CLEAN2, INFECTED, INFECTED2 = "CONT01", "CONT02", "CONT03", "CONT06"


def _game(characters=("sentry", "janitor"), hand=("search.0", "dismantle.2", "rest.4", "search.1")):
    match = started(2, characters=list(characters))
    place(match, 0, "R008", list(hand))
    place(match, 1, "REP")
    explored(match, "R008", "laboratory", 2)
    return match


def _refused(match, text):
    with pytest.raises(Refused) as refused:
        play(match, text)
    return refused.value.rule_id


# -- costs ----------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-COST-1")
def test_a_cost_is_exactly_n_cards_from_hand():
    match = _game()
    assert _refused(match, "0: card rest.4") == "NEM-COST-1"
    assert _refused(match, "0: card rest.4 pay=search.0,search.1") == "NEM-COST-1"
    play(match, "0: card rest.4 pay=search.1")   # one of two Search cards: either pays the same
    assert sorted(data(match)["players"][0]["hand"]) == ["dismantle.2", "search.1"]


@pytest.mark.rule("NEM-COST-2")
def test_contamination_cards_never_pay():
    match = _game(hand=("rest.4", CLEAN))
    assert _refused(match, f"0: card rest.4 pay={CLEAN}") == "NEM-COST-2"
    assert not [c for c in match.state.legal() if c.verb == "card" and c.args[0] == "rest.4"]


@pytest.mark.rule("NEM-COST-3")
def test_a_card_action_costs_the_card_plus_its_number():
    match = _game()
    assert _refused(match, "0: card rest.4 pay=rest.4") == "NEM-COST-3"
    assert _refused(match, "0: card interruption.3") == "NEM-COST-3"      # not in hand
    play(match, "0: card rest.4 pay=dismantle.2")
    assert sorted(data(match)["players"][0]["discard"]) == ["dismantle.2", "rest.4"]


@pytest.mark.rule("NEM-COST-9")
def test_a_cost_zero_card_is_still_played():
    match = _game()
    play(match, "0: card search.0")
    assert "search.0" in data(match)["players"][0]["discard"]
    assert "search.0" not in data(match)["players"][0]["hand"]


@pytest.mark.rule("NEM-HAND-7")
def test_paid_cards_go_face_up_to_the_discard_pile():
    match = _game()
    play(match, "0: card rest.4 pay=dismantle.2")
    view = match.state.game.view(data(match), 1)
    assert sorted(view["players"][0]["discard"]) == ["dismantle.2", "rest.4"]


# -- tags and OR parts ----------------------------------------------------------------------------

@pytest.mark.rule("NEM-ACTION-7")
def test_in_combat_only_cards_are_refused_out_of_combat():
    match = _game(characters=("survivor", "janitor"), hand=("desperate_attack.5", "search.0"))
    assert _refused(match, "0: card desperate_attack.5 pay=search.0") == "NEM-ACTION-7"
    assert not [c for c in match.state.legal() if c.verb == "card" and c.args[0] == "desperate_attack.5"]
    iid = add_intruder(match, "creeper", "R008")
    legal = [str(c) for c in match.state.legal() if c.verb == "card"]
    assert f"0: card desperate_attack.5 pay=search.0, target={iid}," in legal


@pytest.mark.rule("NEM-ACTION-8")
def test_eggs_do_not_put_a_character_in_combat():
    match = _game()
    data(match)["rooms"]["R008"]["objects"].append("egg")
    play(match, "0: card search.0")                         # out of combat only, still allowed
    assert match.state.prompt.kind == "search_keep"


@pytest.mark.rule("NEM-ACTION-9")
def test_an_or_card_performs_exactly_the_chosen_part():
    match = _game(characters=("janitor", "sentry"), hand=("clean_up.5", "search.0"))
    data(match)["rooms"]["R008"].update(fire=True, malfunction=True)
    assert _refused(match, "0: card clean_up.5") == "NEM-ACTION-9"
    assert _refused(match, "0: card clean_up.5 option=2") == "NEM-ACTION-9"
    options = {c.get("option") for c in match.state.legal() if c.verb == "card" and c.args[0] == "clean_up.5"}
    assert options == {0, 1}
    play(match, "0: card clean_up.5 option=1")
    room = data(match)["rooms"]["R008"]
    assert room["malfunction"] and not room["fire"]


@pytest.mark.rule("NEM-ACTION-10")
def test_only_a_character_in_a_room_can_play_cards():
    match = _game()
    data(match)["players"][0]["where"] = "pod"
    assert _refused(match, "0: card search.0") == "NEM-ACTION-10"


@pytest.mark.rule("NEM-ACTION-11")
def test_attacks_never_target_characters():
    match = _game(characters=("survivor", "janitor"), hand=("desperate_attack.5", "search.0"))
    place(match, 1, "R008")
    add_intruder(match, "creeper", "R008")
    targets = {c.get("target") for c in match.state.legal() if c.verb == "card" and c.args[0] == "desperate_attack.5"}
    assert all(isinstance(t[0], str) and t[0].startswith("I") for t in targets)
    assert _refused(match, "0: card desperate_attack.5 pay=search.0 target=1") == "NEM-ACTION-6"


@pytest.mark.rule("NEM-ACTION-13")
def test_reaction_cards_are_not_played_as_actions():
    match = _game(hand=("interruption.3", "search.0"))
    assert _refused(match, "0: card interruption.3") == "NEM-ACTION-13"
    assert not [c for c in match.state.legal() if c.verb == "card" and c.args[0] == "interruption.3"]


@pytest.mark.rule("NEM-ACTION-16")
def test_an_effect_that_becomes_impossible_resolves_as_far_as_possible():
    match = _game(characters=("survivor", "janitor"), hand=("desperate_attack.5", "search.0"))
    iid = add_intruder(match, "creeper", "R008")
    c = ctx(match)
    from engine.nemesis.trees import run_tree
    card = c.content.action_card("survivor", "desperate_attack")
    data(match)["intruders"].pop(iid)                       # gone before the effect resolves
    data(match)["decks"]["contamination"].append(CLEAN)
    data(match)["players"][0]["discard"] = []
    run_tree(c, card.effect, None, (iid,))
    assert data(match)["players"][0]["discard"] == [CLEAN]  # the Contamination part still happened


@pytest.mark.rule("NEM-ACTION-19")
def test_dismantle_destroys_a_closed_door_or_places_a_malfunction():
    match = _game()
    d = data(match)
    d["corridors"]["C16"]["door"] = "closed"
    place(match, 0, "REP", ["dismantle.2", "search.0", "rest.4"])
    legal = [str(c) for c in match.state.legal() if c.verb == "card" and c.args[0] == "dismantle.2"]
    assert "0: card dismantle.2 option=0 pay=search.0, target=C16," in legal
    play(match, "0: card dismantle.2 option=0 pay=search.0 target=C16")
    assert d["corridors"]["C16"]["door"] == "destroyed"
    match2 = _game()
    add_intruder(match2, "adult", "R008")                   # any combat state
    play(match2, "0: card dismantle.2 option=1 pay=search.0")
    assert data(match2)["rooms"]["R008"]["malfunction"]


# -- Rest, scans, Infection -----------------------------------------------------------------------

@pytest.mark.rule("NEM-REST-1")
def test_rest_costs_one_and_is_out_of_combat():
    match = _game()
    add_intruder(match, "adult", "R008")
    assert _refused(match, "0: card rest.4 pay=search.0") == "NEM-REST-1"


@pytest.mark.rule("NEM-REST-2")
def test_rest_removes_clean_cards_and_an_infected_one_infects():
    match = _game(hand=("rest.4", "search.0", CLEAN, INFECTED))
    play(match, "0: card rest.4 pay=search.0")
    player = data(match)["players"][0]
    assert player["hand"] == [INFECTED] and player["larva"]
    assert data(match)["decks"]["contamination"][0] == CLEAN


@pytest.mark.rule("NEM-REST-3")
def test_rest_without_contamination_does_nothing():
    match = _game()
    events = play(match, "0: card rest.4 pay=search.0")
    player = data(match)["players"][0]
    assert not player["larva"] and player["hand"] == ["dismantle.2", "search.1"]
    assert "infected" not in kinds(events)


@pytest.mark.rule("NEM-SCAN-1")
def test_infected_status_is_hidden_until_scanned():
    match = _game(characters=("xenobiologist", "janitor"), hand=("sterilize.9", "search.0", INFECTED))
    view = match.state.game.view(data(match), 0)
    assert "contamination" in view["players"][0]["hand"] and INFECTED not in view["players"][0]["hand"]
    play(match, "0: card sterilize.9 pay=search.0")
    view = match.state.game.view(data(match), 0)
    assert view["players"][0]["hand"] == [INFECTED]
    assert match.state.game.view(data(match), 1)["players"][0]["hand"] == 1


@pytest.mark.rule("NEM-SCAN-2")
def test_scan_results_go_to_the_owner_only():
    match = _game(hand=("rest.4", "search.0", CLEAN, INFECTED))
    events = play(match, "0: card rest.4 pay=search.0")
    result = next(e for e in events if e.kind == "scan_result")
    assert result.audience == frozenset({0}) and result.data["cards"] == {CLEAN: "clean", INFECTED: "INFECTED"}
    public = next(e for e in events if e.kind == "scanned")
    assert public.audience is None and public.data["removed"] == 1


@pytest.mark.rule("NEM-SCAN-3")
def test_several_infected_cards_cause_one_infection():
    match = _game(hand=("rest.4", "search.0", INFECTED, INFECTED2))
    play(match, "0: card rest.4 pay=search.0")
    player = data(match)["players"][0]
    assert player["larva"] and player["where"] == "facility"


@pytest.mark.rule("NEM-SCAN-4")
def test_a_removed_card_goes_to_the_bottom_and_is_hidden_again():
    match = _game(hand=("rest.4", "search.0", CLEAN))
    play(match, "0: card rest.4 pay=search.0")
    assert data(match)["decks"]["contamination"][0] == CLEAN
    assert CLEAN not in data(match)["players"][0]["scanned"]


@pytest.mark.rule("NEM-SCAN-5")
def test_an_empty_contamination_deck_gives_nothing():
    match = _game(characters=("survivor", "janitor"), hand=("desperate_attack.5", "search.0"))
    iid = add_intruder(match, "creeper", "R008")
    data(match)["decks"]["contamination"].clear()
    data(match)["players"][0]["discard"] = []
    play(match, f"0: card desperate_attack.5 pay=search.0 target={iid}")
    assert not any(c.startswith("CONT") for c in data(match)["players"][0]["discard"])


@pytest.mark.rule("NEM-SCAN-6")
def test_a_hand_scan_does_not_touch_the_discard_pile():
    match = _game(characters=("xenobiologist", "janitor"), hand=("sterilize.9", "search.0", CLEAN))
    data(match)["players"][0]["discard"].append(CLEAN2)
    data(match)["decks"]["contamination"].remove(CLEAN2)
    play(match, "0: card sterilize.9 pay=search.0")
    player = data(match)["players"][0]
    assert CLEAN not in player["hand"] and CLEAN2 in player["discard"]


@pytest.mark.rule("NEM-INFECT-1")
@pytest.mark.rule("NEM-INFECT-2")
def test_infection_places_one_larva_and_a_second_kills():
    match = _game()
    c = ctx(match)
    card_rules.infect(c, 0)
    assert data(match)["players"][0]["larva"] is True and data(match)["players"][0]["where"] == "facility"
    card_rules.infect(c, 0)
    assert data(match)["players"][0]["where"] == "dead"


@pytest.mark.rule("NEM-INFECT-3")
def test_death_by_infection_leaves_a_corpse_and_a_creeper():
    match = _game()
    data(match)["players"][0]["larva"] = True
    card_rules.infect(ctx(match), 0)
    d = data(match)
    assert "corpse" in d["rooms"]["R008"]["objects"]
    assert [i["type"] for i in d["intruders"].values() if i["room"] == "R008"] == ["creeper"]
    assert d["milestones"]["first_encounter"]


@pytest.mark.rule("NEM-INFECT-4")
def test_infest_never_kills():
    match = _game()
    data(match)["players"][0]["larva"] = True
    iid = add_intruder(match, "larva", "R008")
    intruders.infest(ctx(match), iid, 0)
    assert data(match)["players"][0]["where"] == "facility" and data(match)["players"][0]["larva"]


@pytest.mark.rule("NEM-INFECT-5")
def test_the_neutralizer_removes_infected_cards_and_the_larva_then_forces_a_pass():
    match = _game(hand=("search.0", "search.1", INFECTED, CLEAN))
    player = data(match)["players"][0]
    player["larva"] = True
    give(match, 0, "neutralizer")
    data(match)["crafted"].remove("neutralizer")
    play(match, "0: item neutralizer pay=search.0")
    assert not player["larva"] and INFECTED not in player["deck"] + player["hand"] + player["discard"]
    assert CLEAN in player["deck"] and player["hand"] == [] and player["passed"]
    assert "neutralizer" in data(match)["crafted"]          # NEM-ITEM-9
    assert data(match)["turn"]["seat"] == 1


# -- unique cards ---------------------------------------------------------------------------------

def test_obstinate_draws_one_card_per_serious_wound():
    match = _game(characters=("survivor", "janitor"), hand=("obstinate.7",))
    player = data(match)["players"][0]
    player["serious"] = [{"card": None, "type": "head", "dressed": False}] * 2
    play(match, "0: card obstinate.7 option=0")
    assert len(player["hand"]) == 2


def test_vivisection_adds_one_injury_per_three_knowledge():
    match = _game(characters=("xenobiologist", "janitor"), hand=("vivisection.5", "search.0"))
    iid = add_intruder(match, "queen", "R008")
    data(match)["players"][0]["knowledge"] = 7
    play(match, f"0: card vivisection.5 pay=search.0 target={iid}")
    assert data(match)["intruders"][iid]["injuries"] == 3


def test_field_experience_needs_an_intruder_or_object():
    match = _game(characters=("xenobiologist", "janitor"), hand=("field_experience.6", "search.0"))
    play(match, "0: card field_experience.6")
    assert data(match)["players"][0]["knowledge"] == 1
    match = _game(characters=("xenobiologist", "janitor"), hand=("field_experience.6", "search.0"))
    data(match)["rooms"]["R008"]["objects"].append("carcass")
    play(match, "0: card field_experience.6")
    assert data(match)["players"][0]["knowledge"] == 2


@pytest.mark.rule("NEM-KNOWLEDGE-4")
def test_pheromones_needs_knowledge_five():
    match = _game(characters=("xenobiologist", "janitor"), hand=("pheromones.7", "search.0"))
    iid = add_intruder(match, "adult", "R008")
    assert not [c for c in match.state.legal() if c.verb == "card" and c.args[0] == "pheromones.7"]
    data(match)["players"][0]["knowledge"] = 5
    assert [c for c in match.state.legal() if c.verb == "card" and c.args[0] == "pheromones.7"
            and c.get("target")[0] == iid]


def test_specimen_handling_picks_up_an_object_for_free():
    match = _game(characters=("xenobiologist", "janitor"), hand=("specimen_handling.8",))
    data(match)["rooms"]["R008"]["objects"].append("carcass")
    play(match, "0: card specimen_handling.8 target=R008/carcass")
    assert data(match)["players"][0]["hands"] == [{"object": "carcass"}]
    assert data(match)["rooms"]["R008"]["objects"] == []


def test_stun_makes_a_small_hand_discard():
    match = _game(hand=("stun.6", "search.0"))
    place(match, 1, "R008", ["search.0", "rest.4"])
    play(match, "0: card stun.6 option=0 pay=search.0 target=1")
    assert data(match)["players"][1]["hand"] == [] and len(data(match)["players"][1]["discard"]) == 2


def test_weird_metabolism_swaps_a_contamination_card_for_two_draws():
    match = _game(characters=("lab_rat", "janitor"), hand=("weird_metabolism.6", CLEAN))
    play(match, "0: card weird_metabolism.6 option=0")
    player = data(match)["players"][0]
    assert CLEAN in player["discard"] and len(player["hand"]) == 2


def test_mop_up_removes_slime_from_a_character_in_the_room():
    match = _game(characters=("janitor", "sentry"), hand=("mop_up.9",))
    place(match, 1, "R008")
    data(match)["players"][1]["slime"] = True
    play(match, "0: card mop_up.9 target=1")
    assert not data(match)["players"][1]["slime"]


def test_scrounge_draws_one_item_and_keeps_it():
    match = _game(characters=("janitor", "sentry"), hand=("scrounge.8",))
    data(match)["decks"]["green"].append("medkit")
    play(match, "0: card scrounge.8")
    assert data(match)["rooms"]["R008"]["items"] == 1
    play(match, "0: answer d0")
    assert data(match)["players"][0]["inventory"] == [{"item": "medkit", "ammo": None}]


def test_master_keys_opens_or_closes_a_door_of_the_room():
    match = _game(characters=("janitor", "sentry"), hand=("master_keys.6",))
    place(match, 0, "REP", ["master_keys.6"])
    play(match, "0: card master_keys.6 target=C16")
    assert data(match)["corridors"]["C16"]["door"] == "closed"


def test_facility_tour_takes_a_willing_character_along():
    match = _game(hand=("facility_tour.9", "search.0"))
    place(match, 1, "R008")
    neighbour = next(c.get("target")[0] for c in match.state.legal() if c.verb == "card"
                     and c.args[0] == "facility_tour.9")
    play(match, f"0: card facility_tour.9 pay=search.0 target={neighbour},1")
    if match.state.prompt.kind == "escort":
        play(match, "1: answer yes")
    assert data(match)["players"][1]["room"] == neighbour == data(match)["players"][0]["room"]


# -- hands and turns (NEM-HAND, NEM-ACTION-1..5) -------------------------------------------------

@pytest.mark.rule("NEM-HAND-1")
@pytest.mark.rule("NEM-HAND-2")
def test_the_round_draws_up_to_five_or_six_in_the_isolation_room():
    match = started(2, characters=["survivor", "sentry"])
    hands = [len(p["hand"]) for p in data(match)["players"]]
    assert hands == [6, 5]                                   # Survivor starts in the Isolation Room


@pytest.mark.rule("NEM-HAND-2")
@pytest.mark.rule("NEM-HAND-9")
def test_a_malfunction_or_a_wounded_torso_lowers_the_draw():
    from engine.nemesis.rules import hand
    match = started(2, characters=["survivor", "sentry"])
    d = data(match)
    assert hand.draw_target(d, 0) == 6
    d["rooms"]["ISO"]["malfunction"] = True
    assert hand.draw_target(d, 0) == 5
    d["players"][1]["serious"].append({"card": None, "type": "torso", "dressed": False})
    assert hand.draw_target(d, 1) == 4


@pytest.mark.rule("NEM-HAND-3")
def test_a_full_hand_draws_and_discards_nothing():
    from engine.nemesis.rules import hand
    match = _game(hand=("search.0", "search.1", "dismantle.2", "rest.4", "interruption.3", "repairs.7"))
    hand.draw_up(ctx(match), 0)
    assert len(data(match)["players"][0]["hand"]) == 6 and data(match)["players"][0]["discard"] == []


@pytest.mark.rule("NEM-HAND-4")
def test_an_empty_deck_reshuffles_the_discard_then_stops():
    from engine.nemesis.rules import hand
    match = _game(hand=("search.0",))
    player = data(match)["players"][0]
    player["discard"], player["deck"] = player["deck"][:2], []
    hand.draw(ctx(match), 0, 5)
    assert len(player["hand"]) == 3 and player["deck"] == [] and player["discard"] == []


@pytest.mark.rule("NEM-HAND-6")
def test_gained_contamination_goes_on_top_of_the_discard_pile():
    match = _game(hand=("search.0",))
    player = data(match)["players"][0]
    top = data(match)["decks"]["contamination"][-1]
    from engine.nemesis.rules import hand
    hand.gain_contamination(ctx(match), 0, 1)
    assert player["discard"][-1] == top and top not in player["hand"]


@pytest.mark.rule("NEM-ACTION-1")
def test_two_actions_end_the_turn():
    match = _game()
    play(match, "0: card rest.4 pay=dismantle.2")
    assert data(match)["turn"]["seat"] == 0
    play(match, "0: card search.0")
    play(match, f"0: answer {match.state.legal()[0].args[0]}")
    assert data(match)["turn"]["seat"] == 1


@pytest.mark.rule("NEM-ACTION-2")
@pytest.mark.rule("NEM-ACTION-3")
@pytest.mark.rule("NEM-ACTION-4")
def test_passing_discards_any_cards_and_ends_the_players_phase():
    match = _game(hand=("search.0", CLEAN, "rest.4"))
    play(match, "0: pass discard=c1,c2")                     # the Contamination card and Rest, by place
    player = data(match)["players"][0]
    assert player["hand"] == ["search.0"] and player["discard"] == [CLEAN, "rest.4"]
    assert match.state.game.view(data(match), 1)["players"][0]["passed"] is True
    place(match, 1, "R008", ["rest.4", "search.0", "dismantle.2"])
    play(match, "1: card rest.4 pay=dismantle.2")
    play(match, "1: card search.0")
    play(match, f"1: answer {match.state.legal()[0].args[0]}")
    assert data(match)["turn"]["seat"] == 1                  # the passed player gets no more turns


@pytest.mark.rule("NEM-ACTION-5")
def test_a_player_who_cannot_pay_for_anything_can_only_pass():
    match = _game(hand=(CLEAN,))
    data(match)["players"][0]["hands"] = []
    assert [str(c) for c in match.state.legal()] == ["0: pass", "0: pass discard=c0,"]


@pytest.mark.rule("NEM-ACTION-3", "NEM-VIEW-1", "NEM-SCAN-1")
def test_a_pass_discards_cards_by_their_place_in_the_hand_never_by_a_hidden_id():
    """The owner's view shows "contamination" where the card lies; the command names that place
    (c1), so neither the command, the public events nor the log name the Contamination card's id
    (the shipped YAML tells which ids are INFECTED)."""
    match = _game(hand=("search.0", INFECTED, "rest.4", "search.1"))
    assert match.state.view(0)["players"][0]["hand"] == ["search.0", "contamination", "rest.4", "search.1"]
    passes = [str(c) for c in match.state.legal() if c.verb == "pass"]
    # every set of discards, cards the player cannot tell apart once (the two Search cards: c0, c0+c3)
    assert len(passes) == 3 * 2 * 2 and "0: pass discard=c1," in passes and "0: pass discard=c0,c1,c2,c3" in passes
    assert "0: pass discard=c3," not in passes and not [p for p in passes if "CONT" in p]
    for refused in (f"0: pass discard={INFECTED}", "0: pass discard=c4", "0: pass discard=c1,c1", "0: pass discard=1"):
        with pytest.raises(Refused) as why:
            play(match, refused)
        assert why.value.rule_id == "NEM-ACTION-3", refused
    command = next(c for c in match.state.legal() if c.verb == "pass" and c.get("discard") == ("c1",))
    events = match.apply(command)
    assert data(match)["players"][0]["discard"] == [INFECTED]
    public = [e for e in events if e.audience is None]
    lines = [match.state.game.describe(e, lang) for e in public for lang in ("en", "zh_TW")]
    assert "CONT" not in str(command) + repr([e.data for e in public]) + " ".join(lines)
    assert match.state.view(1)["players"][0]["discard"] == ["contamination"]


@pytest.mark.rule("NEM-INFECT-6")
def test_a_larva_sends_the_character_to_the_four_card_draw():
    from engine.nemesis.rules import end
    match = _game(hand=())
    player = data(match)["players"][0]
    player["deck"], player["discard"] = [], []
    player["hand"] = [CLEAN, CLEAN2, "CONT04", "CONT05"]
    for card in player["hand"]:
        data(match)["decks"]["contamination"].remove(card)
    assert end.contamination_check(ctx(match), 0)             # only clean cards, no Larva: passes
    player["larva"] = True
    assert not end.contamination_check(ctx(match), 0)         # the Larva forces the draw: 4 Contamination


def test_know_the_shortcuts_moves_two_rooms_through_explored_ones():
    from .scenario import explore_all, rig
    match = _game(characters=("janitor", "sentry"), hand=("shortcuts.7", "search.0"))
    explore_all(match)
    targets = {c.get("target")[0] for c in match.state.legal() if c.verb == "card" and c.args[0] == "shortcuts.7"}
    board = ctx(match).content.board
    far = next(r for r in targets if board.corridor_between("R008", r) is None)
    rig(match, "SILENCE")
    play(match, f"0: card shortcuts.7 pay=search.0 target={far}")
    assert data(match)["players"][0]["room"] == far


def test_vents_resolves_an_attack_card_after_moving():
    match = _game(characters=("survivor", "janitor"), hand=("vents.9", "search.0"))
    explored(match, "R008", "laboratory", 2)
    explored(match, "R002", "archive", 2)
    place(match, 0, "R001", ["vents.9", "search.0"])
    explored(match, "R001", "cave_entrance", 1)
    events = play(match, "0: card vents.9 pay=search.0 target=R002")
    assert data(match)["players"][0]["room"] == "R002" and "intruder_attack" in kinds(events)


@pytest.mark.rule("NEM-MOVE-3")
def test_vents_needs_an_entrance_in_your_room():
    match = _game(characters=("survivor", "janitor"), hand=("vents.9", "search.0"))
    explored(match, "R002", "archive", 2)
    place(match, 0, "REP", ["vents.9", "search.0"])          # the Repository has no Entrance
    assert _refused(match, "0: card vents.9 pay=search.0 target=R002") == "NEM-MOVE-3"
    assert not [c for c in match.state.legal() if c.verb == "card" and c.args[0] == "vents.9"]


def test_cards_whose_effects_no_rule_handles_yet_are_not_offered():
    from engine.nemesis import trees
    match = _game(hand=("defense_plan.8",))
    explored(match, "R008", "cave_entrance", 1)                # a red Room: Defense Plan's first part
    options = {c.get("option") for c in match.state.legal() if c.verb == "card"}
    assert (0 in options) == ("room_action_free" in trees.HANDLERS)
    assert 1 in options



def test_distraction_names_the_discarded_item_by_its_place():
    """Distraction discards an item you hold: the command names it by Hand slot / Inventory place,
    like Drop, never by an id the others cannot see."""
    match = started(2, characters=["survivor", "janitor"])
    explore_all(match)
    place(match, 0, "R008", ["distraction.6", "search.0"])
    give(match, 0, "medkit")
    add_intruder(match, "adult", "R008")
    turn_of(match, 0)
    listed = [str(c) for c in match.state.legal() if c.verb == "card"]
    assert "0: card distraction.6 target=i0,R009" in listed and not [c for c in listed if "medkit" in c]
    play(match, "0: card distraction.6 target=i0,R009")
    d = data(match)
    assert d["players"][0]["room"] == "R009" and d["players"][0]["inventory"] == []
    assert "medkit" in d["discards"]["green"]


@pytest.mark.rule("NEM-ITEM-8", "NEM-ESCAPE-6")
def test_distraction_spends_its_item_face_up_and_leaves_without_attacks():
    """The item Distraction discards is spent by the card, not returned unseen: face up to its
    discard pile and named to everyone (a Drop would put it face down under its deck). The move
    draws no attack and explores the Room it enters as a Movement would."""
    match = started(2, characters=["survivor", "janitor"])
    explore_all(match)
    d = data(match)
    d["rooms"]["R009"].update(explored=False, token="X13", items=None)       # Fire, 1 item
    place(match, 0, "R008", ["distraction.6", "search.0"])
    give(match, 0, "medkit")
    bottom = list(d["decks"]["green"])
    add_intruder(match, "adult", "R008")
    turn_of(match, 0)
    events = play(match, "0: card distraction.6 target=i0,R009")
    assert d["discards"]["green"][-1] == "medkit" and d["decks"]["green"] == bottom
    shown = next(e for e in events if e.kind == "item_discarded")
    assert shown.audience is None and shown.data["thing"] == "medkit"
    assert "intruder_attack" not in kinds(events) and d["players"][0]["light"] == 0
    assert d["rooms"]["R009"]["explored"] and d["rooms"]["R009"]["fire"]
