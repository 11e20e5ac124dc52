"""Dragonbond as a registered game: the registry, its bots, the `ai_tie_break` option (DRG-AI-14),
undo never taking back a placement (DRG-PLAN-7) and the heuristic bot playing through its view."""
from __future__ import annotations

import pytest

from engine.bots import bot_kinds, bot_rng, make_bot
from engine.core import Command, Match, Rng, games, get_game, weighted_choice
from engine.dragonbond.game import GAME, pending_choice


def test_dragonbond_is_registered_with_its_bots():
    assert get_game("dragonbond") is GAME
    assert "dragonbond" in [g.info.id for g in games()]
    assert {"heuristic", "random"} <= set(bot_kinds("dragonbond"))
    assert make_bot("heuristic", GAME).name == "heuristic"
    assert "Valerna" in GAME.info.summary.en and GAME.info.summary.zh_TW


def proxy_games(option: str, games_: int = 12):
    """Events and prompt kinds of seeded one-human random games with ``ai_tie_break=option``."""
    events, prompts = [], set()
    for seed in range(1, games_ + 1):
        match = Match.new("dragonbond", 1, seed=seed, seats=["bot:random"], options={"ai_tie_break": option})
        assert match.state.data["options"]["ai_tie_break"] == option
        rng = Rng(seed, stream=7)
        while not match.state.is_terminal():
            choice = pending_choice(match.state.data)
            if choice:
                prompts.add(choice[0])
            legal = match.state.legal()
            events += match.apply(weighted_choice(rng, legal, [GAME.random_weight(c) for c in legal]))
    return [e for e in events if e.kind == "ai_tie_broken"], prompts


@pytest.mark.rule("DRG-AI-14")
def test_ai_ties_go_to_the_proxy_by_default_and_to_chance_with_the_option():
    assert GAME.info.option("ai_tie_break").default == "proxy"
    by_proxy, prompts = proxy_games("proxy")
    assert by_proxy and {e.data["by"] for e in by_proxy} == {"proxy"} and "ai_tie" in prompts
    at_random, prompts = proxy_games("random")
    assert at_random and {e.data["by"] for e in at_random} == {"random"} and "ai_tie" not in prompts


@pytest.mark.rule("DRG-PLAN-7")
def test_a_placed_card_can_never_be_taken_back_by_undo():
    match = Match.new("dragonbond", 2, seed=2, seats=["human", "human"], options={"characters": "in_order"})
    seat = match.state.deciders()[0]
    place = next(c for c in match.state.legal(seat) if c.verb == "place")
    match.apply(place)
    assert not match.can_undo()
    assert GAME.is_undoable(place, []) is False
    assert GAME.is_undoable(Command("pass", (), (), seat), []) is True


def test_the_heuristic_bot_sees_only_its_view_and_chooses_legal_commands():
    for humans in (1, 2, 3, 4):
        match = Match.new("dragonbond", humans, seed=humans, seats=["bot:heuristic"] * humans)
        bots = {seat: make_bot("heuristic", match.game) for seat in range(humans)}
        rngs = {seat: bot_rng(humans, seat) for seat in range(humans)}
        while not match.state.is_terminal():
            seat = match.state.deciders()[0]
            legal = match.state.legal(seat)
            command = bots[seat].choose(match.state.view(seat), legal, rngs[seat])
            assert command in legal
            match.apply(command)
        assert match.state.outcome is not None


def test_the_heuristic_bot_fights_when_stronger_and_retreats_when_weaker():
    from engine.dragonbond.bot import Plan
    match = Match.new("dragonbond", 2, seed=2, seats=["human", "human"], options={"characters": "in_order"})
    data = match.state.data
    region = data["boards"]["elyse"]["region"]
    data["boards"]["nagasha"]["region"] = region
    data["combat"] = {"attacker": "nagasha", "target": {"kind": "general", "who": "elyse"}, "region": region}
    data["boards"]["nagasha"]["health"] = 1
    plan = Plan(GAME.view(data, 0), 0)
    assert plan.score_answer("counter_or_retreat", "counter") > plan.score_answer("counter_or_retreat", "retreat")
    data["boards"]["nagasha"]["health"] = 20
    plan = Plan(GAME.view(data, 0), 0)
    assert plan.score_answer("counter_or_retreat", "counter") < plan.score_answer("counter_or_retreat", "retreat")


def test_the_heuristic_bot_beats_the_random_bot_most_of_the_time():
    """Regression guard (the figures over 200 games: tests/benchmarks/dragonbond_bots.py)."""
    beats = 0
    games_ = 24
    for seed in range(1, games_ + 1):
        me = seed % 2
        kinds = ["random", "random"]
        kinds[me] = "heuristic"
        match = Match.new("dragonbond", 2, seed=seed, seats=[f"bot:{k}" for k in kinds],
                          options={"characters": "random"})
        bots = {seat: make_bot(kind, match.game) for seat, kind in enumerate(kinds)}
        rngs = {seat: bot_rng(seed, seat) for seat in range(2)}
        while not match.state.is_terminal():
            seat = match.state.deciders()[0]
            match.apply(bots[seat].choose(match.state.view(seat), match.state.legal(seat), rngs[seat]))
        outcome = match.state.outcome
        mine, theirs = outcome.scores[me], outcome.scores[1 - me]
        beats += mine > theirs or (me in outcome.winners and 1 - me not in outcome.winners)
    assert beats >= 0.7 * games_, f"heuristic beat random in only {beats} of {games_} games"
