"""Items and Hand slots (NEM-ITEM, NEM-HEAVY), Crafting (NEM-CRAFT), Trade (NEM-TRADE)."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.nemesis.content import content
from engine.nemesis.rules import items as item_rules
from engine.nemesis.rules import wounds

from .scenario import add_intruder, ctx, data, explored, give, place, play, rig, started

HAND = ["search.0", "search.1", "dismantle.2", "rest.4", "interruption.3"]


def _game(characters=("sentry", "janitor"), room="R008"):
    match = started(2, characters=list(characters))
    explored(match, "R008", "laboratory", 2)
    place(match, 0, room, list(HAND))
    place(match, 1, "REP", ["search.0"])
    return match


def _refused(match, text):
    with pytest.raises(Refused) as refused:
        play(match, text)
    return refused.value.rule_id


def _answers(match):
    return [c.args[0] for c in match.state.legal()]


# -- items -------------------------------------------------------------------------------------------

@pytest.mark.rule("NEM-ITEM-1")
@pytest.mark.rule("NEM-HEAVY-5")
def test_heavy_items_go_to_a_hand_slot_and_normal_ones_to_the_inventory():
    match = _game(characters=("janitor", "sentry"))
    data(match)["players"][0]["hands"] = []
    data(match)["decks"]["green"] += ["medkit"]
    explored(match, "R008", "cave_entrance", 2)
    data(match)["decks"]["red"] += ["revolver", "medkit"]
    play(match, "0: card search.0")
    play(match, "0: answer d1")                            # drawn: Medkit, Revolver
    player = data(match)["players"][0]
    assert player["hands"] == [{"item": "revolver", "ammo": 3}] and player["inventory"] == []
    c = ctx(match)
    item_rules.receive(c, 0, {"item": "bandages"})
    assert player["inventory"] == [{"item": "bandages"}]


@pytest.mark.rule("NEM-ITEM-2")
@pytest.mark.rule("NEM-HEAVY-7")
def test_inventory_is_hidden_and_hand_slots_are_public():
    match = _game()
    give(match, 0, "medkit")
    view = match.state.game.view(data(match), 1)
    assert view["players"][0]["inventory"] == ["green"]       # only the card back's colour
    assert view["players"][0]["hands"] == [{"item": "smg", "ammo": 4}]
    assert match.state.game.view(data(match), 0)["players"][0]["inventory"] == [{"item": "medkit", "ammo": None}]


@pytest.mark.rule("NEM-ITEM-3")
@pytest.mark.rule("NEM-ITEM-8")
def test_a_one_use_item_goes_face_up_to_its_discard_and_a_dropped_one_to_the_bottom():
    match = _game()
    give(match, 0, "stimulant")
    give(match, 0, "medkit")
    play(match, "0: item stimulant")
    assert data(match)["discards"]["green"] == ["stimulant"] and len(data(match)["players"][0]["hand"]) == 7
    play(match, "0: drop i0")
    assert data(match)["decks"]["green"][0] == "medkit" and "medkit" not in data(match)["discards"]["green"]


@pytest.mark.rule("NEM-ITEM-4")
def test_only_the_holder_uses_an_item():
    match = _game()
    give(match, 1, "stimulant")
    assert _refused(match, "0: item stimulant") == "NEM-ITEM-4"


@pytest.mark.rule("NEM-ITEM-5")
def test_using_an_item_reveals_it():
    match = _game()
    give(match, 0, "stimulant")
    events = play(match, "0: item stimulant")
    used = next(e for e in events if e.kind == "item_used")
    assert used.audience is None and used.data["item"] == "stimulant"


@pytest.mark.rule("NEM-ITEM-6")
def test_ammo_starts_at_the_printed_value_and_never_exceeds_the_maximum():
    match = _game()
    player = data(match)["players"][0]
    assert player["hands"] == [{"item": "smg", "ammo": 4}]
    give(match, 0, "ammo_box")
    player["hands"][0]["ammo"] = 5
    play(match, "0: item ammo_box")
    assert player["hands"][0]["ammo"] == 6


@pytest.mark.rule("NEM-ITEM-7")
def test_drop_puts_objects_in_the_room_and_items_under_their_deck():
    match = _game()
    player = data(match)["players"][0]
    player["hands"].append({"object": "carcass"})
    play(match, "0: drop h1")
    assert data(match)["rooms"]["R008"]["objects"] == ["carcass"]
    play(match, "0: drop h0")
    assert "smg" in data(match)["removed"] and player["hands"] == []
    assert not [c for c in match.state.legal() if c.verb == "pick_up" and c.args[0] == "smg"]


def _drops(match, seat: int = 0) -> list[str]:
    return [str(c.args[0]) for c in match.state.legal(seat) if c.verb == "drop"]


@pytest.mark.rule("NEM-ITEM-7", "NEM-ITEM-8")
def test_drop_lists_every_item_card_and_object_and_applies_exactly_those():
    """The Drop list is exactly what Drop accepts: every Hand slot, every Inventory card (two of a kind
    each), the Probe Arm beside the Xenobiologist's board; nothing by a hidden id."""
    match = _game(characters=("xenobiologist", "sentry"))
    player = data(match)["players"][0]
    assert player["starting_item"]["item"] == "probe_arm"
    player["hands"] = [{"object": "egg"}]
    give(match, 0, "medkit")
    give(match, 0, "medkit")
    give(match, 0, "flashlight")
    assert _drops(match) == ["h0", "i0", "i1", "i2", "probe_arm"]
    for command in [c for c in match.state.legal() if c.verb == "drop"]:
        match.state.copy().apply(command)                   # each listed drop applies
    for unlisted in ("medkit", "flashlight", "egg", "h1", "i3", "i01", "smg", "probe_arm,"):
        assert _refused(match, f"0: drop {unlisted}") == "NEM-ITEM-7", unlisted
    play(match, "0: drop probe_arm")
    player = data(match)["players"][0]
    assert player["starting_item"] is None and "probe_arm" in data(match)["removed"]
    play(match, "0: drop i1")                                # the second Medkit
    assert [t["item"] for t in player["inventory"]] == ["medkit", "flashlight"]
    assert data(match)["decks"]["green"][0] == "medkit"      # NEM-ITEM-8: face down at the bottom
    assert _drops(match) == ["h0", "i0", "i1"]


