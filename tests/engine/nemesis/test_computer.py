"""Computer actions (NEM-COMPUTER, spec 7.9)."""
from __future__ import annotations

import pytest

from engine.core import Refused

from .scenario import add_intruder, data, in_tile, place, play, started
from .scenario import pay as paying


@pytest.fixture
def match():
    return started(2, seed=7)


def D(match):
    return data(match)


def top(match, card: str) -> None:
    """Put Computer card ``card`` face up (the deck's last card)."""
    deck = D(match)["decks"]["computer"]
    deck.remove(card)
    deck.append(card)


def refused(match, text: str) -> str:
    before = repr(D(match))
    with pytest.raises(Refused) as err:
        play(match, text)
    assert repr(D(match)) == before
    return err.value.rule_id


def at_computer(match, card: str, room: str = "R003") -> str:
    in_tile(match, 0, "archive", room=room)         # the Archive shows a Computer symbol
    top(match, card)
    return room


@pytest.mark.rule("NEM-COMPUTER-1")
def test_computer_needs_symbol_no_malfunction_power_and_no_combat(match):
    room = at_computer(match, "PC1")
    D(match)["rooms"][room]["malfunction"] = True
    assert refused(match, f"0: computer 2 {paying(match, 0, 1)}") == "NEM-COMPUTER-1"
    D(match)["rooms"][room]["malfunction"] = False
    D(match)["active_power"] = [D(match)["power"]["S02"]]
    assert refused(match, f"0: computer 2 {paying(match, 0, 1)}") == "NEM-COMPUTER-1"
    D(match)["active_power"] = [1, 2, 3, 4]
    add_intruder(match, "adult", room)
    assert refused(match, f"0: computer 2 {paying(match, 0, 1)}") == "NEM-COMPUTER-1"
    in_tile(match, 0, "decon_room", room="R005")   # no Computer symbol
    assert refused(match, f"0: computer 2 {paying(match, 0, 1)}") == "NEM-COMPUTER-1"
    assert not [c for c in match.state.legal() if c.verb == "computer"]


@pytest.mark.rule("NEM-COMPUTER-2")
@pytest.mark.rule("NEM-COMPUTER-3")
@pytest.mark.rule("NEM-COMPUTER-5")
def test_pay_the_card_cost_do_one_action_then_next_card(match):
    at_computer(match, "PC3")
    deck = D(match)["decks"]["computer"]
    nxt = deck[-2]
    k = D(match)["players"][0]["knowledge"]
    assert refused(match, f"0: computer 2 {paying(match, 0, 1)}") == "NEM-COST-1"   # PC3 costs 2
    play(match, f"0: computer 2 {paying(match, 0, 2)}")
    deck = D(match)["decks"]["computer"]
    assert D(match)["players"][0]["knowledge"] == k + 1
    assert deck[0] == "PC3" and (deck[-1] == nxt or nxt == "PC6")
    assert D(match)["players"][0]["stats"]["computer_actions"] == 1


@pytest.mark.rule("NEM-COMPUTER-5")
def test_actions_without_knowledge_give_none(match):
    at_computer(match, "PC3")
    k = D(match)["players"][0]["knowledge"]
    play(match, f"0: computer 1 option=bunker {paying(match, 0, 2)}")
    assert D(match)["rover"] == "bunker" and D(match)["players"][0]["knowledge"] == k


@pytest.mark.rule("NEM-COMPUTER-4")
@pytest.mark.rule("NEM-DEC-37")
def test_lockdown_revealed_places_malfunction_and_reshuffles(match):
    room = at_computer(match, "PC1")
    deck = D(match)["decks"]["computer"]
    deck.remove("PC6")
    deck.insert(len(deck) - 1, "PC6")                # Lockdown right under the face-up card
    events = play(match, f"0: computer 2 {paying(match, 0, 1)}")
    assert D(match)["rooms"][room]["malfunction"]
    assert D(match)["decks"]["computer"][-1] != "PC6"
    assert sorted(D(match)["decks"]["computer"]) == ["PC1", "PC2", "PC3", "PC4", "PC5", "PC6"]
    assert "lockdown" in [e.kind for e in events]


