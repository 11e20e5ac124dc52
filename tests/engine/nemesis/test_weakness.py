"""Knowledge and the Intruder Weaknesses (NEM-KNOWLEDGE, NEM-WEAKNESS, spec 3.8, 7.7)."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.nemesis.rules import event_phase, intruders, moving, weakness
from engine.nemesis.trees import run_tree

from . import scenario as s

HERE, NEXT_DOOR, DARK = "R006", "R005", "R012"


def slots(*ids: str, revealed: int = 1) -> list[dict]:
    return [{"id": w, "revealed": i < revealed, "object": None} for i, w in enumerate(ids)]


@pytest.fixture
def match():
    m = s.started(2, characters=["sentry", "hacker"])
    d = s.data(m)
    s.explore_all(m)
    for p in d["players"]:
        p["knowledge"] = 0
    s.place(m, 0, HERE)
    s.place(m, 1, "R016")
    s.power(m, "S01", False)                             # shots roll the Combat die
    d["weaknesses"] = slots("W_underbelly", "W_regen", "W_heat")
    d["researched_kinds"] = []
    d["turn"] = {"seat": 0, "actions": 0, "first_turn_moves": 0}
    return m


def player(m, seat: int = 0):
    return s.data(m)["players"][seat]


def shoot(m, iid: str, weapon: str = "revolver"):
    return s.play(m, f"0: shoot target={iid} weapon={weapon} {s.pay(m, 0, 1)}")


def injuries_dealt(events) -> list[int]:
    return [e.data["injuries"] for e in events if e.kind == "combat_result"]


# -- NEM-WEAKNESS ------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-WEAKNESS-1")
def test_three_weaknesses_with_thresholds_3_5_8_and_w1_face_up():
    d = s.data(s.started(2, seed=7))
    assert len({w["id"] for w in d["weaknesses"]}) == 3
    assert [w["revealed"] for w in d["weaknesses"]] == [True, False, False]
    assert weakness.THRESHOLDS == (3, 5, 8)
    d["players"][0]["knowledge"] = 10
    assert weakness.active_weaknesses(d, 0) == [d["weaknesses"][0]["id"]]
    d["weaknesses"][2]["revealed"] = True
    assert weakness.active_weaknesses(d, 0) == [d["weaknesses"][0]["id"], d["weaknesses"][2]["id"]]


@pytest.mark.rule("NEM-WEAKNESS-2")
@pytest.mark.parametrize("knowledge, hurt", [(2, 0), (3, 1)])
def test_a_weakness_works_from_its_threshold_with_an_inactive_token(match, knowledge, hurt):
    """Soft Underbelly in W1: a CREEPER shot also hits an Adult once Knowledge ≥ 3."""
    player(match)["knowledge"] = knowledge
    assert not player(match)["knowledge_active"]
    player(match)["hands"] = [{"item": "revolver", "ammo": 3}]
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A15")
    s.rig(match, "CREEPER")
    assert injuries_dealt(shoot(match, iid)) == [hurt]


@pytest.mark.rule("NEM-WEAKNESS-2")
def test_w2_needs_knowledge_5(match):
    """Slow Regeneration in W2: a Breeder your action injures draws one check card instead of two."""
    d = s.data(match)
    d["weaknesses"][1]["revealed"] = True
    iid = s.add_intruder(match, "breeder", HERE)
    for knowledge, drawn in ((4, 2), (5, 1)):
        player(match)["knowledge"] = knowledge
        s.stack(match, "attack", "A15", "A15")
        before = len(d["discards"]["attack"])
        intruders.injure(s.ctx(match), iid, 1, 0)
        assert len(d["discards"]["attack"]) - before == drawn
    s.stack(match, "attack", "A15", "A15")
    before = len(d["discards"]["attack"])
    intruders.injure(s.ctx(match), iid, 1, None)          # no character's action: the normal two
    assert len(d["discards"]["attack"]) - before == 2


@pytest.mark.rule("NEM-WEAKNESS-3")
def test_research_reveals_w2_then_w3(match):
    d = s.data(match)
    c = s.ctx(match)
    assert weakness.research(c, 0, "carcass") == "W_regen"
    assert weakness.research(c, 0, "egg") == "W_heat"
    assert [w["revealed"] for w in d["weaknesses"]] == [True, True, True]


@pytest.mark.rule("NEM-WEAKNESS-3")
def test_research_as_an_effect_tree_takes_the_object_from_the_room(match):
    d = s.data(match)
    d["rooms"][HERE]["objects"] = ["carcass"]
    run_tree(s.ctx(match), {"research": f"{HERE}/carcass"})
    assert d["rooms"][HERE]["objects"] == [] and d["weaknesses"][1]["revealed"]
    assert player(match)["knowledge"] == 3


@pytest.mark.rule("NEM-WEAKNESS-4")
def test_each_object_type_reveals_at_most_one_weakness(match):
    d = s.data(match)
    c = s.ctx(match)
    weakness.research(c, 0, "egg")
    assert weakness.research(c, 0, "egg") is None
    assert [w["revealed"] for w in d["weaknesses"]] == [True, True, False]
    assert player(match)["knowledge"] == 6


@pytest.mark.rule("NEM-WEAKNESS-5")
def test_the_revealing_object_lies_in_its_slot_others_leave_the_game(match):
    d = s.data(match)
    c = s.ctx(match)
    weakness.research(c, 0, "corpse")
    assert d["weaknesses"][1]["object"] == "corpse" and "corpse" not in d["removed"]
    weakness.research(c, 0, "corpse")
    assert d["removed"][-1] == "corpse" and d["weaknesses"][2]["object"] is None


@pytest.mark.rule("NEM-WEAKNESS-6")
def test_with_w2_and_w3_revealed_research_only_gives_knowledge(match):
    d = s.data(match)
    d["weaknesses"] = slots("W_underbelly", "W_regen", "W_heat", revealed=3)
    before = [dict(w) for w in d["weaknesses"]]
    assert weakness.research(s.ctx(match), 0, "egg") is None
    assert d["weaknesses"] == before and player(match)["knowledge"] == 3 and d["researched_kinds"] == []


@pytest.mark.rule("NEM-WEAKNESS-7")
def test_weaknesses_are_evaluated_per_character_each_time(match):
    d = s.data(match)
    s.place(match, 1, HERE)
    player(match, 1)["knowledge"] = 3
    assert weakness.active_weaknesses(d, 1) == ["W_underbelly"] and weakness.active_weaknesses(d, 0) == []
    player(match)["hands"] = [{"item": "revolver", "ammo": 3}]
    iid = s.add_intruder(match, "adult", HERE)
    s.stack(match, "attack", "A15", "A15")
    s.rig(match, "CREEPER", "CREEPER")
    assert injuries_dealt(shoot(match, iid)) == [0]
    player(match)["knowledge"] = 3                        # the same character, later: it now applies
    assert injuries_dealt(shoot(match, iid)) == [1]


@pytest.mark.rule("NEM-WEAKNESS-7")
def test_wary_of_shadows_ignores_perched_in_the_dark_in_darkness(match):
    d = s.data(match)
    d["weaknesses"] = slots("W_wary", "W_regen", "W_heat")
    s.place(match, 0, DARK)
    s.power(match, "S03", False)
    iid = s.add_intruder(match, "adult", DARK)
    for knowledge, serious in ((0, 1), (3, 0)):
        player(match)["knowledge"], player(match)["light"], player(match)["serious"] = knowledge, 0, []
        s.stack(match, "attack", "A03")
        intruders.attack(s.ctx(match), iid, 0)
        assert player(match)["light"] == 1 and len(player(match)["serious"]) == serious


@pytest.mark.rule("NEM-WEAKNESS-7")
def test_heat_aversion_injures_intruders_where_you_place_fire(match):
    d = s.data(match)
    d["weaknesses"] = slots("W_heat", "W_regen", "W_underbelly")
    player(match)["knowledge"] = 3
    player(match)["hands"] = [{"item": "flamethrower", "ammo": 4}]
    iid = s.add_intruder(match, "queen", HERE)
    s.stack(match, "attack", "A15", "A15", "A15", "A15")
    s.rig(match, "HIT2")
    events = shoot(match, iid, "flamethrower")
    assert [e.data["n"] for e in events if e.kind == "intruder_injured"] == [2, 1]
    assert d["intruders"][iid]["injuries"] == 3 and d["rooms"][HERE]["fire"]


def fire_injuries(events) -> list[int]:
    return [e.data["n"] for e in events if e.kind == "intruder_injured"]


def heat_aversion(match, slot: int = 0, knowledge: int = 3) -> None:
    """Heat Aversion in slot W``slot + 1`` (revealed), the acting character at ``knowledge``."""
    ids = ["W_underbelly", "W_regen"]
    ids.insert(slot, "W_heat")
    s.data(match)["weaknesses"] = slots(*ids, revealed=slot + 1)
    player(match)["knowledge"] = knowledge


@pytest.mark.rule("NEM-WEAKNESS-2", "NEM-WEAKNESS-7")
@pytest.mark.parametrize("slot, knowledge, extra", [(0, 2, 0), (0, 3, 1), (1, 10, 0), (1, 4, 0), (1, 5, 1), (2, 8, 1)])
def test_heat_aversion_works_for_the_thermite_charge(match, slot, knowledge, extra):
    """Thermite Charge places Fire where intruders are: with Heat Aversion at work for the user each
    intruder first suffers 1 Injury at once, then the charge's own Injury (one check each)."""
    heat_aversion(match, slot, knowledge)
    if slot == 1 and knowledge == 10:
        s.data(match)["weaknesses"][1]["revealed"] = False      # face down: it does nothing yet
    s.give(match, 0, "thermite_charge")
    iid = s.add_intruder(match, "queen", NEXT_DOOR)
    s.stack(match, "attack", *["A15"] * 4)                     # blood 6 twice: the Queen lives
    events = s.play(match, f"0: item thermite_charge target={NEXT_DOOR}, {s.pay(match, 0, 1)}")
    d = s.data(match)
    assert d["rooms"][NEXT_DOOR]["fire"]
    assert fire_injuries(events) == [1] * (1 + extra)
    assert d["intruders"][iid]["injuries"] == 1 + extra


