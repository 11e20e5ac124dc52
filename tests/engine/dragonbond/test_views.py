"""Hidden information (spec section 8, DRG-HIDDEN, DRG-DEC-43/45): what each seat's view shows,
and `views.resample_hidden`, which redeals what a seat cannot see."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core import Rng
from engine.dragonbond.content import content
from engine.dragonbond.invariants import check_invariants
from engine.dragonbond.views import HIDDEN, resample_hidden, seat_view

from .scenario import board, play, started


def _two_humans():
    state = started(("elyse", "nagasha"), first=0)
    nag = board(state, "nagasha")
    nag["vaala_hand"] = nag["vaala_deck"][:2]
    nag["vaala_deck"] = nag["vaala_deck"][2:]
    play(state, "0: place ely_a1")
    play(state, "1: place nag_a1")
    return state


@pytest.mark.rule("DRG-HIDDEN-1")
def test_the_public_part_is_the_same_in_every_view():
    state = _two_humans()
    data = state.data
    board(state, "elyse")["upgrades"] = [data["market"].pop()]
    data["discards"]["event"].append(data["decks"]["event"].pop(0))
    board(state, "elyse")["vaala_discard"] = [board(state, "elyse")["vaala_deck"].pop()]
    views = [seat_view(data, s) for s in (0, 1, None)]
    for view in views:
        assert view["regions"] == data["regions"]                       # the whole map
        assert view["market"] == data["market"] and view["first"] == data["first"]
        assert view["round"] == data["round"] and view["discards"] == data["discards"]
        for ch, b in data["boards"].items():
            vb = view["boards"][ch]
            assert vb["power"] == b["power"] and vb["health"] == b["health"]
            assert vb["upgrades"] == b["upgrades"] and vb["bonded_with"] == b["bonded_with"]
            assert vb["vaala_discard"] == b["vaala_discard"]


@pytest.mark.rule("DRG-HIDDEN-2", "DRG-HIDDEN-5")
def test_deck_orders_are_hidden_from_everyone_owners_included():
    state = _two_humans()
    data = state.data
    for seat in (0, 1, None):
        view = seat_view(data, seat)
        assert view["decks"]["event"] == len(data["decks"]["event"])
        assert view["decks"]["upgrade"] == len(data["decks"]["upgrade"])
        for ch in ("elyse", "nagasha"):
            assert view["boards"][ch]["vaala_deck"] == len(board(state, ch)["vaala_deck"])
        for ch in ("adrael", "ferellon"):
            assert view["boards"][ch]["ai_deck"] == len(board(state, ch)["ai_deck"])
    assert seat_view(data, 0)["boards"]["nagasha"]["vaala_hand"] == 2
    assert seat_view(data, 1)["boards"]["nagasha"]["vaala_hand"] == board(state, "nagasha")["vaala_hand"]


@pytest.mark.rule("DRG-HIDDEN-8", "DRG-DEC-44")
def test_dragonbond_cards_are_public_even_face_down():
    state = _two_humans()
    for seat in (0, 1, None):
        view = seat_view(state.data, seat)
        for ch in state.data["seating"]:
            assert view["boards"][ch]["dragonbond_card"] == content().characters[ch].dragonbond_card
            assert view["boards"][ch]["bond_card"] == "down"


@pytest.mark.rule("DRG-HIDDEN-9")
def test_a_proxy_sees_nothing_more_of_the_ai_than_anyone():
    state = _two_humans()
    mine, public = seat_view(state.data, 0), seat_view(state.data, None)
    for ch in ("adrael", "ferellon"):                                   # Elyse is the AIs' proxy
        assert mine["boards"][ch] == public["boards"][ch]
        assert isinstance(mine["boards"][ch]["ai_deck"], int)
    ai_entries = [i for i, e in enumerate(state.data["stack"]) if e["owner"] in ("adrael", "ferellon")]
    assert ai_entries and all(mine["stack"][i]["card"] == HIDDEN for i in ai_entries)


@pytest.mark.rule("DRG-DEC-43", "DRG-HIDDEN-7")
def test_the_region_deck_is_public_and_region_cards_in_hand_only_a_count():
    state = _two_humans()
    view = seat_view(state.data, 1)
    assert view["decks"]["region"] == state.data["decks"]["region"]
    assert view["boards"]["elyse"]["hand"]["region"] == 1


@pytest.mark.rule("DRG-DEC-45", "DRG-STACK-2", "DRG-STACK-4")
def test_stack_kinds_and_placers_are_public_faces_only_when_resolving_or_own():
    state = _two_humans()
    data = state.data
    other = seat_view(data, 1)
    assert [e["kind"] for e in other["stack"]] == [e["kind"] for e in data["stack"]]
    assert [e["owner"] for e in other["stack"]] == [e["owner"] for e in data["stack"]]
    i = next(i for i, e in enumerate(data["stack"]) if e["owner"] == "elyse")
    assert other["stack"][i]["card"] == HIDDEN and seat_view(data, 0)["stack"][i]["card"] == "ely_a1"
    data["stack"][i]["revealed"] = True
    assert seat_view(data, 1)["stack"][i]["card"] == "ely_a1"


@pytest.mark.rule("DRG-HIDDEN-2")
def test_a_pending_decisions_options_are_shown_to_its_decider_only():
    state = _two_humans()
    state.data["effects"].insert(0, {"primitive": "card_icon", "params": {}, "meta": {"seat": 1},
                                     "pause": {"kind": "icon_vaala", "options": ["cast/nag_v1"]}})
    assert seat_view(state.data, 1)["effects"][0]["pause"]["options"] == ["cast/nag_v1"]
    assert seat_view(state.data, 0)["effects"][0]["pause"] == {"kind": "icon_vaala", "options": HIDDEN}
    state.data["effects"].pop(0)


# --- resampling ----------------------------------------------------------------------------------

def test_resampling_keeps_what_the_seat_sees_and_the_counts_of_what_it_does_not():
    state = _two_humans()
    data = state.data
    for seed in range(20):
        copy = resample_hidden(data, 0, Rng(seed))
        assert check_invariants(copy) == []
        assert seat_view(copy, 0)["boards"] == seat_view(data, 0)["boards"]   # same counts and own faces
        assert seat_view(copy, 0)["stack"] == seat_view(data, 0)["stack"]
        assert copy["decks"]["region"] == data["decks"]["region"] and copy["market"] == data["market"]
        nag = copy["boards"]["nagasha"]
        own = set(content().characters["nagasha"].action_cards)
        assert set(c for c in nag["hand"]) <= own
        nag_stack = [e["card"] for e in copy["stack"] if e["owner"] == "nagasha"]
        assert set(nag_stack) <= own
        assert Counter(nag["vaala_hand"] + nag["vaala_deck"]) == Counter(
            data["boards"]["nagasha"]["vaala_hand"] + data["boards"]["nagasha"]["vaala_deck"])
    assert data["boards"]["nagasha"]["hand"] == board(state, "nagasha")["hand"]     # the state is untouched
    dealt = {tuple(resample_hidden(data, 0, Rng(s))["boards"]["nagasha"]["hand"]) for s in range(20)}
    assert len(dealt) > 1
