"""Combat: Shoot, Melee, destroying Eggs, intruder injuries and death, retreat and escape
(NEM-COMBAT, NEM-SHOOT, NEM-MELEE, NEM-EGG, NEM-INTRUDERDMG, NEM-RETREAT, NEM-ESCAPE)."""
from __future__ import annotations

import pytest

from engine.core import Command, Refused
from engine.nemesis.rules import combat, intruders
from engine.nemesis.rules.places import in_combat
from engine.nemesis.trees import run_tree

from . import scenario as s

HERE, NEXT_DOOR, DARK_STAIRS = "R006", "R005", "ST12"    # R006 and R005 share corridor C08 (number 3 in both)


@pytest.fixture
def match():
    """Seat 0 the Sentry (SMG 4/6) in R006, seat 1 the Hacker (Stun Pistol) far away in R016; every
    Room explored; S01 powered; Knowledge 0 (no Weakness applies); seat 0 to act."""
    m = s.started(2, characters=["sentry", "hacker"])
    d = s.data(m)
    s.explore_all(m)
    for p in d["players"]:
        p["knowledge"] = 0
    s.place(m, 0, HERE)
    s.place(m, 1, "R016")
    s.power(m, "S01", True)
    d["turn"] = {"seat": 0, "actions": 0, "first_turn_moves": 0}
    return m


def act(m, text: str):
    return s.play(m, f"0: {text} {s.pay(m, 0, 1)}")


def answer(m, value: str):
    return s.play(m, f"{m.state.prompt.seats[0]}: answer {value}")


def player(m, seat: int = 0):
    return s.data(m)["players"][seat]


def event(events, kind: str):
    return [e for e in events if e.kind == kind]


# -- NEM-COMBAT --------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-COMBAT-1")
def test_combat_exists_while_an_intruder_shares_the_room(match):
    d = s.data(match)
    assert not in_combat(d, 0)
    assert not [c for c in match.state.legal() if c.verb in ("shoot", "melee")]
    s.add_intruder(match, "adult", HERE)
    assert in_combat(d, 0)
    verbs = {c.verb for c in match.state.legal()}
    assert {"shoot", "melee"} <= verbs                  # no declaration needed


@pytest.mark.rule("NEM-COMBAT-2")
def test_in_combat_shoot_melee_and_escape_are_offered_but_careful_movement_is_refused(match):
    s.add_intruder(match, "adult", HERE)
    verbs = {c.verb for c in match.state.legal()}
    assert {"shoot", "melee", "move"} <= verbs and "careful_move" not in verbs
    with pytest.raises(Refused):
        s.play(match, f"0: careful_move {NEXT_DOOR} {s.pay(match, 0, 2)}")


@pytest.mark.rule("NEM-COMBAT-3")
@pytest.mark.parametrize("text", ["shoot target=hacker weapon=smg", "melee target=P1", "melee target=1"])
def test_characters_never_attack_characters(match, text):
    s.place(match, 1, HERE)
    s.add_intruder(match, "adult", HERE)
    with pytest.raises(Refused) as err:
        act(match, text)
    assert err.value.rule_id == "NEM-COMBAT-3"
    targets = {c.get("target") for c in match.state.legal() if c.verb in ("shoot", "melee")}
    assert targets == {"I1"} or all(str(t).startswith("I") for t in targets)


@pytest.mark.rule("NEM-COMBAT-4")
def test_ranks_decide_what_the_symbol_faces_hit():
    assert [combat.rank(k) for k in ("egg", "larva", "creeper", "adult", "breeder", "queen")] == [0, 1, 2, 3, 4, 5]
    assert [combat.injuries("CREEPER", combat.rank(k), "shoot", False)
            for k in ("larva", "creeper", "adult")] == [1, 1, 0]
    assert [combat.injuries("ADULT", combat.rank(k), "shoot", False)
            for k in ("adult", "breeder", "queen")] == [1, 0, 0]


@pytest.mark.rule("NEM-COMBAT-5")
def test_a_combat_die_modifier_also_modifies_the_advantage_die(match):
    """The Shotgun's CREEPER→ADULT works on the Advantage die rolled in a powered Section."""
    player(match)["hands"] = []
    s.hold(match, 0, "shotgun")
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A06")                     # blood 5: survives
    s.rig(match, "CREEPER")
    events = act(match, f"shoot target={iid} weapon=shotgun")
    assert event(events, "combat_roll")[0].data["die"] == "advantage"
    assert s.data(match)["intruders"][iid]["injuries"] == 1


