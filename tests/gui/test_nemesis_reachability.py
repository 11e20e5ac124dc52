"""Every Nemesis: Lockdown verb of the spec (sections 9.2 and 9.3 of ../shared/rules/nemesis_lockdown.md)
is played through the real GUI by gestures: clicks and drops on the board, the player boards, the
Table dock and the Hand dock; a button only where the command names nothing to touch.

For each spec row the test needs a position where the deciding seat may give such a command. Most
come from seeded engine games played by bots (random and heuristic seats alternating, as the
engine's own walks do): each case names the games where it shows up first (a hint, so that the
search is short), and when a hint no longer holds the search goes on through more seeds. Four
decisions never come up in short bot games and are set up directly on the state (the helpers of
tests/engine/nemesis/scenario.py): a ride in the Elevator, a free Room action (Defense Plan), a
Computer action granted by Remote Access, and Inconspicuous; so is a Computer action paid through
Remote Access at a working Computer (the card is touched first there).

The position is opened as a save (every seat a person; the deciding seat looks at the screen),
and then, with tests/gui/table_driver.py:
* every legal command of the case has a gesture (touches in some order, or a drop and touches, or
  a button when it names nothing), checked against the table the screen draws;
* up to `PLAYED` of them are really played by clicks on the widgets (the first, the one naming
  most things, the last), each from the position opened afresh; the match must record exactly
  the command meant;
* one naming two things or more is played again starting with a drag and drop.

Spec 9.2's `claim` (a free, unverified message to another player) is not a command of the engine,
so there is nothing to reach; `search` and `rest` are cards (`card search.0`, `card rest.4`).
"""
from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from engine.bots import bot_rng, make_bot
from engine.core import Command, Match, state_to_document
from engine.core.persistence import SAVE_FORMAT, SAVE_VERSION
from gui.main_window import MainWindow
from tests.gui.table_driver import TableDriver

MAX_STEPS = 400                # commands per searched game
Game = tuple[str, int, int]    # (mode, players, seed)
S3 = ("standard", 3)


def _kind(name: str) -> Callable[[Command], bool]:
    return lambda c: str(c.args[0]).split(".", 1)[0] == name if c.args else False


@dataclass(frozen=True)
class Case:
    name: str                                  # the spec's row
    verb: str
    kind: str | None = None                    # an answer's decision kind
    fits: Callable[[Command], bool] = lambda c: True
    hints: tuple[Game, ...] = ()
    build: Callable[[], Match] | None = None   # a position set up on the state instead of searched


def _is_search(c: Command) -> bool:
    return _kind("search")(c) and c.get("deck") is None


def _token_target(prefix: str) -> Callable[[Command], bool]:
    return lambda c: str(c.get("target", "")).startswith(prefix)


# -- positions set up on the state (decisions bot games do not reach quickly) -------------------------
def _card_of(match: Match, seat: int, kind: str) -> str:
    player = match.state.data["players"][seat]
    return next(c for c in player["hand"] + player["deck"] + player["discard"] if c.startswith(kind))


def _elevator_ride() -> Match:
    from tests.engine.nemesis.scenario import data, in_tile, pay, place, play, started
    match = started(2, seed=5)
    in_tile(match, 0, "elevator_room", room="EL1")
    place(match, 1, "EL1")
    data(match)["elevator"] = "EL1"
    play(match, f"0: room use_elevator target=EL3 {pay(match, 0, 1)}")
    return match


def _defense_plan() -> Match:
    from tests.engine.nemesis.scenario import cards, data, explore_all, in_tile, place, play, set_hand, started
    match = started(2, seed=5, characters=["sentry", "hacker"])
    explore_all(match)
    place(match, 1, "BPS", cards(match, 1, 5))
    data(match)["milestones"]["first_encounter"] = True
    white = next(r for r, room in data(match)["rooms"].items() if room["tile"] == "transmitter_control")
    in_tile(match, 0, "transmitter_control", room=white, hand_size=0)
    plan = _card_of(match, 0, "defense_plan")
    set_hand(match, 0, [plan])
    play(match, f"0: card {plan} option=0")
    return match


