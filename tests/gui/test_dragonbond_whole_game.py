"""Seeded Dragonbond games played through the real GUI from the New Game dialog: one human against
three AI characters, and two humans sharing the screen (hand-over screens between them).

Every decision of a human seat is picked by that seat's heuristic bot from the seat's own view,
then given only by gestures (tests/gui/table_driver.py): a card of the Hand dock dropped on (or
clicked, then) the command stack, a figure or a unit on the map then a region, a unit of the pool
dropped on a region, a market or Vaala card clicked; buttons only for what names nothing to touch
(a pass, counter or retreat, a number of units). The driver checks that each command the match
records is the one meant.

By default each setting plays a seeded prefix (a few seconds); with --soak-games N whole games of
seeds 1..N are played to the end.
"""
from __future__ import annotations

import pytest

from engine.core import Command
from gui.main_window import MainWindow
from tests.gui.table_driver import TableDriver, start_from_dialog

SETTINGS = {"humans1": ("human",), "humans2": ("human", "human")}
PREFIX = 40                  # human commands of a default-run game
ROUTES = {"click", "drag", "panel", "choice", "menu"}


def play(window: MainWindow, qtbot, monkeypatch, mode: str, seed: int,
         limit: int | None = None) -> TableDriver:
    start_from_dialog(window, qtbot, game="dragonbond", mode=mode, seats=SETTINGS[mode], seed=seed,
                      options={"characters": "in_order"})
    driver = TableDriver(window, qtbot, monkeypatch, seed=seed)
    driver.play(max_commands=limit)
    return driver


def check_routes(driver: TableDriver) -> None:
    """Every human command was given by a gesture (or taken for the player), by the routes allowed:
    a card is placed on the table, never by a button; a button is a pass or an answer in words."""
    tally = driver.tally
    humans = [s for s in driver.match.history if not driver.session.is_bot(s.command.seat)]
    assert len(humans) == tally.total() + tally.forced
    assert set(tally.commands) <= ROUTES, tally.commands
    for command, how in driver.log:
        verb = Command.parse(command).verb
        assert how != "panel" or verb == "pass", command
        assert how != "choice" or verb == "answer", command
        assert verb != "place" or how.split("+")[0] in ("click", "drag"), command
    assert tally.verbs["place"] and (tally.touches["click hand"] or tally.touches["drag hand -> table"]), tally


@pytest.mark.parametrize("mode,seed", [("humans1", 2), ("humans2", 3)])
def test_a_game_begins_by_gestures(window: MainWindow, qtbot, monkeypatch, error_dialogs,
                                   mode: str, seed: int) -> None:
    driver = play(window, qtbot, monkeypatch, mode, seed, limit=PREFIX)
    assert driver.tally.total() == PREFIX or driver.session.is_over()
    check_routes(driver)
    assert driver.tally.answers, "no decision of the execution was given"
    if mode == "humans2":
        assert {0, 1} <= {int(command.split(":")[0]) for command, _how in driver.log}   # both people played
    assert not error_dialogs, error_dialogs


@pytest.mark.soak
@pytest.mark.parametrize("mode", list(SETTINGS))
def test_whole_games(window: MainWindow, qtbot, monkeypatch, error_dialogs, soak_only_games: int,
                     mode: str) -> None:
    """--soak-games N: seeds 1..N, each from the New Game dialog to the end of the game."""
    for seed in range(1, soak_only_games + 1):
        driver = play(window, qtbot, monkeypatch, mode, seed)
        assert driver.session.is_over()
        check_routes(driver)
        assert not error_dialogs, (seed, error_dialogs)
        if getattr(window, "end_dialog", None) is not None:
            window.end_dialog.close()