@pytest.mark.rule("NEM-ITEM-2", "NEM-ITEM-7", "NEM-VIEW-1")
def test_dropping_an_inventory_card_shows_the_others_only_its_back():
    """The public event and log line name the card back's colour; only the owner's private event
    names the item; the command names its place."""
    match = _game()
    give(match, 0, "spare_cables")
    command = next(c for c in match.state.legal() if c.verb == "drop" and c.args[0] != "h0")
    assert str(command) == "0: drop i0"
    events = match.apply(command)
    public = [e for e in events if e.audience is None]
    private = [e for e in events if e.audience is not None]
    assert [(e.kind, e.data) for e in public] == [("dropped", {"seat": 0, "deck": "yellow", "room": "R008"})]
    assert [(e.kind, e.audience, e.data["item"]) for e in private] == [("dropped_private", frozenset({0}),
                                                                       "spare_cables")]
    game = match.state.game
    lines = [game.describe(e, lang) for e in public for lang in ("en", "zh_TW")]
    assert lines == ["Player 1 drops a yellow item in Room 008.", "玩家 1 把一張黃色物品丟在房間 008。"]
    assert game.describe(private[0]) == "You drop Spare Cables." and "備用電纜" in game.describe(private[0], "zh")
    assert all("spare" not in str(x).lower() for x in [command] + [e.data for e in public])


@pytest.mark.rule("NEM-HEAVY-7", "NEM-ITEM-7")
def test_dropping_a_heavy_item_or_object_is_public():
    match = _game()
    events = play(match, "0: drop h0")
    assert [(e.kind, e.audience, e.data.get("thing")) for e in events] == [("dropped", None, "smg")]


@pytest.mark.rule("NEM-ITEM-9")
def test_discarded_crafted_items_return_to_the_open_crafted_deck():
    match = _game()
    data(match)["crafted"].remove("taser")
    give(match, 0, "taser")
    iid = add_intruder(match, "creeper", "R008")
    play(match, f"0: item taser option=0 pay=search.0 target={iid}")
    assert data(match)["crafted"].count("taser") == 3


