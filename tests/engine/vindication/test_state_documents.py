"""State documents: the schema (`engine/vindication/schema.py`) and the invariants
(`engine/vindication/invariants.py`) accept every state real games reach and refuse damaged ones
with one line naming the field or the broken fact; a damaged document either loads into a state
the rules can play on, or is refused."""
from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.core import Match, Rng, SaveError, get_game, state_from_document, state_to_document
from engine.core.schema import check
from engine.vindication.bot import HeuristicBot
from engine.vindication.invariants import check_invariants
from engine.vindication.schema import data_schema
from tests.engine.vindication.scenario import Scenario

GAME = get_game("vindication")
MODULE = {"villages_hamlets": True}
CONFIGS = [(1, "solo", {}), (2, None, {}), (3, None, {"choose_end_triggers": True}), (4, None, {}),
           (2, None, MODULE), (3, None, {**MODULE, "vh_setup": "preconfigured"}),
           (4, None, {**MODULE, "choose_end_triggers": True}), (1, "solo", MODULE)]
Data = dict[str, Any]


def playout(players: int, mode: str | None, options: dict, seed: int) -> Iterator[Match]:
    """A seeded game, half heuristic and half random commands, yielding the match before each."""
    match = Match.new("vindication", players, mode=mode, seed=seed, options=options)
    rnd, bot, bot_rng = random.Random(seed), HeuristicBot(GAME), Rng(seed)
    while True:
        yield match
        if match.state.is_terminal():
            return
        legal = match.state.legal()
        seat = legal[0].seat
        command = (bot.choose(match.state.view(seat), legal, bot_rng) if rnd.random() < 0.5
                   else rnd.choices(legal, [GAME.random_weight(c) for c in legal])[0])
        match.apply(command)


@pytest.mark.parametrize(("players", "mode", "options"), CONFIGS)
def test_every_state_of_a_game_fits_the_schema_and_the_invariants(players, mode, options) -> None:
    for match in playout(players, mode, options, seed=players):
        data = match.state.data
        assert check(data_schema(match.config), data) == [] and check_invariants(data) == []


def loaded(game: Scenario, change: Callable[[Data], Any]) -> SaveError:
    """The error that loading the game's state document, changed by ``change``, raises."""
    document = copy.deepcopy(state_to_document(game.match.state))
    change(document["data"])
    with pytest.raises(SaveError) as refused:
        state_from_document(document, "pos.yaml")
    assert "\n" not in str(refused.value)
    return refused.value


def setup_game(**options: Any) -> Scenario:
    return Scenario.start(players=2, seed=3, answer_setup=False, **options)


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["players"][0].update(mount=7), "data.players[0].mount: expected an int from 1 to 5, not 7"),
    (lambda d: d["players"][1].update(token="F2"), "data.players[1].token: 'F2' is not one of"),
    (lambda d: d["players"][0]["attrs"].pop("W"), "data.players[0].attrs: the field 'W' is missing"),
    (lambda d: d["players"][0].update(colour="amber"), "data.players[0].colour: expected 'teal'"),
    (lambda d: d["regions"].update(R03={"tile": "temple_of_legends", "controller": None}),
     "data.regions.R03.tile: 'temple_of_legends' is not one of"),
    (lambda d: d["regions"].update(R99=None), "data.regions.R99: unknown field 'R99'"),
    (lambda d: d["decks"]["trait"].append(d["decks"]["trait"][0]), "appears twice in the list"),
    (lambda d: d["decks"]["trait"].append("S01"), "data.decks.trait["),
    (lambda d: d.update(phase="scoring"), "data.phase: 'scoring' is not one of"),
    (lambda d: d.update(extra=1), "data.extra: unknown field 'extra'"),
    (lambda d: d["turn"]["mods"].append({"kind": "haste", "seat": 0, "source": None}),
     "data.turn.mods[0].kind: 'haste' is not a known kind"),
    (lambda d: d["effects"][0].update(primitive="summon"),
     "data.effects[0].primitive: 'summon' is not a known"),
    (lambda d: d["effects"][0]["meta"].update(seat=5),
     "data.effects[0].meta.seat: expected an int from 0 to 1"),
    (lambda d: d["effects"].insert(1, {"primitive": "peek_order", "params": {"deck": "trait", "n": 9},
                                       "meta": {"seat": 0}}),       # 9! orders to list
     "data.effects[1].params.n: expected an int from 2 to 3, not 9"),
])
def test_a_damaged_field_is_refused_naming_it(change, words) -> None:
    assert words in str(loaded(setup_game(), change))


