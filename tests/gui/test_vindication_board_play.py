"""Vindication's board in both languages, every spatial command as a board click, the honor track.

Positions are set up as state documents (`engine.core.state_to_document`, edited) and opened through
the session as a save whose start is that document, as a player would open a file.
"""
from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from engine.core import Match, state_to_document
from engine.core.persistence import SAVE_FORMAT, SAVE_VERSION
from gui.main_window import MainWindow
from gui.widgets import dialogs
from tests.gui.test_vindication_board import click


def open_position(window: MainWindow, folder: Path, match: Match,
                  change: Callable[[dict[str, Any]], None] | None = None) -> None:
    """Open ``match``'s current position (edited by ``change``) as a fresh one-seat game."""
    document = copy.deepcopy(state_to_document(match.state))
    if change is not None:
        change(document["data"])
    config = match.config
    save = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": config.game, "players": config.players,
            "mode": config.mode, "seed": config.seed, "options": dict(config.options),
            "seats": ["human"] * config.players, "start": document, "commands": []}
    path = folder / "position.tksave"
    path.write_text(json.dumps(save, ensure_ascii=False), encoding="utf-8")
    assert window.open_game(str(path))


def solo(seed: int = 3, **options: Any) -> Match:
    return Match.new("vindication", 1, mode="solo", seed=seed, options=options or None, seats=["human"])


def after_setup(match: Match) -> Match:
    while match.state.data["phase"] == "setup":
        match.apply(match.state.legal()[0])
    return match


def position_with(verb: str, **options: Any) -> Match:
    """A solo position (random play, fixed seeds) where ``verb`` is legal."""
    for seed in range(80):
        match, rng = solo(seed, **options), random.Random(seed)
        for _ in range(3000):
            if match.state.is_terminal():
                break
            legal = match.state.legal(0)
            if any(c.verb == verb for c in legal):
                return match
            weights = [match.game.random_weight(c) * (0.2 if c.verb == "end_turn" else 1) for c in legal]
            match.apply(rng.choices(legal, weights)[0])
    pytest.skip(f"no seed reaches a position with {verb}")


def texts(window: MainWindow) -> set[str]:
    return {item.text() for item in window.board_view.board_scene.items()
            if isinstance(item, QGraphicsSimpleTextItem)}


# -- priority 1: labels in both languages ------------------------------------------------------
def test_a_chinese_game_names_the_tiles_in_chinese_and_switching_redraws(window: MainWindow, qtbot,
                                                                          tmp_path: Path) -> None:
    def place_tiles(data: dict[str, Any]) -> None:
        data["regions"]["R01"] = {"tile": data["bag"].pop(data["bag"].index("fort")), "controller": None}
        data["regions"]["R02"] = {"tile": data["bag"].pop(data["bag"].index("library")), "controller": None}

    window.set_language("zh_TW")
    open_position(window, tmp_path, after_setup(solo()), place_tiles)
    marks = window.session.board_marks()
    assert marks["R01"]["label"] == "堡壘"
    shown = texts(window)
    assert "堡壘" in shown and "Fort" not in shown
    window.set_language("en")
    shown = texts(window)
    assert "Fort" in shown and "堡壘" not in shown
    assert window.session.board_marks()["R01"]["label"] == "Fort"


def test_the_module_port_and_ruins_follow_the_language(window: MainWindow, qtbot, tmp_path: Path) -> None:
    match = solo(4, villages_hamlets=True)
    open_position(window, tmp_path, match)
    port = match.state.data["port"]
    assert window.session.board_marks()[port]["label"] == "Port"
    window.set_language("zh_TW")
    assert window.session.board_marks()[port]["label"] == "斯溫登陸港"


# -- priority 2: fly, control, build and dig on the board ----------------------------------------
def fly_position() -> Match:
    return after_setup(solo())


def give_flight(data: dict[str, Any]) -> None:
    data["players"][0]["mount"] = 5   # the one mount that flies


@pytest.mark.parametrize("verb, options", [("fly", {}), ("control", {}), ("build", {"villages_hamlets": True}),
                                           ("dig", {"villages_hamlets": True})])
def test_every_spatial_command_is_a_board_click(window: MainWindow, qtbot, tmp_path: Path, monkeypatch,
                                                error_dialogs, verb: str, options: dict) -> None:
    if verb == "fly":
        open_position(window, tmp_path, fly_position(), give_flight)
    else:
        open_position(window, tmp_path, position_with(verb, **options))
    session = window.session
    answers = session.pending_answers()
    assert not answers
    match = session._match
    command = next(c for c in match.state.legal(0) if c.verb == verb and not c.options)
    space = match.game.command_spaces(command)[0]
    assert space in session.active_spaces()
    assert window.board_view.item_for_space(space).active
    offered: list[tuple[list[str], list[str]]] = []

    def choose(parent, commands, labels=None):
        offered.append((list(commands), list(labels or [])))
        return str(command)

    monkeypatch.setattr(dialogs, "choose_command", choose)
    click(window, qtbot, space)
    assert not error_dialogs
    if offered:   # several commands start on this space: each offered in words
        commands, labels = offered[0]
        assert str(command) in commands
        assert labels == [session.label(c) for c in commands]
        assert all(c != label for c, label in zip(commands, labels))
    assert str(match.commands[-1]) == str(command)
    if verb == "fly":
        assert session.current_view()["players"][0]["token"] == space
    if verb == "control":
        assert session.current_view()["regions"][space]["controller"] == 0


