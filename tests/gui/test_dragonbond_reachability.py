"""Every Dragonbond decision kind of the spec (the table of ../shared/rules/dragonbond.md 9.2, as the
engine names its prompts) is answered through the real GUI by the routes a player has: touches and
drops on the map, the hand, the player boards and the Table dock; a row of numbers in the Decision
panel; a button only for an answer that names nothing one could touch (a pass, counter or
retreat, reroll or decline, a seat).

A kind is split into cases by the shape of its answers where the gesture differs (an AI's tied
choice can be a fly, a move, an attack or a collect; an effect can name a region, a character or
numbers; a Vaala icon can draw or cast ...). Each case needs a position where the deciding seat has
such a command among several (a single answer the session may take for the player); the positions
come from seeded engine games played by bots (heuristic and random seats alternating, as the
engine's own walks do), searched once per module: each case names the game where it shows up first
(a hint, so the search is short), and when a hint no longer holds the search goes on through more
seeds. The position is opened as a save (every seat a person; the deciding seat at the screen),
then with tests/gui/table_driver.py:

* every legal command of the case has a way to be given on the screen as drawn (touches in some
  order, a drop and touches, or a button or a row of the panel when it names nothing to touch);
* the one naming most things is given (starting with a drag and drop when it can), and the match
  must record exactly that command as the answer to a decision of that kind — without a menu
  (a gesture that completes several commands);
* with --soak-games, the case's first and last commands are given too, by clicks.

Spec 9.2 lists decisions the engine makes otherwise: `choose_seating` is the "Seating" option of
the New Game dialog; `give_marker` is the planning command ``pass to=K``; `dragon_card_mode` is
``heal_or_execute``; `attack` is ``icon_attack`` then ``attack_approach``; a move's pieces are
``icon_move_pieces``. ``icon_build_city`` never waits on anyone: a region card's city has one legal
place (the card's region) and is built without asking (regioncards.py).

No test here carries a rule marker: what is checked is the route to each answer, not the rules
that offer it (those are tested in tests/engine/dragonbond/).
"""
from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.bots import bot_rng, make_bot
from engine.core import Command, Data, Match, state_to_document
from gui.main_window import MainWindow
from tests.gui.table_driver import TableDriver
from tests.gui.test_nemesis_reachability import Position, open_position

MAX_STEPS = 3000               # commands per searched game (a whole game)
Game = tuple[int, int]         # (humans, seed)
VERBS = {"move", "fly", "attack", "deploy", "collect", "reinforce", "upgrade", "cast", "draw", "on", "lose",
         "decline"}


def shape(data: Data, command: Command) -> str:
    """What an answer names, by the gesture that gives it: a verb of the icons (``fly``, ``cast``,
    ``decline`` …), ``region`` (``region/…`` with numbers after it), ``character``, ``seat``, or
    ``word`` (counter, reroll, a number of units …); a planning command's verb."""
    if command.verb != "answer":
        return command.verb + (" to" if command.get("to") is not None else "")
    answer = command.args[0]
    if not isinstance(answer, str):
        return "seat"
    head = answer.split("/")[0]
    if head == "fly" and _shares_its_end(data, answer):
        return "fly (tied paths)"
    if head in VERBS:
        return head
    if head in data["regions"]:
        return "region/…" if "/" in answer else "region"
    if head in data["boards"]:
        return "character"
    return "word"


def _shares_its_end(data: Data, answer: str) -> bool:
    """Whether another pending answer flies to the same region (an AI's tied paths, ``ai_tie``)."""
    effects = data.get("effects") or []
    options = ((effects[0].get("pause") or {}).get("options") or []) if effects else []
    ends = [str(o).rsplit("/", 1)[-1] for o in options if str(o).startswith("fly/")]
    return ends.count(answer.rsplit("/", 1)[-1]) > 1


def options_of(seed: int) -> dict[str, str]:
    """Every third seed lets the humans pick characters and the first player (the set-up decisions)."""
    return {"characters": "pick", "first_player": "choose"} if seed % 3 == 0 else {}


@dataclass(frozen=True)
class Case:
    kind: str                       # the prompt's kind
    shape: str                      # the answers' shape (`shape`)
    hint: Game                      # the game where it shows up first

    @property
    def name(self) -> str:
        return f"{self.kind}: {self.shape}"


