"""Region cards (DRG-REGIONCARD), their icons reinforce, upgrade (DRG-UPGRADE) and build_city
(DRG-CITY-1/2), and where they go (DRG-EXEC-4, DRG-CLEANUP-3, DRG-AI-19). Each scenario sets the
stack directly and runs execution from it, so no event or AI card interferes."""
from __future__ import annotations

import pytest

from engine.core import Command, Refused, Rng
from engine.dragonbond.context import Ctx
from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import regioncards, upgrades

from .scenario import board, pending, started

CROWN = "allarian_crownlands"       # Elyse's start region: her units, a city site
FORDS = "willow_fords"              # a city site next to it


def executing(state, *entries):
    """Execution of a stack made of ``entries`` (card, owner): each card leaves its owner's hand.
    The opening event goes back on its deck; the flow then runs until the first decision."""
    data = state.data
    for e in data["stack"]:
        if e["kind"] == "event":
            data["decks"]["event"].append(e["card"])
    data["stack"] = []
    for card, owner in entries:
        if card in data["boards"][owner]["hand"]:
            data["boards"][owner]["hand"].remove(card)
        kind = "region" if card.startswith("rc_") else "action"
        data["stack"].append({"card": card, "kind": kind, "owner": owner, "revealed": False})
    data["planning"] = None
    ctx = Ctx(data, Rng(7), 0)
    ctx.queue.clear()
    ctx.push("execute")
    DRG.drain(ctx)
    return ctx.events


def answer(state, option):
    kind, seat, _ = pending(state)
    return state.apply(Command("answer", (option,), (), seat))


def give_region_card(state, card, to="elyse"):
    data = state.data
    if card in data["decks"]["region"]:
        data["decks"]["region"].remove(card)
    data["boards"][to]["hand"].append(card)


def units(state, region, general):
    return dict(state.data["regions"][region]["units"].get(general, {}))


# --- resolving the icons -------------------------------------------------------------------------

@pytest.mark.rule("DRG-REGIONCARD-3", "DRG-DEC-17", "DRG-DEC-54", "DRG-DEC-1", "DRG-PLAN-13")
def test_the_placer_resolves_the_card_on_its_region_even_without_control():
    state = started(("elyse",))
    state.data["regions"][CROWN]["neutral"] = 2                 # Elyse no longer controls it
    state.data["supply"]["neutral"] -= 2
    before = units(state, CROWN, "elyse")
    events = executing(state, ("rc_allarian_crownlands", "elyse"))
    assert pending(state)[:2] == ("icon_reinforce", 0)
    answer(state, "reinforce/cavalry")
    answer(state, "reinforce/ranged")
    after = units(state, CROWN, "elyse")
    assert after["cavalry"] == before["cavalry"] + 1 and after["ranged"] == before["ranged"] + 1
    assert any(e.kind == "card_revealed" and e.data["card"] == "rc_allarian_crownlands" for e in events)


@pytest.mark.rule("DRG-REGIONCARD-4", "DRG-DEC-13", "DRG-REGIONCARD-8", "DRG-UPGRADE-2")
def test_icons_run_in_printed_order_and_an_icon_without_a_legal_use_is_skipped():
    state = started(("elyse",))
    give_region_card(state, "rc_silverwood")          # upgrade, reinforce(ranged), reinforce(infantry)
    pool = board(state, "elyse")["pool"]
    state.data["regions"][CROWN]["units"]["elyse"]["ranged"] += pool["ranged"]    # none left in the pool
    pool["ranged"] = 0
    executing(state, ("rc_silverwood", "elyse"))
    kind, _, options = pending(state)
    assert kind == "icon_upgrade" and options[-1] == "decline"
    assert list(options[:-1]) == [f"upgrade/{c}" for c in state.data["market"]]
    card = state.data["market"][0]
    events = answer(state, f"upgrade/{card}")
    skipped = [e.data for e in events if e.kind == "icon_skipped"]
    assert skipped and skipped[0]["icon"] == "reinforce" and skipped[0]["index"] == 1   # no ranged left
    assert pending(state)[0] == "icon_reinforce" and pending(state)[2] == ("reinforce/infantry",)
    assert card in board(state, "elyse")["upgrades"] and len(state.data["market"]) == 5   # not refilled


