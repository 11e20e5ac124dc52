"""A whole seeded two-player Vindication game played through the real GUI.

The game is set up in the New Game dialog (opened from File ▸ New Game): Vindication, seat 1 the
heuristic computer, a fixed seed and "Choose the end triggers", so that an end trigger that comes
quickly (every region space holds a tile, or 90 honor) is picked. The human seat 0 then plays only
through widgets: Decision panel buttons, clicks on the board view's viewport and the Actions panel.
"""
from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QDialogButtonBox

from gui.main_window import MainWindow
from gui.widgets import dialogs
from gui.widgets.end_game import EndGameDialog
from gui.widgets.new_game_dialog import NewGameDialog

SEED = 7
QUICK_TRIGGERS = ("E09", "E12")   # every region space holds a tile / a player has 90 honor
MAX_STEPS = 3000
TIME_BUDGET_S = 60.0


def fill_new_game_dialog(window: MainWindow, qtbot, done: list[bool]) -> None:
    """Runs inside the dialog's exec(): choose everything with the widgets, press Start Game."""
    dialog = window.findChild(NewGameDialog)
    assert dialog is not None and dialog.isVisible()
    ids = [dialog.game_list.item(r).data(Qt.ItemDataRole.UserRole) for r in range(dialog.game_list.count())]
    dialog.game_list.setCurrentRow(ids.index("vindication"))
    dialog.mode_combo.setCurrentIndex(dialog.mode_combo.findData("standard"))
    dialog.players_spin.setValue(2)
    human = dialog.findChild(QComboBox, "seat_combo_0")
    bot = dialog.findChild(QComboBox, "seat_combo_1")
    human.setCurrentIndex(human.findData("human"))
    bot.setCurrentIndex(bot.findData("bot:heuristic"))
    assert bot.currentData() == "bot:heuristic"
    dialog.seed_edit.clear()
    qtbot.keyClicks(dialog.seed_edit, str(SEED))
    choose = dialog.findChild(QCheckBox, "option_choose_end_triggers")
    choose.setChecked(True)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    done.append(True)


def space_point(window: MainWindow, space: str):
    """A viewport point inside ``space``'s shape (its corners' centroid), after centring on it."""
    view = window.board_view
    item = view.item_for_space(space)
    view.centerOn(item)
    polygon = item.mapToScene(item.path().toFillPolygon())
    points = [polygon.at(i) for i in range(polygon.count())]
    if len(points) > 1 and points[0] == points[-1]:
        points = points[:-1]
    centre = QPointF(sum(p.x() for p in points) / len(points), sum(p.y() for p in points) / len(points))
    return view.mapFromScene(centre)


def click_space(window: MainWindow, qtbot, space: str) -> None:
    at = space_point(window, space)
    assert window.board_view.space_at(at) == space
    qtbot.mouseClick(window.board_view.viewport(), Qt.MouseButton.LeftButton, pos=at)


def clickable(window: MainWindow, shape: str) -> list[str]:
    """Highlighted spaces of ``shape`` where a click plays something."""
    view, session = window.board_view, window.session
    found = []
    for space in sorted(session.active_spaces()):
        item = view.item_for_space(space)
        if item.shape_kind != shape or not item.active:
            continue
        if session.legal_for_space(space):
            found.append(space)
    return found


@pytest.mark.gui
def test_a_seeded_two_player_game_played_through_the_widgets(window: MainWindow, qtbot, monkeypatch,
                                                             error_dialogs) -> None:
    menus: list[list[str]] = []

    def first_entry(parent, commands, labels=None):  # a click's menu: its first entry
        menus.append(list(commands))
        return commands[0]
    monkeypatch.setattr(dialogs, "choose_command", first_entry)
    done: list[bool] = []
    QTimer.singleShot(0, lambda: fill_new_game_dialog(window, qtbot, done))
    window.action_collection.new_game.trigger()     # File ▸ New Game: exec() returns once Start is pressed
    assert done and not error_dialogs
    session = window.session
    assert session.has_game() and session.seat_kinds() == ("human", "bot:heuristic")
    match = session._match
    assert match.config.seed == SEED and dict(match.config.options).get("choose_end_triggers") is True

    def human_to_play() -> bool:
        return session.is_over() or 0 in session.deciders()

    started, steps = time.monotonic(), 0
    tried: set[tuple[int, str]] = set()     # (commands played so far, what) already attempted
    while not session.is_over():
        steps += 1
        assert steps < MAX_STEPS and time.monotonic() - started < TIME_BUDGET_S, "the game does not end"
        assert not error_dialogs, error_dialogs
        qtbot.waitUntil(human_to_play, timeout=20_000)
        if session.is_over():
            break
        played = len(match.commands)
        choices = window.choice_dock
        if choices.is_asking():
            buttons = choices.buttons
            quick = [b for b in buttons if any(t in str(b.property("command")) for t in QUICK_TRIGGERS)]
            qtbot.mouseClick((quick or buttons)[0], Qt.MouseButton.LeftButton)
        else:
            actions = window.actions_dock
            assert actions.isEnabled()
            moves = [s for s in clickable(window, "triangle") if (played, s) not in tried]
            visits = [s for s in clickable(window, "hex") if (played, s) not in tried]
            activate = [b for b in actions.buttons if str(b.property("command")).split()[1:2] == ["activate"]
                        and (played, "activate") not in tried]
            end = actions.button_for("end_turn")
            if visits:
                tried.add((played, visits[0]))
                click_space(window, qtbot, visits[0])
            elif moves:
                tried.add((played, moves[0]))
                click_space(window, qtbot, moves[0])
            elif activate:
                tried.add((played, "activate"))
                qtbot.mouseClick(activate[0], Qt.MouseButton.LeftButton)
            elif end is not None:
                qtbot.mouseClick(end, Qt.MouseButton.LeftButton)
            else:
                pytest.fail(f"nothing to click: {[str(c) for c in match.state.legal(0)][:8]}")
        # a click plays at once (or the choice is refused and recorded): let the GUI catch up
        QApplication.processEvents()
    assert all(menus), "a click opened an empty menu"

    qtbot.waitUntil(lambda: isinstance(window.end_dialog, EndGameDialog) and window.end_dialog.isVisible(),
                    timeout=10_000)
    dialog = window.end_dialog
    scores = session.final_scores()
    outcome = match.state.outcome
    assert scores is not None and scores["totals"] == list(outcome.scores)
    totals = dict(scores["categories"])["total"]
    assert totals == scores["totals"]
    for seat in range(2):
        assert dialog.value("total", seat) == f"{totals[seat]:g}"
    played_by_human = {c.verb for c in match.commands if c.seat == 0}
    assert {"answer", "move", "visit", "end_turn"} <= played_by_human, played_by_human
    assert not error_dialogs
