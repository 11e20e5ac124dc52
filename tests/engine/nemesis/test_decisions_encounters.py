"""Decisions NEM-DEC-38..81 of spec section 6, the Encounter's order of resolution (NEM-ENCOUNTER-6,
NEM-SURPRISE-5/6, NEM-ATTACK-7) and co-op contingencies (NEM-COOP-3/5). Each test builds a position
and checks the ruling as the engine applies it; out-of-scope content is shown to be refused."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import ConfigError, ContentError, Match, Refused, load_content
from engine.nemesis import content as nc
from engine.nemesis.content import content
from engine.nemesis.effects import NEM
from engine.nemesis.game import Nemesis
from engine.nemesis.rules import coop, end, event_phase, facility, hand, intruders, moving, weakness
from engine.nemesis.trees import run_tree
from tests.engine.nemesis.scenario import (
    add_intruder,
    cards,
    ctx,
    data,
    explore_all,
    explored,
    give,
    in_tile,
    kinds,
    pay,
    place,
    play,
    set_bag,
    set_hand,
    stack,
    started,
    turn_of,
)

BOARD = content().board
TOKENS = {t.id: t for t in content().tokens.intruder_tokens}


def position(characters=("sentry", "hacker"), room="R006", hand_size=5, first_done=True, mode=None):
    match = started(len(characters), mode=mode, seed=5, characters=list(characters))
    explore_all(match)
    d = data(match)
    for seat in range(len(characters)):
        place(match, seat, room if seat == 0 else "BPS", cards(match, seat, hand_size))
    d["milestones"]["first_encounter"] = first_done
    d["active_power"] = [1, 2, 3, 4]
    return match


def token_of(match, kind, lit_at_least=0, dark_at_least=0):
    """Put one ``kind`` token with big enough numbers alone in the bag; returns it."""
    d = data(match)
    d["supply"] += d["bag"]
    d["bag"] = []
    token = next(t for t in sorted(d["supply"]) if TOKENS[t].type == kind
                 and (TOKENS[t].lit or 0) >= lit_at_least and (TOKENS[t].dark or 0) >= dark_at_least)
    d["supply"].remove(token)
    d["bag"] = [token]
    return token


def cost(tile, index=0):
    """The printed cost of the ``index``-th action of ``tile``."""
    return content().tiles[tile].actions[index].cost


def answer_all(match):
    """Answer every pending decision with its first option; the events of all answers."""
    events = []
    while match.state.prompt is not None and match.state.prompt.kind not in ("turn",) \
            and data(match)["effects"] and data(match)["effects"][0].get("pause"):
        events += match.apply(match.state.legal()[0])
    return events


def refused(match, text):
    with pytest.raises(Refused) as info:
        play(match, text)
    return info.value.rule_id


# -- the Encounter: First Encounter before step 4 ------------------------------------------------------------
@pytest.mark.rule("NEM-ENCOUNTER-6", "NEM-MILESTONE-1")
def test_the_first_encounter_choice_is_made_before_the_surprise_attack():
    match = position(hand_size=0, first_done=False)
    d = data(match)
    token_of(match, "adult", lit_at_least=1)
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    assert "surprise_attack" not in kinds(c.events)                  # step 4 waits
    assert [s["primitive"] for s in d["effects"]] == ["keep_objective", "surprise_check"]
    NEM.drain(c)
    assert d["effects"][0]["pause"]["kind"] == "keep_objective"
    before = [e for e in c.events if e.kind == "surprise_attack"]
    assert not before
    events = answer_all(match)
    assert all(len(p["objectives"]) == 1 for p in d["players"])
    order = kinds(events)
    assert "surprise_attack" in order and order.index("objective_kept") < order.index("surprise_attack")


@pytest.mark.rule("NEM-ENCOUNTER-6")
def test_later_encounters_compare_at_once():
    match = position(hand_size=0)
    token_of(match, "adult", lit_at_least=1)
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    assert "surprise_attack" in kinds(c.events) and not data(match)["effects"]


# -- Feel of the Dark, the Queen's single Surprise Attack ------------------------------------------------------
def lab_rat_with_feel(match, dark):
    d = data(match)
    p = d["players"][0]
    feel = next(c for c in p["hand"] + p["deck"] + p["discard"] if c.startswith("feel_of_the_dark"))
    set_hand(match, 0, [feel])
    if dark:
        d["active_power"] = []
    return feel


@pytest.mark.rule("NEM-SURPRISE-5")
def test_feel_of_the_dark_cancels_a_surprise_attack_only_in_darkness():
    match = position(characters=("lab_rat", "hacker"))
    feel = lab_rat_with_feel(match, dark=True)
    token_of(match, "adult", dark_at_least=2)
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    NEM.drain(c)
    assert match.state.legal() and {cmd.args[0] for cmd in match.state.legal()} == {"play", "pass"}
    events = play(match, "0: answer play")
    d = data(match)
    assert "surprise_cancelled" in kinds(events) and "intruder_attack" not in kinds(events)
    assert feel in d["players"][0]["discard"] and d["intruders"]
    # lit: the card does not help, the attack comes at once
    lit = position(characters=("lab_rat", "hacker"))
    lab_rat_with_feel(lit, dark=False)
    token_of(lit, "adult", lit_at_least=2)
    c = ctx(lit)
    intruders.encounter(c, "R006", 0)
    assert "surprise_attack" in kinds(c.events) and not data(lit)["effects"]


@pytest.mark.rule("NEM-SURPRISE-5")
def test_declining_feel_of_the_dark_lets_the_attack_happen():
    match = position(characters=("lab_rat", "hacker"))
    lab_rat_with_feel(match, dark=True)
    token_of(match, "adult", dark_at_least=2)
    c = ctx(match)
    intruders.encounter(c, "R006", 0)
    NEM.drain(c)
    events = play(match, "0: answer pass")
    assert "surprise_attack" in kinds(events) and "intruder_attack" in kinds(events)


def queen_in_nest(match, first_done):
    d = data(match)
    nest = next(r for r in BOARD.order if d["rooms"][r]["tile"] == "nest")
    d["rooms"][nest]["explored"] = True
    for seat in (0, 1):
        place(match, seat, nest, [])
    d["milestones"]["first_encounter"] = first_done
    set_bag(match, "queen")
    d["decks"]["attack"] = [a for a in d["decks"]["attack"]]
    hits = [a.id for a in content().attacks.values() if "queen" in a.symbols]
    stack(match, "attack", *hits[:2])
    return nest


@pytest.mark.rule("NEM-SURPRISE-6", "NEM-BAG-8", "NEM-FAQ-10")
def test_the_queen_of_bag_development_surprises_at_most_once():
    match = position()
    nest = queen_in_nest(match, first_done=True)
    d = data(match)
    c = ctx(match)
    event_phase.e7_bag(c)
    assert kinds(c.events).count("surprise_attack") == 1
    assert kinds(c.events).count("intruder_attack") == 1
    [queen] = [i for i in d["intruders"].values() if i["type"] == "queen"]
    assert queen["room"] == nest and queen["token"] not in d["bag"]       # stays; token not returned
    hit = next(e for e in c.events if e.kind == "surprise_attack")
    assert hit.data["seat"] == 0                                        # equal hands: the First Player


@pytest.mark.rule("NEM-SURPRISE-6", "NEM-ENCOUNTER-6")
def test_a_first_queen_still_surprises_once_after_the_objective_choice():
    match = position()
    queen_in_nest(match, first_done=False)
    c = ctx(match)
    event_phase.e7_bag(c)
    NEM.drain(c)
    assert "surprise_attack" not in kinds(c.events)
    events = answer_all(match)
    assert kinds(events).count("surprise_attack") == 1


# -- end of the game ------------------------------------------------------------------------------------------
@pytest.mark.rule("NEM-DEC-38", "NEM-END-5")
@pytest.mark.parametrize("pending", [True, False])
def test_last_character_out_into_a_pod_launches_the_pending_css_first(pending):
    match = position()
    d = data(match)
    p = d["players"][0]
    p["where"], p["pod"] = "pod", "A"
    d["pods"]["A"] = 0
    d["players"][1]["where"] = "dead"
    d["css"] = {str(d["time"]): "CSS5"} if pending else {}
    end.check_last_out(ctx(match))
    assert d["phase"] == "over"
    assert p["where"] == ("evacuated" if pending else "dead")


# -- content in scope ---------------------------------------------------------------------------------------
@pytest.mark.rule("NEM-DEC-39")
def test_examine_the_archives_belongs_to_the_archive():
    tiles = content().tiles
    owners = [t.id for t in tiles.values() if any(a.id == "examine_archives" for a in t.actions)]
    assert owners == ["archive"]
    assert all(a.id != "examine_archives" for a in tiles["transmitter_control"].actions)


@pytest.mark.rule("NEM-DEC-40")
def test_only_the_basic_board_side_exists(tmp_path: Path):
    assert content().board_file.side == "basic"
    assert all("side" not in o.key and "board" not in o.key for o in Nemesis.info.options)
    text = (Path(nc.__file__).parents[2] / "resources" / "nemesis" / "board_basic.yaml").read_text(encoding="utf-8")
    path = tmp_path / "board_basic.yaml"
    path.write_text(text.replace("side: basic", "side: mars_surface", 1), encoding="utf-8")
    with pytest.raises(ContentError):
        load_content(path, nc.BoardFile)


@pytest.mark.rule("NEM-DEC-41")
def test_only_lockdown_characters_and_intruders_are_offered():
    lockdown = {"survivor", "lab_rat", "sentry", "xenobiologist", "hacker", "janitor"}
    assert set(content().characters) == lockdown
    assert {t.id for t in content().tokens.intruder_types} == {"egg", "larva", "creeper", "adult", "breeder",
                                                                "queen"}
    match = Match.new("nemesis", 2, seed=1, options={"draft": "free"}, seats=["human"] * 2)
    offered = {c.args[0] for c in match.state.legal()}
    assert offered == lockdown
    with pytest.raises(Refused):
        play(match, "0: answer captain")


@pytest.mark.rule("NEM-DEC-42")
def test_no_expansion_modes_or_intruders():
    assert {m.id for m in Nemesis.info.modes} == {"standard", "solo", "coop"}
    assert {m.mode for m in content().modes} == {"standard", "solo", "coop"}
    names = {t.id for t in content().tokens.intruder_types} | set(content().items) | set(content().characters)
    assert not names & {"chytrid", "void_seeder", "carnomorph", "pilot", "aftermath"}
    with pytest.raises(ConfigError, match="no mode 'aftermath'"):
        Match.new("nemesis", 2, mode="aftermath", seed=1, seats=["human"] * 2)


# -- weaknesses, isolation, movement ---------------------------------------------------------------------------
@pytest.mark.rule("NEM-DEC-43")
def test_a_weakness_works_from_exactly_its_threshold():
    match = position()
    d = data(match)
    d["weaknesses"][0]["revealed"] = True
    p = d["players"][0]
    p["inventory"], p["hands"] = [], []
    p["knowledge"] = 3
    assert weakness.active_weaknesses(d, 0) == [d["weaknesses"][0]["id"]]
    p["knowledge"] = 2
    assert weakness.active_weaknesses(d, 0) == []


@pytest.mark.rule("NEM-DEC-45")
def test_the_isolation_room_draw_works_on_its_closed_face_in_round_one():
    match = position()
    d = data(match)
    place(match, 0, "ISO", [])
    assert d["rooms"]["ISO"]["face"] == "closed" and d["round"] == 1
    assert hand.draw_target(d, 0) == 6
    place(match, 0, "R006")
    assert hand.draw_target(d, 0) == 5


@pytest.mark.rule("NEM-DEC-47", "NEM-MOVE-12")
def test_the_cave_entrance_attack_replaces_the_noise_roll_but_service_keys_roll():
    match = started(2, seed=5, characters=["janitor", "sentry"])
    explore_all(match)
    d = data(match)
    room = in_tile(match, 0, "cave_entrance", room="R001")
    other = next(r for r in BOARD.entrance_rooms if r != room)
    explored(match, other, "laboratory", 0)
    place(match, 1, "R010")
    events = play(match, f"0: room move_through_tech target={other} {pay(match, 0, 1)}")
    assert d["players"][0]["room"] == other
    assert "noise_roll" not in kinds(events) and "intruder_attack" in kinds(events)
    # Service Keys: no attack, a Noise roll in the empty Room
    keys = content().items["service_keys"].effect
    assert keys["move_character"]["noise"] == "normal" and keys["move_character"]["attacks"] == "none"
    c = ctx(match)
    run_tree(c, {"move_character": {**keys["move_character"], "to": room}})
    assert d["players"][0]["room"] == room
    assert "noise_roll" in kinds(c.events) and "intruder_attack" not in kinds(c.events)


@pytest.mark.rule("NEM-DEC-48")
def test_careful_movement_places_no_marker_when_no_roll_would_happen():
    match = position()
    d = data(match)
    turn_of(match, 0)
    to = next(r for _, r in BOARD.neighbours("R006") if r in d["rooms"])
    place(match, 1, to)                                                   # occupied: no roll to replace
    events = play(match, f"0: careful_move {to} {pay(match, 0, 2)}")
    assert d["players"][0]["room"] == to and "noise_placed" not in kinds(events)
    assert not (d["effects"] and d["effects"][0].get("pause"))


@pytest.mark.rule("NEM-DEC-51", "NEM-MILESTONE-1")
def test_any_placement_is_the_first_encounter_but_a_move_is_not():
    match = position(first_done=False)
    d = data(match)
    iid = add_intruder(match, "adult", "R010")                           # set up directly: no milestone
    c = ctx(match)
    intruders.move_through(c, iid, 1)
    assert not d["milestones"]["first_encounter"]
    intruders.place_intruder(c, "creeper", None, "R006")                 # e.g. the Creeper of an infection death
    assert d["milestones"]["first_encounter"] and d["effects"][0]["primitive"] == "keep_objective"


@pytest.mark.rule("NEM-DEC-52")
@pytest.mark.parametrize("time,slot", [(9, 4), (5, 2), (1, 0)])
def test_the_alert_slot_is_half_the_time_slot_rounded_down(time, slot):
    match = position()
    d = data(match)
    d["time"] = time
    facility.alert_start(ctx(match))
    assert d["alert"] == slot


# -- co-op ---------------------------------------------------------------------------------------------------
@pytest.mark.rule("NEM-DEC-54", "NEM-COOP-7")
def test_a_revived_character_keeps_deck_knowledge_and_signal_but_no_items():
    match = position(mode="coop")
    d = data(match)
    er = next(r for r in BOARD.order if r != "R006")
    explored(match, er, "emergency_room", 0)
    d["rooms"][er]["objects"].append("corpse")
    p = d["players"][0]
    p.update(where="dead", knowledge=4, signal=True, light=2, serious=[{"type": "arm", "dressed": False}])
    deck = list(p["deck"])
    c = ctx(match)
    coop.revive(c)
    assert p["where"] == "facility" and p["room"] == er and p["knowledge"] == 4 and p["signal"]
    assert p["serious"] == [{"type": "arm", "dressed": True}]
    assert p["light"] == 0 and p["hands"] == [] and p["inventory"] == [] and p["deck"] == deck
    assert "corpse" not in d["rooms"][er]["objects"]


@pytest.mark.rule("NEM-DEC-55", "NEM-COOP-3")
def test_co_op_neutral_peeks_reveal_publicly_and_the_alert_room_gives_no_token():
    match = position(mode="coop")
    d = data(match)
    assert all(p["contingency"] == [] for p in d["players"])
    room = in_tile(match, 0, "archive", room="R006")
    hidden = next(i for i, t in enumerate(d["neutral"]) if t not in d["neutral_revealed"])
    events = play(match, f"0: room examine_archives target=neutral.{hidden} {pay(match, 0, cost('archive'))}")
    d = data(match)
    assert d["neutral"][hidden] in d["neutral_revealed"] and "contingency_revealed_public" in kinds(events)
    assert room
    # the Alert Room: the token is revealed to all and stays in the Neutral Pool's revealed row
    turn_of(match, 0)
    in_tile(match, 0, "alert_room", room="R006")
    hidden = next(i for i, t in enumerate(d["neutral"]) if t not in d["neutral_revealed"])
    token = d["neutral"][hidden]
    pool = len(d["neutral"])
    events = play(match, f"0: room obtain_contingency target=neutral.{hidden} {pay(match, 0, cost('alert_room', 1))}")
    d = data(match)
    assert token in d["neutral_revealed"] and len(d["neutral"]) == pool
    assert d["players"][0]["contingency"] == [] and "contingency_revealed_public" in kinds(events)


@pytest.mark.rule("NEM-COOP-5")
def test_two_signal_objectives_need_two_signalling_characters():
    def check(signals):
        match = position(mode="coop")
        d = data(match)
        for seat, p in enumerate(d["players"]):
            p["objectives"] = ["S1"]
            p["signal"] = seat < signals
            p["where"] = "bunker"
        d["contingency_active"] = next(t.id for t in content().tokens.contingency_tokens if t.colour == "GREEN")
        for p in d["players"]:
            p["deck"] = [c for c in p["deck"] if not c.startswith("CONT")]
            p["larva"] = False
        end.finish(ctx(match), "purge", "test")
        return data(match)["result"]
    one = check(1)
    assert not any(e["objective_met"] for e in one.values()) and not any(e["won"] for e in one.values())
    two = check(2)
    assert all(e["objective_met"] and e["won"] for e in two.values())


# -- card content -------------------------------------------------------------------------------------------
def all_names():
    c = content()
    things = list(c.attacks.values()) + list(c.events.values()) + list(c.weaknesses.values()) + \
        list(c.items.values()) + list(c.common_cards)
    things += [card for ch in c.characters.values() for card in ch.cards]
    return {t.name.en for t in things}


@pytest.mark.rule("NEM-DEC-56")
def test_the_publicly_known_card_names_are_in_the_content():
    known = {"Cut", "Blood Chase", "Perched in the Dark", "Coolant Leak", "Lurking", "Power Surge",
             "Wary of Shadows", "Inconspicuous", "Clean Up", "Quarantine", "Vents"}
    assert known <= all_names()
    assert len(content().attacks) == 20 and len(content().events) == 22


@pytest.mark.rule("NEM-DEC-57")
def test_nine_of_twenty_seven_contamination_cards_are_infected():
    cards_ = content().contamination
    assert len(cards_) == 27 and sum(1 for c in cards_ if c.infected) == 9


@pytest.mark.rule("NEM-DEC-58")
def test_five_serious_wound_types_of_five_copies():
    wounds = content().serious_wounds
    assert len(wounds) == 5 and all(w.copies == 5 for w in wounds.values()) and "knee" in wounds


@pytest.mark.rule("NEM-DEC-59")
def test_bury_the_past_ignores_its_own_holder():
    from engine.nemesis.objectives import objective_met
    match = position(characters=("survivor", "sentry"))
    d = data(match)
    assert content().characters["survivor"].group == "nemesis_survivor"
    d["players"][0]["where"], d["players"][1]["where"] = "bunker", "bunker"
    assert objective_met(d, 0, "P7")                        # the holder survives; no other Nemesis Survivor
    match = position(characters=("sentry", "survivor"))
    d = data(match)
    d["players"][0]["where"], d["players"][1]["where"] = "bunker", "bunker"
    assert not objective_met(d, 0, "P7")


@pytest.mark.rule("NEM-DEC-61")
def test_decontamination_removes_infected_cards_only():
    match = position()
    d = data(match)
    in_tile(match, 0, "decon_room", room="R006", hand_size=cost("decon_room"))
    infected = next(c.id for c in content().contamination if c.infected)
    clean = next(c.id for c in content().contamination if not c.infected)
    p = d["players"][0]
    for card in (infected, clean):
        d["decks"]["contamination"].remove(card)
        p["hand"].append(card)
    play(match, f"0: room decontamination {pay(match, 0, cost('decon_room'))}")
    p = data(match)["players"][0]
    everything = p["hand"] + p["deck"] + p["discard"]
    assert infected not in everything and clean in everything


@pytest.mark.rule("NEM-DEC-62")
@pytest.mark.parametrize("door", ["closed", "destroyed"])
def test_a_door_token_on_a_corridor_with_a_door_does_nothing(door):
    match = position()
    d = data(match)
    room = "R006"
    corridor = BOARD.exit(room, 1)
    d["rooms"][room]["explored"] = False
    d["rooms"][room]["token"] = next(t.id for t in content().tokens.exploration_tokens if t.effect == "door")
    d["corridors"][corridor]["door"] = door
    c = ctx(match)
    moving.explore(c, 0, room, corridor)
    assert d["corridors"][corridor]["door"] == door and "door_closed" not in kinds(c.events)


@pytest.mark.rule("NEM-DEC-63")
def test_activating_a_quest_item_costs_nothing_and_works_in_combat():
    match = position(characters=("hacker", "sentry"))
    d = data(match)
    turn_of(match, 0)
    p = d["players"][0]
    p["stats"]["computer_actions"] = 5
    p["hands"] = []
    add_intruder(match, "adult", "R006")
    size = len(p["hand"])
    play(match, "0: activate")
    p = data(match)["players"][0]
    assert p["quest"]["active"] and len(p["hand"]) == size


@pytest.mark.rule("NEM-DEC-65")
def test_every_character_has_a_full_deck_a_quest_item_and_the_named_items():
    c = content()
    for ch in c.characters.values():
        assert len(ch.deck(c.common_cards)) == 10 and ch.quest_item in c.items
        assert ch.starting_item is None or ch.starting_item in c.items
    assert c.characters["hacker"].starting_item == "stun_pistol"
    assert c.characters["janitor"].starting_item == "nail_gun"
    assert sum(1 for i in c.items.values() if i.deck == "quest") == 6


@pytest.mark.rule("NEM-DEC-66")
def test_common_card_costs():
    costs = {card.id: card.cost for card in content().common_cards}
    assert costs == {"search": 0, "dismantle": 1, "interruption": 0, "rest": 1}
    assert sorted(card.id for card in content().common_cards for _ in range(card.copies)) == \
        ["dismantle", "interruption", "rest", "search", "search"]


@pytest.mark.rule("NEM-DEC-67")
def test_objective_decks_hold_nine_nine_and_ten():
    from collections import Counter
    assert Counter(o.deck for o in content().objectives.values()) == {"personal": 9, "corporate": 9,
                                                                       "solo_coop": 10}


@pytest.mark.rule("NEM-DEC-68")
def test_master_override_opens_the_main_gate_in_the_exit_room():
    match = position(characters=("hacker", "sentry"))
    d = data(match)
    effect = content().items["master_override"].effect
    exit_room = next(r.id for r in content().board_file.rooms if r.exit_room)
    place(match, 0, "R006" if exit_room != "R006" else "R010")
    run_tree(ctx(match), effect)
    assert not d["main_gate_open"]
    place(match, 0, exit_room)
    run_tree(ctx(match), effect)
    assert d["main_gate_open"]


@pytest.mark.rule("NEM-DEC-74", "NEM-SLIME-3")
def test_weird_metabolism_and_mop_up_remove_slime():
    match = position(characters=("lab_rat", "janitor"))
    d = data(match)
    lab = next(card for card in content().characters["lab_rat"].cards if card.id == "weird_metabolism")
    d["players"][0]["slime"] = True
    run_tree(ctx(match), lab.effect, option=1)
    assert d["players"][0]["slime"] is False
    mop = next(card for card in content().characters["janitor"].cards if card.id == "mop_up")
    d["players"][0]["slime"] = True
    place(match, 1, "R006")
    run_tree(ctx(match, 1), mop.effect, targets=(0,))              # another character in the Room
    assert d["players"][0]["slime"] is False


@pytest.mark.rule("NEM-DEC-75", "NEM-CONTINGENCY-4")
def test_power_routing_and_the_motion_tracker_may_look_into_the_neutral_pool():
    from engine.nemesis.rules import computer
    match = position()
    d = data(match)
    spots = [t for _, t in computer._routing_spots(d, 0)]
    assert any(s.startswith("neutral.") for s in spots)
    tracker = content().items["motion_tracker"].effect["choice"]
    assert any(branch.get("peek", {}).get("kind") == "contingency" for branch in tracker)


# -- reactions and drops ------------------------------------------------------------------------------------------
@pytest.mark.rule("NEM-DEC-78", "NEM-ACTION-20")
def test_interruption_never_answers_a_pass():
    match = position()
    d = data(match)
    place(match, 1, "R006")
    p1 = d["players"][1]
    inter = next(c for c in p1["hand"] + p1["deck"] + p1["discard"] if c.startswith("interruption"))
    set_hand(match, 1, [inter])
    turn_of(match, 0)
    events = play(match, "0: pass")
    assert "interruption" not in [s["primitive"] for s in data(match)["effects"]]
    assert "interruption_played" not in kinds(events)
    # a declared action in the same Room does open the window
    match2 = position()
    d2 = data(match2)
    place(match2, 1, "R006")
    p1 = d2["players"][1]
    inter = next(c for c in p1["hand"] + p1["deck"] + p1["discard"] if c.startswith("interruption"))
    set_hand(match2, 1, [inter])
    turn_of(match2, 0)
    to = next(r for _, r in BOARD.neighbours("R006"))
    play(match2, f"0: move {to} {pay(match2, 0, 1)}")
    assert data(match2)["effects"][0]["primitive"] == "interruption"


@pytest.mark.rule("NEM-DEC-81", "NEM-ACTION-12")
def test_only_a_receiver_of_a_heavy_thing_drops_outside_their_turn():
    match = position()
    d = data(match)
    place(match, 1, "R006")
    d["players"][1]["hands"] = []
    give(match, 1, "revolver", heavy=True)
    give(match, 1, "revolver", heavy=True) if "revolver" in d["decks"]["red"] else d["players"][1]["hands"].append(
        {"item": "revolver", "ammo": 3})
    turn_of(match, 0)
    assert refused(match, "1: drop h0")
    c = ctx(match)
    d = data(match)
    d["players"][0]["hands"] = [{"item": "revolver", "ammo": 1}]
    c.push({"trade_accept": {"giver": 0, "thing": "h0"}}, seat=1)
    NEM.drain(c)
    options = {cmd.args[0] for cmd in match.state.legal()}
    assert options == {"accept/drop0", "accept/drop1", "decline"}
    play(match, "1: answer accept/drop0")
    assert len(data(match)["players"][1]["hands"]) == 2 and data(match)["players"][0]["hands"] == []




# -- Inconspicuous: the target changes before the card is drawn ---------------------------------------------
def inconspicuous_position():
    match = position(characters=("lab_rat", "hacker"))
    d = data(match)
    place(match, 1, "R006")
    p = d["players"][0]
    card = next(c for c in p["hand"] + p["deck"] + p["discard"] if c.startswith("inconspicuous"))
    set_hand(match, 0, [card])
    hit = next(a.id for a in content().attacks.values() if "adult" in a.symbols)
    stack(match, "attack", hit)
    iid = add_intruder(match, "adult", "R006")
    return match, iid, card, hit


@pytest.mark.rule("NEM-ATTACK-7")
def test_inconspicuous_retargets_before_the_attack_card_is_drawn():
    match, iid, card, hit = inconspicuous_position()
    d = data(match)
    c = ctx(match)
    intruders.attack(c, iid, 0)
    assert "intruder_attack" not in kinds(c.events) and d["decks"]["attack"][-1] == hit   # no card drawn yet
    NEM.drain(c)
    assert {cmd.args[0] for cmd in match.state.legal()} == {"to1", "pass"}
    events = play(match, "0: answer to1")
    d = data(match)
    attack = next(e for e in events if e.kind == "intruder_attack")
    assert attack.data["seat"] == 1 and attack.data["card"] == hit and card in d["players"][0]["discard"]
    assert kinds(events).index("attack_retargeted") < kinds(events).index("intruder_attack")


@pytest.mark.rule("NEM-ATTACK-7")
def test_without_another_character_no_inconspicuous_window_opens():
    match, iid, card, hit = inconspicuous_position()
    place(match, 1, "BPS")
    c = ctx(match)
    intruders.attack(c, iid, 0)
    assert [e.data["seat"] for e in c.events if e.kind == "intruder_attack"] == [0]
    assert card in data(match)["players"][0]["hand"]


@pytest.mark.rule("NEM-MOVE-12")
def test_a_failed_pod_returns_its_occupant_without_a_noise_roll():
    match = position()
    d = data(match)
    p = d["players"][0]
    pod_room = next(r for r in BOARD.order if content().tiles[d["rooms"][r]["tile"]].pod == "A")
    d["rooms"][pod_room]["explored"] = True
    p["where"], p["pod"] = "pod", "A"
    d["pods"]["A"] = 0
    d["css"] = {str(d["time"]): "CSS7"}                      # no pod launches
    c = ctx(match)
    event_phase.e1_css(c)
    assert p["where"] == "facility" and p["room"] == pod_room
    assert "pod_failed" in kinds(c.events) and "noise_roll" not in kinds(c.events)
