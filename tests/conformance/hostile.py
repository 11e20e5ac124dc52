"""Hostile input for every registered game: mutated state documents, mutated saves and junk
commands. Each check raises AssertionError on what must never happen (an exception that is not a
refusal, a refusal that changed the state, an accepted command the legal list does not hold) and
otherwise says how the input was handled, so tests and the figures script count the same things.

Mutations draw their choices through ``pick(n) -> 0..n-1``: hypothesis's draws in the property
tests (so a failure shrinks), a seeded generator in tests/benchmarks/hostile_inputs.py.
"""
from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from engine.core import (
    Command,
    Match,
    NotationError,
    Refused,
    Rng,
    SaveError,
    State,
    games,
    match_to_document,
    state_from_document,
    state_to_document,
    weighted_choice,
)

Pick = Callable[[int], int]
PLAY_AFTER_LOAD = 50
SNAPSHOT_EVERY = 30
SNAPSHOTS = 6

# -- starting points -------------------------------------------------------------------------------


def hostile_setups() -> list[tuple[str, str, int]]:
    """Each game's modes, at their largest table (the toy game included: it tests the core)."""
    return [(game.info.id, mode.id, mode.max_players) for game in games() for mode in game.info.modes]


@cache
def snapshots(game_id: str, mode: str, players: int) -> tuple[str, ...]:
    """State documents (as JSON text) of one seeded random game at several points."""
    match = Match.new(game_id, players, mode=mode, seed=11, seats=["bot:random"] * players)
    rng = Rng(11, stream=5)
    found = [json.dumps(state_to_document(match.state))]
    for step in range(SNAPSHOT_EVERY * SNAPSHOTS):
        if match.state.is_terminal():
            break
        _random_step(match, rng)
        if step % SNAPSHOT_EVERY == SNAPSHOT_EVERY - 1:
            found.append(json.dumps(state_to_document(match.state)))
    return tuple(found)


@cache
def saved_game(game_id: str, mode: str, players: int, commands: int = 40) -> str:
    """A save (JSON text) of the first ``commands`` commands of a seeded random game."""
    match = Match.new(game_id, players, mode=mode, seed=12, seats=["bot:random"] * players)
    rng = Rng(12, stream=5)
    for _ in range(commands):
        if match.state.is_terminal():
            break
        _random_step(match, rng)
    return json.dumps(match_to_document(match), indent=1)


def _random_step(match: Match, rng: Rng) -> None:
    legal = match.state.legal()
    match.apply(weighted_choice(rng, legal, [match.game.random_weight(c) for c in legal]))


# -- mutating plain data ---------------------------------------------------------------------------
Path_ = tuple[Any, ...]
PALETTE: tuple[Any, ...] = (None, True, False, 0, -1, 1, 7, 99, 10**6, 2**70, -(10**9), 1.5, "", "x",
                            "infantri", "nowhere", [], {}, [1], {"a": 1}, ["x", "x"])


