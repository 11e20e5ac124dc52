"""Answers that differ only in numbers are one row of spin boxes, not a button per number (issue
step 9: how many units approach or move is a spin box per unit type): Dragonbond played through the
panels reaches such a decision, the row offers exactly the legal numbers, and Confirm (or Enter)
plays the answer holding the chosen ones."""
from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt

from gui.controller.types import AmountChoice, NewGameConfig
from gui.main_window import MainWindow
from gui.widgets.choice_panel import AmountRow, AmountSpin

TARGETS = ("icon_move_pieces", "attack_approach")


def start(window: MainWindow, seed: int) -> None:
    """One human (Elyse) against the AI characters the engine runs."""
    assert window.start_game(NewGameConfig("dragonbond", 1, "humans1", ("human",), {"characters": "in_order"}, seed))
    if window.central_stack.currentWidget() is window.handover_screen:
        window.handover_screen.ready_button.click()


def panel_moves(window: MainWindow, qtbot) -> dict[str, Callable[[], None]]:
    """Every command the panels offer now, with the clicks that give it."""
    moves: dict[str, Callable[[], None]] = {}
    dock = window.choice_dock
    for button in dock.buttons:
        moves[str(button.property("command"))] = lambda b=button: qtbot.mouseClick(b, Qt.MouseButton.LeftButton)
    for row in dock.amount_rows:
        for numbers, _, command in row.choice.choices:
            def confirm(r: AmountRow = row, n: tuple[int, ...] = numbers) -> None:
                r.set_numbers(n)
                qtbot.mouseClick(r.confirm_button, Qt.MouseButton.LeftButton)
            moves[command] = confirm
    if window.actions_dock.isEnabled():
        for button in window.actions_dock.buttons:
            if button.isEnabled():
                moves[str(button.property("command"))] = (
                    lambda b=button: qtbot.mouseClick(b, Qt.MouseButton.LeftButton))
    return moves


def play_until_a_row(window: MainWindow, qtbot, pick: Callable[[list[str]], str],
                     kinds: tuple[str, ...] = TARGETS, limit: int = 60) -> None:
    """Click through the panels (``pick`` chooses among the commands they offer) until a decision
    of ``kinds`` shows a row of numbers; every legal command of the viewer is on a panel."""
    session = window.session
    for _ in range(limit):
        qtbot.waitUntil(lambda: session.is_over() or 0 in session.deciders(), timeout=10_000)
        assert not session.is_over(), "the game ended before a decision of numbers"
        if session._require().state.prompt.kind in kinds and window.choice_dock.amount_rows:
            return
        moves = panel_moves(window, qtbot)
        legal = sorted(str(c) for c in session._viewer_legal())
        assert sorted(moves) == legal, "a legal command is on no panel"
        moves[pick(sorted(moves))]()
    pytest.fail("no decision of numbers within the limit")


def first(commands: list[str]) -> str:
    return commands[0]


def test_a_staged_move_asks_each_units_number_with_one_spin_box(window: MainWindow, qtbot, error_dialogs):
    start(window, 3)
    play_until_a_row(window, qtbot, first)
    session, dock = window.session, window.choice_dock
    match = session._require()
    legal = [str(c) for c in match.state.legal()]
    assert match.state.prompt.kind == "icon_move_pieces" and len(legal) >= 2
    row, = dock.amount_rows
    qtbot.waitUntil(row.isVisible)              # shown with the panel
    assert dock.buttons == [] and dock.isVisible()
    spin, = row.spins
    assert [n for n, _, _ in row.choice.choices] == [(k,) for k in spin.values]
    assert (spin.minimum(), spin.maximum()) == (spin.values[0], spin.values[-1])
    assert row.title.text() in ("Infantry", "Cavalry", "Ranged")
    assert "Enter confirms" in spin.toolTip() and "move" in spin.toolTip()
    assert row.confirm_button.text() == "Confirm"
    assert "Notation: answer" in row.confirm_button.toolTip()
    before = len(match.history)
    spin.setValue(spin.maximum())
    wanted = row.confirm_button.property("command")
    assert wanted == next(c for n, _, c in row.choice.choices if n == (spin.maximum(),)) and wanted in legal
    qtbot.mouseClick(row.confirm_button, Qt.MouseButton.LeftButton)
    assert str(match.history[before].command) == wanted
    assert not error_dialogs, error_dialogs