@pytest.mark.rule("NEM-ITEM-10")
def test_passive_items_have_no_action():
    match = _game()
    give(match, 0, "flashlight")
    assert _refused(match, "0: item flashlight") == "NEM-ITEM-10"
    assert not [c for c in match.state.legal() if c.verb == "item"]


def _suited(seat: int = 0, suit: bool = True):
    """The Sentry (seat 0) in R008 with the Battle Suit activated and held (unless ``suit`` is
    False: activated, then traded away); the Janitor (seat 1) beside her without one."""
    match = _game()
    place(match, 1, "R008", ["search.0", "search.1", "rest.4"])
    data(match)["players"][0]["quest"]["active"] = True
    if suit:
        data(match)["players"][0]["inventory"].append({"item": "battle_suit", "ammo": None})
    else:
        data(match)["players"][1]["inventory"].append({"item": "battle_suit", "ammo": None})
    return match


@pytest.mark.rule("NEM-ITEM-10")
def test_the_battle_suit_keeps_slime_off_its_wearer():
    from engine.nemesis.trees import HANDLERS
    match = _suited()
    c = ctx(match)
    for seat in (0, 1):                                       # an Event or Attack card's Slime
        HANDLERS["slime"](c, {"who": seat, "op": "add"}, {})
    d = data(match)
    assert not d["players"][0]["slime"] and d["players"][1]["slime"]
    assert [(e.kind, e.data) for e in c.events if e.kind == "slime_resisted"] == [
        ("slime_resisted", {"seat": 0, "item": "battle_suit"})]


@pytest.mark.rule("NEM-ITEM-10", "NEM-EXPLORE-6")
def test_the_battle_suit_keeps_off_the_slime_of_an_exploration_token():
    for suit in (True, False):
        match = _suited(suit=suit)
        d = data(match)
        d["rooms"]["R009"].update(explored=False, token="X11", items=None)      # Slime, 2 items
        rig(match, "1")
        play(match, "0: move R009 pay=search.0")
        assert d["rooms"]["R009"]["explored"] and d["players"][0]["slime"] is not suit


@pytest.mark.rule("NEM-ITEM-10", "NEM-SEARCH-9")
def test_the_battle_suit_keeps_off_the_slime_of_the_contaminated_room():
    for suit in (True, False):
        match = _suited(suit=suit)
        explored(match, "R008", "contaminated_room", 2)
        play(match, "0: card search.0")
        assert data(match)["players"][0]["slime"] is not suit


@pytest.mark.rule("NEM-ITEM-10", "NEM-FIRE-3")
def test_fire_never_wounds_the_battle_suit_wearer():
    match = _suited()
    d = data(match)
    d["rooms"]["R008"]["fire"] = True
    events = play(match, "0: pass")
    assert d["players"][0]["light"] == 0 and "fire_resisted" in [e.kind for e in events]
    play(match, "1: pass")                                    # the Janitor has no suit
    assert d["players"][1]["light"] == 1


@pytest.mark.rule("NEM-ITEM-10", "NEM-BUNKER-3", "NEM-BUNKER-6")
def test_the_battle_suit_counts_as_an_enviro_suit_only_while_held():
    for suit in (True, False):
        match = _suited(suit=suit)
        d = data(match)
        place(match, 0, "R001", list(HAND))
        d["main_gate_open"], d["rover"] = True, "bunker"
        listed = [str(c) for c in match.state.legal() if c.verb == "escape_facility"]
        if not suit:                                          # activated, then traded away
            assert listed == []
            assert _refused(match, "0: escape_facility suit pay=search.0") == "NEM-BUNKER-6"
            continue
        assert "0: escape_facility suit pay=search.0," in listed
        rig(match, "SILENCE")
        play(match, "0: escape_facility suit pay=search.0")
        assert d["players"][0]["where"] == "bunker"


@pytest.mark.rule("NEM-ITEM-11")
def test_a_quest_item_is_activated_once_its_condition_holds():
    match = _game(characters=("survivor", "janitor"))
    assert _refused(match, "0: activate") == "NEM-ITEM-11"
    assert not [c for c in match.state.legal() if c.verb == "activate"]
    explored(match, "R008", "cave_entrance", 1)              # an explored red Room
    assert [str(c) for c in match.state.legal() if c.verb == "activate"] == ["0: activate"]
    play(match, "0: activate")
    player = data(match)["players"][0]
    assert player["quest"]["active"] and player["hands"] == [{"item": "assault_rifle", "ammo": 4}]
    assert data(match)["turn"]["actions"] == 1
    assert _refused(match, "0: activate") == "NEM-ITEM-11"


