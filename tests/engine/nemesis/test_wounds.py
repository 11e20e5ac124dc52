"""Wounds, death, dressing and healing (NEM-WOUND, NEM-HEAL)."""
from __future__ import annotations

import pytest

from engine.nemesis.rules import wounds
from engine.nemesis.rules.moving import wounded_knee_extra
from engine.nemesis.trees import run_tree
from tests.engine.nemesis.scenario import add_intruder, ctx, data, explore_all, kinds, place, started

GENERIC = {"card": None, "type": "generic", "dressed": False}


def position(players=2):
    match = started(players, seed=2, characters=["sentry", "hacker", "janitor"][:players])
    explore_all(match)
    place(match, 0, "R006")
    place(match, 1, "BPS")
    return match


@pytest.mark.rule("NEM-WOUND-1", "NEM-WOUND-2")
def test_light_wounds_step_up_and_the_third_becomes_a_serious_wound():
    match = position()
    p = data(match)["players"][0]
    c = ctx(match)
    wounds.light_wound(c, 0, 2)
    assert p["light"] == 2 and p["serious"] == []
    assert kinds(c.events) == ["light_wound", "light_wound"]
    wounds.light_wound(c, 0)
    assert p["light"] == 0 and len(p["serious"]) == 1


@pytest.mark.rule("NEM-WOUND-3")
def test_a_serious_wound_takes_the_top_card_face_up():
    match = position()
    d = data(match)
    top = d["decks"]["wound"][-1]
    wounds.serious_wound(ctx(match), 0)
    assert d["players"][0]["serious"] == [{"card": top, "type": top, "dressed": False}]
    assert top not in d["decks"]["wound"][-1:] or d["decks"]["wound"].count(top) < 5


@pytest.mark.rule("NEM-WOUND-4", "NEM-COST-8")
def test_copies_of_one_serious_wound_type_do_not_stack():
    match = position()
    d = data(match)
    d["players"][0]["serious"] = [{"card": "knee", "type": "knee", "dressed": False}] * 2
    assert wounded_knee_extra(d, 0) == 1


@pytest.mark.rule("NEM-WOUND-5", "NEM-DEC-70")
@pytest.mark.parametrize("wound", [wounds.light_wound, wounds.serious_wound])
def test_any_wound_beyond_three_serious_wounds_kills(wound):
    match = position()
    d = data(match)
    d["players"][0]["serious"] = [dict(GENERIC, dressed=True)] * 3       # dressed ones count too
    wound(ctx(match), 0)
    assert d["players"][0]["where"] == "dead" and d["players"][0]["cause"] == "wounds"


@pytest.mark.rule("NEM-WOUND-5")
def test_three_serious_wounds_alone_do_not_kill():
    match = position()
    d = data(match)
    d["players"][0]["serious"] = [GENERIC] * 2
    wounds.serious_wound(ctx(match), 0)
    assert d["players"][0]["where"] == "facility" and len(d["players"][0]["serious"]) == 3


@pytest.mark.rule("NEM-DEC-70")
def test_death_at_three_serious_is_an_option_off_by_default():
    assert data(started(2))["death_at_three"] is False
    assert data(started(2, options={"death_at_three_serious": True}))["death_at_three"] is True
    option = next(o for o in started(2).game.info.options if o.key == "death_at_three_serious")
    assert option.kind == "bool" and option.default is False


def seed_reading():
    match = started(2, seed=2, characters=["sentry", "hacker"], options={"death_at_three_serious": True})
    explore_all(match)
    place(match, 0, "R006")
    place(match, 1, "BPS")
    return match


@pytest.mark.rule("NEM-DEC-70")
@pytest.mark.parametrize("light", [0, 2])
def test_with_death_at_three_serious_the_third_serious_wound_kills(light):
    """The seed's reading: collecting the third Serious Wound card kills, whether it comes as a
    Serious Wound or as a Light Wound on a full track (NEM-WOUND-2)."""
    match = seed_reading()
    d = data(match)
    d["players"][0]["serious"] = [GENERIC, dict(GENERIC, dressed=True)]     # dressed ones count too
    d["players"][0]["light"] = light
    c = ctx(match)
    (wounds.light_wound if light else wounds.serious_wound)(c, 0)
    assert d["players"][0]["where"] == "dead" and d["players"][0]["cause"] == "wounds"
    assert kinds(c.events)[-3:] == ["serious_wound", "character_died", "main_gate_opened"]
    assert len(d["players"][0]["serious"]) == 3


@pytest.mark.rule("NEM-DEC-70")
def test_with_death_at_three_serious_two_serious_wounds_and_light_ones_do_not_kill():
    match = seed_reading()
    d = data(match)
    d["players"][0]["serious"] = [GENERIC]
    c = ctx(match)
    wounds.serious_wound(c, 0)
    wounds.light_wound(c, 0, 2)
    assert d["players"][0]["where"] == "facility"
    assert len(d["players"][0]["serious"]) == 2 and d["players"][0]["light"] == 2