def test_the_module_places_exist_only_with_the_module() -> None:
    assert "unknown field 'isle'" in str(loaded(setup_game(), lambda d: d.update(isle={})))
    module = setup_game(villages_hamlets=True)
    assert "the field 'A2' is missing" in str(loaded(module, lambda d: d["regions"].pop("A2")))
    assert "data.port: 'T01' is not a start triangle" in str(loaded(module, lambda d: d.update(port="T01")))


def test_a_queued_first_charge_belongs_to_a_relic_gain() -> None:
    queued = {"primitive": "gain_card", "params": {"deck": "trait", "initial_charge_min": 1},
              "meta": {"seat": 0}}
    text = str(loaded(setup_game(), lambda d: d["effects"].insert(1, queued)))
    assert "data.effects[1]" in text and "only a relic takes a first charge" in text


def playing(**options: Any) -> Scenario:
    return Scenario.start(players=3, seed=5, **options)


@pytest.mark.parametrize(("change", "rule"), [
    (lambda d: d.update(order=list(reversed(d["order"]))), "VIN-SETUP-16"),
    (lambda d: d["turn"].update(seat=(d["turn"]["seat"] + 1) % 3), "VIN-TURN-9"),
    (lambda d: d["players"][1].update(character=d["players"][0]["character"]), "VIN-SETUP-1"),
    (lambda d: d.update(scores=[dict.fromkeys(("before", "monsters", "quest", "regions", "villages",
                                               "mastery", "total"), 0)] * 3), "VIN-END-3"),
    (lambda d: d.update(drawn={"deck": "trait", "cards": [d["decks"]["trait"].pop()]}), "VIN-CARD-4"),
    (lambda d: d["turn"].update(roll={"die": "monster", "face": "skull"}), "VIN-MONSTER-5"),
    (lambda d: d["effects"].append({"primitive": "choose_character", "params": {}, "meta": {"seat": 0}}),
     "VIN-SETUP-1"),
    (lambda d: d["effects"].append({"primitive": "dilute", "params": {"n": 1}, "meta": {"seat": 0}}),
     "VIN-TURN-7"),
    (lambda d: d["end_deck"].append(d["end_faceup"][0]), "VIN-SETUP-9"),
    (lambda d: d["players"][0].update(trigger_tokens=[d["trigger_spaces"][0]]), "VIN-SETUP-8"),
    (lambda d: d["effects"].extend(
        [{"primitive": "initial_charge", "params": {"least": 1}, "meta": {"seat": 0}}] * 2), "VIN-RELIC-2"),
])
def test_a_state_breaking_a_fact_of_the_rules_is_refused_naming_the_rule(change, rule) -> None:
    text = str(loaded(playing(), change))
    assert "the state breaks the rules" in text and rule in text


def test_the_pending_choice_must_be_the_one_the_rules_ask() -> None:
    game = setup_game()
    assert game.prompt == "character"
    text = str(loaded(game, lambda d: d["effects"][0]["pause"]["options"].pop()))
    assert "VIN-TURN-7: the pending choice (character) is not what the rules ask now" in text
    assert "VIN-TURN-7" in str(loaded(game, lambda d: d["effects"][0]["pause"].update(kind="elite")))
    assert "VIN-TURN-7" in str(loaded(game, lambda d: d["effects"][0].pop("pause")))


def test_set_up_steps_wait_in_their_order() -> None:
    game = setup_game()
    assert "VIN-SETUP-17" in str(loaded(game, lambda d: d["effects"].append(d["effects"].pop(-2))))
    assert "VIN-SETUP-17" in str(loaded(game, lambda d: d["effects"].pop()))
    assert "VIN-SETUP-15" in str(loaded(game, lambda d: d["effects"].insert(-1, d["effects"][-2])))


def test_the_group_places_the_village_tiles_once() -> None:
    game = Scenario.start(players=2, seed=4, answer_setup=False, **MODULE, vh_setup="preconfigured")
    while game.prompt != "preconfigure":
        game.answer(game.options()[0])
    at = next(i for i, item in enumerate(game.data["effects"]) if item["primitive"] == "preconfigure_done")
    assert "VVH-SETUP-8" in str(loaded(game, lambda d: d["effects"].insert(at, dict(d["effects"][at]))))


def test_a_build_waits_for_a_builder_who_can_build() -> None:
    from tests.engine.vindication.test_module_isle_sites import on_isle
    game = on_isle()
    game.play("build A2")
    assert game.prompt == "build_tile"
    text = str(loaded(game, lambda d: d["effects"][0]["meta"].update(seat=1)))
    assert "VIN-TURN-7: the pending choice (build_tile) is not what the rules ask now" in text


