"""Noise, Danger, Encounters, Surprise Attacks and Intruder Attacks (NEM-NOISE, NEM-ENCOUNTER,
NEM-SURPRISE, NEM-ATTACK). Rule functions run on a rules context over a built position."""
from __future__ import annotations

import pytest

from engine.nemesis.content import content
from engine.nemesis.rules import intruders, moving
from engine.nemesis.rules.places import exits_of, has_noise, in_combat, set_noise
from tests.engine.nemesis.scenario import (
    add_intruder,
    ctx,
    data,
    explore_all,
    kinds,
    place,
    rig,
    set_bag,
    started,
    take_token,
)

BOARD = content().board


def position(players=2, room="R006", hand=5, seed=1):
    match = started(players, seed=seed, characters=["sentry", "hacker", "janitor", "survivor"][:players])
    explore_all(match)
    d = data(match)
    for seat in range(players):
        p = d["players"][seat]
        place(match, seat, room if seat == 0 else "BPS", sorted(p["hand"] + p["deck"])[:hand])
    d["milestones"]["first_encounter"] = True       # step 4 then resolves at once (NEM-ENCOUNTER-6)
    return match


def attack_deck(match, *cards):
    """The next Attack cards drawn, in order."""
    data(match)["decks"]["attack"] = list(reversed(cards))


def roll(match, face, seat=0):
    rig(match, face)
    c = ctx(match, seat)
    moving.noise_roll(c, seat)
    return c.events


# -- noise -------------------------------------------------------------------------------------
@pytest.mark.rule("NEM-NOISE-3", "NEM-ENCOUNTER-1", "NEM-ENCOUNTER-2", "NEM-ENCOUNTER-3")
def test_a_second_marker_on_an_exit_is_an_encounter_that_clears_the_rooms_noise():
    match = position()
    d = data(match)
    set_noise(d, BOARD.exit("R006", 2), True)
    set_noise(d, BOARD.exit("R006", 1), True)
    set_bag(match, "blank", "adult")
    events = roll(match, "2")
    assert "encounter" in kinds(events)
    assert len(d["bag"]) == 1 or d["intruders"]                 # one token was drawn
    if "blank_encounter" not in kinds(events):
        assert not any(has_noise(d, e) for e in exits_of("R006"))


@pytest.mark.rule("NEM-NOISE-5", "NEM-NOISE-10")
def test_noise_counts_for_the_whole_corridor_whatever_its_door():
    match = position(room="R002")
    d = data(match)
    corridor = BOARD.corridor_between("R002", "R006")
    d["corridors"][corridor]["door"] = "closed"
    set_noise(d, corridor, True)                               # placed from the R006 side
    set_bag(match, "blank")
    events = roll(match, str(BOARD.exit_number("R002", corridor)))
    assert "encounter" in kinds(events)


@pytest.mark.rule("NEM-NOISE-7", "NEM-NOISE-8", "NEM-NOISE-9")
def test_danger_pulls_free_intruders_next_door_into_combat():
    match = position()
    d = data(match)
    free = add_intruder(match, "adult", BOARD.corridors[BOARD.exit("R006", 1)].other("R006"))
    busy_room = BOARD.corridors[BOARD.exit("R006", 2)].other("R006")
    busy = add_intruder(match, "adult", busy_room)
    place(match, 1, busy_room)
    events = roll(match, "DANGER")
    assert d["intruders"][free]["room"] == "R006" and d["intruders"][busy]["room"] == busy_room
    assert "encounter" not in kinds(events) and in_combat(d, 0)


@pytest.mark.rule("NEM-NOISE-8")
def test_danger_breaks_a_closed_door_instead_of_moving_and_with_no_one_marks_every_exit():
    match = position()
    d = data(match)
    corridor = BOARD.exit("R006", 1)
    iid = add_intruder(match, "adult", BOARD.corridors[corridor].other("R006"))
    d["corridors"][corridor]["door"] = "closed"
    roll(match, "DANGER")
    assert d["corridors"][corridor]["door"] == "destroyed" and d["intruders"][iid]["room"] != "R006"
    del d["intruders"][iid]
    d["out_tokens"].append("x")
    events = roll(match, "DANGER")
    assert all(has_noise(d, e) for e in exits_of("R006")) and "encounter" not in kinds(events)


@pytest.mark.rule("NEM-NOISE-6")
def test_silence_does_nothing_without_slime():
    match = position()
    events = roll(match, "SILENCE")
    assert kinds(events) == ["noise_roll"]