def _remote_access() -> Match:
    from tests.engine.nemesis.scenario import data, in_tile, play, started
    match = started(2, seed=7, characters=["hacker", "sentry"])
    room = next(r for r, here in data(match)["rooms"].items() if here["tile"] == "decon_room")
    in_tile(match, 0, "decon_room", room=room, hand_size=4)
    player = data(match)["players"][0]
    remote = _card_of(match, 0, "remote_access")
    for zone in ("deck", "discard"):
        if remote in player[zone]:
            player[zone].remove(remote)
    player["hand"].append(remote)
    match.apply(next(c for c in match.state.legal() if c.verb == "card" and c.args[0] == remote))
    while match.state.prompt.kind == "interruption":
        play(match, f"{match.state.prompt.seats[0]}: answer pass")
    return match


def _remote_access_at_a_computer() -> Match:
    """The Hacker in the Archive (a working Computer) holding Remote Access: the same Computer
    action may be taken directly or by the card (``via=``), whose own order of touches the
    direct one completes first; the card is then touched first."""
    from engine.nemesis.content import content
    from tests.engine.nemesis.scenario import data, in_tile, started
    match = started(2, seed=7, characters=["hacker", "sentry"])
    tile = next(t for t, found in content().tiles.items() if found.computer)
    room = next(r for r, here in data(match)["rooms"].items() if here["tile"] == tile)
    in_tile(match, 0, tile, room=room, hand_size=4)
    player = data(match)["players"][0]
    remote = _card_of(match, 0, "remote_access")
    for zone in ("deck", "discard"):
        if remote in player[zone]:
            player[zone].remove(remote)
    player["hand"].append(remote)
    return match


def _inconspicuous() -> Match:
    from engine.nemesis.content import content
    from engine.nemesis.effects import NEM
    from engine.nemesis.rules import intruders
    from tests.engine.nemesis.scenario import (
        add_intruder,
        cards,
        ctx,
        data,
        explore_all,
        place,
        set_hand,
        stack,
        started,
    )
    match = started(2, seed=5, characters=["lab_rat", "hacker"])
    explore_all(match)
    place(match, 0, "R006", cards(match, 0, 5))
    place(match, 1, "R006", cards(match, 1, 5))
    data(match)["milestones"]["first_encounter"] = True
    data(match)["active_power"] = [1, 2, 3, 4]
    card = _card_of(match, 0, "inconspicuous")
    set_hand(match, 0, [card])
    stack(match, "attack", next(a.id for a in content().attacks.values() if "adult" in a.symbols))
    iid = add_intruder(match, "adult", "R006")
    c = ctx(match)
    intruders.attack(c, iid, 0)
    NEM.drain(c)
    return match


