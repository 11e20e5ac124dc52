"""Seeded Nemesis: Lockdown games played through the real GUI, from the New Game dialog to the end
screen: solo; standard with three players, one of them the computer; co-op with two people sharing
the screen (hand-over screens between them).

Every decision of a human seat is picked by that seat's heuristic bot from the seat's own view,
then given only by gestures (tests/gui/table_driver.py): clicks on the board, on the cards of the
Hand dock, on the pieces of the player boards and of the Table dock, drags of a piece onto the board
or onto another piece; buttons only for what names nothing to touch (a plain pass, a yes/no answer).
The driver checks that each command the match records is the one meant.

By default one short solo game is played to the end screen and the other two modes for a seeded
prefix (a few seconds each); with --soak-games N every mode is played to the end for seeds 1..N.
"""
from __future__ import annotations

import pytest

from engine.core import Command
from gui.main_window import MainWindow
from gui.widgets.end_game import EndGameDialog
from tests.gui.table_driver import TableDriver, start_from_dialog

SEATS = {"solo": ("human",), "standard": ("human", "human", "bot:heuristic"), "coop": ("human", "human")}
PREFIX = 14                  # human commands of a default-run game that is not played to its end
ROUTES = {"click", "drag", "panel", "choice", "menu"}


def play(window: MainWindow, qtbot, monkeypatch, mode: str, seed: int,
         limit: int | None = None) -> TableDriver:
    start_from_dialog(window, qtbot, mode=mode, seats=SEATS[mode], seed=seed)
    driver = TableDriver(window, qtbot, monkeypatch, seed=seed)
    driver.play(max_commands=limit)
    return driver


def check_routes(driver: TableDriver) -> None:
    """Every human command was given by a gesture (or taken for the player), by the routes allowed."""
    tally = driver.tally
    humans = [s for s in driver.match.history if not driver.session.is_bot(s.command.seat)]
    assert len(humans) == tally.total() + tally.forced
    assert set(tally.commands) <= ROUTES, tally.commands
    for command, how in driver.log:               # buttons: a plain pass; an answer in words
        verb = Command.parse(command).verb
        assert how != "panel" or command.endswith(": pass"), command
        assert how != "choice" or verb == "answer", command
    assert tally.commands["click"] and tally.touches["click hand"] and tally.touches["click board space"]


def check_end_screen(window: MainWindow, qtbot, driver: TableDriver) -> None:
    qtbot.waitUntil(lambda: isinstance(window.end_dialog, EndGameDialog) and window.end_dialog.isVisible(),
                    timeout=10_000)
    scores = window.session.final_scores()
    assert scores is not None and driver.match.state.is_terminal()
    seats = len(SEATS[driver.match.config.mode])
    assert scores["seats"] == [window.session.seat_name(s) for s in range(seats)]


def test_a_solo_game_from_the_new_game_dialog_to_the_end_screen(window: MainWindow, qtbot, monkeypatch,
                                                                error_dialogs) -> None:
    driver = play(window, qtbot, monkeypatch, "solo", seed=3)
    check_end_screen(window, qtbot, driver)
    check_routes(driver)
    assert driver.tally.commands["drag"] and driver.tally.touches["click board piece"]
    assert {"answer", "move", "careful_move", "pass"} <= set(driver.tally.verbs)
    assert not error_dialogs, error_dialogs


@pytest.mark.parametrize("mode,seed", [("standard", 1), ("coop", 3)])
def test_the_other_modes_begin_by_gestures(window: MainWindow, qtbot, monkeypatch, error_dialogs,
                                           mode: str, seed: int) -> None:
    """A seeded opening: the draft, objectives kept, the first rounds; the two people hand over."""
    driver = play(window, qtbot, monkeypatch, mode, seed, limit=PREFIX)
    assert driver.tally.total() == PREFIX or driver.session.is_over()
    check_routes(driver)
    assert {0, 1} <= {int(command.split(":")[0]) for command, _how in driver.log}   # both people played
    if mode == "standard":
        assert driver.tally.bots > 0
    assert not error_dialogs, error_dialogs


@pytest.mark.soak
@pytest.mark.parametrize("mode", list(SEATS))
def test_whole_games_in_every_mode(window: MainWindow, qtbot, monkeypatch, error_dialogs,
                                   soak_only_games: int, mode: str) -> None:
    """--soak-games N: seeds 1..N of the mode, each from the New Game dialog to the end screen."""
    for seed in range(1, soak_only_games + 1):
        driver = play(window, qtbot, monkeypatch, mode, seed)
        check_end_screen(window, qtbot, driver)
        check_routes(driver)
        assert not error_dialogs, (seed, error_dialogs)
        window.end_dialog.close()