@pytest.mark.rule("NEM-ITEM-12")
def test_an_inactive_quest_item_cannot_be_used_dropped_or_traded_and_dies_with_its_owner():
    match = _game(characters=("survivor", "janitor"))
    assert _refused(match, "0: drop assault_rifle") == "NEM-ITEM-12"
    assert _refused(match, "0: item assault_rifle") == "NEM-ITEM-4"
    assert "assault_rifle" not in item_rules.tradable(ctx(match), 0)
    wounds.die(ctx(match), 0, "test")
    assert data(match)["players"][0]["quest"] is None


@pytest.mark.rule("NEM-ITEM-13")
def test_a_knowledge_part_needs_that_knowledge():
    match = _game()
    give(match, 0, "reagent")
    iid = add_intruder(match, "adult", "R008")
    assert _refused(match, f"0: item reagent option=1 target={iid}") == "NEM-ITEM-13"
    data(match)["players"][0]["knowledge"] = 5
    play(match, f"0: item reagent option=1 target={iid}")
    assert data(match)["intruders"].get(iid, {}).get("room") != "R008"


@pytest.mark.rule("NEM-ITEM-14")
def test_the_probe_arm_breaks_until_the_toolbelt_repairs_it():
    match = _game(characters=("xenobiologist", "janitor"))
    data(match)["rooms"]["R008"]["objects"].append("carcass")
    play(match, "0: item probe_arm pay=search.0 target=R008/carcass")
    player = data(match)["players"][0]
    assert player["hands"] == [{"object": "carcass"}] and player["starting_item"]["broken"]
    assert _refused(match, "0: item probe_arm pay=search.1 target=R008/carcass") == "NEM-ITEM-14"
    give(match, 0, "toolbelt")
    play(match, "0: item toolbelt option=1 pay=search.1")
    assert not data(match)["players"][0]["starting_item"]["broken"]


# -- Hand slots and objects --------------------------------------------------------------------------

@pytest.mark.rule("NEM-HEAVY-1")
@pytest.mark.rule("NEM-HEAVY-4")
def test_two_hand_slots_then_drop_first():
    match = _game()
    give(match, 0, "revolver")
    data(match)["rooms"]["R008"]["objects"].append("carcass")
    assert _refused(match, "0: pick_up carcass pay=search.0") == "NEM-HEAVY-4"
    assert not [c for c in match.state.legal() if c.verb == "pick_up"]
    play(match, "0: drop h1")
    play(match, "0: pick_up carcass pay=search.0")
    assert data(match)["players"][0]["hands"][1] == {"object": "carcass"}


@pytest.mark.rule("NEM-HEAVY-2")
@pytest.mark.rule("NEM-HEAVY-3")
def test_pick_up_an_object_costs_one_out_of_combat():
    match = _game()
    data(match)["rooms"]["R008"]["objects"].append("egg")
    assert _refused(match, "0: pick_up egg") == "NEM-COST-1"
    iid = add_intruder(match, "adult", "R008")
    assert _refused(match, "0: pick_up egg pay=search.0") == "NEM-HEAVY-3"
    data(match)["intruders"].pop(iid)
    play(match, "0: pick_up egg pay=search.0")
    player = data(match)["players"][0]
    assert {"object": "egg"} in player["hands"] and player["inventory"] == []
    assert data(match)["rooms"]["R008"]["objects"] == []


@pytest.mark.rule("NEM-HEAVY-6")
def test_duct_tape_joins_two_heavy_items_into_one_slot():
    match = _game()
    give(match, 0, "revolver")
    give(match, 0, "duct_tape")
    play(match, "0: item duct_tape target=smg,revolver")
    hands = data(match)["players"][0]["hands"]
    assert len(hands) == 1 and hands[0]["taped"]["item"] == "revolver"
    match = _game()
    data(match)["players"][0]["hands"].append({"object": "carcass"})
    give(match, 0, "duct_tape")
    assert not [c for c in match.state.legal() if c.verb == "item" and c.args[0] == "duct_tape"]