CASES = [
    # 9.2 action commands
    Case("move", "move", hints=(S3 + (1,),)),
    Case("careful_move", "careful_move", hints=(S3 + (1,),)),
    Case("pick_up", "pick_up", hints=(S3 + (2,),)),
    Case("trade", "trade", hints=(S3 + (1,),)),
    Case("craft", "craft", hints=(S3 + (22,),)),
    Case("shoot", "shoot", hints=(S3 + (3,),)),
    Case("melee", "melee", hints=(S3 + (1,),)),
    Case("card_action", "card", fits=lambda c: not _kind("search")(c) and not _kind("rest")(c),
         hints=(S3 + (1,),)),
    Case("search", "card", fits=_is_search, hints=(S3 + (1,),)),
    Case("search (white Room: the deck)", "card", fits=lambda c: c.get("deck") is not None,
         hints=(S3 + (1,),)),
    Case("rest", "card", fits=_kind("rest"), hints=(S3 + (1,),)),
    Case("item_action", "item", hints=(S3 + (1,),)),
    Case("room_action", "room", hints=(S3 + (1,),)),
    Case("room_action (another seat's token)", "room", fits=_token_target("seat"), hints=(S3 + (9,),)),
    Case("room_action (a Neutral Pool token)", "room", fits=_token_target("neutral"), hints=(S3 + (2,),)),
    Case("computer_action", "computer", hints=(S3 + (2,),)),
    Case("computer_action (a token)", "computer", fits=lambda c: "." in str(c.get("target", "")),
         hints=(S3 + (6,),)),
    Case("computer_action by Remote Access", "computer", fits=lambda c: c.get("via") is not None,
         build=_remote_access_at_a_computer),
    Case("escape_facility", "escape_facility", hints=(S3 + (1,),)),
    Case("activate_quest", "activate", hints=(S3 + (2,),)),
    Case("pass", "pass", fits=lambda c: not c.get("discard"), hints=(S3 + (1,),)),
    Case("pass (discards)", "pass", fits=lambda c: bool(c.get("discard")), hints=(S3 + (1,),)),
    Case("drop", "drop", hints=(S3 + (1,),)),
    # 9.3 choice commands, by the decision they answer
    Case("character draft", "answer", "draft", hints=(S3 + (1,),)),
    Case("keep one objective", "answer", "keep_objective", hints=(S3 + (1,),)),
    Case("careful movement noise exit", "answer", "noise_exit", hints=(S3 + (1,),)),
    Case("echo / confusion", "answer", "echo_confusion", hints=(S3 + (6,),)),
    Case("search: keep 1 of 2", "answer", "search_keep", hints=(S3 + (1,),)),
    Case("schedule CSS: move the token", "answer", "css_move", hints=(S3 + (1,),)),
    Case("elevator riders", "answer", "elevator_ride", build=_elevator_ride),
    Case("escort (Facility Tour)", "answer", "escort", hints=(S3 + (20,),)),
    Case("a free Room action", "answer", "room_action", build=_defense_plan),
    Case("power routing: keep or swap", "answer", "reorder_events", hints=(("solo", 1, 32),)),
    Case("a granted Computer action", "answer", "computer_action", build=_remote_access),
    Case("interruption window", "answer", "interruption", hints=(S3 + (1,),)),
    Case("feel of the dark", "answer", "feel_of_the_dark", hints=(("standard", 5, 27),)),
    Case("inconspicuous (attack)", "answer", "inconspicuous", build=_inconspicuous),
    Case("armor vest", "answer", "armor_vest", hints=(S3 + (32,),)),
    Case("inconspicuous (noise roll)", "answer", "inconspicuous_noise", hints=(S3 + (1,),)),
    Case("reroll offer", "answer", "reroll", hints=(S3 + (4,),)),
    Case("advantage die discard", "answer", "combat_discard", hints=(S3 + (17,),)),
    Case("hand slots full", "answer", "arm_drop", hints=(("standard", 5, 15),)),
    Case("craft equipment participation", "answer", "craft_equipment", hints=(("solo", 1, 18),)),
    Case("trade window", "answer", "trade", hints=(S3 + (2,),)),
    Case("trade: accept", "answer", "trade_accept", hints=(S3 + (4,),)),
]
FALLBACK: tuple[Game, ...] = tuple((m, p, s) for m, p in (S3, ("standard", 5), ("coop", 2), ("solo", 1))
                                   for s in range(1, 41))


def _matching(case: Case, match: Match) -> list[Command]:
    """The commands of the deciding seat that fit ``case`` now."""
    if match.state.is_terminal():
        return []
    seat = match.state.deciders()[0]
    prompt = match.state.prompt
    kind = prompt.kind if prompt is not None else None
    legal = match.state.legal(seat)
    if len(legal) == 1 and legal[0].verb == "answer":
        return []              # a single answer: the session may take it for the player
    return [c for c in legal
            if c.verb == case.verb and (case.kind is None or case.kind == kind) and case.fits(c)]


@dataclass
class Position:
    config: Any
    document: dict
    seat: int
    source: str