@pytest.mark.rule("NEM-COMBAT-6")
def test_injuries_stay_on_the_miniature_and_a_death_check_follows(match):
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A06", "A06")              # blood 5 twice
    s.rig(match, "HIT1", "HIT1")
    act(match, f"shoot target={iid} weapon=smg")
    assert s.data(match)["intruders"][iid]["injuries"] == 1
    assert s.data(match)["discards"]["attack"][-1] == "A06"
    act(match, f"shoot target={iid} weapon=smg")
    assert s.data(match)["intruders"][iid]["injuries"] == 2


# -- NEM-SHOOT ---------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-SHOOT-1")
def test_shoot_needs_combat_a_loaded_weapon_in_hand_and_a_target(match):
    with pytest.raises(Refused) as err:                 # no intruder: no target
        act(match, "shoot target=I9 weapon=smg")
    assert err.value.rule_id == "NEM-SHOOT-1"
    iid = s.add_intruder(match, "adult", HERE)
    with pytest.raises(Refused) as err:
        act(match, f"shoot target={iid} weapon=revolver")   # not held
    assert err.value.rule_id == "NEM-SHOOT-1"
    with pytest.raises(Refused) as err:
        act(match, f"shoot target={iid}")                  # no weapon named
    assert err.value.rule_id == "NEM-SHOOT-1"
    player(match)["hands"][0]["ammo"] = 0
    with pytest.raises(Refused) as err:
        act(match, f"shoot target={iid} weapon=smg")
    assert err.value.rule_id == "NEM-SHOOT-1"
    assert not [c for c in match.state.legal() if c.verb == "shoot"]
    player(match)["hands"][0]["ammo"] = 1
    with pytest.raises(Refused) as err:                 # costs exactly 1
        s.play(match, f"0: shoot target={iid} weapon=smg")
    assert err.value.rule_id == "NEM-COST-1"
    assert [c for c in match.state.legal() if c.verb == "shoot"]


@pytest.mark.rule("NEM-SHOOT-2")
def test_shooting_spends_one_ammo_of_the_chosen_weapon(match):
    s.hold(match, 0, "revolver", 3)
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A06")
    s.rig(match, "HIT1")
    act(match, f"shoot target={iid} weapon=revolver")
    assert [h["ammo"] for h in player(match)["hands"]] == [4, 2]
    assert player(match)["hand"].__len__() == 4 and player(match)["discard"]


@pytest.mark.rule("NEM-SHOOT-3")
@pytest.mark.parametrize("room, powered, die", [(HERE, True, "advantage"), (HERE, False, "combat"),
                                                (DARK_STAIRS, True, "combat")])
def test_advantage_die_only_in_a_powered_section(match, room, powered, die):
    s.place(match, 0, room)
    s.power(match, "S01", powered)
    s.power(match, "S02", powered)
    iid = s.add_intruder(match, "adult", room)
    s.stack(match, "attack", "A06")
    s.rig(match, "HIT1")
    events = act(match, f"shoot target={iid} weapon=smg")
    assert event(events, "combat_roll")[0].data["die"] == die


@pytest.mark.rule("NEM-SHOOT-4")
@pytest.mark.parametrize("face, kind, hurt", [
    ("BLANK", "larva", 0), ("CREEPER", "creeper", 1), ("CREEPER", "adult", 0), ("ADULT", "adult", 1),
    ("ADULT", "breeder", 0), ("HIT1", "queen", 1), ("HIT2", "breeder", 2)])
def test_faces_against_ranks(match, face, kind, hurt):
    s.power(match, "S01", False)                        # the Combat die
    player(match)["hands"] = []
    s.hold(match, 0, "revolver")                        # no special rule
    iid = s.add_intruder(match, kind, HERE)
    s.stack(match, "attack", "A15", "A15")              # blood 6 twice: nobody dies
    s.rig(match, face)
    events = act(match, f"shoot target={iid} weapon=revolver")
    assert event(events, "combat_result")[0].data["injuries"] == hurt
    if kind != "larva":
        assert s.data(match)["intruders"][iid]["injuries"] == hurt
    assert bool(event(events, "intruder_injured")) == bool(hurt)


@pytest.mark.rule("NEM-SHOOT-5")
@pytest.mark.parametrize("discard, hurt", [(True, 1), (False, 0)])
def test_discard_for_1_needs_an_action_card(match, discard, hurt):
    iid = s.add_intruder(match, "adult", HERE)
    player(match)["hand"].append(s.data(match)["decks"]["contamination"].pop())
    s.stack(match, "attack", "A15")
    s.rig(match, "DISCARD_FOR_1")
    act(match, f"shoot target={iid} weapon=smg")
    assert match.state.prompt.kind == "combat_discard"
    options = [c.args[0] for c in match.state.legal()]
    assert "none" in options and not [o for o in options if str(o).startswith("CONT")]
    card = next(o for o in options if o != "none")
    events = answer(match, card if discard else "none")
    assert event(events, "combat_result")[0].data["injuries"] == hurt
    assert (card in player(match)["discard"]) == discard