@pytest.mark.rule("NEM-WEAKNESS-7", "NEM-EXPLORE-7")
@pytest.mark.parametrize("knowledge, extra", [(2, 0), (3, 1)])
def test_heat_aversion_works_for_a_fire_exploration_token(match, knowledge, extra):
    """The explorer places the Fire of an exploration token: with Heat Aversion at work, the intruder
    already in that unexplored Room suffers 1 Injury at once."""
    heat_aversion(match, 0, knowledge)
    d = s.data(match)
    d["rooms"][NEXT_DOOR].update(explored=False, token="X13", tile="archive")
    iid = s.add_intruder(match, "queen", NEXT_DOOR)
    s.stack(match, "attack", "A15", "A15")
    events = s.play(match, f"0: move {NEXT_DOOR} {s.pay(match, 0, 1)}")
    d = s.data(match)
    assert d["rooms"][NEXT_DOOR]["fire"] and d["rooms"][NEXT_DOOR]["explored"]
    assert fire_injuries(events) == [1] * extra
    assert d["intruders"][iid]["injuries"] == extra


@pytest.mark.rule("NEM-WEAKNESS-7")
def test_heat_aversion_needs_a_character_to_place_the_fire(match):
    """Spreading Flames places Fire by nobody's hand: no character's Heat Aversion applies."""
    heat_aversion(match, 0, 10)
    for p in s.data(match)["players"]:
        p["knowledge"] = 10
    d = s.data(match)
    d["rooms"][HERE]["fire"] = True
    beyond = s.content().board.exit(HERE, 4)
    target = s.content().board.corridors[beyond].other(HERE)
    iid = s.add_intruder(match, "queen", target)
    s.stack(match, "event", "E04")
    c = s.ctx(match)
    event_phase.e6_event(c)
    assert d["rooms"][target]["fire"] and d["intruders"][iid]["injuries"] == 0
    assert "intruder_injured" not in s.kinds(c.events)


