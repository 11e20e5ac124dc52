"""State documents of Nemesis: the data schema (schema.py) and the invariants (invariants.py)
accept every state real games reach, in every mode and with every option, and refuse, with one
line naming the field or the broken fact, what a hand edit can break; whatever they let through
plays on without an exception."""
from __future__ import annotations

import copy
import itertools
import json
import random
import re
from functools import cache
from typing import Any

import pytest

from engine.bots import bot_rng, make_bot
from engine.core import Match, SaveError, state_from_document, state_to_document, weighted_choice
from engine.core.schema import check
from engine.nemesis.game import GAME
from engine.nemesis.invariants import check_invariants, decision_problems, declared_problems

from .scenario import add_intruder, cards, data, explore_all, place, play, started

OPTIONS = [dict(zip(("draft", "reaction_prompt", "fire_wound_once_per_round", "death_at_three_serious"), values))
           for values in itertools.product(("random", "free"), ("only_when_playable", "always"), (False, True),
                                           (False, True))]
TABLES = [("standard", 2), ("standard", 3), ("standard", 4), ("standard", 5), ("solo", 1), ("coop", 2),
          ("coop", 3), ("coop", 5)]


def states_of(seed: int, mode: str, players: int, options: dict[str, Any], bot: str):
    """Every state of one game played by ``bot`` (random or heuristic) at every seat."""
    match = Match.new("nemesis", players, mode=mode, seed=seed, seats=["human"] * players, options=options)
    player = make_bot(bot, match.game)
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    yield match.state
    while not match.state.is_terminal():
        state = match.state
        seat = state.deciders()[0]
        legal = state.legal(seat)
        if bot == "random":
            command = weighted_choice(rngs[seat], legal, [GAME.random_weight(c) for c in legal])
        else:
            command = player.choose(state.view(seat), legal, rngs[seat])
        match.apply(command)
        yield match.state


@pytest.mark.parametrize("table", TABLES, ids=[f"{m}-{n}p" for m, n in TABLES])
def test_every_state_of_real_games_fits_the_schema_and_the_invariants(table):
    mode, players = table
    for game, bot in enumerate(("random", "heuristic")):
        seed = 40 + TABLES.index(table) * 2 + game
        options = OPTIONS[seed % len(OPTIONS)]
        schema = None
        for step, state in enumerate(states_of(seed, mode, players, options, bot)):
            schema = schema or GAME.data_schema(state.config)
            assert check(schema, state.data, ("data",)) == [], (seed, step)
            assert check_invariants(state.data) == [], (seed, step)
            if step % 5 == 0 or state.is_terminal():                      # and it loads as a document
                state_from_document(json.loads(json.dumps(state_to_document(state))), "game")


# -- refusals: a broken field names its path; a broken fact says what is wrong ----------------------

@cache
def _turn_document() -> dict[str, Any]:
    """Round 1, seat 0 (Sentry) to act; three players in standard mode."""
    match = started(3, seed=3, characters=["sentry", "janitor", "survivor"])
    return copy.deepcopy(state_to_document(match.state))