@pytest.mark.rule("NEM-HEAVY-8")
def test_a_wounded_arm_leaves_one_hand_slot():
    match = _game()
    data(match)["players"][0]["serious"].append({"card": None, "type": "arm", "dressed": False})
    data(match)["rooms"]["R008"]["objects"].append("carcass")
    assert _refused(match, "0: pick_up carcass pay=search.0") == "NEM-HEAVY-4"
    data(match)["players"][0]["serious"][0]["dressed"] = True
    play(match, "0: pick_up carcass pay=search.0")


# -- Crafting -----------------------------------------------------------------------------------------

def _crafter(room="R008"):
    match = _game(room=room)
    give(match, 0, "door_kit")       # ELECTRONIC
    give(match, 0, "bandages")       # FABRIC
    return match


@pytest.mark.rule("NEM-CRAFT-1")
@pytest.mark.rule("NEM-CRAFT-4")
def test_craft_discards_two_matching_components_and_costs_one():
    match = _crafter()
    assert _refused(match, "0: craft pistol use=i0,i1 pay=search.0") == "NEM-CRAFT-1"
    assert _refused(match, "0: craft taser use=i0 pay=search.0") == "NEM-CRAFT-5"
    assert _refused(match, "0: craft taser use=i0,i0 pay=search.0") == "NEM-CRAFT-1"
    assert _refused(match, "0: craft taser use=door_kit,bandages pay=search.0") == "NEM-CRAFT-1"   # never by id
    listed = [str(c) for c in match.state.legal() if c.verb == "craft"]
    assert "0: craft taser pay=search.0, use=i0,i1" in listed
    play(match, "0: craft taser use=i0,i1 pay=search.0")
    d = data(match)
    assert d["players"][0]["inventory"] == [{"item": "taser", "ammo": None}]
    assert d["discards"]["yellow"] == ["door_kit"] and d["discards"]["green"] == ["bandages"]
    assert "search.0" in d["players"][0]["discard"]


@pytest.mark.rule("NEM-CRAFT-1")
def test_craft_is_out_of_combat_only():
    match = _crafter()
    add_intruder(match, "adult", "R008")
    assert _refused(match, "0: craft taser use=i0,i1 pay=search.0") == "NEM-CRAFT-1"


@pytest.mark.rule("NEM-CRAFT-2")
def test_craft_needs_a_copy_left():
    match = _crafter()
    data(match)["crafted"] = [c for c in data(match)["crafted"] if c != "taser"]
    assert _refused(match, "0: craft taser use=i0,i1 pay=search.0") == "NEM-CRAFT-2"


@pytest.mark.rule("NEM-CRAFT-3")
def test_the_crafted_deck_is_open_to_everyone():
    match = _crafter()
    view = match.state.game.view(data(match), 1)
    assert sorted(view["crafted"]) == sorted(data(match)["crafted"]) and len(view["crafted"]) == 15


@pytest.mark.rule("NEM-CRAFT-5")
def test_the_repository_needs_one_component_only():
    match = _crafter(room="REP")
    play(match, "0: craft taser use=i1, pay=search.0")
    assert {"item": "taser", "ammo": None} in data(match)["players"][0]["inventory"]
    match = _crafter(room="REP")
    data(match)["rooms"]["REP"]["malfunction"] = True
    assert _refused(match, "0: craft taser use=i1, pay=search.0") == "NEM-CRAFT-5"


@pytest.mark.rule("NEM-CRAFT-6")
def test_craft_equipment_lets_everyone_in_the_repository_craft_in_order():
    match = _crafter(room="REP")
    give(match, 1, "medkit")                                   # MEDICAL: an Enviro-Suit or a Neutralizer
    item_rules.craft_equipment(ctx(match), 1)
    from engine.nemesis.effects import NEM
    NEM.drain(ctx(match))
    assert match.state.prompt.kind == "craft_equipment" and match.state.prompt.seats == (1,)
    play(match, "1: answer enviro_suit/i0")                   # its Medkit
    assert match.state.prompt.seats == (0,)
    play(match, "0: answer taser/i1")                          # the Bandages
    assert data(match)["players"][1]["inventory"] == [{"item": "enviro_suit", "ammo": None}]
    assert {"item": "taser", "ammo": None} in data(match)["players"][0]["inventory"]