@pytest.mark.rule("DRG-REGIONCARD-5", "DRG-EXEC-8")
def test_reinforce_places_one_unit_of_an_allowed_type_whoever_else_is_there():
    state = started(("elyse",))
    give_region_card(state, "rc_serpent_mire")        # reinforce(infantry) x2, upgrade
    mire = state.data["regions"]["serpent_mire"]
    mire["units"]["adrael"] = {"infantry": 1, "cavalry": 0, "ranged": 0}
    board(state, "adrael")["pool"]["infantry"] -= 1
    pool = board(state, "elyse")["pool"]["infantry"]
    executing(state, ("rc_serpent_mire", "elyse"))
    kind, seat, options = pending(state)
    assert (kind, seat, options) == ("icon_reinforce", 0, ("reinforce/infantry",))   # no decline
    with pytest.raises(Refused) as refused:
        answer(state, "reinforce/cavalry")
    assert refused.value.rule_id == "DRG-REGIONCARD-5"
    with pytest.raises(Refused):
        answer(state, "decline")                                  # a card cannot be skipped
    answer(state, "reinforce/infantry")
    assert units(state, "serpent_mire", "elyse")["infantry"] == 1
    assert board(state, "elyse")["pool"]["infantry"] == pool - 1


@pytest.mark.rule("DRG-REGIONCARD-5")
def test_reinforce_refuses_a_type_the_pool_lacks():
    state = started(("elyse",))
    ctx = Ctx(state.data, Rng(1), 0)
    ctx.board("elyse")["pool"]["cavalry"] = 0
    with pytest.raises(Refused) as refused:
        regioncards.reinforce(ctx, "elyse", "any", "cavalry", FORDS)
    assert refused.value.rule_id == "DRG-REGIONCARD-5"
    assert regioncards.reinforce_types(ctx, "elyse", "any") == ("infantry", "ranged")


# --- cities --------------------------------------------------------------------------------------

@pytest.mark.rule("DRG-CITY-1", "DRG-REGIONCARD-8")
def test_build_city_puts_a_supply_city_owned_by_the_placer_in_the_cards_region():
    state = started(("elyse",))
    give_region_card(state, "rc_willow_fords")        # build_city, reinforce(infantry), reinforce(ranged)
    cities = state.data["supply"]["cities"]
    events = executing(state, ("rc_willow_fords", "elyse"))
    assert state.data["regions"][FORDS]["city"] == "elyse"
    assert state.data["supply"]["cities"] == cities - 1
    assert any(e.kind == "city_built" and e.data["region"] == FORDS for e in events)


@pytest.mark.rule("DRG-CITY-1")
def test_build_city_is_skipped_when_the_supply_has_no_city_or_the_region_is_no_site():
    state = started(("elyse",))
    state.data["supply"]["cities"] = 0
    ctx = Ctx(state.data, Rng(1), 0)
    assert not regioncards.can_build_city(ctx, FORDS)
    with pytest.raises(Refused) as refused:
        regioncards.build_city(ctx, "elyse", FORDS)
    assert refused.value.rule_id == "DRG-CITY-1"
    state.data["supply"]["cities"] = 3
    assert not regioncards.can_build_city(ctx, "highpass")           # not a city site


@pytest.mark.rule("DRG-CITY-2")
def test_a_region_holds_at_most_one_city():
    state = started(("elyse",))
    state.data["regions"][FORDS]["city"] = "adrael"
    state.data["supply"]["cities"] -= 1
    give_region_card(state, "rc_willow_fords")
    events = executing(state, ("rc_willow_fords", "elyse"))
    assert [e.data["icon"] for e in events if e.kind == "icon_skipped"] == ["build_city"]
    assert state.data["regions"][FORDS]["city"] == "adrael"
    with pytest.raises(Refused) as refused:
        regioncards.build_city(Ctx(state.data, Rng(1), 0), "elyse", FORDS)
    assert refused.value.rule_id == "DRG-CITY-2"


# --- upgrades ------------------------------------------------------------------------------------

@pytest.mark.rule("DRG-UPGRADE-3")
def test_upgrade_is_skipped_when_the_market_is_empty():
    state = started(("elyse",))
    state.data["decks"]["upgrade"] += state.data["market"]
    state.data["market"] = []
    give_region_card(state, "rc_highpass")            # upgrade, upgrade, reinforce(cavalry)
    events = executing(state, ("rc_highpass", "elyse"))
    assert [e.data["icon"] for e in events if e.kind == "icon_skipped"] == ["upgrade", "upgrade"]
    assert pending(state)[0] == "icon_reinforce"


