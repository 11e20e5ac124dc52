"""Bag development in step E7 (NEM-BAG) and the critical moments (NEM-MILESTONE)."""
from __future__ import annotations

import pytest

from engine.nemesis.content import content
from engine.nemesis.rules import event_phase, intruders, wounds

from .scenario import ctx, data, explore_all, place, set_bag, started

TYPES = {t.id: t.type for t in content().tokens.intruder_tokens}


@pytest.fixture
def match():
    m = started(2, seed=19)
    explore_all(m)
    for p in data(m)["players"]:
        p["where"] = "locked"
    return m


def D(match):
    return data(match)


def count(pile: list[str], kind: str) -> int:
    return sum(1 for t in pile if TYPES[t] == kind)


def develop(match):
    c = ctx(match)
    event_phase.e7_bag(c)
    return c.events


@pytest.mark.rule("NEM-BAG-1")
@pytest.mark.rule("NEM-BAG-2")
def test_larva_leaves_and_an_adult_joins(match):
    set_bag(match, "larva")
    d = D(match)
    larva = d["bag"][0]
    develop(match)
    assert larva in d["out_tokens"] and [TYPES[t] for t in d["bag"]] == ["adult"]


@pytest.mark.rule("NEM-BAG-3")
def test_creeper_leaves_and_a_breeder_joins(match):
    set_bag(match, "creeper")
    develop(match)
    assert [TYPES[t] for t in D(match)["bag"]] == ["breeder"]


@pytest.mark.rule("NEM-BAG-4")
def test_adult_returns_and_everyone_out_of_combat_rolls_in_order(match):
    set_bag(match, "adult")
    d = D(match)
    place(match, 0, "R003")
    place(match, 1, "R012")
    for p in d["players"]:  # Inconspicuous would turn a roll into a question (test_item_and_room_details)
        p["hand"] = [c for c in p["hand"] if not c.startswith("inconspicuous")]
    d["first"] = 1
    events = develop(match)
    rolls = [e.data["seat"] for e in events if e.kind == "noise_roll"]
    assert rolls == [1, 0] and count(d["bag"], "adult") >= 1


@pytest.mark.rule("NEM-BAG-4")
def test_breeder_returns_and_characters_in_combat_do_not_roll(match):
    set_bag(match, "breeder")
    d = D(match)
    place(match, 0, "R003")
    from .scenario import add_intruder
    add_intruder(match, "adult", "R003")
    events = develop(match)
    assert not [e for e in events if e.kind == "noise_roll"] and count(d["bag"], "breeder") == 1


@pytest.mark.rule("NEM-BAG-5")
def test_blank_returns_with_an_adult(match):
    set_bag(match, "blank")
    develop(match)
    assert sorted(TYPES[t] for t in D(match)["bag"]) == ["adult", "blank"]


def nest(match) -> str:
    d = D(match)
    room = next(r for r, s in d["rooms"].items() if s["tile"] == "nest")
    return room


@pytest.mark.rule("NEM-BAG-7")
def test_queen_without_anyone_in_the_nest_adds_an_egg(match):
    set_bag(match, "queen")
    d = D(match)
    eggs = d["nest_eggs"]
    develop(match)
    assert d["nest_eggs"] == eggs + 1 and count(d["bag"], "queen") == 1 and not d["intruders"]


@pytest.mark.rule("NEM-BAG-7")
@pytest.mark.rule("NEM-BAG-9")
def test_queen_adds_nothing_to_a_destroyed_nest_or_from_an_empty_supply(match):
    set_bag(match, "queen")
    d = D(match)
    d["eggs_supply"] = 0
    eggs = d["nest_eggs"]
    develop(match)
    assert d["nest_eggs"] == eggs


