"""The oath in a live game (DRG-OATH, DRG-DEC-9/10/11): worked example A4 of the spec's appendix,
with each reroll turn asked of the member's own seat. Dice are fixed by seeding the state's
generator with a seed found by `combat.seeded` (never by patching the rules)."""
from __future__ import annotations

import pytest

from engine.core import Command, Refused, Rng
from engine.dragonbond.rules import combat

from .scenario import answer_move, board, pending, started
from .test_region_cards import answer, executing

CROWN = "allarian_crownlands"
FORDS = "willow_fords"


def set_power(state, character, n):
    p = board(state, character)["power"]
    state.data["supply"]["power"] += p["unspent"] + p["spent"] - n
    p["unspent"], p["spent"] = n, 0


@pytest.mark.rule("DRG-OATH-5", "DRG-OATH-6", "DRG-OATH-8", "DRG-OATH-10", "DRG-OATH-13", "DRG-DEC-9",
                  "DRG-EXEC-5", "DRG-GOAL-2", "DRG-GOAL-4")
def test_worked_example_a4_an_oath_with_rerolls():
    state = started(("elyse", "ferellon"), first=0)
    set_power(state, "elyse", 3)
    set_power(state, "ferellon", 2)
    board(state, "ferellon")["region"] = FORDS
    state.rng = Rng(combat.seeded(["hit1", "blank", "crit1"]))        # Elyse, Ferellon, the reroll
    executing(state, ("ely_a3", "elyse"))                             # collect (nothing), move
    assert pending(state)[0] == "icon_move"
    events = answer_move(state, CROWN, FORDS, figure=True)   # staged (rules/actions.py)
    rolled = next(e.data for e in events if e.kind == "oath_rolled")
    assert rolled["dice"] == {"elyse": "hit1", "ferellon": "blank"}
    assert pending(state)[:2] == ("oath_reroll", 0)                   # the card's owner begins
    answer(state, "decline")
    assert pending(state)[:2] == ("oath_reroll", 1)                   # Ferellon's own seat
    with pytest.raises(Refused):
        state.apply(Command("answer", ("reroll",), (), 0))            # not Elyse's turn
    with pytest.raises(Refused) as refused:
        state.apply(Command("answer", ("reroll_elyse",), (), 1))
    assert refused.value.rule_id == "DRG-OATH-6"
    events = answer(state, "reroll")
    assert next(e.data for e in events if e.kind == "oath_rerolled") == {"character": "ferellon", "face": "crit1"}
    assert board(state, "ferellon")["power"] == {"unspent": 1, "spent": 1}
    assert pending(state)[:2] == ("oath_reroll", 0)
    answer(state, "decline")
    assert pending(state)[:2] == ("oath_reroll", 1)
    events = answer(state, "decline")                                 # two declines in a row
    assert board(state, "elyse")["bonded_with"] == "ferellon" and board(state, "ferellon")["bond_card"] == "up"
    assert any(e.kind == "bonded" for e in events)
    from engine.dragonbond.rules.round import power_of
    assert power_of(state.data, "elyse") + power_of(state.data, "ferellon") == 5   # a spent token counts
    assert state.data["phase"] != "over"                              # 3 + 2 = 5 of 15: no win


@pytest.mark.rule("DRG-OATH-9", "DRG-AI-15")
def test_an_ai_member_never_gets_a_reroll_turn_decision():
    state = started(("elyse",), first=0)
    set_power(state, "elyse", 0)
    set_power(state, "ferellon", 5)
    board(state, "ferellon")["region"] = FORDS
    state.rng = Rng(combat.seeded(["blank", "hit1"]))
    executing(state, ("ely_a3", "elyse"))
    events = answer_move(state, CROWN, FORDS, figure=True)   # staged (rules/actions.py)
    assert any(e.kind == "oath_rolled" for e in events) and any(e.kind == "oath_failed" for e in events)
    assert pending(state) is None or pending(state)[0] != "oath_reroll"
    assert board(state, "ferellon")["power"] == {"unspent": 5, "spent": 0}


@pytest.mark.rule("DRG-DEC-10", "DRG-DEC-11")
def test_a_pair_already_together_does_not_swear_again_and_the_general_is_its_figure():
    state = started(("elyse", "ferellon"), first=0)
    board(state, "ferellon")["region"] = CROWN                  # together from the start: no arrival
    events = executing(state, ("rc_allarian_crownlands", "elyse"))
    events += answer(state, "reinforce/infantry") + answer(state, "reinforce/infantry")
    assert not any(e.kind == "oath_rolled" for e in events)
    state2 = started(("elyse", "ferellon"), first=0)             # Elyse's units, not her figure, there
    board(state2, "ferellon")["region"] = FORDS
    state2.data["regions"][FORDS]["units"]["elyse"] = {"infantry": 1, "cavalry": 0, "ranged": 0}
    board(state2, "elyse")["pool"]["infantry"] -= 1
    from engine.dragonbond.rules.oath import oath_pairs
    assert oath_pairs(state2.data) == []
    board(state2, "elyse")["region"] = FORDS
    assert oath_pairs(state2.data) == [("elyse", "ferellon")]