def _refused(edit, document: dict[str, Any] | None = None) -> str:
    document = copy.deepcopy(document or _turn_document())
    edit(document["data"])
    with pytest.raises(SaveError) as refused:
        state_from_document(document, "pos.yaml")
    message = str(refused.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize(("edit", "words"), [
    (lambda d: d["rooms"]["R001"].update(fire="yes"), "field data.rooms.R001.fire: expected true or false"),
    (lambda d: d["rooms"]["ISO"].update(tile="archive"), "data.rooms.ISO.tile: expected 'isolation_room'"),
    (lambda d: d["rooms"]["R002"].update(tile="archive"), "'archive' is not a Room tile of pile II"),
    (lambda d: d.pop("phase"), "the field 'phase' is missing"),
    (lambda d: d["players"][0].update(room="R099"), "'R099' is not a Room id of the board"),
    (lambda d: d["players"][1].update(seat=2), "data.players[1].seat: expected 1"),
    (lambda d: d["players"][0]["hands"][0].update(ammo=9), "smg holds from 0 to 6 Ammo, not 9"),
    (lambda d: d["players"][0]["inventory"].append({"item": "smg", "ammo": 4}),
     "'smg' is not an item card kept in the Inventory"),
    (lambda d: d["decks"]["red"].__setitem__(0, "flashlight"), "'flashlight' is not a red item card"),
    (lambda d: d["corridors"]["C01"].update(door="ajar"), "'ajar' is not one of closed, destroyed, open"),
    (lambda d: d.update(draft="random"), "data.draft: expected 'free'"),        # the header's option
    (lambda d: d.update(turn={"seat": 3, "actions": 0, "first_turn_moves": 0}),
     "data.turn.seat: expected an int from 0 to 2"),
    (lambda d: d["effects"].append({"primitive": "launch", "params": {}, "meta": {"seat": 0}}),
     "'launch' is not a Nemesis flow step"),
    (lambda d: d["effects"].append({"primitive": "careful_noise", "params": {"room": "R001"}, "meta": {"seat": 0},
                                    "pause": {"kind": "draft", "options": ["sentry"]}}),
     "the step careful_noise never asks 'draft'"),
])
def test_the_schema_refuses_each_broken_field_with_its_path(edit, words):
    assert words in _refused(edit)


def _research_twice(d):
    """A second Carcass researched after its Weakness was revealed leaves the game (weakness.research)."""
    d["carcass_supply"] -= 2
    d["weaknesses"][1].update(revealed=True, object="carcass")
    d["researched_kinds"].append("carcass")
    d["removed"].append("carcass")


def _probe_arm_traded(d):
    xeno = next(p for p in d["players"] if p["starting_item"])
    d["players"][(xeno["seat"] + 1) % 3]["starting_item"], xeno["starting_item"] = xeno["starting_item"], None


@pytest.mark.parametrize("edit", [_research_twice, _probe_arm_traded,
                                  lambda d: d["rooms"]["R001"].update(fire=True, malfunction=True)])
def test_positions_the_rules_reach_only_rarely_are_accepted(edit):
    match = started(3, seed=3, characters=["sentry", "janitor", "xenobiologist"])
    document = copy.deepcopy(state_to_document(match.state))
    edit(document["data"])
    state_from_document(document, "pos.yaml")


def _seat_in_pod(d):
    d["players"][1].update(where="pod", pod="B")


def _second_sentry(d):
    d["players"][1]["character"] = "sentry"


@pytest.mark.parametrize(("edit", "words"), [
    (_second_sentry, "a character is played by two seats"),
    (lambda d: d["players"][0]["hand"].append(d["decks"]["contamination"][0]), "Contamination cards are not conserved"),
    (lambda d: d["decks"]["red"].pop(), "item cards are not conserved"),
    (lambda d: d["decks"]["wound"].pop(), "Serious Wound cards are not conserved"),
    (_seat_in_pod, "seat 1: in a pod the board does not show"),
    (lambda d: d["players"][0].update(where="dead"),
     "seat 0: a cause of death is recorded exactly for a dead character"),
    (lambda d: d["rooms"]["R001"].update(token=None), "R001: an exploration token lies exactly on an unexplored Room"),
    (lambda d: d.update(end={"kind": "purge", "why": "time ran out"}),
     "the end and the results are recorded exactly when the game is over"),
    (lambda d: d["players"][0].update(passed=True), "the turn belongs to a character who can act"),
    (lambda d: d.update(turn=None), "the Player Phase waits on a turn or a decision"),
    (lambda d: d.update(elevator_riders=[1]), "Elevator riders are asked and kept only while the Elevator"),
    (lambda d: d.update(nest_eggs=8), "more Eggs, Carcasses or Corpses than the box holds"),
])
def test_the_invariants_refuse_a_state_the_flow_never_reaches(edit, words):
    assert words in _refused(edit)


def _waiting_on_interruption() -> Match:
    """Seat 0 (Sentry) declared a Movement from R006 to R002; seat 1 (Janitor, same Room, holding
    an Interruption) is asked whether to cancel it."""
    match = started(2, seed=3, characters=["sentry", "janitor"])
    explore_all(match)
    d = data(match)
    interruption = next(c for c in d["players"][1]["deck"] if c.startswith("interruption"))
    place(match, 0, "R006", cards(match, 0, 5))
    place(match, 1, "R006", [interruption] + [c for c in cards(match, 1, 5) if c != interruption][:3])
    d["milestones"]["first_encounter"] = True
    play(match, f"0: move R002 pay={d['players'][0]['hand'][0]}")
    assert match.state.prompt.kind == "interruption" and match.state.prompt.seats == (1,)
    assert check_invariants(data(match)) == []
    return match


def test_a_declared_movement_must_lead_to_a_walkable_neighbour():
    """A loaded state whose waiting Movement leads back into the mover's own Room (or anywhere not
    next to it) is refused: resolving it would meet a refusal after the cost was paid."""
    d = copy.deepcopy(data(_waiting_on_interruption()))
    assert declared_problems(d) == []
    d["effects"][0]["params"]["action"]["declared_action"]["args"]["to"] = "R006"
    assert declared_problems(d) == ["a declared action cannot be performed: R006 is not a walkable neighbour of R006"]
    d["effects"][0]["params"]["action"]["declared_action"]["args"]["to"] = "R014"
    assert declared_problems(d) == ["a declared action cannot be performed: R014 is not a walkable neighbour of R006"]


def test_a_declared_card_must_be_one_of_the_actors_own():
    d = copy.deepcopy(data(_waiting_on_interruption()))
    d["effects"][0]["params"]["action"] = {"play_card": {"seat": 0, "card": "mop_up", "option": None,
                                                         "targets": [], "deck": None}}
    assert declared_problems(d) == [("a declared action cannot be performed: mop_up is not an Action card of "
                                     "seat 0's character")]


def test_a_pending_decision_must_be_the_one_its_step_asks_now():
    match = _waiting_on_interruption()
    d = copy.deepcopy(data(match))
    assert decision_problems(d) == []
    d["effects"][0]["pause"]["options"] = ["play"]
    assert decision_problems(d) == ["the pending interruption is not the decision its step asks now"]
    d = copy.deepcopy(data(match))
    d["effects"][0]["meta"]["seat"] = 0                      # the mover cannot interrupt themself
    assert decision_problems(d) == ["the pending interruption is not the decision its step asks now"]


def test_a_pending_decision_asked_in_combat_is_checked_too():
    match = _waiting_on_interruption()
    add_intruder(match, "adult", "R006")                    # now the Movement is an Escape: still asked
    assert decision_problems(copy.deepcopy(data(match))) == []


# -- the property: a document edited into other values of the same kinds is refused in one line, or
#    plays on (mutations that keep the types, so that they reach the invariants and the rules) -------

def _generic(path: tuple) -> tuple:
    return tuple("#" if isinstance(p, int)
                 else "*" if re.fullmatch(r"R\d+|C\d+|I\d+|EL\d|ST\d+|REP|ALR|ISO|BPS|\d+|[ABC]", str(p))
                 else p for p in path)


def _nodes(value: Any, path: tuple = ()):
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _nodes(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _nodes(item, path + (i,))


@cache
def _pool() -> tuple[tuple[str, ...], dict[tuple, tuple]]:
    """Documents of a few games (mostly positions waiting on a step) and, per generic path, the
    values the field takes in them."""
    rng = random.Random(5)
    documents = []
    for seed, (mode, players) in enumerate(TABLES[::2]):
        for state in states_of(60 + seed, mode, players, OPTIONS[seed * 3], ("random", "heuristic")[seed % 2]):
            if rng.random() < (0.5 if state.data["effects"] else 0.1):
                documents.append(json.dumps(state_to_document(state)))
    values: dict[tuple, set] = {}
    for text in documents:
        for path, value in _nodes(json.loads(text)["data"]):
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                values.setdefault(_generic(path), set()).add(value)
    return tuple(documents), {key: tuple(sorted(v, key=str)) for key, v in values.items()}


def _mutate(data: dict[str, Any], values: dict[tuple, tuple], rng: random.Random) -> str:
    every = list(_nodes(data))[1:]
    path, value = rng.choice(every)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    same = values.get(_generic(path), ())
    if isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = rng.choice([*same, value + 1, value - 1])
    elif isinstance(value, str) or (value is None and same):
        parent[key] = rng.choice(same or (value,))
    elif isinstance(value, list) and value:
        choice = rng.randrange(4)
        if choice == 0:
            value.pop(rng.randrange(len(value)))
        elif choice == 1:
            value.append(copy.deepcopy(rng.choice(value)))
        elif choice == 2:
            rng.shuffle(value)
        else:
            others = [v for p, v in every
                      if isinstance(v, list) and p != path and _generic(p)[-1:] == _generic(path)[-1:]]
            if others:
                rng.choice(others).append(value.pop(rng.randrange(len(value))))
    elif isinstance(value, dict) and value:
        del value[rng.choice(list(value))]
    return f"{path}: {parent.get(key) if isinstance(parent, dict) else parent[key]!r}"[:200]


def test_a_document_edited_within_its_types_is_refused_in_one_line_or_plays_on():
    from tests.conformance.hostile import check_document
    documents, values = _pool()
    rng = random.Random(11)
    handled: dict[str, int] = {"refused": 0, "played": 0}
    for case in range(300):
        document = json.loads(rng.choice(documents))
        what = "; ".join(_mutate(document["data"], values, rng) for _ in range(1 + rng.randrange(3)))
        try:
            handled[check_document(document, what)] += 1
        except Exception as error:  # pragma: no cover - the failure names the case
            raise AssertionError(f"case {case}, {what}: {type(error).__name__}: {error}") from error
    assert handled["refused"] > 50 and handled["played"] > 50, handled