@pytest.mark.rule("NEM-SHOOT-6")
@pytest.mark.parametrize("discard, hurt", [(True, 2), (False, 1)])
def test_hit1_or_discard_for_2(match, discard, hurt):
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A15")
    s.rig(match, "HIT1_OR_DISCARD_FOR_2")
    act(match, f"shoot target={iid} weapon=smg")
    options = [c.args[0] for c in match.state.legal()]
    events = answer(match, options[1] if discard else "none")
    assert s.data(match)["intruders"][iid]["injuries"] == hurt
    assert event(events, "combat_result")[0].data["face"] == "HIT1_OR_DISCARD_FOR_2"


@pytest.mark.rule("NEM-SHOOT-7")
@pytest.mark.parametrize("weapon, face, kind, powered, hurt", [
    ("shotgun", "CREEPER", "adult", False, 1),          # unmodified CREEPER counts as ADULT
    ("revolver", "CREEPER", "adult", False, 0),         # no rule: a miss
    ("energy_rifle", "HIT1", "adult", True, 2),         # powered: +1 on a hit
    ("energy_rifle", "HIT1", "adult", False, 1),
    ("energy_rifle", "ADULT", "breeder", True, 0),      # no hit, no bonus
    ("flamethrower", "ADULT", "breeder", False, 1),     # every non-BLANK deals at least 1
    ("flamethrower", "BLANK", "adult", False, 0),
    ("assault_rifle", "HIT2", "adult", False, 3)])
def test_weapon_rules_apply_after_the_roll(match, weapon, face, kind, powered, hurt):
    player(match)["hands"] = []
    s.hold(match, 0, weapon)
    s.power(match, "S01", powered)
    iid = s.add_intruder(match, kind, HERE)
    s.stack(match, "attack", "A15", "A15")
    s.rig(match, face)
    events = act(match, f"shoot target={iid} weapon={weapon}")
    assert event(events, "combat_result")[0].data["injuries"] == hurt


@pytest.mark.rule("NEM-SHOOT-7")
def test_flamethrower_hit2_places_fire_and_stun_pistol_makes_the_survivor_retreat(match):
    player(match)["hands"] = []
    s.hold(match, 0, "flamethrower")
    s.power(match, "S01", False)
    iid = s.add_intruder(match, "breeder", HERE)
    s.stack(match, "attack", "A15", "A15")
    s.rig(match, "HIT2")
    act(match, f"shoot target={iid} weapon=flamethrower")
    assert s.data(match)["rooms"][HERE]["fire"]
    player(match)["hands"] = []
    s.hold(match, 0, "stun_pistol")
    s.stack(match, "attack", "A15", "A15")
    s.stack(match, "event", s.data(match)["decks"]["event"][0])
    s.rig(match, "HIT1")
    events = act(match, f"shoot target={iid} weapon=stun_pistol")
    assert event(events, "intruder_retreats")


@pytest.mark.rule("NEM-SHOOT-7")
@pytest.mark.parametrize("weapon, pay_with", [("smg", "reroll"), ("nail_gun", "card")])
def test_a_blank_may_be_rerolled_with_the_smg_or_the_nail_gun(match, weapon, pay_with):
    player(match)["hands"] = []
    s.hold(match, 0, weapon)
    s.power(match, "S01", False)
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A15")
    s.rig(match, "BLANK", "HIT1")
    act(match, f"shoot target={iid} weapon={weapon}")
    assert match.state.prompt.kind == "reroll"
    options = [c.args[0] for c in match.state.legal()]
    ammo = player(match)["hands"][0]["ammo"]
    hand = len(player(match)["hand"])
    answer(match, "reroll" if pay_with == "reroll" else options[1])
    assert s.data(match)["intruders"][iid]["injuries"] == 1
    if pay_with == "reroll":
        assert player(match)["hands"][0]["ammo"] == ammo - 1
    else:
        assert len(player(match)["hand"]) == hand - 1


@pytest.mark.rule("NEM-SHOOT-8")
def test_injuries_of_one_shot_are_placed_together_then_one_check(match):
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A07")                     # blood 2
    s.rig(match, "HIT2")
    before = len(s.data(match)["discards"]["attack"])
    events = act(match, f"shoot target={iid} weapon=smg")
    assert len(s.data(match)["discards"]["attack"]) == before + 1
    assert [e.data["n"] for e in event(events, "intruder_injured")] == [2]
    assert iid not in s.data(match)["intruders"]