@pytest.mark.rule("NEM-WEAKNESS-7")
def test_brood_guardians_shield_an_egg_carrier_from_event_phase_attacks(match):
    d = s.data(match)
    d["weaknesses"] = slots("W_brood", "W_regen", "W_heat")
    s.place(match, 1, HERE)
    player(match)["hand"], player(match)["deck"] = [], player(match)["deck"] + player(match)["hand"]
    player(match)["hands"] = [{"object": "egg"}]
    c = s.ctx(match)
    assert intruders.attack_target(c, HERE) == 0          # fewest cards, no Weakness
    player(match)["knowledge"] = 3
    assert intruders.attack_target(c, HERE) == 1
    s.place(match, 1, "R016")
    assert intruders.attack_target(c, HERE) == 0          # alone: still the target


@pytest.mark.rule("NEM-WEAKNESS-7")
@pytest.mark.parametrize("slime, choice, danger", [(False, "silence", False), (False, "danger", True),
                                                   (True, None, True)])
def test_echo_confusion_lets_the_roller_read_danger_as_silence(match, slime, choice, danger):
    d = s.data(match)
    d["weaknesses"] = slots("W_echo", "W_regen", "W_heat")
    player(match)["knowledge"] = 3
    player(match)["slime"] = slime
    s.rig(match, "DANGER")
    events = s.play(match, f"0: move {NEXT_DOOR} {s.pay(match, 0, 1)}")
    if choice is not None:
        assert match.state.prompt.kind == "echo_confusion"
        events = s.play(match, f"0: answer {choice}")
    assert match.state.prompt.kind == "turn"
    assert any(e.kind == "danger_noise" for e in events) == danger


