"""A human's action card resolves its icons (spec 5.8, 9.2 decisions 5, 6, 7, 9)."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.rules.movement import units_of

from .scenario import board, pending, play, settle, started


def _run_card(state, card, seat=0):
    """Seat places ``card``, passes, and the execution runs until the first card decision."""
    play(state, f"{seat}: place {card}")
    return play(state, f"{seat}: pass")


@pytest.mark.rule("DRG-ACTION-1", "DRG-ACTION-3", "DRG-MOVE-1", "DRG-ACTION-6")
def test_icons_resolve_top_to_bottom_and_the_owner_chooses_the_move():
    state = started(("elyse",))
    events = _run_card(state, "ely_a1")                          # move, then attack
    kind, seat, options = pending(state)
    assert (kind, seat) == ("icon_move", 0)
    assert "move/allarian_crownlands/" + options[0].split("/")[2] + "/infantry.1" in options
    with pytest.raises(Refused) as refused:
        play(state, "0: answer move/nowhere/else/figure")
    assert refused.value.rule_id == "DRG-ACTION-3"
    choice = next(o for o in options if o.endswith("/infantry.1+cavalry.1+ranged.1+figure"))
    destination = choice.split("/")[2]
    events = settle(state, play(state, f"0: answer {choice}"))
    assert board(state, "elyse")["region"] == destination
    assert units_of(state.data, destination, "elyse") == {"infantry": 1, "cavalry": 1, "ranged": 1}
    assert not any(units_of(state.data, "allarian_crownlands", "elyse").values())
    skipped = [e.data for e in events if e.kind == "icon_skipped" and e.data.get("card") == "ely_a1"]
    assert all(s["reason"] != "not_implemented" for s in skipped)   # attack runs (rules/attack.py)
    assert "ely_a1" in board(state, "elyse")["hand"]           # DRG-ACTION-6


@pytest.mark.rule("DRG-ACTION-2", "DRG-ACTION-3", "DRG-UNIT-2")
def test_legality_is_judged_when_each_icon_is_reached_and_an_impossible_icon_is_skipped():
    state = started(("elyse",))
    board(state, "elyse")["pool"] = {"infantry": 1, "cavalry": 0, "ranged": 0}
    _run_card(state, "ely_a2")                                   # deploy any, deploy any
    kind, seat, options = pending(state)
    assert kind == "icon_deploy" and options == ("deploy/infantry@allarian_crownlands",)
    events = settle(state, play(state, "0: answer deploy/infantry@allarian_crownlands"))
    assert units_of(state.data, "allarian_crownlands", "elyse")["infantry"] == 2
    skipped = [e.data for e in events if e.kind == "icon_skipped" and e.data.get("card") == "ely_a2"]
    assert skipped == [{"card": "ely_a2", "owner": "elyse", "icon": "deploy", "index": 1,
                        "reason": "no_legal_option"}]


@pytest.mark.rule("DRG-POWER-3")
def test_a_general_collects_from_a_region_it_controls():
    state = started(("elyse",))
    state.data["supply"]["power"] -= 1
    state.data["regions"]["allarian_crownlands"]["power"] += 1
    _run_card(state, "ely_a3")                                   # collect, move
    kind, seat, options = pending(state)
    assert (kind, options) == ("icon_collect", ("collect/allarian_crownlands",))
    before = board(state, "elyse")["power"]["unspent"]
    play(state, "0: answer collect/allarian_crownlands")
    assert board(state, "elyse")["power"]["unspent"] == before + 1
    assert pending(state)[0] == "icon_move"                     # the next icon, in printed order


@pytest.mark.rule("DRG-MOVE-3", "DRG-MOVE-7", "DRG-MOVE-9", "DRG-ACTION-5")
def test_a_human_dragon_flies_and_only_its_seat_decides():
    state = started(("elyse", "nagasha"), first=0)
    play(state, "0: place ely_a4")
    play(state, "1: place nag_a1")                               # fly 3, collect
    play(state, "0: pass to=1")                                  # a pass ends planning (DRG-PLAN-9)
    settle_until = pending(state)
    while settle_until and settle_until[0] != "icon_fly":       # Elyse's card comes first
        play(state, f"{settle_until[1]}: answer {settle_until[2][0]}")
        settle_until = pending(state)
    kind, seat, options = settle_until
    assert seat == 1 and not [c for c in state.legal() if c.seat == 0]
    with pytest.raises(Refused):
        play(state, f"0: answer {options[0]}")
    origin = board(state, "nagasha")["region"]
    mapping = state.data["regions"]
    assert all(o.startswith("fly/") and 1 <= len(o.split("/")) - 1 <= 3 for o in options)
    assert all(o.split("/")[-1] != origin for o in options) and len(options) == len(set(options))
    assert all(o.split("/")[-1] in mapping for o in options)
    far = max(options, key=lambda o: len(o.split("/")))
    events = play(state, f"1: answer {far}")
    assert board(state, "nagasha")["region"] == far.split("/")[-1]
    arrived = [e.data for e in events if e.kind == "figure_arrived"]
    assert arrived[0] == {"character": "nagasha", "region": far.split("/")[-1], "how": "fly"}


@pytest.mark.rule("DRG-HEAL-1", "DRG-EXEC-3")
def test_a_damaged_human_dragon_may_heal_instead_of_resolving_its_icons():
    state = started(("nagasha",))
    board(state, "nagasha")["health"] = 2
    origin = board(state, "nagasha")["region"]
    _run_card(state, "nag_a1")
    kind, seat, options = pending(state)
    assert (kind, seat, options) == ("heal_or_execute", 0, ("execute", "heal"))
    events = settle(state, play(state, "0: answer heal"))
    assert board(state, "nagasha")["health"] > 2 and board(state, "nagasha")["region"] == origin
    assert any(e.kind == "icons_skipped" and e.data["reason"] == "healed" for e in events)
    assert not any(e.kind == "dragon_flew" for e in events)
    assert "nag_a1" in board(state, "nagasha")["hand"]