@pytest.mark.rule("NEM-NOISE-11", "NEM-DEC-11")
def test_characters_in_combat_skip_the_bag_development_noise_roll():
    from engine.nemesis.rules import event_phase
    match = position()
    add_intruder(match, "creeper", "R006")
    set_bag(match, "adult")
    c = ctx(match)
    event_phase.e7_bag(c)
    rolls = [e.data["seat"] for e in c.events if e.kind == "noise_roll"]
    assert 0 not in rolls and 1 in rolls                     # seat 1, out of combat, rolls


# -- encounters ----------------------------------------------------------------------------------
@pytest.mark.rule("NEM-ENCOUNTER-4", "NEM-ENCOUNTER-11")
def test_a_blank_marks_every_exit_returns_to_the_bag_and_adds_an_adult_when_the_bag_was_empty():
    match = position()
    d = data(match)
    set_bag(match, "blank")
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    assert all(has_noise(d, e) for e in exits_of("R006")) and d["intruders"] == {}
    assert sorted(intruders.token_type(c, t) for t in d["bag"]) == ["adult", "blank"]
    assert "surprise_attack" not in kinds(c.events)


@pytest.mark.rule("NEM-ENCOUNTER-11", "NEM-DEC-13")
def test_an_empty_bag_gets_an_adult_first_and_with_none_left_nothing_happens():
    match = position()
    d = data(match)
    set_bag(match)
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    assert [i["type"] for i in d["intruders"].values()] == ["adult"]
    d["intruders"], d["bag"] = {}, []
    types = {t.id: t.type for t in content().tokens.intruder_tokens}
    d["out_tokens"] += [t for t in d["supply"] if types[t] == "adult"]
    d["supply"] = [t for t in d["supply"] if types[t] != "adult"]
    intruders.encounter(ctx(match), "R006", 0)
    assert d["intruders"] == {}


@pytest.mark.rule("NEM-ENCOUNTER-5", "NEM-ENCOUNTER-6", "NEM-MILESTONE-1")
def test_an_intruder_token_places_its_miniature_linked_to_the_token():
    match = position()
    d = data(match)
    d["milestones"]["first_encounter"] = False
    set_bag(match, "creeper")
    token = d["bag"][0]
    intruders.encounter(ctx(match), "R006", 0)
    [intruder] = d["intruders"].values()
    assert intruder["type"] == "creeper" and intruder["token"] == token and token not in d["bag"]
    assert d["milestones"]["first_encounter"]
    assert any(step["primitive"] in ("keep_objective", "keep_one_objective") for step in d["effects"])


@pytest.mark.rule("NEM-ENCOUNTER-7", "NEM-SURPRISE-1", "NEM-SURPRISE-3")
@pytest.mark.parametrize("hand,dark,attacked", [(1, False, True), (2, False, False), (2, True, True),
                                                (3, True, False)])
def test_a_smaller_hand_than_the_tokens_number_means_a_surprise_attack(hand, dark, attacked):
    match = position(hand=hand)
    d = data(match)
    d["bag"] = [next(t for t in d["bag"] if t == "NS12") if "NS12" in d["bag"] else take_token(match, "adult")]
    d["bag"] = ["NS12"] if "NS12" in d["bag"] + d["supply"] else d["bag"]
    if "NS12" in d["supply"]:
        d["supply"].remove("NS12")
    if dark:
        d["active_power"] = []
    attack_deck(match, "A03")
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    assert ("surprise_attack" in kinds(c.events)) is attacked
    if attacked:
        hit = next(e for e in c.events if e.kind == "intruder_attack")
        assert hit.data["seat"] == 0


@pytest.mark.rule("NEM-ENCOUNTER-8", "NEM-HAND-5")
def test_contamination_cards_count_for_the_comparison():
    match = position(hand=1)
    d = data(match)
    d["players"][0]["hand"].append(d["decks"]["contamination"].pop())
    d["supply"] += d["bag"]
    d["bag"] = ["NS12"]
    d["supply"].remove("NS12")
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    assert "surprise_attack" not in kinds(c.events)


@pytest.mark.rule("NEM-ENCOUNTER-9")
def test_with_every_adult_out_the_free_ones_go_back_to_the_bag():
    match = position()
    d = data(match)
    limit = intruders.limit(ctx(match), "adult")
    place(match, 1, "R001")
    fighting = add_intruder(match, "adult", "R001")
    for _ in range(limit - 1):
        add_intruder(match, "adult", "R010")
    set_bag(match, "adult")
    intruders.encounter(ctx(match), "R006", 0)
    adults = [i for i in d["intruders"].values() if i["type"] == "adult"]
    assert fighting in d["intruders"] and len(adults) == 2
    assert sum(1 for t in d["bag"] if intruders.token_type(ctx(match), t) == "adult") == limit - 1