# -- NEM-KNOWLEDGE -----------------------------------------------------------------------------------

@pytest.mark.rule("NEM-KNOWLEDGE-1")
def test_knowledge_stays_between_0_and_10(match):
    c = s.ctx(match)
    player(match)["knowledge"] = 9
    assert weakness.gain_knowledge(c, 0, 3) == 1 and player(match)["knowledge"] == 10
    run_tree(c, {"knowledge": ["self", 2]})
    assert player(match)["knowledge"] == 10
    assert weakness.gain_knowledge(c, 0, -12) == -10 and player(match)["knowledge"] == 0


@pytest.mark.rule("NEM-KNOWLEDGE-2")
def test_knowledge_sources(match):
    d = s.data(match)
    c = s.ctx(match)
    weakness.research(c, 0, "egg")
    assert player(match)["knowledge"] == 3                # research +3
    weakness.examine_archives(c, 0)
    assert player(match)["knowledge"] == 5 and player(match)["knowledge_active"]   # Archive +2
    d["rooms"][NEXT_DOOR].update(tile="nest", explored=False,
                                 token=next(t.id for t in s.content().tokens.exploration_tokens
                                            if t.effect not in ("silence", "danger")))
    moving.explore(c, 0, NEXT_DOOR, None)
    assert player(match)["knowledge"] == 6                # exploring the Nest +1, once
    d["rooms"][NEXT_DOOR].update(explored=False, token=d["rooms"][NEXT_DOOR]["token"] or
                                 next(t.id for t in s.content().tokens.exploration_tokens))
    moving.explore(c, 1, NEXT_DOOR, None)
    assert player(match, 1)["knowledge"] == 0


@pytest.mark.rule("NEM-KNOWLEDGE-3")
def test_knowledge_and_its_token_are_public(match):
    player(match)["knowledge"], player(match)["knowledge_active"] = 7, True
    view = match.state.view(1)
    assert view["players"][0]["knowledge"] == 7 and view["players"][0]["knowledge_active"] is True


@pytest.mark.rule("NEM-KNOWLEDGE-4")
def test_a_knowledge_requirement_is_met_at_or_above_n(match):
    d = s.data(match)
    player(match)["knowledge"] = 5
    assert weakness.meets(d, 0, 5) and not weakness.meets(d, 0, 6)
    player(match)["inventory"] = [{"item": "field_notes"}]   # Field Notes: +2 for requirements
    assert weakness.meets(d, 0, 7) and not weakness.meets(d, 0, 8)


@pytest.mark.rule("NEM-KNOWLEDGE-5")
def test_the_archive_works_once_per_character(match):
    c = s.ctx(match)
    weakness.examine_archives(c, 0)
    with pytest.raises(Refused) as err:
        weakness.examine_archives(c, 0)
    assert err.value.rule_id == "NEM-KNOWLEDGE-5" and player(match)["knowledge"] == 2
    weakness.examine_archives(c, 1)
    assert player(match, 1)["knowledge"] == 2