@pytest.mark.rule("DRG-UPGRADE-2")
def test_upgrade_is_optional():
    state = started(("elyse",))
    give_region_card(state, "rc_highpass")
    market = list(state.data["market"])
    executing(state, ("rc_highpass", "elyse"))
    taken = next(c for c in state.data["decks"]["upgrade"])
    with pytest.raises(Refused) as refused:
        answer(state, f"upgrade/{taken}")                               # not on the market
    assert refused.value.rule_id == "DRG-UPGRADE-2"
    answer(state, "decline")
    assert pending(state)[0] == "icon_upgrade"
    answer(state, "decline")
    assert state.data["market"] == market and board(state, "elyse")["upgrades"] == []


@pytest.mark.rule("DRG-UPGRADE-4", "DRG-DEC-42")
def test_a_second_upgrade_of_a_type_replaces_the_first_which_goes_under_the_deck():
    state = started(("elyse",))
    data = state.data
    cards = data["decks"]["upgrade"] + data["market"]
    infantry = [c for c in cards if upgrades.unit_type(c) == "infantry"][:2]
    for card in infantry:                             # both infantry upgrades on the market
        if card not in data["market"]:
            data["decks"]["upgrade"].remove(card)
            swap = next(c for c in data["market"] if c not in infantry)
            data["market"].remove(swap)
            data["market"].append(card)
            data["decks"]["upgrade"].append(swap)
    ctx = Ctx(data, Rng(1), 0)
    upgrades.take(ctx, "elyse", infantry[0])
    upgrades.take(ctx, "elyse", infantry[1])
    assert ctx.board("elyse")["upgrades"] == [infantry[1]]
    assert data["decks"]["upgrade"][0] == infantry[0]                 # bottom = index 0 (top is last)
    assert any(e.kind == "upgrade_replaced" for e in ctx.events)
    with pytest.raises(Refused) as refused:
        upgrades.take(ctx, "elyse", infantry[0])                       # no longer on the market
    assert refused.value.rule_id == "DRG-UPGRADE-2"


@pytest.mark.rule("DRG-UPGRADE-1")
def test_the_market_shows_six_face_up_cards_and_the_deck_is_face_down():
    state = started(("elyse",))
    from engine.dragonbond.views import seat_view
    assert len(state.data["market"]) == 6
    view = seat_view(state.data, 0)
    assert view["market"] == state.data["market"]
    assert view["decks"]["upgrade"] == 6                               # a size only


@pytest.mark.rule("DRG-UPGRADE-6")
def test_held_upgrades_are_public_and_stay_through_cleanup():
    state = started(("elyse", "adrael"), first=0)
    from engine.dragonbond.views import seat_view
    card = state.data["market"][0]
    upgrades.take(Ctx(state.data, Rng(1), 0), "elyse", card)
    assert seat_view(state.data, 1)["boards"]["elyse"]["upgrades"] == [card]
    assert seat_view(state.data, None)["boards"]["elyse"]["upgrades"] == [card]
    ctx = Ctx(state.data, Rng(1), 0)
    from engine.dragonbond.rules.round import cleanup
    ctx.queue.clear()
    cleanup(ctx)
    assert ctx.board("elyse")["upgrades"] == [card] and card not in state.data["market"]


@pytest.mark.rule("DRG-UPGRADE-7", "DRG-CLEANUP-5")
def test_cleanup_returns_the_market_shuffles_and_reveals_at_most_what_is_left():
    state = started(("elyse",))
    data = state.data
    ctx = Ctx(data, Rng(3), 0)
    deck = data["decks"]["upgrade"]
    data["decks"]["upgrade"] = []
    left = data["market"][3:]
    data["market"] = data["market"][:3]               # three taken, the deck empty
    upgrades.refresh_market(ctx)
    assert len(data["market"]) == 3 and data["decks"]["upgrade"] == []
    data["decks"]["upgrade"] = deck + left            # nine more: the market is six again
    upgrades.refresh_market(ctx)
    assert len(data["market"]) == 6 and len(data["decks"]["upgrade"]) == 6
    assert data["market"] == sorted(data["market"])


# --- where a region card goes -------------------------------------------------------------------