@pytest.mark.rule("NEM-SHOOT-9")
def test_ammo_never_exceeds_the_maximum(match):
    player(match)["hands"][0]["ammo"] = 5               # SMG max 6
    run_tree(s.ctx(match), s.content().items["ammo_box"].effect)
    assert player(match)["hands"][0]["ammo"] == 6


# -- NEM-MELEE ---------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-MELEE-1")
def test_melee_needs_an_intruder_but_no_item(match):
    with pytest.raises(Refused) as err:
        act(match, "melee target=I7")
    assert err.value.rule_id == "NEM-MELEE-1"
    player(match)["hands"] = []
    iid = s.add_intruder(match, "adult", HERE)
    assert [c for c in match.state.legal() if c.verb == "melee" and c.get("target") == iid]
    with pytest.raises(Refused) as err:
        s.play(match, f"0: melee target={iid}")
    assert err.value.rule_id == "NEM-COST-1"


@pytest.mark.rule("NEM-MELEE-2")
def test_melee_first_gains_a_contamination_card(match):
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A15")
    s.rig(match, "HIT1")
    events = act(match, f"melee target={iid}")
    assert player(match)["discard"][-1].startswith("CONT")
    kinds = s.kinds(events)
    assert kinds.index("contamination_gained") < kinds.index("combat_roll")


@pytest.mark.rule("NEM-MELEE-3")
def test_melee_rolls_the_combat_die_even_with_power(match):
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A15")
    s.rig(match, "HIT1")
    events = act(match, f"melee target={iid}")
    assert event(events, "combat_roll")[0].data["die"] == "combat"


@pytest.mark.rule("NEM-MELEE-4")
@pytest.mark.rule("NEM-MELEE-5")
@pytest.mark.rule("NEM-MELEE-6")
@pytest.mark.parametrize("face, kind, hurt", [
    ("BLANK", "larva", 0), ("CREEPER", "creeper", 1), ("CREEPER", "adult", 0), ("ADULT", "adult", 1),
    ("ADULT", "breeder", 0)])
def test_a_melee_miss_costs_a_serious_wound(match, face, kind, hurt):
    iid = s.add_intruder(match, kind, HERE)
    s.stack(match, "attack", "A15", "A15")
    s.rig(match, face)
    events = act(match, f"melee target={iid}")
    assert event(events, "combat_result")[0].data["injuries"] == hurt
    assert len(player(match)["serious"]) == (0 if hurt else 1)


@pytest.mark.rule("NEM-MELEE-7")
def test_melee_hit2_deals_one_injury(match):
    iid = s.add_intruder(match, "breeder", HERE)
    s.stack(match, "attack", "A15", "A15")
    s.rig(match, "HIT2")
    act(match, f"melee target={iid}")
    assert s.data(match)["intruders"][iid]["injuries"] == 1


@pytest.mark.rule("NEM-MELEE-8")
def test_wrench_and_combat_knife_modify_melee_after_the_roll(match):
    player(match)["hands"] = [{"item": "wrench", "ammo": None}]
    iid = s.add_intruder(match, "breeder", HERE)
    s.rig(match, "BLANK")
    act(match, f"melee target={iid}")
    assert player(match)["serious"] == []               # Wrench: a BLANK does not wound
    player(match)["inventory"] = [{"item": "combat_knife"}]
    player(match)["hands"] = []
    s.stack(match, "attack", "A15", "A15")
    s.rig(match, "BLANK", "HIT1")
    act(match, f"melee target={iid}")
    assert match.state.prompt.kind == "reroll"
    answer(match, "reroll")
    assert s.data(match)["intruders"][iid]["injuries"] == 1 and player(match)["serious"] == []


# -- NEM-EGG -----------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-EGG-1")
def test_eggs_can_be_attacked_out_of_combat_and_in_combat(match):
    s.data(match)["rooms"][HERE]["objects"] = ["egg", "egg"]
    targets = {(c.verb, c.get("target")) for c in match.state.legal() if c.verb in ("shoot", "melee")}
    assert targets == {("shoot", "eggs"), ("melee", "eggs")}
    s.rig(match, "HIT1", "SILENCE")
    act(match, "shoot target=eggs weapon=smg")
    assert s.data(match)["rooms"][HERE]["objects"] == ["egg"]
    s.add_intruder(match, "adult", HERE)
    s.rig(match, "HIT1", "SILENCE")
    act(match, "melee target=eggs")
    assert s.data(match)["rooms"][HERE]["objects"] == []