CASES = [
    # planning (9.2 #3, #4)
    Case("plan_turn", "place", (2, 1)),
    Case("plan_turn", "pass", (2, 1)),
    Case("plan_turn", "pass to", (2, 1)),                 # give_marker
    # set-up (#1, #2)
    Case("choose_character", "character", (2, 1)),
    Case("choose_first_player", "seat", (2, 3)),
    # a card comes up (#5)
    Case("heal_or_execute", "word", (2, 2)),
    # icons (#6 – #11)
    Case("icon_move", "move", (2, 1)),
    Case("icon_move_pieces", "word", (2, 1)),
    Case("icon_move_pieces", "on", (2, 11)),
    Case("icon_fly", "fly", (2, 2)),
    Case("icon_attack", "attack", (2, 1)),
    Case("attack_approach", "word", (2, 1)),
    Case("icon_deploy", "deploy", (2, 1)),
    Case("icon_collect", "collect", (2, 9)),
    Case("icon_reinforce", "reinforce", (2, 1)),
    Case("icon_vaala", "draw", (2, 1)),
    Case("icon_vaala", "cast", (2, 1)),
    Case("icon_upgrade", "upgrade", (2, 1)),
    Case("icon_upgrade", "decline", (2, 1)),
    # effects (#12, #13)
    Case("effect_choice", "region", (2, 7)),
    Case("effect_choice", "region/…", (2, 3)),
    Case("effect_choice", "character", (2, 6)),
    Case("effect_choice", "word", (2, 3)),
    Case("optional_icon", "move", (2, 1)),
    Case("optional_icon", "fly", (2, 2)),
    Case("optional_icon", "attack", (2, 2)),
    Case("optional_icon", "deploy", (2, 1)),
    Case("optional_icon", "word", (2, 6)),
    Case("optional_icon", "decline", (2, 1)),
    # combat (#14 – #18)
    Case("combat_vaala", "cast", (2, 1)),
    Case("combat_vaala", "decline", (2, 1)),
    Case("counter_or_retreat", "word", (2, 1)),
    Case("allocate_damage", "lose", (2, 1)),
    Case("continue_or_retreat", "word", (2, 3)),
    Case("choose_retreat_region", "region", (2, 1)),
    # the oath (#19)
    Case("oath_reroll", "word", (2, 1)),
    Case("oath_reroll", "decline", (2, 1)),
    # an AI's tie, asked of its proxy (#20)
    Case("ai_tie", "fly", (2, 1)),
    Case("ai_tie", "fly (tied paths)", (2, 3)),           # shown on the public table: options hidden
    Case("ai_tie", "move", (2, 2)),
    Case("ai_tie", "attack", (2, 1)),
    Case("ai_tie", "collect", (3, 13)),
]
FALLBACK: tuple[Game, ...] = tuple((humans, seed) for humans in (2, 3, 1, 4) for seed in range(1, 41))


def _matching(case: Case, match: Match) -> list[Command]:
    """The commands of the deciding seat that fit ``case`` now (none when one answer alone is legal:
    the session may take it for the player)."""
    state = match.state
    if state.is_terminal() or state.prompt is None or state.prompt.kind != case.kind:
        return []
    legal = state.legal(state.deciders()[0])
    if len(legal) == 1 and legal[0].verb == "answer":
        return []
    return [c for c in legal if shape(state.data, c) == case.shape]


@pytest.fixture(scope="module")
def positions() -> dict[str, Position]:
    """The first position of each case, from its hinted game, then the fallback games."""
    found: dict[str, Position] = {}
    hinted: dict[Game, list[str]] = {}
    for case in CASES:
        hinted.setdefault(case.hint, []).append(case.name)
    searches = [*hinted.items(), *((game, None) for game in FALLBACK)]
    for game, names in searches:   # a hinted game until its cases are found; then any game, for any
        until = [c for c in CASES if c.name not in found and (names is None or c.name in names)]
        if until:
            _search(game, until, found)
    return found