@pytest.mark.rule("NEM-BAG-6")
@pytest.mark.rule("NEM-BAG-8")
def test_queen_appears_in_an_occupied_nest_and_surprises_the_smallest_hand(match):
    set_bag(match, "queen")
    d = D(match)
    d["milestones"]["first_encounter"] = True       # not the first: step 4 at once (NEM-ENCOUNTER-6)
    room = nest(match)
    place(match, 0, room)
    place(match, 1, room)
    d["players"][0]["hand"] = d["players"][0]["deck"][:4]
    d["players"][0]["deck"] = d["players"][0]["deck"][4:]
    d["players"][1]["hand"] = []
    d["corridors"][content().board.corridors_of(room)[0]]["noise"] = True
    events = develop(match)
    queen = [i for i in d["intruders"].values() if i["type"] == "queen"]
    assert queen and queen[0]["room"] == room and count(d["bag"], "queen") == 0
    attacks = [e for e in events if e.kind == "intruder_attack"]
    assert len(attacks) == 1 and attacks[0].data["seat"] == 1
    assert not any(d["corridors"][c]["noise"] for c in content().board.corridors_of(room))


@pytest.mark.rule("NEM-BAG-9")
def test_additions_from_an_empty_supply_do_nothing(match):
    set_bag(match, "larva")
    d = D(match)
    d["supply"] = [t for t in d["supply"] if TYPES[t] != "adult"]
    d["out_tokens"] += [t for t in content().tokens.intruder_tokens if False]
    adults_before = count(d["bag"], "adult")
    assert not intruders.add_from_supply(ctx(match), "adult")
    assert count(d["bag"], "adult") == adults_before


@pytest.mark.rule("NEM-BAG-10")
@pytest.mark.rule("NEM-DEC-22")
def test_bag_composition_is_public_but_not_token_identity(match):
    view = match.state.view(1)
    assert isinstance(view["bag"], dict) and sum(view["bag"].values()) == len(D(match)["bag"])


# -- critical moments ---------------------------------------------------------------------------------

@pytest.mark.rule("NEM-MILESTONE-1")
@pytest.mark.rule("NEM-ENCOUNTER-6")
def test_first_intruder_asks_everyone_to_keep_one_objective():
    m = started(2, seed=23)
    d = data(m)
    token = next(t for t in d["bag"] if TYPES[t] == "adult")
    d["bag"].remove(token)
    intruders.place_intruder(ctx(m), "adult", token, "R003")
    from engine.nemesis.effects import NEM
    NEM.drain(ctx(m))
    assert m.state.prompt.kind == "keep_objective"
    kept = [p["objectives"][0] for p in d["players"]]
    while m.state.prompt is not None and m.state.prompt.kind == "keep_objective":
        seat = m.state.prompt.seats[0]
        m.apply(next(c for c in m.state.legal(seat) if c.args[0] == "o0"))         # the first one
    assert [p["objectives"] for p in data(m)["players"]] == [[k] for k in kept]


@pytest.mark.rule("NEM-MILESTONE-2")
def test_coop_discards_nothing_at_the_first_encounter():
    m = started(2, mode="coop", seed=23)
    d = data(m)
    held = [list(p["objectives"]) for p in d["players"]]
    token = next(t for t in d["bag"] if TYPES[t] == "adult")
    d["bag"].remove(token)
    intruders.place_intruder(ctx(m), "adult", token, "R003")
    from engine.nemesis.effects import NEM
    NEM.drain(ctx(m))
    assert [p["objectives"] for p in data(m)["players"]] == held


@pytest.mark.rule("NEM-MILESTONE-7")
def test_a_dead_character_keeps_both_objectives():
    m = started(2, seed=23)
    d = data(m)
    wounds.die(ctx(m), 1, "test")
    token = next(t for t in d["bag"] if TYPES[t] == "adult")
    d["bag"].remove(token)
    intruders.place_intruder(ctx(m), "adult", token, "R003")
    from engine.nemesis.effects import NEM
    NEM.drain(ctx(m))
    while m.state.prompt is not None and m.state.prompt.kind == "keep_objective":
        assert m.state.prompt.seats == (0,)
        m.apply(m.state.legal()[0])
    assert len(data(m)["players"][1]["objectives"]) == 2