def nodes(value: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    """Every node of plain data with its path (the root first)."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from nodes(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from nodes(item, path + (index,))


def _get(root: Any, path: Path_) -> Any:
    for part in path:
        root = root[part]
    return root


def _set(root: Any, path: Path_, value: Any) -> Any:
    if not path:
        return value
    _get(root, path[:-1])[path[-1]] = value
    return root


def mutate(root: Any, pick: Pick) -> tuple[Any, str]:
    """One mutation of plain data somewhere in ``root`` (a deep copy); and what it was."""
    root = copy.deepcopy(root)
    every = list(nodes(root))
    path, value = every[pick(len(every))]
    strings = [v for _, v in every if isinstance(v, str)]
    kind = pick(9)
    where = "/".join(map(str, path)) or "(root)"
    if kind == 0:
        new = copy.deepcopy(PALETTE[pick(len(PALETTE))])
        return _set(root, path, new), f"{where} = {new!r}"
    if kind == 1 and strings:
        new = strings[pick(len(strings))]
        return _set(root, path, new), f"{where} = another id {new!r}"
    if kind == 2 and isinstance(value, int) and not isinstance(value, bool):
        new = (value + 1, value - 1, -value - 1, value * 10 + 7)[pick(4)]
        return _set(root, path, new), f"{where} = {new}"
    if kind == 3 and isinstance(value, dict) and value:
        key = list(value)[pick(len(value))]
        del value[key]
        return root, f"{where}: removed {key!r}"
    if kind == 4 and isinstance(value, dict):
        value["zz_unknown"] = 1
        return root, f"{where}: added a key"
    if kind == 5 and isinstance(value, list) and value:
        index = pick(len(value))
        if pick(2):
            value.insert(index, copy.deepcopy(value[index]))
            return root, f"{where}: item {index} twice"
        del value[index]
        return root, f"{where}: item {index} removed"
    if kind == 6 and isinstance(value, list) and len(value) > 1:
        i, j = pick(len(value)), pick(len(value))
        value[i], value[j] = value[j], value[i]
        return root, f"{where}: items {i} and {j} swapped"
    if kind == 7 and len(every) > 1:
        other_path, other = every[pick(len(every))]
        if other_path[:len(path)] != path and path[:len(other_path)] != other_path:
            _set(root, path, copy.deepcopy(other))
            return root, f"{where} = the value of {'/'.join(map(str, other_path))}"
    new = copy.deepcopy(PALETTE[pick(len(PALETTE))])
    return _set(root, path, new), f"{where} = {new!r}"


# -- checks ----------------------------------------------------------------------------------------
def check_document(document: Any, label: str = "") -> str:
    """Load a (mutated) state document: "refused" with one line, or "played" after up to
    PLAY_AFTER_LOAD random commands with every view and log line built."""
    try:
        state = state_from_document(document, "mutant.yaml")
    except SaveError as error:
        assert "\n" not in str(error), f"{label}: a refusal must be one line: {error}"
        return "refused"
    _play_on(Match(state, []), label)
    return "played"


def check_save(text: str, folder: Path, label: str = "") -> str:
    """Load a (mutated) save: "refused" with one line, or "played" as `check_document` does."""
    path = folder / "mutant.tksave"
    path.write_text(text, encoding="utf-8")
    from engine.core import load_match
    try:
        match = load_match(path)
    except SaveError as error:
        assert "\n" not in str(error), f"{label}: a refusal must be one line: {error}"
        return "refused"
    _play_on(match, label)
    return "played"


def _play_on(match: Match, label: str) -> None:
    game = match.game
    rng = Rng(5, stream=9)
    players = match.config.players
    view = match.state.view(0)
    game.table(view)
    game.describe_table(view)
    for step in range(PLAY_AFTER_LOAD):
        state = match.state
        if state.is_terminal():
            return
        for seat in range(players):
            state.view(seat)
        legal = state.legal()
        assert legal, f"{label}: no legal command after {step} commands, waiting on {state.prompt}"
        command = legal[rng.below(len(legal))]
        for event in match.apply(command):
            game.describe(event)
            game.describe(event, "zh_TW")


def junk_commands(state: State, pick: Pick) -> list[str]:
    """Command texts the rules must refuse or take as a listed command: mutations of legal ones
    (extra, missing or swapped arguments and options, huge numbers, other seats) and junk."""
    legal = state.legal()
    model = legal[pick(len(legal))]
    other = legal[pick(len(legal))]
    seat = model.seat
    text = str(model)
    found = [
        text + " 1", text + " junk", text + " zz=1",
        text + (f" {other.options[0][0]}=true" if other.options else " choice=true"),
        text + " " + "9" * 5000, text.replace(" ", " " + "9" * 12 + " ", 1),
        f"{seat}: {model.verb}", f"{seat}: {model.verb} " + "9" * 20,
        f"{seat}: answer", f"{seat}: answer a b",
        f"{(seat or 0) + 1}: {text.split(': ', 1)[-1]}", f"{seat}: xyzzy", "", "::", f"{seat}: " + "é" * 5,
        f"{seat}: {model.verb} " + ",".join(["a"] * 70),
    ]
    if model.args:
        found.append(str(Command(model.verb, (other.args[0] if other.args else "nowhere",) + model.args[1:],
                                 model.options, seat)))
        found.append(str(Command(model.verb, model.args[:-1], model.options, seat)))
    if model.options:
        found.append(str(Command(model.verb, model.args, model.options[:-1], seat)))
        key, value = model.options[pick(len(model.options))]
        swapped = tuple((k, other.args[0] if other.args and k == key else v) for k, v in model.options)
        found.append(str(Command(model.verb, model.args, swapped, seat)))
    return found


def check_command(state: State, text: str) -> str:
    """Apply a command text to ``state``: "notation" or "refused" (state unchanged), or
    "listed" when it spells a listed command (applied to a copy only)."""
    try:
        command = Command.parse(text)
    except NotationError as error:
        assert "\n" not in str(error)
        return "notation"
    before = state.digest()
    try:
        state.copy().apply(command)
    except Refused:
        try:
            state.apply(command)
        except Refused:
            assert state.digest() == before, f"refused {text!r} changed the state"
            return "refused"
        raise AssertionError(f"{text!r} refused on a copy, applied on the state") from None
    legal = state.legal(command.seat)
    data = state.to_plain()["data"]
    key = state.game.spelling_key(command, data)
    assert command in legal or any(key == state.game.spelling_key(c, data) for c in legal), \
        f"{text!r} was applied though legal lists no such command"
    return "listed"