@pytest.mark.rule("NEM-ENCOUNTER-10", "NEM-DEC-12")
def test_no_free_miniature_resolves_as_a_blank_without_adding_an_adult():
    match = position()
    d = data(match)
    limit = intruders.limit(ctx(match), "larva")
    place(match, 1, "R001")
    for _ in range(limit):
        add_intruder(match, "larva", "R001")                # all in combat: none can be freed
    d["supply"] += d["bag"]
    d["bag"] = []
    types = {t.id: t.type for t in content().tokens.intruder_tokens}
    spare = [t for t in d["supply"] if types[t] == "larva"]
    d["supply"].remove(spare[0])
    d["bag"] = [spare[0]]
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    assert "blank_encounter" in kinds(c.events) and d["bag"] == [spare[0]]
    assert all(has_noise(d, e) for e in exits_of("R006"))


@pytest.mark.rule("NEM-ENCOUNTER-13", "NEM-NOISE-4")
def test_noise_on_the_technical_corridors_makes_the_encounter_in_the_rollers_room():
    match = position(room="R003")                            # exit 4 is TECH
    d = data(match)
    d["tech_noise"] = True
    set_bag(match, "adult")
    events = roll(match, "4")
    assert next(e for e in events if e.kind == "encounter").data["room"] == "R003"
    assert not d["tech_noise"]                               # cleared with the Room's exits


# -- surprise attacks and intruder attacks --------------------------------------------------------
@pytest.mark.rule("NEM-SURPRISE-2", "NEM-ATTACK-8", "NEM-DEC-60")
def test_a_larva_surprise_attack_is_an_infest():
    match = position(hand=0)
    d = data(match)
    set_bag(match, "larva")
    token = d["bag"][0]
    deck = list(d["decks"]["attack"])
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    p = d["players"][0]
    assert "infested" in kinds(c.events) and d["intruders"] == {} and token in d["out_tokens"]
    assert p["larva"] and any(card.startswith("CONT") for card in p["discard"])
    assert d["decks"]["attack"] == deck                      # no Attack card drawn


@pytest.mark.rule("NEM-ATTACK-9")
def test_a_second_infest_places_no_second_larva_and_never_kills():
    match = position()
    d = data(match)
    d["players"][0]["larva"] = True
    iid = add_intruder(match, "larva", "R006")
    intruders.attack(ctx(match), iid, 0)
    p = d["players"][0]
    assert p["larva"] is True and p["where"] == "facility"
    assert sum(card.startswith("CONT") for card in p["discard"]) == 1


@pytest.mark.rule("NEM-ATTACK-4", "NEM-ATTACK-5")
def test_an_attack_hits_only_when_the_card_shows_the_type_and_adds_darkness_effects():
    match = position()
    d = data(match)
    iid = add_intruder(match, "adult", "R006")
    attack_deck(match, "A08", "A03", "A03")
    intruders.attack(ctx(match), iid, 0)                     # A08: no Adult symbol
    assert d["players"][0]["light"] == 0 and d["players"][0]["serious"] == []
    intruders.attack(ctx(match), iid, 0)                     # A03 lit: 1 Light Wound
    assert d["players"][0]["light"] == 1 and d["players"][0]["serious"] == []
    d["active_power"] = []
    intruders.attack(ctx(match), iid, 0)                     # A03 dark: also a Serious Wound
    assert d["players"][0]["light"] == 2 and len(d["players"][0]["serious"]) == 1


@pytest.mark.rule("NEM-ATTACK-6")
def test_an_empty_attack_deck_reshuffles_its_discard_pile():
    match = position()
    d = data(match)
    iid = add_intruder(match, "adult", "R006")
    d["discards"]["attack"] = list(d["decks"]["attack"])
    d["decks"]["attack"] = []
    intruders.attack(ctx(match), iid, 0)
    assert len(d["decks"]["attack"]) == 19 and len(d["discards"]["attack"]) == 1