@pytest.mark.rule("NEM-EGG-2")
def test_nest_eggs_count_as_uncarried_eggs_in_the_explored_nest(match):
    d = s.data(match)
    d["rooms"][HERE]["tile"] = "nest"
    assert combat.uncarried_eggs(d, HERE) == 5
    s.rig(match, "HIT2", "SILENCE")
    act(match, "shoot target=eggs weapon=smg")
    assert d["nest_eggs"] == 3
    d["rooms"][HERE]["explored"] = False
    assert combat.uncarried_eggs(d, HERE) == 0


@pytest.mark.rule("NEM-EGG-3")
def test_each_injury_destroys_one_egg_which_leaves_the_game(match):
    d = s.data(match)
    d["rooms"][HERE]["objects"] = ["egg", "egg", "egg", "carcass"]
    s.rig(match, "HIT2", "SILENCE")
    events = act(match, "shoot target=eggs weapon=smg")
    assert d["rooms"][HERE]["objects"] == ["egg", "carcass"]
    assert event(events, "eggs_destroyed")[0].data["n"] == 2


@pytest.mark.rule("NEM-EGG-4")
@pytest.mark.parametrize("face, discard, destroyed", [
    ("CREEPER", None, 1), ("ADULT", None, 1), ("BLANK", None, 0), ("DISCARD_FOR_1", True, 1),
    ("DISCARD_FOR_1", False, 0), ("HIT1_OR_DISCARD_FOR_2", False, 1), ("HIT1_OR_DISCARD_FOR_2", True, 2)])
def test_eggs_have_rank_zero(match, face, discard, destroyed):
    d = s.data(match)
    s.power(match, "S01", face not in ("BLANK",))
    player(match)["hands"] = []
    s.hold(match, 0, "revolver")
    d["rooms"][HERE]["objects"] = ["egg"] * 3
    s.rig(match, face, "SILENCE")
    act(match, "shoot target=eggs weapon=revolver")
    if discard is not None:
        options = [c.args[0] for c in match.state.legal()]
        answer(match, options[1] if discard else "none")
    assert match.state.prompt.kind == "turn"
    assert d["rooms"][HERE]["objects"].count("egg") == 3 - destroyed


@pytest.mark.rule("NEM-EGG-5")
def test_melee_on_eggs_draws_no_contamination_never_wounds_and_deals_at_most_one(match):
    d = s.data(match)
    d["rooms"][HERE]["objects"] = ["egg"] * 3
    s.rig(match, "BLANK", "SILENCE")
    act(match, "melee target=eggs")
    assert player(match)["serious"] == [] and not any(c.startswith("CONT") for c in player(match)["discard"])
    s.rig(match, "HIT2", "SILENCE")
    act(match, "melee target=eggs")
    assert d["rooms"][HERE]["objects"].count("egg") == 2


@pytest.mark.rule("NEM-EGG-6")
@pytest.mark.parametrize("face", ["BLANK", "HIT1"])
def test_every_egg_attempt_ends_with_a_noise_roll_even_in_company(match, face):
    s.place(match, 1, HERE)
    s.add_intruder(match, "adult", HERE)
    s.data(match)["rooms"][HERE]["objects"] = ["egg"]
    s.power(match, "S01", False)
    player(match)["hands"] = []
    s.hold(match, 0, "revolver")
    s.rig(match, face, "SILENCE")
    events = act(match, "shoot target=eggs weapon=revolver")
    assert event(events, "noise_roll")[0].data["seat"] == 0


@pytest.mark.rule("NEM-EGG-7")
def test_carried_eggs_cannot_be_targeted(match):
    s.place(match, 1, HERE)
    player(match, 1)["hands"] = [{"object": "egg"}]
    with pytest.raises(Refused) as err:
        act(match, "shoot target=eggs weapon=smg")
    assert err.value.rule_id == "NEM-EGG-7"
    assert not [c for c in match.state.legal() if c.get("target") == "eggs"]


@pytest.mark.rule("NEM-EGG-8")
def test_an_empty_nest_is_destroyed_for_good(match):
    d = s.data(match)
    d["rooms"][HERE]["tile"] = "nest"
    d["nest_eggs"] = 2
    s.rig(match, "HIT2", "SILENCE")
    events = act(match, "shoot target=eggs weapon=smg")
    assert d["nest_eggs"] == 0 and d["nest_destroyed"] and "nest_destroyed" in s.kinds(events)


@pytest.mark.rule("NEM-EGG-9")
def test_eggs_are_not_intruders(match):
    d = s.data(match)
    d["rooms"][HERE]["objects"] = ["egg"]
    assert not in_combat(d, 0)
    assert "careful_move" in {c.verb for c in match.state.legal()}
    c = s.ctx(match)
    intruders.intruders_attack(c)
    assert not event(c.events, "intruder_attack")


# -- NEM-INTRUDERDMG ---------------------------------------------------------------------------------