def test_command_spaces_name_the_isle_area_for_build_and_dig() -> None:
    from engine.core import Command
    game = solo().game
    assert game.command_spaces(Command.parse("0: build A2")) == ("A2",)
    assert game.command_spaces(Command.parse("0: dig A3")) == ("A3",)
    assert game.command_spaces(Command.parse("0: fly T05")) == ("T05",)
    assert game.command_spaces(Command.parse("0: control R04")) == ("R04",)


# -- priority 3: the honor track -----------------------------------------------------------------
def test_the_honor_track_has_100_spaces_below_the_board_with_trigger_spaces() -> None:
    match = solo(villages_hamlets=True)
    layout = match.game.board_layout(match.config)
    track = [s for s in layout["spaces"] if s["group"] == "honor"]
    assert [s["id"] for s in track] == [f"H{n}" for n in range(100)]
    assert all(s["shape"] == "rect" for s in track)
    others = [s for s in layout["spaces"] if s["group"] != "honor"]
    assert min(s["y"] - s["size"] for s in track) > max(s["y"] + s["size"] for s in others)
    labelled = {s["id"]: s["label"] for s in track if "label" in s}
    for n in (0, 30, 45, 60, 75, 90):
        assert labelled[f"H{n}"] == str(n)


def test_honor_markers_and_trigger_tokens_are_marked(window: MainWindow, qtbot, tmp_path: Path) -> None:
    match = Match.new("vindication", 2, seed=2, seats=["human", "human"])
    after_setup(match)

    def honors(data: dict[str, Any]) -> None:
        data["players"][0]["honor"] = 12
        data["players"][1]["honor"] = 131
        data["trigger_spaces"].remove(45)

    document = copy.deepcopy(state_to_document(match.state))
    honors(document["data"])
    from engine.core import state_from_document
    state = state_from_document(document, "test")
    marks = state.game.table(state.view(0))["spaces"]
    assert [p["owner"] for p in marks["H12"]["pieces"]] == [0] and marks["H12"]["label"] is None
    assert [p["owner"] for p in marks["H31"]["pieces"]] == [1] and marks["H31"]["label"] == "+100"
    assert [n for n in range(100) if marks[f"H{n}"]["fill"] == "gold"] == [30, 60, 75]
    # and on screen
    open_position(window, tmp_path, match, honors)
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.confirmed.emit()
    view = window.board_view
    assert view.item_for_space("H30").fill_role == "gold"
    assert view.item_for_space("H45").fill_role == "plain"
    assert "+100" in texts(window)


# -- priority 4: the end-of-game screen ------------------------------------------------------------
SHORT_GAME = 15   # a whole game of 127 commands over 10 rounds, won by the second seat (seed 1: 461)


def play_bot_game(window: MainWindow, qtbot, seed: int = SHORT_GAME) -> None:
    from gui.controller.types import NewGameConfig
    with qtbot.waitSignal(window.session.game_over, timeout=60_000):
        window.start_game(NewGameConfig("vindication", 2, "standard", ("bot:random", "bot:random"), {},
                                        seed=seed))


def test_a_bot_game_ends_with_the_score_table_and_the_honor_plot(window: MainWindow, qtbot) -> None:
    from gui.widgets.end_game import EndGameDialog
    play_bot_game(window, qtbot)
    dialog = window.end_dialog
    assert isinstance(dialog, EndGameDialog) and dialog.isVisible()
    outcome = window.session._match.state.outcome
    totals = dict(outcome.breakdown)["total"]
    scores = window.session.final_scores()
    assert scores["totals"] == list(outcome.scores) == list(totals)
    assert [dialog.table.horizontalHeaderItem(c).text().removeprefix("★ ") for c in range(2)] == scores["seats"]
    for seat in range(2):
        assert dialog.value("total", seat) == f"{totals[seat]:g}"
        assert dialog.table.horizontalHeaderItem(seat).text().startswith("★ ") == (seat in outcome.winners)
    for row, (_key, values) in enumerate(outcome.breakdown):
        assert [dialog.table.item(row, s).text() for s in range(2)] == [f"{v:g}" for v in values]
    honor = window.session.progress_plot()["series"]
    before = dict(outcome.breakdown)["before"]
    assert [series[-1] for series in honor.values()] == list(before)
    rounds = [e.data["round"] for e in window.session._match.events_for(None) if e.kind == "round_started"]
    assert all(len(series) == max(rounds) + 1 for series in honor.values())
    assert dialog.plot is not None and dialog.plot.objectName() == "score_plot"


def test_end_screen_screenshots(tmp_path: Path, soak_only_games: int) -> None:
    """Two whole bot games, ~28 s: with --soak-games N (or run tests/gui/vindication_screenshot.py)."""
    from tests.gui.vindication_screenshot import take_end_screenshots
    shots = take_end_screenshots(tmp_path)
    assert [p.name for p in shots] == ["vin_end_en.png", "vin_end_zh_TW.png"]
    assert all(p.stat().st_size > 10_000 for p in shots)