@pytest.mark.rule("NEM-ATTACK-2", "NEM-ATTACK-3", "NEM-ATTACK-11")
def test_e4_targets_the_smallest_hand_ties_to_the_first_player_in_board_order():
    match = position(players=3)
    d = data(match)
    place(match, 1, "R006")
    place(match, 2, "R006")
    d["players"][0]["hand"] = d["players"][0]["hand"][:3]
    d["players"][1]["hand"] = d["players"][1]["hand"][:2]
    d["players"][2]["hand"] = d["players"][2]["hand"][:2]
    d["first"] = 2
    iid = add_intruder(match, "adult", "R006")
    other = add_intruder(match, "adult", "R010")             # no one there: no attack
    attack_deck(match, "A08", "A08")
    c = ctx(match)
    intruders.intruders_attack(c)
    attacks = [e for e in c.events if e.kind == "intruder_attack"]
    assert [(e.data["intruder"], e.data["seat"]) for e in attacks] == [(iid, 2)]
    assert other in d["intruders"]


@pytest.mark.rule("NEM-ATTACK-2")
def test_locked_in_and_escaped_characters_are_never_attacked():
    match = position()
    d = data(match)
    iid = add_intruder(match, "adult", "R006")
    d["players"][0]["where"] = "locked"
    c = ctx(match)
    intruders.intruders_attack(c)
    intruders.attack(c, iid, 0)
    assert "intruder_attack" not in kinds(c.events)


@pytest.mark.rule("NEM-ATTACK-10", "NEM-ATTACK-11")
def test_each_intruder_attacks_once_in_arrival_order_and_retargets_after_a_death():
    match = position()
    d = data(match)
    place(match, 1, "R006")
    d["players"][0]["hand"] = []
    d["players"][0]["serious"] = [{"card": None, "type": "generic", "dressed": False}] * 3
    first = add_intruder(match, "adult", "R006")
    second = add_intruder(match, "adult", "R006")
    attack_deck(match, "A03", "A08")
    c = ctx(match)
    intruders.intruders_attack(c)
    attacks = [(e.data["intruder"], e.data["seat"]) for e in c.events if e.kind == "intruder_attack"]
    assert attacks == [(first, 0), (second, 1)]
    assert d["players"][0]["where"] == "dead"


@pytest.mark.rule("NEM-ATTACK-12")
def test_an_attack_card_encounter_happens_in_the_targets_room():
    match = position()
    iid = add_intruder(match, "breeder", "R006")
    set_bag(match, "blank")
    attack_deck(match, "A19")
    c = ctx(match)
    intruders.attack(c, iid, 0)
    names = kinds(c.events)
    assert names.index("light_wound") < names.index("encounter")
    assert next(e for e in c.events if e.kind == "encounter").data["room"] == "R006"


@pytest.mark.rule("NEM-ATTACK-1", "NEM-ESCAPE-3")
def test_escaping_draws_an_attack_from_every_intruder_in_the_room():
    match = position()
    a = add_intruder(match, "adult", "R006")
    b = add_intruder(match, "creeper", "R006")
    attack_deck(match, "A08", "A08")
    c = ctx(match)
    moving.walk(c, 0, "R002")
    assert [e.data["intruder"] for e in c.events if e.kind == "intruder_attack"] == [a, b]


@pytest.mark.rule("NEM-SURPRISE-4")
def test_a_flashlight_makes_the_comparison_use_the_lit_number_in_darkness():
    match = position(hand=2)
    d = data(match)
    d["active_power"] = []
    d["players"][0]["inventory"] = [{"item": "flashlight", "ammo": None}]
    d["supply"] += d["bag"]
    d["bag"] = ["NS12"]                                      # Adult, lit 2 / dark 3
    d["supply"].remove("NS12")
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    assert "surprise_attack" not in kinds(c.events)


@pytest.mark.rule("NEM-NOISE-12")
def test_rolls_in_order_resolve_each_encounter_before_the_next_roll():
    from engine.nemesis.rules import event_phase
    match = position()
    d = data(match)
    place(match, 1, "R002")
    for room in ("R006", "R002"):
        for e in exits_of(room):
            set_noise(d, e, True)
    set_bag(match, "adult")
    rig(match, "1", "1")
    c = ctx(match)
    event_phase.e7_bag(c)                                   # an Adult: everyone rolls, in order
    seq = [(e.kind, e.data.get("seat")) for e in c.events if e.kind in ("noise_roll", "encounter")]
    # the first Encounter cleared R006's exits, C04 (exit 1 of both Rooms) included, before seat 1
    # rolled, so seat 1's roll places a marker instead of causing a second Encounter
    assert BOARD.exit("R006", 1) == BOARD.exit("R002", 1)
    assert seq == [("noise_roll", 0), ("encounter", 0), ("noise_roll", 1)]
    assert has_noise(d, BOARD.exit("R002", 1))
