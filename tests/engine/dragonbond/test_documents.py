"""State documents of Dragonbond: the data schema (schema.py) and the invariants (invariants.py)
accept every state real games reach and refuse, with one line naming the field or the broken
fact, what a hand edit can break; whatever they let through plays on without an exception."""
from __future__ import annotations

import copy
import itertools
import random
from functools import cache
from typing import Any

import pytest

from engine.core import Match, Refused, SaveError, state_from_document, state_to_document
from engine.core.schema import check
from engine.dragonbond.game import GAME
from engine.dragonbond.invariants import check_invariants, decision_problems

from .scenario import pending, play, started

OPTIONS = [dict(zip(("characters", "seating", "first_player", "ai_tie_break"), values)) for values in
           itertools.product(("pick", "in_order", "random"), ("default", "alternate", "random"),
                             ("random", "choose"), ("proxy", "random"))]


def random_game(seed: int, humans: int, options: dict[str, Any], every: int = 1) -> list[dict[str, Any]]:
    """The state documents of one random game, every ``every``-th position."""
    from engine.bots import bot_rng, make_bot
    match = Match.new("dragonbond", humans, seed=seed, seats=["bot:random"] * humans, options=options)
    bot, rng = make_bot("random", match.game), bot_rng(seed, 0)
    documents = []
    for step in range(5_000):
        if step % every == 0 or match.state.is_terminal():
            documents.append(copy.deepcopy(state_to_document(match.state)))
        if match.state.is_terminal():
            break
        seat = match.state.deciders()[0]
        match.apply(bot.choose(match.state.view(seat), match.state.legal(seat), rng))
    return documents


@cache
def sample_documents() -> tuple[dict[str, Any], ...]:
    return tuple(doc for seed in range(8) for doc in random_game(seed, seed % 4 + 1, OPTIONS[seed * 5 % 36], 3))


def test_every_state_of_random_games_fits_the_schema_and_the_invariants():
    for seed, options in enumerate(OPTIONS[::3]):             # every characters, seating, first-player way
        humans = seed % 4 + 1
        for document in random_game(100 + seed, humans, options, every=4):
            state = state_from_document(document, "game")       # schema, invariants, someone can act
            assert check(GAME.data_schema(state.config), document["data"]) == []


def _loaded(edit, document: dict[str, Any] | None = None) -> str:
    document = copy.deepcopy(document or sample_documents()[5])
    edit(document["data"])
    with pytest.raises(SaveError) as refused:
        state_from_document(document, "pos.yaml")
    message = str(refused.value)
    assert "\n" not in message
    return message


def _first_unit_region(data: dict[str, Any]) -> str:
    return next(r for r, here in data["regions"].items() if "elyse" in here["units"])


@pytest.mark.parametrize(("edit", "words"), [
    (lambda d: d["regions"].update(highpass=True), "field data.regions.highpass: expected a region"),
    (lambda d: d.pop("phase"), "the field 'phase' is missing"),
    (lambda d: d["boards"]["elyse"].update(region="atlantis"), "'atlantis' is not a region id"),
    (lambda d: d["decks"]["event"].append("ev99"), "'ev99' is not an event card"),
    (lambda d: d["regions"][_first_unit_region(d)]["units"]["elyse"].update(infantri=1), "unknown field 'infantri'"),
    (lambda d: d["boards"]["nagasha"].update(health=6), "data.boards.nagasha.health: expected an int from 0 to 5"),
    (lambda d: d["boards"]["elyse"]["hand"].append("nag_a1"), "one of elyse's action cards"),
    (lambda d: d.update(turn=3), "unknown field 'turn'"),
    (lambda d: d["options"].update(characters="random"), "data.options.characters: expected 'pick'"),
    (lambda d: d["effects"].append({"primitive": "launch", "params": {}, "meta": {"seat": 0}}),
     "'launch' is not a Dragonbond flow step"),
])
def test_the_schema_refuses_each_broken_field_with_its_path(edit, words):
    assert words in _loaded(edit, planning_document())


@cache
def planning_document() -> dict[str, Any]:
    """A document in round 1's planning, Elyse (seat 0) to plan, Adrael and Ferellon AIs."""
    state = started(("elyse", "nagasha"), first=0)
    return copy.deepcopy(state_to_document(state))


def test_a_planning_turn_given_to_an_ai_is_refused():
    def to_adrael(data):
        data["planning"]["position"] = data["seating"].index("adrael")
    message = _loaded(to_adrael, planning_document())
    assert "the planning turn belongs to no human" in message


@pytest.mark.parametrize(("edit", "words"), [
    (lambda d: d["boards"]["elyse"].update(seat=1), "elyse's board names seat 1"),
    (lambda d: d["humans"].reverse(), "does not play"),
    (lambda d: d["effects"].append({"primitive": "resolve_next", "params": {}, "meta": {"seat": 0}}),
     "planning waits on a planning turn, with nothing queued"),
    (lambda d: d.update(combat={"attacker": "elyse", "target": {"kind": "neutral", "who": None},
                                "region": "silverwood", "exchange": 1, "phase": "roll", "mountain": False,
                                "held": 0, "stolen": [], "once": False, "rolling": None}),
     "a combat is in progress in the planning phase"),
    (lambda d: d["stack"][0].update(owner="elyse"), "is not an event card placed by elyse"),
    (lambda d: d["stack"][0].update(revealed=True), "face up before it resolves"),
])
def test_the_invariants_refuse_a_state_the_flow_never_reaches(edit, words):
    assert words in _loaded(edit, planning_document())