@pytest.mark.rule("NEM-COMPUTER-8")
@pytest.mark.rule("NEM-POWER-7")
def test_your_section_is_where_the_computer_is(match):
    at_computer(match, "PC5", room="R012")
    D(match)["active_power"] = [1, 2, 3, 4]
    targets = {c.get("target") for c in match.state.legal() if c.verb == "computer" and c.args == (1,)}
    assert targets == {"S01", "S02", "ELEVATOR"}
    elevator = D(match)["power"]["ELEVATOR"]
    play(match, f"0: computer 1 target=ELEVATOR {paying(match, 0, 2)}")
    assert elevator not in D(match)["active_power"]


@pytest.mark.rule("NEM-COMPUTER-8")
def test_environmental_control_acts_in_your_section_only(match):
    room = at_computer(match, "PC4", room="R003")
    D(match)["rooms"]["R002"].update(explored=True, fire=True)
    D(match)["rooms"]["R012"].update(explored=True, fire=True)
    assert refused(match, f"0: computer 1 target=R012 {paying(match, 0, 1)}") == "NEM-COMPUTER-2"
    play(match, f"0: computer 1 target=R002 {paying(match, 0, 1)}")
    assert not D(match)["rooms"]["R002"]["fire"] and D(match)["rooms"]["R012"]["fire"]
    assert room == "R003"


@pytest.mark.rule("NEM-DOOR-6")
@pytest.mark.rule("NEM-DOOR-5")
def test_facility_map_closes_doors_but_not_destroyed_ones(match):
    at_computer(match, "PC1", room="R003")
    D(match)["corridors"]["C05"]["door"] = "destroyed"
    play(match, f"0: computer 3 option=close target=R003 {paying(match, 0, 1)}")
    corridors = D(match)["corridors"]
    assert corridors["C03"]["door"] == "closed" and corridors["C06"]["door"] == "closed"
    assert corridors["C05"]["door"] == "destroyed"


@pytest.mark.rule("NEM-VIEW-1")
def test_facility_map_peek_is_private(match):
    at_computer(match, "PC1")
    hidden = [r for r, s in D(match)["rooms"].items() if not s["explored"]][:2]
    events = play(match, f"0: computer 1 target={','.join(hidden)} {paying(match, 0, 1)}")
    private = [e for e in events if e.kind == "peek_result"]
    assert len(private) == 2 and all(e.audience == frozenset({0}) for e in private)
    assert match.state.view(1)["players"][0]["known"] == "hidden"


@pytest.mark.rule("NEM-CONTINGENCY-4")
def test_security_feed_peeks_tokens_of_a_player_in_your_section(match):
    at_computer(match, "PC2", room="R003")
    place(match, 1, "R012")
    assert refused(match, f"0: computer 1 target=1 {paying(match, 0, 1)}") == "NEM-COMPUTER-2"
    place(match, 1, "R002")
    play(match, f"0: computer 1 target=1 {paying(match, 0, 1)}")
    seen = [k["what"]["token"] for k in D(match)["players"][0]["known"]["contingency"]]
    assert seen == D(match)["players"][1]["contingency"]


@pytest.mark.rule("NEM-BUNKER-7")
def test_vehicle_control_moves_the_rover(match):
    at_computer(match, "PC3")
    assert D(match)["rover"] == "facility"
    play(match, f"0: computer 1 option=bunker {paying(match, 0, 2)}")
    assert D(match)["rover"] == "bunker"


@pytest.mark.rule("NEM-ELEVATOR-2")
def test_security_feed_calls_the_elevator_only_with_its_power(match):
    at_computer(match, "PC2", room="R003")
    D(match)["elevator"] = "EL3"
    D(match)["active_power"] = [D(match)["power"]["S01"]]
    assert refused(match, f"0: computer 3 {paying(match, 0, 1)}") == "NEM-COMPUTER-2"
    D(match)["active_power"] = [1, 2, 3, 4]
    play(match, f"0: computer 3 {paying(match, 0, 1)}")
    assert D(match)["elevator"] == "EL1"


@pytest.mark.rule("NEM-COMPUTER-6")
def test_room_action_without_power_but_computer_needs_it(match):
    room = in_tile(match, 0, "transmitter_control")
    D(match)["active_power"] = []
    play(match, f"0: room send_signal {paying(match, 0, 2)}")
    assert D(match)["players"][0]["signal"]
    assert not [c for c in match.state.legal() if c.verb == "computer"]
    assert room