def test_enter_in_the_spin_box_confirms_the_number_shown(window: MainWindow, qtbot, error_dialogs):
    start(window, 3)
    play_until_a_row(window, qtbot, first)
    match = window.session._require()
    row = window.choice_dock.amount_rows[0]
    spin = row.spins[0]
    qtbot.waitUntil(spin.isVisible)
    window.activateWindow()
    window.choice_dock.focus_first()            # Next prompt: the keyboard lands in the spin box
    qtbot.waitUntil(spin.hasFocus)
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert spin.value() == spin.values[1]
    shown = row.confirm_button.property("command")
    before = len(match.history)
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert len(match.history) > before and str(match.history[before].command) == shown
    assert not error_dialogs, error_dialogs


def test_an_approach_is_a_row_and_the_panel_shows_fewer_buttons_than_answers(window: MainWindow, qtbot,
                                                                               error_dialogs):
    rng = random.Random(7)
    start(window, 7)
    play_until_a_row(window, qtbot, rng.choice, kinds=("attack_approach",))
    match = window.session._require()
    legal = [str(c) for c in match.state.legal()]
    dock = window.choice_dock
    shown = len(dock.buttons) + len(dock.amount_rows)
    assert shown < len(legal)                   # one row in place of a button per number
    row, = dock.amount_rows
    assert row.title.text().startswith("From ")
    spin = row.spins[0]
    before = len(match.history)
    spin.setValue(spin.values[-1])
    wanted = row.confirm_button.property("command")
    assert wanted in legal and wanted.endswith(f".{spin.values[-1]}")
    qtbot.mouseClick(row.confirm_button, Qt.MouseButton.LeftButton)
    assert str(match.history[before].command) == wanted
    assert not error_dialogs, error_dialogs


def test_changing_one_number_of_a_row_moves_the_others_to_the_nearest_answer(qtbot):
    """Losing 2 units among infantry and ranged: raising one lowers the other."""
    choice = AmountChoice("Lose", "", ("Infantry", "Ranged"), (
        ((2, 0), "Lose 2 infantry", "0: answer lose/infantry.2"),
        ((1, 1), "Lose 1 infantry + 1 ranged", "0: answer lose/infantry.1+ranged.1"),
        ((0, 2), "Lose 2 ranged", "0: answer lose/ranged.2")))
    row = AmountRow(choice, lambda label, command: label)
    qtbot.addWidget(row)
    chosen: list[str] = []
    row.chosen.connect(chosen.append)
    infantry, ranged = row.spins
    assert (infantry.value(), ranged.value()) == (2, 0)
    ranged.setValue(1)
    assert (infantry.value(), ranged.value()) == (1, 1)
    assert row.confirm_button.toolTip() == "Lose 1 infantry + 1 ranged"
    ranged.stepBy(1)
    assert (infantry.value(), ranged.value()) == (0, 2)
    row.confirm_button.click()
    assert chosen == ["0: answer lose/ranged.2"]


def test_a_spin_box_steps_over_numbers_no_answer_holds(qtbot):
    spin = AmountSpin([0, 2, 5])
    qtbot.addWidget(spin)
    spin.stepBy(1)
    assert spin.value() == 2
    spin.stepBy(2)
    assert spin.value() == 5
    spin.stepBy(-1)
    assert spin.value() == 2
    choice = AmountChoice("Cavalry", "", ("Cavalry",), (((0,), "0", "a"), ((2,), "2", "b"), ((5,), "5", "c")))
    row = AmountRow(choice, lambda label, command: command)
    qtbot.addWidget(row)
    row.spins[0].setValue(4)                   # typed: the nearest number an answer holds
    assert row.spins[0].value() == 5 and row.confirm_button.property("command") == "c"


def test_a_row_speaks_chinese_after_the_language_changes(window: MainWindow, qtbot, error_dialogs):
    start(window, 3)
    play_until_a_row(window, qtbot, first)
    window.set_language("zh_TW")
    qtbot.waitUntil(lambda: window.choice_dock.amount_rows[0].confirm_button.text() == "確認")
    row = window.choice_dock.amount_rows[0]
    assert row.title.text() in ("步兵", "騎兵", "遠程")            # the game's words, rebuilt in Chinese
    assert "按 Enter 確認" in row.spins[0].toolTip() and "記譜：" in row.confirm_button.toolTip()
    window.set_language("en")
    qtbot.waitUntil(lambda: window.choice_dock.amount_rows[0].confirm_button.text() == "Confirm")
    assert not error_dialogs, error_dialogs
