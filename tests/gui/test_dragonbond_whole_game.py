"""Seeded Dragonbond games played through the real GUI from the New Game dialog: one human against
three AI characters; two humans and two AI characters (hand-over screens between the two people);
one human against a computer seat and two AI characters.

Every decision of a human seat is picked by that seat's heuristic bot from the seat's own view,
then given only by gestures (tests/gui/table_driver.py): a card of the Hand dock dropped on (or
clicked, then) the command stack, a figure or a unit on the map carried to (or clicked, then) a
region, a unit of the pool dropped on a region, a market or Vaala card clicked; buttons only for
what names nothing to touch (a pass, counter or retreat, a number of units). The driver checks that
each command the match records is the one meant.

By default each setting plays a seeded prefix (a few seconds), and one game (a human against the
computer seat, the quickest setting to play) goes on to the end screen; with --soak-games N every
setting plays seeds 1..N to the end screen.
"""
from __future__ import annotations

import pytest

from engine.core import Command
from gui.main_window import MainWindow
from gui.widgets.end_game import EndGameDialog
from tests.gui.table_driver import TableDriver, start_from_dialog

# setting -> (mode, the seats' kinds)
SETTINGS = {"humans1": ("humans1", ("human",)),
            "humans2": ("humans2", ("human", "human")),
            "humans2-computer": ("humans2", ("human", "bot:heuristic"))}
PREFIX = 40                  # human commands of a default-run game
ROUTES = {"click", "drag", "panel", "choice", "menu"}
CHARACTERS = {"elyse": "Elyse", "nagasha": "Nagasha", "adrael": "Adrael", "ferellon": "Ferellon"}


def play(window: MainWindow, qtbot, monkeypatch, setting: str, seed: int,
         limit: int | None = None) -> TableDriver:
    mode, seats = SETTINGS[setting]
    start_from_dialog(window, qtbot, game="dragonbond", mode=mode, seats=seats, seed=seed,
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


def check_end_screen(window: MainWindow, qtbot, driver: TableDriver) -> None:
    """The end screen is up: one column per character (the AI's too) named with the seat that
    played it, the winners starred, the reason given and the power plot drawn."""
    qtbot.waitUntil(lambda: isinstance(window.end_dialog, EndGameDialog) and window.end_dialog.isVisible(),
                    timeout=10_000)
    session, data = window.session, driver.match.state.data
    assert driver.match.state.is_terminal() and data["phase"] == "over"
    scores = session.final_scores()
    assert scores is not None
    seating, humans, end = data["seating"], data["humans"], data["end"]
    assert len(scores["seats"]) == len(seating) == 4
    for title, character in zip(scores["seats"], seating):
        assert CHARACTERS[character] in title
        seat = humans.index(character) if character in humans else None
        assert (f"({session.seat_name(seat)})" in title) if seat is not None else title.endswith("(AI)"), title
    assert sorted(scores["winners"]) == sorted(seating.index(ch) for ch in end["winners"])
    dialog = window.end_dialog
    assert [dialog.table.item(0, c).text() for c in range(4)] == [str(end["power"][ch]) for ch in seating]
    assert ("Power goal reached" if end["why"] == "power_goal" else "The event deck is empty") in dialog.summary.text()
    assert dialog.plot is not None and len(session.progress_plot()["series"]) == 4


def test_a_game_against_the_computer_from_the_new_game_dialog_to_the_end_screen(
        window: MainWindow, qtbot, monkeypatch, error_dialogs) -> None:
    """1 human against a computer seat and 2 AI characters, to the end screen."""
    driver = play(window, qtbot, monkeypatch, "humans2-computer", seed=6)
    check_end_screen(window, qtbot, driver)
    check_routes(driver)
    assert driver.tally.bots > 0 and driver.tally.answers
    assert driver.tally.touches["drag board piece -> board space"], driver.tally.touches   # a figure carried
    assert {int(command.split(":")[0]) for command, _how in driver.log} == {0}    # the person only
    assert not error_dialogs, error_dialogs


@pytest.mark.parametrize("setting,seed", [("humans1", 2), ("humans2", 3), ("humans2-computer", 1)])
def test_a_game_begins_by_gestures(window: MainWindow, qtbot, monkeypatch, error_dialogs,
                                   setting: str, seed: int) -> None:
    driver = play(window, qtbot, monkeypatch, setting, seed, limit=PREFIX)
    assert driver.tally.total() == PREFIX or driver.session.is_over()
    check_routes(driver)
    assert driver.tally.answers, "no decision of the execution was given"
    people = {int(command.split(":")[0]) for command, _how in driver.log}
    if setting == "humans2":
        assert people == {0, 1}                      # both people played
    if setting == "humans2-computer":
        assert people == {0} and driver.tally.bots > 0
    assert not error_dialogs, error_dialogs


@pytest.mark.soak
@pytest.mark.parametrize("setting", list(SETTINGS))
def test_whole_games(window: MainWindow, qtbot, monkeypatch, error_dialogs, soak_only_games: int,
                     setting: str) -> None:
    """--soak-games N: seeds 1..N, each from the New Game dialog to the end screen."""
    for seed in range(1, soak_only_games + 1):
        driver = play(window, qtbot, monkeypatch, setting, seed)
        check_end_screen(window, qtbot, driver)
        check_routes(driver)
        assert not error_dialogs, (seed, error_dialogs)
        window.end_dialog.close()