@pytest.mark.rule("NEM-CRAFT-7")
def test_a_crafted_heavy_item_needs_a_free_hand_slot():
    match = _game()
    give(match, 0, "ammo_box")       # MECHANICAL
    give(match, 0, "weapon_battery")  # ELECTRONIC
    give(match, 0, "revolver")
    assert _refused(match, "0: craft pistol use=i0,i1 pay=search.0") == "NEM-HEAVY-4"
    play(match, "0: drop h1")
    play(match, "0: craft pistol use=i0,i1 pay=search.0")
    assert data(match)["players"][0]["hands"][1] == {"item": "pistol", "ammo": 3}


@pytest.mark.rule("NEM-CRAFT-8")
def test_the_five_recipes():
    c = content()
    assert {i: set(c.recipe(i)) for i in ("neutralizer", "flamethrower", "pistol", "taser", "enviro_suit")} == {
        "neutralizer": {"MEDICAL", "CHEMICAL"}, "flamethrower": {"CHEMICAL", "MECHANICAL"},
        "pistol": {"MECHANICAL", "ELECTRONIC"}, "taser": {"ELECTRONIC", "FABRIC"}, "enviro_suit": {"FABRIC", "MEDICAL"}}
    match = _game()
    give(match, 0, "antiseptic")     # CHEMICAL
    give(match, 0, "medkit")         # MEDICAL
    play(match, "0: craft neutralizer use=i0,i1 pay=search.0")
    assert {"item": "neutralizer", "ammo": None} in data(match)["players"][0]["inventory"]


# -- Trade ----------------------------------------------------------------------------------------------

def _traders(players=2):
    match = started(players, characters=["sentry", "janitor", "hacker"][:players])
    explored(match, "R008", "laboratory", 2)
    for seat in range(players):
        place(match, seat, "R008", ["search.0", "search.1", "rest.4"])
    return match


@pytest.mark.rule("NEM-TRADE-1")
def test_trade_costs_the_initiator_one_card_out_of_combat():
    match = _traders()
    iid = add_intruder(match, "adult", "R008")
    assert _refused(match, "0: trade pay=search.0") == "NEM-TRADE-1"
    data(match)["intruders"].pop(iid)
    play(match, "0: trade pay=search.0")
    assert match.state.prompt.kind == "trade" and len(data(match)["players"][1]["hand"]) == 3


@pytest.mark.rule("NEM-TRADE-2")
@pytest.mark.rule("NEM-TRADE-4")
def test_a_transfer_needs_both_consents_and_a_weapon_keeps_its_ammo():
    match = _traders()
    data(match)["players"][1]["passed"] = True
    data(match)["players"][0]["hands"][0]["ammo"] = 2
    play(match, "0: trade pay=search.0")
    play(match, "0: answer h0/to1")
    assert match.state.prompt.kind == "trade_accept" and match.state.prompt.seats == (1,)
    play(match, "1: answer decline")
    assert data(match)["players"][0]["hands"][0]["item"] == "smg"
    play(match, "1: answer done")                            # the Janitor has nothing more to offer
    play(match, "0: answer h0/to1")
    play(match, "1: answer accept")                          # one slot holds the Nail Gun, one is free
    assert {"item": "smg", "ammo": 2} in data(match)["players"][1]["hands"]


@pytest.mark.rule("NEM-TRADE-3")
def test_objects_gifts_and_transfers_between_other_participants():
    match = _traders(3)
    data(match)["players"][1]["hands"] = [{"object": "carcass"}]
    play(match, "0: trade pay=search.0")
    play(match, "0: answer done")
    assert match.state.prompt.seats == (1,)
    play(match, "1: answer h0/to2")
    play(match, "2: answer accept")
    assert {"object": "carcass"} in data(match)["players"][2]["hands"]