@pytest.mark.rule("NEM-INTRUDERDMG-1")
def test_any_injury_kills_a_larva_without_a_carcass(match):
    d = s.data(match)
    iid = s.add_intruder(match, "larva", HERE)
    token = d["intruders"][iid]["token"]
    before = len(d["discards"]["attack"])
    intruders.injure(s.ctx(match), iid, 1, 0)
    assert iid not in d["intruders"] and "carcass" not in d["rooms"][HERE]["objects"]
    assert token in d["out_tokens"] and token not in d["bag"]
    assert len(d["discards"]["attack"]) == before


@pytest.mark.rule("NEM-INTRUDERDMG-2")
@pytest.mark.parametrize("kind, blood_card, injuries, dies", [
    ("adult", "A07", 2, True), ("adult", "A04", 2, False), ("creeper", "A01", 2, True), ("creeper", "A04", 1, False)])
def test_creeper_and_adult_compare_one_blood_value(match, kind, blood_card, injuries, dies):
    d = s.data(match)
    iid = s.add_intruder(match, kind, HERE)
    d["intruders"][iid]["injuries"] = injuries - 1
    s.stack(match, "attack", blood_card)
    intruders.injure(s.ctx(match), iid, 1, 0)
    assert (iid not in d["intruders"]) == dies


@pytest.mark.rule("NEM-INTRUDERDMG-3")
@pytest.mark.parametrize("injuries, dies", [(4, True), (3, False)])
def test_breeder_and_queen_sum_two_blood_values(match, injuries, dies):
    d = s.data(match)
    iid = s.add_intruder(match, "breeder", HERE)
    d["intruders"][iid]["injuries"] = injuries - 1
    s.stack(match, "attack", "A01", "A07")              # 2 + 2
    intruders.injure(s.ctx(match), iid, 1, 0)
    assert (iid not in d["intruders"]) == dies
    assert d["discards"]["attack"][-2:] == ["A01", "A07"]


@pytest.mark.rule("NEM-INTRUDERDMG-4")
def test_a_retreat_symbol_makes_the_intruder_retreat(match):
    d = s.data(match)
    iid = s.add_intruder(match, "breeder", HERE)
    d["intruders"][iid]["injuries"] = 9
    s.stack(match, "attack", "A01", "A13")              # would die, but A13 shows Retreat
    c = s.ctx(match)
    intruders.injure(c, iid, 1, 0)
    assert event(c.events, "intruder_retreats") and not event(c.events, "intruder_killed")


@pytest.mark.rule("NEM-INTRUDERDMG-5")
def test_a_new_check_after_every_separate_damage_instance(match):
    d = s.data(match)
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A15", "A15")
    c = s.ctx(match)
    before = len(d["discards"]["attack"])
    intruders.injure(c, iid, 1, 0)
    intruders.injure(c, iid, 1, 0)
    assert len(d["discards"]["attack"]) == before + 2 and d["intruders"][iid]["injuries"] == 2


@pytest.mark.rule("NEM-INTRUDERDMG-6")
def test_check_cards_go_to_the_attack_discard_pile(match):
    d = s.data(match)
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A15")
    intruders.injure(s.ctx(match), iid, 1, 0)
    assert d["discards"]["attack"][-1] == "A15" and "A15" not in d["decks"]["attack"]


@pytest.mark.rule("NEM-INTRUDERDMG-7")
@pytest.mark.parametrize("kind", ["creeper", "adult", "breeder", "queen"])
def test_a_dead_intruder_leaves_a_carcass_and_its_token_stays_out(match, kind):
    d = s.data(match)
    iid = s.add_intruder(match, kind, HERE)
    token = d["intruders"][iid]["token"]
    intruders.kill(s.ctx(match), iid, 0)
    assert d["rooms"][HERE]["objects"] == ["carcass"] and token in d["out_tokens"] and token not in d["bag"]


@pytest.mark.rule("NEM-INTRUDERDMG-8")
def test_the_killer_is_recorded(match):
    d = s.data(match)
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A07")
    s.rig(match, "HIT2")
    act(match, f"shoot target={iid} weapon=smg")
    assert player(match)["stats"]["kills"] == {"adult": 1}
    assert player(match, 1)["stats"]["kills"] == {}
    assert d["carcass_supply"] == 7


@pytest.mark.rule("NEM-INTRUDERDMG-9")
def test_destroying_the_facility_kills_every_intruder_and_the_queen(match):
    from engine.nemesis.rules import end
    d = s.data(match)
    s.add_intruder(match, "adult", HERE)
    end.destroy_facility(s.ctx(match), "test")
    assert d["intruders"] == {} and d["queen_killed"]


# -- NEM-RETREAT -------------------------------------------------------------------------------------

