"""A human's action card resolves its icons (spec 5.8, 9.2 decisions 5, 6, 7, 9)."""
from __future__ import annotations

import pytest

from engine.core import Refused
from engine.dragonbond.rules.movement import units_of

from .scenario import answer_move, board, pending, play, settle, started


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
    assert all(o.startswith("move/allarian_crownlands/") and o.count("/") == 2 for o in options)
    with pytest.raises(Refused) as refused:
        play(state, "0: answer move/nowhere/else")
    assert (refused.value.rule_id, refused.value.reason) == ("DRG-MOVE-1", "elyse has no piece in 'nowhere'")
    destination = options[0].split("/")[2]
    events = settle(state, answer_move(state, "allarian_crownlands", destination,
                                       {"infantry": 1, "cavalry": 1, "ranged": 1}, figure=True))
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


CROWN, GF = "allarian_crownlands", "golden_fields"


@pytest.mark.rule("DRG-MOVE-1")
def test_a_human_general_moves_part_of_a_stack_in_staged_decisions():
    from engine.dragonbond.vocabulary import Icon

    from .effect_helpers import kinds_of, put_units, run_icon
    state = started(("elyse", "adrael"), first=0)
    put_units(state, "elyse", CROWN, infantry=1)                  # 2 infantry, 1 cavalry, 1 ranged, figure
    run_icon(state, "elyse", Icon("move"))
    kind, seat, options = pending(state)
    assert (kind, seat) == ("icon_move", 0) and f"move/{CROWN}/{GF}" in options
    play(state, f"0: answer move/{CROWN}/{GF}")
    assert pending(state) == ("icon_move_pieces", 0, ("infantry.0", "infantry.1", "infantry.2"))
    with pytest.raises(Refused):
        play(state, "1: answer infantry.1")                       # not the owner's seat
    play(state, "0: answer infantry.1")
    assert pending(state) == ("icon_move_pieces", 0, ("cavalry.0", "cavalry.1"))
    play(state, "0: answer cavalry.0")
    play(state, "0: answer ranged.0")
    assert pending(state) == ("icon_move_pieces", 0, ("figure", "no_figure"))
    assert units_of(state.data, CROWN, "elyse")["infantry"] == 2    # nothing moves before the last stage
    events = play(state, "0: answer no_figure")
    assert kinds_of(events, "pieces_moved") == [{"character": "elyse", "origin": CROWN, "destination": GF,
                                                 "units": {"infantry": 1}, "figure": False}]
    assert units_of(state.data, CROWN, "elyse") == {"infantry": 1, "cavalry": 1, "ranged": 1}
    assert units_of(state.data, GF, "elyse") == {"infantry": 1, "cavalry": 0, "ranged": 0}
    assert board(state, "elyse")["region"] == CROWN and pending(state) is None


@pytest.mark.rule("DRG-MOVE-4", "DRG-MOVE-1")
def test_a_staged_move_never_completes_without_a_piece_and_refuses_answers_outside_the_options():
    from engine.dragonbond.vocabulary import Icon

    from .effect_helpers import kinds_of, put_units, run_icon
    state = started(("elyse",))
    board(state, "elyse")["region"] = GF                          # the figure is elsewhere
    put_units(state, "elyse", CROWN, ranged=1)                    # 1 infantry, 1 cavalry, 2 ranged
    run_icon(state, "elyse", Icon("move"))
    play(state, f"0: answer move/{CROWN}/silverwood")
    with pytest.raises(Refused) as refused:
        play(state, "0: answer infantry.2")                       # more than there are
    assert refused.value.rule_id == "DRG-MOVE-1"
    play(state, "0: answer infantry.0")
    play(state, "0: answer cavalry.0")
    kind, seat, options = pending(state)
    assert kind == "icon_move_pieces" and options == ("ranged.1", "ranged.2")   # no 0 (DRG-MOVE-4)
    with pytest.raises(Refused) as refused:
        play(state, "0: answer ranged.0")
    assert refused.value.rule_id == "DRG-MOVE-1"
    events = play(state, "0: answer ranged.1")
    assert kinds_of(events, "pieces_moved")[0]["units"] == {"ranged": 1}
    assert units_of(state.data, "silverwood", "elyse")["ranged"] == 1


def test_a_stage_with_a_single_option_is_taken_at_once():
    from engine.dragonbond.vocabulary import Icon

    from .effect_helpers import kinds_of, run_icon
    state = started(("elyse",))
    board(state, "elyse")["region"] = GF
    run_icon(state, "elyse", Icon("move"))
    play(state, f"0: answer move/{CROWN}/silverwood")
    play(state, "0: answer infantry.0")
    events = play(state, "0: answer cavalry.0")                  # ranged: only "ranged.1" is legal
    assert pending(state) is None
    assert kinds_of(events, "pieces_moved")[0]["units"] == {"ranged": 1}


@pytest.mark.rule("DRG-MOVE-8")
def test_under_the_storm_a_staged_move_lists_no_mountain_crossing():
    from engine.dragonbond.vocabulary import Icon

    from .effect_helpers import run_icon
    state = started(("elyse",))
    state.data.setdefault("modifiers", []).append({"kind": "mountains_closed", "value": None, "side": None,
                                                   "holder": None, "when": None, "duration": "round",
                                                   "source": "ev08"})
    run_icon(state, "elyse", Icon("move"))
    kind, _, options = pending(state)
    assert kind == "icon_move" and f"move/{CROWN}/silverwood" not in options   # a mountain border
    assert f"move/{CROWN}/{GF}" in options
