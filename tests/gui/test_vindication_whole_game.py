"""A whole seeded two-player Vindication game played through the real GUI.

The game is set up in the New Game dialog (opened from File ▸ New Game): Vindication, seat 1 the
heuristic computer, a fixed seed and "Choose the end triggers", so that an end trigger that comes
quickly (every region space holds a tile, or 90 honor) is picked. The human seat 0 then plays only
through widgets: Decision panel buttons, clicks on the board view's viewport and the Actions panel.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from gui.main_window import MainWindow
from gui.widgets import dialogs
from gui.widgets.end_game import EndGameDialog
from tests.gui.test_gestures import deliver_drop, drag_medallion, piece_widget
from tests.gui.vindication_driver import click_space, clickable, fill_new_game_dialog

SEED = 7
QUICK_TRIGGERS = ("E09", "E12")   # every region space holds a tile / a player has 90 honor
MAX_STEPS = 3000
TIME_BUDGET_S = 60.0


@pytest.mark.gui
def test_a_seeded_two_player_game_played_through_the_widgets(window: MainWindow, qtbot, monkeypatch,
                                                             error_dialogs) -> None:
    menus: list[list[str]] = []

    def first_entry(parent, commands, labels=None):  # a click's menu: its first entry
        menus.append(list(commands))
        return commands[0]
    monkeypatch.setattr(dialogs, "choose_command", first_entry)
    done: list[bool] = []
    QTimer.singleShot(0, lambda: fill_new_game_dialog(window, qtbot, done, seed=SEED,
                                                      options={"choose_end_triggers": True}))
    window.action_collection.new_game.trigger()     # File ▸ New Game: exec() returns once Start is pressed
    assert done and not error_dialogs
    session = window.session
    assert session.has_game() and session.seat_kinds() == ("human", "bot:heuristic")
    match = session._match
    assert match.config.seed == SEED and dict(match.config.options).get("choose_end_triggers") is True

    def human_to_play() -> bool:
        return session.is_over() or 0 in session.deciders()

    started, steps = time.monotonic(), 0
    dragged: list[str] = []                 # what was played by drag and drop
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
            if "rest" not in dragged and "influence" in session.drag_targets("potential"):
                # once, instead of a visit: rest by dragging a block from potential up to influence
                assert deliver_drop(piece_widget(window, "influence"), "potential")
                dragged.append("rest")
            elif visits:
                tried.add((played, visits[0]))
                click_space(window, qtbot, visits[0])
            elif moves and played % 2:
                tried.add((played, moves[0]))
                drag_medallion(window, [moves[0]])   # every other walk: the medallion dragged there
                dragged.append(moves[0])
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
    assert len(dragged) >= 3 and "rest" in dragged, dragged

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
    # the whole game's win chances under the scores: the positions that went by too fast are
    # estimated once the game is over (replayed on the worker), and the end screen draws them
    qtbot.waitUntil(lambda: len(session.win_chances()["x"]) > 10 and dialog.chance_plot is not None, timeout=60_000)
    chances = session.win_chances()
    assert chances["x"][0] == 0 and chances["x"][-1] == len(match.commands)
    final = [values[-1] for values in chances["series"].values()]
    assert final == [100.0 if seat in outcome.winners else 0.0 for seat in range(2)]
    assert dialog.chance_plot is not None and dialog.chance_plot.isVisible()
    assert dialog.chance_plot.objectName() == "win_chance_plot"
    assert len(dialog.chance_plot.getPlotItem().listDataItems()) == 2
    shots = Path(__file__).resolve().parents[2] / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(shots / "end_screen_win_chances.png"))
    played_by_human = {c.verb for c in match.commands if c.seat == 0}
    assert {"answer", "move", "visit", "end_turn"} <= played_by_human, played_by_human
    assert not error_dialogs