@pytest.mark.rule("NEM-TRADE-3", "NEM-TRADE-4")
def test_the_probe_arm_beside_the_board_is_an_item_card_that_can_be_traded():
    match = started(2, characters=["xenobiologist", "janitor"])
    for seat in range(2):
        place(match, seat, "R008", ["search.0", "search.1", "rest.4"])
    data(match)["players"][0]["starting_item"]["broken"] = True
    play(match, "0: trade pay=search.0")
    assert "probe_arm/to1" in _answers(match)
    play(match, "0: answer probe_arm/to1")
    events = play(match, "1: answer accept")
    xeno, janitor = data(match)["players"]
    assert xeno["starting_item"] is None
    assert janitor["starting_item"] == {"item": "probe_arm", "ammo": None, "broken": True}   # still broken
    traded = next(e for e in events if e.kind == "traded")
    assert traded.audience is None and traded.data["thing"] == "probe_arm"          # beside a board: public
    assert match.state.view(0)["players"][1]["starting_item"]["item"] == "probe_arm"


@pytest.mark.rule("NEM-TRADE-5")
@pytest.mark.rule("NEM-HAND-8")
def test_action_and_contamination_cards_cannot_be_traded():
    match = _traders()
    play(match, "0: trade pay=search.0")
    offers = _answers(match)
    assert offers == ["h0/to1", "done"]


@pytest.mark.rule("NEM-TRADE-6")
def test_a_full_handed_receiver_must_make_room():
    match = _traders()
    give(match, 1, "revolver")
    play(match, "0: trade pay=search.0")
    play(match, "0: answer h0/to1")
    assert sorted(_answers(match)) == ["accept/drop0", "accept/drop1", "decline"]


@pytest.mark.rule("NEM-TRADE-7")
def test_traded_normal_items_are_shown_to_the_participants_only():
    match = _traders(3)
    give(match, 0, "medkit")
    play(match, "0: trade pay=search.0")
    play(match, "0: answer i0/to1")                          # the command names the place only
    assert next(e for e in match.state.view(1)["effects"] if e.get("pause"))["offer"] == "medkit"
    assert not any(e.get("pause") for e in match.state.view(2)["effects"])
    events = play(match, "1: answer accept")
    private = next(e for e in events if e.kind == "traded_item")
    assert private.audience == frozenset({0, 1}) and private.data["item"] == "medkit"
    public = next(e for e in events if e.kind == "traded")
    assert "item" not in public.data and public.data["deck"] == "green"


@pytest.mark.rule("NEM-HEAVY-9")
def test_a_carried_object_is_in_its_carriers_room_for_research_only():
    match = _game()
    data(match)["players"][0]["hands"].append({"object": "carcass"})
    give(match, 0, "analyze_toolset")
    targets = {c.get("target") for c in match.state.legal() if c.verb == "item" and c.args[0] == "analyze_toolset"}
    assert targets == {("R008/carcass",)}
    play(match, "0: item analyze_toolset pay=search.0 target=R008/carcass")
    assert data(match)["players"][0]["hands"] == [{"item": "smg", "ammo": 4}]
    assert data(match)["players"][0]["knowledge"] == 4
    match = _game(characters=("xenobiologist", "janitor"))
    place(match, 0, "R008", ["specimen_handling.8"])
    data(match)["players"][0]["hands"].append({"object": "carcass"})
    assert not [c for c in match.state.legal() if c.verb == "card"]       # nothing lies in the Room
    data(match)["rooms"]["R008"]["objects"].append("egg")
    assert [c.get("target") for c in match.state.legal() if c.verb == "card"] == [("R008/egg",)]


@pytest.mark.rule("NEM-HEAVY-8")
def test_a_wounded_arm_with_full_hands_drops_one_at_once():
    match = _game()
    give(match, 0, "revolver")
    data(match)["decks"]["wound"].append("arm")              # the next Serious Wound: Wounded Arm
    c0 = ctx(match)
    wounds.serious_wound(c0, 0)
    from engine.nemesis.effects import NEM
    NEM.drain(c0)
    assert match.state.prompt.kind == "arm_drop" and match.state.prompt.seats == (0,)
    play(match, "0: answer h0")
    assert data(match)["players"][0]["hands"] == [{"item": "revolver", "ammo": 3}]
    assert data(match)["rooms"]["R008"]["objects"] == []