def test_module_facts_are_checked() -> None:
    game = Scenario.start(players=2, seed=4, villages_hamlets=True)
    rune = next(s["ruins"] for s in game.data["isle"].values() if s["ruins"])
    assert "VVH-RUINS-4" in str(loaded(game, lambda d: d["players"][0]["runes"].append(rune)))
    slot = "dobney_wish/1"

    def held_by_the_other(d: Data) -> None:
        d["regions"][slot] = {"tile": d["bag"].pop(), "controller": 0}
        d["players"][0]["influence"] -= 1
        d["settlements"]["dobney_wish"]["holder"] = 1
    assert "VVH-CONTROL-2" in str(loaded(game, held_by_the_other))

    def build_on_a_built_site(d: Data) -> None:
        d["regions"]["A1"] = {"tile": d["villages_bag"].pop(), "controller": None}
        d["effects"].append({"primitive": "build_tile", "params": {"area": "A1"}, "meta": {"seat": 0}})
    assert "VVH-BUILD-4" in str(loaded(game, build_on_a_built_site))

    def controlled_village_hex(d: Data) -> None:
        d["regions"]["R01"] = {"tile": "dobney_wish", "controller": 0}
        d["players"][0]["influence"] -= 1
    assert "VIN-CONTROL-11" in str(loaded(game, controlled_village_hex))


# -- damaged documents: refused, or playable ------------------------------------------------------
def _nodes(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    yield path, value
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from _nodes(item, path + (key,))


def _mutate(data: Data, rnd: random.Random) -> str:
    """One damage of the kinds a hand edit makes: another type, a number out of range, another or
    an unknown id, a key deleted or added, a list item duplicated, removed or swapped."""
    path, value = rnd.choice(list(_nodes(data))[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    choices = ["type", "delete" if isinstance(parent, dict) else "list"]
    if isinstance(value, int) and not isinstance(value, bool):
        choices += ["number"] * 2
    if isinstance(value, str):
        choices += ["id"] * 2
    if isinstance(value, dict):
        choices.append("add")
    kind = rnd.choice(choices)
    if kind == "type":
        parent[key] = rnd.choice([v for v in (None, True, 3, "x", [], {}) if type(v) is not type(value)])
    elif kind == "number":
        parent[key] = rnd.choice([value + 1, value - 1, 7, -1, 99])
    elif kind == "id":
        parent[key] = rnd.choice(["T99", "R01", "A2", "F3", "inn", "K03", "Q04", "zeal", "S",
                                  "venfero_secret/2"])
    elif kind == "add":
        value[rnd.choice(["extra", "pause", "roll", "choice"])] = rnd.choice([1, "x", None])
    elif kind == "delete":
        del parent[key]
    else:
        i = rnd.randrange(len(parent))
        operation = rnd.choice(["dup", "remove", "swap"])
        if operation == "dup":
            parent.insert(i, copy.deepcopy(parent[i]))
        elif operation == "remove":
            del parent[i]
        else:
            j = rnd.randrange(len(parent))
            parent[i], parent[j] = parent[j], parent[i]
        kind = f"list {operation}"
    return f"{kind} at {'/'.join(map(str, path))}"


def test_a_damaged_document_is_refused_in_one_line_or_plays_on() -> None:
    rnd = random.Random(7)
    documents = []
    for players, mode, options in CONFIGS:
        documents += [copy.deepcopy(state_to_document(match.state))
                      for match in playout(players, mode, options, seed=11) if rnd.random() < 0.05]
    outcomes = {"refused": 0, "played": 0}
    for case in range(400):
        document = copy.deepcopy(rnd.choice(documents))
        damage = _mutate(document["data"], rnd)
        try:
            state = state_from_document(document, "damaged.yaml")
        except SaveError as error:
            assert "\n" not in str(error), damage
            outcomes["refused"] += 1
            continue
        match = Match(state, ["human"] * state.config.players)
        play = random.Random(case)
        for _ in range(25):
            for seat in (None, *range(state.config.players)):
                view = match.state.view(seat)
                GAME.table(view, "zh")
                GAME.table(view, "en")
            if match.state.is_terminal():
                break
            legal = match.state.legal()
            assert legal, damage
            for event in match.apply(play.choice(legal)):
                GAME.describe(event, "zh")
            assert check_invariants(match.state.data) == [], damage
        outcomes["played"] += 1
    assert outcomes["refused"] > 200 and outcomes["played"] > 20