def _waiting_on_a_move() -> Any:
    """Elyse's action card resolving, waiting on the pieces of a move to Willow Fords."""
    state = started(("elyse",), first=0)
    data = state.data
    data["boards"]["elyse"]["hand"].remove("ely_a1")                        # Royal Advance: move, attack
    data["stack"].insert(0, {"card": "ely_a1", "kind": "action", "owner": "elyse", "revealed": True})
    data["phase"], data["planning"] = "execution", None
    from engine.core import Rng
    from engine.dragonbond.context import Ctx
    from engine.dragonbond.effects import DRG
    ctx = Ctx(data, Rng(1), 0)
    ctx.push("resolve_card", "finish_card", {"oath_check": {"owner": "elyse"}}, "resolve_next", seat=0)
    DRG.drain(ctx)
    play(state, "0: answer move/allarian_crownlands/willow_fords")
    assert pending(state)[0] == "icon_move_pieces" and check_invariants(state.data) == []
    return state


def test_a_pending_decision_must_be_the_one_its_step_asks_now():
    state = _waiting_on_a_move()
    data = copy.deepcopy(state.data)
    data["effects"][0]["pause"]["options"].append("infantry.9")
    assert decision_problems(data) == ["the pending icon_move_pieces is not the decision its step asks now"]
    data = copy.deepcopy(state.data)
    data["effects"][0]["params"]["destination"] = "saltmere"                 # not next to the origin
    assert decision_problems(data) == ["the pending icon_move_pieces cannot be asked on this state (Refused)"]


def test_a_move_stage_refuses_a_destination_that_is_not_adjacent():
    state = _waiting_on_a_move()
    state.data["effects"][0]["params"]["destination"] = "saltmere"
    with pytest.raises(Refused) as refused:
        play(state, f"0: answer {pending(state)[2][0]}")
    assert refused.value.rule_id == "DRG-MOVE-1"


# --- the property: a mutated document is refused in one line, or plays on ------------------------

OTHER_VALUES = [None, True, 0, -1, "x", [], {}, 10**6, 1.5]


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, path + (i,))
    return found


def _ids() -> list[frozenset[str]]:
    from engine.dragonbond.content import content
    c = content()
    return [frozenset(ids) for ids in (c.characters, c.map.order, c.action_cards, c.region_cards, c.event_cards,
                                       c.upgrade_cards, c.vaala_cards, ("infantry", "cavalry", "ranged"))]


def mutate(data: dict[str, Any], rng: random.Random) -> str:
    """One mutation: a value of another type or out of range, another id of its kind, a key
    deleted or added, a list item duplicated, removed or swapped."""
    path = rng.choice(_paths(data)[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key, value = path[-1], parent[path[-1]]
    kinds = ["type", "delete", "add"]
    if isinstance(value, int) and not isinstance(value, bool):
        kinds += ["range"] * 3
    if isinstance(value, str):
        kinds += ["id"] * 4
    if isinstance(value, list) and value:
        kinds += ["duplicate", "remove", "swap"]
    kind = rng.choice(kinds)
    if kind == "type":
        parent[key] = copy.deepcopy(rng.choice([v for v in OTHER_VALUES if type(v) is not type(value)]))
    elif kind == "range":
        parent[key] = rng.choice([value + 1, value - 1, -1, 10**9])
    elif kind == "id":
        family = next((f for f in _ids() if value in f), frozenset({"x"}))
        parent[key] = rng.choice(sorted(family - {value}) or ["x"])
    elif kind == "delete":
        del parent[key]
    elif kind == "add":
        if isinstance(parent, dict):
            parent["extra"] = 1
        else:
            parent.insert(key, copy.deepcopy(value))
    elif kind == "duplicate":
        value.append(copy.deepcopy(rng.choice(value)))
    elif kind == "remove":
        value.pop(rng.randrange(len(value)))
    else:
        rng.shuffle(value)
    return f"{kind} at {path}"


def play_on(document: dict[str, Any], rng: random.Random, commands: int = 50) -> None:
    """Load, then play random legal commands with every view and every event's log line."""
    state = state_from_document(document, "mutated")
    match = Match(state, ["human"] * state.config.players, document)
    for _ in range(commands):
        for seat in (None, *range(state.config.players)):
            match.state.view(seat)
        if match.state.is_terminal():
            return
        legal = match.state.legal()
        assert legal, "nobody can act"
        for event in match.apply(rng.choice(legal)):
            GAME.describe(event, "en")
            GAME.describe(event, "zh_TW")


def test_a_mutated_document_is_refused_in_one_line_or_plays_on():
    rng = random.Random(7)
    documents = sample_documents()
    refused = played = 0
    for case in range(300):
        document = copy.deepcopy(rng.choice(documents))
        what = mutate(document["data"], rng)
        try:
            play_on(document, random.Random(case))
            played += 1
        except SaveError as error:
            assert "\n" not in str(error), what
            refused += 1
        except Exception as error:  # pragma: no cover - the failure names the case
            raise AssertionError(f"case {case}, {what}: {type(error).__name__}: {error}") from error
    assert refused and played


def _in_combat() -> dict[str, Any]:
    return next(doc for doc in sample_documents() if doc["data"].get("combat") and len(doc["data"]["effects"]) > 3)


@pytest.mark.parametrize("edit", [
    lambda d: d["combat"].update(phase="target_retreat" if d["combat"]["phase"] != "target_retreat" else "roll"),
    lambda d: d["effects"].insert(2, d["effects"].pop(1)),                  # the next combat step moved back
    lambda d: d["effects"].insert(1, copy.deepcopy(d["effects"][1])),       # a second combat step
    lambda d: d.update(combat=None),
])
def test_a_combat_waits_on_its_own_decision_with_its_next_step_right_after(edit):
    assert "a combat" in _loaded(edit, _in_combat())