def test_a_glowstick_keeps_you_out_of_darkness_until_the_round_ends():
    from engine.nemesis.rules.places import in_darkness
    match = _game()
    d = data(match)
    d["active_power"] = []                                    # every Section unpowered
    give(match, 0, "glowstick")
    assert in_darkness(d, 0)
    assert [str(c) for c in match.state.legal() if c.verb == "item"] == ["0: item glowstick"]
    play(match, "0: item glowstick")
    assert not in_darkness(data(match), 0)
    data(match)["round"] += 1
    assert in_darkness(data(match), 0)


@pytest.mark.rule("NEM-ITEM-4")
def test_items_naming_another_target_reach_it():
    match = _game()
    place(match, 1, "R008", ["search.0"])
    d = data(match)
    d["players"][1]["larva"] = True
    give(match, 0, "scalpel")
    play(match, "0: item scalpel option=0 pay=search.0 target=1")
    assert not d["players"][1]["larva"] and len(d["players"][1]["serious"]) == 1


def test_a_grenade_hurts_everyone_in_the_chosen_room():
    match = _game()
    place(match, 1, "R008", ["search.0"])
    iid = add_intruder(match, "queen", "R008")
    give(match, 0, "grenade")
    play(match, "0: item grenade pay=search.0 target=R008")
    d = data(match)
    assert d["players"][0]["light"] == 1 and d["players"][1]["light"] == 1
    assert iid not in d["intruders"] or d["intruders"][iid]["injuries"] == 1


def test_a_taser_injures_and_drives_off_an_intruder():
    match = _game()
    iid = add_intruder(match, "queen", "R008")
    give(match, 0, "taser")
    events = play(match, f"0: item taser option=0 pay=search.0 target={iid}")
    happened = [e.kind for e in events if e.data.get("intruder") == iid]
    assert happened[0] == "intruder_injured"
    assert "intruder_retreats" in happened or "intruder_killed" in happened


def test_a_welding_torch_closes_a_corridor_of_the_room():
    match = _game()
    place(match, 0, "REP", list(HAND))
    give(match, 0, "welding_torch")
    play(match, "0: drop h0")                                # the SMG
    legal = [c.get("target") for c in match.state.legal() if c.verb == "item" and c.args[0] == "welding_torch"]
    assert ("C16",) in legal
    play(match, "0: item welding_torch pay=search.0 target=C16")
    assert data(match)["corridors"]["C16"]["door"] == "closed"


@pytest.mark.rule("NEM-HEAVY-4")
def test_a_heavy_quest_item_is_not_offered_while_both_hand_slots_are_full():
    """The soak found the lister offering this activation and the handler refusing it."""
    from engine.core import Command, Match, Refused
    match = Match.new("nemesis", 2, mode="standard", seed=4, seats=["human", "human"])
    while match.state.prompt.kind == "draft":
        match.apply(match.state.legal()[0])
    seat = match.state.prompt.seats[0]
    d = match.state.data
    player = d["players"][seat]
    player["quest"] = {"id": "assault_rifle", "active": False}
    player["room"] = "R001"
    d["rooms"]["R001"].update(tile="guard_room", explored=True)       # an explored red Room
    player["hands"] = [{"object": "egg"}, {"object": "carcass"}]
    assert not any(c.verb == "activate" for c in match.state.legal(seat))
    with pytest.raises(Refused) as refused:
        match.apply(Command("activate", (), (), seat))
    assert refused.value.rule_id == "NEM-HEAVY-4"
    match.state.data["players"][seat]["hands"] = [{"object": "egg"}]
    assert any(c.verb == "activate" for c in match.state.legal(seat))


@pytest.mark.rule("NEM-TRADE-7", "NEM-VIEW-1")
def test_the_offered_card_is_shown_to_the_receiver_alone_and_kept_when_hidden_cards_are_dealt_again():
    from engine.core import Rng
    match = _traders(3)
    give(match, 0, "medkit")
    give(match, 0, "stimulant")
    play(match, "0: trade pay=search.0")
    play(match, "0: answer i1/to1")
    game, d = match.state.game, data(match)
    for k in range(5):
        dealt = game.resample_hidden(d, 1, Rng(k))
        assert game.view(dealt, 1) == game.view(d, 1)          # the receiver's view: the Stimulant stays
    offers = {game.view(game.resample_hidden(d, 2, Rng(k)), 1)["effects"][0]["offer"] for k in range(12)}
    assert len(offers) > 1                                     # for another seat it may be any green card
