"""Designed rulings NEM-DEC-2 … NEM-DEC-36 (spec section 6): the loaded content where a decision
fixes designed numbers, and the rules that use them."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core import Refused
from engine.nemesis.content import content
from engine.nemesis.rules import combat, end, event_phase, facility, hand, intruders, items, moving, turns, weakness

from .scenario import (
    add_intruder,
    cards,
    ctx,
    data,
    explore_all,
    give,
    in_tile,
    kinds,
    pay,
    place,
    play,
    rig,
    set_hand,
    started,
    turn_of,
)

C = content()
SENTRY_HAND = ["search.0", "search.1", "dismantle.2", "rest.4", "interruption.3"]
CLEAN, INFECTED, INFECTED2 = "CONT01", "CONT03", "CONT06"


def _refused(match, text: str) -> str:
    with pytest.raises(Refused) as err:
        play(match, text)
    return err.value.rule_id


def _legal(match, verb: str) -> list[str]:
    return [str(c) for c in match.state.legal() if c.verb == verb]


def _token(kind: str, lit: int | None = None) -> str:
    return next(t.id for t in C.tokens.intruder_tokens if t.type == kind and (lit is None or t.lit == lit))


def _pair(characters=("sentry", "hacker"), room="R006", **options):
    """Seat 0 to act in ``room`` (every Room explored and powered) with the Sentry's five cards;
    seat 1 far away in BPS."""
    match = started(2, characters=list(characters), options=options or None)
    explore_all(match)
    data(match)["active_power"] = [1, 2, 3, 4]
    place(match, 0, room, cards(match, 0, 5) if characters[0] != "sentry" else SENTRY_HAND)
    place(match, 1, "BPS")
    turn_of(match, 0)
    return match


def _nest(match) -> str:
    """The Room showing the Nest, explored."""
    room = next(r for r, state in data(match)["rooms"].items() if state["tile"] == "nest")
    data(match)["rooms"][room].update(explored=True, token=None)
    return room


# -- content decisions -------------------------------------------------------------------------------

TABLE_3_4 = {   # tile: (colour, Computer symbol, room-action costs in order)
    "archive": ("white", True, (2,)), "cave_entrance": ("red", False, (1,)),
    "cooling_system": ("yellow", True, (2,)), "decon_room": ("green", False, (2,)),
    "emergency_room": ("green", False, (2,)), "laboratory": ("green", True, (2,)),
    "css_a": ("yellow", False, (1,)), "nest": ("black", False, (1,)),
    "power_generator": ("yellow", True, (2, 2)), "transmitter_control": ("white", True, (2, 2)),
    "css_b": ("yellow", False, (1,)), "css_c": ("yellow", False, (1,)),
    "css_control": ("white", True, (1,)), "defense_control": ("red", True, (2,)),
    "guard_room": ("red", False, (2,)), "contaminated_room": ("green", False, ()),
    "surgery": ("green", True, (2,)), "testing_lab": ("white", False, (2,)),
    "vent_control": ("yellow", True, (2,)), "isolation_room": (None, False, (1,)),
    "repository": (None, False, (1,)), "backup_power": (None, False, (2,)),
    "alert_room": (None, True, (2, 2)), "elevator_room": (None, False, (1, 1)),
    "emergency_staircase": ("black", False, ()),
}


@pytest.mark.rule("NEM-DEC-2")
def test_room_colours_computer_symbols_and_action_costs_follow_table_3_4():
    for tile, (colour, computer, costs) in TABLE_3_4.items():
        found = C.tiles[tile]
        if colour is not None:
            assert found.colour == colour, tile
        assert found.computer is computer, tile
        assert tuple(a.cost for a in found.actions) == costs, tile
    explorable = [t for t in C.tiles.values() if t.pile in ("I", "II")]
    assert {t.colour for t in explorable} >= {"red", "yellow", "green", "white"}
    # the designed cost is the one the rules charge
    match = _pair()
    in_tile(match, 0, "transmitter_control")
    assert _refused(match, f"0: room send_signal {pay(match, 0, 1)}") == "NEM-COST-1"
    play(match, f"0: room send_signal {pay(match, 0, 2)}")
    assert data(match)["players"][0]["signal"]


@pytest.mark.rule("NEM-DEC-4")
def test_night_stalker_tokens_dark_is_lit_plus_one_as_designed():
    mix = Counter((t.type, t.lit, t.dark) for t in C.tokens.intruder_tokens)
    assert mix == Counter({("larva", 1, 2): 8, ("creeper", 1, 2): 3, ("adult", 2, 3): 4, ("adult", 3, 4): 5,
                           ("adult", 4, 5): 3, ("breeder", 3, 4): 1, ("breeder", 4, 5): 1, ("queen", 4, 5): 1,
                           ("blank", None, None): 1})
    assert all(t.dark == t.lit + 1 for t in C.tokens.intruder_tokens if t.type != "blank")


@pytest.mark.rule("NEM-DEC-4")
def test_the_encounter_uses_the_lit_number_in_light_and_the_dark_one_in_darkness():
    for lit_room, surprised in ((True, False), (False, True)):
        match = _pair()
        d = data(match)
        set_hand(match, 0, SENTRY_HAND[:2])                    # 2 cards: Adult 2/3
        if not lit_room:
            d["active_power"] = []
        d["bag"] = [_token("adult", lit=2)]
        d["supply"] = [t for t in d["supply"] if t not in d["bag"]]
        d["milestones"]["first_encounter"] = True
        c = ctx(match)
        intruders.encounter(c, "R006", 0)
        assert ("surprise_attack" in kinds(c.events)) is surprised


@pytest.mark.rule("NEM-DEC-5")
def test_knowledge_runs_from_0_to_10_and_the_excess_is_lost():
    match = _pair()
    c = ctx(match)
    player = data(match)["players"][0]
    player["knowledge"] = 8
    assert weakness.gain_knowledge(c, 0, 5) == 2 and player["knowledge"] == 10
    assert weakness.gain_knowledge(c, 0, 1) == 0 and player["knowledge"] == 10
    assert weakness.gain_knowledge(c, 0, -15) == -10 and player["knowledge"] == 0


@pytest.mark.rule("NEM-DEC-6")
def test_noise_status_and_injury_supplies_are_unlimited():
    counts = {s.id: s.count for s in C.tokens.supplies}
    assert counts["noise"] is None and counts["status"] is None and counts["ammo_injury"] is None
    assert counts["fire"] == 12 and counts["malfunction"] == 10        # only these run out (NEM-FIRE-7)
    match = _pair()
    d = data(match)
    for cid in d["corridors"]:                                     # 32 markers on the board already
        d["corridors"][cid]["noise"] = cid != "C04"
    assert sum(c["noise"] for c in d["corridors"].values()) > 30
    rig(match, "1")                                                # R006 exit 1 is C04
    moving.noise_roll(ctx(match), 0)
    assert d["corridors"]["C04"]["noise"] and not d["intruders"]


@pytest.mark.rule("NEM-DEC-18")
def test_five_component_symbols_each_feed_two_recipes():
    symbols = ("CHEMICAL", "ELECTRONIC", "MECHANICAL", "MEDICAL", "FABRIC")
    crafted = [i.id for i in C.items.values() if i.deck == "crafted"]
    assert sorted(crafted) == sorted(["neutralizer", "flamethrower", "pistol", "taser", "enviro_suit"])
    uses = Counter(symbol for item in crafted for symbol in C.recipe(item))
    assert uses == Counter({s: 2 for s in symbols})
    assert all(len(set(C.recipe(item))) == 2 for item in crafted)
    assert {i.component for i in C.items.values() if i.component} == set(symbols)
    assert C.items["medkit"].component == "MEDICAL" and "MEDICAL" in C.recipe("neutralizer")


@pytest.mark.rule("NEM-DEC-30")
def test_contingency_mix_three_green_and_one_of_each_other_colour():
    mix = Counter(t.colour for t in C.tokens.contingency_tokens)
    assert mix == Counter({"GREEN": 3, "YELLOW": 1, "BLUE": 1, "GRAY": 1, "RED": 1})
    green = next(c for c in C.tokens.contingency_colours if c.colour == "GREEN")
    assert green.kills is None


@pytest.mark.rule("NEM-DEC-31")
def test_css_token_mix():
    mix = Counter(t.outcome for t in C.tokens.css_tokens)
    assert mix == Counter({"A": 2, "B": 1, "C": 1, "ALL": 2, "NONE": 1})
    evac = {t.outcome: t.evacuates for t in C.tokens.css_tokens}
    assert evac["ALL"] == {"A", "B", "C"} and evac["NONE"] == frozenset() and evac["B"] == {"B"}
    match = _pair()
    assert len(data(match)["css"]) == 6                            # 6 of the 7 used


# -- rules decisions --------------------------------------------------------------------------------

def _janitor_with_keys(room: str):
    match = _pair(characters=("janitor", "sentry"), room=room)
    player = data(match)["players"][0]
    player["quest"]["active"] = True
    player["inventory"].append({"item": "service_keys", "ammo": None})
    return match


@pytest.mark.rule("NEM-DEC-10")
def test_service_keys_open_the_technical_corridors():
    effect = C.items["service_keys"].effect
    assert effect["move_character"]["mode"] == "tech"
    match = _janitor_with_keys("R002")
    assert "R010" not in {n for _, n in C.board.neighbours("R002")}
    with pytest.raises(Refused):
        play(match, f"0: move R010 {pay(match, 0, 1)}")            # no Corridor: no plain move
    rig(match, "SILENCE")
    play(match, f"0: item service_keys {pay(match, 0, 1)} target=R010")
    assert data(match)["players"][0]["room"] == "R010"
    match = _janitor_with_keys("REP")                             # the Repository has no Entrance
    assert not [c for c in _legal(match, "item") if "service_keys" in c]
    assert _refused(match, f"0: item service_keys {pay(match, 0, 1)} target=R010") == "NEM-MOVE-3"


@pytest.mark.rule("NEM-DEC-15")
def test_a_destroyed_nest_stays_destroyed_and_queen_draws_add_no_egg():
    match = _pair()
    d = data(match)
    nest = _nest(match)
    d["nest_eggs"] = 1
    in_tile(match, 0, "nest", room=nest)
    d["players"][0]["hands"] = []
    play(match, f"0: room take_egg {pay(match, 0, 1)}")
    d = data(match)
    assert d["nest_eggs"] == 0 and d["nest_destroyed"]           # the last Egg taken
    place(match, 0, "R006")
    d["bag"] = [_token("queen")]
    d["supply"] = [t for t in d["supply"] if t not in d["bag"]]
    supply = d["eggs_supply"]
    event_phase.e7_bag(ctx(match))
    assert d["nest_eggs"] == 0 and d["eggs_supply"] == supply    # NEM-BAG-7 branch adds nothing
    facility.add_eggs(ctx(match), 2)
    assert d["nest_eggs"] == 0 and d["nest_destroyed"]


@pytest.mark.rule("NEM-DEC-15")
def test_burning_the_last_egg_of_the_nest_destroys_it():
    match = _pair()
    d = data(match)
    nest = _nest(match)
    d["nest_eggs"] = 1
    d["rooms"][nest]["fire"] = True
    c = ctx(match)
    event_phase.e5_fire(c)
    assert d["nest_eggs"] == 0 and d["nest_destroyed"] and "nest_destroyed" in kinds(c.events)


@pytest.mark.rule("NEM-DEC-16")
def test_discarded_crafted_items_return_to_the_open_crafted_deck():
    match = _pair()
    d = data(match)
    d["crafted"].remove("taser")
    thing = give(match, 0, "taser")
    assert d["crafted"].count("taser") == 2
    play(match, "0: drop i0")
    d = data(match)
    assert d["crafted"].count("taser") == 3
    assert "taser" not in d["discards"]["green"] + d["discards"]["yellow"] + d["discards"]["red"]
    d["crafted"].remove("neutralizer")
    give(match, 0, "neutralizer")
    assert items.drop_thing(ctx(match), 0, "neutralizer", used=True)       # used up: back all the same
    assert d["crafted"].count("neutralizer") == 3 and "neutralizer" not in d["removed"]
    assert thing == {"item": "taser", "ammo": None}


@pytest.mark.rule("NEM-DEC-17")
def test_the_repository_gives_both_the_discount_and_craft_equipment():
    match = _pair(room="REP")
    in_tile(match, 0, "repository", room="REP")
    give(match, 0, "bandages")                                    # FABRIC only: Taser needs ELECTRONIC too
    play(match, f"0: craft taser use=i0, {pay(match, 0, 1)}")
    assert {"item": "taser", "ammo": None} in data(match)["players"][0]["inventory"]
    assert [(a.id, a.cost) for a in C.tiles["repository"].actions] == [("craft_equipment", 1)]
    match = _pair(room="REP")
    in_tile(match, 0, "repository", room="REP")
    place(match, 1, "REP")
    give(match, 0, "ammo_box")                                    # MECHANICAL
    give(match, 1, "medkit")                                      # MEDICAL
    play(match, f"0: room craft_equipment {pay(match, 0, 1)}")
    while match.state.prompt.kind == "interruption":
        play(match, f"{match.state.prompt.seats[0]}: answer pass")
    assert match.state.prompt.kind == "craft_equipment" and match.state.prompt.seats == (0,)
    match.apply(next(c for c in match.state.legal(0) if str(c.args[0]).startswith("pistol")))
    assert match.state.prompt.kind == "craft_equipment" and match.state.prompt.seats == (1,)
    match.apply(next(c for c in match.state.legal(1) if str(c.args[0]).startswith("neutralizer")))
    d = data(match)
    assert any(t.get("item") == "pistol" for t in d["players"][0]["hands"] + d["players"][0]["inventory"])
    assert {"item": "neutralizer", "ammo": None} in d["players"][1]["inventory"]


@pytest.mark.rule("NEM-DEC-19")
def test_an_empty_contamination_deck_gives_nothing():
    match = _pair()
    d = data(match)
    d["decks"]["contamination"].clear()
    player = d["players"][0]
    before = list(player["discard"])
    c = ctx(match)
    hand.gain_contamination(c, 0, 2)
    assert player["discard"] == before and "contamination_gained" not in kinds(c.events)


@pytest.mark.rule("NEM-DEC-20")
def test_computer_actions_are_out_of_combat_only():
    match = _pair()
    room = in_tile(match, 0, "archive")
    assert _legal(match, "computer")
    add_intruder(match, "adult", room)
    assert not _legal(match, "computer")
    assert all(_refused(match, f"0: computer {n} {pay(match, 0, 2)}") == "NEM-COMPUTER-1" for n in (1, 2, 3))


@pytest.mark.rule("NEM-DEC-21")
def test_fire_wounds_every_turn_end_including_the_pass_and_never_in_the_event_phase():
    match = _pair(room="R003")
    in_tile(match, 0, "archive")
    d = data(match)
    d["rooms"]["R003"]["fire"] = True
    turns.end_turn(ctx(match), 0)                                  # an ordinary turn ends in Fire
    assert d["players"][0]["light"] == 1
    turn_of(match, 0)
    play(match, "0: pass")                                         # the passing turn: another wound
    d = data(match)
    assert d["players"][0]["light"] == 2 and d["players"][0]["passed"]
    assert d["turn"]["seat"] == 1
    play(match, "1: pass")                                         # seat 0 has passed: no fire wound
    d = data(match)
    assert d["players"][0]["light"] == 2 and not d["players"][0]["serious"]
    d["players"][0]["light"] = 0
    c = ctx(match)
    event_phase.e5_fire(c)                                         # E5 burns intruders, never characters
    assert d["players"][0]["light"] == 0 and not d["players"][0]["serious"]


@pytest.mark.rule("NEM-DEC-21", "NEM-FIRE-3")
@pytest.mark.parametrize("once, wounded", [(False, 1), (True, 0)])
def test_an_earlier_turn_in_fire_then_passing_elsewhere(once, wounded):
    """The issue's case: a turn ends in Fire, the character leaves and passes in a Room without Fire.
    The rulebook reading wounds the earlier turn; the seed's reading (fire_wound_once_per_round) only
    looks at the Room of the passing turn: no wound."""
    match = _pair(room="R003", fire_wound_once_per_round=once)
    in_tile(match, 0, "archive")
    d = data(match)
    assert d["fire_wound_once"] is once
    d["rooms"]["R003"]["fire"] = True
    turns.end_turn(ctx(match), 0)                                  # an ordinary turn ends in Fire
    assert d["players"][0]["light"] == wounded
    place(match, 0, "R006")                                        # no Fire there
    turn_of(match, 0)
    play(match, "0: pass")
    d = data(match)
    assert d["players"][0]["passed"] and d["players"][0]["light"] == wounded


@pytest.mark.rule("NEM-DEC-21", "NEM-FIRE-3")
@pytest.mark.parametrize("once, wounded", [(False, 3), (True, 1)])
def test_passing_in_fire_after_turns_in_fire(once, wounded):
    """Two ordinary turns and the passing turn end in Fire: a wound each (rulebook), or one, for the
    passing turn only (seed); none after the pass, and a new round may wound again."""
    match = _pair(room="R003", fire_wound_once_per_round=once)
    in_tile(match, 0, "archive")
    d = data(match)
    d["rooms"]["R003"]["fire"] = True
    turns.end_turn(ctx(match), 0)
    turns.end_turn(ctx(match), 0)
    turn_of(match, 0)
    play(match, "0: pass")
    play(match, "1: pass")                                         # seat 0 has passed: no more fire
    d = data(match)
    light, serious = d["players"][0]["light"], len(d["players"][0]["serious"])
    assert light + 3 * serious == wounded
    assert started(2).state.data["fire_wound_once"] is False       # default: off


@pytest.mark.rule("NEM-DEC-25")
def test_careful_movement_costs_two_cards():
    match = _pair(room="R002")
    assert _refused(match, f"0: careful_move R006 {pay(match, 0, 1)}") == "NEM-COST-1"
    listed = [c for c in match.state.legal() if c.verb == "careful_move"]
    assert listed and all(len(c.get("pay")) == 2 for c in listed)
    play(match, f"0: careful_move R006 {pay(match, 0, 2)}")
    assert len(data(match)["players"][0]["hand"]) == 3


@pytest.mark.rule("NEM-DEC-26")
def test_pick_up_trade_and_craft_are_out_of_combat_only():
    match = _pair(room="R006")
    d = data(match)
    place(match, 1, "R006")
    d["rooms"]["R006"]["objects"] = ["carcass"]
    d["players"][0]["hands"] = []
    give(match, 0, "door_kit")
    give(match, 0, "bandages")
    assert _legal(match, "pick_up") and _legal(match, "trade") and _legal(match, "craft")
    add_intruder(match, "adult", "R006")
    assert not (_legal(match, "pick_up") or _legal(match, "trade") or _legal(match, "craft"))
    assert _refused(match, f"0: pick_up carcass {pay(match, 0, 1)}") == "NEM-HEAVY-3"
    assert _refused(match, f"0: trade {pay(match, 0, 1)}") == "NEM-TRADE-1"
    assert _refused(match, f"0: craft taser use=door_kit,bandages {pay(match, 0, 1)}") == "NEM-CRAFT-1"


@pytest.mark.rule("NEM-DEC-28")
def test_the_queen_token_stays_out_of_the_bag_while_the_queen_is_on_the_board():
    match = _pair()
    d = data(match)
    nest = _nest(match)
    place(match, 0, nest)
    queen = _token("queen")
    d["bag"] = [queen]
    d["supply"] = [t for t in d["supply"] if t != queen]
    event_phase.e7_bag(ctx(match))
    on_board = [i for i in d["intruders"].values() if i["type"] == "queen"]
    assert on_board and on_board[0]["token"] == queen and queen not in d["bag"]
    # nobody in the Nest: the token returns and an Egg is added instead
    match = _pair()
    d = data(match)
    _nest(match)
    d["bag"] = [queen]
    d["supply"] = [t for t in d["supply"] if t != queen]
    eggs = d["nest_eggs"]
    event_phase.e7_bag(ctx(match))
    assert d["bag"] == [queen] and d["nest_eggs"] == eggs + 1
    assert not [i for i in d["intruders"].values() if i["type"] == "queen"]


@pytest.mark.rule("NEM-DEC-29")
def test_yellow_contingency_kills_knowledge_four_or_less():
    yellow = next(c for c in C.tokens.contingency_colours if c.colour == "YELLOW")
    assert dict(yellow.kills) == {"knowledge_le": 4}
    match = _pair()
    d = data(match)
    player = d["players"][0]
    player["where"] = "bunker"
    for knowledge, lives in ((4, False), (5, True), (0, False), (10, True)):
        player["knowledge"] = knowledge
        assert end.survives_contingency(d, player, "YELLOW") is lives


@pytest.mark.rule("NEM-DEC-32")
def test_infest_on_a_character_with_a_larva_never_kills():
    match = _pair()
    d = data(match)
    d["players"][0]["larva"] = True
    for _ in range(2):
        iid = add_intruder(match, "larva", "R006")
        intruders.attack(ctx(match), iid, 0)
    player = d["players"][0]
    assert player["where"] == "facility" and player["larva"] is True and player["cause"] is None


@pytest.mark.rule("NEM-DEC-33")
def test_one_scan_with_several_infected_cards_is_one_infection():
    match = _pair()
    set_hand(match, 0, ["rest.4", "search.0", INFECTED, INFECTED2])
    events = play(match, "0: card rest.4 pay=search.0")
    player = data(match)["players"][0]
    assert kinds(events).count("infected") == 1
    assert player["larva"] and player["where"] == "facility"      # a second Infection would kill


@pytest.mark.rule("NEM-DEC-34")
def test_every_card_in_hand_counts_for_attack_targets_and_encounters():
    match = _pair()
    d = data(match)
    place(match, 1, "R006", cards(match, 1, 3))
    set_hand(match, 0, ["search.0", "search.1", CLEAN, INFECTED])  # 2 Action + 2 Contamination = 4
    assert intruders.attack_target(ctx(match), "R006") == 1        # seat 1 holds 3 cards
    set_hand(match, 0, ["search.0", CLEAN])
    assert intruders.attack_target(ctx(match), "R006") == 0
    # an Encounter compares the same hand size: 2 Action + 2 Contamination vs an Adult 4/5 in light
    place(match, 1, "BPS")
    set_hand(match, 0, ["search.0", "search.1", CLEAN, INFECTED])
    d["bag"] = [_token("adult", lit=4)]
    d["supply"] = [t for t in d["supply"] if t not in d["bag"]]
    d["milestones"]["first_encounter"] = True
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    assert "intruder_appeared" in kinds(c.events) and "surprise_attack" not in kinds(c.events)


@pytest.mark.rule("NEM-DEC-35")
def test_retreat_with_a_two_number_event_card_uses_the_first_number():
    match = _pair()
    d = data(match)
    card = next(e for e in C.events.values() if e.move == (1, 3))    # R006: exit 1 is C04, exit 3 is C08
    iid = add_intruder(match, "adult", "R001")
    d["intruders"][iid]["room"] = "R006"
    deck = d["decks"]["event"]
    deck.remove(card.id)
    deck.append(card.id)
    intruders.retreat(ctx(match), iid)
    assert d["intruders"][iid]["room"] == C.board.corridors["C04"].other("R006")
    assert d["intruders"][iid]["room"] != C.board.corridors["C08"].other("R006")


@pytest.mark.rule("NEM-DEC-36")
def test_eggs_have_rank_zero_so_creeper_and_adult_faces_hit_them():
    assert combat.EGG_RANK == 0 < combat.rank("larva")
    for face in ("CREEPER", "ADULT"):
        match = _pair()
        d = data(match)
        d["rooms"]["R006"]["objects"] = ["egg", "egg"]
        rig(match, face, "SILENCE")
        play(match, f"0: shoot target=eggs weapon=smg {pay(match, 0, 1)}")
        assert data(match)["rooms"]["R006"]["objects"].count("egg") == 1, face
