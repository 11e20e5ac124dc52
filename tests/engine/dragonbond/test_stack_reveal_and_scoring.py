"""Focused tests written by the marker audit (R2) where the marked tests would not have failed with
the rule broken (each checked by breaking the rule in the engine): DRG-EXEC-1/STACK-4 (the next
card is revealed only after the current one resolved), DRG-END-3 (a pair scores its higher member,
not the sum), DRG-CITY-6 (another general's city protects nobody), DRG-PASS-1 (the last seat of the
first lap), DRG-AI-6 (an AI card's icons in printed order), DRG-OATH-6 (a dragon owner begins the
reroll turns), DRG-EXEC-3/AI-20 (an AI's card goes to its public played pile), DRG-COMBAT-17 (devour
by a counter-attack), DRG-UPGRADE-7 and DRG-CLEANUP-2 (the shuffles of cleanup)."""
from __future__ import annotations

import pytest

from engine.dragonbond.effects import DRG
from engine.dragonbond.rules import combat
from engine.dragonbond.rules.round import winners_by_score

from .scenario import board, pending, started
from .test_combat_sequence import WF, _exact, _game, _here, _units
from .test_region_cards import answer, executing


def _revealed(state):
    return [e["card"] for e in state.data["stack"] if e["revealed"]]


@pytest.mark.rule("DRG-EXEC-1", "DRG-STACK-4")
def test_the_next_card_is_revealed_only_after_the_current_one_has_fully_resolved():
    state = started(("elyse", "nagasha"), first=0)
    events = executing(state, ("rc_allarian_crownlands", "elyse"), ("ely_a1", "elyse"))
    assert pending(state)[0] == "icon_reinforce"                          # first card waits...
    assert _revealed(state) == ["rc_allarian_crownlands"]                 # ...the second stays hidden
    assert [e["card"] for e in state.view(1)["stack"]] == ["rc_allarian_crownlands", "hidden"]
    assert [e.data["card"] for e in events if e.kind == "card_revealed"] == ["rc_allarian_crownlands"]
    events = answer(state, "reinforce/infantry")
    assert _revealed(state) == ["rc_allarian_crownlands"]                 # one icon left: still hidden
    events += answer(state, "reinforce/infantry")
    kinds = [e.kind for e in events]
    reveal = next(i for i, e in enumerate(events) if e.kind == "card_revealed")
    assert events[reveal].data["card"] == "ely_a1"
    assert kinds.index("region_card_routed") < reveal                     # the first card finished first


@pytest.mark.rule("DRG-END-3")
def test_a_pair_scores_the_higher_members_count_not_the_sum():
    state = started(("elyse",), first=0)
    data = state.data
    for ch, n in (("adrael", 4), ("ferellon", 3), ("elyse", 5), ("nagasha", 0)):
        p = board(state, ch)["power"]
        data["supply"]["power"] += p["unspent"] + p["spent"] - n
        p["unspent"], p["spent"] = n, 0
    board(state, "adrael")["bonded_with"], board(state, "ferellon")["bonded_with"] = "ferellon", "adrael"
    assert winners_by_score(data) == ("elyse",)                           # 5 beats max(4, 3), not 7


@pytest.mark.rule("DRG-CITY-6")
def test_a_city_of_another_general_ignores_no_hit_for_the_target():
    _, ctx = _game(_exact("crit1", "blank", "blank"))
    ctx.data["regions"][WF]["city"] = "adrael"                            # not the target's city
    ctx.data["supply"]["cities"] -= 1
    ctx.board("elyse")["region"] = WF
    _units(ctx, "elyse", WF, 2)
    ctx.board("nagasha")["region"] = WF
    ctx.board("nagasha")["health"] = 3
    combat.start(ctx, "nagasha", {"kind": "general", "who": "elyse"}, WF)
    DRG.drain(ctx)
    assert _here(ctx, "elyse", WF)["infantry"] == 1                       # the critical hit landed
    assert ctx.data["regions"][WF]["city"] == "adrael"
    assert not [e for e in ctx.events if e.kind == "hits_ignored"]


@pytest.mark.rule("DRG-PASS-1")
def test_the_last_seat_of_the_first_lap_may_not_pass_either():
    from engine.core import Refused

    from .scenario import play, turn_of
    state = started(("elyse", "ferellon"), first=0)     # order: elyse, nagasha (AI), adrael (AI), ferellon
    play(state, "0: place ely_a1")
    assert turn_of(state) == "ferellon" and state.data["planning"]["turns"] == 3
    assert "pass" not in [c.verb for c in state.legal()]
    with pytest.raises(Refused) as refused:
        play(state, "1: pass to=0")
    assert refused.value.rule_id == "DRG-PASS-1"
    play(state, "1: place fer_a1")                      # the second lap: Elyse may pass now
    assert turn_of(state) == "elyse" and "pass" in [c.verb for c in state.legal()]