@pytest.mark.rule("DRG-REGIONCARD-6", "DRG-REGIONCARD-7", "DRG-EXEC-4", "DRG-CLEANUP-3")
def test_a_card_routed_to_a_hand_during_execution_stays_only_if_cleanup_leaves_it():
    state = started(("elyse",))
    give_region_card(state, "rc_willow_fords")
    events = executing(state, ("rc_allarian_crownlands", "elyse"), ("rc_willow_fords", "elyse"))
    events += answer(state, "reinforce/infantry")
    events += answer(state, "reinforce/infantry")
    routed = [e.data for e in events if e.kind == "region_card_routed"]
    assert routed == [{"card": "rc_allarian_crownlands", "to": "elyse"}]           # she controls it
    assert "rc_allarian_crownlands" in board(state, "elyse")["hand"]
    assert pending(state)[0] == "icon_reinforce"                    # rc_willow_fords is resolving
    state.data["regions"][CROWN]["neutral"] = 1                     # ...and she loses the crownlands
    state.data["supply"]["neutral"] -= 1
    answer(state, "reinforce/infantry")
    answer(state, "reinforce/ranged")
    assert state.data["phase"] == "planning" and state.data["round"] == 2
    assert "rc_allarian_crownlands" not in board(state, "elyse")["hand"]           # DRG-CLEANUP-3
    assert "rc_allarian_crownlands" in state.data["decks"]["region"]


@pytest.mark.rule("DRG-EXEC-4")
def test_a_region_card_is_decided_by_the_seat_that_placed_it():
    state = started(("elyse", "adrael"), first=0)
    executing(state, ("rc_tyverian_bloodmarch", "adrael"))
    assert pending(state)[:2] == ("icon_reinforce", 1)
    with pytest.raises(Refused):
        state.apply(Command("answer", ("reinforce/infantry",), (), 0))


@pytest.mark.rule("DRG-REGIONCARD-2", "DRG-DEC-18", "DRG-AI-2")
def test_only_human_generals_hold_region_cards():
    state = started(("elyse", "nagasha"), first=0)
    c = __import__("engine.dragonbond.content", fromlist=["content"]).content()
    for ch in ("nagasha", "adrael", "ferellon"):
        assert not [card for card in board(state, ch)["hand"] if card in c.region_cards]
    assert "rc_allarian_crownlands" in board(state, "elyse")["hand"]
    assert "rc_tyverian_bloodmarch" in state.data["decks"]["region"]      # Adrael is an AI
    for ch in ("adrael", "ferellon"):                                     # DRG-AI-2
        b = board(state, ch)
        assert b["hand"] == [] and b["vaala_deck"] == [] and b["vaala_hand"] == [] and b["upgrades"] == []


@pytest.mark.rule("DRG-AI-19", "DRG-DEC-18", "DRG-AI-9")
def test_a_region_card_that_would_go_to_an_ai_general_goes_to_the_region_deck():
    state = started(("elyse",))
    state.data["regions"][FORDS].update(neutral=0, units={"adrael": {"infantry": 1, "cavalry": 0, "ranged": 0}})
    state.data["supply"]["neutral"] += 1
    board(state, "adrael")["pool"]["infantry"] -= 1
    from engine.dragonbond.rules import stack
    from engine.dragonbond.rules.control import controller
    assert controller(state.data, FORDS) == "adrael"                      # an AI controls like anyone
    state.data["decks"]["region"].remove("rc_willow_fords")           # as if it had just resolved
    ctx = Ctx(state.data, Rng(1), 0)
    stack.route_region_card(ctx, "rc_willow_fords")
    assert [e.data for e in ctx.events if e.kind == "region_card_routed"] == [
        {"card": "rc_willow_fords", "to": "region_deck"}]
    assert "rc_willow_fords" not in board(state, "adrael")["hand"]


@pytest.mark.rule("DRG-UPGRADE-5")
def test_a_held_upgrade_applies_to_its_holder_whenever_its_condition_holds():
    from engine.dragonbond.rules import modifiers
    state = started(("elyse",))
    ctx = Ctx(state.data, Rng(1), 0)
    assert modifiers.values(ctx, "elyse", "extra_step", None) == []
    board(state, "elyse")["upgrades"] = ["up_outriders", "up_longbows"]
    assert modifiers.values(ctx, "elyse", "extra_step", None) == ["cavalry"]          # no condition
    fight = {"attacker": "elyse", "target": {"kind": "neutral", "who": None}, "region": CROWN,
             "exchange": 1, "rolling": "attack"}
    assert units(state, CROWN, "elyse")["ranged"] >= 1
    assert modifiers.values(ctx, "elyse", "dice", fight) == [1]                        # attacking, ranged
    state.data["regions"][CROWN]["units"]["elyse"]["ranged"] = 0
    assert modifiers.values(ctx, "elyse", "dice", fight) == []                         # condition fails
    assert modifiers.values(ctx, "adrael", "extra_step", None) == []                   # its holder only
