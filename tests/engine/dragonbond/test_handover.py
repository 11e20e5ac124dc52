"""Which decisions need the decider's own view on a shared screen (engine/dragonbond/handover.py,
DRG-HIDDEN-11): planning turns and Vaala decisions always; any other only when an answer names a
card the decider alone can see."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from engine.bots import bot_rng, make_bot
from engine.core import Match
from engine.dragonbond.game import GAME
from engine.dragonbond.handover import OWN_VIEW_KINDS, needs_own_view, secrets_of


def played(seed: int, humans: int = 2):
    match = Match.new("dragonbond", humans, mode=f"humans{humans}", seed=seed, seats=["human"] * humans)
    bot = make_bot("heuristic", match.game)
    rngs = {seat: bot_rng(seed, seat) for seat in range(humans)}
    while not match.state.is_terminal():
        state = match.state
        seat = state.deciders()[0]
        yield state, seat
        match.apply(bot.choose(state.view(seat), state.legal(seat), rngs[seat]))


def hidden_cards(data) -> set[str]:
    """Every card some seat cannot see: hands, Vaala hands and decks, face-down stack cards."""
    found: set[str] = set()
    for board in data["boards"].values():
        found.update(board["hand"], board["vaala_hand"], board["vaala_deck"], board["ai_deck"])
    found.update(e["card"] for e in data["stack"] if not e["revealed"])
    return found | set(data["decks"]["event"]) | set(data["decks"]["upgrade"])


@pytest.mark.rule("DRG-HIDDEN-11")
def test_only_planning_vaala_and_secret_naming_decisions_need_the_own_view():
    public, own = Counter(), Counter()
    for seed in (1, 2, 3):
        for state, seat in played(seed):
            view = state.view(seat)
            kind = state.prompt.kind
            if GAME.needs_own_view(view):
                own[kind] += 1
                continue
            public[kind] += 1
            assert kind not in OWN_VIEW_KINDS | {"plan_turn"}
            words = " ".join(str(c) for c in state.legal(seat))
            named = {card for card in hidden_cards(state.data) if card in words.replace("/", " ").split()}
            assert not named, f"{kind}: answers naming hidden cards shown in public: {named}"
    assert own["plan_turn"] and own["combat_vaala"] and own["icon_vaala"]
    assert set(own) <= OWN_VIEW_KINDS | {"plan_turn", "optional_icon", "effect_choice"}, own
    assert {"icon_move_pieces", "attack_approach", "ai_tie", "heal_or_execute", "choose_retreat_region",
            "oath_reroll", "choose_character"} <= set(public), public
    assert sum(public.values()) > sum(own.values())


def pending(seed: int = 1):
    """The first decision shown in the public view while the stack executes."""
    for state, seat in played(seed):
        view = state.view(seat)
        if state.data["phase"] == "execution" and not needs_own_view(view):
            return state, seat, copy.deepcopy(view)
    raise AssertionError("no public decision")


@pytest.mark.rule("DRG-HIDDEN-11")
def test_an_answer_naming_a_hidden_card_or_a_vaala_draw_needs_the_own_view():
    state, seat, view = pending()
    assert not needs_own_view(view)
    secrets = secrets_of(view, seat)
    assert secrets and secrets <= hidden_cards(state.data)
    card = min(secrets)
    options = view["effects"][0]["pause"]["options"]
    for extra in (f"use/{card}", f"cast/{card}/pay/own.1", "draw", f"deploy/infantry@{card}"):
        named = copy.deepcopy(view)
        named["effects"][0]["pause"]["options"] = [*options, extra]
        assert needs_own_view(named), extra
    vaala = copy.deepcopy(view)
    vaala["effects"][0]["pause"]["kind"] = "combat_vaala"
    vaala["effects"][0]["pause"]["options"] = ["decline"]        # asked whatever the Vaala hand holds
    assert needs_own_view(vaala)


def test_another_seats_decision_or_the_public_view_is_answered_with_the_own_view():
    state, seat, _ = pending()
    assert needs_own_view(state.view(1 - seat))        # the options are hidden from the other seat
    assert needs_own_view(state.view(None))