def _event_with_first(number: int) -> str:
    return next(e.id for e in s.content().events.values() if e.move and e.move[0] == number)


@pytest.mark.rule("NEM-RETREAT-1")
def test_retreat_uses_the_first_number_of_an_event_card_and_discards_it(match):
    d = s.data(match)
    iid = s.add_intruder(match, "adult", HERE)
    card = _event_with_first(3)                         # R006 exit 3 is C08 to R005
    s.stack(match, "event", card)
    c = s.ctx(match)
    intruders.retreat(c, iid)
    assert d["intruders"][iid]["room"] == NEXT_DOOR
    assert d["discards"]["event"][-1] == card
    assert not event(c.events, "event_card")


@pytest.mark.rule("NEM-RETREAT-2")
def test_a_closed_door_breaks_and_the_intruder_stays(match):
    d = s.data(match)
    iid = s.add_intruder(match, "adult", HERE)
    d["corridors"]["C08"]["door"] = "closed"
    s.stack(match, "event", _event_with_first(3))
    intruders.retreat(s.ctx(match), iid)
    assert d["intruders"][iid]["room"] == HERE and d["corridors"]["C08"]["door"] == "destroyed"


@pytest.mark.rule("NEM-RETREAT-3")
def test_retreat_into_the_technical_corridors_returns_the_token(match):
    d = s.data(match)
    s.place(match, 0, "R001")                           # R001 exit 3 is TECH
    iid = s.add_intruder(match, "adult", "R001")
    d["intruders"][iid]["injuries"] = 2
    token = d["intruders"][iid]["token"]
    s.stack(match, "event", _event_with_first(3))
    intruders.retreat(s.ctx(match), iid)
    assert iid not in d["intruders"] and token in d["bag"]


@pytest.mark.rule("NEM-RETREAT-4")
def test_the_intruder_moves_with_its_injuries_and_starts_combat_there(match):
    d = s.data(match)
    s.place(match, 1, NEXT_DOOR)
    d["rooms"][NEXT_DOOR]["explored"] = False
    iid = s.add_intruder(match, "adult", HERE)
    d["intruders"][iid]["injuries"] = 2
    s.stack(match, "event", _event_with_first(3))
    intruders.retreat(s.ctx(match), iid)
    assert d["intruders"][iid]["room"] == NEXT_DOOR
    assert d["intruders"][iid]["injuries"] == 2 and in_combat(d, 1) and not in_combat(d, 0)


@pytest.mark.rule("NEM-RETREAT-5")
def test_effects_that_say_it_retreats_use_the_procedure(match):
    d = s.data(match)
    iid = s.add_intruder(match, "adult", HERE)
    card = _event_with_first(3)
    s.stack(match, "event", card)
    run_tree(s.ctx(match), {"retreat": iid})
    assert d["intruders"][iid]["room"] == NEXT_DOOR and d["discards"]["event"][-1] == card


@pytest.mark.rule("NEM-RETREAT-6")
def test_an_empty_event_deck_is_reshuffled_for_a_retreat(match):
    d = s.data(match)
    iid = s.add_intruder(match, "adult", HERE)
    d["discards"]["event"] += d["decks"]["event"]
    d["decks"]["event"] = []
    intruders.retreat(s.ctx(match), iid)
    assert len(d["decks"]["event"]) == 21 and len(d["discards"]["event"]) == 1


# -- NEM-ESCAPE --------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-ESCAPE-1")
def test_escape_is_a_movement_of_cost_one_and_never_careful(match):
    s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A11")                     # Recoil: creeper/adult symbols
    moves = [c for c in match.state.legal() if c.verb in ("move", "careful_move")]
    assert moves and {c.verb for c in moves} == {"move"}
    assert all(len(c.get("pay")) == 1 for c in moves)
    with pytest.raises(Refused) as err:
        s.play(match, f"0: careful_move {NEXT_DOOR} {s.pay(match, 0, 2)}")
    assert err.value.rule_id == "NEM-SNEAK-1"


@pytest.mark.rule("NEM-ESCAPE-2")
def test_the_destination_is_checked_before_any_attack(match):
    d = s.data(match)
    s.add_intruder(match, "adult", HERE)
    d["corridors"]["C08"]["door"] = "closed"
    deck = list(d["decks"]["attack"])
    for target in (NEXT_DOOR, "R016"):
        with pytest.raises(Refused):
            act(match, f"move {target}")
    assert d["decks"]["attack"] == deck and player(match)["room"] == HERE