@pytest.mark.rule("DRG-AI-6")
def test_an_ai_card_runs_its_icons_in_printed_order_by_the_ai_readings():
    """fer_a1 is fly(2) then collect: flying first brings Ferellon to the lone unguarded token two
    steps away, and the collect that follows takes it (in the other order there is nothing to take)."""
    state = started(("elyse",))
    data = state.data
    for r in data["regions"].values():
        data["supply"]["power"] += r["power"]
        data["supply"]["neutral"] += r["neutral"]
        r["power"] = r["neutral"] = 0
    data["regions"]["willow_fords"]["power"] = 1                          # 2 steps from red_moon_crags
    data["supply"]["power"] -= 1
    events = executing(state, ("fer_a1", "ferellon"))
    assert pending(state)[:2] == ("ai_tie", 0)                            # two equal paths: the proxy
    events += answer(state, "fly/highpass/willow_fords")
    acts = [e.kind for e in events if e.kind in ("dragon_flew", "power_collected")]
    assert acts == ["dragon_flew", "power_collected"]
    assert board(state, "ferellon")["region"] == "willow_fords"
    assert board(state, "ferellon")["power"]["unspent"] == 1 and data["regions"]["willow_fords"]["power"] == 0


@pytest.mark.rule("DRG-OATH-6")
def test_the_reroll_turns_begin_with_the_cards_owner_when_it_is_the_dragon():
    from .test_oath import _game as oath_game
    from .test_oath import _meet, _set_power
    _, ctx = oath_game(seed=combat.seeded(["hit1", "blank"]))            # Elyse hit1, Nagasha blank
    _set_power(ctx, "elyse", 1)
    _set_power(ctx, "nagasha", 1)
    _meet(ctx, "elyse", "nagasha")
    ctx.push({"oath_check": {"owner": "nagasha"}})
    pause = DRG.drain(ctx)
    assert pause.kind == "oath_reroll" and ctx.data["oath"]["turn"] == "nagasha"
    assert ctx.queue[0]["meta"]["seat"] == 1                               # asked of Nagasha's seat
    DRG.resume(ctx, "decline")
    assert ctx.data["oath"]["turn"] == "elyse"


@pytest.mark.rule("DRG-EXEC-3", "DRG-AI-20")
def test_a_resolved_ai_card_goes_to_its_public_played_pile_and_a_humans_to_its_hand():
    state = started(("elyse", "nagasha"), first=0)
    board(state, "ferellon")["ai_deck"].remove("fer_a4")                  # as if placed from its deck
    executing(state, ("fer_a4", "ferellon"), ("nag_a4", "nagasha"), ("rc_allarian_crownlands", "elyse"))
    while pending(state)[0] != "icon_reinforce":                          # nag_a4's own decisions
        answer(state, pending(state)[2][0])
    assert board(state, "ferellon")["ai_played"] == ["fer_a4"]            # not its deck, not a hand
    assert "fer_a4" not in board(state, "ferellon")["ai_deck"]
    assert "nag_a4" in board(state, "nagasha")["hand"]
    for seat in (0, 1, None):                                             # the pile is public, the
        view = state.view(seat)["boards"]["ferellon"]                     # deck only a size
        assert view["ai_played"] == ["fer_a4"] and view["ai_deck"] == len(board(state, "ferellon")["ai_deck"])


@pytest.mark.rule("DRG-COMBAT-17")
def test_a_dragon_devours_with_its_counter_attack_too():
    from .test_combat_sequence import _pw, _set_power
    _, ctx = _game(_exact("blank", "hit1", "blank", "blank"))
    _units(ctx, "elyse", WF, 1)                                            # Elyse's last unit there
    ctx.board("nagasha")["region"] = WF                                    # an AI: always counters
    ctx.board("nagasha")["health"] = 3
    _set_power(ctx, "nagasha", 0)
    combat.start(ctx, "elyse", {"kind": "dragon", "who": "nagasha"}, WF)
    assert DRG.drain(ctx) is None
    assert not any(_here(ctx, "elyse", WF).values())
    assert _pw(ctx, "nagasha") == 1                                         # devour, not a steal
    assert _pw(ctx, "elyse") == 0


def _cleaned(seed, prepare):
    from engine.core import Rng
    from engine.dragonbond.context import Ctx
    from engine.dragonbond.rules.round import cleanup
    state = started(("elyse",), first=0)
    prepare(state)
    ctx = Ctx(state.data, Rng(seed), 0)
    ctx.queue.clear()
    cleanup(ctx)
    return state


@pytest.mark.rule("DRG-UPGRADE-7", "DRG-CLEANUP-5")
def test_the_new_market_is_drawn_from_the_shuffled_deck():
    markets = {tuple(_cleaned(seed, lambda s: None).data["market"]) for seed in range(8)}
    assert len(markets) > 1                                               # not always the same six
    assert all(len(m) == 6 for m in markets)


@pytest.mark.rule("DRG-CLEANUP-2", "DRG-DEC-16")
def test_an_ais_played_pile_is_shuffled_back_into_its_deck_at_cleanup():
    def prepare(state):
        b = board(state, "ferellon")
        b["ai_played"], b["ai_deck"] = b["ai_deck"][3:], b["ai_deck"][:3]
    decks = {tuple(board(_cleaned(seed, prepare), "ferellon")["ai_deck"]) for seed in range(8)}
    assert len(decks) > 1 and all(len(d) == 6 for d in decks)
    assert all(board(_cleaned(seed, prepare), "ferellon")["ai_played"] == [] for seed in range(2))