def _search(game: Game, until: list[Case], found: dict[str, Position]) -> None:
    """Play ``game`` by bots, noting the first position of every case not found yet, until the
    cases ``until`` are found (or the game ends)."""
    humans, seed = game
    match = Match.new("dragonbond", humans, mode=f"humans{humans}", seed=seed, options=options_of(seed))
    bots = {s: make_bot("heuristic" if (s + seed) % 2 else "random", match.game) for s in range(humans)}
    rngs = {s: bot_rng(seed, s) for s in range(humans)}
    for step in range(MAX_STEPS):
        if match.state.is_terminal() or all(c.name in found for c in until):
            return
        for case in CASES:
            if case.name not in found and _matching(case, match):
                found[case.name] = Position(match.config, copy.deepcopy(state_to_document(match.state)),
                                            match.state.deciders()[0], f"{humans} humans seed {seed} step {step}")
        seat = match.state.deciders()[0]
        match.apply(bots[seat].choose(match.state.view(seat), match.state.legal(seat), rngs[seat]))


def _most_named(driver: TableDriver, commands: list[Command]) -> Command:
    view = driver.match.state.view(driver.session.shown_seat)
    return max(commands, key=lambda c: len(driver.game.command_touches(c, view)))


def _check_route(command: Command, touches: tuple[str, ...], how: str) -> None:
    """A button only for what names nothing: a pass of the Actions panel, an answer of the
    Decision panel (a button, or a row of numbers) whose command the game gives no touches."""
    if how == "panel":
        assert command.verb == "pass", (str(command), how)
    elif how == "choice":
        assert command.verb == "answer" and not touches, (str(command), how, touches)
    else:
        assert how.split("+")[0] in ("click", "drag") and touches, (str(command), how)


REPORT = os.environ.get("TK_DRAGONBOND_REACH_REPORT")   # a file to add one JSON line per case to


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_decision_kind_is_answered_by_gestures(case: Case, positions: dict[str, Position],
                                                     window: MainWindow, qtbot, monkeypatch, tmp_path: Path,
                                                     error_dialogs, request: pytest.FixtureRequest) -> None:
    """Every command of the case has a gesture; the one naming most things is given (starting with
    a drag and drop when it can) and recorded as the answer to that decision; with --soak-games,
    the first and the last by clicks too."""
    assert case.name in positions, f"no position found where {case.name} is decided"
    position = positions[case.name]

    def opened(drag: str) -> TableDriver:
        open_position(window, tmp_path, position)
        driver = TableDriver(window, qtbot, monkeypatch, seed=1, prefer_drag=drag)
        driver.confirm_handover()
        assert window.session.viewer == position.seat
        return driver

    def give(driver: TableDriver, command: Command) -> str:
        before = len(driver.match.history)
        touches = driver.game.command_touches(command, driver.match.state.view(driver.session.shown_seat))
        how = driver.give(command)                     # checks the match recorded this very command
        _check_route(command, touches, how)
        assert not how.endswith("+menu"), (str(command), how)    # one gesture, one command
        step = driver.match.history[before]
        assert str(step.command) == str(command)
        assert case.kind == "plan_turn" or driver.tally.answers[case.kind] == 1
        assert not error_dialogs, error_dialogs
        return how

    driver = opened("always")
    commands = _matching(case, driver.match)
    assert commands
    unreachable = [str(c) for c in commands if driver.plan(c) is None]
    assert not unreachable, unreachable
    command = _most_named(driver, commands)
    played = [(str(command), give(driver, command), dict(driver.tally.touches))]
    if request.config.getoption("--soak-games"):
        for other in dict.fromkeys([commands[0], commands[-1]]):
            driver = opened("never")
            played.append((str(other), give(driver, other), dict(driver.tally.touches)))
    if REPORT:
        with open(REPORT, "a", encoding="utf-8") as out:
            out.write(json.dumps({"case": case.name, "source": position.source, "legal": len(commands),
                                  "played": played}) + "\n")


def test_the_cases_cover_every_decision_kind_the_engine_asks() -> None:
    """Each pause kind of the engine (schema.PAUSES) has a case, but the city built without asking;
    and planning's three commands."""
    from engine.dragonbond.schema import PAUSES
    kinds = {kind for kinds in PAUSES.values() for kind in kinds} - {"icon_build_city"}

    def covered(kind: str) -> bool:
        return any(c.kind == kind for c in CASES)

    assert [k for k in sorted(kinds) if not covered(k)] == []
    assert {c.shape for c in CASES if c.kind == "plan_turn"} == {"place", "pass", "pass to"}