@pytest.mark.rule("NEM-ESCAPE-3")
def test_every_intruder_attacks_the_escaping_character_and_a_larva_infests(match):
    d = s.data(match)
    s.add_intruder(match, "adult", HERE)
    s.add_intruder(match, "larva", HERE)
    s.stack(match, "attack", "A08")                     # Frenzy: breeder/queen only, the Adult misses
    s.rig(match, "SILENCE")
    events = act(match, f"move {NEXT_DOOR}")
    assert len(event(events, "intruder_attack")) == 1 and event(events, "infested")
    assert player(match)["larva"] and player(match)["room"] == NEXT_DOOR
    assert len([i for i in d["intruders"].values() if i["room"] == HERE]) == 1


@pytest.mark.rule("NEM-ESCAPE-4")
def test_a_character_killed_while_escaping_leaves_the_corpse_behind(match):
    d = s.data(match)
    s.add_intruder(match, "adult", HERE)
    player(match)["serious"] = [{"card": None, "type": "generic", "dressed": False}] * 3
    s.stack(match, "attack", "A16")                     # Ambush: Adult, 1 Serious Wound
    act(match, f"move {NEXT_DOOR}")
    assert player(match)["where"] == "dead"
    assert "corpse" in d["rooms"][HERE]["objects"] and "corpse" not in d["rooms"][NEXT_DOOR]["objects"]


@pytest.mark.rule("NEM-ESCAPE-5")
def test_a_survivor_moves_on_and_rolls_for_noise_in_an_empty_room(match):
    s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A08")                     # a miss
    s.rig(match, "SILENCE")
    events = act(match, f"move {NEXT_DOOR}")
    assert player(match)["room"] == NEXT_DOOR and event(events, "noise_roll")


@pytest.mark.rule("NEM-ESCAPE-6")
def test_leaving_without_attacks_still_explores_and_rolls_for_noise(match):
    d = s.data(match)
    s.add_intruder(match, "adult", HERE)
    d["rooms"][NEXT_DOOR]["explored"] = False
    d["rooms"][NEXT_DOOR]["token"] = next(t.id for t in s.content().tokens.exploration_tokens
                                          if t.effect not in ("silence", "danger"))
    s.rig(match, "SILENCE")
    c = s.ctx(match)
    run_tree(c, {"move_character": {"who": "self", "to": NEXT_DOOR, "mode": "walk", "attacks": "none"}})
    assert player(match)["room"] == NEXT_DOOR and d["rooms"][NEXT_DOOR]["explored"]
    assert not event(c.events, "intruder_attack") and event(c.events, "noise_roll")


def test_listed_combat_commands_round_trip_and_apply(match):
    s.add_intruder(match, "adult", HERE)
    s.data(match)["rooms"][HERE]["objects"] = ["egg"]
    listed = [c for c in match.state.legal() if c.verb in ("shoot", "melee")]
    assert {c.get("target") for c in listed} == {"I1", "eggs"}
    for cmd in listed:
        assert Command.parse(str(cmd)) == cmd
        match.state.check(cmd)                          # never refused


def test_the_weapon_may_be_named_by_hand_slot(match):
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A15")
    s.rig(match, "HIT1")
    act(match, f"shoot target={iid} weapon=0")
    assert player(match)["hands"][0]["ammo"] == 3
    with pytest.raises(Refused) as err:
        act(match, f"shoot target={iid} weapon=1")
    assert err.value.rule_id == "NEM-SHOOT-1"


def test_a_shot_counts_as_one_action_once_its_decisions_are_answered(match):
    iid = s.add_intruder(match, "adult", HERE)
    s.power(match, "S01", False)
    s.stack(match, "attack", "A15", "A15")
    s.rig(match, "BLANK", "HIT1")
    act(match, f"shoot target={iid} weapon=smg")
    assert match.state.prompt.kind == "reroll" and s.data(match)["turn"]["actions"] == 0
    answer(match, "keep")
    assert s.data(match)["turn"]["actions"] == 1
    s.rig(match, "HIT1")
    act(match, f"melee target={iid}")
    assert s.data(match)["turn"]["seat"] == 1


def test_an_interrupted_shot_spends_no_ammo_but_keeps_its_cost(match):
    s.place(match, 1, HERE)
    s.set_hand(match, 1, [c for c in s.cards(match, 1, 10) if c.startswith("interruption")])
    iid = s.add_intruder(match, "adult", HERE)
    hand = len(player(match)["hand"])
    act(match, f"shoot target={iid} weapon=smg")
    assert match.state.prompt.kind == "interruption" and match.state.prompt.seats == (1,)
    events = s.play(match, "1: answer play")
    assert "action_cancelled" in s.kinds(events) and not event(events, "combat_roll")
    assert player(match)["hands"][0]["ammo"] == 4 and len(player(match)["hand"]) == hand - 1
    assert s.data(match)["turn"]["actions"] == 1