@pytest.mark.rule("NEM-WOUND-6", "NEM-CONTINGENCY-5")
def test_death_leaves_a_corpse_drops_objects_removes_items_and_pools_contingencies():
    match = position()
    d = data(match)
    p = d["players"][0]
    p["hands"] = [{"object": "egg"}, {"item": "smg", "ammo": 2}]
    p["inventory"] = [{"item": "flashlight"}]
    p["larva"] = True
    held = list(p["contingency"])
    pool = list(d["neutral"])
    wounds.die(ctx(match), 0, "wounds")
    assert p["where"] == "dead" and sorted(d["rooms"]["R006"]["objects"]) == ["corpse", "egg"]
    assert p["hands"] == [] and p["inventory"] == [] and p["quest"] is None and not p["larva"]
    assert {"smg", "flashlight"} <= set(d["removed"])      # out of the game, not lost
    assert p["contingency"] == [] and d["neutral"] == pool + held


@pytest.mark.rule("NEM-WOUND-7", "NEM-WOUND-11")
def test_death_by_infection_adds_a_creeper_unless_none_is_free():
    from engine.nemesis.rules.cards import infect
    match = position()
    d = data(match)
    d["players"][0]["larva"] = True
    infect(ctx(match), 0)
    assert d["players"][0]["where"] == "dead"
    assert [i["type"] for i in d["intruders"].values() if i["room"] == "R006"] == ["creeper"]
    match = position()
    d = data(match)
    place(match, 1, "R001")
    for _ in range(3):
        add_intruder(match, "creeper", "R001")
    d["players"][0]["larva"] = True
    infect(ctx(match), 0)
    assert d["players"][0]["where"] == "dead"
    assert not any(i["room"] == "R006" for i in d["intruders"].values())


@pytest.mark.rule("NEM-WOUND-8", "NEM-MILESTONE-3", "NEM-BUNKER-1")
def test_the_first_death_opens_the_main_gate():
    match = position()
    d = data(match)
    assert not d["main_gate_open"]
    c = ctx(match)
    wounds.die(c, 0, "wounds")
    assert d["main_gate_open"] and "main_gate_opened" in kinds(c.events)


@pytest.mark.rule("NEM-WOUND-9")
def test_a_dead_characters_player_loses():
    from engine.nemesis.rules import end
    match = position()
    d = data(match)
    wounds.die(ctx(match), 0, "wounds")
    d["players"][1]["where"] = "bunker"
    end.finish(ctx(match), "purge", "test")
    assert d["result"]["0"]["alive"] is False and d["result"]["0"]["won"] is False
    assert d["result"]["0"]["route"] == "dead"


@pytest.mark.rule("NEM-WOUND-10", "NEM-DEC-14")
def test_an_empty_wound_deck_reshuffles_and_with_nothing_left_the_wound_is_generic():
    match = position()
    d = data(match)
    d["discards"]["wound"] = ["arm"]
    d["decks"]["wound"] = []
    wounds.serious_wound(ctx(match), 0)
    assert d["players"][0]["serious"][-1]["type"] == "arm"
    wounds.serious_wound(ctx(match), 0)
    assert d["players"][0]["serious"][-1] == GENERIC and len(d["players"][0]["serious"]) == 2


@pytest.mark.rule("NEM-HEAL-1", "NEM-HEAL-4")
def test_dressing_stops_the_penalty_but_still_counts():
    match = position()
    d = data(match)
    d["players"][0]["serious"] = [{"card": "knee", "type": "knee", "dressed": False}, dict(GENERIC)]
    d["players"][1]["serious"] = [dict(GENERIC)]
    assert wounded_knee_extra(d, 0) == 1
    run_tree(ctx(match, 0), {"dress": ("self", 1)})
    assert d["players"][0]["serious"][0]["dressed"] and not d["players"][0]["serious"][1]["dressed"]
    assert wounded_knee_extra(d, 0) == 0 and len(d["players"][0]["serious"]) == 2
    assert d["players"][1]["serious"] == [GENERIC]               # only the named character


@pytest.mark.rule("NEM-HEAL-2")
def test_healing_light_wounds_steps_the_marker_back():
    match = position()
    d = data(match)
    d["players"][0]["light"] = 2
    run_tree(ctx(match, 0), {"heal_light": ("self", 1)})
    assert d["players"][0]["light"] == 1
    d["players"][0]["light"] = 2
    run_tree(ctx(match, 0), {"heal_light": ("self", "all")})
    assert d["players"][0]["light"] == 0


@pytest.mark.rule("NEM-HEAL-3")
def test_only_dressed_serious_wounds_can_be_healed():
    match = position()
    d = data(match)
    d["players"][0]["serious"] = [{"card": "arm", "type": "arm", "dressed": False}]
    run_tree(ctx(match, 0), {"heal_serious": ("self", 1)})
    assert len(d["players"][0]["serious"]) == 1
    d["players"][0]["serious"][0]["dressed"] = True
    run_tree(ctx(match, 0), {"heal_serious": ("self", 1)})
    assert d["players"][0]["serious"] == [] and d["discards"]["wound"][-1] == "arm"