@pytest.mark.rule("NEM-COMPUTER-7")
@pytest.mark.rule("NEM-COST-3")
def test_remote_access_uses_the_face_up_card_anywhere_with_power():
    m = started(2, seed=7, characters=["hacker", "sentry"])
    in_tile(m, 0, "decon_room", room="R005", hand_size=4)        # no Computer here
    player = D(m)["players"][0]
    remote = next(c for c in player["hand"] + player["deck"] + player["discard"] if c.startswith("remote_access"))
    for zone in ("deck", "discard"):
        if remote in player[zone]:
            player[zone].remove(remote)
    player["hand"].append(remote)
    top(m, "PC3")
    others = [c for c in player["hand"] if c != remote]
    D(m)["active_power"] = [t for t in (1, 2, 3, 4) if t != D(m)["power"]["S01"]]
    assert refused(m, f"0: computer 2 via={remote} pay={others[0]},{others[1]}") == "NEM-COMPUTER-7"
    D(m)["active_power"] = [1, 2, 3, 4]
    assert any(c.get("via") == remote for c in m.state.legal() if c.verb == "computer")
    k = player["knowledge"]
    play(m, f"0: computer 2 via={remote} pay={others[0]},{others[1]}")
    if m.state.prompt is not None and m.state.prompt.kind == "interruption":
        play(m, "1: answer pass")
    player = D(m)["players"][0]
    assert player["knowledge"] == k + 1 and remote in player["discard"] and len(player["hand"]) == 2
    assert D(m)["decks"]["computer"][0] == "PC3"


@pytest.mark.rule("NEM-ACTION-20")
@pytest.mark.rule("NEM-COST-6")
def test_an_interrupted_computer_action_does_nothing_but_stays_paid(match):
    room = at_computer(match, "PC3")
    place(match, 1, room)
    other = D(match)["players"][1]
    card = next(c for c in other["hand"] + other["deck"] + other["discard"] if c.startswith("interruption"))
    for zone in ("hand", "deck", "discard"):
        if card in other[zone]:
            other[zone].remove(card)
    other["hand"].append(card)
    k = D(match)["players"][0]["knowledge"]
    play(match, f"0: computer 2 {paying(match, 0, 2)}")
    assert match.state.prompt.kind == "interruption"
    play(match, "1: answer play")
    assert D(match)["players"][0]["knowledge"] == k and len(D(match)["players"][0]["hand"]) == 3
    assert D(match)["decks"]["computer"][-1] == "PC3"


@pytest.mark.rule("NEM-COMPUTER-7")
def test_remote_access_played_as_a_card_asks_for_the_computer_action():
    m = started(2, seed=7, characters=["hacker", "sentry"])
    in_tile(m, 0, "decon_room", room="R005", hand_size=4)
    player = D(m)["players"][0]
    remote = next(c for c in player["hand"] + player["deck"] + player["discard"] if c.startswith("remote_access"))
    for zone in ("deck", "discard"):
        if remote in player[zone]:
            player[zone].remove(remote)
    player["hand"].append(remote)
    top(m, "PC3")
    m.apply(next(c for c in m.state.legal() if c.verb == "card" and c.args[0] == remote))
    while m.state.prompt.kind == "interruption":
        play(m, f"{m.state.prompt.seats[0]}: answer pass")
    assert m.state.prompt.kind == "computer_action"
    answer = next(c for c in m.state.legal(0) if str(c.args[0]).startswith("pc1/bunker/"))
    play(m, str(answer))
    assert D(m)["rover"] == "bunker" and D(m)["decks"]["computer"][0] == "PC3"
    assert len(D(m)["players"][0]["hand"]) == 2


@pytest.mark.rule("NEM-COMPUTER-2")
def test_power_routing_looks_at_two_events_then_orders_them(match):
    at_computer(match, "PC5")
    deck = D(match)["decks"]["event"]
    first, second = deck[-1], deck[-2]
    play(match, f"0: computer 2 {paying(match, 0, 2)}")
    assert match.state.prompt.kind == "reorder_events"
    assert D(match)["players"][0]["known"]["events"][-1]["what"] == [first, second]
    play(match, "0: answer swap")
    assert D(match)["decks"]["event"][-1] == second and D(match)["decks"]["event"][-2] == first