@pytest.fixture(scope="module")
def positions() -> dict[str, Position]:
    """The first position of each case, from its hinted games, then the fallback seeds."""
    found: dict[str, Position] = {}
    for case in CASES:
        if case.build is not None:
            match = case.build()
            assert _matching(case, match), case.name
            found[case.name] = Position(match.config, copy.deepcopy(state_to_document(match.state)),
                                        match.state.deciders()[0], "set up")
    hinted: dict[Game, list[str]] = {}
    for case in CASES:
        for game in case.hints:
            hinted.setdefault(game, []).append(case.name)
    searches = [(game, names) for game, names in hinted.items()] + [(game, None) for game in FALLBACK]
    for game, names in searches:   # a hinted game until its cases are found; then any seed, for any
        until = [c for c in CASES if c.name not in found and (names is None or c.name in names)]
        if until:
            _search(game, until, found)
    return found


def _search(game: Game, until: list[Case], found: dict[str, Position]) -> None:
    """Play ``game`` by bots, noting the first position of every case not found yet, until the
    cases ``until`` are found (or the game ends)."""
    mode, players, seed = game
    match = Match.new("nemesis", players, mode=mode, seed=seed)
    bots = {s: make_bot("heuristic" if (s + seed) % 2 else "random", match.game) for s in range(players)}
    rngs = {s: bot_rng(seed, s) for s in range(players)}
    for step in range(MAX_STEPS):
        if match.state.is_terminal() or all(c.name in found for c in until):
            return
        for case in CASES:
            if case.name not in found and case.build is None and _matching(case, match):
                source = f"{mode} {players}p seed {seed} step {step}"
                found[case.name] = Position(match.config, copy.deepcopy(state_to_document(match.state)),
                                            match.state.deciders()[0], source)
        seat = match.state.deciders()[0]
        match.apply(bots[seat].choose(match.state.view(seat), match.state.legal(seat), rngs[seat]))


def open_position(window: MainWindow, folder: Path, position: Position) -> None:
    """Open the position as a fresh game of people only (its deciding seat at the screen)."""
    config = position.config
    save = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": config.game, "players": config.players,
            "mode": config.mode, "seed": config.seed, "options": dict(config.options),
            "seats": ["human"] * config.players, "start": position.document, "commands": []}
    path = folder / "position.tksave"
    path.write_text(json.dumps(save, ensure_ascii=False), encoding="utf-8")
    assert window.open_game(str(path))


def _most_named(commands: list[Command], touches: dict[str, int]) -> Command:
    return max(commands, key=lambda c: touches[str(c)])


REPORT = os.environ.get("TK_NEMESIS_REACH_REPORT")   # a file to add one JSON line per case to


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_spec_verb_is_played_by_gestures(case: Case, positions, window: MainWindow, qtbot, monkeypatch,
                                               tmp_path: Path, error_dialogs, request) -> None:
    """Every command of the case has a gesture; the one naming most things is played (starting
    with a drag and drop when it can); with --soak-games, the first and the last by clicks too."""
    assert case.name in positions, f"no position found where {case.name} is legal"
    position = positions[case.name]

    def opened(drag: str) -> TableDriver:
        open_position(window, tmp_path, position)
        driver = TableDriver(window, qtbot, monkeypatch, seed=1, prefer_drag=drag)
        driver.confirm_handover()
        assert window.session.viewer == position.seat
        return driver

    driver = opened("always")
    commands = _matching(case, driver.match)
    assert commands
    view = driver.match.state.view(position.seat)
    touches = {str(c): len(driver.game.command_touches(c, view)) for c in commands}
    unreachable = [str(c) for c in commands if driver.plan(c) is None]
    assert not unreachable, unreachable
    command = _most_named(commands, touches)
    played = [(str(command), driver.give(command), dict(driver.tally.touches))]
    assert not error_dialogs, error_dialogs
    if request.config.getoption("--soak-games"):
        for other in dict.fromkeys([commands[0], commands[-1]]):
            driver = opened("never")
            played.append((str(other), driver.give(other), dict(driver.tally.touches)))
            assert not error_dialogs, error_dialogs
    if REPORT:
        with open(REPORT, "a", encoding="utf-8") as out:
            line = {"case": case.name, "verb": case.verb, "kind": case.kind, "source": position.source,
                    "legal": len(commands), "played": played}
            out.write(json.dumps(line) + "\n")
